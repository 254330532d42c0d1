"""Which answers would change nothing now, and why (`no_effect_reason`).

A card's targets are checked when it is offered (filipinas.rules.cards `targets_for`), so a card
in the list always has something to act on, except for its track verbs: Action Points already
at the top of the Resource Table, Spanish Morale or the US Intervention marker already at the
end of its track, or the US Intervention track once the United States are at war. Trading two
cards for 1 AP changes nothing when the AP cannot rise; and when one of the two cards gives
that AP by itself (Revolutionary Taxes, Telegraph), the trade adds nothing to playing it alone
but the loss of the other card, so it is reported the same way. The computer opponent never
picks such an answer while a useful one exists (DESIGN.md §9); the screen can grey it and say
why. Everything read here is public or the deciding side's own hand.
"""

from __future__ import annotations

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules.cards import round_cards
from filipinas.rules.idle import ap_idle, card_idle
from filipinas.rules.state import FilState


def _ap_card(state: FilState, side: str, card_id: str) -> bool:
    """A card whose whole effect is Action Points, playable now in the round."""
    card = state.data.cards[card_id]
    if set(card.effect) != {"ap"} or int(card.effect["ap"]) < 1:
        return False
    return any(c == card_id for c, _ in round_cards(state, side))


def no_effect_reason(state: FilState, action: Action) -> str | None:
    """Why `action`, a legal answer now, would change nothing in the game; None when it does
    something. Covered: a card played in the round or in answer to the enemy whose every verb
    is a track already at its end (5.1, GAP-FIL-09, 7.0), and a trade of two cards for 1 AP
    (6.13) when the AP cannot rise or one of the two cards gives that AP alone."""
    if not isinstance(action, (A.PlayCard, A.TradeCards)):
        return None  # asked of every answer a computer player weighs: the cheap test first
    player = state.decision.player
    if state.outcome is not None or player is None:
        return None
    if isinstance(action, A.PlayCard):
        card = state.data.cards[action.card]
        reason = card_idle(state, player, card)
        return f"'{card.name}' changes nothing now: {reason}" if reason else None
    if isinstance(action, A.TradeCards):
        reason = ap_idle(state, player)
        if reason:
            return f"the trade changes nothing now: {reason}"
        for alone, other in ((action.first, action.second), (action.second, action.first)):
            if _ap_card(state, player, alone):
                gives = state.data.cards[alone]
                return (f"'{gives.name}' played alone gives the same Action Point: the trade "
                        f"only throws '{state.data.cards[other].name}' away (6.13)")
    return None
