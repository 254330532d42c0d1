"""Movement of land, naval and air counters (section 7): where a selected counter may go.

A land move ending in an enemy control zone is a move to fight and uses the movement factor;
any other move uses the displacement factor (sections 2.3, 7). The reachable hexes of a counter
are computed once, when it is selected. Land moves use a search of their own (`_LandRules.search`,
a least-cost search with one bucket per cost, since every step costs 1 or 2) with the lookups
bound once, and step tables per side and arm worked out once per scenario (`_side_steps`:
`search_any` and `search_own` for the counter's own hex, marking costs in a list each thread
keeps); naval and air moves, where every step costs 1, a ring-by-ring flood (`_flood`).
Searches run over the board's cell numbers instead of `Hex` objects.

- no land counter passes through another land counter's hex; it may end on an own stack in a
  city (or in North Africa) within the stacking limit (section 7, section 8; GAP-GUE-30);
- entering an enemy control zone stops the move (section 7); a counter starting in one may
  leave it or step into another of its hexes;
- a mountain hex costs 2 and a single point left cannot enter one (section 7 1a);
- the road bonus (+2) needs the whole move along road edges, from turn 4 (section 7 1a);
- displacement through own provinces only uses the own-province factor (10), otherwise the
  disputed one (7); 7 in turns 1-3 (section 7 1a); 5/4 after landing (sections 7 1a, 7.1, 7.2);
- a counter that enters an enemy province stays in it for the rest of its move: it may put only
  one province in dispute and never cross one (section 9.1).
"""

from __future__ import annotations

import threading
from collections.abc import Container

from engine.core.hexgrid import Hex
from guerra.rules.data import GuerraData, Kind, Side, Terrain
from guerra.rules.state import GuerraState, Reach, Unit


def enemy_zoc_cells(state: GuerraState, side: Side, kind: Kind) -> set[int]:
    """Cells in the control zone of an enemy counter of the same arm (land or naval); air
    counters have none (section 7)."""
    board = state.data.board
    index = state.land_at if kind.is_land else state.naval_at
    zoc: set[int] = set()
    for h, ids in index.items():
        if state.units[ids[0]].side is not side:
            zoc.update(board.adjacent[board.index[h]])
    return zoc


def land_zoc(state: GuerraState, side: Side) -> frozenset[int]:
    """The cells in the control zone of `side`'s land counters (section 7), worked out again
    only when they have moved since (`GuerraState.zoc_cache`)."""
    moves = state.land_moves.get(side, 0)
    cached = state.zoc_cache.get(side)
    if cached is not None and cached[0] == moves:
        return cached[1]
    board = state.data.board
    index, adjacent, side_at = board.index, board.adjacent, state.land_side
    zoc: set[int] = set()
    for h in state.land_at:
        i = index[h]
        if side_at[i] is side:
            zoc.update(adjacent[i])
    frozen = frozenset(zoc)
    state.zoc_cache[side] = (moves, frozen)
    return frozen


def enemy_zoc(state: GuerraState, side: Side, kind: Kind) -> set[Hex]:
    """The same control zones as hexes."""
    cells = state.data.board.cells
    return {cells[i] for i in enemy_zoc_cells(state, side, kind)}


def weather_cut(state: GuerraState, unit: Unit) -> int:
    """Movement lost to the weather by a land counter in an affected zone (section 13,
    GAP-GUE-15: land counters only, the zone of the hex where the move starts)."""
    if not state.weather or not unit.kind.is_land or unit.hex is None:
        return 0
    zone = state.data.zone_of(state.data.board.territory[unit.hex])
    box = state.weather.get(zone)
    return box.movement if box is not None else 0


def land_reach(state: GuerraState, unit: Unit) -> dict[Hex, Reach]:
    """Every hex a land counter may move to now, with how (section 7)."""
    assert unit.hex is not None
    data = state.data
    mv = data.movement
    army = unit.kind is Kind.ARMY
    cut = weather_cut(state, unit)
    if army and unit.landed:
        move_f, disp_any, disp_own = mv.landing_movement, mv.landing_displacement, 0
    elif army:
        move_f = mv.army_movement
        if state.turn <= mv.early_turns:
            disp_any, disp_own = mv.army_displacement_early, 0
        else:
            disp_any, disp_own = mv.army_displacement_disputed, mv.army_displacement_own
    else:
        move_f, disp_any, disp_own = mv.garrison_movement, mv.garrison_displacement, 0
    if cut:
        move_f, disp_any, disp_own = (max(0, x - cut) for x in (move_f, disp_any, disp_own))
    road = army and state.turn >= mv.road_from_turn
    rules = _LandRules(state, unit)
    board = data.board
    here = board.index[unit.hex]
    zoc = rules.zoc
    # best[i]: how cell i is reached best, coded as bridge * 64 + road * 32 + cost so that the
    # smaller code is the better move: no Strait crossing first, then off the road, then the
    # cheaper (whether the move fights depends on the cell alone); costs stay under 32
    best: dict[int, int] = {}
    spent = _scratch(len(board.cells))
    try:
        # the move or displacement anywhere: nothing found yet to compare with
        order = rules.search_any(here, max(move_f, disp_any), False)
        for i in order:
            cost = spent[i]
            spent[i] = _UNSEEN
            if cost <= (move_f if i in zoc else disp_any):
                best[i] = cost
        if disp_own > disp_any:
            # displacement through own ground only: never into a control zone
            _merge(best, rules.search_own(here, disp_own, False), spent, 0)
        if road and unit.hex in board.road_hexes:
            bonus = mv.road_bonus
            order = rules.search_any(here, max(move_f, disp_any) + bonus, True)
            fight_budget, disp_budget = move_f + bonus, disp_any + bonus
            for i in order:
                cost = spent[i]
                spent[i] = _UNSEEN
                if cost <= (fight_budget if i in zoc else disp_budget):
                    code = 32 + cost
                    old = best.get(i)
                    if old is None or code < old:
                        best[i] = code
            if disp_own > disp_any:
                _merge(best, rules.search_own(here, disp_own + bonus, True), spent, 32)
        spent[here] = _UNSEEN
    except BaseException:
        _LOCAL.lists.clear()  # marks may be left: the next search starts from a fresh list
        raise
    if rules.can_bridge():
        strait = board.strait
        assert strait is not None
        origin = board.index[strait]
        fight_budget = max(0, mv.landing_movement - cut)
        disp_budget = max(0, mv.landing_displacement - cut)
        order, costs = rules.search(origin, max(fight_budget, disp_budget), False, False, True)
        for i in order:
            if i in (origin, here):
                continue
            cost = costs[i]
            if cost > (fight_budget if i in zoc else disp_budget):
                continue
            code = 64 + cost
            old = best.get(i)
            if old is None or code < old:
                best[i] = code
    cells = board.cells
    records = _RECORDS
    return {cells[i]: records[code * 2 + (i in zoc)] for i, code in best.items()}


_UNSEEN = 99
"""The cost of a cell not reached, in the searches' scratch lists."""

_RECORDS: tuple[Reach, ...] = tuple(
    Reach(code & 31, bool(fight), bool(code & 32), bool(code & 64))
    for code in range(128) for fight in (0, 1))
"""The land moves' `Reach` records by their code in `land_reach` and whether they fight
(`code * 2 + fight`), shared like `_reach`'s."""

_LOCAL = threading.local()


def _scratch(n: int) -> list[int]:
    """This thread's list of `n` costs, every one `_UNSEEN`, for the land searches (the rules
    may run on the screen's thread and a computer player's at once). Each search leaves the
    cells it reached marked (`search_any`, `search_own`); `land_reach` sets them back."""
    lists: dict[int, list[int]] | None = getattr(_LOCAL, "lists", None)
    if lists is None:
        lists = _LOCAL.lists = {}
    found = lists.get(n)
    if found is None:
        found = lists[n] = [_UNSEEN] * n
    return found


def _merge(best: dict[int, int], order: list[int], spent: list[int], flags: int) -> None:
    """Keep each cell of a search that stays out of every control zone (all of them are within
    its budget) where it improves on `best`, and clear the search's marks."""
    for i in order:
        code = flags + spent[i]
        spent[i] = _UNSEEN
        old = best.get(i)
        if old is None or code < old:
            best[i] = code


_REACHES: dict[tuple[int, bool, bool, bool], Reach] = {}


def _reach(cost: int, fight: bool, road: bool, bridge: bool) -> Reach:
    """The one `Reach` record of these values (records are frozen, so searches share them
    instead of building one per hex)."""
    key = (cost, fight, road, bridge)
    found = _REACHES.get(key)
    if found is None:
        found = _REACHES[key] = Reach(cost, fight, road, bridge)
    return found


def _stack_limits(data: GuerraData) -> tuple[int, ...]:
    """`GuerraData.stack_limit` of every cell, worked out once per scenario."""
    return data.memo("stack limits", lambda: tuple(data.stack_limit(h)
                                                   for h in data.board.cells))


def _entry_costs(data: GuerraData, garrison: bool) -> tuple[int, ...]:
    """What entering each cell costs a land counter by terrain alone (section 7 1a, 1b: a
    mountain costs 2, and a garrison never enters one); worked out once per scenario."""

    def build() -> tuple[tuple[int, ...], tuple[int, ...]]:
        mountain = data.movement.mountain_cost
        terrain = data.board.terrain_at
        army = tuple(1 if t is Terrain.LAND else mountain if t is Terrain.MOUNTAIN else 0
                     for t in terrain)
        return army, tuple(1 if t is Terrain.LAND else 0 for t in terrain)

    return data.memo("entry costs", build)[1 if garrison else 0]


Steps = tuple[tuple[tuple[int, int, str], ...], ...]
"""For every cell, the cells a land counter may enter from it by terrain, each with what
entering it costs and its territory (`_land_steps`)."""


class _LandRules:
    """The search of one land counter's moves, with the lookups bound once (section 7)."""

    def __init__(self, state: GuerraState, unit: Unit) -> None:
        self.state = state
        self.unit = unit
        data = state.data
        board = data.board
        # the per-cell land indexes the counters keep (GuerraState.land_cells): a cell's
        # count and side; and the cells of the enemy land control zone
        self.count, self.side_at = state.land_cells, state.land_side
        self.zoc = land_zoc(state, unit.side.enemy)
        self.limits = _stack_limits(data)
        self.strait = board.index[board.strait] if board.strait is not None else -1
        # `owner_of_ground` for every territory: a region's side, a province's controller
        regions: dict[str, Side | None] = data.memo("region sides", lambda: {
            r: region.side for r, region in data.regions.items()})
        ground = dict(regions)
        ground.update(state.status)
        self.ground = ground

    def can_bridge(self) -> bool:
        """A Nationalist army counter in North Africa, not moved, may cross by a naval counter
        standing on the Strait hex, two a turn (section 7.2; army only, GAP-GUE-44)."""
        state, unit = self.state, self.unit
        strait = state.data.board.strait
        if (strait is None or unit.kind is not Kind.ARMY or unit.moved or unit.landed
                or unit.hex is None):
            return False
        if state.data.board.territory[unit.hex] not in state.data.regions:
            return False
        if state.strait_crossings >= state.data.transport.strait_per_turn:
            return False
        return any(state.units[i].side is unit.side for i in state.naval_at.get(strait, ()))

    def search_any(self, start: int, budget: int, on_road: bool) -> list[int]:
        """`search` from the counter's own land hex without `own_only` or `bridge`, over the
        step tables of its side (`_side_steps`), marking the least cost to each cell found in
        this thread's `_scratch` list; the cells found, in the order found, the start left
        out."""
        data = self.state.data
        side = self.unit.side
        steps = _side_steps(data, self.unit.kind is Kind.GARRISON, side, on_road)
        territory_at = data.board.territory_at
        enemy = side.enemy
        ground = self.ground
        count, side_at, limits, zoc = self.count, self.side_at, self.limits, self.zoc
        spent = _scratch(len(territory_at))
        spent[start] = 0
        order: list[int] = []
        found = order.append
        buckets: list[list[int]] = [[start]] + [[] for _ in range(budget)]
        for cost in range(budget):  # a cell reached at the full budget goes no further
            bucket = buckets[cost]
            if not bucket:
                continue
            t1 = cost + 1
            ahead = buckets[t1].append
            for a in bucket:
                if spent[a] != cost:
                    continue
                if a != start and (count[a] or a in zoc):
                    continue
                row = steps[a]
                # a counter in an enemy province stays in it (section 9.1)
                if ground[territory_at[a]] is enemy:  # type: ignore[index]
                    plain, mixed = row[2], row[3]
                else:
                    plain, mixed = row[0], row[1]
                if plain is not None:
                    for b in plain:
                        old = spent[b]
                        if old <= t1:
                            continue
                        n = count[b]
                        if n and (side_at[b] is not side or n >= limits[b]):
                            continue
                        if old == _UNSEEN:
                            found(b)
                        spent[b] = t1
                        ahead(b)
                    continue
                for b, step in mixed:
                    total = cost + step
                    old = spent[b]
                    if old <= total or total > budget:
                        continue
                    n = count[b]
                    if n and (side_at[b] is not side or n >= limits[b]):
                        continue
                    if old == _UNSEEN:
                        found(b)
                    spent[b] = total
                    buckets[total].append(b)
        return order

    def search_own(self, start: int, budget: int, on_road: bool) -> list[int]:
        """`search_any` with `own_only`: own ground outside enemy control zones only."""
        data = self.state.data
        side = self.unit.side
        steps = _side_steps(data, self.unit.kind is Kind.GARRISON, side, on_road)
        territory_at = data.board.territory_at
        ground = self.ground
        order: list[int] = []
        if ground[territory_at[start]] is side.enemy:  # type: ignore[index]
            # a counter in an enemy province never leaves it (section 9.1), and finds no own
            # ground within it
            return order
        found = order.append
        own = {t for t, s in ground.items() if s is side}
        count, side_at, limits, zoc = self.count, self.side_at, self.limits, self.zoc
        spent = _scratch(len(territory_at))
        spent[start] = 0
        buckets: list[list[int]] = [[start]] + [[] for _ in range(budget)]
        for cost in range(budget):
            bucket = buckets[cost]
            if not bucket:
                continue
            t1 = cost + 1
            ahead = buckets[t1].append
            for a in bucket:
                if spent[a] != cost:
                    continue
                if a != start and count[a]:
                    continue
                plain, mixed = steps[a][:2]
                if plain is not None:
                    for b in plain:
                        old = spent[b]
                        if old <= t1 or b in zoc or territory_at[b] not in own:
                            continue
                        n = count[b]
                        if n and (side_at[b] is not side or n >= limits[b]):
                            continue
                        if old == _UNSEEN:
                            found(b)
                        spent[b] = t1
                        ahead(b)
                    continue
                for b, step in mixed:
                    total = cost + step
                    old = spent[b]
                    if old <= total or total > budget or b in zoc or territory_at[b] not in own:
                        continue
                    n = count[b]
                    if n and (side_at[b] is not side or n >= limits[b]):
                        continue
                    if old == _UNSEEN:
                        found(b)
                    spent[b] = total
                    buckets[total].append(b)
        return order

    def search(self, start: int, budget: int, own_only: bool, on_road: bool,
               bridge: bool) -> tuple[list[int], list[int]]:
        """The cells reachable from `start` within `budget`, in the order found, and the least
        cost to each (a list over every cell, above `budget` where not reached) (sections 7,
        9.1): cells are settled cost by cost (steps cost 1 or 2), so a bucket per cost
        replaces a priority queue. A land counter never passes through another land counter's
        hex (it may end on an own stack within the limit), stops in the first hex of an enemy
        control zone, only steps along road edges on a road move, never leaves an enemy
        province for another territory (it may put only one in dispute) and never enters enemy
        North Africa; `own_only` keeps to own ground outside enemy control zones (the
        own-province displacement factor)."""
        data = self.state.data
        board = data.board
        territory_at = board.territory_at
        road_steps, n = board.road_steps, len(board.cells)
        steps = _land_steps(data, self.unit.kind is Kind.GARRISON)
        side = self.unit.side
        enemy = side.enemy
        ground, regions = self.ground, data.regions
        enemy_regions = {r for r in regions if ground[r] is enemy}
        count, side_at, limits = self.count, self.side_at, self.limits
        zoc, strait = self.zoc, self.strait
        unseen = budget + 1
        spent = [unseen] * n
        spent[start] = 0
        order = [start]
        buckets: list[list[int]] = [[start]] + [[] for _ in range(budget)]
        for cost in range(budget + 1):
            for a in buckets[cost]:
                if spent[a] != cost:
                    continue
                if a != start and (count[a] or (not own_only and a in zoc)):
                    continue
                ta = territory_at[a]
                from_strait = a == strait
                leave_enemy = not from_strait and ta is not None and ground[ta] is enemy
                road_base = a * n
                for b, step, tb in steps[a]:
                    total = cost + step
                    if total > budget:
                        continue
                    old = spent[b]
                    if old <= total:
                        continue
                    if on_road and road_base + b not in road_steps:
                        continue
                    if from_strait:
                        if bridge and tb in regions:
                            continue
                    elif leave_enemy and ta != tb:
                        continue
                    # an enemy hex, or an own stack at its limit
                    if count[b] and (side_at[b] is not side or count[b] >= limits[b]):
                        continue
                    if tb in enemy_regions:
                        continue
                    if own_only and (ground[tb] is not side or b in zoc):
                        continue
                    if old == unseen:
                        order.append(b)
                    spent[b] = total
                    buckets[total].append(b)
        return order, spent


def _land_steps(data: GuerraData, garrison: bool) -> Steps:
    """For every cell, the neighbours a land counter may enter by terrain, each with what
    entering it costs and its territory (`_entry_costs`); worked out once per scenario."""

    def build(costs: tuple[int, ...]) -> tuple[tuple[tuple[int, int, str], ...], ...]:
        board = data.board
        territory_at = board.territory_at
        table = []
        for near in board.adjacent:
            row = []
            for b in near:
                if costs[b]:
                    territory = territory_at[b]
                    assert territory is not None, f"land hex {board.cells[b]} outside the map"
                    row.append((b, costs[b], territory))
            table.append(tuple(row))
        return tuple(table)

    key = "garrison steps" if garrison else "army steps"
    return data.memo(key, lambda: build(_entry_costs(data, garrison)))


SideSteps = tuple[tuple[tuple[int, ...] | None, tuple[tuple[int, int], ...],
                       tuple[int, ...] | None, tuple[tuple[int, int], ...]], ...]
"""For every cell, the cells a land counter may step to from it, in the order of
`_land_steps`: as plain cell numbers when every step costs 1 (else None), as (cell, cost)
pairs, and the same two for the steps within the cell's territory."""


def _side_steps(data: GuerraData, garrison: bool, side: Side, on_road: bool) -> SideSteps:
    """`_land_steps` less the steps into the regions of `side`'s enemy, which no counter of
    `side` enters (GAP-GUE-28); on a road move, only the steps along a road edge (section 7
    1a). Worked out once per scenario."""

    def build() -> SideSteps:
        board = data.board
        n = len(board.cells)
        road_steps, territory_at = board.road_steps, board.territory_at
        enemy_regions = {r for r, region in data.regions.items() if region.side is side.enemy}
        table = []
        for a, row in enumerate(_land_steps(data, garrison)):
            mixed = tuple((b, step) for b, step, tb in row if tb not in enemy_regions
                          and (not on_road or a * n + b in road_steps))
            same = tuple((b, step) for b, step in mixed if territory_at[b] == territory_at[a])
            table.append((_plain(mixed), mixed, _plain(same), same))
        return tuple(table)

    tables: dict[tuple[bool, Side, bool], SideSteps] = data.memo("side steps", dict)
    key = (garrison, side, on_road)
    found = tables.get(key)
    if found is None:
        found = tables[key] = build()
    return found


def _plain(steps: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
    """The cells of `steps` when every one costs 1."""
    return tuple(b for b, _ in steps) if all(step == 1 for _, step in steps) else None


def naval_reach(state: GuerraState, unit: Unit) -> dict[Hex, Reach]:
    """Hexes a naval counter may reach: 12 plus its die roll, sea hexes only, never through
    another naval counter, stopping in an enemy naval control zone (sections 7 and 7 2)."""
    assert unit.hex is not None
    board = state.data.board
    budget = state.data.movement.naval_movement + unit.naval_roll
    units, side, limit = state.units, unit.side, state.data.stacking.naval
    occupied = {board.index[h]: ids for h, ids in state.naval_at.items()}
    zoc = enemy_zoc_cells(state, side, Kind.NAVAL)
    full = {i for i, ids in occupied.items()
            if units[ids[0]].side is not side or len(ids) >= limit}
    start = board.index[unit.hex]
    found = _flood(board.adjacent, start, budget, _sea_cells(state.data), full,
                   zoc | occupied.keys())
    records = [(_reach(c, False, False, False), _reach(c, True, False, False))
               for c in range(budget + 1)]
    cells = board.cells
    return {cells[i]: records[c][i in zoc] for i, c in found.items() if i != start}


def _sea_cells(data: GuerraData) -> frozenset[int]:
    """The board's sea cells, worked out once per scenario."""
    return data.memo("sea cells", lambda: frozenset(
        i for i, t in enumerate(data.board.terrain_at) if t is Terrain.SEA))


def _flood(adjacent: tuple[tuple[int, ...], ...], start: int, budget: int,
           allowed: frozenset[int] | None, blocked: Container[int],
           stops: Container[int] = ()) -> dict[int, int]:
    """The least number of steps to every cell within `budget` steps of `start` when every
    step costs 1: steps into `blocked` cells (or outside `allowed`, when given) are refused,
    and a `stops` cell is entered but not left (the start excepted). The cells come in the
    order a least-cost search finds them (`engine.core.graphsearch.reachable` with unit
    costs), ring by ring."""
    spent = {start: 0}
    ring = [start]
    for cost in range(1, budget + 1):
        outer: list[int] = []
        for a in ring:
            if a != start and a in stops:
                continue
            for b in adjacent[a]:
                if b in spent or b in blocked or (allowed is not None and b not in allowed):
                    continue
                spent[b] = cost
                outer.append(b)
        if not outer:
            break
        ring = outer
    return spent


def _enemy_air(state: GuerraState, side: Side) -> set[int]:
    """Cells of enemy air counters: air counters fly over any hex but those (section 7)."""
    board = state.data.board
    return {board.index[h] for h, ids in state.air_at.items()
            if state.units[ids[0]].side is not side}


def _air_room(state: GuerraState, unit: Unit, h: Hex) -> bool:
    here = state.air_at.get(h, [])
    if here and state.units[here[0]].side is not unit.side:
        return False
    return len([i for i in here if i != unit.id]) < state.data.stacking.air


def air_reach(state: GuerraState, unit: Unit) -> dict[Hex, Reach]:
    """Hexes an air counter may reach with its movement factor of 3: over anything but enemy
    air counters, at most 2 own air counters a hex (sections 7 3 and 8)."""
    assert unit.hex is not None
    board = state.data.board
    cells = board.cells
    budget = state.data.movement.air_movement
    found = _flood(board.adjacent, board.index[unit.hex], budget, None,
                   _enemy_air(state, unit.side))
    records = [_reach(c, False, False, False) for c in range(budget + 1)]
    reach = {cells[i]: records[c] for i, c in found.items()}
    return {h: r for h, r in reach.items() if h != unit.hex and _air_room(state, unit, h)}


def readaptation_reach(state: GuerraState, unit: Unit) -> dict[Hex, Reach]:
    """Hexes of a readaptation move (section 7 3, GAP-GUE-35): up to 20 hexes to the capital
    hex of an own province or a non-mountain hex next to it.

    A flight is as long as the hex distance unless an enemy aircraft stands on a shortest
    route; only then is the flight searched round the enemy aircraft (one search from the
    counter's hex, within the budget, until every such target is found)."""
    assert unit.hex is not None
    data = state.data
    board = data.board
    budget = data.movement.air_readaptation
    side, status = unit.side, state.status
    areas = _capital_area_cells(data)
    found: set[int] = set()
    for pid in data.provinces:
        if status[pid] is side:
            found.update(areas[pid])
    found.discard(board.index[unit.hex])
    uq, ur = unit.hex
    units, air_at, cells = state.units, state.air_at, board.cells
    empty_ok = data.stacking.air > 0  # `_air_room` of an empty hex
    # each enemy aircraft as its offset from the counter (cube coordinates q, r and q + r):
    # it stands on a shortest route to h when the offset from it to h points the same way
    # on each axis (or not at all), for then the two legs' hex distances add up; one farther
    # than the budget stands on no route within it
    blockers = [(b.q, b.r, b.q - uq, b.r - ur, b.q - uq + b.r - ur)
                for b, ids in air_at.items() if units[ids[0]].side is not side
                and _distance(b.q, b.r, uq, ur) <= budget]
    flights: dict[int, int] = {}
    shadowed: list[int] = []
    for i in sorted(found):  # the cells are numbered in hex order
        h = cells[i]
        if (h in air_at or not empty_ok) and not _air_room(state, unit, h):
            continue
        hq, hr = h
        dq, dr = uq - hq, ur - hr
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if d > budget:
            continue
        flights[i] = d
        for bq, br, aq, ar, a_s in blockers:
            cq, cr = hq - bq, hr - br
            if aq * cq >= 0 and ar * cr >= 0 and a_s * (cq + cr) >= 0:
                shadowed.append(i)
                break
    if shadowed:
        # only then is the flight searched round the enemy aircraft
        around = _flood_to(board.adjacent, board.index[unit.hex], budget,
                           _enemy_air(state, side), set(shadowed))
        for i in shadowed:
            flight = around.get(i)
            if flight is None:
                del flights[i]
            else:
                flights[i] = flight
    records = [_reach(d, False, False, False) for d in range(budget + 1)]
    return {cells[i]: records[d] for i, d in flights.items()}


def _flood_to(adjacent: tuple[tuple[int, ...], ...], start: int, budget: int,
              blocked: Container[int], wanted: set[int]) -> dict[int, int]:
    """`_flood` without `allowed` or `stops`, ended as soon as every `wanted` cell is found:
    the least number of steps to those of them within `budget`."""
    spent = {start: 0}
    got: dict[int, int] = {}
    if start in wanted:
        got[start] = 0
    ring = [start]
    for cost in range(1, budget + 1):
        if len(got) == len(wanted):
            break
        outer: list[int] = []
        for a in ring:
            for b in adjacent[a]:
                if b in spent or b in blocked:
                    continue
                spent[b] = cost
                outer.append(b)
                if b in wanted:
                    got[b] = cost
        if not outer:
            break
        ring = outer
    return got


def _capital_area_cells(data: GuerraData) -> dict[str, tuple[int, ...]]:
    """`_capital_areas` as cell numbers; worked out once per scenario."""
    index = data.board.index
    return data.memo("capital area cells", lambda: {
        pid: tuple(index[h] for h in hexes) for pid, hexes in _capital_areas(data).items()})


def _capital_areas(data: GuerraData) -> dict[str, frozenset[Hex]]:
    """Each province's capital hex and the non-mountain hexes next to it, where readapting
    aircraft may land (section 7 3); worked out once per scenario."""

    def build() -> dict[str, frozenset[Hex]]:
        board = data.board
        areas: dict[str, frozenset[Hex]] = {}
        for pid in data.provinces:
            capital = board.capitals[pid]
            areas[pid] = frozenset([capital, *(
                board.cells[j] for j in board.adjacent[board.index[capital]]
                if board.terrain_at[j] is not Terrain.MOUNTAIN)])
        return areas

    return data.memo("capital areas", build)


def _distance(aq: int, ar: int, bq: int, br: int) -> int:
    """`hex_distance` over plain coordinates."""
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
