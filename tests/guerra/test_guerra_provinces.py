"""Own provinces and provinces in dispute (section 9), the control table (9.1) and the worked
province-crossing examples of section 9.1."""

from __future__ import annotations

from guerra_kit import (
    border,
    city,
    h,
    make_map,
    pass_turn,
    province,
    put,
    real_empty,
    real_start,
    scenario,
    start,
)

from guerra.rules.actions import MoveTo, Select
from guerra.rules.counters import eliminate
from guerra.rules.data import Side
from guerra.rules.events import ProvinceChanged


def row_map(*letters_and_owners: tuple[str, str, str]):
    """Provinces as blocks of 6 columns on a 5-row strip, each with a capital at its centre."""
    rows = ["".join(letter * 6 for letter, _, _ in letters_and_owners)] * 5
    legend = {letter: pid for letter, pid, _ in letters_and_owners}
    cities = [(pid, 6 * i + 3, 2, 3, pid, True, False)
              for i, (_, pid, _) in enumerate(letters_and_owners)]
    provinces = [province(pid, owner) for _, pid, owner in letters_and_owners]
    return scenario(make_map(rows, legend, cities), provinces)


def reach(rules, state, unit):
    rules.apply(state, Select(unit.id))
    return state.reach


def territories(state, hexes):
    return {state.data.board.territory[x] for x in hexes}


def test_example_1_madrid_to_avila_this_turn_salamanca_the_next():
    """Checklist: GUE-163."""
    sc = row_map(("m", "madrid", "republican"), ("a", "avila", "nationalist"),
                 ("s", "salamanca", "nationalist"))
    rules, state = start(sc, first=Side.REPUBLICAN)
    army = put(state, "republican_army", h(5, 2), "republican")
    found = reach(rules, state, army)
    assert "avila" in territories(state, found)
    assert "salamanca" not in territories(state, found)
    rules.apply(state, MoveTo(h(11, 2).q, h(11, 2).r))
    assert state.status["avila"] is None
    state.turn += 1
    state.units[army.id].moved = False
    assert "salamanca" in territories(state, reach(rules, state, army))


def test_example_2_vizcaya_through_alava_to_logrono_is_illegal_in_one_turn():
    """Checklist: GUE-162, GUE-163."""
    sc = row_map(("v", "vizcaya", "republican"), ("a", "alava", "nationalist"),
                 ("l", "logrono", "nationalist"))
    rules, state = start(sc, first=Side.REPUBLICAN)
    army = put(state, "republican_army", h(4, 2), "republican")
    found = reach(rules, state, army)
    assert "alava" in territories(state, found)
    assert "logrono" not in territories(state, found)


def test_example_3_burgos_through_disputed_segovia_to_guadalajara():
    """Checklist: GUE-164."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "disputed"),
                 ("g", "guadalajara", "republican"))
    rules, state = start(sc)
    army = put(state, "nationalist_army", h(5, 2))
    assert "guadalajara" in territories(state, reach(rules, state, army))


def test_a_province_put_in_dispute_this_turn_may_be_crossed_by_another_counter():
    """Checklist: GUE-164."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "republican"),
                 ("g", "guadalajara", "republican"))
    rules, state = start(sc)
    first = put(state, "nationalist_army", h(5, 1))
    second = put(state, "nationalist_army", h(5, 3))
    assert "guadalajara" not in territories(state, reach(rules, state, first))
    rules.apply(state, MoveTo(h(7, 1).q, h(7, 1).r))
    assert state.status["segovia"] is None
    assert "guadalajara" in territories(state, reach(rules, state, second))


def test_real_map_example_1_and_2():
    """Checklist: GUE-163."""
    rules, state = start(real_empty(), first=Side.REPUBLICAN)
    army = put(state, "republican_army", border(state, "madrid", "avila")[0], "republican")
    assert "avila" in territories(state, reach(rules, state, army))
    rules.apply(state, rules.legal_actions(state)[-1])  # Stay
    north = put(state, "republican_army", border(state, "vizcaya", "alava")[0], "republican")
    found = territories(state, reach(rules, state, north))
    assert "alava" in found and "logrono" not in found


def test_real_map_example_3():
    """Checklist: GUE-164."""
    rules, state = start(real_empty())
    army = put(state, "nationalist_army", border(state, "burgos", "segovia")[0])
    assert "guadalajara" in territories(state, reach(rules, state, army))


def test_capture_at_the_end_of_the_turn_by_holding_the_capital():
    """Checklist: GUE-149, GUE-159, GAP-GUE-40."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "disputed"))
    rules, state = start(sc)
    army = put(state, "nationalist_army", h(5, 2))
    reach(rules, state, army)
    rules.apply(state, MoveTo(h(9, 2).q, h(9, 2).r))
    assert state.status["segovia"] is None  # not before the end of the turn (GAP-GUE-40)
    events = pass_turn(rules, state)
    assert state.status["segovia"] is Side.NATIONALIST
    assert any(isinstance(e, ProvinceChanged) and e.province == "segovia" for e in events)


def test_no_capture_while_an_enemy_land_counter_is_elsewhere_in_the_province():
    """Checklist: GUE-150."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "disputed"))
    rules, state = start(sc)
    put(state, "nationalist_army", h(9, 2))
    put(state, "republican_garrison", h(11, 0), "republican")
    pass_turn(rules, state)
    assert state.status["segovia"] is None


def test_an_owned_province_stays_owned_without_counters_and_turns_disputed_on_entry():
    """Checklist: GUE-151, GUE-155, GUE-156."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "republican"))
    rules, state = start(sc)
    pass_turn(rules, state)
    assert state.status["segovia"] is Side.REPUBLICAN
    assert state.status["burgos"] is Side.NATIONALIST
    put(state, "nationalist_army", h(7, 0))
    assert state.status["segovia"] is None


def test_a_disputed_province_stays_disputed_when_the_enemy_leaves():
    """Checklist: GAP-GUE-41."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "republican"))
    rules, state = start(sc)
    army = put(state, "nationalist_army", h(6, 0))
    assert state.status["segovia"] is None
    eliminate(state, army, "test")
    pass_turn(rules, state)
    assert state.status["segovia"] is None


def test_air_and_naval_counters_never_dispute_a_province():
    """Checklist: GUE-153."""
    sc = row_map(("b", "burgos", "nationalist"), ("s", "segovia", "republican"))
    rules, state = start(sc)
    put(state, "nationalist_air", h(9, 2))
    assert state.status["segovia"] is Side.REPUBLICAN
    pass_turn(rules, state)
    assert state.status["segovia"] is Side.REPUBLICAN


def test_initial_garrisons_on_disputed_capitals_take_them_at_the_end_of_turn_1():
    """Checklist: GUE-152, GAP-GUE-40."""
    rules, state = real_start()
    pass_turn(rules, state)
    for pid in ("cordoba", "granada", "huesca", "teruel", "caceres"):
        assert state.status[pid] is Side.NATIONALIST, pid
    for pid in ("asturias", "huelva", "segovia", "zaragoza"):
        assert state.status[pid] is None, pid
    assert city(state, "oviedo") in state.land_at
