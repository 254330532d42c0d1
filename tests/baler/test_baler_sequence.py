"""The sequence of play: phases in order, who acts first, the mandatory shootings, options
chosen before the game (rulebook "Game sequence", "First shootings phase", "Second Shootings
Phase", GAP-BAL-01, GAP-BAL-19)."""

from __future__ import annotations

import random
from dataclasses import replace

from baler_fixtures import (
    ES,
    PH,
    RULES,
    act,
    cleared,
    halted,
    kind,
    legal,
    new_game,
    place,
    run,
    script_done,
)

from baler.rules.actions import Choose, Done
from baler.rules.sequence import ORDER, GameTask
from baler.rules.shootings import ShootingsPhase
from baler.rules.state import Phase
from baler.rules.upkeep import UpkeepTask
from engine.core.actions import DiceRolled, PhaseStarted

PHASES = ["initiative", "events", "attrition", "first-shootings", "action", "second-shootings",
          "upkeep"]


def play_turn(seed: int) -> tuple[list[str], list[tuple[str, str, str | None]], object]:
    """Play turn 1 with random choices: the phases started, and (phase, decision kind, player) of
    every decision."""
    st = new_game(seed)
    rng = random.Random(seed)
    phases: list[str] = [st.phase.value]
    decisions: list[tuple[str, str, str | None]] = []
    while st.turn == 1 and RULES.result(st) is None:
        decisions.append((st.phase.value, st.decision.kind, st.decision.player))
        for event in RULES.apply(st, rng.choice(RULES.legal_actions(st))):
            if isinstance(event, PhaseStarted) and event.turn == 1:
                phases.append(event.phase)
    return phases, decisions, st


def test_a_turn_runs_the_seven_phases_in_order() -> None:
    """BAL-056: Initiative, Events, Attrition, First Shootings, Action, Second Shootings, Upkeep."""
    phases, _, _ = play_turn(21)
    assert phases == PHASES


def test_initiative_side_acts_first_except_in_the_second_shootings() -> None:
    """BAL-015, BAL-057, BAL-059, BAL-073, BAL-100, BAL-102, BAL-118, BAL-228, GAP-BAL-19: the
    initiative side plays its events and actions first and chooses the first shootings; the other
    side chooses the second shootings."""
    for seed in range(30, 36):
        _, decisions, st = play_turn(seed)
        initiative = st.initiative  # type: ignore[attr-defined]
        firsts = {ph: next(who for p, k, who in decisions if p == ph and k == kind)
                  for ph, kind in (("events", "event-card"), ("action", "action"))}
        holder = firsts["events"]
        assert initiative is not None and initiative.value == holder
        assert firsts["action"] == holder
        chooser = {p: {who for p2, k, who in decisions if p2 == p and k.startswith("shooting")}
                   for p in ("first-shootings", "second-shootings")}
        assert chooser["first-shootings"] == {holder}
        assert chooser["second-shootings"] <= {"spanish", "philippine"} - {holder}


def test_first_shootings_two_areas_chosen_and_ordered() -> None:
    """BAL-100, BAL-101, GAP-BAL-35: two different areas, markers placed, resolved in the chosen
    order; an area without enemy units is a legal choice with no effect."""
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a2", "ph-soldier-01": "ph-34-a2"})
    st.morale[ES] = st.morale[PH] = 0
    run(st, ShootingsPhase(side="spanish"), rolls=(2, 2, 2, 3, 3))
    act(st, Choose("4"))
    assert Choose("4") not in legal(st)
    act(st, Choose("2"))
    assert st.shooting_markers == {"4": ES, "2": ES}
    assert kind(st) == "shooting-order"
    events = act(st, Choose("2"))
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [len(r.values) for r in rolls] == [3, 2]
    assert halted(st)


def test_example_second_shootings_areas_2_and_4_no_spanish_in_area_4() -> None:
    """BAL-228, BAL-229: the Spanish shot in areas 1 and 3; the Philippine side must shoot in 2 and
    4; with no Spanish unit in area 4 that shooting has no effect."""
    st = cleared()
    place(st, {"es-jose-pestana": "es-34-a2", "ph-soldier-17": "ph-34-a2",
               "ph-soldier-04": "ph-34-a4"})
    st.shooting_markers = {"1": ES, "3": ES}
    st.morale[ES] = st.morale[PH] = 0
    run(st, ShootingsPhase(side="philippine", second=True), rolls=(2, 3, 2, 3))
    assert st.shooting_markers == {"1": ES, "3": ES, "2": PH, "4": PH}
    assert set(legal(st)) == {Choose("2"), Choose("4")}
    events = act(st, Choose("4"))
    assert any("no effect" in e.text for e in events)
    assert [len(e.values) for e in events if isinstance(e, DiceRolled)] == [2, 2]
    assert halted(st)


def test_us_arrival_option_upkeep_of_turn_3() -> None:
    """BAL-239, GAP-BAL-01: with the option "upkeep-turn-3" the US marker enters Manila in the
    Upkeep of turn 3 (showing 4); by default it enters in the Attrition of turn 4."""
    st = cleared()
    st.turn, st.initiative = 3, ES
    st.data = replace(st.data, options=replace(st.data.options, us_arrival="upkeep-turn-3"))
    st.morale[ES] = st.morale[PH] = 0
    run(st, UpkeepTask())
    assert st.power == "us" and st.power_space == 5 and st.us_strength == 4
    st = cleared()
    st.turn, st.initiative = 3, ES
    st.morale[ES] = st.morale[PH] = 0
    run(st, UpkeepTask())
    assert st.power == "spain"


def test_action_phase_offers_no_events() -> None:
    """BAL-072, BAL-104: in the Action phase cards only give AP: no event or support play."""
    st = new_game(8)
    rng = random.Random(8)
    while st.phase.value != "action":
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))
    kinds = {type(a).__name__ for a in RULES.legal_actions(st)}
    assert kinds <= {"TakeAction", "Done", "ModifyDie", "Choose", "Decide", "PlaceUnit", "Move"}
    assert st.decision.kind in ("action", "modify-dice", "surveillance", "movement",
                                "place-drawn", "incursion-target", "incursion-casualty",
                                "incursion-return", "persistence", "tcm-place", "tcm-loss",
                                "pick-heal", "place-healed", "place-artillery")


def test_events_resolve_only_by_the_side_playing_them() -> None:
    """BAL-032, BAL-036, BAL-042: shared cards and own Fog of War cards serve like faction cards;
    the decision always belongs to the side whose phase it is."""
    st = new_game(9)
    rng = random.Random(9)
    while st.phase.value in ("initiative", "events") and st.turn == 1:
        if st.decision.kind == "event-card":
            side = ES if st.decision.player == "spanish" else PH
            for action in legal(st):
                card = st.data.cards[action.card]
                assert card.owner in ("shared", side.value)
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))
    assert st.phase.value != "events" or st.turn > 1


def test_done_is_always_offered_where_a_step_is_optional() -> None:
    """BAL-066: the support card is never mandatory."""
    st = new_game(10)
    rng = random.Random(10)
    seen = False
    for _ in range(500):
        if RULES.result(st) is not None:
            break
        if st.decision.kind == "support-card":
            assert Done() in legal(st)
            seen = True
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))
    assert seen


def _attrition_rolls(turn: int, rolls: tuple[int, ...]) -> list[str]:
    """Play the Attrition phase with the Philippine initiative: who rolled what, in order."""
    st = cleared()
    st.turn, st.initiative = turn, PH
    st.supply[ES] = st.morale[ES] = st.supply[PH] = st.morale[PH] = 6
    events = run(st, GameTask(step=ORDER.index(Phase.ATTRITION)), rolls=rolls)
    assert kind(st) == "shooting-area" and script_done(st)
    return [e.text.split(" rolls ")[0] + ": " + e.purpose for e in events
            if isinstance(e, DiceRolled)]


def test_attrition_follows_the_initiative_order_and_the_us_rolls_follow_philippine_attrition(
) -> None:
    """BAL-073, GAP-BAL-19: with the Philippine initiative the Philippine side rolls its attrition
    first; in turn 4 the US rolls come right after it, before the Spanish attrition."""
    assert _attrition_rolls(2, (6, 5)) == [
        "Philippine side: attrition", "Spanish side: attrition"]
    assert _attrition_rolls(4, (6, 2, 1, 5)) == [
        "Philippine side: attrition", "Philippine side: US strength",
        "Philippine side: US advance", "Spanish side: attrition"]
