"""Phase 5 - Action: action points, basic and special actions, movement, leaders into command
posts, the territorial control map (rulebook "Action phase" to "Philippine special actions",
"Leaders", "Territorial control map")."""

from __future__ import annotations

from dataclasses import replace

from baler_fixtures import (
    ES,
    PH,
    act,
    cleared,
    halted,
    hand,
    kind,
    legal,
    place,
    run,
    script_done,
)

from baler.rules.actionphase import ActionPhaseTask
from baler.rules.actions import (
    Choose,
    Done,
    ModifyDie,
    Move,
    PlaceUnit,
    PlayCard,
    ResolveEvent,
    TakeAction,
)
from baler.rules.effects import EffectsTask
from baler.rules.events import EventPhaseTask
from baler.rules.movement import MovementTask
from baler.rules.state import BalerState


def action_phase(st: BalerState, side: str, cards: list[str], rolls: tuple[int, ...] = (),
                 draws: tuple[str, ...] = ()) -> None:
    hand(st, ES if side == "spanish" else PH, *cards)
    run(st, ActionPhaseTask(side=side), rolls=rolls, draws=draws)


def names(st: BalerState) -> set[str]:
    return {a.name for a in legal(st) if isinstance(a, TakeAction)}


# --- action points -------------------------------------------------------------------------


def test_example_spanish_action_phase_with_3_ap_heal_and_repair() -> None:
    """BAL-043, BAL-103, BAL-105: three cards left, one of them a Philippine Fog of War card, which
    is discarded: 3 AP, enough to heal (2) and repair (1)."""
    st = cleared()
    place(st, {"es-mir-brils": "bed-3", "es-catalan-valero": "es-34-a1",
               "es-alonso-medero": "es-56-a1"})
    st.walls["1"] = 1
    action_phase(st, "spanish", ["fp-05", "es-01", "es-06"])
    assert "fp-05" in st.discards[ES]
    task = st.stack[-1]
    assert isinstance(task, ActionPhaseTask) and task.ap == 3
    act(st, TakeAction("heal-two"))
    act(st, TakeAction("repair", area="1"))
    assert halted(st)
    assert st.walls["1"] == 0 and st.loc["es-mir-brils"] == "es-bag"


def test_example_spanish_action_phase_with_3_ap_two_movements() -> None:
    """BAL-108: a movement for 1 AP and a second one for 2 AP; a third is not allowed."""
    st = cleared()
    action_phase(st, "spanish", ["fp-05", "es-01", "es-06"])
    act(st, TakeAction("movement"))
    act(st, Done())
    assert TakeAction("movement") in legal(st)
    act(st, TakeAction("movement"))
    act(st, Done())
    assert halted(st)


def test_example_philippine_hand_of_cards_5_ap() -> None:
    """BAL-109, BAL-115, BAL-116, GAP-BAL-17: events shoot in area 1 and raid area 4 (area 1 cannot
    be attacked twice in the Event phase); in the Action phase 5 AP pay a shooting in area 1 again
    (a new phase), a second shooting in area 3 for 2 AP, then no third attack, and Raise the morale
    once for 2 AP."""
    st = cleared()
    place(st, {"es-catalan-valero": "es-34-a1", "es-buades-tormo": "es-34-a4",
               "es-chamizo-garcia": "es-34-a3", "ph-soldier-01": "ph-34-a1",
               "ph-soldier-04": "ph-34-a4", "ph-soldier-03": "ph-34-a3"})
    st.morale[ES] = st.morale[PH] = 0
    hand(st, PH, "ph-03", "ph-04", "ph-05", "ph-07", "ph-10")
    run(st, EventPhaseTask(side="philippine"), rolls=(2, 3, 2, 3, 2, 3, 2, 3, 4, 4))
    act(st, PlayCard("ph-03"))
    act(st, PlayCard("ph-04"))
    act(st, ResolveEvent("ph-03", "main"))
    act(st, TakeAction("attack-shooting", "1"))
    act(st, ResolveEvent("ph-04", "main"))
    assert not any(a.area == "1" for a in legal(st) if isinstance(a, TakeAction))
    act(st, TakeAction("attack-incursion", "4"))
    act(st, PlaceUnit("ph-soldier-04", "ph-34-a4"))
    act(st, Done())
    assert halted(st) and script_done(st)
    st.attacked[PH] = set()  # a new phase begins (baler.rules.sequence)
    run(st, ActionPhaseTask(side="philippine"), rolls=(2, 2, 3, 3, 2, 3))
    assert st.stack[-1].ap == 5  # type: ignore[attr-defined]
    act(st, TakeAction("attack-shooting", "1"))
    act(st, TakeAction("attack-shooting", "3"))
    assert not any(n.startswith("attack") for n in names(st))
    act(st, TakeAction("raise-morale"))
    assert st.morale[PH] == 2
    assert halted(st) and script_done(st)


def test_unspent_action_points_are_lost_and_cards_put_away() -> None:
    """BAL-033, BAL-034, BAL-038, BAL-039, BAL-106, BAL-107, GAP-BAL-50: ending the phase loses the
    AP; faction cards are discarded, shared and own Fog of War cards removed; the hand is empty
    until the Next turn step."""
    st = cleared()
    action_phase(st, "spanish", ["es-01", "sh-06", "fs-04"])
    act(st, Done())
    assert halted(st)
    assert "es-01" in st.discards[ES]
    assert {"sh-06", "fs-04"} <= set(st.removed)
    assert st.hands[ES] == []


# --- repair, supply, surveillance ----------------------------------------------------------


def test_example_spanish_repair_in_area_1() -> None:
    """BAL-074, BAL-210..214: manpower 4 in area 1, 1 AP and 1 supply (4 to 3, no beriberi): Wrecked
    to Damaged; a second repair costs 2 AP and another supply: Intact; no third."""
    st = cleared()
    place(st, {"es-catalan-valero": "es-34-a1", "es-alonso-medero": "es-56-a1"})
    st.walls["1"] = 2
    st.supply[ES] = 4
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("repair", area="1"))
    assert st.walls["1"] == 1 and st.supply[ES] == 3
    assert all(not b for b in (st.units_at(bed) for bed in st.data.beds))
    act(st, TakeAction("repair", area="1"))
    assert st.walls["1"] == 0 and st.supply[ES] == 2
    assert st.stack[-1].ap == 3  # type: ignore[attr-defined]
    st.walls["1"] = 1
    assert "repair" not in names(st)


def test_repair_needs_manpower_supply_and_standing_walls() -> None:
    """BAL-210, BAL-211, BAL-215: manpower 3 is not enough; supply 0 forbids it; Destroyed walls
    cannot be repaired."""
    st = cleared()
    place(st, {"es-catalan-valero": "es-34-a2", "es-gopar-hernandez": "es-56-a2"})
    st.walls["2"] = 1
    action_phase(st, "spanish", ["es-07", "es-04"])
    assert "repair" not in names(st)
    place(st, {"es-chamizo-garcia": "es-bell-tower"})
    assert "repair" in names(st)
    st.supply[ES] = 0
    assert "repair" not in names(st)
    st.supply[ES] = 3
    st.walls["2"] = 3
    assert "repair" not in names(st)


def test_philippine_repair_restores_a_sabotaged_trench_with_5_manpower() -> None:
    """BAL-216, GAP-BAL-10: 5 manpower in the area, one supply."""
    st = cleared()
    place(st, {"ph-soldier-08": "ph-34-a2", "ph-soldier-23": "ph-12-a1a2"})
    st.trenches = {"trench-a2-a": "sabotaged"}
    st.supply[PH] = 4
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("repair", area="2", target="trench-a2-a"))
    assert st.trenches["trench-a2-a"] == "operational"
    assert st.supply[PH] == 3


def test_spanish_supply_table() -> None:
    """BAL-206, BAL-207: 1 costs a morale level (no desertion), 2 nothing, 3-5 +1, 6 +2."""
    outcomes = {}
    for value in range(1, 7):
        st = cleared()
        st.supply[ES], st.morale[ES] = 3, 3
        action_phase(st, "spanish", ["es-07", "es-04"], rolls=(value,))
        act(st, TakeAction("supply"))
        outcomes[value] = (st.supply[ES], st.morale[ES])
        assert st.loc["es-donat-pastor"] == "es-bag"
    assert outcomes == {1: (3, 2), 2: (3, 3), 3: (4, 3), 4: (4, 3), 5: (4, 3), 6: (5, 3)}


def test_philippine_supply_table_with_map_modifier() -> None:
    """BAL-208, BAL-209, GAP-BAL-08: troops on space 3 (+1): a 5 reads 6 (+3); on space 1 (-1) a 1
    reads 1 (+1)."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-3"})
    st.supply[PH] = 2
    action_phase(st, "philippine", ["ph-05", "ph-09"], rolls=(5,))
    act(st, TakeAction("supply"))
    assert st.supply[PH] == 5
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-1"})
    st.supply[PH] = 2
    action_phase(st, "philippine", ["ph-05", "ph-09"], rolls=(1,))
    act(st, TakeAction("supply"))
    assert st.supply[PH] == 3


def test_surveillance_action_one_marker_per_area() -> None:
    """BAL-124, BAL-205: a marker per area and side, at most 4."""
    st = cleared()
    st.surveillance[ES] = {"1", "2", "3"}
    action_phase(st, "spanish", ["es-07", "es-04"])
    assert {a.area for a in legal(st) if isinstance(a, TakeAction)
            and a.name == "surveillance"} == {"4"}
    act(st, TakeAction("surveillance", "4"))
    assert st.surveillance[ES] == {"1", "2", "3", "4"}
    assert "surveillance" not in names(st)


# --- special actions -----------------------------------------------------------------------


def test_special_actions_cost_2_and_never_repeat() -> None:
    """BAL-110..112, BAL-221, BAL-222: Raise the morale +2 once; morale ends on a desertion-marked
    space without any desertion."""
    st = cleared()
    st.morale[ES] = 0
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("raise-morale"))
    assert st.morale[ES] == 2
    assert "raise-morale" not in names(st)
    assert st.loc["es-donat-pastor"] == "es-bag"
    assert {"expand-infirmary", "raise-morale"} - names(st) == {"raise-morale"}


def test_trench_sections_i_and_ii() -> None:
    """BAL-223, BAL-224, GAP-BAL-48: 5 manpower beside the trench space and 1 supply; section II
    only after section I, and no more than two per phase."""
    st = cleared()
    place(st, {"ph-soldier-08": "ph-12-a1a2", "ph-soldier-15": "ph-34-a1"})
    st.supply[PH] = 3
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    options = {(a.name, a.target) for a in legal(st) if isinstance(a, TakeAction)}
    assert ("trench-1", "trench-a1-a") in options
    assert ("trench-1", "trench-a1-b") not in options
    assert not any(n == "trench-2" for n, _ in options)
    act(st, TakeAction("trench-1", target="trench-a1-a"))
    assert st.trenches == {"trench-a1-a": "operational"} and st.supply[PH] == 2
    place(st, {"ph-soldier-23": "ph-56-a4a1"})
    act(st, TakeAction("trench-2", target="trench-a1-b"))
    assert st.trenches["trench-a1-b"] == "operational"
    assert not any(n.startswith("trench") for n in names(st))


def test_example_persistence_takeover_attempt_3_becomes_4() -> None:
    """BAL-225, BAL-226: with Persistence active, the 'Takeover attempt' roll of 3 in area 4 is
    raised to 4: the walls lose two levels instead of one; the marker turns inactive."""
    st = cleared()
    st.persistence = True
    run(st, EffectsTask(side="philippine", card="ph-01"), rolls=(3,))
    act(st, Choose("4"))
    assert kind(st) == "persistence"
    act(st, ModifyDie(0, "plus1", "persistence"))
    assert st.walls["4"] == 2 and not st.persistence
    assert halted(st) and script_done(st)


def test_persistence_action_and_combining_it_with_morale() -> None:
    """BAL-225, BAL-227, GAP-BAL-06, GAP-BAL-07: the action flips the marker (not while active); in
    combat it adds to the morale modifier."""
    st = cleared()
    place(st, {"ph-soldier-29": "ph-34-a1", "es-catalan-valero": "es-34-a1"})
    action_phase(st, "philippine", ["ph-05", "ph-09"], rolls=(1, 1, 2, 3, 2, 2, 3))
    act(st, TakeAction("persistence"))
    assert st.persistence and "persistence" not in names(st)
    act(st, TakeAction("attack-shooting", "1"))
    act(st, ModifyDie(0, "reroll", "morale"))
    act(st, ModifyDie(1, "plus1", "persistence"))
    assert not st.persistence


def test_uss_yorktown_only_in_turns_4_to_6() -> None:
    """BAL-220, GAP-BAL-34: the action makes the US marker roll and advance again."""
    st = cleared()
    action_phase(st, "spanish", ["es-07", "es-04"])
    assert "uss-yorktown" not in names(st)
    st = cleared()
    st.turn, st.power, st.power_space = 5, "us", 5
    action_phase(st, "spanish", ["es-07", "es-04"], rolls=(5, 1))
    act(st, TakeAction("uss-yorktown"))
    assert st.us_strength == 5 and st.power_space == 4


# --- movement ------------------------------------------------------------------------------


def test_example_movement_mateo_conesa_from_detachment_and_from_bag() -> None:
    """BAL-195..198: from the detachment to a guard post of area 4, displacing a soldier into the
    bag; a bag draw placed on a guard post, or put back (still one movement)."""
    st = cleared()
    place(st, {"es-mateo-conesa": "es-det-34-1", "es-navarro-leon": "es-56-a4"})
    action_phase(st, "spanish", ["es-07", "es-04"], draws=("es-lafarga-abad",))
    act(st, TakeAction("movement"))
    act(st, Move("post", "es-mateo-conesa", "es-56-a4"))
    assert st.loc["es-mateo-conesa"] == "es-56-a4" and st.loc["es-navarro-leon"] == "es-bag"
    act(st, Move("bag"))
    assert kind(st) == "place-drawn"
    act(st, PlaceUnit("es-lafarga-abad", "es-bag"))
    assert st.loc["es-lafarga-abad"] == "es-bag"
    assert kind(st) == "action"


def test_example_movement_swap_alonso_medero_and_catalan_valero() -> None:
    """BAL-199: swapping two guard posts is one movement."""
    st = cleared()
    place(st, {"es-alonso-medero": "es-34-a1", "es-catalan-valero": "es-bell-tower"})
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("movement"))
    act(st, Move("swap", "es-bell-tower", "es-34-a1"))
    assert st.loc["es-alonso-medero"] == "es-bell-tower"
    assert st.loc["es-catalan-valero"] == "es-34-a1"
    assert st.stack[-1].moves_left == 1  # type: ignore[attr-defined]


def test_example_movement_artillery_to_another_area() -> None:
    """BAL-200, BAL-052: an artillery piece moves to an empty artillery post elsewhere without any
    trench; the reserve is never reached by movement."""
    st = cleared()
    place(st, {"ph-artillery-1": "art-a1"})
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("movement"))
    moves = [a for a in legal(st) if isinstance(a, Move) and a.kind == "artillery"]
    assert {m.unit for m in moves} == {"ph-artillery-1"}
    act(st, Move("artillery", "ph-artillery-1", "art-a3"))
    assert st.loc["ph-artillery-1"] == "art-a3"


def test_leaders_into_command_posts_by_type_and_their_effects() -> None:
    """BAL-193, BAL-201..203, BAL-256, BAL-258, BAL-260, BAL-261: a Spanish leader takes only his
    own post; the medical leader heals at once (exhausted); Padre Carreño adds 2 morale in turns
    1-3."""
    st = cleared()
    place(st, {"es-mir-brils": "bed-3"})
    st.morale[ES] = 2
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("movement"))
    commands = {(a.unit, a.dest) for a in legal(st) if isinstance(a, Move) and a.kind == "command"}
    assert ("es-vigil-de-quinones", "es-cmd-medical") in commands
    assert ("es-vigil-de-quinones", "es-cmd-military") not in commands
    act(st, Move("command", "es-vigil-de-quinones", "es-cmd-medical"))
    assert kind(st) == "pick-heal"
    act(st, Choose("es-mir-brils"))
    assert kind(st) == "place-healed"
    act(st, PlaceUnit("es-mir-brils", "es-det-56-1"))
    assert "es-vigil-de-quinones" in st.exhausted
    act(st, Move("command", "es-gomez-carreno", "es-cmd-religious"))
    assert st.morale[ES] == 4
    assert not any(isinstance(a, Move) and a.unit == "es-gomez-carreno" for a in legal(st))


def test_padre_carreno_adds_2_morale_up_to_turn_3_and_the_friars_1() -> None:
    """BAL-261: in turn 3 Gómez Carreño still raises morale by 2; a friar raises it by 1."""
    st = cleared()
    st.turn, st.morale[ES] = 3, 2
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("movement"))
    act(st, Move("command", "es-gomez-carreno", "es-cmd-religious"))
    assert st.morale[ES] == 4
    st = cleared()
    st.morale[ES] = 2
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("movement"))
    act(st, Move("command", "es-minaya", "es-cmd-religious"))
    assert st.morale[ES] == 3


def test_religious_leader_after_turn_3_and_disabled_leaders() -> None:
    """BAL-261, BAL-246: Carreño adds 1 from turn 4; a disabled leader cannot enter."""
    st = cleared()
    st.turn, st.morale[ES] = 4, 2
    st.disabled["es-lopez"] = 3
    action_phase(st, "spanish", ["es-07", "es-04"])
    act(st, TakeAction("movement"))
    assert not any(isinstance(a, Move) and a.unit == "es-lopez" and a.kind == "command"
                   for a in legal(st))
    act(st, Move("command", "es-gomez-carreno", "es-cmd-religious"))
    assert st.morale[ES] == 3


def test_philippine_leadership_by_rank() -> None:
    """BAL-262, BAL-264: Villacorta (rank 3) raises morale by 2; any leader may take any post."""
    st = cleared()
    st.morale[PH] = 1
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("movement"))
    act(st, Move("command", "ph-villacorta", "ph-cmd-leadership"))
    act(st, Move("command", "ph-gomez-ortiz", "ph-cmd-military"))
    assert st.morale[PH] == 3
    assert "ph-villacorta" in st.exhausted and "ph-gomez-ortiz" not in st.exhausted


def test_example_us_support_in_turn_5_roll_4() -> None:
    """BAL-265..267: in turn 5 the US Support leader rolls: a 4 brings an artillery piece from the
    reserve onto an empty artillery post, no trench needed."""
    st = cleared()
    st.turn = 5
    action_phase(st, "philippine", ["ph-05", "ph-09"], rolls=(4,))
    act(st, TakeAction("movement"))
    act(st, Move("command", "ph-tecson", "ph-cmd-us-support"))
    assert kind(st) == "place-artillery"
    act(st, PlaceUnit("ph-artillery-3", "art-a4"))
    assert st.loc["ph-artillery-3"] == "art-a4" and "ph-tecson" in st.exhausted


def test_us_support_in_turn_5_roll_2_brings_nothing() -> None:
    """BAL-266: a 2 brings no artillery."""
    st = cleared()
    st.turn = 5
    action_phase(st, "philippine", ["ph-05", "ph-09"], rolls=(2,))
    act(st, TakeAction("movement"))
    act(st, Move("command", "ph-tecson", "ph-cmd-us-support"))
    assert kind(st) == "movement"
    assert all(st.loc[a] == "ph-artillery-reserve" for a in
               ("ph-artillery-1", "ph-artillery-2", "ph-artillery-3", "ph-artillery-4"))


def test_example_tcm_placement_on_space_2_and_advance() -> None:
    """BAL-204, BAL-268, BAL-269, BAL-271..275, BAL-283, GAP-BAL-04, GAP-BAL-20, GAP-BAL-21: one
    unit already on space 2: a leader from the detachment and a soldier from the bag join it (a
    complete movement action); advancing to space 3, where Spain stands, takes another movement
    action and starts a combat."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-2"})
    st.power_space = 3
    action_phase(st, "philippine", ["ph-05", "ph-09"], rolls=(5, 6, 2, 5, 2, 3, 2, 1),
                 draws=("ph-soldier-30",))
    act(st, TakeAction("movement"))
    act(st, Move("tcm-place"))
    act(st, Choose("ph-tecson"))
    act(st, Choose("ph-bag"))
    assert {st.loc[u] for u in ("ph-soldier-17", "ph-tecson", "ph-soldier-30")} == {"tcm-2"}
    assert kind(st) == "action"
    act(st, TakeAction("movement"))
    assert Move("tcm-advance", dest="tcm-3") in legal(st)
    assert Move("tcm-advance", dest="tcm-4") not in legal(st)
    act(st, Move("tcm-advance", dest="tcm-3"))
    assert kind(st) == "modify-dice"
    act(st, Done())
    assert st.loc["ph-tecson"] == "tcm-3" and st.power_space == 4


def test_first_tcm_units_go_before_the_foreign_power() -> None:
    """BAL-274: no troops on the map and Spain on space 2: the first units go to Baler."""
    st = cleared()
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("movement"))
    act(st, Move("tcm-place"))
    act(st, Choose("ph-tecson"))
    assert st.loc["ph-tecson"] == "tcm-1"


def test_first_tcm_units_go_to_the_space_before_the_foreign_power_wherever_it_stands() -> None:
    """BAL-274: no troops on the map and Spain on space 3: the first units go to space 2."""
    st = cleared()
    st.power_space = 3
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("movement"))
    act(st, Move("tcm-place"))
    act(st, Choose("ph-tecson"))
    assert st.loc["ph-tecson"] == "tcm-2"


def test_the_territorial_map_needs_a_complete_movement_action() -> None:
    """BAL-204, BAL-198: once one of its two movements is used (here a bag draw put back, which
    still counts), a movement action can no longer place troops on or advance them across the
    territorial control map; an event movement of one movement never can."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-1"})
    action_phase(st, "philippine", ["ph-05", "ph-09"], draws=("ph-soldier-01",))
    act(st, TakeAction("movement"))
    assert Move("tcm-place") in legal(st) and Move("tcm-advance", dest="tcm-2") in legal(st)
    act(st, Move("bag"))
    act(st, PlaceUnit("ph-soldier-01", "ph-bag"))
    assert kind(st) == "movement"
    assert not any(isinstance(a, Move) and a.kind.startswith("tcm") for a in legal(st))
    st = cleared()
    run(st, MovementTask(side="philippine", moves_left=1))
    assert not any(isinstance(a, Move) and a.kind.startswith("tcm") for a in legal(st))


def test_only_the_described_movements_exist() -> None:
    """GAP-BAL-46, BAL-113: no movement from a guard post to an empty post or back to the
    detachment; the attack action has three types."""
    st = cleared()
    place(st, {"ph-soldier-01": "ph-34-a1", "ph-artillery-1": "art-a1",
               "es-catalan-valero": "es-34-a1"})
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    assert {"attack-shooting", "attack-incursion", "attack-artillery"} <= names(st)
    act(st, TakeAction("movement"))
    moves = [a for a in legal(st) if isinstance(a, Move) and a.unit == "ph-soldier-01"]
    assert moves == []


def test_philippine_troops_never_enter_manila() -> None:
    """BAL-276: with the foreign power in Manila the stack advances at most to space 4."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-2"})
    st.power_space = 5
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("movement"))
    advances = {a.dest for a in legal(st) if isinstance(a, Move) and a.kind == "tcm-advance"}
    assert advances == {"tcm-3", "tcm-4"}


def test_option_without_leaders_on_the_territorial_map() -> None:
    """GAP-BAL-04: the scenario option `leaders_on_tcm: false` keeps leaders off the map."""
    st = cleared()
    st.data = replace(st.data, options=replace(st.data.options, leaders_on_tcm=False))
    action_phase(st, "philippine", ["ph-05", "ph-09"])
    act(st, TakeAction("movement"))
    act(st, Move("tcm-place"))
    choices = {a.target for a in legal(st) if isinstance(a, Choose)}
    assert "ph-tecson" not in choices and "ph-bag" in choices
