"""Heroes of Baler's levels of play: what is hidden from a side changes nothing it chooses, a
short Normal-against-Easy game ends legally, and the incursion defender keeps its morale."""

from __future__ import annotations

import random

import pytest
from baler_fixtures import RULES, scenario
from baler_hidden import hidden_twin
from baler_hidden import position as shared_position

from baler import PLUGIN
from baler.ai import BalerAgent, easy
from baler.ai.value import evaluate
from baler.rules.actions import Done, ModifyDie
from baler.rules.dicepool import dice_in_play
from baler.rules.hidden import determinize
from baler.rules.state import BalerState, Side
from engine.ai.agent import Seat
from engine.ai.observation import observe
from engine.ai.registry import make_agent
from engine.ai.search import Budget, Search, Settings
from engine.core.session import Session
from engine.sim import playout

SMALL = Budget(seconds=None, iterations=3)


def position(seed: int, actions: int) -> Session:
    return shared_position(RULES, scenario(), seed, actions)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", [3, 8])
def test_what_is_hidden_from_the_side_does_not_change_its_choice(level: str, seed: int) -> None:
    session = position(seed, 40)
    st = session.state
    side = Side(st.decision.player)
    twin = hidden_twin(st, side)
    assert RULES.state_hash(twin) != RULES.state_hash(st)
    assert RULES.view(twin, side.value) == RULES.view(st, side.value)
    legal = RULES.legal_actions(st)
    choices = [make_agent(PLUGIN, level, side.value, 5, SMALL).choose(RULES, s, legal)
               for s in (st, twin)]
    assert choices[0] == choices[1]


def test_a_determinization_depends_only_on_the_view() -> None:
    st = position(4, 60).state
    side = Side(st.decision.player)
    twin = hidden_twin(st, side)
    drawn = [determinize(s, side.value, random.Random(11)) for s in (st, twin)]
    assert RULES.state_hash(drawn[0]) == RULES.state_hash(drawn[1])
    assert RULES.view(drawn[0], side.value) == RULES.view(st, side.value)
    assert not RULES.check_invariants(drawn[0])
    other = determinize(st, side.value, random.Random(12))
    assert RULES.state_hash(other) != RULES.state_hash(drawn[0])
    assert sorted(other.hands[side.enemy] + other.decks[side.enemy]) == sorted(
        st.hands[side.enemy] + st.decks[side.enemy])


def test_a_short_normal_game_against_easy_ends_legally() -> None:
    settings = Settings(horizon=4)
    agents = {
        "spanish": Seat(Search(BalerAgent, evaluate, "spanish", 1, SMALL, settings), "spanish"),
        "philippine": easy("philippine", 1),
    }
    session = playout(PLUGIN, scenario(), 1, agents, check=True)
    assert session.result() is not None
    normal = agents["spanish"].decider
    assert isinstance(normal, Search) and normal.times
    # 3 iterations a tree, none where one answer alone changes anything
    assert len(normal.simulations) == len(normal.times) and set(normal.simulations) <= {0, 6}
    assert 0 <= normal.switched <= len(normal.times)
    assert agents["spanish"].last_reason and agents["spanish"].last_detail


def incursion_defence_without_attacker_success() -> tuple[BalerState, list]:
    """The first incursion of seed 2 where the defender may spend morale on +1 although the
    attacker rolled no success (found by playing the heuristics)."""
    session = Session(RULES, scenario(), 2)
    agents = {s: BalerAgent(s, 2) for s in RULES.sides}
    while session.result() is None:
        st, legal = session.state, session.legal_actions()
        table = dice_in_play(st) if st.decision.kind == "modify-dice" else None
        if table and table["kind"] == "incursion" and table["attacker"] != st.decision.player:
            att = next(p for p in table["pools"] if p["side"] == table["attacker"])
            spend = ModifyDie(0, "plus1", "morale")
            if not any(v in (5, 6) for v in att["values"]) and spend in legal:
                return st, legal
        session.play(agents[st.decision.player].choose(RULES, st, legal))
    raise AssertionError("no such incursion in the game")


def test_the_incursion_defender_keeps_its_morale_when_the_attacker_has_no_success() -> None:
    st, legal = incursion_defence_without_attacker_success()
    side = st.decision.player
    assert any(isinstance(a, ModifyDie) and a.source == "morale" for a in legal)
    assert BalerAgent(side, 0).choose(RULES, st, legal) == Done()
    assert easy(side, 0).choose(RULES, st, legal) == Done()


def test_the_search_does_not_begin_an_iteration_that_would_end_past_its_deadline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a clock that moves 0.3 s an iteration and at nothing else, a tree given until 1.0 s
    runs three iterations (0.9 s) and does not begin a fourth, which would end at 1.2 s."""
    from engine.ai import tree as trees

    now = [0.0]
    monkeypatch.setattr(trees.time, "monotonic", lambda: now[0])
    iterate = trees.Tree.iterate

    def slow(self: trees.Tree) -> None:
        now[0] += 0.3
        iterate(self)

    monkeypatch.setattr(trees.Tree, "iterate", slow)
    st = position(3, 40).state
    side = st.decision.player
    observation = observe(RULES, st, RULES.legal_actions(st))
    assert observation.sampler is not None
    job = trees.Job(RULES, side, observation.sampler, observation.legal, BalerAgent, evaluate,
                    Settings(horizon=2), 5, None, 1.0)
    assert trees.grow(job).iterations == 3 and now[0] == pytest.approx(0.9)
