"""The computer opponent's card play: what an event is worth now, which card to lay for
initiative, which two to play as events and which to keep for action points, whether a support
card pays, and the Fog of War and shared-card choices of the Upkeep (rulebook "Cards", "Event
phase", "Boosting event cards", "Fog of War")."""

from __future__ import annotations

from baler.ai.judge import (
    artillery_worth,
    incursion_worth,
    morale_worth,
    shooting_worth,
    supply_worth,
    trench_worth,
)
from baler.rules import infirmary
from baler.rules.effects import requirement_met
from baler.rules.picks import (
    build_targets,
    empty_artillery_posts,
    repair_targets,
    trenches_in_state,
)
from baler.rules.queries import empty_posts, reserve, us_activation_allowed
from baler.rules.state import BalerState, CardInfo, Effect, Side

AP_WORTH = 0.75
"""What one action point is worth: a card played as an event gives up its action points."""
INITIATIVE_WORTH = 0.12
"""What each point of initiative value is worth when laying a card face down: the initiative
side acts first in the events, the first shootings and the action phase."""


def best_attack(st: BalerState, side: Side, effect: Effect) -> float:
    """The worth of the best attack an attack effect could launch now."""
    kind = effect.get("kind", "any")
    extra = int(effect.get("extra_dice", 0))
    bonus = int(effect.get("strength_bonus", 0))
    rerolls = int(effect.get("free_rerolls", 0))
    best = 0.0
    for area in st.data.areas:
        if area in st.attacked[side]:
            continue
        if kind in ("any", "shooting"):
            best = max(best, shooting_worth(st, side, area, extra, bonus, rerolls))
        if kind in ("any", "incursion"):
            best = max(best, incursion_worth(st, side, area, extra, bonus, rerolls))
        if kind in ("any", "artillery") and side is Side.PHILIPPINE:
            best = max(best, artillery_worth(st, area, extra, rerolls))
    return float(best * min(2, int(effect.get("count", 1))) ** 0.8)


def effect_worth(st: BalerState, side: Side, effect: Effect) -> float:
    """The worth of one effect of the cards' vocabulary (baler/rules/effects.py) for `side`."""
    verb = effect.verb
    target = side.enemy if effect.get("side") == "enemy" else side
    sign = -1.0 if target is not side else 1.0
    if verb == "attack":
        return best_attack(st, side, effect)
    if verb == "movement":
        return 0.55 * int(effect.get("count", 1))
    if verb == "supply":
        return sign * supply_worth(st, target, int(effect.get("amount", 0)))
    if verb == "morale":
        return sign * morale_worth(st, target, int(effect.get("amount", 0)))
    if verb == "supply_roll":
        return supply_worth(st, side, 1) * (0.8 if side is Side.SPANISH else 1.6)
    if verb == "surveillance":
        free = 4 - len(st.surveillance[side])
        return 0.35 * min(free, int(effect.get("count", 1)))
    if verb == "repair":
        found = len(repair_targets(st, side, int(effect.get("supply_cost", 1))))
        return 1.6 * min(found, int(effect.get("count", 1)))
    if verb == "heal":
        return 1.2 * min(len(infirmary.patients(st)), int(effect.get("count", 1)))
    if verb == "expand_infirmary":
        return 1.0 if st.beds_open < len(st.data.beds) else 0.0
    if verb == "artillery_reinforcement":
        return 3.0 if reserve(st) and empty_artillery_posts(st) else 0.0
    if verb == "destroy_trench":
        return 1.4 if trenches_in_state(st, effect.get("state", "sabotaged")) else 0.0
    if verb == "build_trench":
        cost = int(effect.get("supply_cost", 1))
        if not build_targets(st, cost):
            return 0.0
        return trench_worth(st, cost)
    if verb == "damage_walls":
        return 1.8
    if verb == "reinforce_posts":
        return 0.6 * min(len(empty_posts(st, side)), int(effect.get("count", 1)))
    if verb == "persistence":
        return 0.0 if st.persistence else 0.9
    if verb == "us_activation":
        return 0.4 if us_activation_allowed(st) else 0.0
    if verb == "ready_leader":
        return 0.3
    return 0.0


def event_worth(st: BalerState, side: Side, card: CardInfo, part: str = "main") -> float:
    effects = card.main if part == "main" else card.secondary
    return sum(effect_worth(st, side, e) for e in effects)


def secondary_worth(st: BalerState, side: Side, card: CardInfo) -> float:
    if not card.secondary or card.fow or not requirement_met(st, side, card):
        return 0.0
    return event_worth(st, side, card, "secondary")


def card(st: BalerState, card_id: str) -> CardInfo:
    return st.data.cards[card_id]


def as_event(st: BalerState, side: Side, card_id: str) -> float:
    """What playing a card as an event gains over keeping it for action points."""
    info = card(st, card_id)
    return event_worth(st, side, info) - AP_WORTH * info.ap


def as_initiative(st: BalerState, side: Side, card_id: str) -> float:
    """What laying a card face down for initiative is worth: its initiative value, less the
    best use it would otherwise have; an own Fog of War card's event is resolved too."""
    info = card(st, card_id)
    keep = max(AP_WORTH * info.ap, event_worth(st, side, info))
    worth = INITIATIVE_WORTH * info.initiative - keep
    if info.fow and info.owner == side.value:
        worth += event_worth(st, side, info)
    return worth


def support_worth(st: BalerState, side: Side, support: str, boosts: tuple[str, ...]) -> float:
    """Secondary events gained by a support card, less the action points it gives up."""
    gained = sum(secondary_worth(st, side, card(st, c)) for c in boosts)
    return gained - AP_WORTH * card(st, support).ap


def keep_enemy_fow(st: BalerState, side: Side, card_id: str) -> bool:
    """Keep an enemy Fog of War card (1 morale) to deny it, when it is strong and morale can
    spare the point; otherwise give it back and take a shared card."""
    info = card(st, card_id)
    threat = event_worth(st, side.enemy, info) + INITIATIVE_WORTH * info.initiative
    return st.morale[side] >= 4 and threat >= 2.5


def shared_card_worth(st: BalerState, side: Side, slot: str) -> float:
    """A face-up shared card by its best use; the top of the deck counts as an average card."""
    card_id = st.shared_faceup.get(slot)
    if card_id is None:
        return 1.5
    info = card(st, card_id)
    return max(AP_WORTH * info.ap, event_worth(st, side, info) + 0.5 * secondary_worth(
        st, side, info))
