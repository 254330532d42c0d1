"""Why one effect of the cards' vocabulary would do nothing now (`effect_idle`), for the log of
an event's resolution (baler.rules.effects) and the greyed options of a menu
(baler.rules.noeffect). Everything read here is public or the deciding side's own.
"""

from __future__ import annotations

from baler.rules import infirmary
from baler.rules.attacks import attack_options, kinds_for
from baler.rules.movement import MovementTask
from baler.rules.picks import (
    build_targets,
    empty_artillery_posts,
    own_exhausted_leaders,
    repair_targets,
    surveillance_areas,
    trenches_in_state,
)
from baler.rules.queries import bag, empty_posts, reserve, us_activation_allowed, walls_destroyed
from baler.rules.state import BalerState, Effect, Side


def track_idle(st: BalerState, side: Side, track: str, amount: int) -> str | None:
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
        return track_idle(st, target, verb, int(effect.get("amount", 0)))
    if verb == "supply_roll":
        return track_idle(st, side, "supply", 1)
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
