"""Editing positions and saving them as scenarios (engine/editing.py), positions read from YAML
with their refusals at file:line:col (engine/data/positions.py), and the `edit` command's
refusals."""

from __future__ import annotations

import pytest

from baler import PLUGIN
from engine import cli
from engine.data.positions import position_from_yaml
from engine.data.schema import ScenarioError
from engine.editing import PositionEdits, SaveProblem, default_target, setup_file
from engine.loading import load_game_scenario

SCENARIO = load_game_scenario(PLUGIN)


def _turn(n):
    def edit(p):
        p["turn"] = n
        return p

    return edit


def test_an_edit_is_taken_undone_and_redone():
    edits = PositionEdits(PLUGIN, SCENARIO)
    assert not edits.unsaved and not edits.can_undo
    assert edits.apply(_turn(3)) is None
    assert edits.position["turn"] == 3 and edits.state.turn == 3 and edits.unsaved
    assert edits.undo() and edits.position["turn"] == 1 and not edits.unsaved
    assert edits.redo() and edits.position["turn"] == 3
    assert not edits.redo()


def test_a_refused_edit_leaves_the_position_and_says_why():
    edits = PositionEdits(PLUGIN, SCENARIO)
    before = edits.position
    refusal = edits.apply(_turn(9))
    assert refusal is not None and "the turn must be 1 to 6, not 9" in refusal.text
    assert refusal.section == 'rulebook "Game sequence"'
    assert edits.position == before and not edits.can_undo


def test_saving_elsewhere_copies_the_scenario_files_and_loads_back(tmp_path):
    edits = PositionEdits(PLUGIN, SCENARIO)
    edits.apply(_turn(2))
    manifest = edits.save(tmp_path / "mine.yaml", title="Turn two")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "board.yaml", "cards.yaml", "mine-setup.yaml", "mine.yaml", "tables.yaml", "units.yaml"]
    assert setup_file(PLUGIN, manifest) == "mine-setup.yaml"
    loaded = load_game_scenario(PLUGIN, manifest)
    assert loaded.title == "Turn two" and loaded.name == "mine"
    assert PLUGIN.rules.new_game(loaded, 0).turn == 2
    assert default_target(SCENARIO).name == "siege-edited.yaml"


def test_saving_never_overwrites_a_different_file(tmp_path):
    (tmp_path / "board.yaml").write_text("game: baler\nkind: board\n", encoding="utf-8")
    edits = PositionEdits(PLUGIN, SCENARIO)
    with pytest.raises(SaveProblem, match="already exists and differs"):
        edits.save(tmp_path / "mine.yaml")
    assert (tmp_path / "board.yaml").read_text(encoding="utf-8") == "game: baler\nkind: board\n"
    with pytest.raises(SaveProblem, match="is a .yaml file"):
        edits.save(tmp_path / "mine.txt")


def test_a_position_from_yaml_is_refused_at_its_line_and_column(tmp_path):
    path = tmp_path / "position.yaml"
    path.write_text("turn: 2\nboxes:\n  es-bag: [es-castro-camarena, ph-soldier-09]\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        position_from_yaml(PLUGIN.rules, SCENARIO, path)
    problem = refused.value.problems[0]
    assert (problem.line, problem.col) == (3, 32)
    assert "its own side's bag" in problem.message
    path.write_text("game: baler\nkind: setup\nturn: 2\n", encoding="utf-8")
    assert position_from_yaml(PLUGIN.rules, SCENARIO, path).turn == 2


def test_the_edit_command_refuses_clearly(capsys):
    assert cli.main(["edit", "nogame"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert cli.main(["edit", "baler", "--out", "position.txt"]) == 2
    assert "a scenario manifest is a .yaml file" in capsys.readouterr().err


def test_a_key_the_position_empties_is_not_taken_back_from_the_scenario(tmp_path):
    """The learning scenario starts with troops on the territorial control map; a position
    without them saves without them."""
    from engine.plugins import scenario_files

    later = next(p for p in scenario_files(PLUGIN) if p.stem != "siege")
    scenario = load_game_scenario(PLUGIN, later)
    edits = PositionEdits(PLUGIN, scenario)
    troops = edits.position["territorial_troops"]
    assert troops is not None

    def send_home(p):
        p["territorial_troops"] = None
        p.setdefault("boxes", {}).setdefault("ph-bag", []).extend(troops["units"])
        return p

    assert edits.apply(send_home) is None
    manifest = edits.save(tmp_path / "no-troops.yaml")
    saved = load_game_scenario(PLUGIN, manifest)
    state = PLUGIN.rules.from_position(saved, {}, start=False)
    assert PLUGIN.rules.to_position(state) == edits.position
    assert not any(state.units_at(t) for t in state.data.tcm)
