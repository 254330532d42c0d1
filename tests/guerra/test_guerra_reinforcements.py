"""Reinforcements (section 10) and conversions of garrisons (section 12), with the worked
examples of both sections on the real map and the initial control map of section 9.1."""

from __future__ import annotations

import pytest
from guerra_kit import city, h, make_map, pass_turn, province, put, real_empty, scenario, start

from engine.core.actions import IllegalActionError
from engine.core.hexgrid import Hex
from guerra.rules.actions import Convert, EndConversions, PlaceCounter
from guerra.rules.conversion import conversion_actions, conversions_left
from guerra.rules.counters import eliminate
from guerra.rules.data import Side
from guerra.rules.reinforcements import (
    families_for,
    placement_hexes,
    queue_population,
    split_mix,
    zone_counts,
)
from guerra.rules.sequence import next_placement, set_decision
from guerra.rules.state import Phase, Where


def pending_of(state, side):
    return [p for p in state.placements if p.side is side]


def test_example_reinforcements_by_population_in_turn_2():
    """Section 10: with the control map of 9.1 in turn 2 (18 and 14 factors a counter), the
    Republicans receive 5 counters (4 army, 1 garrison) and the Nationalists 3 (2 army, 1
    garrison); the Republican North (11), Málaga and the Nationalist South (13) give none.

    Checklist: GUE-168, GUE-169, GUE-172, GUE-173, GUE-174, GUE-175, GUE-176, GUE-179,
    GAP-GUE-47.
    """
    rules, state = start(real_empty())
    state.turn = 2
    assert state.data.population_value(2, Side.REPUBLICAN) == 18
    assert state.data.population_value(2, Side.NATIONALIST) == 14
    queue_population(state, Side.REPUBLICAN)
    queue_population(state, Side.NATIONALIST)
    republican = pending_of(state, Side.REPUBLICAN)
    nationalist = pending_of(state, Side.NATIONALIST)
    assert len(republican) == 5 and state.mix_left[Side.REPUBLICAN] == [4, 1]
    assert len(nationalist) == 3 and state.mix_left[Side.NATIONALIST] == [2, 1]
    main = set(republican[0].zone)
    assert {"gerona", "barcelona", "madrid", "badajoz", "almeria", "murcia"} <= main
    assert not {"santander", "vizcaya", "guipuzcoa", "malaga"} & main
    assert all(set(p.zone) == main for p in republican)
    north_west = set(nationalist[0].zone)
    assert {"la_coruna", "soria", "logrono", "alava", "navarra"} <= north_west
    assert not {"sevilla", "cadiz"} & north_west
    counts = {frozenset(z): n for z, n in zone_counts(state, Side.REPUBLICAN, 18)}
    assert counts[frozenset({"santander", "vizcaya", "guipuzcoa"})] == 0
    assert counts[frozenset({"malaga"})] == 0
    counts = {frozenset(z): n for z, n in zone_counts(state, Side.NATIONALIST, 14)}
    assert counts[frozenset({"sevilla", "cadiz"})] == 0


def test_disputed_provinces_count_for_nobody():
    """Checklist: GUE-154, GUE-177."""
    rules, state = start(real_empty())
    for z, _ in zone_counts(state, Side.REPUBLICAN, 18) + zone_counts(state, Side.NATIONALIST, 14):
        assert not {"asturias", "segovia", "caceres", "cordoba", "huelva", "granada",
                    "zaragoza", "huesca", "teruel"} & set(z)


def test_two_army_counters_for_each_garrison():
    """Checklist: GUE-172."""
    assert [split_mix(start(real_empty())[1], n) for n in (1, 2, 3, 5, 6, 7)] == [
        (1, 0), (2, 0), (2, 1), (4, 1), (4, 2), (5, 2)]


def strip():
    rows = ["aaaaaaaaabbbbbbbbb"] * 5
    cities = [("acity", 7, 2, 3, "own", True, False), ("bcity", 13, 2, 3, "enemy", True, False)]
    return scenario(make_map(rows, {"a": "own", "b": "enemy"}, cities),
                    [province("own", "nationalist", 30), province("enemy", "republican", 2)])


def test_placement_at_an_own_capital_or_next_to_it_outside_enemy_control_zones():
    """Checklist: GUE-170, GUE-171, GAP-GUE-48."""
    rules, state = start(strip())
    state.turn = 2
    queue_population(state, Side.NATIONALIST)
    pending = state.placements[0]
    army_family = state.data.population_families[Side.NATIONALIST][0]
    hexes = placement_hexes(state, pending, army_family)
    capital = h(7, 2)
    assert capital in hexes and len(hexes) == 7
    put(state, "republican_army", h(9, 2), "republican")
    hexes = placement_hexes(state, pending, army_family)
    assert h(8, 2) not in hexes and capital in hexes and len(hexes) == 6
    put(state, "nationalist_army", h(6, 2))
    assert h(6, 2) not in placement_hexes(state, pending, army_family)


def test_reinforcements_are_placed_first_player_first_through_the_sequence():
    """Checklist: GUE-178."""
    rules, state = start(real_empty())
    put(state, "nationalist_army", city(state, "burgos"))
    put(state, "republican_army", city(state, "madrid"), "republican")
    pass_turn(rules, state)
    assert state.turn == 2 and state.phase is Phase.POPULATION
    assert state.decision.player == "nationalist" and state.decision.kind == "place"
    families = {a.family for a in rules.legal_actions(state)}
    assert families == {"nationalist_army", "nationalist_garrison"}
    while state.placements and state.placements[0].side is Side.NATIONALIST:
        rules.apply(state, rules.legal_actions(state)[0])
    assert state.decision.player == "republican"
    with pytest.raises(IllegalActionError):
        rules.apply(state, PlaceCounter("nationalist_army", 0, 0))


def test_garrison_count_is_kept_when_placing():
    """Checklist: GUE-172, GAP-GUE-46."""
    rules, state = start(real_empty())
    state.turn = 2
    queue_population(state, Side.NATIONALIST)
    state.phase = Phase.POPULATION
    set_decision(state)
    garrisons = [a for a in rules.legal_actions(state) if a.family == "nationalist_garrison"]
    rules.apply(state, garrisons[0])
    assert state.mix_left[Side.NATIONALIST] == [2, 0]
    assert all(a.family == "nationalist_army" for a in rules.legal_actions(state))


def test_fixed_reinforcements_of_turn_2():
    """Checklist: GUE-166, GUE-167, GAP-GUE-09."""
    rules, state = start(real_empty())
    put(state, "nationalist_army", city(state, "burgos"))
    put(state, "republican_army", city(state, "madrid"), "republican")
    pass_turn(rules, state)
    while state.phase is Phase.POPULATION:
        rules.apply(state, rules.legal_actions(state)[0])
    assert state.phase is Phase.FIXED
    seen = {}
    while state.phase is Phase.FIXED:
        legal = rules.legal_actions(state)
        family = legal[0].family
        seen[family] = seen.get(family, 0) + 1
        board = state.data.board
        if family == "army_of_africa":
            assert any(board.territory.get(h_of(a)) == "north_africa" for a in legal)
        if family == "nationalist_navy":
            assert all(board.is_sea(h_of(a)) for a in legal)
        rules.apply(state, legal[0])
    assert seen == {"army_of_africa": 1, "nationalist_air": 2, "nationalist_navy": 1,
                    "republican_air": 2, "republican_army": 1}


def h_of(action):
    return Hex(action.q, action.r)


def test_an_empty_pool_gives_nothing():
    """Checklist: GAP-GUE-23, GAP-GUE-48."""
    rules, state = start(strip())
    state.turn = 2
    for unit in state.units.values():
        if unit.family == "nationalist_army":
            unit.where = Where.ELIMINATED
    queue_population(state, Side.NATIONALIST)
    assert state.mix_left[Side.NATIONALIST] == [2, 0]
    assert families_for(state, state.placements[0]) == []
    state.phase = Phase.POPULATION
    events = next_placement(state)
    assert not any(p.family is None for p in state.placements)
    assert any("lost" in e.text for e in events)


# --- conversions (section 12) --------------------------------------------------------------------


def garrisons_at(state, *cities, side="republican"):
    family = f"{side}_garrison"
    return [put(state, family, city(state, c), side) for c in cities]


def test_example_conversions_need_one_zone_of_own_provinces():
    """Section 12: with the control map of 9.1, Gerona + Almería may convert, Jaén + Málaga
    may not; La Coruña + Navarra may, Cádiz + Ávila may not.

    Checklist: GUE-198.
    """
    rules, state = start(real_empty())
    state.turn = 3
    gerona, almeria, jaen, malaga = garrisons_at(state, "gerona", "almeria", "jaen", "malaga")
    coruna, pamplona, cadiz, avila = garrisons_at(state, "la_coruna", "pamplona", "cadiz",
                                                  "avila", side="nationalist")
    republican = conversion_actions(state, "republican")
    assert Convert(gerona.id, almeria.id, gerona.id) in republican
    assert Convert(gerona.id, almeria.id, almeria.id) in republican
    assert not any({a.first, a.second} == {jaen.id, malaga.id} for a in republican)
    nationalist = conversion_actions(state, "nationalist")
    assert Convert(coruna.id, pamplona.id, coruna.id) in nationalist
    assert not any({a.first, a.second} == {cadiz.id, avila.id} for a in nationalist)


def test_conversion_from_turn_3_capped_by_the_table_until_turn_7():
    """Checklist: GUE-194, GUE-195, GAP-GUE-13."""
    rules, state = start(real_empty())
    a, b, c, d = garrisons_at(state, "gerona", "almeria", "madrid", "valencia")
    for turn, expected in ((2, 0), (3, 1), (5, 2), (6, 2)):
        state.turn = turn
        state.conversions_done[Side.REPUBLICAN] = 0
        assert conversions_left(state, Side.REPUBLICAN) == expected
    state.turn = 7
    assert conversions_left(state, Side.REPUBLICAN) is None


def test_conversion_puts_an_army_on_either_hex_and_returns_the_garrisons():
    """Checklist: GUE-196, GUE-197."""
    rules, state = start(real_empty())
    put(state, "nationalist_army", city(state, "burgos"))
    put(state, "republican_army", city(state, "albacete"), "republican")
    a, b = garrisons_at(state, "gerona", "almeria")
    pass_turn(rules, state)
    pass_turn(rules, state)
    assert state.turn == 3
    while state.phase is not Phase.CONVERSION:
        rules.apply(state, rules.legal_actions(state)[0])
    while state.decision.player != "republican":
        rules.apply(state, EndConversions())
    rules.apply(state, Convert(a.id, b.id, b.id))
    army = [state.units[i] for i in state.land_at[city(state, "almeria")]]
    assert [u.family for u in army] == ["republican_army"]
    assert army[0].player == "republican"
    assert a.where is Where.POOL and b.where is Where.POOL
    assert state.phase is not Phase.CONVERSION or EndConversions() in rules.legal_actions(state)


def test_garrisons_in_disputed_provinces_cannot_convert():
    """Checklist: GAP-GUE-49."""
    rules, state = start(real_empty())
    state.turn = 7
    garrisons_at(state, "oviedo", "huesca", side="nationalist")
    assert conversion_actions(state, "nationalist") == []
    eliminate(state, state.units[state.land_at[city(state, "oviedo")][0]], "test")
