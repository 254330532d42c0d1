"""Session: legality, undo/redo up to the last die roll or draw, per-viewer logs, replays."""

import random

import pytest

from engine.core.actions import DiceRolled, IllegalActionError
from engine.core.dice import ScriptedDice
from engine.core.session import Session
from toygame.rules import Attack, EndTurn, Move
from toygame.testing import BOARD, make_session


def test_play_records_player_and_events():
    s = make_session()
    s.play(Move("b1", -1, 1))
    assert s.history[-1].player == "blue"
    assert s.state.pieces["b1"].hex.q == -1


def test_illegal_action_is_refused_with_reason_and_state_untouched():
    s = make_session()
    before = s.state_hash()
    with pytest.raises(IllegalActionError, match="belongs to the other side"):
        s.play(Move("r1", 1, -1))
    assert s.state_hash() == before and not s.history


def test_undo_and_redo_own_move():
    s = make_session()
    start = s.state_hash()
    s.play(Move("b1", -1, 1))
    moved = s.state_hash()
    assert s.can_undo()
    s.undo()
    assert s.state_hash() == start and not s.history
    assert s.can_redo()
    s.redo()
    assert s.state_hash() == moved and not s.can_redo()


def test_new_action_clears_redo():
    s = make_session()
    s.play(Move("b1", -1, 1))
    s.undo()
    s.play(Move("b2", -1, 2))
    assert not s.can_redo()


def test_undo_stops_at_a_die_roll():
    close = [dict(p, q=-1, r=1) if p["id"] == "r1" else p for p in BOARD["pieces"]]
    s = make_session(dice=ScriptedDice([2]), pieces=close)
    s.play(Move("b2", -1, 2))
    s.play(Attack("b1", "r1"))
    assert any(isinstance(e, DiceRolled) for e in s.history[-1].events)
    assert not s.can_undo()
    assert "die roll" in s.undo_barrier_reason()
    with pytest.raises(IllegalActionError):
        s.undo()


def test_undo_refuses_the_other_sides_action():
    s = make_session()
    s.play(Move("b1", -1, 1))
    # ending the turn draws a card for red: a barrier, and red did not take it anyway
    s.play(EndTurn())
    assert not s.can_undo()


def test_log_hides_other_sides_draws():
    s = make_session()
    s.play(EndTurn())  # red draws an order card
    red_card = s.state.hands["red"][0]
    red_lines = [e.text for _, e in s.log("red")]
    blue_lines = [e.text for _, e in s.log("blue")]
    public = [e.text for _, e in s.log(None)]
    assert any(red_card in t for t in red_lines)
    assert not any(red_card in t for t in blue_lines + public)
    assert any(t == "Red draws an order card" for t in blue_lines)


def test_state_at_rebuilds_earlier_positions_across_checkpoints():
    s = make_session(seed=3, max_turns=100)
    hashes = [s.state_hash()]
    rng = random.Random(0)
    while len(s.history) < 150 and s.result() is None:
        s.play(rng.choice([a for a in s.legal_actions() if not isinstance(a, Attack)]))
        hashes.append(s.state_hash())
    for n in (0, 1, 63, 64, 65, 100, len(s.history)):
        assert s.rules.state_hash(s.state_at(n)) == hashes[n]
    s.rewind(70)
    assert s.state_hash() == hashes[70] and len(s.history) == 70


def test_lazy_checkpoints_give_the_same_positions_and_are_kept_once_built():
    """A playout's session copies no state while it plays; looking back rebuilds the same
    positions and keeps the copies it passed, so a second look back replays little."""
    eager = make_session(seed=3, max_turns=100)
    lazy = Session(eager.rules, eager.scenario, eager.seed, lazy_checkpoints=True)
    rng = random.Random(0)
    hashes = [eager.state_hash()]
    while len(eager.history) < 150 and eager.result() is None:
        action = rng.choice([a for a in eager.legal_actions() if not isinstance(a, Attack)])
        eager.play(action)
        lazy.play(action)
        hashes.append(eager.state_hash())
    assert lazy.state_hash() == hashes[-1]
    assert sorted(lazy._checkpoints) == [0]
    assert lazy.rules.state_hash(lazy.state_at(130)) == hashes[130]
    assert sorted(lazy._checkpoints) == [0, 64, 128]
    for n in (0, 1, 63, 64, 65, 100, len(lazy.history)):
        assert lazy.rules.state_hash(lazy.state_at(n)) == hashes[n]
    lazy.rewind(70)
    assert lazy.state_hash() == hashes[70] and sorted(lazy._checkpoints) == [0, 64]


class _Unchecked:
    """The toy game's rules with an `apply_legal` that records what it was given."""

    def __init__(self, rules):
        self._rules = rules
        self.unchecked = []

    def __getattr__(self, name):
        return getattr(self._rules, name)

    def apply_legal(self, state, action):
        self.unchecked.append(action)
        return self._rules.apply(state, action)


def test_only_an_action_taken_from_the_legal_list_skips_the_check():
    """A headless playout without checks applies the agent's pick unchecked only when it is
    one of the listed actions; anything else still goes through `apply`, which refuses it."""
    from engine.sim import play_to_end

    base = make_session()
    rules = _Unchecked(base.rules)
    s = Session(rules, base.scenario, base.seed)

    class Cheat:
        def choose(self, rules, state, legal):
            return Move("r1", 1, -1)

    with pytest.raises(IllegalActionError):
        play_to_end(s, {"blue": Cheat()}, check=False)
    assert rules.unchecked == []
    s = Session(rules, base.scenario, base.seed)
    s.play(s.legal_actions()[0], check_legal=False, listed=True)
    assert len(rules.unchecked) == 1
    s.play(s.legal_actions()[0], check_legal=False)
    assert len(rules.unchecked) == 1
