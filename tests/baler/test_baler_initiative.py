"""Phase 1 - Initiative: simultaneous face-down choice, reveal, ties and Fog of War cards
(rulebook "Initiative phase", "Objective", "Initial deployment")."""

from __future__ import annotations

from baler_fixtures import ES, PH, RULES, act, hand, kind, legal, new_game

from baler.rules.actions import PlayCard
from engine.core.actions import Revealed


def test_initiative_choice_is_private_and_hidden_from_the_other_side() -> None:
    """BAL-058: each side lays a card face down; the first card is invisible to the second player
    until both are revealed together."""
    st = new_game(3)
    hand(st, ES, "es-01", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "ph-01", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    assert st.decision.player == "spanish" and st.decision.private
    events = act(st, PlayCard("es-02"))
    assert st.decision.player == "philippine" and st.decision.private
    ph_view = RULES.view(st, "philippine")
    assert ph_view["face_down"]["spanish"] is True
    assert "es-02" not in str(ph_view)
    assert "es-02" in str(RULES.view(st, "spanish")["face_down"])
    assert not any("The sortie" in e.text for e in events if e.visible("philippine"))
    events = act(st, PlayCard("ph-01"))
    reveal = [e for e in events if isinstance(e, Revealed)]
    assert reveal and set(reveal[0].items) == {"es-02", "ph-01"}
    assert st.initiative is ES
    assert "es-02" in st.discards[ES] and "ph-01" in st.discards[PH]


def test_example_initiative_tie_in_turn_1_goes_to_the_philippines() -> None:
    """BAL-060: equal values in turn 1: the Philippine side gets the initiative."""
    st = new_game(3)
    hand(st, ES, "es-01", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "ph-01", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    act(st, PlayCard("es-01"))
    act(st, PlayCard("ph-03"))
    assert st.initiative is PH


def test_example_initiative_tie_later_keeps_the_previous_holder() -> None:
    """BAL-060: on a tie after turn 1 the side that held the initiative keeps it."""
    st = new_game(3)
    hand(st, ES, "es-01", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "ph-01", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    st.turn, st.initiative = 2, ES
    act(st, PlayCard("es-01"))
    act(st, PlayCard("ph-03"))
    assert st.initiative is ES and st.previous_initiative is ES


def test_own_fog_of_war_card_for_initiative_is_resolved_and_removed() -> None:
    """BAL-061, BAL-062: a side's own Fog of War card played for initiative is resolved even if that
    side loses the initiative, then removed from the game."""
    st = new_game(3)
    hand(st, ES, "fs-06", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "ph-07", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    st.morale[ES] = 2
    act(st, PlayCard("fs-06"))
    act(st, PlayCard("ph-07"))
    assert st.initiative is PH
    assert st.morale[ES] == 4
    assert "fs-06" in st.removed


def test_both_fog_of_war_cards_resolve_initiative_holder_first() -> None:
    """BAL-062: both sides played their own Fog of War cards: the new initiative holder's event is
    resolved first."""
    st = new_game(3)
    hand(st, ES, "fs-01", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "fp-06", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    events = act(st, PlayCard("fs-01"))
    events = act(st, PlayCard("fp-06"))
    assert st.initiative is ES
    order = [e.text for e in events if "resolves the main event" in e.text]
    assert order[0].startswith("Spanish") and order[1].startswith("Philippine")


def test_shared_card_for_initiative_is_removed_from_the_game() -> None:
    """BAL-061, GAP-BAL-11: a played shared card always leaves the game."""
    st = new_game(3)
    hand(st, ES, "sh-07", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "ph-01", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    act(st, PlayCard("sh-07"))
    act(st, PlayCard("ph-01"))
    assert "sh-07" in st.removed and st.initiative is ES


def test_enemy_fog_of_war_cards_cannot_be_laid_for_initiative() -> None:
    """BAL-041, GAP-BAL-49: an enemy Fog of War card is a blank and is not offered while the hand
    has a usable card."""
    st = new_game(3)
    hand(st, ES, "fp-01", "es-02", "es-03", "es-04", "es-05", "es-06")
    assert PlayCard("fp-01") not in legal(st)
    assert kind(st) == "initiative-card"


def test_fog_of_war_event_for_initiative_must_be_used() -> None:
    """BAL-062: the event of an own Fog of War card laid for initiative must be resolved: its attack
    cannot be declined while one is possible."""
    st = new_game(3)
    hand(st, ES, "fs-02", "es-02", "es-03", "es-04", "es-05", "es-06")
    hand(st, PH, "ph-07", "ph-02", "ph-03", "ph-04", "ph-05", "ph-06")
    act(st, PlayCard("fs-02"))
    act(st, PlayCard("ph-07"))
    assert kind(st) == "event-attack"
    assert legal(st) and not any(type(a).__name__ == "Done" for a in legal(st))
