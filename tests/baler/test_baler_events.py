"""Phase 2 - Events: two event cards, the support card and its boosts, the effect vocabulary
and card modifiers (rulebook "Event phase", "Boosting event cards", "Cards modifiers")."""

from __future__ import annotations

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

from baler.rules.actions import Done, ModifyDie, PlayCard, PlaySupport, ResolveEvent, TakeAction
from baler.rules.effects import EffectsTask
from baler.rules.events import EventPhaseTask, boost_sets


def test_two_event_cards_are_played_then_resolved_in_any_order() -> None:
    """BAL-063, BAL-064: two cards, resolved in the player's order; cards are discarded after."""
    st = cleared()
    hand(st, ES, "es-03", "es-10", "es-07", "es-08")
    st.supply[ES], st.morale[ES] = 3, 3
    run(st, EventPhaseTask(side="spanish"))
    assert kind(st) == "event-card" and st.decision.private
    act(st, PlayCard("es-03"))
    act(st, PlayCard("es-10"))
    assert kind(st) == "support-card"
    act(st, Done())
    assert set(legal(st)) == {ResolveEvent("es-03", "main"), ResolveEvent("es-10", "main"), Done()}
    act(st, ResolveEvent("es-10", "main"))
    assert st.morale[ES] == 4
    act(st, ResolveEvent("es-03", "main"))
    assert halted(st)
    assert st.supply[ES] == 4
    assert {"es-03", "es-10"} <= set(st.discards[ES])


def test_events_may_be_left_unresolved() -> None:
    """BAL-064: the player may stop before resolving some events; both cards are still played."""
    st = cleared()
    hand(st, ES, "es-03", "es-10", "es-07")
    run(st, EventPhaseTask(side="spanish"))
    act(st, PlayCard("es-03"))
    act(st, PlayCard("es-10"))
    act(st, Done())
    act(st, Done())
    assert halted(st)
    assert st.hands[ES] == ["es-07"]
    assert {"es-03", "es-10"} <= set(st.discards[ES])


def test_support_icon_boosts_a_matching_event_and_its_own_event_is_not_resolved() -> None:
    """BAL-066..071: a morale support card boosts the morale event card only; both events of the
    boosted card resolve; the support card's own events never do."""
    st = cleared()
    assert boost_sets(st, "ph-10", ["ph-03", "ph-07"]) == [("ph-07",)]
    hand(st, PH, "ph-03", "ph-07", "ph-10")
    st.morale[ES], st.morale[PH] = 4, 3
    run(st, EventPhaseTask(side="philippine"))
    act(st, PlayCard("ph-03"))
    act(st, PlayCard("ph-07"))
    act(st, PlaySupport("ph-10", ("ph-07",)))
    options = set(legal(st))
    assert ResolveEvent("ph-07", "secondary") in options
    assert not any(isinstance(a, ResolveEvent) and a.card == "ph-10" for a in options)
    act(st, ResolveEvent("ph-07", "main"))
    act(st, ResolveEvent("ph-07", "secondary"))
    assert (st.morale[ES], st.morale[PH]) == (3, 4)


def test_star_wildcard_and_one_event_per_icon() -> None:
    """BAL-067, BAL-069, GAP-BAL-51: a star matches any icon; each icon of a support card boosts one
    event; a two-icon support card can boost both event cards."""
    st = cleared()
    assert boost_sets(st, "ph-08", ["ph-03", "ph-07"]) == [("ph-03",), ("ph-07",)]
    assert ("ph-03", "ph-06") in boost_sets(st, "ph-04", ["ph-03", "ph-06"])
    assert boost_sets(st, "ph-10", ["ph-03", "ph-06"]) == []


def test_a_star_on_the_event_card_is_no_wildcard() -> None:
    """GAP-BAL-51, rulebook "Boosting event cards" 3: "The star icon is a wildcard that can boost
    an event card with any icon" speaks of the support card's star. 'ph-08' (supply, star) as an
    event card is boosted by a supply or a star support card, not by an attack or morale one."""
    st = cleared()
    assert boost_sets(st, "ph-03", ["ph-08", "ph-06"]) == []
    assert boost_sets(st, "ph-07", ["ph-08", "ph-06"]) == []
    assert boost_sets(st, "ph-05", ["ph-08", "ph-06"]) == [("ph-08",)]
    assert ("ph-08",) in boost_sets(st, "sh-07", ["ph-08", "ph-06"])
    hand(st, PH, "ph-08", "ph-06", "ph-03")
    run(st, EventPhaseTask(side="philippine"))
    act(st, PlayCard("ph-08"))
    act(st, PlayCard("ph-06"))
    assert not any(isinstance(a, PlaySupport) and a.card == "ph-03" for a in legal(st))


def test_fog_of_war_event_cards_cannot_be_boosted() -> None:
    """BAL-070: a Fog of War card played as an event is never boosted."""
    st = cleared()
    assert boost_sets(st, "ph-10", ["fp-06", "ph-07"]) == [("ph-07",)]


def test_secondary_event_requirement() -> None:
    """BAL-068: the secondary event of 'Call to surrender' needs Philippine morale 4."""
    st = cleared()
    hand(st, PH, "ph-10", "ph-03", "ph-07")
    st.morale[PH] = 2
    run(st, EventPhaseTask(side="philippine"))
    act(st, PlayCard("ph-10"))
    act(st, PlayCard("ph-03"))
    act(st, PlaySupport("ph-07", ("ph-10",)))
    assert ResolveEvent("ph-10", "secondary") not in legal(st)
    act(st, ResolveEvent("ph-10", "main"))
    assert ResolveEvent("ph-10", "secondary") not in legal(st)
    st.morale[PH] = 4
    assert ResolveEvent("ph-10", "secondary") in legal(st)


def test_enemy_fog_of_war_cards_are_not_event_cards() -> None:
    """BAL-065, GAP-BAL-49: only own faction, shared and own Fog of War cards can be played."""
    st = cleared()
    hand(st, ES, "fp-01", "es-03", "sh-06", "fs-04")
    run(st, EventPhaseTask(side="spanish"))
    assert set(legal(st)) == {PlayCard("es-03"), PlayCard("sh-06"), PlayCard("fs-04")}


def test_example_card_modifiers_two_philippine_events() -> None:
    """BAL-187, BAL-180, BAL-263, GAP-BAL-39: 'Fire from the houses' gives +1 combat strength to a
    shooting (area 1, where the Philippine side also spends morale on a reroll); 'Night assault'
    launches two more attacks with an extra die each: in area 2 the rank-2 leader in the military
    post adds 1 to a die; in area 3 he is exhausted and morale pays for a reroll. No area is
    attacked twice."""
    st = cleared()
    place(st, {"es-catalan-valero": "es-34-a1", "es-jose-pestana": "es-34-a2",
               "es-chamizo-garcia": "es-34-a3", "ph-soldier-01": "ph-34-a1",
               "ph-soldier-02": "ph-34-a2", "ph-soldier-03": "ph-34-a3",
               "ph-luna-novicio": "ph-cmd-military"})
    st.morale[ES], st.morale[PH] = 0, 5
    hand(st, PH, "ph-03", "ph-04", "ph-09")
    rolls = (2, 3, 4, 2, 3, 2, 4, 2, 3, 3, 1, 2, 6, 2, 3, 4)
    run(st, EventPhaseTask(side="philippine"), rolls=rolls)
    act(st, PlayCard("ph-03"))
    act(st, PlayCard("ph-04"))
    act(st, Done())
    act(st, ResolveEvent("ph-03", "main"))
    act(st, TakeAction("attack-shooting", "1"))
    assert (st.firepower["1"], st.firepower_side["1"]) == (1, PH)
    act(st, ModifyDie(0, "reroll", "morale"))
    act(st, ResolveEvent("ph-04", "main"))
    assert TakeAction("attack-shooting", "1") not in legal(st)
    act(st, TakeAction("attack-shooting", "2"))
    act(st, ModifyDie(1, "plus1", "command"))
    assert "ph-luna-novicio" in st.exhausted
    act(st, Done())
    assert st.loc["es-jose-pestana"] == "bed-3"
    act(st, TakeAction("attack-shooting", "3"))
    assert not any(isinstance(a, ModifyDie) and a.source == "command" for a in legal(st))
    act(st, ModifyDie(0, "reroll", "morale"))
    assert halted(st) and script_done(st)
    assert st.loc["es-chamizo-garcia"] == "ph-eliminated"
    assert st.attacked[PH] == {"1", "2", "3"}


def test_effect_vocabulary_side_enemy_and_caps() -> None:
    """BAL-017, BAL-023, GAP-BAL-44: an event lowering enemy morale stops at 0; gains never pass
    6."""
    st = cleared()
    st.morale[ES], st.morale[PH] = 1, 6
    run(st, EffectsTask(side="philippine", card="sh-02"))
    assert (st.morale[ES], st.morale[PH]) == (0, 6)
