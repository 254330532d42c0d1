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

from baler.rules import infirmary
from baler.rules.actions import Decide, ModifyDie, PlayCard, PlaySupport, ResolveEvent, TakeAction
from baler.rules.attacks import attack_options, kinds_for
from baler.rules.combat import SURV_ATT, SURV_DEF, AreaCombat
from baler.rules.effects import requirement_met, us_activation_allowed
from baler.rules.movement import MovementTask
from baler.rules.picks import (
    build_targets,
    empty_artillery_posts,
    own_exhausted_leaders,
    repair_targets,
    surveillance_areas,
    trenches_in_state,
)
from baler.rules.queries import bag, empty_posts, reserve, walls_destroyed
from baler.rules.reactions import idle_modification, surveillance_usable
from baler.rules.state import BalerState, CardInfo, Effect, Side
from engine.core.actions import Action


def _track_idle(st: BalerState, side: Side, track: str, amount: int) -> str | None:
    level = (st.supply if track == "supply" else st.morale)[side]
    top = st.track_max()
    if amount > 0 and level >= top:
        return f"{side.label} {track} is already at {top}, the top of its track (GAP-BAL-44)"
    if amount < 0 and level <= 0:
        return f"{side.label} {track} is already at 0 (GAP-BAL-44)"
    return None


def effect_idle(st: BalerState, side: Side, effect: Effect) -> str | None:
    """Why one effect of the cards' vocabulary (baler.rules.effects) would do nothing if
    resolved now by `side`; None when it would do something."""
    verb = effect.verb
    target = side.enemy if effect.get("side") == "enemy" else side
    if verb == "attack":
        kind = effect.get("kind", "any")
        if not attack_options(st, side, kinds_for(kind)):
            what = "attack" if kind == "any" else kind
            return f"no area can take a {side.label} {what} now (rulebook \"Attack\")"
        return None
    if verb == "movement":
        if not MovementTask(side=side.value, moves_left=1).options(st):
            return "no unit can move (rulebook \"Movement\")"
        return None
    if verb in ("supply", "morale"):
        return _track_idle(st, target, verb, int(effect.get("amount", 0)))
    if verb == "supply_roll":
        return _track_idle(st, side, "supply", 1)
    if verb == "surveillance":
        if not surveillance_areas(st, side):
            return "every surveillance marker is already on the map (rulebook \"Surveillance\")"
        return None
    if verb == "repair":
        if repair_targets(st, side, int(effect.get("supply_cost", 1))):
            return None
        if side is Side.SPANISH:
            return ("no damaged or wrecked church wall has 4 manpower on its guard posts, or "
                    "the supply to pay is missing (rulebook \"Repair\")")
        return ("no sabotaged trench section has 5 manpower in its area, or the supply to pay "
                "is missing (rulebook \"Repair\", GAP-BAL-10)")
    if verb == "heal":
        return None if infirmary.patients(st) else "the infirmary is empty (rulebook " \
            "\"Healing units\")"
    if verb == "expand_infirmary":
        if st.beds_open >= len(st.data.beds):
            return "every bed of the infirmary is already open (rulebook \"Spanish infirmary\")"
        return None
    if verb == "artillery_reinforcement":
        if not reserve(st):
            return "no artillery piece is left in the reserve (rulebook \"US Support\")"
        if not empty_artillery_posts(st):
            return "every artillery post is taken (rulebook \"US Support\")"
        return None
    if verb == "destroy_trench":
        if not trenches_in_state(st, effect.get("state", "sabotaged")):
            state = effect.get("state", "sabotaged")
            which = "trench section" if state == "any" else f"{state} trench section"
            return f"there is no {which} on the map (rulebook \"Trench section I\")"
        return None
    if verb == "build_trench":
        if build_targets(st, int(effect.get("supply_cost", 1))):
            return None
        return ("no empty trench space has 5 manpower on the posts beside it, or the supply to "
                "pay is missing (rulebook \"Trench section I\", GAP-BAL-48)")
    if verb == "damage_walls":
        if all(a in st.attacked[side] or walls_destroyed(st, a) for a in st.data.areas):
            return "every area is destroyed or already attacked in this phase (rulebook " \
                "\"Attack\")"
        return None
    if verb == "reinforce_posts":
        if not empty_posts(st, side):
            return "every guard post is manned (rulebook \"Man the posts\")"
        if not bag(st, side):
            return f"the {side.label} bag is empty (rulebook \"Man the posts\", GAP-BAL-43)"
        return None
    if verb == "persistence":
        return "the Persistence marker is already active (rulebook \"Persistence\")" \
            if st.persistence else None
    if verb == "us_activation":
        return None if us_activation_allowed(st) else ("the US marker is not on the map in "
                                                       "turns 4-6 (GAP-BAL-34)")
    if verb == "ready_leader":
        return None if own_exhausted_leaders(st, side) else ("no exhausted leader of the side "
                                                             "stands in a command post")
    return None


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
        return _track_idle(st, side, "morale", 1)
    if action.name == "supply":
        return _track_idle(st, side, "supply", 1)
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
