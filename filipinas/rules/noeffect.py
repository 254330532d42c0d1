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


def _at_end(track: str, value: int, amount: int, low: int, high: int,
            section: str) -> str | None:
    """Why moving a track at `value` by `amount` changes nothing: it is at that end."""
    if amount > 0 and value >= high:
        return f"{track} is at {high}, the top of its track ({section})"
    if amount < 0 and value <= low:
        return f"{track} is at {low}, the bottom of its track ({section})"
    return None


def _morale(state: FilState, amount: int) -> str | None:
    p = state.data.params
    return _at_end("Spanish Morale", state.morale, amount, p.morale_min, p.morale_max,
                   "4.2.3.13")


def us_reason(state: FilState, amount: int) -> str | None:
    """Why moving the US Intervention marker by `amount` changes nothing now (4.2.3.14, 7.0)."""
    p = state.data.params
    if state.us_at_war:
        return "the United States are at war already: the US Intervention track is done " \
               "(4.2.3.14)"
    if state.us_entry_pending:
        return "the United States enter the war next turn already (7.0)"
    return _at_end("US Intervention", state.us_level, amount, p.us_min, p.us_max, "4.2.3.14")


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
