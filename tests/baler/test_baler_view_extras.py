"""What the view adds for the game screen: the dice on the table during a combat or a roll the
Persistence marker may change, the action points and costs of the action phase, and the
victory points by cause for the final score (DESIGN.md §2: the UI reads the rules' queries)."""

from __future__ import annotations

from baler_fixtures import ES, PH, RULES, act, cleared, hand, kind, place, run

from baler.rules.actionphase import ActionPhaseTask
from baler.rules.actions import Done, ModifyDie, TakeAction
from baler.rules.combat import Shooting
from baler.rules.dicepool import dice_in_play
from baler.rules.losses import kill
from baler.rules.supply import SupplyRoll


def test_a_shooting_shows_both_pools_and_the_firepower() -> None:
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a2", "ph-soldier-17": "ph-34-a2"})
    st.morale[ES] = 5
    run(st, Shooting(attacker="spanish", area="2"), rolls=(4, 2, 1, 1))
    assert kind(st) == "modify-dice"
    dice = RULES.view(st, None)["dice"]
    assert dice["kind"] == "shooting" and dice["area"] == "2"
    assert dice["attacker"] == "spanish"
    assert dice["firepower"] == [1, "spanish"]
    assert [p["side"] for p in dice["pools"]] == ["spanish"]
    assert dice["pools"][0]["values"] == [4, 2]
    act(st, ModifyDie(1, "plus1", "morale"))
    pools = RULES.view(st, None)["dice"]["pools"]
    assert pools[0]["values"] == [4, 3] and pools[0]["modified"] == [False, True]
    assert pools[1] == {"side": "philippine", "label": "Philippine (defender)",
                        "values": [1, 1], "modified": [False, False]}


def test_a_persistence_decision_shows_its_single_die() -> None:
    st = cleared()
    st.persistence = True
    run(st, SupplyRoll(side="philippine"), rolls=(2,))
    assert kind(st) == "persistence"
    dice = dice_in_play(st)
    assert dice is not None and dice["kind"] == "roll"
    assert dice["pools"] == [{"side": "philippine", "label": "Philippine", "values": [2],
                              "modified": [False]}]
    act(st, Done())
    assert dice_in_play(st) is None


def test_the_action_phase_shows_points_left_and_each_action_cost() -> None:
    st = cleared()
    hand(st, ES, "es-07", "es-04")
    run(st, ActionPhaseTask(side="spanish"), rolls=(3,))
    points = RULES.view(st, "spanish")["action_points"]
    assert points["side"] == "spanish" and points["ap"] == 6
    assert points["costs"]["supply"] == 1 and points["costs"]["raise-morale"] == 2
    act(st, TakeAction("supply"))
    costs = RULES.view(st, "spanish")["action_points"]["costs"]
    assert costs["supply"] == 2


def test_victory_points_are_kept_by_cause() -> None:
    st = cleared()
    place(st, {"ph-soldier-01": "ph-34-a1", "ph-tecson": "ph-12-a1a2"})
    kill(st, "ph-soldier-01", [], "test")
    kill(st, "ph-tecson", [], "test")
    causes = RULES.view(st, "philippine")["vp_causes"]
    assert causes["spanish"] == {"units eliminated": 3}
    assert causes["philippine"] == {}
    assert st.vp[ES] == 3 and st.vp[PH] == 0
