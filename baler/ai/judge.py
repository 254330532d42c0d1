"""What the computer opponent knows about a position: the worth of track points, wall levels
and casualties, and the expected worth of each kind of attack, counted from the dice's chances
(never rolled). Worth is measured in victory points or their equivalent, from the point of view
of the side that asks.

Only public information is read: units on the board, tracks, walls, trenches; never the enemy
hand, a bag's order or the dice to come.
"""

from __future__ import annotations

from functools import cache

from baler.rules.incursion import fighters, spanish_targets
from baler.rules.picks import build_targets
from baler.rules.queries import (
    area_firepower,
    artillery_in_area,
    engaged,
    firepower,
    strength,
)
from baler.rules.state import DESTROYED, BalerState, Kind, Phase, Side
from baler.rules.victory import destroyed_areas, last_turn

KILL = {Side.SPANISH: 1.6, Side.PHILIPPINE: 1.3}
"""Worth, to the enemy, of killing a unit of this side: the VP and the lost counter."""
WOUND = {Side.SPANISH: 0.8, Side.PHILIPPINE: 0.35}
"""Worth, to the enemy, of wounding one: a Spanish patient may die in the infirmary (a VP), a
Philippine soldier only goes back to the bag."""
WALLS_STOP = 5 / 6
"""Share of Spanish casualties the church walls let through (a location roll of 1 is stopped)."""


def track_worth(level: int, low: tuple[float, ...]) -> float:
    """Worth of one more point on a 0-6 track at `level`: `low` lists the worth from level 0 up;
    above the list the worth is the last entry; at 6 nothing (a gain over 6 is lost)."""
    if level >= 6:
        return 0.0
    return low[min(level, len(low) - 1)]


SPANISH_SUPPLY = (2.0, 2.0, 1.8, 1.6, 1.4, 0.9)
"""Spanish supply falls 1-2 in attrition and beriberi strikes below 4."""
PHILIPPINE_SUPPLY = (1.6, 1.4, 1.2, 0.9, 0.6, 0.4)
SPANISH_MORALE = (2.0, 1.6, 1.4, 0.8, 0.5, 0.3)
"""Spanish soldiers desert at morale 2 or less."""
PHILIPPINE_MORALE = (1.0, 0.8, 0.6, 0.45, 0.35, 0.25)


def supply_worth(st: BalerState, side: Side, amount: int = 1) -> float:
    """Worth of `amount` supply points (negative amounts cost what they lose)."""
    table = SPANISH_SUPPLY if side is Side.SPANISH else PHILIPPINE_SUPPLY
    level = st.supply[side]
    if amount >= 0:
        return sum(track_worth(level + k, table) for k in range(amount))
    return -sum(track_worth(level - k - 1, table) for k in range(-amount) if level - k > 0)


def morale_worth(st: BalerState, side: Side, amount: int = 1) -> float:
    table = SPANISH_MORALE if side is Side.SPANISH else PHILIPPINE_MORALE
    level = st.morale[side]
    if amount >= 0:
        return sum(track_worth(level + k, table) for k in range(amount))
    return -sum(track_worth(level - k - 1, table) for k in range(-amount) if level - k > 0)


def wall_level_worth(st: BalerState, area: str, levels: int) -> float:
    """Worth to the Philippine side of lowering the walls of `area` by `levels`: each level
    more than the last, Destroyed scores and a second destroyed area ends the game (+6)."""
    worth = 0.0
    level = st.walls[area]
    for _ in range(levels):
        if level >= DESTROYED:
            break
        level += 1
        if level == DESTROYED:
            worth += 9.0 if destroyed_areas(st) >= 1 else 3.5
        else:
            worth += 1.0 + 0.5 * level
    return worth


# --- dice ----------------------------------------------------------------------------------


@cache
def binomial(n: int, p: float) -> tuple[float, ...]:
    """Chances of 0..n successes among n dice each succeeding with chance p."""
    dist = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return tuple(dist)


@cache
def net_successes(att: int, dfn: int, p_att: float, p_dfn: float, cap: int) -> float:
    """Expected attacker successes left after the defender's cancel theirs, at most `cap`."""
    a, d = binomial(att, p_att), binomial(dfn, p_dfn)
    return sum(pa * pd * min(cap, max(0, i - j))
               for i, pa in enumerate(a) for j, pd in enumerate(d))


def dice(st: BalerState, base: int, fp: int, extra: int = 0) -> int:
    return max(0, min(int(st.data.tables["max_combat_dice"]), base + fp + extra))


def signed_firepower(st: BalerState, side: Side, area: str, bonus: int = 0,
                     incursion: bool = False) -> int:
    """Firepower in `area` from `side`'s point of view (positive: in its favour), with an
    attacker's strength bonus."""
    if incursion:
        own = strength(st, fighters(st, engaged(st, side, area, with_artillery=False)))
        foe = strength(st, fighters(st, engaged(st, side.enemy, area, with_artillery=False)))
    else:
        own = strength(st, engaged(st, side, area, with_artillery=True))
        foe = strength(st, engaged(st, side.enemy, area, with_artillery=True))
    own += bonus
    es, ph = (own, foe) if side is Side.SPANISH else (foe, own)
    level, favoured = firepower(es, ph, int(st.data.tables["max_firepower"]))
    return level if favoured is side else -level


def shooting_worth(st: BalerState, side: Side, area: str, extra: int = 0, bonus: int = 0,
                   rerolls: int = 0) -> float:
    """Expected worth for `side` of shooting in `area`: its hits (a 5 wounds, a 6 kills) against
    the defender's, both from one die each side plus firepower (rulebook "Shooting")."""
    foe = side.enemy
    if not engaged(st, side, area, with_artillery=False) or \
            not engaged(st, foe, area, with_artillery=False):
        return 0.0
    fp = signed_firepower(st, side, area, bonus)
    base = st.data.tables["base_dice"]
    mine = dice(st, int(base["attacker"]), max(fp, 0), extra)
    theirs = dice(st, int(base["defender"]), max(-fp, 0))
    per_die_to_foe = (KILL[foe] + WOUND[foe]) / 6 * (WALLS_STOP if foe is Side.SPANISH else 1)
    per_die_to_me = (KILL[side] + WOUND[side]) / 6 * (WALLS_STOP if side is Side.SPANISH else 1)
    reroll_gain = min(rerolls, mine) * per_die_to_foe * 0.66
    return mine * per_die_to_foe + reroll_gain - theirs * per_die_to_me


def incursion_worth(st: BalerState, side: Side, area: str, extra: int = 0, bonus: int = 0,
                    rerolls: int = 0) -> float:
    """Expected worth for `side` of an incursion in `area`: net 5-6 successes lower the walls
    (Philippine) or sabotage a trench or an artillery piece (Spanish); every 1 rolled wounds an
    attacker (rulebook "Incursion")."""
    mine_units = fighters(st, engaged(st, side, area, with_artillery=False))
    if not mine_units:
        return -10.0
    theirs_units = fighters(st, engaged(st, side.enemy, area, with_artillery=False))
    fp = signed_firepower(st, side, area, bonus, incursion=True)
    base = st.data.tables["base_dice"]
    mine = dice(st, int(base["attacker"]), max(fp, 0), extra)
    theirs = dice(st, int(base["defender"]), max(-fp, 0)) if theirs_units else 0
    p_mine = min(1.0, 1 / 3 + 0.2 * min(rerolls, mine) / max(1, mine))
    cap = int(st.data.tables["incursion"]["max_targets"])
    net = net_successes(mine, theirs, p_mine, 1 / 3, cap)
    if side is Side.PHILIPPINE:
        gain = sum(wall_level_worth(st, area, k) * q
                   for k, q in _net_distribution(mine, theirs, p_mine, cap).items())
    else:
        targets = spanish_targets(st, area)
        gun = artillery_in_area(st, area)
        per_target = 0.0
        if gun is not None and st.data.artillery_posts[area] in targets:
            per_target = 3.0
        elif targets:
            operational = sum(1 for s in st.trenches.values() if s == "operational")
            per_target = 1.0 + 0.35 * operational
        gain = net * per_target
    ones = (mine + theirs) / 6
    wounded = min(ones, len(mine_units)) * WOUND[side] * 1.2
    return gain - wounded


def _net_distribution(att: int, dfn: int, p: float, cap: int) -> dict[int, float]:
    a, d = binomial(att, p), binomial(dfn, 1 / 3)
    out: dict[int, float] = {}
    for i, pa in enumerate(a):
        for j, pd in enumerate(d):
            k = min(cap, max(0, i - j))
            out[k] = out.get(k, 0.0) + pa * pd
    return out


def artillery_worth(st: BalerState, area: str, extra: int = 0, rerolls: int = 0) -> float:
    """Expected worth to the Philippine side of its artillery firing on `area`: 4-6 succeed,
    each Spanish success cancels one, net successes lower the walls (at most 2 levels), each
    6 left over wounds a defender (rulebook "Artillery")."""
    if artillery_in_area(st, area) is None:
        return -10.0
    table = st.data.tables["artillery_attack"]
    mine = min(int(st.data.tables["max_combat_dice"]), int(table["attacker_dice"]) + extra)
    theirs = int(table["defender_dice"]) if engaged(st, Side.SPANISH, area,
                                                    with_artillery=False) else 0
    p = min(1.0, 0.5 + 0.15 * min(rerolls, mine) / max(1, mine))
    cap = int(table["max_levels"])
    a, d = binomial(mine, p), binomial(theirs, 0.5)
    gain = 0.0
    for i, pa in enumerate(a):
        for j, pd in enumerate(d):
            gain += pa * pd * wall_level_worth(st, area, min(cap, max(0, i - j)))
    shrapnel = max(0.0, mine / 6 - theirs / 2) * WOUND[Side.SPANISH] * WALLS_STOP
    return gain + shrapnel


def area_need(st: BalerState, side: Side, area: str) -> float:
    """How much `side` needs more strength in `area`: the enemy's firepower edge there, more
    where the walls are weak (Spanish) or a trench can be built (Philippine)."""
    fp = area_firepower(st, area)
    level = fp[0] if fp[1] is side.enemy else -fp[0]
    need = 1.5 + level
    if side is Side.SPANISH:
        need += 0.4 * st.walls[area]
    return need


def unit_worth(st: BalerState, unit: str) -> float:
    """A rough worth of one counter: its combat factor, leaders more (2 VP if lost)."""
    info = st.data.units[unit]
    return info.combat + (1.5 if info.kind is Kind.LEADER else 0.0)


def actions_done(st: BalerState) -> bool:
    """Whether this turn's action phase is over: only the second shootings and the Upkeep
    are left of it (rulebook "Game sequence")."""
    return st.phase in (Phase.SECOND_SHOOTINGS, Phase.UPKEEP, Phase.OVER)


def game_ends_this_upkeep(st: BalerState) -> bool:
    """Whether the game ends at this turn's Upkeep whatever comes before it: the last turn, or
    the church walls already destroyed in enough areas, which stay destroyed (rulebook
    "Upkeep Phase / Victory conditions"; GAP-BAL-29)."""
    needed = int(st.data.tables["victory"]["destroyed_areas_to_end"])
    return last_turn(st) or destroyed_areas(st) >= needed


LAST_TRENCH_GUARD = 0.4
"""A trench built when the game ends at this Upkeep, that closes an artillery piece to the
Spanish incursions of this turn's action phase (both sections of its area then stand)."""


def trench_worth(st: BalerState, supply_cost: int) -> float:
    """What one more trench section is worth to the Philippine side: it protects the artillery
    of its area from incursions and brings the eight sections' victory points nearer (rulebook
    "Trench section I", "Upkeep Phase / Victory conditions"). Once the game ends at this
    Upkeep, a section is worth only the points it completes and the gun it closes this turn:
    nothing more is left to protect."""
    operational = sum(1 for s in st.trenches.values() if s == "operational")
    completes = operational == len(st.data.trench_spaces) - 1
    if not game_ends_this_upkeep(st):
        left = int(st.data.tables["turns"]) + 1 - st.turn
        return 1.0 + 0.2 * operational + (2.5 if completes else 0.0) + 0.1 * left
    if completes:
        return 1.0 + 0.2 * operational + 2.5
    if actions_done(st):
        return 0.0
    for space in build_targets(st, supply_cost):
        area = st.data.trench_spaces[space][0]
        others = [t for t in st.data.trenches_by_area[area] if t != space]
        if artillery_in_area(st, area) is not None and all(
                st.trenches.get(t) == "operational" for t in others):
            return LAST_TRENCH_GUARD
    return 0.0
