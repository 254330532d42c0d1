"""Phase 7 - Upkeep: victory points and the end of the game, Fog of War, man the posts,
leaders and the next turn (rulebook "Upkeep Phase", "Tie breaker")."""

from __future__ import annotations

from baler_fixtures import ES, PH, act, cleared, halted, kind, legal, place, run, script_done

from baler.rules import infirmary
from baler.rules.actions import Choose, Decide, PlaceUnit
from baler.rules.attrition import LossTask
from baler.rules.leaders import may_take_post
from baler.rules.manning import ManPosts
from baler.rules.queries import military_leader
from baler.rules.state import BalerState
from baler.rules.upkeep import LeaderUpkeep, UpkeepTask
from baler.rules.victory import check_end, score_upkeep

ALL_TRENCHES = {f"trench-a{a}-{x}": "operational" for a in "1234" for x in "ab"}


def upkeep_state(turn: int = 2) -> BalerState:
    st = cleared()
    st.turn, st.initiative = turn, ES
    return st


# --- victory conditions --------------------------------------------------------------------


def test_all_eight_trenches_score_5_and_6_in_the_last_turn() -> None:
    """BAL-230, GAP-BAL-26: every Upkeep in which all 8 sections are built and operational."""
    st = upkeep_state(2)
    st.trenches = dict(ALL_TRENCHES)
    score_upkeep(st, [])
    assert st.vp[PH] == 5
    st.trenches["trench-a3-b"] = "sabotaged"
    score_upkeep(st, [])
    assert st.vp[PH] == 5
    st = upkeep_state(6)
    st.trenches = dict(ALL_TRENCHES)
    score_upkeep(st, [])
    assert st.vp[PH] == 6


def test_territorial_map_scores_in_turns_3_and_6_only() -> None:
    """BAL-231, GAP-BAL-27: space 3 gives 1 VP, space 4 gives 2, only in turns 3 and 6."""
    for turn, space, points in ((3, "tcm-3", 1), (3, "tcm-4", 2), (4, "tcm-4", 0), (6, "tcm-2", 0)):
        st = upkeep_state(turn)
        st.power_space = 5
        place(st, {"ph-soldier-01": space})
        score_upkeep(st, [])
        assert st.vp[PH] == points, (turn, space)


def test_walls_in_turn_6() -> None:
    """BAL-232, GAP-BAL-28: all Intact 2 VP; none Wrecked or Destroyed 1 VP; otherwise 0."""
    for walls, points in (((0, 0, 0, 0), 2), ((0, 1, 0, 1), 1), ((0, 2, 0, 0), 0)):
        st = upkeep_state(6)
        st.walls = dict(zip("1234", walls, strict=True))
        score_upkeep(st, [])
        assert st.vp[ES] == points


def test_automatic_victory_with_a_15_point_lead() -> None:
    """BAL-233: a lead of 15 ends the game in the Upkeep; the leader wins."""
    st = upkeep_state(2)
    st.vp[ES], st.vp[PH] = 3, 18
    run(st, UpkeepTask())
    assert st.outcome is not None and st.outcome.winner == "philippine"


def test_two_destroyed_areas_score_6_and_end_the_game() -> None:
    """BAL-234, BAL-236, BAL-238: +6 Philippine VP; on a tie before turn 6 the Philippine side wins
    once morale and supply are equal too."""
    st = upkeep_state(3)
    st.walls = {"1": 3, "2": 3, "3": 0, "4": 0}
    st.vp[ES], st.vp[PH] = 10, 4
    st.morale[ES] = st.morale[PH] = 3
    st.supply[ES] = st.supply[PH] = 3
    assert check_end(st, [])
    assert st.vp[PH] == 10
    assert st.outcome is not None and st.outcome.winner == "philippine"
    assert "before turn 6" in st.outcome.reason


def test_tie_breakers_in_turn_6() -> None:
    """BAL-054, BAL-235..238, GAP-BAL-29: turn 6 ends after the victory step; ties go to morale,
    then supply, then to the Spanish side."""
    st = upkeep_state(6)
    st.vp[ES], st.vp[PH] = 7, 9
    st.morale[ES], st.morale[PH] = 5, 2
    assert check_end(st, [])
    assert st.outcome is not None and st.outcome.winner == "philippine"
    st = upkeep_state(6)
    st.vp[ES] = st.vp[PH] = 9
    st.morale[ES], st.morale[PH] = 2, 5
    check_end(st, [])
    assert st.outcome is not None and st.outcome.winner == "philippine"
    st = upkeep_state(6)
    st.vp[ES] = st.vp[PH] = 9
    st.morale[ES] = st.morale[PH] = 2
    st.supply[ES], st.supply[PH] = 1, 4
    check_end(st, [])
    assert st.outcome is not None and st.outcome.winner == "philippine"
    st = upkeep_state(6)
    st.vp[ES] = st.vp[PH] = 9
    st.morale[ES] = st.morale[PH] = 2
    st.supply[ES] = st.supply[PH] = 2
    check_end(st, [])
    assert st.outcome is not None and st.outcome.winner == "spanish"


def test_the_game_goes_on_without_an_end_condition() -> None:
    st = upkeep_state(2)
    assert not check_end(st, [])


# --- fog of war ----------------------------------------------------------------------------


def test_example_fog_of_war_spanish_give_the_card_and_take_the_shared_deck_top() -> None:
    """BAL-037, BAL-240..242: in initiative order each side draws an enemy Fog of War card (seen
    only by the drawer); the Spanish give theirs to the Philippine discard pile and take the top
    card of the shared deck into their own discard pile."""
    st = upkeep_state(2)
    drawn = st.fow_decks[PH][-1]
    top = st.shared_deck[-1]
    events = run(st, UpkeepTask())
    assert kind(st) == "fow-keep" and st.decision.player == "spanish" and st.decision.private
    assert st.fow_drawn[ES] == drawn
    assert not any(drawn in str(getattr(e, "item", "")) for e in events if e.visible("philippine"))
    act(st, Decide(False))
    assert drawn in st.discards[PH]
    assert set(legal(st)) == {Choose("A"), Choose("B"), Choose("deck")}
    act(st, Choose("deck"))
    assert top in st.discards[ES]
    assert st.decision.player == "philippine" and kind(st) == "fow-keep"


def test_keeping_a_fog_of_war_card_costs_1_morale_and_needs_it() -> None:
    """BAL-241: keeping costs a morale level; at morale 0 the card must be given away."""
    st = upkeep_state(2)
    st.morale[ES] = 0
    run(st, UpkeepTask())
    assert legal(st) == [Decide(False)]
    st = upkeep_state(2)
    st.morale[ES] = 3
    drawn = st.fow_decks[PH][-1]
    run(st, UpkeepTask())
    act(st, Decide(True))
    assert st.morale[ES] == 2 and drawn in st.discards[ES]


def test_example_shared_card_replenishment_space_a() -> None:
    """BAL-253: the Philippine side takes face-up card A; in the Next turn step space A is refilled
    from the shared deck."""
    st = upkeep_state(2)
    st.morale[ES] = 0
    card_a = st.shared_faceup["A"]
    run(st, UpkeepTask())
    act(st, Decide(False))
    act(st, Choose("deck"))
    act(st, Decide(False))
    act(st, Choose("A"))
    assert card_a in st.discards[PH] and st.shared_faceup["A"] is None
    refill = st.shared_deck[-1]
    upkeep = st.stack[1]
    assert isinstance(upkeep, UpkeepTask)
    st.stack = st.stack[:2]
    upkeep.step = 7
    run(st, upkeep)
    assert st.shared_faceup["A"] == refill


# --- man the posts -------------------------------------------------------------------------


def test_man_the_posts_draws_one_unit_at_a_time_until_the_bag_is_empty() -> None:
    """BAL-243, GAP-BAL-43: each drawn unit goes on an empty guard post of the player's choice; an
    empty bag leaves posts empty."""
    st = upkeep_state(2)
    soldiers = [u for u, i in st.data.units.items() if i.side is ES and i.kind.value == "soldier"]
    for unit in soldiers[2:]:
        st.place(unit, "ph-eliminated")
    run(st, ManPosts(side="spanish", target="posts"), draws=tuple(soldiers[:2]))
    assert kind(st) == "man-posts"
    assert len(legal(st)) == 9
    act(st, PlaceUnit(soldiers[0], "es-bell-tower"))
    act(st, PlaceUnit(soldiers[1], "es-56-a3"))
    assert halted(st)
    assert st.loc[soldiers[1]] == "es-56-a3"


def test_man_the_posts_order_posts_then_detachments_in_turn_order() -> None:
    """BAL-243, BAL-244: the initiative side, then the other, fill their guard posts; then their
    detachment spaces (barracks), in the same order."""
    st = upkeep_state(2)
    st.initiative = PH
    st.morale[ES] = st.morale[PH] = 0
    upkeep = UpkeepTask(step=5)
    run(st, upkeep)
    pending = [(t.side, t.target) for t in st.stack if isinstance(t, ManPosts)]
    assert list(reversed(pending)) == [("philippine", "posts"), ("spanish", "posts"),
                                       ("philippine", "detachment"), ("spanish", "detachment")]


# --- leaders -------------------------------------------------------------------------------


def test_leader_rolls_1_disabled_2_to_5_back_6_stays() -> None:
    """BAL-245..248, GAP-BAL-13: one die per leader in the command area; a leader back from the
    command area is ready (face up) unless disabled."""
    st = upkeep_state(2)
    place(st, {"es-de-las-morenas": "es-cmd-military", "es-vigil-de-quinones": "es-cmd-medical",
               "es-lopez": "es-cmd-religious"})
    st.exhausted = {"es-de-las-morenas", "es-vigil-de-quinones", "es-lopez"}
    run(st, LeaderUpkeep(side="spanish"), rolls=(6, 1, 3))
    assert halted(st) and script_done(st)
    assert st.loc["es-de-las-morenas"] == "es-cmd-military"
    assert "es-de-las-morenas" not in st.exhausted
    assert st.loc["es-vigil-de-quinones"] == "es-det-12-4" and "es-vigil-de-quinones" in st.disabled
    assert st.loc["es-lopez"] == "es-det-12-6" and not st.exhausted


def test_leader_who_stays_may_act_again_or_wait_in_reserve() -> None:
    """BAL-249, GAP-BAL-14, GAP-BAL-24: a religious leader rolling 6 may act again (morale) and go
    back to the detachment, or stay face up in reserve, activated next turn by a movement."""
    st = upkeep_state(2)
    place(st, {"es-lopez": "es-cmd-religious"})
    st.exhausted = {"es-lopez"}
    st.morale[ES] = 2
    run(st, LeaderUpkeep(side="spanish"), rolls=(6,))
    assert kind(st) == "leader-upkeep"
    act(st, Decide(True))
    assert st.morale[ES] == 3 and st.loc["es-lopez"] == "es-det-12-6"
    st = upkeep_state(2)
    place(st, {"es-lopez": "es-cmd-religious"})
    run(st, LeaderUpkeep(side="spanish"), rolls=(6,))
    act(st, Decide(False))
    assert st.loc["es-lopez"] == "es-cmd-religious" and "es-lopez" not in st.exhausted


def test_disabled_leader_recovers_at_the_next_leaders_step() -> None:
    """GAP-BAL-41: disabled in turn 2, face up again in the Leaders step of turn 3."""
    st = upkeep_state(3)
    st.disabled["es-alonso-zayas"] = 2
    run(st, LeaderUpkeep(side="spanish"))
    assert "es-alonso-zayas" not in st.disabled


def test_a_leader_taken_exhausted_from_the_command_area_is_face_up_after_the_leaders_step(
) -> None:
    """BAL-049, BAL-084, BAL-184, BAL-245: De las Morenas, exhausted in the military post, falls ill
    (row 1-2, column 1) and is healed back to his detachment space the same turn: still exhausted,
    he cannot enter the command area again this turn; at the Leaders step he is face up again, so
    next turn he gives the command modifier from the military post."""
    st = upkeep_state(2)
    place(st, {"es-de-las-morenas": "es-cmd-military"})
    st.exhausted = {"es-de-las-morenas"}
    run(st, LossTask(kind="beriberi", count=1), rolls=(2, 1, 1))
    assert st.loc["es-de-las-morenas"] == "bed-3"
    infirmary.discharge(st, "es-de-las-morenas", None, [], "healed")
    assert st.loc["es-de-las-morenas"] == "es-det-12-1"
    assert not may_take_post(st, "es-de-las-morenas", "es-cmd-military")
    run(st, LeaderUpkeep(side="spanish"))
    assert halted(st) and "es-de-las-morenas" not in st.exhausted
    st.turn += 1
    assert may_take_post(st, "es-de-las-morenas", "es-cmd-military")
    place(st, {"es-de-las-morenas": "es-cmd-military"})
    assert military_leader(st, ES) == "es-de-las-morenas"


# --- next turn -----------------------------------------------------------------------------


def test_next_turn_steps_a_to_f() -> None:
    """BAL-250..255: turn marker, shooting markers off, surveillance markers stay, firepower re-
    evaluated, hands of 6 with the discard pile reshuffled when the deck runs out."""
    st = upkeep_state(2)
    st.shooting_markers = {"1": ES, "3": ES, "2": PH, "4": PH}
    st.surveillance[ES] = {"2"}
    place(st, {"es-gopar-hernandez": "es-34-a1"})
    st.discards[ES] = st.hands[ES] + st.decks[ES][:2]
    st.decks[ES] = st.decks[ES][2:]
    st.hands[ES] = []
    run(st, UpkeepTask(step=7))
    assert st.turn == 3
    assert st.shooting_markers == {}
    assert st.surveillance[ES] == {"2"}
    assert (st.firepower["1"], st.firepower_side["1"]) == (3, ES)
    assert len(st.hands[ES]) == 6 and st.discards[ES] == []
