"""What the computer opponent knows about the map before it chooses: how strongly each hex pulls
a side's counters towards the provinces it does not own yet, and how far each hex is from the
nearest enemy land counter.

Both are whole-map searches, so they are cached on the facts they depend on (the control table,
the enemy's positions) and shared by every choice until those change.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.hexgrid import hex_distance
from guerra.rules.data import City, Side, Terrain
from guerra.rules.state import GuerraState, Phase

BASE_VALUE = 4
"""Worth of any province to the computer before its printed factors: each province counts
towards the 35 that win (section 5c), whatever its population."""
PULL = 0.6
"""Hexes of march a point of province value is worth: a rich province draws counters from
further away than a poor one."""
FAR = 99
"""Distance given to hexes no enemy land counter is near."""
CROWD = 2
"""Own land counters within this many hexes of an objective capital already go for it..."""
CROWD_CUT = 0.15
"""...and each of them takes this share of its pull away from the others, down to CROWD_FLOOR,
so a side spreads over several objectives instead of piling on one."""
CROWD_FLOOR = 0.25
DANGER = 7
"""An own capital is in danger when an enemy land counter stands this close to it..."""
DEFEND = 0.6
"""...and then draws the side's counters with this share of its value."""
REACH = 10
"""Farthest distance from the enemy the computer ever tells apart (a rear area begins at 8)."""
THREAT = 5
"""Hexes within which an enemy land counter threatens a capital or an exposed counter."""


def province_value(state: GuerraState, pid: str) -> int:
    """How much a province is worth taking or keeping: a fixed share for the 35-province count
    (section 5c) plus its population (5d, 10), economic, morale and port factors (11)."""
    p = state.data.provinces[pid]
    return BASE_VALUE + p.population + p.economic + p.morale + p.port


@dataclass(frozen=True, slots=True)
class Fields:
    """`pull[i]`: attraction of cell i towards the provinces not yet owned (higher is better,
    -inf where the side's land counters cannot go); `enemy[i]`: hexes from cell i to the
    nearest enemy land counter (FAR when none is within REACH); `cities[i]`: the city on cell
    i, if any; `threat[i]`: enemy land counters within THREAT hexes of cell i."""

    pull: tuple[float, ...]
    enemy: tuple[int, ...]
    cities: Mapping[int, City]
    threat: tuple[int, ...] = ()


class FieldCache:
    """The fields of each side, recomputed only when the control table or the enemy's land
    counters change."""

    __slots__ = ("_pull", "_enemy", "_threat", "_cities", "_costs")

    def __init__(self) -> None:
        self._pull: dict[tuple[object, ...], tuple[float, ...]] = {}
        self._enemy: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._threat: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._cities: dict[int, City] | None = None
        self._costs: dict[Side, list[int | None]] = {}

    def fields(self, state: GuerraState, side: Side) -> Fields:
        # The pull depends on which provinces the side owns (an enemy province falling into
        # dispute changes nothing) and on where its counters crowd, taken once a half-turn:
        # the field survives a whole movement step.
        status_key = (side, state.turn, state.acting, state.phase is Phase.MOVEMENT,
                      tuple(s is side for s in state.status.values()))
        index = state.data.board.index
        enemy_cells = tuple(sorted(index[h] for h, ids in state.land_at.items()
                                   if state.units[ids[0]].side is not side))
        enemy_key = (side, enemy_cells)
        enemy = self._enemy.get(enemy_key)
        if enemy is None:
            if len(self._enemy) > 8:
                self._enemy.clear()
            enemy = self._enemy[enemy_key] = _distance_field(state, enemy_cells)
        threat_key = (side, tuple(sorted((index[h], len(ids)) for h, ids in state.land_at.items()
                                         if state.units[ids[0]].side is not side)))
        threat = self._threat.get(threat_key)
        if threat is None:
            if len(self._threat) > 8:
                self._threat.clear()
            threat = self._threat[threat_key] = _threat_field(state, threat_key[1])
        pull = self._pull.get(status_key)
        if pull is None:
            if len(self._pull) > 8:
                self._pull.clear()
            costs = self._costs.get(side)
            if costs is None:
                costs = self._costs[side] = passable(state, side)
            pull = self._pull[status_key] = _pull_field(state, side, enemy, costs)
        if self._cities is None:
            index = state.data.board.index
            self._cities = {index[h]: c for h, c in state.data.board.cities.items()}
        return Fields(pull, enemy, self._cities, threat)


def passable(state: GuerraState, side: Side) -> list[int | None]:
    """March cost of each cell for `side`'s land counters (None: closed): land 1, mountain 2
    (section 7), North Africa closed to the Republicans (GAP-GUE-28) and, for the side that owns
    North Africa, the Strait hex as a bridge (section 7.2)."""
    data = state.data
    board = data.board
    regions = data.regions
    costs: list[int | None] = []
    for terrain, territory in zip(board.terrain_at, board.territory_at, strict=True):
        if terrain is Terrain.LAND:
            cost: int | None = 1
        elif terrain is Terrain.MOUNTAIN:
            cost = data.movement.mountain_cost
        else:
            cost = None
        region = regions.get(territory or "")
        if cost is not None and region is not None and region.side is not side:
            cost = None
        costs.append(cost)
    strait = board.strait
    if strait is not None and any(r.side is side for r in regions.values()):
        costs[board.index[strait]] = 1
    return costs


def _sources(state: GuerraState, side: Side, enemy: tuple[int, ...]
             ) -> list[tuple[float, int]]:
    """The capitals that draw `side`'s counters and how strongly: those of the provinces it
    does not own (less so when its counters already crowd round one), and its own capitals
    that an enemy land counter could soon reach while no counter of its holds them."""
    board = state.data.board
    own = [h for h, ids in state.land_at.items() if state.units[ids[0]].side is side]
    found = []
    for pid in state.data.provinces:
        capital = board.capitals[pid]
        cell = board.index[capital]
        if state.status[pid] is side:
            if enemy[cell] <= DANGER and capital not in own:
                found.append((DEFEND * province_value(state, pid), cell))
            continue
        crowd = sum(len(state.land_at[h]) for h in own if hex_distance(h, capital) <= CROWD)
        share = max(CROWD_FLOOR, 1.0 - CROWD_CUT * crowd)
        found.append((province_value(state, pid) * share, cell))
    return found


def _pull_field(state: GuerraState, side: Side, enemy: tuple[int, ...],
                costs: list[int | None]) -> tuple[float, ...]:
    """Multi-source Dijkstra from the capitals that draw `side` (`_sources`), each source
    starting ahead by PULL times its worth: pull = max over them of (PULL * worth - march
    cost)."""
    board = state.data.board
    best = [float("inf")] * len(board.cells)
    frontier: list[tuple[float, int]] = []
    for worth, cell in _sources(state, side, enemy):
        start = -PULL * worth
        if start < best[cell]:
            best[cell] = start
            frontier.append((start, cell))
    heapq.heapify(frontier)
    adjacent = board.adjacent
    while frontier:
        d, cell = heapq.heappop(frontier)
        if d > best[cell]:
            continue
        for n in adjacent[cell]:
            step = costs[n]
            if step is None:
                continue
            nd = d + step
            if nd < best[n]:
                best[n] = nd
                heapq.heappush(frontier, (nd, n))
    return tuple(-b for b in best)


def _distance_field(state: GuerraState, sources: tuple[int, ...]) -> tuple[int, ...]:
    """Hex steps (over any terrain) from every cell to the nearest of `sources`."""
    adjacent = state.data.board.adjacent
    dist = [FAR] * len(adjacent)
    queue: deque[int] = deque()
    for s in sources:
        dist[s] = 0
        queue.append(s)
    while queue:
        cell = queue.popleft()
        d = dist[cell] + 1
        if d > REACH:
            continue
        for n in adjacent[cell]:
            if dist[n] > d:
                dist[n] = d
                queue.append(n)
    return tuple(dist)


def _threat_field(state: GuerraState, sources: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For every cell, the enemy land counters standing within THREAT hex steps (over any
    terrain) of it: `sources` are (cell, counters on it)."""
    adjacent = state.data.board.adjacent
    count = [0] * len(adjacent)
    for source, many in sources:
        seen = {source}
        ring = [source]
        for _ in range(THREAT):
            reached = []
            for cell in ring:
                for n in adjacent[cell]:
                    if n not in seen:
                        seen.add(n)
                        reached.append(n)
            ring = reached
        for cell in seen:
            count[cell] += many
    return tuple(count)
