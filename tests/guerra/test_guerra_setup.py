"""Options (sections 3, 4), initial placement (section 6), control markers (9.1) and the
first-player roll (section 4)."""

from __future__ import annotations

from collections import Counter

import pytest
from guerra_kit import FallbackDice, city, real_scenario, real_start

from engine.core.actions import IllegalActionError
from guerra.rules import GuerraRules
from guerra.rules.actions import PlaceCounter, SetOptions
from guerra.rules.data import Kind, Level, Side
from guerra.rules.state import Phase, Where


def test_options_offer_levels_players_and_tie_agreement():
    """Checklist: GUE-023."""
    rules = GuerraRules()
    state = rules.new_game(real_scenario(), 1)
    assert state.decision.kind == "options"
    legal = rules.legal_actions(state)
    assert {a.level for a in legal} == {"basic", "intermediate", "advanced"}
    assert {(a.nationalist_players, a.republican_players) for a in legal} == {
        (1, 1), (2, 1), (2, 2)}
    assert {a.tie_ends_game for a in legal} == {True, False}
    with pytest.raises(IllegalActionError):
        rules.apply(state, SetOptions("advanced", 1, 2, True))


def test_levels_of_play_switch_fec_and_weather():
    """Checklist: GUE-029."""
    assert not Level.BASIC.uses_fec and not Level.BASIC.uses_weather
    assert Level.INTERMEDIATE.uses_fec and not Level.INTERMEDIATE.uses_weather
    assert Level.ADVANCED.uses_fec and Level.ADVANCED.uses_weather


def test_initial_placement_of_section_6():
    """Checklist: GUE-043, GUE-044, GUE-045, GUE-046, GUE-047, GUE-049, GUE-052, GUE-209,
    GAP-GUE-25.
    """
    rules, state = real_start()
    on_map = [u for u in state.units.values() if u.where is Where.MAP]
    count = Counter((u.side, u.kind) for u in on_map)
    assert count[(Side.NATIONALIST, Kind.ARMY)] == 8
    assert count[(Side.NATIONALIST, Kind.GARRISON)] == 8
    assert count[(Side.NATIONALIST, Kind.NAVAL)] == 2
    assert count[(Side.REPUBLICAN, Kind.ARMY)] == 6
    assert count[(Side.REPUBLICAN, Kind.GARRISON)] == 11
    assert count[(Side.REPUBLICAN, Kind.NAVAL)] == 4
    assert not any(u.kind is Kind.AIR for u in on_map)
    assert not any(u.family in ("ctv", "condor_legion", "international_brigades")
                   for u in on_map)
    for cid, family in [("madrid", "republican_army"), ("madrid", "republican_garrison"),
                        ("mieres", "republican_garrison"), ("pamplona", "nationalist_army"),
                        ("oviedo", "nationalist_garrison")]:
        assert family in [state.units[i].family for i in state.land_at[city(state, cid)]]
    africa = [u for u in on_map if u.family == "army_of_africa"]
    assert len(africa) == 3
    assert all(state.data.board.territory[u.hex] == "north_africa" for u in africa)


def test_naval_counters_start_on_the_sea_hex_next_to_their_city():
    """Checklist: GUE-045, GUE-048, GUE-050, GAP-GUE-27."""
    rules, state = real_start()
    board = state.data.board
    expected = {"vigo": 1, "cadiz": 1, "cartagena": 2, "barcelona": 1, "bilbao": 1}
    for cid, n in expected.items():
        c = city(state, cid)
        near = [u for u in state.units.values() if u.kind is Kind.NAVAL
                and u.where is Where.MAP and u.hex in board.cells
                and board.index[u.hex] in board.adjacent[board.index[c]]]
        assert len(near) >= n, cid


def test_army_of_africa_placed_by_the_nationalists_anywhere_in_north_africa_stacked():
    """Checklist: GUE-051, GUE-138, GAP-GUE-26."""
    rules = GuerraRules()
    state = rules.new_game(real_scenario(), 0, FallbackDice([4, 3]))
    rules.apply(state, SetOptions("basic", 1, 1, True))
    assert state.phase is Phase.AFRICA
    assert state.decision.player == "nationalist"
    legal = rules.legal_actions(state)
    africa = set(state.data.board.territory_hexes["north_africa"])
    assert {(a.q, a.r) for a in legal} == {(h.q, h.r) for h in africa}
    spot = legal[0]
    for _ in range(3):
        rules.apply(state, PlaceCounter(spot.family, spot.q, spot.r))
    assert len(state.land_at[next(iter(h for h in africa if (h.q, h.r) == (spot.q, spot.r)))]) == 3
    assert state.first_side is Side.NATIONALIST
    assert state.phase is Phase.MOVEMENT and state.decision.player == "nationalist"


def test_first_player_roll_repeats_ties_and_the_higher_moves_first():
    """Checklist: GUE-020, GUE-034, GUE-211, GAP-GUE-18."""
    rules = GuerraRules()
    state = rules.new_game(real_scenario(), 0, FallbackDice([3, 3, 4, 4, 2, 5]))
    rules.apply(state, SetOptions("basic", 1, 1, True))
    while state.phase is Phase.AFRICA:
        rules.apply(state, rules.legal_actions(state)[0])
    assert state.first_side is Side.REPUBLICAN
    assert state.decision.player == "republican" and state.decision.kind == "movement"


def test_initial_control_table():
    """Checklist: GUE-022, GUE-148, GUE-157, GUE-210."""
    rules, state = real_start()
    status = Counter(state.status.values())
    assert status == {Side.NATIONALIST: 17, Side.REPUBLICAN: 21, None: 9}


def test_sectors_give_each_counter_a_seat_in_a_four_player_game():
    """Checklist: GUE-026."""
    rules, state = real_start(nationalists=2, republicans=2)
    seat = {state.units[i].player for i in state.land_at[city(state, "madrid")]}
    assert seat == {"republican_2"}
    seat = {state.units[i].player for i in state.land_at[city(state, "barcelona")]}
    assert seat == {"republican"}
    assert {state.units[i].player for i in state.land_at[city(state, "sevilla")]} == {
        "nationalist_2"}
    assert state.decision.player == "nationalist"


def test_three_players_give_two_nationalist_seats_and_one_republican():
    """Checklist: GUE-025."""
    rules, state = real_start(nationalists=2, republicans=1)
    players = {u.player for u in state.units.values() if u.where is Where.MAP}
    assert players == {"nationalist", "nationalist_2", "republican"}
