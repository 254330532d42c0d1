"""The scenario data against the rulebook: provinces and factors (2.1, 9.1, 10, 11), counters
(2.2-2.5), tables (2.1) and the die."""

from __future__ import annotations

from collections import Counter

from guerra_kit import real_scenario

from engine.core.dice import AVERAGING
from engine.data.schema import load_scenario
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.setup import load_data
from guerra.schema import SCHEMAS

STATED_POPULATION = {
    "gerona": 3, "barcelona": 17, "lerida": 3, "tarragona": 3, "castellon": 3, "valencia": 10,
    "cuenca": 3, "guadalajara": 2, "madrid": 13, "toledo": 5, "badajoz": 7, "ciudad_real": 5,
    "jaen": 6, "albacete": 3, "alicante": 5, "murcia": 6, "almeria": 3, "la_coruna": 7,
    "pontevedra": 5, "lugo": 5, "orense": 4, "leon": 4, "zamora": 3, "salamanca": 3,
    "avila": 2, "valladolid": 3, "palencia": 2, "burgos": 3, "soria": 1,
}


def data():
    return load_data(real_scenario().documents)


def test_scenario_loads_through_the_schemas():
    """Checklist: GUE-001."""
    scenario = load_scenario(real_scenario().path, SCHEMAS)
    assert scenario.name == "july_1936"
    assert set(scenario.documents) >= {"map", "provinces", "counters", "setup"}


def test_the_47_provinces_of_9_1_with_their_initial_owners():
    """Checklist: GUE-157."""
    d = data()
    assert len(d.provinces) == 47
    owners = Counter(p.initial for p in d.provinces.values())
    assert owners == {Side.NATIONALIST: 17, Side.REPUBLICAN: 21, None: 9}


def test_population_factors_stated_in_the_section_10_example():
    """Checklist: GUE-004, GAP-GUE-04."""
    d = data()
    for pid, value in STATED_POPULATION.items():
        assert d.provinces[pid].population == value, pid
    group = lambda *ps: sum(d.provinces[p].population for p in ps)  # noqa: E731
    assert group("santander", "vizcaya", "guipuzcoa") == 11
    assert group("logrono", "alava", "navarra") == 6
    assert group("sevilla", "cadiz") == 13
    assert d.provinces["malaga"].population < 18


def test_factors_stated_in_section_11():
    """Checklist: GUE-006, GUE-007, GUE-160, GAP-GUE-05."""
    d = data()
    assert d.provinces["madrid"].morale == 5
    assert d.provinces["vizcaya"].morale == 2
    assert d.provinces["vizcaya"].port == 3
    assert d.provinces["vizcaya"].capital == "bilbao"


def test_every_province_has_its_capital_city_on_the_map():
    """Checklist: GAP-GUE-02."""
    d = data()
    for pid, p in d.provinces.items():
        capital = d.board.capitals[pid]
        assert d.board.cities[capital].id == p.capital
        assert d.board.territory[capital] == pid


def test_the_18_ports_of_7_1_are_coastal_cities():
    """Checklist: GUE-102, GAP-GUE-43."""
    d = data()
    assert len(d.ports) == 18
    for port in d.ports:
        city = d.board.city_by_id[port]
        assert city.port
        assert any(d.board.terrain_at[j] is Terrain.SEA
                   for j in d.board.adjacent[d.board.index[city.hex]]), port


def test_counter_quantities_of_2_4_all_with_combat_factor_2():
    """Checklist: GUE-011, GUE-012, GUE-014, GUE-015, GUE-016, GUE-017, GUE-018."""
    d = data()
    assert d.combat_factor == 2
    count = {f.id: f.count for f in d.families.values()}
    assert count == {
        "nationalist_army": 97, "army_of_africa": 4, "ctv": 5, "condor_legion": 1,
        "nationalist_garrison": 28, "nationalist_navy": 3, "nationalist_air": 2,
        "condor_air": 2, "ctv_air": 2, "republican_army": 102, "international_brigades": 4,
        "republican_garrison": 28, "republican_navy": 4, "republican_air": 6,
    }
    by_kind = Counter((f.side, f.kind) for f in d.families.values() for _ in range(f.count))
    assert by_kind[(Side.REPUBLICAN, Kind.AIR)] == 6
    assert by_kind[(Side.NATIONALIST, Kind.AIR)] == 6


def test_the_special_die_is_the_averaging_die_as_data():
    """Checklist: GUE-021, GAP-GUE-17."""
    d = data()
    assert d.die.faces == AVERAGING.faces == (2, 3, 3, 4, 4, 5)
    assert 1 not in d.die.faces and 6 not in d.die.faces


def test_tables_of_the_board():
    """Checklist: GUE-009, GUE-010, GUE-200, GAP-GUE-08, GAP-GUE-16."""
    d = data()
    assert d.population_values[2] == {Side.REPUBLICAN: 18, Side.NATIONALIST: 14}
    assert set(d.population_values) == set(range(2, 17))
    assert set(d.naval_use) == set(d.die.faces)
    assert d.conversion_unlimited_from == 7
    assert [d.periods[t] for t in (1, 16)] == ["July–August 1936", "January–March 1939"]
    assert (d.fec_min, d.fec_max) == (-20, 79)
    assert d.victory_provinces == 35 and d.last_turn == 16 and d.victory_margin == 30
    assert d.weather_zones == ("A", "B", "C", "D", "E")
    assert [b.zone for b in d.weather_boxes[2]] == ["B"]
    assert d.weather_boxes[2][0].roll == 2
    assert [b.zone for b in d.weather_boxes[3]] == ["A", "B", "C", "D"]
    for column in d.stack_columns:
        for die in range(-3, 4):
            assert (column, die) in d.stack_results


def test_fixed_reinforcements_bring_every_counter_that_does_not_start_on_the_map():
    """Checklist: GAP-GUE-10."""
    d = data()
    arriving = Counter()
    for row in d.fixed:
        arriving[row.family] += row.count
    for family in ("ctv", "condor_legion", "international_brigades", "nationalist_air",
                   "condor_air", "ctv_air", "republican_air"):
        assert arriving[family] == d.families[family].count, family
    assert arriving["army_of_africa"] == 1 and arriving["nationalist_navy"] == 1


def test_no_city_stands_on_a_mountain():
    """Checklist: GUE-124."""
    d = data()
    for h in d.board.cities:
        assert d.board.terrain[h] is Terrain.LAND


def test_every_land_hex_belongs_to_exactly_one_province_or_north_africa():
    """Checklist: GUE-002."""
    d = data()
    board = d.board
    for h, terrain in board.terrain.items():
        if terrain in (Terrain.LAND, Terrain.MOUNTAIN):
            assert board.territory[h] in d.provinces or board.territory[h] in d.regions
        else:
            assert h not in board.territory
