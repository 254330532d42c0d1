"""Air counters (sections 7 3 and 8): movement 3 over anything but enemy aircraft, stacking of
two, no control zone, and the readaptation movement of 20 at step 8 of the sequence."""

from __future__ import annotations

from guerra_kit import h, make_map, pass_turn, province, put, scenario, start

from engine.core.hexgrid import hex_distance
from guerra.rules.actions import EndMovement, MoveTo, Select, Stay
from guerra.rules.data import Side
from guerra.rules.state import Phase

ROWS = ["aaaaaaaaaaaabbbbbbbbbbbbbbbbbb"] * 3 + ["aaaaaaaaaaaaBbbbbbbbbbbbbbbbbb"] + [
    "aaaaaaaaaaaabbbbbbbbbbbbbbbbbb"] * 3


def air_map():
    cities = [("acity", 2, 3, 3, "own", True, False), ("bcity", 26, 3, 3, "enemy", True, False)]
    return scenario(make_map(ROWS, {"a": "own", "b": "enemy"}, cities),
                    [province("own", "nationalist"), province("enemy", "republican")])


def test_air_moves_3_over_any_counter_but_not_through_enemy_aircraft():
    """Checklist: GUE-061, GUE-062, GUE-073, GUE-093, GUE-096."""
    rules, state = start(air_map())
    plane = put(state, "nationalist_air", h(2, 3))
    put(state, "republican_army", h(4, 3), "republican")
    rules.apply(state, Select(plane.id))
    assert max(r.cost for r in state.reach.values()) == 3
    assert h(4, 3) in state.reach        # over an enemy land counter, may even end there
    rules.apply(state, Stay())
    blocker = put(state, "republican_air", h(8, 3), "republican")
    other = put(state, "nationalist_air", h(6, 3))
    rules.apply(state, Select(other.id))
    assert blocker.hex not in state.reach
    assert h(9, 3) not in state.reach      # the straight way is through the enemy aircraft
    assert h(9, 2) in state.reach


def test_at_most_two_air_counters_a_hex():
    """Checklist: GUE-139."""
    rules, state = start(air_map())
    put(state, "nationalist_air", h(5, 3))
    put(state, "nationalist_air", h(5, 3))
    plane = put(state, "condor_air", h(3, 3))
    rules.apply(state, Select(plane.id))
    assert h(5, 3) not in state.reach and h(6, 3) in state.reach


def test_air_counters_have_no_control_zone():
    """Checklist: GUE-069."""
    rules, state = start(air_map())
    put(state, "republican_air", h(5, 3), "republican")
    army = put(state, "nationalist_army", h(3, 3))
    rules.apply(state, Select(army.id))
    assert not any(r.fight for r in state.reach.values())
    assert h(7, 3) in state.reach


def test_readaptation_after_both_sides_to_an_own_capital_or_next_to_it():
    """Checklist: GUE-054, GUE-094, GUE-221, GAP-GUE-35."""
    rules, state = start(air_map())
    plane = put(state, "nationalist_air", h(20, 3))
    enemy_plane = put(state, "republican_air", h(22, 0), "republican")
    rules.apply(state, EndMovement())
    assert state.phase is Phase.MOVEMENT and state.decision.player == "republican"
    rules.apply(state, EndMovement())
    assert state.phase is Phase.READAPTATION and state.decision.player == "nationalist"
    rules.apply(state, Select(plane.id))
    capital = state.data.board.capitals["own"]
    assert set(state.reach) == {x for x in [capital, *(
        state.data.board.cells[j] for j in
        state.data.board.adjacent[state.data.board.index[capital]])]}
    rules.apply(state, MoveTo(capital.q, capital.r))
    assert plane.hex == capital and plane.readapted
    rules.apply(state, rules.legal_actions(state)[-1])
    assert state.decision.player == "republican"
    rules.apply(state, Select(enemy_plane.id))
    assert all(state.data.board.territory.get(x) in ("enemy", None) or
               hex_distance(x, state.data.board.capitals["enemy"]) <= 1
               for x in state.reach)


def test_readaptation_is_limited_to_20_hexes():
    """Checklist: GUE-094."""
    rules, state = start(air_map())
    plane = put(state, "nationalist_air", h(29, 6))
    rules.apply(state, EndMovement())
    rules.apply(state, EndMovement())
    rules.apply(state, Select(plane.id))
    capital = state.data.board.capitals["own"]
    assert hex_distance(plane.hex, capital) > 21
    assert state.reach == {}


def test_a_side_without_aircraft_skips_readaptation():
    rules, state = start(air_map())
    put(state, "nationalist_army", h(2, 3))
    put(state, "republican_army", h(26, 3), "republican")
    put(state, "republican_air", h(20, 3), "republican")
    rules.apply(state, EndMovement())
    rules.apply(state, EndMovement())
    assert state.phase is Phase.READAPTATION and state.decision.player == "republican"
    pass_turn(rules, state)
    assert state.turn == 2 and state.first_side is Side.NATIONALIST


def test_own_land_and_air_counters_share_a_hex_each_within_its_limit():
    """Checklist: GUE-140."""
    rules, state = start(air_map())
    put(state, "nationalist_army", h(5, 3))
    plane = put(state, "nationalist_air", h(3, 3))
    rules.apply(state, Select(plane.id))
    rules.apply(state, MoveTo(h(5, 3).q, h(5, 3).r))
    assert state.air_at[h(5, 3)] == [plane.id] and len(state.land_at[h(5, 3)]) == 1
    assert rules.check_invariants(state) == []
