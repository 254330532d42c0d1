"""Fresh dice (engine.core.dice.FreshDice): outcomes drawn when they are needed, recorded with
the action that drew them, given back whenever the action is applied again, and saved; seeded
dice unchanged (issue 25)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from engine import plugins
from engine.core.dice import D6, Dice, FreshDice, RecordedRollsError
from engine.core.rebuild import rebuild
from engine.core.saves import SaveError, read_save, restore, save_data, write_save
from engine.core.session import Session
from engine.loading import load_game_scenario

GAMES = ("baler", "filipinas", "guerra")


def played(game: str, actions: int = 150, seed: int = 3, fresh: bool = True) -> Session:
    plugin = plugins.get(game)
    session = Session(plugin.rules, load_game_scenario(plugin), seed, fresh=fresh)
    rng = random.Random(seed)
    while session.result() is None and len(session.history) < actions:
        session.play(rng.choice(session.legal_actions()))
    return session


# --- the dice themselves -------------------------------------------------------------------------

def test_fresh_dice_record_what_they_draw_and_give_it_back():
    dice = FreshDice(source=random.Random(1))
    deck = list(range(10))
    dice.shuffle(deck)
    rolled = dice.roll(3)
    card = dice.deal(deck)
    drawn, left = dice.take()
    assert left == 0 and len(drawn) == 9 + 3 + 1
    again = FreshDice(source=random.Random(99))
    again.replay(drawn)
    other = list(range(10))
    again.shuffle(other)
    assert again.roll(3) == rolled and again.deal(other) == card and other == deck
    assert again.take() == (drawn, 0)
    assert again.state_key() == dice.state_key()


def test_exact_replay_refuses_outcomes_that_do_not_fit_or_run_out():
    dice = FreshDice()
    dice.replay([6])
    with pytest.raises(RecordedRollsError):
        dice.roll_one(D6)  # a d6 has 6 outcomes, 0 to 5
    dice.take()
    dice.replay([])
    with pytest.raises(RecordedRollsError):
        dice.roll_one(D6)


def test_a_loose_replay_goes_on_freshly_when_the_outcomes_stop_fitting():
    dice = FreshDice(source=random.Random(2))
    dice.replay([2, 40, 1], exact=False)
    values = dice.roll(3)
    assert values[0] == 3  # the first fits, the rest are drawn afresh
    drawn, left = dice.take()
    assert drawn[0] == 2 and left == 0


def test_a_copy_shares_the_source_not_the_outcomes():
    dice = FreshDice(source=random.Random(5))
    dice.roll(2)
    twin = copy.deepcopy(dice)
    assert twin.state_key() == dice.state_key()
    assert twin.roll(20) != dice.roll(20)  # one source: a copy never foresees the original
    assert len(twin.take()[0]) == len(dice.take()[0]) == 22


def test_seeded_deal_takes_the_top_of_the_shuffled_deck():
    dice = Dice(4)
    deck = list(range(20))
    dice.shuffle(deck)
    top = deck[-1]
    assert dice.deal(deck) == top and len(deck) == 19


# --- sessions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_fresh_game_is_rebuilt_exactly_from_its_recorded_outcomes(game):
    session = played(game)
    assert session.fresh and any(e.rolls for e in session.history)
    assert all(e.barrier for e in session.history if e.rolls)
    for n in (0, len(session.history) // 3, len(session.history)):
        again = session.state_at(n)
        assert session.rules.state_hash(again) == session.rules.state_hash(
            session.state_at(n))
    assert session.rules.state_hash(session.state_at(len(session.history))) \
        == session.state_hash()


@pytest.mark.parametrize("game", GAMES)
def test_seeded_games_are_unchanged_by_fresh_dice(game):
    first, second = played(game, fresh=False), played(game, fresh=False)
    assert not first.fresh and not any(e.rolls for e in first.history)
    assert first.state_hash() == second.state_hash()
    assert [e.action for e in first.history] == [e.action for e in second.history]


def test_what_drew_an_outcome_cannot_be_undone():
    """Undo steps back only over actions that drew nothing, so no roll is ever made again."""
    session = played("baler", 0)
    rng = random.Random(8)
    while not (session.history and session.history[-1].rolls):
        session.play(rng.choice(session.legal_actions()))
    assert not session.can_undo(session.history[-1].player)


@pytest.mark.parametrize("game", GAMES)
def test_rebuilding_on_unchanged_files_gives_the_same_game(game):
    session = played(game)
    plugin = plugins.get(game)
    rebuilt = rebuild(plugin.rules, session.scenario, session.seed, session.history,
                      fresh=True, setup_rolls=session.setup_rolls)
    assert rebuilt.stop is None
    assert rebuilt.session.state_hash() == session.state_hash()
    assert [e.rolls for e in rebuilt.session.history] == [e.rolls for e in session.history]


# --- saves ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_fresh_save_holds_the_outcomes_drawn_and_restores_the_same_game(game, tmp_path):
    session = played(game)
    path = tmp_path / "game.json"
    write_save(path, session)
    data = json.loads(path.read_text())
    assert data["format"] == 2 and data["dice"] == "fresh"
    assert data["rolls"] == [list(e.rolls) for e in session.history]
    restored = restore(read_save(path), session.rules, session.scenario)
    assert restored.fresh and restored.state_hash() == session.state_hash()
    assert [e.rolls for e in restored.history] == [e.rolls for e in session.history]


def _tampered(session: Session, path: Path, change) -> str:
    data = save_data(session)
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        restore(read_save(path), session.rules, session.scenario)
    return str(err.value)


def test_changed_outcomes_are_refused_in_one_line(tmp_path):
    session = played("baler")
    path = tmp_path / "game.json"
    first = next(i for i, e in enumerate(session.history) if e.rolls)

    def too_big(data):
        data["rolls"][first][0] = 10_000

    def dropped(data):
        data["rolls"][first] = []

    def extra(data):
        data["rolls"][first].append(0)

    def setup(data):
        data["setup_rolls"] = data["setup_rolls"][:-1]

    def shape(data):
        data["rolls"] = data["rolls"][:-1]

    for change, said in ((too_big, "do not fit"), (dropped, "do not fit"),
                         (extra, "do not fit"), (setup, "set-up"), (shape, "'rolls'")):
        message = _tampered(session, path, change)
        assert said in message and "\n" not in message, message


def test_a_format_1_save_still_loads(tmp_path):
    session = played("filipinas", fresh=False)
    data = save_data(session)
    data["format"] = 1
    del data["dice"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    restored = restore(read_save(path), session.rules, session.scenario)
    assert not restored.fresh and restored.state_hash() == session.state_hash()


@pytest.mark.parametrize("entry", [{"dice": "loaded"}, {"setup_rolls": [-1]},
                                   {"rolls": "12"}, {"setup_rolls": [True]},
                                   {"setup_rolls": [2**40]}])
def test_damaged_dice_entries_are_refused(tmp_path, entry):
    session = played("guerra", 20)
    data = {**save_data(session), **entry}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="no valid '(dice|setup_rolls|rolls)' entry"):
        read_save(path)


def test_a_state_set_up_elsewhere_comes_with_its_set_up_outcomes(tmp_path):
    plugin = plugins.get("baler")
    scenario = load_game_scenario(plugin)
    dice = FreshDice(3)
    state = plugin.rules.new_game(scenario, 3, dice)
    setup, _ = dice.take()
    session = Session(plugin.rules, scenario, 3, state=state, setup_rolls=setup)
    assert session.fresh and session.setup_rolls == setup
    rng = random.Random(3)
    while len(session.history) < 30:
        session.play(rng.choice(session.legal_actions()))
    path = tmp_path / "game.json"
    write_save(path, session)
    assert restore(read_save(path), plugin.rules, scenario).state_hash() == session.state_hash()
