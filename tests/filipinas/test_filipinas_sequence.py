"""The sequence of play: administration, rounds, coordinated actions, end of turn (5.0-5.3)."""

from __future__ import annotations

from helpers import empty_position, play, put, ready

from filipinas.rules import actions as A
from filipinas.rules.resources import income
from filipinas.rules.sequence import cost, settle
from filipinas.rules.state import Kind, Phase


def _base(scenario, rolls=(), **kw):
    s = empty_position(scenario, rolls, **kw)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "manila", "desierto")
    put(s, "manila_city", "blanco")
    return s


def _finish_turn(s):
    events = []
    turn = s.turn
    while s.turn == turn and s.phase == Phase.ACTION and not s.pending:
        events += play(s, A.EndRound())
    return events


def test_rounds_alternate_from_the_filipino_until_both_pass(scenario):
    """FIL-106, FIL-127, FIL-129, FIL-142: F, S, F... two passes in a row end the phase."""
    s = _base(scenario)
    ready(s)
    assert s.decision.player == "filipino" and s.decision.private
    play(s, A.Entrench("tarlac_corps"))
    play(s, A.EndRound())
    assert s.active == "spain"
    play(s, A.EndRound())  # Spain passes
    assert s.active == "filipino"
    play(s, A.EndRound())  # Filipino passes: two in a row
    assert s.turn == 3 and s.phase == Phase.ACTION and s.active == "filipino"


def test_administration(scenario):
    """FIL-107, FIL-119, FIL-125, FIL-126: turn marker, resources, cards by the Resource Table
    (5 → 2), markers removed; FIL-073/FIL-114: −1 in a wet turn; FIL-030: leaders' LF."""
    s = _base(scenario, turn=2, ap=(0, 0))
    s.targets.add("tarlac_corps")
    s.sacked.add("tarlac")
    deck_before = len(s.decks["filipino"])
    events: list[object] = []
    settle(s, events)  # neither side can act: both pass, the turn ends, turn 3 begins
    assert s.turn == 3
    assert not s.targets and not s.sacked
    # Spain: 7 from the five Provinces it holds + Blanco 1 − 1 wet = 7
    assert s.ap["spain"] == 7
    assert s.ap["filipino"] == 2  # Tarlac sacked 0.5 − 1 wet → 0, minimum 2 (FIL-116)
    assert len(s.hands["filipino"]) == 1 and deck_before - len(s.decks["filipino"]) == 1
    assert len(s.hands["spain"]) == 3
    assert any("wet turn -1" in str(e) for e in events)
    assert s.data.params.cards_for(5) == 2


def test_unused_ap_carry_over_and_count_toward_the_minimum(scenario):
    """FIL-118, FIL-143: carried AP plus income, and the minimum applies to the sum."""
    s = _base(scenario, turn=3, ap=(1, 3))
    assert income(s, "filipino").total == 2
    s.ap["filipino"] = 3
    assert income(s, "filipino").total == 3  # 3 carried + 0 income


def test_biak_minimum_is_one(scenario):
    """FIL-078, FIL-117, GAP-FIL-24: after Biak-na-Bató the Filipino minimum is 1."""
    s = _base(scenario, turn=3, ap=(0, 0))
    s.biak = True
    assert income(s, "filipino").total == 1 and income(s, "spain").total >= 2


def test_hand_limit_discard(scenario):
    """FIL-267: over 5 cards the owner discards at once, privately."""
    s = _base(scenario, ap=(1, 7), hands=(["la_solidaridad", "hong_kong_junta", "ambush",
                                           "bolo_charge", "trenches", "barrio_warning"], []))
    ready(s)
    assert s.decision.kind == "discard" and s.decision.player == "filipino"
    assert s.decision.private
    play(s, A.Discard("ambush"))
    assert len(s.hands["filipino"]) == 5 and "ambush" in s.out and s.decision.kind == "round"


def test_coordinated_action_costs_one_more(scenario):
    """FIL-135, FIL-136: two moves in one round cost 3 AP, three cost 4."""
    s = _base(scenario, ap=(5, 7))
    put(s, "bulacan", "bulacan_corps", reduced=["bulacan_corps"])
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    ready(s)
    play(s, A.Move("tarlac_corps", "pampanga"))
    assert s.ap["filipino"] == 4
    assert cost(s, "filipino", A.Move("bulacan_corps", "pampanga")) == 2
    play(s, A.Move("bulacan_corps", "pampanga"))
    play(s, A.Move("batangas_corps", "cavite"))
    assert s.ap["filipino"] == 1  # 1 + 2 + 1 = 4 for three stacks


def test_two_cards_for_one_ap(scenario):
    """FIL-268: two cards discarded for 1 AP at any moment of one's round."""
    s = _base(scenario, ap=(0, 7), hands=(["ambush", "bolo_charge"], []))
    ready(s)
    play(s, A.TradeCards("ambush", "bolo_charge"))
    assert s.ap["filipino"] == 1 and not s.hands["filipino"]
    assert {"ambush", "bolo_charge"} <= set(s.out)


def test_auto_pass_without_ap_or_cards(scenario):
    """FIL-142: a side with no AP and no card to play passes by itself."""
    s = _base(scenario, ap=(0, 1))
    ready(s)
    assert s.active == "spain"


def test_end_of_turn_government_and_reconcentration(scenario):
    """FIL-063, FIL-064, FIL-144, FIL-269: Cánovas +2 US; Sagasta +1 US and −1 Morale;
    Reconcentration +1 US."""
    s = _base(scenario, ap=(0, 0))
    s.reconcentration = True
    ready(s)
    assert s.turn == 3 and s.us_level == 4 and s.morale == 10
    s.government = "sagasta"
    s.reconcentration = False
    s.ap = {"filipino": 0, "spain": 0}
    _finish_turn(s)
    assert s.us_level == 5 and s.morale == 9


def test_reconcentration_card(scenario):
    """FIL-055..FIL-058: −1 AP to both at once and each Administration Phase; Spain may end it
    for 1 AP, as its action."""
    s = _base(scenario, ap=(3, 4), hands=([], ["reconcentration"]))
    s.active = "spain"
    ready(s)
    play(s, A.PlayCard("reconcentration"))
    assert s.reconcentration and s.ap == {"filipino": 2, "spain": 3}
    play(s, A.EndReconcentration())
    assert not s.reconcentration and s.ap["spain"] == 2 and s.round_count == 1
    s.reconcentration = True
    s.ap = {"filipino": 0, "spain": 9}
    assert income(s, "spain").reconcentration == -1


def test_us_entry_at_ten(scenario):
    """FIL-084, FIL-280, FIL-281, FIL-283..FIL-286: Americans in Hong Kong, +3 AP to the
    Filipino, Artillery with Aguinaldo, one USA card each, the Filipino plays next."""
    s = _base(scenario, [6], ap=(2, 5))
    put(s, "cavite", "aguinaldo", "cavite_corps", reduced=["cavite_corps"])
    s.us_level = 9
    ready(s)
    play(s, A.Political("us"))
    assert s.us_at_war and s.us_level == 10
    assert {s.loc[c] for c in ("us_fleet", "dewey", "us_anderson", "merritt")} == {"hong_kong"}
    assert s.ap["filipino"] == 1 + 3
    assert s.artillery == "in_play" and s.artillery_holder == "aguinaldo"
    assert len(s.hands["filipino"]) == 1 and len(s.hands["spain"]) == 1
    assert not s.decks["usa_filipino"] and not s.decks["usa_spanish"]
    play(s, A.EndRound())
    assert s.active == "filipino"  # the American/Filipino player plays the next round


def test_us_entry_reached_at_end_of_turn_waits(scenario):
    """FIL-282: reached in the End of Turn Phase, the entry happens in the next
    Administration Phase."""
    s = _base(scenario, ap=(0, 0))
    s.us_level = 8
    ready(s)
    assert s.us_at_war and s.turn == 3 and s.loc["us_fleet"] == "hong_kong"


def test_counterattack_prompt_is_public(scenario):
    """FIL-222: the counterattack choice belongs to the attacked side."""
    s = _base(scenario, [1], ap=(2, 7))
    put(s, "manila", "bulacan_corps", "laguna_corps", reduced=["laguna_corps"])
    ready(s)
    play(s, A.Attack(("bulacan_corps", "laguna_corps"), "desierto"))
    assert s.pending[-1].kind == Kind.COUNTERATTACK and s.decision.player == "spain"
    assert not s.decision.private
