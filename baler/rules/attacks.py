"""Choosing and launching attacks (rulebook "Attack": three attack types, never the same area
twice in one phase)."""

from __future__ import annotations

from baler.rules.actions import TakeAction
from baler.rules.artillery import ArtilleryAttack
from baler.rules.combat import AreaCombat, Shooting
from baler.rules.incursion import Incursion, fighters
from baler.rules.queries import artillery_in_area, engaged
from baler.rules.state import BalerState, Side

KINDS = ("shooting", "incursion", "artillery")
COMBATS: dict[str, type[AreaCombat]] = {
    "shooting": Shooting,
    "incursion": Incursion,
    "artillery": ArtilleryAttack,
}


def kinds_for(kind: str) -> tuple[str, ...]:
    return KINDS if kind == "any" else (kind,)


def can_attack(st: BalerState, side: Side, kind: str, area: str) -> bool:
    """An area not yet attacked by this side in this phase (GAP-BAL-39: the limit is per side);
    an incursion needs a fighting unit of one's own in the area; artillery needs a Philippine
    piece on the area's artillery post."""
    if area in st.attacked[side]:
        return False
    if kind == "incursion":
        return bool(fighters(st, engaged(st, side, area, with_artillery=False)))
    if kind == "artillery":
        return side is Side.PHILIPPINE and artillery_in_area(st, area) is not None
    return True


def attack_options(st: BalerState, side: Side, kinds: tuple[str, ...]) -> list[TakeAction]:
    return [
        TakeAction(f"attack-{kind}", area)
        for area in st.data.areas
        for kind in kinds
        if can_attack(st, side, kind, area)
    ]


def launch(
    st: BalerState, side: Side, kind: str, area: str, *, extra_dice: int = 0,
    strength_bonus: int = 0, free_rerolls: int = 0,
) -> AreaCombat:
    """Mark the area as attacked by `side` this phase and build the combat to push."""
    st.attacked[side].add(area)
    return COMBATS[kind](
        attacker=side.value, area=area, extra_dice=extra_dice, strength_bonus=strength_bonus,
        free_rerolls=free_rerolls,
    )
