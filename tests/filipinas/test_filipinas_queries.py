"""The read-only queries the screen asks of a position (filipinas.rules.queries) and the parts
of the view built from them: costs with the Coordinated Action surcharge, control, the pending
decision, and nothing of a hand."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from filipinas.rules import actions as A
from filipinas.rules.queries import action_costs, control_map, prompt_info


def test_costs_name_the_coordinated_action_surcharge(scenario):
    s = empty_position(scenario, ap=(5, 7))
    put(s, "bulacan", "bulacan_corps", reduced=["bulacan_corps"])
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    ready(s)
    costs = action_costs(s)
    assert costs[A.Plunder("bulacan_corps")] == (1, 0)
    assert not any(isinstance(a, A.PlayCard | A.TradeCards | A.EndRound) for a in costs)
    play(s, A.Plunder("bulacan_corps"))
    assert action_costs(s)[A.Plunder("tarlac_corps")] == (2, 1)


def test_an_attack_without_a_general_costs_two(scenario):
    s = empty_position(scenario, ap=(5, 7))
    put(s, "batangas", "batangas_corps")
    put(s, "batangas", "desierto")
    ready(s)
    assert action_costs(s)[A.Attack(("batangas_corps",), "desierto")] == (2, 0)


def test_control_and_the_pending_question_are_public(scenario):
    s = empty_position(scenario, ap=(5, 7), hands=(["katipunan_spies"], ["telegraph"]))
    put(s, "bulacan", "bulacan_corps")
    put(s, "manila", "desierto")
    put(s, "manila", "laguna_corps")
    ready(s)
    control = control_map(s)
    assert control["bulacan"] == "filipino" and control["manila"] == "partial"
    assert control["tarlac"] == "spain"
    assert prompt_info(s) is None
    view = RULES.view(s, None)
    assert view["control"] == control and view["round"]["actions"] == 0
    assert "telegraph" not in repr(view) and "katipunan_spies" not in repr(view)


def test_the_cancel_window_names_the_card_just_played(scenario):
    s = empty_position(scenario, ap=(5, 7), hands=(["katipunan_spies"],
                                                   ["patriotic_subscription"]))
    put(s, "bulacan", "bulacan_corps", reduced=["bulacan_corps"])
    s.active = "spain"
    ready(s)
    play(s, A.PlayCard("patriotic_subscription"))
    info = prompt_info(s)
    assert info is not None
    assert (info["kind"], info["player"], info["card"]) == ("cancel", "filipino",
                                                            "patriotic_subscription")
    assert action_costs(s) == {}
