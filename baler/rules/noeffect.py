"""What would change nothing now, and why (no silent no-ops): an event whose every effect finds
nothing to act on (no trench space manned to 5 for "Digging the trenches", no sabotaged trench for
"Repair", a track already at its end). The screen greys such an event or asks before a card is
played for nothing ("You must always play two cards in this phase, but you can choose not to
resolve some or even all the events", rulebook "Event phase"); the log says why an event did
nothing. Pure queries: nothing here changes the state.

`no_effect_reason(state, action)` answers for an event card played (its main event) and for an
event resolved; any other action gets None (it does something, or the question does not
apply)."""

from __future__ import annotations

from baler.rules.actions import PlayCard, ResolveEvent
from baler.rules.attacks import attack_options, kinds_for
from baler.rules.effects import us_activation_allowed
from baler.rules.movement import MovementTask
from baler.rules.picks import (
    area_manpower,
    build_targets,
    own_exhausted_leaders,
    patients_of,
    repair_targets,
    surveillance_areas,
    trenches_in_state,
)
from baler.rules.queries import bag, empty_posts, reserve, walls_destroyed
from baler.rules.state import BalerState, Effect, Side
from baler.rules.walls import repairable
from engine.core.actions import Action


def _track(st: BalerState, side: Side, track: str, amount: int) -> str | None:
    value = (st.supply if track == "supply" else st.morale)[side]
    top = st.track_max()
    if amount > 0 and value >= top:
        return f"the {side.label} {track} is at {top} already and can go no higher " \
               "(Attrition Phase)"
    if amount < 0 and value <= 0:
        return f"the {side.label} {track} is at 0 already (Attrition Phase)"
    return None


def _repair(st: BalerState, side: Side, cost: int) -> str | None:
    if repair_targets(st, side, cost):
        return None
    if st.supply[side] < cost:
        return f"a repair costs {cost} supply and the {side.label} side has {st.supply[side]} " \
               "(Repair)"
    table = st.data.tables["repair"]
    if side is Side.SPANISH:
        if not any(repairable(st, a) for a in st.data.areas):
            return "no church walls are Damaged or Wrecked (Repair)"
        return f"no area with Damaged or Wrecked walls has {table['spanish_manpower']} " \
               "manpower on its guard posts (Repair)"
    sabotaged = trenches_in_state(st, "sabotaged")
    if not sabotaged:
        return "no trench section is sabotaged (Repair)"
    need = int(table["philippine_manpower"])
    areas = sorted({st.data.trench_spaces[t][0] for t in sabotaged})
    have = ", ".join(f"area {a}: {area_manpower(st, side, a)}" for a in areas)
    return f"a sabotaged trench section is repaired with {need} manpower in its area ({have}) " \
           "(Repair)"


def _build(st: BalerState, cost: int) -> str | None:
    if build_targets(st, cost):
        return None
    side = Side.PHILIPPINE
    if len(st.trenches) >= len(st.data.trench_spaces):
        return "every trench space holds a trench section (Trench section I)"
    if st.supply[side] < cost:
        return f"a trench section costs {cost} supply and the Philippine side has " \
               f"{st.supply[side]} (Trench section I)"
    need = int(st.data.tables["trench"]["manpower"])
    return f"no empty trench space has {need} manpower on the guard posts beside it " \
           "(Trench section I)"


def effect_reason(st: BalerState, side: Side, effect: Effect) -> str | None:
    """Why `effect`, resolved now by `side`, would change nothing; None when it does something
    (or may: a die is rolled, a choice is made)."""
    verb = effect.verb
    target = side.enemy if effect.get("side") == "enemy" else side
    if verb in ("supply", "morale"):
        return _track(st, target, verb, int(effect.get("amount", 0)))
    if verb == "repair":
        return _repair(st, side, int(effect.get("supply_cost", 1)))
    if verb == "build_trench":
        return _build(st, int(effect.get("supply_cost", 1)))
    if verb == "surveillance" and not surveillance_areas(st, side):
        return "every surveillance marker of yours is on the map or no area is free of one " \
               "(Surveillance)"
    if verb == "heal" and not patients_of(st):
        return "the infirmary is empty (Healing units)"
    if verb == "expand_infirmary" and st.beds_open >= len(st.data.beds):
        return "every bed of the infirmary is open already (Expand the infirmary)"
    if verb == "artillery_reinforcement":
        if not reserve(st):
            return "no artillery piece is left in the reserve (US Support)"
        if not any(not st.units_at(p) for p in st.data.artillery_posts.values()):
            return "every artillery post holds a piece (US Support)"
    if verb == "destroy_trench" and not trenches_in_state(st, effect.get("state", "sabotaged")):
        state = effect.get("state", "sabotaged")
        return f"no trench section is {state} (Event phase)" if state != "any" else \
            "no trench section is built (Event phase)"
    if verb == "ready_leader" and not own_exhausted_leaders(st, side):
        return "no leader of yours is exhausted in the command area (Leaders)"
    if verb == "damage_walls" and all(a in st.attacked[side] or walls_destroyed(st, a)
                                      for a in st.data.areas):
        return "the walls of every area are destroyed or were attacked by you this phase " \
               "(Event phase)"
    if verb == "reinforce_posts":
        if not empty_posts(st, side):
            return "every guard post of yours is manned (Man the posts)"
        if not bag(st, side):
            return f"the {side.label} bag is empty (Man the posts)"
    if verb == "persistence" and st.persistence:
        return "the Persistence marker is active already (Persistence)"
    if verb == "us_activation" and not us_activation_allowed(st):
        return "the US marker acts only in turns 4 to 6, once it is on the map (USS Yorktown)"
    if verb == "attack" and not attack_options(st, side, kinds_for(effect.get("kind", "any"))):
        return "no attack of that kind may be made in any area now (Attack)"
    if verb == "movement" and not MovementTask(side=side.value).options(st):
        return "no movement is possible now (Movement)"
    return None


def event_reason(st: BalerState, side: Side, effects: tuple[Effect, ...]) -> str | None:
    """Why an event (its effects in order) would change nothing now: the reasons of its
    effects, when every one of them changes nothing; None when one does something."""
    reasons = [effect_reason(st, side, e) for e in effects]
    if not reasons or any(r is None for r in reasons):
        return None
    return "; ".join(dict.fromkeys(r for r in reasons if r is not None))


def no_effect_reason(st: BalerState, action: Action) -> str | None:
    """Why `action` would change nothing now, citing the section; None when it does something.
    Answers for an event card played in the Event phase (its main event: the card must be
    played all the same) and for an event resolved."""
    decision = st.decision
    if decision.player is None:
        return None
    side = Side(decision.player)
    if isinstance(action, PlayCard) and decision.kind == "event-card" \
            and action.card in st.data.cards:
        return event_reason(st, side, st.data.cards[action.card].main)
    if isinstance(action, ResolveEvent) and decision.kind == "resolve-event" \
            and action.card in st.data.cards:
        card = st.data.cards[action.card]
        return event_reason(st, side, card.main if action.part == "main" else card.secondary)
    return None
