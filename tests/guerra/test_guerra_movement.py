"""Movement of land counters (section 7): movement and displacement factors, own and disputed
provinces, the first three turns, roads, mountains, other counters, control zones, split moves
and the order of movement and combat. Hand-made maps keep the geometry obvious: a straight row
of hexes costs one point a hex."""

from __future__ import annotations

import pytest
from guerra_kit import h, make_map, province, put, scenario, start

from engine.core.actions import IllegalActionError
from engine.core.hexgrid import hex_neighbors
from guerra.rules import GuerraRules
from guerra.rules.actions import Attack, EndCombats, EndMovement, MoveTo, Select, Stay
from guerra.rules.data import Side
from guerra.rules.state import Phase

WIDE = 30


def plain(rows: int = 9, mountains: frozenset[tuple[int, int]] = frozenset(),
          road_row: int | None = None, cities: tuple = ()) -> object:
    """Columns 0-14 Nationalist ("a"), 15-21 disputed ("b"), 22-29 Republican ("c")."""
    grid = []
    for r in range(rows):
        row = ""
        for c in range(WIDE):
            letter = "a" if c < 15 else "b" if c < 22 else "c"
            row += letter.upper() if (c, r) in mountains else letter
        grid.append(row)
    base_cities = [("a_town", 1, 0, 3, "own", True, False),
                   ("b_town", 18, 0, 3, "mid", True, False),
                   ("c_town", 28, 0, 3, "enemy", True, False)]
    roads = [[(c, road_row) for c in range(WIDE)]] if road_row is not None else []
    m = make_map(grid, {"a": "own", "b": "mid", "c": "enemy"}, [*base_cities, *cities], roads)
    return scenario(m, [province("own", "nationalist"), province("mid", "disputed"),
                        province("enemy", "republican")])


def reach_of(rules, state, unit):
    rules.apply(state, Select(unit.id))
    return dict(state.reach)


def movement_position(turn: int, counters: dict[str, str]) -> tuple[GuerraRules, object]:
    """The Nationalist movement of `turn` on the plain map, with `counters` ({id: "col,row"})
    on the map: built through the rules' door for positions (engine.core.position)."""
    rules = GuerraRules()
    state = rules.from_position(plain(), {
        "options": {"level": "advanced"},
        "turn": turn,
        "phase": "movement",
        "first_side": "nationalist",
        "counters": {uid: {"hex": spot} for uid, spot in counters.items()},
    })
    return rules, state


def test_army_displacement_is_10_through_own_provinces_from_turn_4():
    """Checklist: GUE-077, GUE-161."""
    rules, state = movement_position(4, {"N-A01": "2,4"})
    army = state.units["N-A01"]
    reach = reach_of(rules, state, army)
    assert h(12, 4) in reach and reach[h(12, 4)].cost == 10
    assert h(13, 4) not in reach
    assert not reach[h(12, 4)].fight


def test_army_displacement_is_7_when_partly_through_disputed_provinces():
    """Checklist: GUE-078, GAP-GUE-31."""
    rules, state = movement_position(4, {"N-A01": "10,4"})
    reach = reach_of(rules, state, state.units["N-A01"])
    assert h(17, 4) in reach      # 7 hexes, the last 3 in the disputed province
    assert h(18, 4) not in reach  # 8 hexes would need the own-province factor
    assert reach[h(1, 4)].cost == 9  # 9 hexes the other way, all in the own province


def test_first_three_turns_displacement_is_7_everywhere():
    """Checklist: GUE-080."""
    rules, state = start(plain())
    for turn, row in zip((1, 2, 3, 4), (0, 2, 4, 6), strict=True):
        state.turn = turn
        army = put(state, "nationalist_army", h(2, row))
        reach = reach_of(rules, state, army)
        assert reach[h(9, row)].cost == 7
        assert (h(10, row) in reach) is (turn == 4)
        rules.apply(state, Stay())


def test_garrison_moves_3_and_never_more():
    """Checklist: GUE-055, GUE-086, GAP-GUE-34."""
    rules, state = start(plain())
    state.turn = 8
    garrison = put(state, "nationalist_garrison", h(2, 4))
    reach = reach_of(rules, state, garrison)
    assert max(r.cost for r in reach.values()) == 3
    assert h(5, 4) in reach and h(6, 4) not in reach


def test_road_bonus_needs_the_whole_move_on_the_road_and_turn_4():
    """Checklist: GUE-075, GUE-082, GUE-083, GAP-GUE-33."""
    rules, state = start(plain(road_row=4))
    state.turn = 4
    army = put(state, "nationalist_army", h(1, 4))
    reach = reach_of(rules, state, army)
    assert reach[h(13, 4)].road and reach[h(13, 4)].cost == 12
    assert h(12, 3) not in reach  # 11 hexes, leaving the road: no bonus
    rules.apply(state, Stay())
    state.turn = 3
    early = put(state, "nationalist_army", h(1, 6))
    assert h(9, 6) not in reach_of(rules, state, early)
    rules.apply(state, Stay())
    other = put(state, "nationalist_army", h(2, 4))
    assert not any(r.road for r in reach_of(rules, state, other).values())


def test_road_bonus_for_a_move_to_fight_is_6_and_not_for_garrisons():
    """Checklist: GUE-082, GUE-088."""
    rules, state = start(plain(road_row=4))
    state.turn = 5
    put(state, "republican_army", h(16, 4), "republican")
    army = put(state, "nationalist_army", h(9, 4))
    reach = reach_of(rules, state, army)
    assert reach[h(15, 4)].fight and reach[h(15, 4)].road and reach[h(15, 4)].cost == 6
    rules.apply(state, Stay())
    garrison = put(state, "nationalist_garrison", h(1, 4))
    assert max(r.cost for r in reach_of(rules, state, garrison).values()) == 3


def test_mountains_cost_double_and_a_single_point_left_is_wasted():
    """Checklist: GUE-084, GUE-085."""
    mountains = frozenset((c, r) for c in range(4, 12) for r in range(9))
    rules, state = start(plain(mountains=mountains))
    state.turn = 1
    army = put(state, "nationalist_army", h(1, 4))
    reach = reach_of(rules, state, army)
    assert reach[h(3, 4)].cost == 2
    assert reach[h(4, 4)].cost == 4
    assert reach[h(5, 4)].cost == 6
    assert h(6, 4) not in reach  # one point left of 7: it cannot enter a mountain


def test_garrisons_may_not_enter_mountains():
    """Checklist: GUE-087."""
    mountains = frozenset((4, r) for r in range(9))
    rules, state = start(plain(mountains=mountains))
    garrison = put(state, "nationalist_garrison", h(2, 4))
    reach = reach_of(rules, state, garrison)
    assert not any(hex_.q + hex_.r // 2 >= 4 for hex_ in reach)


def test_no_counter_passes_through_another_land_counter_it_must_go_round():
    """Checklist: GUE-059."""
    rules, state = start(plain())
    mover = put(state, "nationalist_army", h(2, 4))
    reach = reach_of(rules, state, mover)
    assert reach[h(6, 4)].cost == 4
    rules.apply(state, Stay())
    for r in range(9):
        if r != 4:
            put(state, "nationalist_garrison", h(4, r))
    put(state, "nationalist_garrison", h(4, 4))
    other = put(state, "nationalist_army", h(2, 6))
    assert not any(hex_.q + hex_.r // 2 > 4 for hex_ in reach_of(rules, state, other))


def test_a_detour_round_a_counter_costs_more():
    """Checklist: GUE-059."""
    rules, state = start(plain())
    put(state, "nationalist_garrison", h(4, 4))
    mover = put(state, "nationalist_army", h(2, 4))
    assert reach_of(rules, state, mover)[h(6, 4)].cost == 5


def test_counters_stack_only_in_cities_up_to_the_city_limit():
    """Checklist: GUE-003, GUE-135, GUE-138, GAP-GUE-30."""
    town = ("village", 5, 4, 2, "own", False, False)
    rules, state = start(plain(cities=(town,)))
    put(state, "nationalist_garrison", h(5, 4))
    put(state, "nationalist_garrison", h(7, 4))
    mover = put(state, "nationalist_army", h(2, 4))
    reach = reach_of(rules, state, mover)
    assert h(5, 4) in reach       # joins the garrison in the city (limit 2)
    assert h(7, 4) not in reach   # no stacking outside cities
    rules.apply(state, MoveTo(h(5, 4).q, h(5, 4).r))
    third = put(state, "nationalist_army", h(3, 6))
    assert h(5, 4) not in reach_of(rules, state, third)  # the city is full


def test_entering_a_control_zone_stops_and_needs_the_movement_factor():
    """Checklist: GUE-056, GUE-064, GUE-076."""
    rules, state = start(plain())
    state.turn = 4
    put(state, "republican_army", h(12, 4), "republican")
    near = put(state, "nationalist_army", h(7, 4))
    reach = reach_of(rules, state, near)
    assert reach[h(11, 4)].fight and reach[h(11, 4)].cost == 4
    assert h(13, 4) not in reach  # beyond the enemy: only round its control zone, too far
    rules.apply(state, Stay())
    far = put(state, "nationalist_army", h(5, 2))
    reach = reach_of(rules, state, far)
    assert h(11, 4) not in reach  # 6 hexes: too far to fight, and displacement cannot end there
    assert all(not r.fight or r.cost <= 4 for r in reach.values())


def test_a_control_zone_follows_its_counters_as_they_move_and_leave():
    """The enemy control zone is worked out again after an enemy counter moves or leaves
    (it is kept between selections while the enemy stands still)."""
    from guerra.rules.counters import eliminate, move

    rules, state = start(plain())
    state.turn = 4
    enemy = put(state, "republican_army", h(12, 4), "republican")
    mover = put(state, "nationalist_army", h(7, 4))
    assert reach_of(rules, state, mover)[h(11, 4)].fight
    rules.apply(state, Stay())
    mover.moved = False
    move(state, enemy, h(10, 6))
    reach = reach_of(rules, state, mover)
    fights = {x for x, r in reach.items() if r.fight}
    assert not reach[h(11, 4)].fight and fights
    assert fights <= set(hex_neighbors(h(10, 6)))
    rules.apply(state, Stay())
    mover.moved = False
    eliminate(state, enemy, "test")
    assert not any(r.fight for r in reach_of(rules, state, mover).values())


def test_a_counter_cannot_pass_through_a_control_zone():
    """Checklist: GUE-065."""
    rules, state = start(plain(rows=3))
    state.turn = 4
    put(state, "republican_army", h(8, 1), "republican")
    mover = put(state, "nationalist_army", h(4, 1))
    reach = reach_of(rules, state, mover)
    assert not any(hex_.q + hex_.r // 2 > 8 for hex_ in reach)


def test_a_counter_may_leave_a_control_zone_or_shift_within_it_to_fight():
    """Checklist: GUE-066, GUE-067."""
    rules, state = start(plain())
    state.turn = 4
    put(state, "republican_army", h(10, 4), "republican")
    adjacent = put(state, "nationalist_army", h(9, 4))
    reach = reach_of(rules, state, adjacent)
    assert not reach[h(3, 4)].fight          # leaves freely by displacement
    assert reach[h(9, 3)].fight              # another hex of the same control zone
    rules.apply(state, MoveTo(h(9, 3).q, h(9, 3).r))
    assert state.units[adjacent.id].must_fight


def test_a_counter_that_entered_a_control_zone_must_fight():
    """Checklist: GUE-065, GAP-GUE-39."""
    rules, state = start(plain())
    enemy = put(state, "republican_army", h(10, 4), "republican")
    army = put(state, "nationalist_army", h(6, 4))
    rules.apply(state, Select(army.id))
    rules.apply(state, MoveTo(h(9, 4).q, h(9, 4).r))
    rules.apply(state, EndMovement())
    assert state.phase is Phase.COMBAT
    assert EndCombats() not in rules.legal_actions(state)
    with pytest.raises(IllegalActionError):
        rules.apply(state, EndCombats())
    assert Attack(army.id, enemy.id) in rules.legal_actions(state)


def test_no_split_move_and_each_counter_moves_once_per_turn():
    """Checklist: GUE-053, GUE-057, GUE-063."""
    rules, state = start(plain())
    army = put(state, "nationalist_army", h(2, 4))
    rules.apply(state, Select(army.id))
    rules.apply(state, MoveTo(h(4, 4).q, h(4, 4).r))
    assert Select(army.id) not in rules.legal_actions(state)
    with pytest.raises(IllegalActionError):
        rules.apply(state, Select(army.id))


def test_all_movements_come_before_combats():
    """Checklist: GUE-058."""
    rules, state = start(plain())
    put(state, "republican_army", h(10, 4), "republican")
    army = put(state, "nationalist_army", h(9, 4))
    assert not any(isinstance(a, Attack) for a in rules.legal_actions(state))
    rules.apply(state, EndMovement())
    assert Attack(army.id, state.land_at[h(10, 4)][0]) in rules.legal_actions(state)
    assert not any(isinstance(a, Select) for a in rules.legal_actions(state))


def test_entering_an_enemy_province_puts_it_in_dispute_at_once():
    """Checklist: GUE-079, GUE-158."""
    rules, state = start(plain())
    state.turn = 4
    army = put(state, "nationalist_army", h(20, 4))
    reach = reach_of(rules, state, army)
    assert h(23, 4) in reach
    rules.apply(state, MoveTo(h(23, 4).q, h(23, 4).r))
    assert state.status["enemy"] is None


def test_land_counters_stay_on_land():
    """Checklist: GUE-071, GAP-GUE-29."""
    m = make_map(["aa..aa", "aa..aa"], {"a": "own"}, [("t", 0, 0, 3, "own", True, False)])
    rules, state = start(scenario(m, [province("own", "nationalist")]))
    army = put(state, "nationalist_army", h(1, 0))
    reach = reach_of(rules, state, army)
    assert all(state.data.board.is_land(x) for x in reach)
    assert h(4, 0) not in reach


def test_republicans_may_not_enter_north_africa():
    """Checklist: GAP-GUE-28."""
    m = make_map(["aaaa", "tttt"], {"a": "own", "t": "africa"},
                 [("t", 0, 0, 3, "own", True, False)])
    region = {"id": "africa", "name": "Africa", "side": "nationalist", "stacking": 4,
              "sector": "south", "weather_zone": "E"}
    sc = scenario(m, [province("own", "republican")], regions=[region])
    rules, state = start(sc, first=Side.REPUBLICAN)
    army = put(state, "republican_army", h(1, 0))
    reach = reach_of(rules, state, army)
    assert not any(state.data.board.territory[x] == "africa" for x in reach)


def test_special_families_move_as_the_army_counters_of_their_side():
    """Checklist: GAP-GUE-11."""
    def reach_from(family, player=None):
        side = Side.REPUBLICAN if player == "republican" else Side.NATIONALIST
        rules, state = start(plain(), first=side)
        state.turn = 5
        unit = put(state, family, h(3, 4), player)
        return {x: r.cost for x, r in reach_of(rules, state, unit).items()}

    army = reach_from("nationalist_army")
    assert max(army.values()) == 10
    for family in ("ctv", "condor_legion", "army_of_africa"):
        assert reach_from(family) == army, family
    assert reach_from("international_brigades", "republican") == reach_from(
        "republican_army", "republican")
