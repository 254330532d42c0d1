"""The meteorological factor (section 13; step 5 of section 14), advanced level only."""

from __future__ import annotations

from guerra_kit import h, make_map, pass_turn, province, put, scenario, start

from engine.core.actions import DiceRolled
from guerra.rules.actions import Attack, EndMovement, Resolve, Select
from guerra.rules.state import Phase
from guerra.rules.weather import attack_cut, clear_weather, roll_weather


def zoned():
    """Two provinces: "north" in weather zone B, "south" in zone E."""
    rows = ["aaaaaaaaaa"] * 3 + ["bbbbbbbbbb"] * 3
    cities = [("ncity", 1, 1, 3, "north", True, False), ("scity", 1, 4, 3, "south", True, False)]
    return scenario(make_map(rows, {"a": "north", "b": "south"}, cities),
                    [province("north", "nationalist", zone="B"),
                     province("south", "republican", zone="E")])


def weather_rolls(events):
    return [e for e in events if isinstance(e, DiceRolled) and e.purpose == "weather"]


def test_example_turn_2_only_zone_b_is_rolled_and_a_2_triggers_it():
    """Checklist: GUE-201, GUE-204."""
    rules, state = start(zoned())
    state.turn = 2
    state.dice.push(2)
    events = roll_weather(state)
    assert len(weather_rolls(events)) == 1 and "zone B" in weather_rolls(events)[0].text
    assert set(state.weather) == {"B"}
    clear_weather(state)
    state.dice.push(3)
    roll_weather(state)
    assert state.weather == {}


def test_example_turn_3_rolls_zones_a_b_c_and_d():
    """Checklist: GUE-205, GAP-GUE-14."""
    rules, state = start(zoned())
    state.turn = 3
    state.dice.push(3, 3, 3, 3)
    events = roll_weather(state)
    assert [e.text.split(":")[0] for e in weather_rolls(events)] == [
        "Weather in zone A", "Weather in zone B", "Weather in zone C", "Weather in zone D"]


def test_a_blank_box_needs_no_roll():
    """Checklist: GUE-202."""
    rules, state = start(zoned())
    state.turn = 6
    assert weather_rolls(roll_weather(state)) == []


def test_the_movement_cut_applies_to_land_counters_of_the_zone_only():
    """Checklist: GUE-203, GUE-206."""
    rules, state = start(zoned())
    state.turn = 2
    state.dice.push(2)
    roll_weather(state)
    north = put(state, "nationalist_army", h(2, 1))
    south = put(state, "nationalist_army", h(2, 4))
    rules.apply(state, Select(north.id))
    assert max(r.cost for r in state.reach.values()) == 5   # 7 less 2
    rules.apply(state, rules.legal_actions(state)[-1])
    rules.apply(state, Select(south.id))
    assert max(r.cost for r in state.reach.values()) == 7


def test_the_combat_cut_applies_to_attackers_of_the_zone_per_counter_or_per_combat():
    """Checklist: GUE-203, GAP-GUE-15."""
    rules, state = start(zoned())
    state.turn = 4
    state.dice.push(3, 3, 3, 3, 2)   # turn 4: every zone; B and E triggered (E needs a 2)
    roll_weather(state)
    assert state.weather["B"].per_counter and not state.weather["E"].per_counter
    a = put(state, "nationalist_army", h(3, 1))
    b = put(state, "nationalist_army", h(4, 1))
    c = put(state, "republican_army", h(3, 4), "republican")
    d = put(state, "republican_army", h(4, 4), "republican")
    assert attack_cut(state, [a, b]) == 2
    assert attack_cut(state, [c, d]) == 1


def test_weather_cuts_the_attack_in_a_real_combat_and_markers_go_at_the_end_of_turn():
    """Checklist: GUE-207, GUE-208."""
    rules, state = start(zoned())
    state.turn = 2
    state.dice.push(2)
    roll_weather(state)
    attacker = put(state, "nationalist_army", h(3, 2))
    defender = put(state, "republican_army", h(3, 3), "republican")
    rules.apply(state, EndMovement())
    rules.apply(state, Attack(attacker.id, defender.id))
    state.dice.push(4, 4)
    events = rules.apply(state, Resolve(False))
    rolls = [e.text for e in events if isinstance(e, DiceRolled)]
    assert rolls[0].startswith("Attacker rolls 4 × 1")
    assert clear_weather(state) and state.weather == {}


def test_weather_is_rolled_only_at_the_advanced_level():
    """Checklist: GUE-030, GUE-031, GUE-199."""
    for level, expected in (("basic", 0), ("intermediate", 0), ("advanced", 1)):
        rules, state = start(zoned(), level=level)
        put(state, "nationalist_army", h(2, 1))
        put(state, "republican_army", h(8, 4), "republican")
        events = pass_turn(rules, state)
        while state.phase in (Phase.POPULATION, Phase.FIXED):
            events += rules.apply(state, rules.legal_actions(state)[0])
        assert len(weather_rolls(events)) == expected, level
