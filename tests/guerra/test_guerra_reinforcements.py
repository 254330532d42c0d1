"""Reinforcements (section 10) and conversions of garrisons (section 12), with the worked
examples of both sections on the real map and the initial control map of section 9.1."""

from __future__ import annotations

import pytest
from guerra_kit import city, h, make_map, pass_turn, province, put, real_empty, scenario, start

from engine.core.actions import IllegalActionError
from engine.core.hexgrid import Hex, hex_neighbors
from guerra.rules.actions import Convert, EndConversions, PlaceCounter
from guerra.rules.conversion import conversion_actions, conversions_left
from guerra.rules.counters import eliminate
from guerra.rules.data import Side, Terrain
from guerra.rules.provinces import zones
from guerra.rules.reinforcements import (
    counting_order,
    families_for,
    paying_groups,
    placement_hexes,
    queue_population,
    split_mix,
    zone_counts,
)
from guerra.rules.sequence import next_placement, set_decision
from guerra.rules.state import PendingPlacement, Phase, Where


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
    paid = set().union(*(p.zone for p in republican))
    assert {"gerona", "barcelona", "madrid", "almeria", "murcia"} <= paid
    assert not {"santander", "vizcaya", "guipuzcoa", "malaga"} & paid
    paid = set().union(*(p.zone for p in nationalist))
    assert {"la_coruna", "soria", "logrono", "alava", "navarra"} <= paid
    assert not {"sevilla", "cadiz"} & paid
    counts = {frozenset(z): n for z, n in zone_counts(state, Side.REPUBLICAN, 18)}
    assert counts[frozenset({"santander", "vizcaya", "guipuzcoa"})] == 0
    assert counts[frozenset({"malaga"})] == 0
    counts = {frozenset(z): n for z, n in zone_counts(state, Side.NATIONALIST, 14)}
    assert counts[frozenset({"sevilla", "cadiz"})] == 0


def main_zone(state, side, member):
    return next(z for z in zones(state, side) if member in z)


def test_each_counter_is_paid_by_the_provinces_counted_for_it():
    """Section 10: "each time the population factors needed to receive a reinforcement counter
    are counted, the counter is placed in one of the provinces which, with the sum of their
    population factors, have given the right to receive that reinforcement counter.
    Afterwards, if population factors are left over ... they may be used in the adjacent
    provinces." With the control map of 9.1 in turn 2 (18 a Republican counter), the main
    Republican zone is counted from Gerona, each next province next to the last one counted,
    and its five counters are each tied to the provinces that paid for them: Madrid's 13
    factors pay for one counter only.

    Checklist: GUE-171, GUE-173, GUE-174, GAP-GUE-47.
    """
    rules, state = start(real_empty())
    zone = main_zone(state, Side.REPUBLICAN, "madrid")
    order = counting_order(state, zone)
    assert order[0] == "gerona" and sorted(order) == sorted(zone)
    neighbours = state.data.board.province_neighbours
    for i, p in enumerate(order[1:], 1):
        assert set(neighbours[p]) & set(order[:i]), p  # carried on to an adjacent province
    groups = paying_groups(state, zone, 18)
    population = {p: state.data.provinces[p].population for p in zone}
    assert len(groups) == sum(population.values()) // 18 == 5
    assert sum(1 for g in groups if "madrid" in g) == 1
    assert [len(set(g)) for g in groups] == [len(g) for g in groups]
    counted = 0
    for i, group in enumerate(groups):  # each group brings the factors that reach 18 again
        counted += sum(population[p] for p in group)
        assert counted >= 18 * (i + 1)
        assert counted - population[group[-1]] < 18 * (i + 1)
    assert groups[0] == ("gerona", "lerida", "barcelona")


def test_a_province_rich_enough_pays_for_several_counters_alone():
    """Section 10 at 6 factors a counter: Gerona's and Lérida's 3 pay for a first counter,
    Barcelona's 17 alone for the next two, and its 5 left over are added to Tarragona's 3 for
    a fourth counter placed in Tarragona (the province counted for it).

    Checklist: GAP-GUE-47.
    """
    rules, state = start(real_empty())
    groups = paying_groups(state, main_zone(state, Side.REPUBLICAN, "barcelona"), 6)
    assert groups[:4] == [("gerona", "lerida"), ("barcelona",), ("barcelona",), ("tarragona",)]


def test_a_population_counter_goes_only_where_its_factors_came_from():
    """Section 10 (GAP-GUE-47): five Republican counters of the main zone cannot all go to
    Madrid; only the counter Madrid helped to pay for may be placed there, and only on hexes of
    the provinces that paid for it.

    Checklist: GUE-171, GAP-GUE-47.
    """
    rules, state = start(real_empty())
    state.turn = 2
    queue_population(state, Side.REPUBLICAN)
    board = state.data.board
    madrid = city(state, "madrid")
    army = state.data.population_families[Side.REPUBLICAN][0]
    at_madrid = [p for p in state.placements if madrid in placement_hexes(state, p, army)]
    assert len(at_madrid) == 1 and "madrid" in at_madrid[0].zone
    for pending in state.placements:
        for x in placement_hexes(state, pending, army):
            assert board.territory[x] in pending.zone


def test_a_fixed_reinforcement_may_go_next_to_an_own_capital_in_any_province():
    """Section 10: turn reinforcements "may be received on any hexagon of an own provincial
    capital, or on another hexagon adjacent to it" — the text asks nothing of the province of
    that adjacent hex, so a free hex next to Lérida's capital inside disputed Huesca is legal.

    Checklist: GUE-167.
    """
    rules, state = start(real_empty())
    board = state.data.board
    lerida = city(state, "lerida")
    outside = [x for x in hex_neighbors(lerida) if board.territory.get(x) not in (None, "lerida")
               and board.terrain.get(x) is Terrain.LAND]
    pending = PendingPlacement(Side.REPUBLICAN, "republican", (), "republican_army")
    hexes = placement_hexes(state, pending, "republican_army")
    assert set(outside) <= set(hexes)
    disputed = [x for x in outside if state.status.get(board.territory[x]) is None]
    assert disputed, "Huesca (disputed) touches Lérida's capital on this map"
    by_population = PendingPlacement(Side.REPUBLICAN, "republican", ("lerida",), None)
    assert not set(outside) & set(placement_hexes(state, by_population, "republican_army"))


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
    may not; La Coruña + Navarra may, Cádiz + Avila may not.

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


def test_the_placement_prompt_says_what_is_placed_and_who_paid_for_it():
    """Section 10: the prompt names the provinces that paid for a population counter, or the
    family of a turn-table counter."""
    rules, state = start(real_empty())
    state.turn = 2
    queue_population(state, Side.REPUBLICAN)
    state.phase = Phase.POPULATION
    set_decision(state)
    assert "Gerona" in state.decision.prompt and "army or garrison" in state.decision.prompt
    state.placements = [PendingPlacement(Side.NATIONALIST, "nationalist", (), "army_of_africa")]
    set_decision(state)
    assert state.data.families["army_of_africa"].name in state.decision.prompt
