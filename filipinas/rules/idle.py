"""Why a card's effect would do nothing now (`card_idle`): its track verbs already at the end of
their tracks. The log of a card's effect (filipinas.rules.cards) and the greyed options of the
screen (filipinas.rules.noeffect) both read it; everything read here is public.
"""

from __future__ import annotations

from typing import Any

from filipinas.rules.setup import CardDef
from filipinas.rules.state import FilState


def ap_idle(state: FilState, side: str) -> str | None:
    top = state.data.params.ap_max
    if state.ap[side] >= top:
        return f"{side.title()} Action Points are already at {top}, the top of the Resource " \
            "Table (5.1)"
    return None


def verb_idle(state: FilState, side: str, verb: str, value: Any) -> str | None:
    """Why one verb of a card's effect would do nothing now; None when it acts (or is not a
    track verb: those have their targets checked when the card is offered)."""
    p = state.data.params
    if verb == "ap":
        return ap_idle(state, side)
    if verb == "morale":
        delta = int(value)
        if delta > 0 and state.morale >= p.morale_max:
            return f"Spanish Morale is already at {p.morale_max}, the top of its track " \
                "(GAP-FIL-09)"
        if delta < 0 and state.morale <= p.morale_min:
            return f"Spanish Morale is already at {p.morale_min}, the bottom of its track " \
                "(GAP-FIL-09)"
        return None
    if verb == "us_intervention":
        if state.us_at_war or state.us_entry_pending:
            return "the United States are already entering the war: the US Intervention " \
                "track no longer moves (7.0)"
        delta = int(value)
        if delta < 0 and state.us_level <= p.us_min:
            return f"the US Intervention marker is already at {p.us_min}, the bottom of its " \
                "track (7.0)"
        if delta > 0 and state.us_level >= p.us_max:
            return f"the US Intervention marker is already at {p.us_max} (7.0)"
        return None
    return None


def card_idle(state: FilState, side: str, card: CardDef) -> str | None:
    """Why playing `card` now would change nothing: the reason of its first verb when every
    verb of its effect is idle."""
    reasons = [verb_idle(state, side, verb, value) for verb, value in card.effect.items()]
    if not reasons or any(r is None for r in reasons):
        return None
    return reasons[0]
