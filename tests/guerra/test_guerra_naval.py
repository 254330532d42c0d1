"""Naval counters (section 7 2), naval transport (7.1) and the Strait bridge (7.2).

The map: a coast along rows 0-1 (own Nationalist province "own" in columns 0-9, a disputed one
in 10-14, a Republican one in 15-24), open sea below; ports at 2,1 and 8,1 (own), 12,1
(disputed) and 20,1 (enemy). A second map has North Africa across a strait.
"""

from __future__ import annotations

import pytest
from guerra_kit import h, make_map, province, put, scenario, start

from engine.core.actions import DiceRolled, IllegalActionError
from engine.core.hexgrid import hex_distance, hex_neighbors
from guerra.rules.actions import (
    AddAttacker,
    Attack,
    Disembark,
    Embark,
    EndMovement,
    MoveTo,
    Resolve,
    RollNavalMovement,
    Select,
    Stay,
)
from guerra.rules.data import Side
from guerra.rules.naval import naval_use_roll
from guerra.rules.state import Where

WIDTH = 25


def coast():
    rows = []
    for r in range(8):
        if r < 2:
            rows.append("".join("a" if c < 10 else "b" if c < 15 else "c" for c in range(WIDTH)))
        else:
            rows.append("." * WIDTH)
    cities = [("own_port", 2, 1, 3, "own", True, True), ("own_town", 8, 1, 2, "own", False, True),
              ("mid_port", 12, 1, 3, "mid", True, True), ("enemy_port", 20, 1, 3, "enemy", True,
                                                           True)]
    m = make_map(rows, {"a": "own", "b": "mid", "c": "enemy"}, cities)
    return scenario(m, [province("own", "nationalist"), province("mid", "disputed"),
                        province("enemy", "republican")],
                    ports=["own_port", "own_town", "mid_port", "enemy_port"])


def sea_next_to(state, col, row):
    board = state.data.board
    return sorted(x for x in hex_neighbors(h(col, row)) if board.is_sea(x))[0]


def test_naval_use_roll_reads_the_table():
    """Checklist: GUE-020, GUE-090, GAP-GUE-12."""
    rules, state = start(coast(), rolls=[2])
    put(state, "nationalist_navy", h(3, 4))
    put(state, "nationalist_navy", h(6, 4))
    events = naval_use_roll(state, Side.NATIONALIST)
    assert state.naval_allowance[Side.NATIONALIST] == 1
    assert "1 naval counter" in events[0].text
    ships = [a for a in rules.legal_actions(state) if isinstance(a, Select)]
    assert len(ships) == 2
    rules.apply(state, ships[0])
    rules.apply(state, Stay())
    assert [a for a in rules.legal_actions(state) if isinstance(a, Select)] == ships[1:]
    rules.apply(state, ships[1])
    rules.apply(state, next(a for a in rules.legal_actions(state) if isinstance(a, MoveTo)))
    assert not any(isinstance(a, Select) for a in rules.legal_actions(state))


def test_selecting_a_ship_to_see_its_range_rolls_nothing_and_uses_nothing():
    """Section 7 2: the die is rolled for a naval counter's move, not for looking at it; the
    naval-use allowance counts ships that move, transport or attack (GAP-GUE-42).

    Checklist: GUE-090, GUE-091, GAP-GUE-42.
    """
    rules, state = start(coast(), rolls=[2])
    ship = put(state, "nationalist_navy", h(0, 6))
    other = put(state, "nationalist_navy", h(0, 4))
    state.naval_allowance[Side.NATIONALIST] = 1
    before = len(state.dice.log)
    events = rules.apply(state, Select(ship.id))
    assert events == [] and len(state.dice.log) == before and ship.naval_roll == 0
    assert state.naval_used == set()
    assert max(r.cost for r in state.reach.values()) == 12
    rules.apply(state, Stay())
    assert Select(other.id) in rules.legal_actions(state)
    rules.apply(state, Select(other.id))
    assert RollNavalMovement() in rules.legal_actions(state)
    events = rules.apply(state, RollNavalMovement())
    assert other.naval_roll == 2 and state.naval_used == {other.id}
    assert any(isinstance(e, DiceRolled) for e in events)
    assert RollNavalMovement() not in rules.legal_actions(state)
    assert max(r.cost for r in state.reach.values()) == 14


def test_example_naval_movement_12_plus_a_die_of_3_is_15():
    """Checklist: GUE-072, GUE-091, GUE-092."""
    rules, state = start(coast(), rolls=[3])
    ship = put(state, "nationalist_navy", h(0, 6))
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Select(ship.id))
    rules.apply(state, RollNavalMovement())
    assert ship.naval_roll == 3
    assert max(r.cost for r in state.reach.values()) == 15
    assert h(15, 6) in state.reach and h(16, 6) not in state.reach
    assert all(state.data.board.is_sea(x) for x in state.reach)


def test_naval_counters_do_not_pass_through_naval_counters_and_stop_in_control_zones():
    """Checklist: GUE-060."""
    rules, state = start(coast(), rolls=[5])
    ship = put(state, "nationalist_navy", h(0, 5))
    put(state, "republican_navy", h(10, 5), "republican")
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Select(ship.id))
    rules.apply(state, RollNavalMovement())
    assert state.reach[h(9, 5)].fight
    assert h(10, 5) not in state.reach
    assert state.reach[h(12, 5)].cost > hex_distance(h(0, 5), h(12, 5))  # round the zone


def test_transport_embark_at_own_port_move_and_land_at_own_port_then_move_on():
    """Checklist: GUE-081, GUE-103, GUE-106, GUE-108, GAP-GUE-32."""
    rules, state = start(coast(), rolls=[4])
    army = put(state, "nationalist_army", h(2, 1))
    ship = put(state, "nationalist_navy", sea_next_to(state, 2, 1))
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Embark(army.id, ship.id))
    assert army.where is Where.ABOARD and army.carrier == ship.id
    rules.apply(state, Select(ship.id))
    target = sea_next_to(state, 8, 1)
    rules.apply(state, MoveTo(target.q, target.r))
    assert Disembark(army.id, h(12, 1).q, h(12, 1).r) not in rules.legal_actions(state)
    rules.apply(state, Disembark(army.id, h(8, 1).q, h(8, 1).r))
    assert army.hex == h(8, 1) and army.landed
    rules.apply(state, Select(army.id))
    assert max(r.cost for r in state.reach.values()) == 5


def test_a_counter_that_moved_to_the_port_stays_where_it_lands():
    """Checklist: GUE-105, GUE-107."""
    rules, state = start(coast(), rolls=[4])
    army = put(state, "nationalist_army", h(4, 0))
    ship = put(state, "nationalist_navy", sea_next_to(state, 2, 1))
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Select(army.id))
    rules.apply(state, MoveTo(h(2, 1).q, h(2, 1).r))
    rules.apply(state, Embark(army.id, ship.id))
    rules.apply(state, Select(ship.id))
    target = sea_next_to(state, 8, 1)
    rules.apply(state, MoveTo(target.q, target.r))
    rules.apply(state, Disembark(army.id, h(8, 1).q, h(8, 1).r))
    assert not army.landed
    assert Select(army.id) not in rules.legal_actions(state)


def test_embark_in_a_disputed_port_but_never_land_there_nor_in_an_enemy_port():
    """Checklist: GUE-100, GUE-101."""
    rules, state = start(coast(), rolls=[4])
    army = put(state, "nationalist_army", h(12, 1))
    ship = put(state, "nationalist_navy", sea_next_to(state, 12, 1))
    state.naval_allowance[Side.NATIONALIST] = 1
    assert Embark(army.id, ship.id) in rules.legal_actions(state)
    rules.apply(state, Embark(army.id, ship.id))
    assert not any(isinstance(a, Disembark) for a in rules.legal_actions(state))


def test_garrisons_never_embark():
    """Checklist: GUE-089, GUE-097."""
    rules, state = start(coast(), rolls=[4])
    garrison = put(state, "nationalist_garrison", h(2, 1))
    ship = put(state, "nationalist_navy", sea_next_to(state, 2, 1))
    state.naval_allowance[Side.NATIONALIST] = 1
    assert Embark(garrison.id, ship.id) not in rules.legal_actions(state)


def test_two_counters_a_ship_and_two_in_transport_per_player():
    """Checklist: GUE-098, GUE-099, GAP-GUE-42."""
    rules, state = start(coast(), rolls=[4])
    port = h(2, 1)
    armies = [put(state, "nationalist_army", port) for _ in range(3)]
    ship = put(state, "nationalist_navy", sea_next_to(state, 2, 1))
    other = put(state, "nationalist_navy", sorted(
        x for x in hex_neighbors(port) if state.data.board.is_sea(x))[-1])
    state.naval_allowance[Side.NATIONALIST] = 2
    rules.apply(state, Embark(armies[0].id, ship.id))
    rules.apply(state, Embark(armies[1].id, ship.id))
    legal = rules.legal_actions(state)
    assert Embark(armies[2].id, ship.id) not in legal
    assert Embark(armies[2].id, other.id) not in legal   # already two in transport
    with pytest.raises(IllegalActionError):
        rules.apply(state, Embark(armies[2].id, other.id))


def test_a_ship_sunk_takes_its_cargo_with_it():
    """Checklist: GUE-104, GUE-126."""
    rules, state = start(coast())
    army = put(state, "nationalist_army", h(2, 1))
    ship = put(state, "nationalist_navy", sea_next_to(state, 2, 1))
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Embark(army.id, ship.id))
    enemy = put(state, "republican_navy", next(
        x for x in hex_neighbors(ship.hex) if state.data.board.is_sea(x)), "republican")
    state.dice.push(2, 5)
    rules.apply(state, EndMovement())
    rules.apply(state, Attack(ship.id, enemy.id))
    rules.apply(state, Resolve(False))
    assert ship.where is Where.ELIMINATED and army.where is Where.ELIMINATED


def strait_map():
    rows = ["aaaaaa", "aaaaaa", "......", "......", "tttttt", "tttttt"]
    m = make_map(rows, {"a": "cadiz", "t": "africa"},
                 [("cadiz", 1, 0, 3, "cadiz", True, True),
                  ("algeciras", 3, 1, 2, "cadiz", False, True)], strait=(3, 2))
    region = {"id": "africa", "name": "North Africa", "side": "nationalist", "stacking": 4,
              "sector": "south", "weather_zone": "E"}
    return scenario(m, [province("cadiz", "nationalist")], regions=[region],
                    ports=["cadiz", "algeciras"])


def test_strait_bridge_two_counters_a_turn_5_hexes_or_4_to_fight():
    """Checklist: GUE-109, GUE-110, GUE-111, GAP-GUE-44."""
    rules, state = start(strait_map())
    strait = state.data.board.strait
    assert hex_distance(strait, h(3, 1)) == 1
    put(state, "nationalist_navy", strait)
    armies = [put(state, "army_of_africa", h(0, 5)) for _ in range(3)]
    garrison = put(state, "nationalist_garrison", h(5, 5))
    rules.apply(state, Select(armies[0].id))
    bridged = {x for x, r in state.reach.items() if r.bridge}
    assert bridged and all(state.data.board.territory[x] == "cadiz" for x in bridged)
    assert max(state.reach[x].cost for x in bridged) <= 5
    rules.apply(state, MoveTo(h(3, 1).q, h(3, 1).r))
    for army in armies[1:]:
        rules.apply(state, Select(army.id))
        crossing = [x for x, r in state.reach.items() if r.bridge]
        if army is armies[1]:
            assert crossing
            rules.apply(state, MoveTo(crossing[0].q, crossing[0].r))
        else:
            assert not crossing     # only two a turn
            rules.apply(state, Stay())
    assert state.strait_crossings == 2
    rules.apply(state, Select(garrison.id))
    assert not any(r.bridge for r in state.reach.values())


def test_no_bridge_without_an_own_naval_counter_on_the_strait():
    """Checklist: GUE-109."""
    rules, state = start(strait_map())
    army = put(state, "army_of_africa", h(0, 5))
    rules.apply(state, Select(army.id))
    assert not any(r.bridge for r in state.reach.values())


def test_land_and_naval_counters_have_no_control_zone_on_each_other():
    """Checklist: GUE-068."""
    rules, state = start(coast(), rolls=[5])
    put(state, "republican_navy", sea_next_to(state, 5, 1), "republican")
    army = put(state, "nationalist_army", h(3, 1))
    rules.apply(state, Select(army.id))
    assert not any(r.fight for r in state.reach.values())
    rules.apply(state, Stay())
    ship = put(state, "nationalist_navy", h(8, 5))
    put(state, "republican_army", h(12, 1), "republican")
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Select(ship.id))
    near_army = [x for x in hex_neighbors(h(12, 1)) if x in state.reach]
    assert near_army and not any(state.reach[x].fight for x in near_army)


def test_fec_may_be_spent_in_a_naval_combat():
    """Checklist: GUE-190."""
    rules, state = start(coast(), level="intermediate")
    ship = put(state, "nationalist_navy", h(5, 5))
    enemy = put(state, "republican_navy", h(6, 5), "republican")
    state.fec[Side.NATIONALIST] = 10
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, EndMovement())
    rules.apply(state, Attack(ship.id, enemy.id))
    assert Resolve(True) in rules.legal_actions(state)


def test_attacking_uses_a_naval_counter_of_the_naval_use_roll_defending_does_not():
    """Section 7 2: the roll says how many naval counters an army may use this turn; a naval
    counter that attacks is used, so with the allowance spent no other may attack or join, and
    one with no allowance at all cannot attack (GAP-GUE-42).

    Checklist: GUE-090, GUE-126, GAP-GUE-12, GAP-GUE-42.
    """
    rules, state = start(coast())
    first = put(state, "nationalist_navy", h(5, 5))
    second = put(state, "nationalist_navy", h(6, 6))
    enemy = put(state, "republican_navy", h(6, 5), "republican")
    assert hex_distance(second.hex, enemy.hex) == 1
    state.naval_allowance[Side.NATIONALIST] = 0
    rules.apply(state, EndMovement())
    assert not any(isinstance(a, Attack) for a in rules.legal_actions(state))
    rules2, state2 = start(coast())
    first = put(state2, "nationalist_navy", h(5, 5))
    second = put(state2, "nationalist_navy", h(6, 6))
    enemy = put(state2, "republican_navy", h(6, 5), "republican")
    state2.naval_allowance[Side.NATIONALIST] = 1
    rules2.apply(state2, EndMovement())
    attacks = {a for a in rules2.legal_actions(state2) if isinstance(a, Attack)}
    assert attacks == {Attack(first.id, enemy.id), Attack(second.id, enemy.id)}
    rules2.apply(state2, Attack(first.id, enemy.id))
    assert first.id in state2.naval_used
    assert AddAttacker(second.id) not in rules2.legal_actions(state2)
    assert enemy.id not in state2.naval_used   # the defender is not "used"


def test_an_army_that_entered_an_enemy_control_zone_cannot_embark_away_from_its_combat():
    """Sections 7 and 7.1: a counter that enters an enemy control zone "must stop ... and
    engage in combat"; embarking uses the displacement factor, the one of a move that will not
    fight, so such a counter cannot board and escape the combat it owes.

    Checklist: GUE-065, GUE-105.
    """
    rules, state = start(coast())
    army = put(state, "nationalist_army", h(4, 0))
    ship = put(state, "nationalist_navy", sea_next_to(state, 2, 1))
    put(state, "republican_army", h(2, 0), "republican")
    state.naval_allowance[Side.NATIONALIST] = 1
    rules.apply(state, Select(army.id))
    assert state.reach[h(2, 1)].fight
    rules.apply(state, MoveTo(h(2, 1).q, h(2, 1).r))
    assert army.must_fight
    assert Embark(army.id, ship.id) not in rules.legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        rules.apply(state, Embark(army.id, ship.id))
    assert "must fight" in refused.value.reason and refused.value.section == "7.1"
