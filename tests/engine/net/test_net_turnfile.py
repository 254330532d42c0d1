"""Play by files (engine.net.turnfile): La Guerra de España travels between its players as one
file, each side's moves made on its own player's machine; games that hide cards are refused
with the advice to use a server."""

from __future__ import annotations

import json
import random

import pytest

from engine import plugins
from engine.ai.agent import without_concessions
from engine.cli import main
from engine.core.saves import read_save, restore
from engine.loading import load_game_scenario
from engine.net.turnfile import (
    TurnFileError,
    deciding,
    new_game,
    open_turn,
    write_turn,
)


def test_guerra_goes_back_and_forth_as_a_file(tmp_path):
    plugin = plugins.get("guerra")
    scenario = load_game_scenario(plugin)
    path = tmp_path / "game.json"
    rng = random.Random(4)
    session = new_game(plugin, scenario, 77)
    chosen = []
    for _ in range(12):  # turns, each on "another machine": the file is all that passes
        side = deciding(session)
        if side is None:
            break
        if path.exists():
            session = open_turn(path, plugin, scenario, side)
        start = len(session.history)
        mine = 0
        while deciding(session) == side and mine < 60:
            options = without_concessions(session.legal_actions())
            action = options[rng.randrange(len(options))]
            session.play(action)
            chosen.append(action)
            mine += 1
        for _ in range(3):  # the hot-seat screen lets the next side be played too: not kept
            if deciding(session) is None:
                break
            session.play(without_concessions(session.legal_actions())[0])
        moves, mover = write_turn(path, session, side, start, plugin.sides)
        assert moves == mine and (mover != side or mine == 60)
        data = json.loads(path.read_text())
        assert data["turn_file"]["to_move"] == mover
    back = restore(read_save(path), plugin.rules, scenario)
    assert [e.action for e in back.history] == chosen
    assert len({e.player for e in back.history}) >= 2


def test_the_wrong_side_cannot_open_the_file(tmp_path):
    plugin = plugins.get("guerra")
    scenario = load_game_scenario(plugin)
    session = new_game(plugin, scenario, 5)
    side = deciding(session)
    path = tmp_path / "game.json"
    write_turn(path, session, side, 0, plugin.sides)
    other = next(s for s in plugin.sides if s != side)
    with pytest.raises(TurnFileError, match="move; send them the file"):
        open_turn(path, plugin, scenario, other)


def test_a_changed_file_is_refused(tmp_path):
    plugin = plugins.get("guerra")
    scenario = load_game_scenario(plugin)
    session = new_game(plugin, scenario, 5)
    side = deciding(session)
    session.play(session.legal_actions()[0])
    path = tmp_path / "game.json"
    write_turn(path, session, side, 0, plugin.sides)
    data = json.loads(path.read_text())
    data["actions"][-1] = {"type": "Nope"}
    path.write_text(json.dumps(data))
    with pytest.raises(TurnFileError):
        open_turn(path, plugin, scenario, side)


def test_the_file_holds_the_rolls_made_and_nothing_to_come(tmp_path):
    plugin = plugins.get("guerra")
    scenario = load_game_scenario(plugin)
    session = new_game(plugin, scenario, 5)
    assert session.fresh
    side = deciding(session)
    rng = random.Random(3)
    while deciding(session) == side:
        options = without_concessions(session.legal_actions())
        session.play(options[rng.randrange(len(options))])
    path = tmp_path / "game.json"
    write_turn(path, session, side, 0, plugin.sides)
    data = json.loads(path.read_text())
    assert data["dice"] == "fresh" and len(data["rolls"]) == len(data["actions"])


@pytest.mark.parametrize("game", ["baler", "filipinas"])
def test_games_with_hidden_cards_are_sent_to_a_server(game):
    plugin = plugins.get(game)
    with pytest.raises(TurnFileError, match="server"):
        new_game(plugin, load_game_scenario(plugin), 1)


def test_the_command_refuses_without_opening_a_window(tmp_path, capsys):
    assert main(["play", "baler", "--turn-file", str(tmp_path / "x.json"),
                 "--side", "spanish"]) == 2
    assert "wargames serve" in capsys.readouterr().err
    assert main(["play", "guerra", "--turn-file", str(tmp_path / "x.json")]) == 2
    assert "--side" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
