"""Which answers would change nothing now, and why (`no_effect_reason`).

A card played as an event whose every effect has nothing to act on, a support card that boosts
only such effects, an action that moves a track already at its end, a die modification that
cannot change what the dice do: each is legal, costs what it costs (the card's action points,
a level of morale) and does nothing. The computer opponent never picks one while a useful
answer exists (DESIGN.md §9), and the screen greys such options and says why an event did
nothing. Everything read here is public or the deciding side's own (its hand, the dice on the
table), so the reason reveals nothing hidden.
"""

from __future__ import annotations

from baler.rules.actions import Decide, ModifyDie, PlayCard, PlaySupport, ResolveEvent, TakeAction
from baler.rules.combat import SURV_ATT, SURV_DEF, AreaCombat
from baler.rules.effects import requirement_met
from baler.rules.idle import effect_idle, track_idle
from baler.rules.movement import MovementTask
from baler.rules.reactions import idle_modification, surveillance_usable
from baler.rules.state import BalerState, CardInfo, Side
from engine.core.actions import Action


def event_idle(st: BalerState, side: Side, card: CardInfo, part: str) -> str | None:
    """Why the main or secondary event of `card` would do nothing now: the reason of its first
    effect when every effect is idle (or the secondary's requirement is not met)."""
    if part == "secondary" and not requirement_met(st, side, card):
        return f"the requirement of the secondary event of '{card.title}' is not met " \
            "(rulebook \"Card anatomy\")"
    effects = card.main if part == "main" else card.secondary
    reasons = [effect_idle(st, side, e) for e in effects]
    if not reasons or any(r is None for r in reasons):
        return None
    return reasons[0]


def _action_idle(st: BalerState, side: Side, action: TakeAction) -> str | None:
    if action.name == "raise-morale":
        return track_idle(st, side, "morale", 1)
    if action.name == "supply":
        return track_idle(st, side, "supply", 1)
    if action.name == "movement" and not MovementTask(side=side.value,
                                                     moves_left=1).options(st):
        return "no unit can move (rulebook \"Movement\")"
    return None


def no_effect_reason(st: BalerState, action: Action) -> str | None:
    """Why `action`, a legal answer to the decision now, would change nothing in the game; None
    when it does something (or may: a die rerolled, a card drawn).

    Covered: a card played as an event (its main event) or for support (the secondary events it
    boosts), an event resolved, the actions Raise the morale, Supply and Movement, a combat
    die modified (a face worth what it was worth, such as a success in an incursion with
    nothing to sabotage: rulebook "Incursion / 5. Target announcement"), and a surveillance
    marker whose bonus cannot count (rulebook "2. Surveillance"). The words are the players'
    and cite the rule."""
    if st.outcome is not None or not st.stack or st.decision.player is None:
        return None
    side = Side(st.decision.player)
    kind = st.decision.kind
    if isinstance(action, PlayCard) and kind == "event-card":
        info = st.data.cards[action.card]
        reason = event_idle(st, side, info, "main")
        return f"'{info.title}' as an event changes nothing now: {reason}" if reason else None
    if isinstance(action, PlaySupport):
        reasons = [event_idle(st, side, st.data.cards[c], "secondary") for c in action.boosts]
        if reasons and all(reasons):
            title = st.data.cards[action.card].title
            return f"'{title}' as support boosts nothing that would act now: {reasons[0]}"
        return None
    if isinstance(action, ResolveEvent):
        info = st.data.cards[action.card]
        reason = event_idle(st, side, info, action.part)
        return f"the {action.part} event of '{info.title}' changes nothing now: {reason}" \
            if reason else None
    if isinstance(action, TakeAction) and kind == "action":
        return _action_idle(st, side, action)
    if isinstance(action, ModifyDie) and kind in ("modify-dice", "persistence"):
        return idle_modification(st, action)
    if isinstance(action, Decide) and action.yes and kind == "surveillance":
        task = st.stack[-1]
        if isinstance(task, AreaCombat) and task.step in (SURV_ATT, SURV_DEF) \
                and not surveillance_usable(st, task):
            return ("the side already holds the greatest firepower advantage and the other "
                    "side cannot take it away (rulebook \"2. Surveillance\")")
    return None
