"""Scenario validation reports every problem at once, each at its file:line:col (DESIGN.md §4).

A tiny game, "demo", has a board (spaces with ids, adjacency references, a terrain grid) and a
setup (units placed on spaces, in another file). Each test breaks one thing and checks the
exact message a scenario author reads.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field

from engine.data.grid import parse_grid
from engine.data.schema import (
    Document,
    Id,
    Problem,
    Record,
    Ref,
    ScenarioError,
    SchemaSet,
    ValidDoc,
    json_schema,
    load_scenario,
    validate_files,
)


class Space(Record):
    id: Annotated[str, Id("space")]
    name: str
    terrain: Literal["clear", "forest", "marsh"]
    capacity: Annotated[int, Field(ge=1, le=6)] = 1
    adjacent: list[Annotated[str, Ref("space")]] = []


class Board(Document):
    kind: Literal["board"]
    legend: dict[str, str] = {}
    terrain: str = ""
    spaces: list[Space]


class Unit(Record):
    id: Annotated[str, Id("unit")]
    start: Annotated[str, Ref("space")]
    strength: int | Literal["full"] = "full"


class Setup(Document):
    kind: Literal["setup"]
    units: list[Unit]


def check_terrain(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The board's terrain rows use only the board's legend."""
    board = docs["board"]
    return parse_grid(board.doc, ("terrain",), board.model_as(Board).legend)[1]


DEMO = SchemaSet(
    game="demo",
    kinds={"board": Board, "setup": Setup},
    checks=[check_terrain],
    required_kinds=["board"],
)

MANIFEST = """\
game: demo
kind: scenario
name: siege
title: The Siege
files: [board.yaml, setup.yaml]
"""
BOARD = """\
game: demo
kind: board
legend: {".": clear, f: forest}
terrain: |
  ..f
  f..
spaces:
  - id: bell_tower
    name: Bell tower
    terrain: clear
    adjacent: [church]
  - id: church
    name: Church
    terrain: forest
    capacity: 6
    adjacent: [bell_tower]
"""
SETUP = """\
game: demo
kind: setup
units:
  - {id: garrison, start: church, strength: 3}
  - {id: relief, start: bell_tower}
"""


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in a scratch folder so messages name files as `board.yaml`."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new)


def write(manifest: str = MANIFEST, board: str = BOARD, setup: str = SETUP) -> None:
    Path("scenario.yaml").write_text(manifest, encoding="utf-8")
    Path("board.yaml").write_text(board, encoding="utf-8")
    Path("setup.yaml").write_text(setup, encoding="utf-8")


def errors() -> list[str]:
    """The rendered problems of the scenario written in the current folder."""
    with pytest.raises(ScenarioError) as caught:
        load_scenario("scenario.yaml", DEMO)
    return [problem.render() for problem in caught.value.problems]


def test_a_valid_scenario_loads_into_plain_data_with_a_stable_digest() -> None:
    write()
    scenario = load_scenario("scenario.yaml", DEMO)
    expected = hashlib.sha256((MANIFEST + BOARD + SETUP).encode()).hexdigest()
    assert (scenario.game, scenario.name, scenario.title) == ("demo", "siege", "The Siege")
    assert scenario.path == "scenario.yaml"
    assert scenario.sha256 == expected
    assert load_scenario("scenario.yaml", DEMO).sha256 == expected
    assert list(scenario.documents) == ["scenario", "board", "setup"]
    assert scenario.documents["setup"] == {
        "game": "demo",
        "kind": "setup",
        "note": None,
        "units": [
            {"id": "garrison", "start": "church", "strength": 3},
            {"id": "relief", "start": "bell_tower", "strength": "full"},
        ],
    }
    assert scenario.documents["board"]["spaces"][0]["adjacent"] == ["church"]
    assert scenario.documents["scenario"]["files"] == ["board.yaml", "setup.yaml"]
    assert not _contains_model(scenario.documents)


def _contains_model(value: Any) -> bool:
    if isinstance(value, BaseModel):
        return True
    if isinstance(value, dict):
        return any(_contains_model(v) for v in value.values())
    if isinstance(value, list):
        return any(_contains_model(v) for v in value)
    return False


def test_the_digest_changes_with_any_listed_file() -> None:
    write()
    before = load_scenario("scenario.yaml", DEMO).sha256
    write(setup=edit(SETUP, "strength: 3", "strength: 4"))
    assert load_scenario("scenario.yaml", DEMO).sha256 != before


def test_an_unclosed_quote_points_at_the_opening_quote() -> None:
    write(board=edit(BOARD, "name: Bell tower", 'name: "Bell tower'))
    assert errors() == [
        "board.yaml:9:11: unclosed quote: the string that starts here never ends\n"
        '    9 |     name: "Bell tower\n'
        "      |           ^"
    ]


def test_every_duplicate_key_is_reported() -> None:
    board = edit(BOARD, "    name: Church\n", "    name: Church\n    name: Chapel\n")
    board = edit(board, "    capacity: 6\n", "    capacity: 6\n    capacity: 5\n")
    write(board=board)
    assert errors() == [
        "board.yaml:14:5: duplicate key 'name' (first at line 13)\n"
        "    14 |     name: Chapel\n"
        "       |     ^",
        "board.yaml:17:5: duplicate key 'capacity' (first at line 16)\n"
        "    17 |     capacity: 5\n"
        "       |     ^",
    ]


def test_an_unknown_key_suggests_the_nearest_field() -> None:
    write(board=edit(BOARD, "adjacent: [church]", "adjacnt: [church]"))
    assert errors() == [
        "board.yaml:11:5: unknown key 'adjacnt' (did you mean 'adjacent'?)\n"
        "    11 |     adjacnt: [church]\n"
        "       |     ^"
    ]


def test_a_missing_key_is_reported_at_its_mapping() -> None:
    write(board=edit(BOARD, "    name: Church\n", ""))
    assert errors() == [
        "board.yaml:12:5: missing key 'name'\n"
        "    12 |   - id: church\n"
        "       |     ^"
    ]


def test_a_wrong_type_names_what_was_expected_and_found() -> None:
    write(board=edit(BOARD, "capacity: 6", "capacity: six"))
    assert errors() == [
        "board.yaml:15:15: expected an integer, got string 'six'\n"
        "    15 |     capacity: six\n"
        "       |               ^"
    ]


def test_yaml_booleans_are_not_strings() -> None:
    write(board=edit(BOARD, "name: Church", "name: no"))
    assert errors() == [
        "board.yaml:13:11: expected a string, got boolean False "
        "(YAML reads no/off/yes/on as booleans; quote it)\n"
        "    13 |     name: no\n"
        "       |           ^"
    ]


def test_yaml_octal_numbers_are_not_strings() -> None:
    write(board=edit(BOARD, "adjacent: [church]", "adjacent: [church, 0101]"))
    assert errors() == [
        "board.yaml:11:24: expected a string, got integer 65 "
        "(YAML reads 0101 as the number 65; quote it)\n"
        "    11 |     adjacent: [church, 0101]\n"
        "       |                        ^"
    ]


def test_an_out_of_range_number_names_both_bounds() -> None:
    write(board=edit(BOARD, "capacity: 6", "capacity: 9"))
    assert errors() == [
        "board.yaml:15:15: must be at least 1 and at most 6, got 9\n"
        "    15 |     capacity: 9\n"
        "       |               ^"
    ]


def test_a_bad_choice_lists_the_allowed_values() -> None:
    write(board=edit(BOARD, "terrain: forest", "terrain: forset"))
    assert errors() == [
        "board.yaml:14:14: expected 'clear', 'forest' or 'marsh', got string 'forset' "
        "(did you mean 'forest'?)\n"
        "    14 |     terrain: forset\n"
        "       |              ^"
    ]


def test_a_union_is_one_problem_naming_every_choice() -> None:
    write(setup=edit(SETUP, "strength: 3", "strength: lots"))
    assert errors() == [
        "setup.yaml:4:45: expected an integer or 'full', got string 'lots'\n"
        "    4 |   - {id: garrison, start: church, strength: lots}\n"
        "      |                                             ^"
    ]


def test_an_unknown_reference_in_another_file_suggests_the_nearest_id() -> None:
    write(setup=edit(SETUP, "start: bell_tower", "start: bel_tower"))
    assert errors() == [
        "setup.yaml:5:25: unknown space 'bel_tower' (did you mean 'bell_tower'?)\n"
        "    5 |   - {id: relief, start: bel_tower}\n"
        "      |                         ^"
    ]


def test_a_duplicate_id_names_the_first_declaration() -> None:
    write(board=BOARD + "  - id: church\n    name: Chapel\n    terrain: marsh\n")
    assert errors() == [
        "board.yaml:17:9: duplicate space 'church' (first declared at board.yaml:12:9)\n"
        "    17 |   - id: church\n"
        "       |         ^"
    ]


def test_a_grid_cell_outside_the_legend_is_reported_at_its_character() -> None:
    write(board=edit(BOARD, "  f..\n", "  f.x\n"))
    assert errors() == [
        "board.yaml:6:5: unknown cell 'x' (legend: '.' clear, 'f' forest)\n"
        "    6 |   f.x\n"
        "      |     ^"
    ]


def test_a_missing_listed_file_is_reported_at_its_list_item() -> None:
    write(manifest=edit(MANIFEST, "setup.yaml]", "setup.yaml, extra.yaml]"))
    assert errors() == [
        "scenario.yaml:5:8: lists 3 files, but a demo scenario has at most 2, one of each kind "
        "(board, setup)\n"
        "    5 | files: [board.yaml, setup.yaml, extra.yaml]\n"
        "      |        ^",
        "scenario.yaml:5:33: cannot read 'extra.yaml': No such file or directory\n"
        "    5 | files: [board.yaml, setup.yaml, extra.yaml]\n"
        "      |                                 ^"
    ]


def test_a_missing_manifest_is_one_problem_without_a_line() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario("nowhere.yaml", DEMO)
    assert str(caught.value) == "nowhere.yaml: cannot read: No such file or directory"


def test_all_problems_of_all_files_are_reported_at_once_in_order() -> None:
    board = edit(BOARD, "name: Bell tower", "name: yes")
    board = edit(board, "adjacent: [church]", "adjacnt: [church]")
    board = edit(board, "capacity: 6", "capacity: 0")
    board = edit(board, "terrain: forest", "terrain: swamp")
    setup = edit(SETUP, "start: bell_tower", "start: belltower")
    write(board=board, setup=setup)
    heads = [e.splitlines()[0] for e in errors()]
    assert heads == [
        "board.yaml:9:11: expected a string, got boolean True "
        "(YAML reads no/off/yes/on as booleans; quote it)",
        "board.yaml:11:5: unknown key 'adjacnt' (did you mean 'adjacent'?)",
        "board.yaml:14:14: expected 'clear', 'forest' or 'marsh', got string 'swamp'",
        "board.yaml:15:15: must be at least 1 and at most 6, got 0",
        "setup.yaml:5:25: unknown space 'belltower' (did you mean 'bell_tower'?)",
    ]


def test_extra_checks_wait_until_the_documents_are_valid() -> None:
    write(board=edit(edit(BOARD, "  f..\n", "  f.x\n"), "capacity: 6", "capacity: 7"))
    assert [e.splitlines()[0] for e in errors()] == [
        "board.yaml:15:15: must be at least 1 and at most 6, got 7"
    ]


def test_scenario_level_rules() -> None:
    write(
        manifest=edit(MANIFEST, "[board.yaml, setup.yaml]", "[setup.yaml, setup.yaml, /x.yaml]"),
        setup=edit(SETUP, "game: demo", "game: other"),
    )
    assert [e.splitlines()[0] for e in errors()] == [
        "scenario.yaml:5:8: lists 3 files, but a demo scenario has at most 2, one of each kind "
        "(board, setup)",
        "scenario.yaml:5:8: the scenario lists no file of kind 'board'",
        "scenario.yaml:5:21: 'setup.yaml' is listed twice",
        "scenario.yaml:5:33: expected a path relative to this file",
        "setup.yaml:1:7: this file is for game 'other', but the scenario is 'demo'",
        "setup.yaml:4:27: unknown space 'church' (no space is declared)",
        "setup.yaml:5:25: unknown space 'bell_tower' (no space is declared)",
    ]


def test_a_kind_appears_once_per_scenario() -> None:
    write(setup=edit(SETUP, "kind: setup", "kind: board"))
    assert (
        "setup.yaml:2:7: kind 'board' is already given by board.yaml "
        "(each kind appears at most once in a scenario)"
    ) in [e.splitlines()[0] for e in errors()]


def test_an_unknown_kind_lists_the_known_ones() -> None:
    write(setup=edit(SETUP, "kind: setup", "kind: setpu"))
    assert [e.splitlines()[0] for e in errors()] == [
        "setup.yaml:2:7: unknown kind 'setpu' for game 'demo' (known: board, scenario, setup) "
        "(did you mean 'setup'?)"
    ]


def test_validate_files_checks_each_file_by_its_header() -> None:
    write(setup=edit(SETUP, "start: bell_tower", "start: bel_tower"))
    Path("alien.yaml").write_text("game: chess\nkind: board\n", encoding="utf-8")
    Path("bare.yaml").write_text("kind: board\n", encoding="utf-8")
    problems = validate_files(
        ["setup.yaml", "alien.yaml", "bare.yaml", "gone.yaml"], {"demo": DEMO, "baler": DEMO}
    )
    assert [p.render().splitlines()[0] for p in problems] == [
        "alien.yaml:1:7: unknown game 'chess' (known: baler, demo)",
        "bare.yaml:1:1: missing key 'game': a data file starts with 'game:' and 'kind:'",
        "gone.yaml: cannot read: No such file or directory",
    ]


def test_validate_files_checks_a_manifest_as_a_whole_scenario() -> None:
    write(setup=edit(SETUP, "start: bell_tower", "start: bel_tower"))
    problems = validate_files(["scenario.yaml", "setup.yaml"], {"demo": DEMO})
    assert [p.render().splitlines()[0] for p in problems] == [
        "setup.yaml:5:25: unknown space 'bel_tower' (did you mean 'bell_tower'?)"
    ]
    assert validate_files(["board.yaml"], lambda game: None) == [
        Problem("board.yaml", 1, 7, "unknown game 'demo'", "game: demo")
    ]


def test_scenario_error_renders_every_problem_sorted() -> None:
    error = ScenarioError(
        [
            Problem("b.yaml", 2, 1, "second", "x: 1"),
            Problem("a.yaml", 9, 3, "first", "y: 2"),
            Problem("b.yaml", 1, 1, "third", "z: 3"),
        ]
    )
    assert [p.message for p in error.problems] == ["first", "third", "second"]
    assert str(error).splitlines()[::3] == [
        "a.yaml:9:3: first",
        "b.yaml:1:1: third",
        "b.yaml:2:1: second",
    ]


def test_json_schema_describes_a_kind() -> None:
    schema = json_schema(DEMO, "board")
    assert schema["additionalProperties"] is False
    assert schema["$defs"]["Space"]["properties"]["terrain"]["enum"] == [
        "clear",
        "forest",
        "marsh",
    ]
    assert "files" in json_schema(DEMO, "scenario")["required"]
    with pytest.raises(ValueError, match="unknown kind 'bord'"):
        json_schema(DEMO, "bord")
