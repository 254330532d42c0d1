"""The designer checks of guerra/checks.py: each fails on a broken copy of the shipped scenario,
at the file:line:col of the mistake with the line quoted; the shipped data passes."""

from __future__ import annotations

import re

import pytest
from datacheck import Broken, line_of

from engine.loading import validate_paths
from engine.paths import SCENARIOS


@pytest.fixture
def broken(tmp_path) -> Broken:
    return Broken(tmp_path, "guerra", "july_1936.yaml")


def test_the_shipped_scenario_passes():
    assert validate_paths([SCENARIOS / "guerra" / "july_1936.yaml"]) == []


def test_too_many_counters_in_a_city(broken):
    line, col = broken.edit("setup.yaml", "{family: nationalist_army, city: sevilla}",
                            "{family: nationalist_army, city: sevilla, count: 4}")
    text = broken.problem("setup.yaml", line, col,
                          "4 nationalist land counters start in sevilla, more than the 3 a "
                          "size-3 city holds (section 8)")
    assert f"{line} |   - {{family: nationalist_army, city: sevilla, count: 4}}" in text


def test_two_sides_in_one_city(broken):
    new = "{family: republican_garrison, city: sevilla}"
    line, col = broken.edit("setup.yaml", "{family: republican_garrison, city: malaga}", new)
    first = line_of(broken.folder / "setup.yaml", "{family: nationalist_army, city: sevilla}")
    broken.problem("setup.yaml", line, col + new.index("sevilla"),
                   f"sevilla already holds nationalist counters (line {first}): a hex holds the "
                   "land counters of one side only (section 7)")


def test_warships_beyond_the_sea_hexes_of_their_port(broken):
    line, col = broken.edit("setup.yaml", "{family: republican_navy, city: cartagena, count: 2}",
                            "{family: republican_navy, city: cartagena, count: 13}")
    found = [p for p in broken.problems()
             if p.startswith(f"{broken.folder / 'setup.yaml'}:{line}:{col}: 13 naval counters "
                             "start next to cartagena, more than its ")]
    assert len(found) == 1
    assert re.search(r"its \d sea hexes hold at 2 each \(sections 6, 8\)", found[0])


def test_fixed_reinforcements_beyond_the_counter_mix(broken):
    new = "{turn: 5, family: ctv, count: 3,"
    line, col = broken.edit("reinforcements.yaml", "{turn: 5, family: ctv, count: 2,", new)
    broken.problem("reinforcements.yaml", line, col + new.index("3"),
                   "6 ctv counters placed and arriving by turn 5, more than the 5 of the counter "
                   "mix (section 2.4)")


def test_a_die_result_given_twice(broken):
    first = line_of(broken.folder / "naval_use.yaml", "{roll: 2, counters: 1}")
    line, col = broken.edit("naval_use.yaml", "{roll: 3, counters: 2}", "{roll: 2, counters: 2}")
    broken.problem("naval_use.yaml", line, col + 7,
                   f"die result 2 is given twice (first at line {first}); the table is read once "
                   "per die result")


def test_a_weather_box_given_twice(broken):
    first = line_of(broken.folder / "weather.yaml", "{turn: 3, zone: A,")
    line, col = broken.edit("weather.yaml", "{turn: 3, zone: B, roll: 2, movement: 2",
                            "{turn: 3, zone: A, roll: 2, movement: 2")
    broken.problem("weather.yaml", line, col,
                   f"weather box of turn 3, zone A is given twice (first at line {first}); the "
                   "table is read once per weather box")


def test_a_gap_in_the_turn_track(broken):
    broken.edit("turns.yaml", '  - {turn: 9, period: "November–December 1937"}\n', "")
    start = line_of(broken.folder / "turns.yaml", "  - {turn: 1,")
    broken.problem("turns.yaml", start, 3, "turn 9: none given (a gap)")


def test_a_region_no_path_reaches(broken):
    text = (broken.folder / "map.yaml").read_text()
    strait = text[text.index("strait: {"):]
    broken.edit("map.yaml", strait[: strait.index("\n") + 1], "")  # no Strait bridge
    region = line_of(broken.folder / "provinces.yaml", "  - id: north_africa")
    text = broken.problem("provinces.yaml", region, 9,
                          "no path reaches north_africa: its land touches no other province, no "
                          "Strait bridge joins it and it has no port (sections 7.1, 7.2)")
    assert f"{region} |   - id: north_africa" in text
