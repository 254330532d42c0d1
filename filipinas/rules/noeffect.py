"""What would change nothing now, and why (no silent no-ops): a card whose every effect moves a
track already at its end (AP at the top of the Resource Table, Spanish Morale at its limit, the
US Intervention when the United States are at war already). A card may be played all the same
(6.13); the screen asks first and the log says why it did nothing. Pure queries.

`no_effect_reason(state, action)` answers for a card played; any other action gets None."""

from __future__ import annotations

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules.setup import CardDef
from filipinas.rules.state import FilState

TRACK_VERBS = frozenset({"ap", "morale", "us_intervention"})
"""The effect verbs that only move a track; a card with any other verb does something."""


def _ap(state: FilState, side: str, amount: int) -> str | None:
    top = state.data.params.ap_max
    if amount > 0 and state.ap[side] >= top:
        who = "Spanish" if side == "spain" else "Filipino"
        return f"the {who} AP are at {top}, the top of the Resource Table (4.2.3.12)"
    return None


def _morale(state: FilState, amount: int) -> str | None:
    p = state.data.params
    if amount > 0 and state.morale >= p.morale_max:
        return f"Spanish Morale is at {p.morale_max}, the top of its track (4.2.3.13)"
    if amount < 0 and state.morale <= p.morale_min:
        return f"Spanish Morale is at {p.morale_min}, the bottom of its track (4.2.3.13)"
    return None


def us_reason(state: FilState, amount: int) -> str | None:
    """Why moving the US Intervention marker by `amount` changes nothing now (4.2.3.14, 7.0)."""
    p = state.data.params
    if state.us_at_war:
        return "the United States are at war already: the US Intervention track is done " \
               "(4.2.3.14)"
    if state.us_entry_pending:
        return "the United States enter the war next turn already (7.0)"
    if amount > 0 and state.us_level >= p.us_max:
        return f"US Intervention is at {p.us_max}, the top of its track (4.2.3.14)"
    if amount < 0 and state.us_level <= p.us_min:
        return f"US Intervention is at {p.us_min}, the bottom of its track (4.2.3.14)"
    return None


def card_reason(state: FilState, card: CardDef) -> str | None:
    """Why playing `card` now would change nothing: every verb of its effect moves a track
    already at its end. None when it does something."""
    eff = card.effect
    if not eff or not set(eff) <= TRACK_VERBS:
        return None
    reasons = []
    for verb, value in eff.items():
        amount = int(value)
        if verb == "ap":
            reasons.append(_ap(state, card.side, amount))
        elif verb == "morale":
            reasons.append(_morale(state, amount))
        else:
            reasons.append(us_reason(state, amount))
    if any(r is None for r in reasons):
        return None
    return "; ".join(r for r in reasons if r is not None)


def no_effect_reason(state: FilState, action: Action) -> str | None:
    """Why `action` would change nothing now, citing the section; None when it does
    something (only a card played may be such)."""
    if isinstance(action, A.PlayCard) and action.card in state.data.cards:
        return card_reason(state, state.data.cards[action.card])
    return None
