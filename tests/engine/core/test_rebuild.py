"""A game rebuilt on reloaded scenario files (F5): the same seed and actions give the same
position; the first action the changed files no longer allow stops the replay, named."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine import plugins
from engine.core.rebuild import RebuildError, rebuild
from engine.core.session import Session
from engine.loading import load_game_scenario
from toygame import PLUGIN
from toygame.rules import EndTurn, Move

SKIRMISH = Path(PLUGIN.scenarios_dir)
OPENING = (Move("b1", -1, 1), EndTurn(), Move("r1", 1, -1), EndTurn(), Move("b1", 0, 1))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the Skirmish scenario a test may edit."""
    shutil.copytree(SKIRMISH, tmp_path / "skirmish")
    return tmp_path / "skirmish"


def edit(folder: Path, old: str, new: str) -> None:
    board = folder / "board.yaml"
    text = board.read_text()
    assert old in text
    board.write_text(text.replace(old, new))


def played(folder: Path, seed: int = 7) -> Session:
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), seed)
    for action in OPENING:
        session.play(action)
    return session


def test_unchanged_files_give_the_same_position(folder):
    old = played(folder)
    new = rebuild(PLUGIN.rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), old.seed,
                  old.history)
    assert new.stop is None and new.replayed == new.total == len(OPENING)
    assert new.session.state_hash() == old.state_hash()
    assert [e.action for e in new.session.history] == list(OPENING)
    assert new.session is not old and len(old.history) == len(OPENING)


def test_a_number_change_stops_at_the_action_it_makes_illegal(folder):
    old = played(folder)
    edit(folder, "  - [0, 0]\n", "  - [0, 0]\n  - [1, -1]\n")  # r1's destination blocked
    new = rebuild(PLUGIN.rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), old.seed,
                  old.history)
    assert new.stop is not None
    assert new.stop.number == 3 and new.stop.entry.action == Move("r1", 1, -1)
    assert new.stop.entry.player == "red" and new.stop.decider == "red"
    assert new.stop.reason == "A piece moves one hex, onto a free board hex."
    assert new.stop.section == "Skirmish 2"
    assert new.replayed == 2 and new.total == 5
    # the game goes on from there, undo included
    session = new.session
    assert session.decision.player == "red"
    session.play(Move("r1", 2, 0))
    assert session.can_undo()
    session.undo()
    assert len(session.history) == 2


def test_a_change_of_who_decides_is_named(folder):
    old = played(folder)
    # one turn only: blue's second move comes after the end of the game
    edit(folder, "max_turns: 6", "max_turns: 1")
    new = rebuild(PLUGIN.rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), old.seed,
                  old.history)
    assert new.stop is not None and new.stop.number == 5
    assert new.stop.decider is None
    assert new.stop.reason == "the game is already over at that point"
    assert new.session.result() is not None


def test_a_scenario_the_rules_cannot_set_up_is_one_error(folder):
    old = played(folder)
    scenario = load_game_scenario(PLUGIN, folder / "basic.yaml")
    broken = dict(scenario.documents)
    broken["board"] = {**broken["board"], "pieces": [{"id": "b1"}]}
    with pytest.raises(RebuildError, match="cannot be set up from the changed files"):
        rebuild(PLUGIN.rules, type(scenario)(**{**_fields(scenario), "documents": broken}),
                old.seed, old.history)


def _fields(scenario):
    return {name: getattr(scenario, name) for name in scenario.__slots__}


class Fragile:
    """The Skirmish rules, except that applying a move to (0, 1) fails half-way."""

    def __init__(self) -> None:
        self.inner = PLUGIN.rules

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def apply(self, state, action):
        if action == Move("b1", 0, 1):
            state.turn = 99  # a change the failure leaves behind
            raise KeyError("no such hex")
        return self.inner.apply(state, action)


def test_an_action_the_rules_fail_on_stops_with_a_clean_state(folder):
    old = played(folder)
    rules = Fragile()
    new = rebuild(rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), old.seed,
                  old.history)
    assert new.stop is not None and new.stop.number == 5
    assert "KeyError" in new.stop.reason
    assert new.session.state.turn == 2 and new.replayed == 4


@pytest.mark.parametrize("game", ["baler", "filipinas", "guerra"])
def test_each_game_rebuilds_an_unchanged_scenario_to_the_same_hash(game):
    plugin = plugins.get(game)
    session = Session(plugin.rules, load_game_scenario(plugin), 11)
    pick = random.Random(5)
    for _ in range(40):
        legal = session.legal_actions()
        if not legal:
            break
        session.play(pick.choice(legal))
    new = rebuild(plugin.rules, load_game_scenario(plugin), 11, session.history)
    assert new.stop is None and new.replayed == len(session.history) > 10
    assert new.session.state_hash() == session.state_hash()


def test_the_old_game_is_never_changed(folder):
    old = played(folder)
    before = old.state_hash()
    edit(folder, "  - [0, 0]\n", "  - [0, 0]\n  - [1, -1]\n")
    rebuild(PLUGIN.rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), old.seed,
            old.history)
    assert old.state_hash() == before and len(old.history) == len(OPENING)
    assert old.scenario.sha256 != load_game_scenario(PLUGIN, folder / "basic.yaml").sha256
