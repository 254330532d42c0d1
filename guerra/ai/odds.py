"""How a combat is likely to end (section 8), for the computer opponent's choices.

A normal combat: each side rolls the special die and multiplies by its combined combat factor;
the higher product wins and the loser loses every counter it engaged. A combat against a city
stack reads the city-stack table instead; both are averaged over the die's faces here.
"""

from __future__ import annotations

from functools import lru_cache

from guerra.ai.fields import province_value
from guerra.rules.combat import defence_factor, stack_result
from guerra.rules.data import Kind, Side
from guerra.rules.state import GuerraState, Unit
from guerra.rules.weather import attack_cut

UNIT_VALUE = {Kind.ARMY: 3.0, Kind.GARRISON: 2.2, Kind.NAVAL: 2.5, Kind.AIR: 2.0}
"""Worth of a counter to the computer: army counters move further than garrisons (section 7)."""
PRIZE_SHARE = 0.35
"""Share of a province's value won by destroying an enemy counter standing in it: it holds the
capital, or keeps the province in dispute (section 9)."""


@lru_cache(maxsize=4096)
def win_lose(faces: tuple[int, ...], attack: int, defence: int) -> tuple[float, float]:
    """Chances that the attack wins and that it loses a normal combat (ties are the rest)."""
    n = len(faces) ** 2
    win = sum(1 for a in faces for d in faces if a * attack > d * defence) / n
    lose = sum(1 for a in faces for d in faces if a * attack < d * defence) / n
    return win, lose


def expected_stack_losses(state: GuerraState, attack: int, defence: int) -> tuple[float, float]:
    """Average counters lost by attacker and defender on the city-stack table (section 8)."""
    faces = state.data.die.faces
    n = len(faces) ** 2
    lost_a = lost_d = 0.0
    for a in faces:
        for d in faces:
            la, ld = stack_result(state, attack - defence, a - d)
            lost_a += la
            lost_d += ld
    return lost_a / n, lost_d / n


def value_of(units: list[Unit]) -> float:
    return sum(UNIT_VALUE[u.kind] for u in units)


def combat_strengths(state: GuerraState, attackers: list[Unit], defenders: list[Unit],
                     attack_bonus: int = 0, defence_bonus: int = 0) -> tuple[int, int]:
    """The combined combat factors of a combat (section 8), the weather's cut (13) and the
    bonuses (air support, F.E.C.) included."""
    data = state.data
    attack = data.combat_factor * len(attackers) + attack_bonus
    attack = max(0, attack - attack_cut(state, attackers))
    defence = sum(defence_factor(state, u) for u in defenders) + defence_bonus
    return attack, defence


def combat_value(state: GuerraState, attackers: list[Unit], defenders: list[Unit], *,
                 stack: bool, attack_bonus: int = 0, defence_bonus: int = 0,
                 prize: float = 0.0) -> float:
    """What the attacker expects to gain: counters destroyed minus counters lost, plus `prize`
    (what winning brings besides, such as a capital freed) times the chance of winning.
    `attack_bonus` and `defence_bonus` are air support and F.E.C. (sections 8, 11)."""
    data = state.data
    attack, defence = combat_strengths(state, attackers, defenders, attack_bonus, defence_bonus)
    if stack:
        lost_a, lost_d = expected_stack_losses(state, attack, defence)
        lost_a = min(lost_a, len(attackers))
        lost_d = min(lost_d, len(defenders))
        per_a = value_of(attackers) / max(1, len(attackers))
        per_d = value_of(defenders) / max(1, len(defenders))
        cleared = lost_d / max(1, len(defenders))
        return lost_d * per_d - lost_a * per_a + prize * cleared
    win, lose = win_lose(data.die.faces, attack, defence)
    return win * (value_of(defenders) + prize) - lose * value_of(attackers)


def prize(state: GuerraState, side: Side, defenders: list[Unit]) -> float:
    """What destroying `defenders` frees beyond the counters: the provinces they stand in, if
    not `side`'s own and if no other enemy land counter stands there (section 9: a province
    stays in dispute, or its owner's, while one does). A counter at sea stands in no province
    and frees none."""
    territory = state.data.board.territory
    total = 0.0
    here: dict[str, int] = {}
    for u in defenders:
        pid = territory.get(u.hex) if u.hex is not None else None
        if pid is not None and u.kind.is_land:
            here[pid] = here.get(pid, 0) + 1
    for pid, count in here.items():
        if pid not in state.status or state.status[pid] is side:
            continue
        if state.land_count[pid][side.enemy] > count:
            continue
        total += PRIZE_SHARE * province_value(state, pid)
    return total
