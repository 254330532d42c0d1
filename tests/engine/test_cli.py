"""The `wargames` command as a user meets it: exit codes, one-line errors, JSON summaries."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine import plugins
from engine.cli import main
from engine.core.saves import write_save
from toygame.testing import make_session

SCENARIO = Path(__file__).parents[1] / "support" / "toygame" / "scenarios" / "basic.yaml"


@pytest.fixture(autouse=True)
def skirmish_installed(monkeypatch):
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")


def test_validate_a_good_scenario(capsys):
    assert main(["validate", str(SCENARIO)]) == 0
    assert capsys.readouterr().err == ""


def test_validate_lists_every_error_with_line_and_column(tmp_path, capsys):
    bad = tmp_path / "board.yaml"
    bad.write_text(
        "game: skirmish\n"
        "kind: board\n"
        "radius: 30\n"
        "orders: [ambush]\n"
        "pieces:\n"
        "  - {id: b1, side: green, name: Blue, q: 0, r: 0}\n"
        "  - {id: b2, side: blue, name: Blue 2, q: 0, r: 1, colour: blue}\n"
    )
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:3:9: must be at least 1 and at most 10, got 30\n    3 | radius: 30\n" in err
    assert f"{bad}:6:20: expected 'blue' or 'red', got string 'green'\n" in err
    assert f"{bad}:7:52: unknown key 'colour'\n" in err


def test_validate_missing_file(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "none.yaml")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_unknown_game_is_one_line(capsys):
    assert main(["simulate", "chess", "--games", "1"]) == 2
    err = capsys.readouterr().err
    known = ", ".join(plugins.discover())
    assert err == f"wargames: unknown game 'chess' (known: {known})\n"
    assert "skirmish" in known


def test_simulate_prints_a_json_summary_last(capsys):
    assert main(["simulate", "skirmish", "--games", "4", "--seed", "3"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["game"] == "skirmish" and summary["games"] == 4
    assert summary["completed"] == 4 and summary["errors"] == 0
    assert sum(summary["wins"].values()) == 4 and set(summary["wins"]) == {"blue", "red", "draw"}
    assert summary["mean_turns"] > 0 and summary["actions_per_second"] > 0


def test_simulate_unknown_agent(capsys):
    assert main(["simulate", "skirmish", "--agents", "random,genius"]) == 2
    assert "unknown agent 'genius'" in capsys.readouterr().err


def test_schema_exports_json_schema(capsys):
    assert main(["schema", "skirmish/board"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "radius" in schema["properties"]
    assert main(["schema", "nothing"]) == 2


def test_render_writes_a_png(tmp_path):
    out = tmp_path / "board.png"
    assert main(["render", "skirmish", "--out", str(out), "--size", "800x600"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_to_an_unwritable_place(tmp_path, capsys):
    out = tmp_path / "no" / "such" / "dir" / "board.png"
    assert main(["render", "skirmish", "--out", str(out)]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_bad_save_is_reported_and_left_untouched(tmp_path, capsys):
    save = tmp_path / "save.json"
    save.write_text('{"format": 1, "game": "skir')
    assert main(["play", "skirmish", "--load", str(save)]) == 2
    assert "damaged or truncated" in capsys.readouterr().err
    assert save.read_text() == '{"format": 1, "game": "skir'


def test_save_of_a_changed_scenario_is_refused(tmp_path, capsys):
    save = tmp_path / "save.json"
    session = make_session()
    # the same scenario file, but the digest it was saved with no longer matches the file
    session.scenario = dataclasses.replace(session.scenario, path=str(SCENARIO))
    write_save(save, session)
    assert main(["replay", str(save)]) == 2
    assert "has changed since this game was saved" in capsys.readouterr().err
