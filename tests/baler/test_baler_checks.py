"""The designer checks of baler/checks.py: each fails on a broken copy of the shipped scenario,
at the file:line:col of the mistake with the line quoted, and the shipped data passes."""

from __future__ import annotations

import pytest
from datacheck import Broken, line_of

from engine.loading import validate_paths
from engine.paths import SCENARIOS


@pytest.fixture
def broken(tmp_path) -> Broken:
    return Broken(tmp_path, "baler", "siege.yaml")


def test_the_shipped_scenario_passes():
    assert validate_paths([SCENARIOS / "baler" / "siege.yaml"]) == []


def test_a_soldier_placed_on_a_leaders_home_breaks_the_stacking(broken):
    line, col = broken.edit("setup.yaml", "es-det-34-1: es-donat-pastor",
                            "es-det-12-1: es-donat-pastor")
    text = broken.problem("setup.yaml", line, col + 13,
                          "es-det-12-1 would hold 2 counters at the start (es-donat-pastor and "
                          "es-de-las-morenas); it holds 1 (a leader not placed starts in his "
                          "home space)")
    assert f"{line} |   es-det-12-1: es-donat-pastor" in text


def test_the_friars_share_their_space_but_nobody_else_does(broken):
    line, col = broken.edit("setup.yaml", "es-det-34-1: es-donat-pastor",
                            "es-det-12-6: es-donat-pastor")
    broken.problem("setup.yaml", line, col + 13,
                   "es-det-12-6 would hold 3 counters at the start (es-donat-pastor and es-lopez, "
                   "es-minaya); it holds 2 (a leader not placed starts in his home space)")


def test_deck_totals_must_add_up(broken):
    line, col = broken.edit("cards.yaml", "shared: 19", "shared: 18")
    broken.problem("cards.yaml", line, col + 8, "declares 18 shared cards, but 19 are listed")
    line, col = broken.edit("cards.yaml", "faction: {spanish: 10,", "faction: {spanish: 11,")
    broken.problem("cards.yaml", line, col + 19,
                   "declares 11 spanish faction cards, but 10 are listed")


def test_a_face_that_kills_and_wounds_is_an_overlap(broken):
    line, col = broken.edit("tables.yaml", "injury: [5]}", "injury: [5, 6]}")
    broken.problem("tables.yaml", line, col + 8,
                   'face 6 would both kill and wound: one die gives one result ("3. Dice roll")')


def test_a_face_listed_twice(broken):
    line, col = broken.edit("tables.yaml", "success: [4, 5, 6]", "success: [4, 5, 5]")
    broken.problem("tables.yaml", line, col + 9, "face 5 is listed twice")


def test_the_detachment_grid_has_no_gap_or_overlap(broken):
    first = line_of(broken.folder / "board.yaml", 'id: es-det-56-5,')
    line, col = broken.edit("board.yaml", '{id: es-det-56-6, row: "5-6", column: 6}',
                            '{id: es-det-56-6, row: "5-6", column: 5}')
    broken.problem("board.yaml", line, col,
                   f"detachment space row 5-6 column 5 is given twice (first at line {first}); "
                   "the table is read once per detachment space")
    grid = line_of(broken.folder / "board.yaml", "  - {id: es-det-12-1")
    broken.problem("board.yaml", grid, 3,
                   "detachment space row 5-6 column 6: none given (a gap; the location die reads "
                   "every row and column)")


def test_the_territorial_control_map_is_one_path(broken):
    line, col = broken.edit("board.yaml", "{id: tcm-4, number: 4,", "{id: tcm-4, number: 3,")
    first = line_of(broken.folder / "board.yaml", "{id: tcm-3, number: 3,")
    broken.problem("board.yaml", line, col + 20,
                   f"space number 3 is given twice (first at line {first}); the table is read "
                   "once per space number")
    start = line_of(broken.folder / "board.yaml", "  - {id: tcm-1")
    broken.problem("board.yaml", start, 3,
                   "space number 4: none given (a gap; the track goes from space 1 to the last "
                   "one by one)")
    vp = line_of(broken.folder / "tables.yaml", 'tcm_space_vp:')
    broken.problem("tables.yaml", vp, 26,
                   "the territorial control map has no space 4 (spaces 1-3, 5)")


def test_a_trench_beside_a_post_of_another_area(broken):
    line, col = broken.edit("board.yaml", "beside: [ph-12-a1a2, ph-34-a1]}",
                            "beside: [ph-12-a1a2, ph-34-a2]}")
    broken.problem("board.yaml", line, col + 21,
                   "ph-34-a2 is a post of area 2, not of the trench's area 1")
