"""The designer checks of filipinas/checks.py: each fails on a broken copy of the shipped
scenario, at the file:line:col of the mistake with the line quoted; the shipped data passes."""

from __future__ import annotations

import pytest
from datacheck import Broken, line_of

from engine.loading import validate_paths
from engine.paths import SCENARIOS


@pytest.fixture
def broken(tmp_path) -> Broken:
    return Broken(tmp_path, "filipinas", "standard.yaml")


def test_the_shipped_scenarios_pass():
    folder = SCENARIOS / "filipinas"
    assert validate_paths([folder / "standard.yaml", folder / "solo.yaml"]) == []


def test_a_moros_guerrilla_stacked_with_a_leader(broken):
    new = "{counters: [aguinaldo, cavite_corps, moros], space: cavite"
    line, col = broken.edit("setup.yaml", "{counters: [aguinaldo, cavite_corps], space: cavite",
                            new)
    text = broken.problem("setup.yaml", line, col + new.index("["),
                          "moros is a Moros or Bisayas guerrilla: it stacks with no other unit "
                          "and no leader (4.2.1)")
    assert f"{line} |   - {new}" in text


def test_a_brigade_on_a_fleet(broken):
    new = "{counters: [asia_fleet, montojo, mindanao_2], space: cavite_city}"
    line, col = broken.edit("setup.yaml", "{counters: [asia_fleet, montojo], space: cavite_city}",
                            new)
    broken.problem("setup.yaml", line, col + new.index("["),
                   "mindanao_2 cannot stack with a fleet: a fleet stacks with fleets, leaders "
                   "and the American land units it carries (6.3.2, 7.1)")


def test_counters_in_a_box_are_no_stack(broken):
    broken.edit("setup.yaml", "placements:\n",
                "placements:\n  - {counters: [moros, bisayas, tarlac_corps], "
                "space: filipino_troops}\n")
    assert broken.problems() == []


def test_deck_totals_must_add_up(broken):
    line, col = broken.edit("cards.yaml", "filipino: 20,", "filipino: 19,")
    broken.problem("cards.yaml", line, col + 10,
                   "declares 19 cards in the filipino deck, but 20 are listed")


def test_resource_table_bands_with_an_overlap_and_a_gap(broken):
    line, col = broken.edit("tables.yaml", "{from: 7, to: 9, cards: 3}",
                            "{from: 6, to: 8, cards: 3}")
    first = line_of(broken.folder / "tables.yaml", "{from: 4, to: 6, cards: 2}")
    broken.problem("tables.yaml", line, col,
                   f"Resources box 6 also read by the band at line {first} (bands overlap)")
    bands = line_of(broken.folder / "tables.yaml", "{from: 0, to: 3, cards: 1}")
    broken.problem("tables.yaml", bands, 5,
                   "no band reads Resources box 9 (a gap in 0-20)")


def test_morale_bands_must_reach_the_top_of_the_track(broken):
    line, col = broken.edit("tables.yaml", "{from: 6, to: 10, cities: 2}",
                            "{from: 6, to: 9, cities: 2}")
    broken.problem("tables.yaml", line, col - 2,
                   "no band reads Spanish Morale 10 (a gap in 1-10)")


def test_the_turn_track_numbers_each_turn_once(broken):
    first = line_of(broken.folder / "map.yaml", '{turn: 4, months')
    line, col = broken.edit("map.yaml", '{turn: 5, months: "Jan-Apr 1898"',
                            '{turn: 4, months: "Jan-Apr 1898"')
    broken.problem("map.yaml", line, col + 7,
                   f"turn 4 is given twice (first at line {first}); the table is read once per "
                   "turn")
    track = line_of(broken.folder / "map.yaml", "{turn: 1, months")
    broken.problem("map.yaml", track, 5, "turn 5: none given (a gap)")


def test_a_fortified_line_whose_adjacency_disagrees_with_its_joins(broken):
    line, col = broken.edit("map.yaml", "  - [line_cavite_manila, manila]\n",
                            "  - [line_cavite_manila, bulacan]\n")
    broken.problem("map.yaml", line, col + 4,
                   "line_cavite_manila joins only cavite and manila, not bulacan (its `joins`)")
    joins = line_of(broken.folder / "map.yaml", "{id: line_cavite_manila")
    broken.problem("map.yaml", joins, 112,
                   "line_cavite_manila joins manila, but the adjacency has no "
                   "[line_cavite_manila, manila]")


def test_a_city_joined_to_another_province(broken):
    line, col = broken.edit("map.yaml", "  - [manila, manila_city]\n",
                            "  - [manila, manila_city]\n  - [bulacan, manila_city]\n")
    broken.problem("map.yaml", line + 1, col + 4,
                   "manila_city is a city of manila, not of bulacan (its `province`)")


def test_a_city_missing_from_the_adjacency_of_its_province(broken):
    line, col = broken.edit("map.yaml", "  - [cavite, cavite_city]\n", "")
    city = line_of(broken.folder / "map.yaml", "{id: cavite_city")
    text = (broken.folder / "map.yaml").read_text().splitlines()[city - 1]
    broken.problem("map.yaml", city, text.index("province: cavite") + 11,
                   "cavite_city is a city of cavite, but the adjacency has no "
                   "[cavite_city, cavite]")


def test_a_province_no_path_reaches(broken):
    line, col = broken.edit("map.yaml", "  - [tarlac, pampanga]\n", "")
    tarlac = line_of(broken.folder / "map.yaml", "  - {id: tarlac")
    text = broken.problem("map.yaml", tarlac, 10,
                          "no path reaches tarlac from the rest of the luzon area: the adjacency "
                          "joins it to none of them")
    assert "{id: tarlac, name: Tarlac" in text


@pytest.mark.parametrize(("enemy", "words"), [("cavite_corps", "Filipino"),
                                              ("merritt", "American")])
def test_a_spanish_stack_with_an_enemy_counter_names_that_enemy(broken, enemy, words):
    new = f"{{counters: [desierto, {enemy}], space: manila}}"
    line, col = broken.edit("setup.yaml", "{counters: [desierto], space: manila}", new)
    broken.problem("setup.yaml", line, col + new.index("["),
                   f"Spanish counters never stack with {words} ones: a stack holds the "
                   "counters of one side (6.3)")
