"""Shootings, incursions, artillery and combat modifiers: the rulebook's worked examples with
the dice they state (rulebook "Attack", "Shooting", "Incursion", "Artillery", "Combat
modifiers")."""

from __future__ import annotations

from dataclasses import replace

from baler_fixtures import ES, PH, act, cleared, halted, kind, legal, place, run, script_done

from baler.rules.actions import Choose, Decide, Done, ModifyDie, PlaceUnit
from baler.rules.artillery import ArtilleryAttack
from baler.rules.combat import Shooting
from baler.rules.incursion import Incursion
from baler.rules.queries import area_firepower, engaged, firepower
from baler.rules.state import BalerState
from engine.core.actions import DiceRolled

FULL_INFIRMARY = {
    "es-donat-pastor": "bed-1", "es-chamizo-garcia": "bed-2", "es-lopez-lario": "bed-3"
}


def dice_counts(events: list) -> list[int]:
    return [len(e.values) for e in events if isinstance(e, DiceRolled) and "dice" in e.purpose]


# --- firepower and surveillance ------------------------------------------------------------


def test_example_firepower_4_against_3() -> None:
    """BAL-121: Spanish 4 (1 + 3) against Philippine 3 (three 1s) gives a Spanish advantage of 1,
    with the Philippine unit of the shared post 5-6 counted in area 1 (BAL-007)."""
    st = cleared()
    place(st, {"es-catalan-valero": "es-34-a1", "es-gopar-hernandez": "es-56-a1",
               "ph-soldier-01": "ph-12-a1a2", "ph-soldier-02": "ph-34-a1",
               "ph-soldier-03": "ph-56-a4a1"})
    assert area_firepower(st, "1") == (1, ES)


def test_example_shared_philippine_post_5_6_in_areas_1_and_4() -> None:
    """BAL-007: the occupant of Philippine post 5-6 of areas 1 and 4 fights in both areas."""
    st = cleared()
    place(st, {"ph-soldier-03": "ph-56-a4a1"})
    assert "ph-soldier-03" in engaged(st, PH, "1", with_artillery=False)
    assert "ph-soldier-03" in engaged(st, PH, "4", with_artillery=False)
    assert "ph-soldier-03" not in engaged(st, PH, "2", with_artillery=False)


def test_example_firepower_7_against_3_is_capped_at_3() -> None:
    """BAL-121: a difference of 4 still gives the maximum firepower of 3."""
    assert firepower(3, 7, 3) == (3, PH)
    assert firepower(5, 5, 3) == (0, None)


def _surveillance_setup(spanish_advantage: int) -> BalerState:
    """Area 3, both sides with a surveillance marker; Spanish strength 4 (3 + 1) against a
    Philippine strength giving the wanted firepower (negative: Philippine advantage)."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a3", "es-catalan-valero": "es-56-a3"})
    philippine = {2: {"ph-soldier-17": "ph-34-a3"}, 1: {"ph-soldier-29": "ph-34-a3"},
                  -1: {"ph-soldier-29": "ph-34-a3", "ph-soldier-17": "ph-12-a3a4"}}
    place(st, philippine[spanish_advantage])
    st.surveillance[ES].add("3")
    st.surveillance[PH].add("3")
    return st


def test_example_surveillance_1_philippine_bonus_cuts_spanish_2_to_1() -> None:
    """BAL-128: the Spanish attacker rolls 2 (no bonus) and the defender 4 (+1): Spanish firepower 2
    becomes 1, so the Spanish roll 2 dice; the unused marker stays (BAL-127)."""
    st = _surveillance_setup(2)
    events = run(st, Shooting(attacker="spanish", area="3"), rolls=(2, 4, 1, 1, 2, 2))
    assert kind(st) == "surveillance"
    events += act(st, Decide(True))
    events += act(st, Decide(True))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [2, 2]
    assert "3" in st.surveillance[ES] and "3" not in st.surveillance[PH]
    assert halted(st) and script_done(st)


def test_example_surveillance_2_shift_of_two_crosses_to_the_philippines() -> None:
    """BAL-128: Spanish firepower 1; the Spanish roll 1, the Philippines 5 (+2): firepower becomes
    Philippine 1 and the Philippine defender rolls 3 dice."""
    st = _surveillance_setup(1)
    events = run(st, Shooting(attacker="spanish", area="3"), rolls=(1, 5, 2, 2, 3, 4))
    act(st, Decide(True))
    events += act(st, Decide(True))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [1, 3]
    assert halted(st) and script_done(st)


def test_example_surveillance_3_equal_bonuses_leave_firepower_unchanged() -> None:
    """BAL-128: Philippine firepower 1; Spanish 4 (+1) and Philippine 3 (+1) cancel out."""
    st = _surveillance_setup(-1)
    events = run(st, Shooting(attacker="spanish", area="3"), rolls=(4, 3, 2, 2, 3, 4))
    act(st, Decide(True))
    events += act(st, Decide(True))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [1, 3]
    assert "3" not in st.surveillance[ES] and "3" not in st.surveillance[PH]
    assert halted(st) and script_done(st)


def test_surveillance_shift_never_passes_3() -> None:
    """GAP-BAL-36: firepower 3 plus a +2 bonus stays 3."""
    combat = Shooting(attacker="spanish", area="1", fp=3, fp_side="spanish")
    combat.shift_by_surveillance(2, 0, int(cleared().data.tables["max_firepower"]))
    assert (combat.fp, combat.fp_side) == (3, "spanish")


def test_example_shooting_dice_roll_philippine_firepower_2() -> None:
    """BAL-130: a Philippine attacker with firepower 2 rolls 3 dice, the Spanish defender 2."""
    st = cleared()
    place(st, {"es-catalan-valero": "es-34-a1", "ph-soldier-29": "ph-34-a1"})
    events = run(st, Shooting(attacker="philippine", area="1"), rolls=(1, 2, 3, 2, 3))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [3, 2]
    assert halted(st) and script_done(st)


# --- the detailed shooting example ---------------------------------------------------------


def test_example_detailed_shooting_in_area_2() -> None:
    """BAL-117..143, BAL-175, BAL-176, BAL-178, BAL-181, BAL-183, BAL-188: Spanish 6 (2+1+3) against
    Philippine 8 (3+2+3, post 3-4 empty): Philippine firepower 2, cut to 1 by the Spanish
    surveillance roll of 4. The Spanish roll 3 and reroll it with morale into a 5; the Philippines
    roll 2, 4, 6, add 1 to the 4 with morale and reroll the 2 with their leader on post 1-2 into a
    5. Simón Tecson is wounded (location 3 empty, then 1) and goes back to his detachment space;
    Fabregat Fabregat is killed in the bell tower; José Pestana is wounded and pushes Donat Pastor
    into the graveyard; the last wound (3 empty, then 1) is stopped by the walls and Gopar Hernández
    escapes."""
    st = cleared()
    place(st, {"es-fabregat-fabregat": "es-bell-tower", "es-jose-pestana": "es-34-a2",
               "es-gopar-hernandez": "es-56-a2", "ph-tecson": "ph-12-a1a2",
               "ph-soldier-17": "ph-56-a2a3", "ph-artillery-1": "art-a2", **FULL_INFIRMARY})
    st.surveillance[ES].add("2")
    st.morale[ES], st.morale[PH] = 5, 5
    rolls = (4, 3, 5, 2, 4, 6, 5, 3, 1, 2, 4, 3, 1)
    run(st, Shooting(attacker="spanish", area="2"), rolls=rolls)
    assert (st.firepower["2"], st.firepower_side["2"]) == (2, PH)
    act(st, Decide(True))
    act(st, ModifyDie(0, "reroll", "morale"))
    assert st.morale[ES] == 4
    act(st, ModifyDie(1, "plus1", "morale"))
    act(st, ModifyDie(0, "reroll", "leader"))
    assert halted(st) and script_done(st)
    assert st.loc["ph-tecson"] == "ph-det-tecson"
    assert st.loc["es-fabregat-fabregat"] == "ph-eliminated"
    assert st.loc["es-jose-pestana"] == "bed-3"
    assert st.loc["es-donat-pastor"] == "ph-eliminated"
    assert st.loc["es-gopar-hernandez"] == "es-56-a2"
    assert st.vp[PH] == 2 and st.vp[ES] == 0
    assert st.morale[PH] == 4
    assert "2" not in st.surveillance[ES]
    assert st.loc["ph-artillery-1"] == "art-a2"  # BAL-136: artillery takes no shooting casualty


def test_shooting_with_an_empty_side_has_no_effect() -> None:
    """BAL-120: no Philippine unit in area 4: no dice are rolled."""
    st = cleared()
    place(st, {"es-buades-tormo": "es-34-a4"})
    events = run(st, Shooting(attacker="spanish", area="4"))
    assert halted(st) and not dice_counts(events)


def test_philippine_artillery_alone_does_not_make_a_shooting() -> None:
    """BAL-101, BAL-120: artillery stands on an artillery post, not a guard post: with no Philippine
    unit on a guard post of the area the shooting has no effect."""
    st = cleared()
    place(st, {"es-buades-tormo": "es-34-a2", "ph-artillery-1": "art-a2"})
    events = run(st, Shooting(attacker="spanish", area="2"))
    assert halted(st) and not dice_counts(events)


def test_destroyed_walls_send_a_1_to_the_bell_tower() -> None:
    """BAL-141: with the walls Destroyed, a location roll of 1 hits the bell tower."""
    st = cleared()
    place(st, {"es-fabregat-fabregat": "es-bell-tower", "es-buades-tormo": "es-34-a4",
               "ph-soldier-29": "ph-34-a4", "ph-soldier-30": "ph-12-a3a4"})
    st.walls["4"] = 3
    st.morale[ES] = st.morale[PH] = 0
    run(st, Shooting(attacker="philippine", area="4"), rolls=(6, 2, 2, 3, 1))
    assert st.loc["es-fabregat-fabregat"] == "ph-eliminated"
    assert halted(st) and script_done(st)


def test_destroyed_walls_lone_spanish_unit_takes_the_casualty() -> None:
    """BAL-141: with the walls Destroyed a lone Spanish unit is hit without a location roll."""
    st = cleared()
    place(st, {"es-buades-tormo": "es-34-a4", "ph-soldier-29": "ph-34-a4"})
    st.walls["4"] = 3
    st.morale[ES] = st.morale[PH] = 0
    run(st, Shooting(attacker="philippine", area="4"), rolls=(6, 2, 3))
    assert st.loc["es-buades-tormo"] == "ph-eliminated"
    assert halted(st) and script_done(st)


def test_lone_philippine_post_is_hit_without_a_roll_and_kills_score() -> None:
    """BAL-135, BAL-137: one manned Philippine post takes the kill at once; 1 VP."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "ph-soldier-01": "ph-34-a1"})
    st.morale[ES] = st.morale[PH] = 0
    run(st, Shooting(attacker="spanish", area="1"), rolls=(6, 2, 3, 2, 1))
    assert st.loc["ph-soldier-01"] == "es-eliminated"
    assert st.vp[ES] == 1
    assert halted(st) and script_done(st)


# --- incursions ----------------------------------------------------------------------------


def _area4_incursion_setup() -> object:
    st = cleared()
    place(st, {"es-mir-brils": "es-bell-tower", "es-gopar-hernandez": "es-34-a4",
               "es-buades-tormo": "es-56-a4", "ph-soldier-29": "ph-12-a3a4",
               "ph-soldier-17": "ph-34-a4", "ph-soldier-01": "ph-56-a4a1",
               "ph-artillery-1": "art-a4", **FULL_INFIRMARY})
    st.trenches = {"trench-a4-a": "operational", "trench-a4-b": "operational"}
    st.morale[ES] = 5
    return st


def test_example_detailed_incursion_in_area_4() -> None:
    """BAL-144..166, GAP-BAL-15: Spanish 8 against Philippine 6 (artillery left out): 3 Spanish dice
    5, 1, 2, the 1 rerolled with morale into a 5; the Philippines roll 1 and 6. One net success:
    with both trench sections intact only a trench can be sabotaged. The Philippine 1 wounds an
    attacker; the full infirmary pushes its bed-1 patient into the graveyard (1 VP). The survivors
    go back: Gopar Hernández to the bell tower, Buades Tormo to post 5-6."""
    st = _area4_incursion_setup()
    run(st, Incursion(attacker="spanish", area="4"), rolls=(5, 1, 2, 5, 1, 6))
    assert (st.firepower["4"], st.firepower_side["4"]) == (2, ES)
    act(st, ModifyDie(1, "reroll", "morale"))
    assert kind(st) == "modify-dice" and st.decision.player == "philippine"
    act(st, Done())
    assert kind(st) == "incursion-target"
    assert set(legal(st)) == {Choose("trench-a4-a"), Choose("trench-a4-b")}
    act(st, Choose("trench-a4-a"))
    assert kind(st) == "incursion-casualty"
    act(st, Choose("es-mir-brils"))
    assert st.loc["es-mir-brils"] == "bed-3"
    assert st.loc["es-donat-pastor"] == "ph-eliminated" and st.vp[PH] == 1
    act(st, PlaceUnit("es-gopar-hernandez", "es-bell-tower"))
    act(st, PlaceUnit("es-buades-tormo", "es-56-a4"))
    assert halted(st) and script_done(st)
    assert st.trenches == {"trench-a4-a": "sabotaged", "trench-a4-b": "operational"}
    assert st.loc["ph-artillery-1"] == "art-a4"
    assert st.loc["es-gopar-hernandez"] == "es-bell-tower"
    assert st.loc["es-buades-tormo"] == "es-56-a4"


def test_optional_rule_artillery_counts_in_incursion_firepower() -> None:
    """BAL-148: with the optional rule the area's artillery (3) joins the Philippine defenders'
    strength: 8 against 9 gives the Philippine side the advantage (1), so the Spanish attacker
    rolls 1 die and the defender 3 (without it: Spanish advantage 2, see the detailed example)."""
    st = _area4_incursion_setup()
    st.data = replace(st.data, options=replace(st.data.options,
                                               artillery_in_incursion_firepower=True))
    st.morale[ES] = st.morale[PH] = 0
    events = run(st, Incursion(attacker="spanish", area="4"), rolls=(2, 2, 3, 4))
    assert (st.firepower["4"], st.firepower_side["4"]) == (1, PH)
    assert dice_counts(events) == [1, 3]
    assert kind(st) == "incursion-return" and script_done(st)


def test_surveillance_in_an_incursion_works_as_in_a_shooting() -> None:
    """BAL-149, BAL-127, GAP-BAL-36: the Spanish attacker activates its marker in area 4 and rolls
    5 (+2): its firepower 2 rises to the track's 3, so it rolls 1 + 3 dice; the marker that gave
    a bonus returns to the reserve after the incursion."""
    st = _area4_incursion_setup()
    st.morale[ES] = st.morale[PH] = 0
    st.surveillance[ES].add("4")
    events = run(st, Incursion(attacker="spanish", area="4"), rolls=(5, 2, 2, 3, 4, 2, 3))
    assert kind(st) == "surveillance" and st.decision.player == "spanish"
    events += act(st, Decide(True))
    assert dice_counts(events) == [4, 2]
    while kind(st) == "incursion-return":
        act(st, legal(st)[0])
    assert halted(st) and script_done(st)
    assert "4" not in st.surveillance[ES]


def test_incursion_defender_without_fighting_units_rolls_no_dice() -> None:
    """BAL-150, BAL-156, BAL-157: only the artillery piece stands in area 1 for the Philippine side:
    it does not fight, so the defender rolls no dice; with no trench section built the Spanish
    success reaches the artillery piece."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "ph-artillery-2": "art-a1"})
    st.morale[ES] = st.morale[PH] = 0
    events = run(st, Incursion(attacker="spanish", area="1"), rolls=(5, 2, 2, 2))
    assert dice_counts(events) == [4]
    assert set(legal(st)) == {Choose("art-a1")}
    act(st, Choose("art-a1"))
    assert st.loc["ph-artillery-2"] == "es-eliminated" and st.vp[ES] == 1


def test_detailed_incursion_with_one_more_success_reaches_the_artillery() -> None:
    """BAL-157: a section sabotaged by the same incursion opens the way to the artillery."""
    st = _area4_incursion_setup()
    st.morale[ES] = st.morale[PH] = 0
    run(st, Incursion(attacker="spanish", area="4"), rolls=(5, 5, 6, 2, 3))
    act(st, Choose("trench-a4-b"))
    assert Choose("art-a4") in legal(st)
    act(st, Choose("art-a4"))
    assert st.loc["ph-artillery-1"] == "es-eliminated"
    assert st.vp[ES] == 1


def test_example_spanish_incursion_1_fails() -> None:
    """BAL-153, BAL-155: 1 Spanish success against 2: the incursion fails and the defender sabotages
    nothing."""
    st = _area4_incursion_setup()
    run(st, Incursion(attacker="spanish", area="4"), rolls=(5, 2, 3, 5, 6))
    act(st, Done())
    act(st, Done())
    assert kind(st) == "incursion-return"
    assert st.trenches == {"trench-a4-a": "operational", "trench-a4-b": "operational"}
    assert all(w == 0 for w in st.walls.values())


def test_example_spanish_incursion_2_artillery_without_trench_section() -> None:
    """BAL-156, BAL-157: one net success; trench space B of the area is unbuilt, so the Spanish may
    choose the built section or the artillery piece (1 VP, GAP-BAL-09)."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "ph-soldier-01": "ph-34-a1",
               "ph-artillery-2": "art-a1"})
    st.trenches = {"trench-a1-a": "operational"}
    run(st, Incursion(attacker="spanish", area="1"), rolls=(5, 2, 3, 2, 3))
    while kind(st) == "modify-dice":
        act(st, Done())
    assert set(legal(st)) == {Choose("trench-a1-a"), Choose("art-a1")}
    act(st, Choose("art-a1"))
    assert st.loc["ph-artillery-2"] == "es-eliminated" and st.vp[ES] == 1
    assert st.trenches == {"trench-a1-a": "operational"}


def test_example_philippine_incursion_in_area_1_rolls_4_dice_against_2() -> None:
    """BAL-150: two Philippine attackers with firepower 3 roll 1 + 3 dice; the lone Spanish defender
    still rolls its 2 dice."""
    st = cleared()
    place(st, {"ph-soldier-29": "ph-12-a1a2", "ph-soldier-30": "ph-34-a1",
               "es-catalan-valero": "es-34-a1"})
    events = run(st, Incursion(attacker="philippine", area="1"), rolls=(2, 3, 4, 4, 2, 3))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [4, 2]
    assert kind(st) == "incursion-return"


def test_example_philippine_incursion_in_area_4_intact_to_wrecked() -> None:
    """BAL-154, BAL-160: three net successes give only two targets: Intact to Wrecked."""
    st = cleared()
    place(st, {"ph-soldier-29": "ph-12-a3a4", "ph-soldier-30": "ph-34-a4",
               "es-catalan-valero": "es-34-a4"})
    run(st, Incursion(attacker="philippine", area="4"), rolls=(5, 5, 6, 2, 2, 3))
    while kind(st) == "modify-dice":
        act(st, Done())
    assert st.walls["4"] == 2


def test_example_target_count_3_against_1_gives_2_targets() -> None:
    """BAL-154: 3 Philippine successes against 1 Spanish: two sabotage targets."""
    st = cleared()
    place(st, {"ph-soldier-29": "ph-12-a3a4", "ph-soldier-30": "ph-34-a4",
               "es-catalan-valero": "es-34-a4"})
    run(st, Incursion(attacker="philippine", area="4"), rolls=(5, 5, 6, 2, 5, 3))
    while kind(st) == "modify-dice":
        act(st, Done())
    assert st.walls["4"] == 2


def test_incursion_casualties_are_chosen_by_the_attacker_and_only_injure() -> None:
    """BAL-162..164, GAP-BAL-38: every final 1 wounds an attacker; Philippine wounded soldiers go
    into the bag and leaders to their detachment space."""
    st = cleared()
    place(st, {"ph-soldier-29": "ph-12-a3a4", "ph-villacorta": "ph-34-a4",
               "ph-soldier-01": "ph-56-a4a1", "es-catalan-valero": "es-34-a4"})
    run(st, Incursion(attacker="philippine", area="4"), rolls=(1, 2, 3, 4, 1, 3))
    while kind(st) == "modify-dice":
        act(st, Done())
    assert kind(st) == "incursion-casualty"
    act(st, Choose("ph-villacorta"))
    act(st, Choose("ph-soldier-29"))
    assert st.loc["ph-villacorta"] == "ph-det-villacorta"
    assert st.loc["ph-soldier-29"] == "ph-bag"
    assert kind(st) == "incursion-return" and script_done(st)


# --- artillery -----------------------------------------------------------------------------


def test_example_artillery_attack_on_area_2() -> None:
    """BAL-167..174, GAP-BAL-37: Philippine 3 and 6, the 3 rerolled with morale into a 4: two
    successes. The Spanish roll 4: one success, which also cancels the shrapnel wound of the 6.
    Walls go from Intact to Damaged."""
    st = cleared()
    place(st, {"ph-artillery-1": "art-a2", "es-jose-pestana": "es-34-a2"})
    st.morale[PH] = 5
    run(st, ArtilleryAttack(attacker="philippine", area="2"), rolls=(3, 6, 4, 4))
    act(st, ModifyDie(0, "reroll", "morale"))
    assert st.decision.player == "spanish"
    act(st, Done())
    assert halted(st) and script_done(st)
    assert st.walls["2"] == 1
    assert st.loc["es-jose-pestana"] == "es-34-a2"
    assert st.morale[PH] == 4


def test_artillery_destroying_the_walls_scores_1_vp() -> None:
    """BAL-172: walls Wrecked, two net successes: Destroyed (never below) and 1 VP; the shrapnel 6
    wounds a defender because no Spanish die succeeds."""
    st = cleared()
    place(st, {"ph-artillery-1": "art-a3", "es-chamizo-garcia": "es-34-a3"})
    st.walls["3"] = 2
    run(st, ArtilleryAttack(attacker="philippine", area="3"), rolls=(6, 5, 2))
    while kind(st) == "modify-dice":
        act(st, Done())
    assert st.walls["3"] == 3
    assert st.vp[PH] == 1
    assert st.loc["es-chamizo-garcia"] == "bed-3"
    assert halted(st) and script_done(st)


def test_artillery_attack_uses_no_firepower_and_no_surveillance() -> None:
    """BAL-168: both sides have a surveillance marker in area 2: nobody is asked to activate it,
    the markers stay, the firepower marker is not moved, and the dice are 2 against 1."""
    st = cleared()
    place(st, {"ph-artillery-1": "art-a2", "es-jose-pestana": "es-34-a2",
               "ph-soldier-29": "ph-34-a2"})
    st.surveillance[ES].add("2")
    st.surveillance[PH].add("2")
    st.firepower["2"], st.firepower_side["2"] = 0, None
    st.morale[ES] = st.morale[PH] = 0
    events = run(st, ArtilleryAttack(attacker="philippine", area="2"), rolls=(2, 3, 2))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert halted(st) and script_done(st)
    assert dice_counts(events) == [2, 1]
    assert "2" in st.surveillance[ES] and "2" in st.surveillance[PH]
    assert (st.firepower["2"], st.firepower_side["2"]) == (0, None)


def test_artillery_against_empty_posts_gets_no_spanish_die() -> None:
    """BAL-169: no Spanish unit on the area's posts, no Spanish die."""
    st = cleared()
    place(st, {"ph-artillery-1": "art-a3"})
    events = run(st, ArtilleryAttack(attacker="philippine", area="3"), rolls=(2, 3))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [2]
    assert halted(st) and script_done(st)


# --- modifiers -----------------------------------------------------------------------------


def test_example_military_leader_rank_3_gives_two_kills() -> None:
    """BAL-184, BAL-185, BAL-259: Martín Cerezo (rank 3) in the military post: +1 turns the 5 into a
    6, the 2 and 3 are rerolled into 6 and 2: two kills; he is exhausted; morale can no longer be
    used in this combat (BAL-179)."""
    st = cleared()
    place(st, {"es-martin-cerezo": "es-cmd-military", "es-gopar-hernandez": "es-34-a1",
               "es-buades-tormo": "es-56-a1", "ph-soldier-01": "ph-34-a1",
               "ph-soldier-29": "ph-12-a1a2"})
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2, 3, 5, 6, 2, 2, 3))
    act(st, ModifyDie(2, "plus1", "command"))
    assert "es-martin-cerezo" in st.exhausted
    assert not any(a.source == "morale" for a in legal(st) if isinstance(a, ModifyDie))
    act(st, ModifyDie(0, "reroll", "command"))
    act(st, ModifyDie(1, "reroll", "command"))
    combat = st.stack[-1]
    assert isinstance(combat, Shooting) and combat.att is not None
    assert combat.att.values == [6, 2, 6]
    assert st.decision.player == "philippine" and script_done(st)


def test_example_leader_on_the_map_only_one_reroll() -> None:
    """BAL-186: Martín Cerezo and the disabled Vigil de Quiñones both in area 2: one reroll."""
    st = cleared()
    place(st, {"es-martin-cerezo": "es-34-a2", "es-vigil-de-quinones": "es-56-a2",
               "ph-soldier-01": "ph-34-a2"})
    st.disabled["es-vigil-de-quinones"] = 1
    st.morale[ES] = 0
    # An event's free reroll keeps the Spanish modifier window open after the leader's reroll.
    run(st, Shooting(attacker="spanish", area="2", free_rerolls=1), rolls=(1, 2, 3))
    leader_moves = [a for a in legal(st) if isinstance(a, ModifyDie) and a.source == "leader"]
    assert leader_moves == [ModifyDie(0, "reroll", "leader"), ModifyDie(1, "reroll", "leader")]
    act(st, ModifyDie(0, "reroll", "leader"))
    assert not any(isinstance(a, ModifyDie) and a.source == "leader" for a in legal(st))
    assert "es-martin-cerezo" not in st.exhausted


def test_example_religious_leader_in_the_bell_tower_fights_everywhere() -> None:
    """BAL-006, BAL-257: Gómez Carreño in the bell tower adds his factor 1 in every area and gives a
    reroll in each combat."""
    st = cleared()
    place(st, {"es-gomez-carreno": "es-bell-tower", "ph-soldier-01": "ph-34-a3"})
    for area in st.data.areas:
        assert "es-gomez-carreno" in engaged(st, ES, area, with_artillery=False)
    assert area_firepower(st, "3") == (0, None)
    st.morale[ES] = 0
    run(st, Shooting(attacker="spanish", area="3"), rolls=(2,))
    assert ModifyDie(0, "reroll", "leader") in legal(st)


def test_a_die_is_modified_only_once() -> None:
    """BAL-182: after a reroll the die can no longer be changed."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "ph-soldier-01": "ph-34-a1",
               "es-martin-cerezo": "es-cmd-military"})
    run(st, Shooting(attacker="spanish", area="1", free_rerolls=1), rolls=(1, 1, 2, 3))
    act(st, ModifyDie(0, "reroll", "morale"))
    assert not any(isinstance(a, ModifyDie) and a.index == 0 for a in legal(st))


def test_morale_modifier_excludes_the_command_modifier() -> None:
    """BAL-179, GAP-BAL-05: morale spent, the military leader cannot help in this combat."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "es-buades-tormo": "es-56-a1",
               "ph-soldier-01": "ph-34-a1", "es-martin-cerezo": "es-cmd-military"})
    run(st, Shooting(attacker="spanish", area="1", free_rerolls=1), rolls=(1, 1, 1, 2))
    act(st, ModifyDie(0, "plus1", "morale"))
    assert not any(isinstance(a, ModifyDie) and a.source == "command" for a in legal(st))


def test_no_side_rolls_more_than_5_dice() -> None:
    """BAL-114: attacker 1 + firepower 3 + 2 event dice is capped at 5."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "es-buades-tormo": "es-56-a1",
               "ph-soldier-01": "ph-34-a1"})
    events = run(st, Shooting(attacker="spanish", area="1", extra_dice=2),
                 rolls=(1, 2, 3, 4, 2, 2, 3))
    while kind(st) == "modify-dice":
        events += act(st, Done())
    assert dice_counts(events) == [5, 2]


def test_modifiers_cannot_change_casualty_rolls() -> None:
    """BAL-177: after the defender's modifiers no decision is offered on location rolls."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "ph-soldier-01": "ph-34-a1",
               "ph-soldier-02": "ph-12-a1a2"})
    st.morale[ES] = st.morale[PH] = 0
    run(st, Shooting(attacker="spanish", area="1"), rolls=(5, 2, 3, 3, 3))
    assert halted(st) and script_done(st)
    assert st.loc["ph-soldier-01"] == "ph-bag"


def test_plus_one_is_never_offered_on_a_6() -> None:
    """GAP-BAL-40: +1 cannot improve a 6; a reroll still can be chosen."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "ph-soldier-01": "ph-34-a1"})
    run(st, Shooting(attacker="spanish", area="1"), rolls=(6, 2, 3))
    offers = {(a.index, a.how) for a in legal(st) if isinstance(a, ModifyDie)}
    assert (0, "plus1") not in offers and (0, "reroll") in offers


def test_incursion_that_destroys_the_walls_scores_and_destroyed_walls_stay_so() -> None:
    """GAP-BAL-25, GAP-BAL-38, BAL-161: walls Wrecked, two net Philippine successes: Destroyed
    (never below) and 1 VP."""
    st = cleared()
    place(st, {"ph-soldier-29": "ph-12-a3a4", "ph-soldier-30": "ph-34-a4",
               "es-catalan-valero": "es-34-a4"})
    st.walls["4"] = 2
    st.morale[ES] = st.morale[PH] = 0
    run(st, Incursion(attacker="philippine", area="4"), rolls=(5, 5, 6, 2, 2, 3))
    assert st.walls["4"] == 3 and st.vp[PH] == 1


def test_example_spanish_incursion_in_area_4_buades_tormo_to_the_bell_tower() -> None:
    """BAL-146, BAL-166: the attackers of area 4 leave their posts for the centre; afterwards Buades
    Tormo is sent to the bell tower, empty since Fabregat Fabregat fell."""
    st = cleared()
    place(st, {"es-fabregat-fabregat": "ph-eliminated", "es-buades-tormo": "es-34-a4",
               "es-gopar-hernandez": "es-56-a4", "ph-soldier-01": "ph-34-a4",
               "ph-artillery-1": "art-a4"})
    st.trenches = {"trench-a4-a": "operational"}
    st.morale[ES] = st.morale[PH] = 0
    run(st, Incursion(attacker="spanish", area="4"), rolls=(2, 3, 4, 2, 2, 3))
    assert st.units_at("centre-a4") == ["es-buades-tormo", "es-gopar-hernandez"]
    assert st.units_at("es-34-a4") == [] and st.units_at("es-56-a4") == []
    assert PlaceUnit("es-buades-tormo", "es-bell-tower") in legal(st)
    act(st, PlaceUnit("es-buades-tormo", "es-bell-tower"))
    act(st, PlaceUnit("es-gopar-hernandez", "es-56-a4"))
    assert halted(st) and script_done(st)
    assert st.loc["es-buades-tormo"] == "es-bell-tower"
