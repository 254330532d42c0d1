"""The sequence of play: administration, rounds, coordinated actions, end of turn (5.0-5.3)."""

from __future__ import annotations

import pytest
from helpers import RULES, empty_position, play, put, ready

from engine.core.actions import IllegalActionError
from filipinas.rules import actions as A
from filipinas.rules.forces import adjust_morale
from filipinas.rules.resources import income, province_income2
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
    """FIL-282, FIL-281: reached in the End of Turn Phase, the entry happens in the next
    Administration Phase; the American leaders are then on the board for the calculation, so
    their LF (3) enter the Filipino AP once, not a second time on top of it (4.2.2)."""
    s = _base(scenario, ap=(0, 0))
    s.us_level = 8
    events: list[object] = []
    settle(s, events)
    assert s.us_at_war and s.turn == 3 and s.loc["us_fleet"] == "hong_kong"
    # Tarlac 1 + Merritt 2 + Dewey 1 − 1 wet = 3, nothing carried: 3 AP, not 6
    assert s.ap["filipino"] == 3
    assert not any("The American leaders bring" in str(e) for e in events)


def test_tracks_held_at_their_limit_stay(scenario):
    """FIL-085, FIL-261, GAP-FIL-10: a Spanish Political Action stays legal with the US track
    at its minimum (6.12 does not forbid it), and its success leaves the marker where it is,
    which the log says; likewise Morale held at 10."""
    s = _base(scenario, [6], ap=(0, 3))
    s.active = "spain"
    ready(s)
    assert s.us_level == s.data.params.us_min
    assert A.Political("us") in RULES.legal_actions(s)
    events = [str(e) for e in play(s, A.Political("us"))]
    assert s.us_level == 1
    assert any("US Intervention stays at 1" in e for e in events)
    assert not any("1 → 1" in e for e in events)
    log: list[object] = []
    adjust_morale(s, 1, "test", log)
    assert s.morale == 10 and "Spanish Morale stays at 10" in str(log[0])


def test_an_action_beyond_the_ap_is_illegal(scenario):
    """FIL-141: each action's cost comes off the marker; one costing more than is left is not
    offered and is refused."""
    s = _base(scenario, ap=(1, 7))
    put(s, "tarlac", "marina")
    ready(s)
    attack = A.Attack(("tarlac_corps",), "marina")  # no Filipino leader there: 2 AP
    assert cost(s, "filipino", attack) == 2 and attack not in RULES.legal_actions(s)
    with pytest.raises(IllegalActionError):
        RULES.apply(s, attack)
    play(s, A.Entrench("tarlac_corps"))
    assert s.ap["filipino"] == 0


def test_counterattack_prompt_is_public(scenario):
    """FIL-222: the counterattack choice belongs to the attacked side."""
    s = _base(scenario, [1], ap=(2, 7))
    put(s, "manila", "bulacan_corps", "laguna_corps", reduced=["laguna_corps"])
    ready(s)
    play(s, A.Attack(("bulacan_corps", "laguna_corps"), "desierto"))
    assert s.pending[-1].kind == Kind.COUNTERATTACK and s.decision.player == "spain"
    assert not s.decision.private


def test_sacked_and_partially_controlled_provinces(scenario):
    """FIL-111, FIL-112, FIL-110 (5.1.1 II-III): a sacked, partially controlled Manila or
    Cavite gives each side 0.5; any other sacked, partial Province gives nothing; a sacked
    Province held by one side gives it half its value."""
    s = empty_position(scenario, turn=2)
    put(s, "manila", "desierto")
    put(s, "manila", "bulacan_corps", reduced=["bulacan_corps"])
    put(s, "batangas", "marina")
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    s.sacked.update({"manila", "batangas", "tarlac"})
    # in half points: Manila 1 each, Batangas 0, Tarlac 1 to the Filipino (sacked, his alone);
    # Spain also holds Pampanga 2, Bulacán 2, Cavite 4
    assert province_income2(s, "filipino") == 1 + 0 + 1
    assert province_income2(s, "spain") == 1 + 0 + 2 + 2 + 4
