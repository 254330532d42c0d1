"""Combat (section 8) with air support, city stacks and the F.E.C. of section 11.

The map: one Nationalist province on the left ("x"), one Republican on the right ("y"); a
provincial capital at 5,3 and a mountain hex at 8,3. The Nationalists move first, so after
their EndMovement they declare combats; the scripted dice give the attacker's die then the
defender's.
"""

from __future__ import annotations

import pytest
from guerra_kit import h, make_map, province, put, scenario, start

from engine.core.actions import DiceRolled, IllegalActionError
from engine.core.hexgrid import hex_neighbor, hex_neighbors
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    DefenceReady,
    EndMovement,
    Resolve,
    Support,
    TakeLoss,
)
from guerra.rules.combat import stack_result
from guerra.rules.data import Side
from guerra.rules.state import Phase, Where

ROWS = [
    "xxxxxxyyyyyy",
    "xxxxxxyyyyyy",
    "xxxxxxyyyyyy",
    "xxxxxxyyYyyy",
    "xxxxxxyyyyyy",
    "xxxxxxyyyyyy",
    "xxxxxxyyyyyy",
]
CITIES = [("xcity", 5, 3, 3, "xland", True, False), ("ycity", 10, 0, 3, "yland", True, False),
          ("village", 2, 5, 2, "xland", False, False)]


def game(level: str = "basic"):
    sc = scenario(make_map(ROWS, {"x": "xland", "y": "yland"}, CITIES),
                  [province("xland", "nationalist"), province("yland", "republican")])
    return start(sc, level=level)


E, NE, NW, W, SW, SE = range(6)
CITY = h(5, 3)
MOUNTAIN = h(8, 3)


def at(base, direction):
    return hex_neighbor(base, direction)


def to_combat(rules, state):
    rules.apply(state, EndMovement())
    assert state.phase is Phase.COMBAT


def factors(events):
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    return [int(e.text.split("× ")[1].split(" ")[0]) for e in rolls]


def test_die_times_combat_factor_the_higher_wins_and_the_loser_is_eliminated():
    """Checklist: GUE-013, GUE-114, GUE-115."""
    rules, state = game()
    attacker = put(state, "nationalist_army", h(3, 1))
    defender = put(state, "republican_army", h(4, 1), "republican")
    to_combat(rules, state)
    state.dice.push(4, 3)
    rules.apply(state, Attack(attacker.id, defender.id))
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [2, 2]
    assert defender.where is Where.ELIMINATED and attacker.where is Where.MAP


def test_a_tie_leaves_both_counters_in_place():
    """Checklist: GUE-116."""
    rules, state = game()
    attacker = put(state, "nationalist_army", h(3, 1))
    defender = put(state, "republican_army", h(4, 1), "republican")
    to_combat(rules, state)
    state.dice.push(3, 3)
    rules.apply(state, Attack(attacker.id, defender.id))
    rules.apply(state, Resolve(False))
    assert attacker.where is Where.MAP and defender.where is Where.MAP


def test_the_attacker_loses_when_the_defender_rolls_higher():
    """Checklist: GUE-115, GUE-121."""
    rules, state = game()
    attacker = put(state, "nationalist_army", h(3, 1))
    defender = put(state, "republican_army", h(4, 1), "republican")
    to_combat(rules, state)
    state.dice.push(2, 5)
    rules.apply(state, Attack(attacker.id, defender.id))
    rules.apply(state, Resolve(False))
    assert attacker.where is Where.ELIMINATED and defender.where is Where.MAP


def test_defending_in_a_city_or_on_a_mountain_adds_one():
    """Checklist: GUE-122."""
    rules, state = game()
    in_city = put(state, "republican_army", CITY, "republican")
    a1 = put(state, "nationalist_army", at(CITY, W))
    on_mountain = put(state, "republican_army", MOUNTAIN, "republican")
    a2 = put(state, "nationalist_army", at(MOUNTAIN, NE))
    to_combat(rules, state)
    state.dice.push(3, 2)
    rules.apply(state, Attack(a1.id, in_city.id))
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [2, 3]          # 6 against 6: a tie
    assert in_city.where is Where.MAP and a1.where is Where.MAP
    state.dice.push(3, 2)
    rules.apply(state, Attack(a2.id, on_mountain.id))
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [2, 3]


def test_the_mountain_bonus_is_only_in_defence():
    """Checklist: GUE-122."""
    rules, state = game()
    on_mountain = put(state, "nationalist_army", MOUNTAIN)
    target = put(state, "republican_army", at(MOUNTAIN, E), "republican")
    to_combat(rules, state)
    state.dice.push(3, 3)
    rules.apply(state, Attack(on_mountain.id, target.id))
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [2, 2]


def test_several_attackers_add_their_factors_and_roll_one_die():
    """Checklist: GUE-113, GUE-117, GAP-GUE-37."""
    rules, state = game()
    d = put(state, "republican_army", h(3, 1), "republican")
    a = put(state, "nationalist_army", at(d.hex, W))
    b = put(state, "nationalist_army", at(d.hex, SW))
    to_combat(rules, state)
    rules.apply(state, Attack(a.id, d.id))
    rules.apply(state, AddAttacker(b.id))
    state.dice.push(2, 3)
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [4, 2]          # 8 against 6
    assert d.where is Where.ELIMINATED


def test_every_attacker_must_be_next_to_every_defender_two_against_two_without_stacks():
    """Checklist: GUE-070, GUE-112, GUE-118, GUE-119, GAP-GUE-38."""
    rules, state = game()
    d1 = put(state, "republican_army", h(3, 2), "republican")
    d2 = put(state, "republican_army", at(d1.hex, E), "republican")
    a, b = (put(state, "nationalist_army", x)
            for x in sorted(set(hex_neighbors(d1.hex)) & set(hex_neighbors(d2.hex))))
    c = put(state, "nationalist_army", at(d1.hex, W))
    far = put(state, "nationalist_army", at(at(d1.hex, W), W))
    to_combat(rules, state)
    rules.apply(state, Attack(a.id, d1.id))
    legal = rules.legal_actions(state)
    assert AddAttacker(far.id) not in legal
    rules.apply(state, AddAttacker(b.id))
    rules.apply(state, AddDefender(d2.id))
    legal = rules.legal_actions(state)
    assert AddAttacker(c.id) not in legal     # a third attacker: only 2 against 2
    with pytest.raises(IllegalActionError):
        rules.apply(state, AddAttacker(c.id))


def test_example_diagram_c_and_d_attack_a_supported_in_defence_4_against_3():
    """Section 8 diagrams: the dark counters C and D attack A; A's aircraft supports it in
    defence: 4 against 3 (2 + 1 of air support).

    Checklist: GUE-117, GUE-129, GUE-132, GUE-133.
    """
    rules, state = game()
    a = put(state, "republican_army", h(3, 1), "republican")
    air = put(state, "republican_air", h(6, 1), "republican")
    c = put(state, "nationalist_army", at(a.hex, W))
    d = put(state, "nationalist_army", at(a.hex, SW))
    to_combat(rules, state)
    rules.apply(state, Attack(c.id, a.id))
    rules.apply(state, AddAttacker(d.id))
    rules.apply(state, Resolve(False))
    assert state.decision.player == "republican" and state.decision.kind == "combat_defence"
    rules.apply(state, Support(air.id, a.id))
    state.dice.push(3, 4)
    events = rules.apply(state, DefenceReady(False))
    assert factors(events) == [4, 3]          # 12 against 12: a tie
    assert a.where is Where.MAP and c.where is Where.MAP and d.where is Where.MAP
    assert air.air_defence


def test_example_diagram_an_aircraft_fights_or_supports_never_both():
    """Section 8 diagram: A attacks B; the light aircraft may attack the dark aircraft or support
    A, but not both.

    Checklist: GUE-128.
    """
    rules, state = game()
    a = put(state, "nationalist_army", h(3, 1))
    b = put(state, "republican_army", h(4, 1), "republican")
    light = put(state, "nationalist_air", h(2, 4))
    dark = put(state, "republican_air", h(3, 4), "republican")
    to_combat(rules, state)
    assert Attack(light.id, dark.id) in rules.legal_actions(state)
    rules.apply(state, Attack(a.id, b.id))
    rules.apply(state, Support(light.id, a.id))
    rules.apply(state, Resolve(False))
    assert state.decision.kind == "combat_defence"   # the dark aircraft could support B
    state.dice.push(3, 3)
    events = rules.apply(state, DefenceReady(False))
    assert factors(events) == [3, 2]
    assert Attack(light.id, dark.id) not in rules.legal_actions(state)


def test_air_combat_and_then_no_support_in_the_same_phase():
    """Checklist: GUE-127, GUE-128, GAP-GUE-36."""
    rules, state = game()
    a = put(state, "nationalist_army", h(3, 1))
    b = put(state, "republican_army", h(4, 1), "republican")
    light = put(state, "nationalist_air", h(2, 4))
    dark = put(state, "republican_air", h(3, 4), "republican")
    to_combat(rules, state)
    state.dice.push(3, 3)
    rules.apply(state, Attack(light.id, dark.id))
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [2, 2]
    rules.apply(state, Attack(a.id, b.id))
    assert Support(light.id, a.id) not in rules.legal_actions(state)


def test_support_reaches_3_hexes_one_counter_each_several_aircraft_add_up():
    """Checklist: GUE-130, GUE-131, GUE-132."""
    rules, state = game()
    a = put(state, "nationalist_army", h(3, 1))
    b = put(state, "republican_army", h(4, 1), "republican")
    near = put(state, "nationalist_air", h(0, 1))
    near2 = put(state, "nationalist_air", h(0, 1))
    far = put(state, "condor_air", h(0, 5))
    to_combat(rules, state)
    rules.apply(state, Attack(a.id, b.id))
    legal = rules.legal_actions(state)
    assert Support(near.id, a.id) in legal and Support(far.id, a.id) not in legal
    rules.apply(state, Support(near.id, a.id))
    assert Support(near.id, a.id) not in rules.legal_actions(state)
    rules.apply(state, Support(near2.id, a.id))
    state.dice.push(3, 3)
    assert factors(rules.apply(state, Resolve(False))) == [4, 2]


def test_city_and_air_support_add_up_in_defence():
    """Checklist: GUE-134."""
    rules, state = game()
    attacker = put(state, "nationalist_army", at(CITY, W))
    defender = put(state, "republican_army", CITY, "republican")
    air = put(state, "republican_air", at(CITY, E), "republican")
    to_combat(rules, state)
    rules.apply(state, Attack(attacker.id, defender.id))
    rules.apply(state, Resolve(False))
    rules.apply(state, Support(air.id, defender.id))
    state.dice.push(5, 3)
    events = rules.apply(state, DefenceReady(False))
    assert factors(events) == [2, 4]          # 10 against 12


def test_city_stack_combat_uses_the_table_and_the_losers_choose():
    """Checklist: GUE-123, GUE-141, GUE-142, GUE-143, GUE-145, GUE-146, GUE-147, GAP-GUE-06."""
    rules, state = game()
    d1 = put(state, "republican_army", CITY, "republican")
    d2 = put(state, "republican_garrison", CITY, "republican")
    a1 = put(state, "nationalist_army", at(CITY, W))
    a2 = put(state, "nationalist_army", at(CITY, NW))
    to_combat(rules, state)
    rules.apply(state, Attack(a1.id, d1.id))
    assert state.combat.defenders == [d1.id, d2.id] and state.combat.stack
    rules.apply(state, AddAttacker(a2.id))
    state.dice.push(5, 3)
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [4, 6]
    assert stack_result(state, -2, 2) == (1, 1)
    assert state.decision.kind == "losses" and state.decision.player == "nationalist"
    rules.apply(state, TakeLoss(a2.id))
    assert state.decision.kind == "losses" and state.decision.player == "republican"
    assert set(rules.legal_actions(state)) == {TakeLoss(d1.id), TakeLoss(d2.id)}
    rules.apply(state, TakeLoss(d2.id))
    assert a2.where is Where.ELIMINATED and d2.where is Where.ELIMINATED
    assert a1.where is Where.MAP and d1.where is Where.MAP


def test_stack_losses_beyond_the_counters_engaged_take_them_all():
    """Checklist: GUE-144, GAP-GUE-07."""
    rules, state = game()
    put(state, "republican_army", CITY, "republican")
    put(state, "republican_garrison", CITY, "republican")
    attacker = put(state, "nationalist_army", at(CITY, W))
    to_combat(rules, state)
    state.dice.push(2, 5)
    rules.apply(state, Attack(attacker.id, state.land_at[CITY][0]))
    rules.apply(state, Resolve(False))
    assert stack_result(state, 2 - 6, 2 - 5) == (3, 0)
    assert attacker.where is Where.ELIMINATED
    assert (state.decision.kind, state.decision.player) == ("movement", "republican")


def test_example_fec_three_against_two_six_against_four_becomes_seven_against_five():
    """Section 11: three own land counters against two enemy ones, 6 against 4; each side
    spends ten F.E.C. and it becomes 7 against 5 (one point per combat, not per counter).

    Checklist: GUE-136, GUE-187, GUE-188, GUE-189, GUE-191, GAP-GUE-38.
    """
    rules, state = game("intermediate")
    stack = [put(state, "nationalist_army", CITY) for _ in range(3)]
    d1 = put(state, "republican_army", at(CITY, E), "republican")
    d2 = put(state, "republican_army", at(CITY, NE), "republican")
    state.fec[Side.NATIONALIST] = 54
    state.fec[Side.REPUBLICAN] = 20
    to_combat(rules, state)
    rules.apply(state, Attack(stack[0].id, d1.id))
    rules.apply(state, AddAttacker(stack[1].id))
    rules.apply(state, AddAttacker(stack[2].id))
    rules.apply(state, AddDefender(d2.id))
    rules.apply(state, Resolve(True))
    assert state.decision.player == "republican"   # the attacker states first, then the defender
    state.dice.push(3, 3)
    events = rules.apply(state, DefenceReady(True))
    assert factors(events) == [7, 5]
    assert state.fec[Side.NATIONALIST] == 44       # 54 less 10
    assert state.fec[Side.REPUBLICAN] == 10


def test_fec_cannot_be_spent_below_ten_nor_at_the_basic_level():
    """Checklist: GUE-180, GAP-GUE-53."""
    rules, state = game("intermediate")
    a = put(state, "nationalist_army", h(3, 1))
    b = put(state, "republican_army", h(4, 1), "republican")
    state.fec[Side.NATIONALIST] = 9
    to_combat(rules, state)
    rules.apply(state, Attack(a.id, b.id))
    assert Resolve(True) not in rules.legal_actions(state)
    rules2, state2 = game("basic")
    a2 = put(state2, "nationalist_army", h(3, 1))
    b2 = put(state2, "republican_army", h(4, 1), "republican")
    state2.fec[Side.NATIONALIST] = 50
    to_combat(rules2, state2)
    state2.dice.push(3, 3)
    rules2.apply(state2, Attack(a2.id, b2.id))
    assert state2.fec[Side.NATIONALIST] == 50


def test_each_arm_fights_only_its_own_kind():
    """Checklist: GUE-125, GUE-127."""
    rules, state = game()
    army = put(state, "nationalist_army", h(3, 1))
    air = put(state, "republican_air", at(army.hex, E), "republican")
    assert not any(isinstance(a, Attack) for a in rules.legal_actions(state))
    rules.apply(state, EndMovement())
    assert state.phase is Phase.MOVEMENT and state.decision.player == "republican"
    assert army.where is Where.MAP and air.where is Where.MAP


def test_a_counter_fights_once_in_its_own_phase():
    """Checklist: GUE-055, GUE-120."""
    rules, state = game()
    attacker = put(state, "nationalist_army", h(3, 2))
    first = put(state, "republican_army", at(attacker.hex, E), "republican")
    put(state, "republican_army", at(attacker.hex, NE), "republican")
    to_combat(rules, state)
    state.dice.push(3, 3)
    rules.apply(state, Attack(attacker.id, first.id))
    rules.apply(state, Resolve(False))
    assert attacker.fought
    assert not any(isinstance(a, Attack) and a.attacker == attacker.id
                   for a in rules.legal_actions(state))


def three_defenders_three_attackers(rules, state):
    """A full Republican stack of three in the provincial capital, three Nationalist army
    counters around it (6 against 9, column -3 of the table)."""
    defenders = [put(state, "republican_army", CITY, "republican") for _ in range(3)]
    attackers = [put(state, "nationalist_army", at(CITY, d)) for d in (W, NW, SW)]
    return attackers, defenders


def test_city_stack_ap2_the_attacker_chooses_its_two_losses():
    """Section 8: AP 2, the attacking player loses 2 counters and chooses which; the defender
    loses none (6 against 9, dice 2 against 3: column -3, row -1 of the table).

    Checklist: GUE-141, GUE-142, GUE-143, GUE-144, GUE-147.
    """
    rules, state = game()
    attackers, defenders = three_defenders_three_attackers(rules, state)
    to_combat(rules, state)
    rules.apply(state, Attack(attackers[0].id, defenders[0].id))
    for unit in attackers[1:]:
        rules.apply(state, AddAttacker(unit.id))
    state.dice.push(2, 3)
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [6, 9]
    assert stack_result(state, -3, -1) == (2, 0)
    assert (state.decision.kind, state.decision.player) == ("losses", "nationalist")
    assert set(rules.legal_actions(state)) == {TakeLoss(u.id) for u in attackers}
    rules.apply(state, TakeLoss(attackers[2].id))
    assert state.decision.kind == "losses"
    rules.apply(state, TakeLoss(attackers[0].id))
    assert [u.where for u in attackers] == [Where.ELIMINATED, Where.MAP, Where.ELIMINATED]
    assert all(u.where is Where.MAP for u in defenders)
    assert state.combat is None


def test_city_stack_dp2_with_air_support_the_defender_chooses_its_two_losses():
    """Section 8: the attackers' air support counts in the factor difference (6 + 3 against
    9 = 0); dice 5 against 2 give DP 2 and the defending player chooses which two of its three
    counters are eliminated; the attacker loses none.

    Checklist: GUE-132, GUE-142, GUE-145, GUE-147.
    """
    rules, state = game()
    attackers, defenders = three_defenders_three_attackers(rules, state)
    planes = [put(state, "nationalist_air", h(2, 2)), put(state, "nationalist_air", h(2, 2)),
              put(state, "condor_air", h(2, 4))]
    to_combat(rules, state)
    rules.apply(state, Attack(attackers[0].id, defenders[0].id))
    for unit in attackers[1:]:
        rules.apply(state, AddAttacker(unit.id))
    for plane, unit in zip(planes, attackers, strict=True):
        rules.apply(state, Support(plane.id, unit.id))
    state.dice.push(5, 2)
    events = rules.apply(state, Resolve(False))
    assert factors(events) == [9, 9]
    assert stack_result(state, 0, 3) == (0, 2)
    assert (state.decision.kind, state.decision.player) == ("losses", "republican")
    assert set(rules.legal_actions(state)) == {TakeLoss(u.id) for u in defenders}
    rules.apply(state, TakeLoss(defenders[1].id))
    rules.apply(state, TakeLoss(defenders[2].id))
    assert [u.where for u in defenders] == [Where.MAP, Where.ELIMINATED, Where.ELIMINATED]
    assert all(u.where is Where.MAP for u in attackers + planes)


def test_the_defenders_window_is_declined_by_defending_without_support_or_fec():
    """Sections 8 and 11: the defender's step (air support, F.E.C.) is the game's one reaction
    window; its default answer defends with neither. No other decision has a default."""
    rules, state = game()
    a = put(state, "republican_army", h(3, 1), "republican")
    put(state, "republican_air", h(6, 1), "republican")
    c = put(state, "nationalist_army", at(a.hex, W))
    to_combat(rules, state)
    assert rules.reaction_default(state) is None
    rules.apply(state, Attack(c.id, a.id))
    assert rules.reaction_default(state) is None
    rules.apply(state, Resolve(False))
    assert state.decision.kind == "combat_defence"
    default = rules.reaction_default(state)
    assert default == DefenceReady(False) and default in rules.legal_actions(state)
    state.dice.push(3, 4)
    rules.apply(state, default)
    assert rules.reaction_default(state) is None
