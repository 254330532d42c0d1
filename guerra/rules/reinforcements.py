"""Reception of reinforcements (section 10, sequence steps 1 and 2 of section 14).

By population factors: the own provinces of a side form zones joined through own provinces.
Each zone is counted province by province (`counting_order`); every time the factors counted
reach V (from the board table for the turn and side) a counter is earned, paid by the provinces
whose factors made up those V, and what is left over is carried on to the next, adjacent
province; what is left below V at the end of a zone is lost. 2 of every 3 counters are army
counters, 1 a garrison. A counter is placed in one of the provinces that paid for it: on its
capital hex or a hex next to it inside one of those provinces, outside enemy control zones and
within stacking limits (GAP-GUE-47).
Fixed reinforcements come from the turn table and are placed on any own provincial capital or a
hex next to it, whatever province that hex lies in (naval counters next to an own port, the
Army of Africa also in North Africa).
"""

from __future__ import annotations

from engine.core.actions import Event, Message
from engine.core.hexgrid import Hex, hex_neighbors
from guerra.rules.counters import next_from_pool
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.movement import enemy_zoc, land_zoc
from guerra.rules.provinces import owned, zones
from guerra.rules.state import GuerraState, PendingPlacement


def counting_order(state: GuerraState, zone: tuple[str, ...]) -> list[str]:
    """The order a zone's provinces are counted in (section 10, GAP-GUE-47): from the
    province whose capital lies furthest north (then west), each next province is an uncounted
    one adjacent to the last counted province that still has one, the northernmost first, so
    left-over factors are carried on to an adjacent province as the text asks. The rulebook's
    example counts the same way ("Starting from the Northeast ... Gerona, Barcelona, Lérida").
    """
    capitals = state.data.board.capitals
    neighbours = state.data.board.province_neighbours
    members = set(zone)

    def north(p: str) -> tuple[int, int]:
        h = capitals[p]
        return (h.r, h.q + (h.r - (h.r & 1)) // 2)

    order = [min(zone, key=north)]
    counted = set(order)
    trail = list(order)
    while len(order) < len(zone):
        while trail:
            nxt = sorted((n for n in neighbours.get(trail[-1], ()) if n in members
                          and n not in counted), key=north)
            if nxt:
                break
            trail.pop()
        else:  # not joined by land (cannot happen for a zone): start again from the north
            nxt = sorted((p for p in zone if p not in counted), key=north)
        order.append(nxt[0])
        counted.add(nxt[0])
        trail.append(nxt[0])
    return order


def paying_groups(state: GuerraState, zone: tuple[str, ...], value: int) -> list[tuple[str, ...]]:
    """The provinces that pay for each counter a zone earns, in counting order (section 10:
    "each time the population factors needed to receive a reinforcement counter are counted,
    the counter is placed in one of the provinces which, with the sum of their population
    factors, have given the right to receive that reinforcement counter").

    A counter is paid by the provinces counted since the previous counter; the factors left
    over are carried on and added to the next provinces counted, as in the rulebook's example
    ("with the 3 remaining factors, plus the 3 of Cuenca, the 2 of Guadalajara and the 13 of
    Madrid, another reinforcement counter would be received in any of those provinces"). A
    province whose own factors pay for more than one counter is the payer of each of them."""
    provinces = state.data.provinces
    total = 0
    fresh: list[str] = []
    groups: list[tuple[str, ...]] = []
    for p in counting_order(state, zone):
        factors = provinces[p].population
        if factors <= 0:
            continue
        fresh.append(p)
        total += factors
        while value > 0 and total >= value:
            groups.append(tuple(fresh) if fresh else (p,))
            fresh = []
            total -= value
    return groups


def zone_counts(state: GuerraState, side: Side, value: int) -> list[tuple[tuple[str, ...], int]]:
    """Counters earned by each zone: floor(zone population / value) (section 10); counting the
    provinces one after another with the leftover carried on gives that number, and what is
    left below `value` in a zone is lost."""
    return [(zone, len(paying_groups(state, zone, value))) for zone in zones(state, side)]


def split_mix(state: GuerraState, n: int) -> tuple[int, int]:
    """Army and garrison counters among `n` reinforcements: of every 3, 2 army and 1 garrison
    (section 10); the split is per side and turn (GAP-GUE-46)."""
    army, garrison = state.data.reinforcement_mix
    garrisons = n * garrison // (army + garrison)
    return n - garrisons, garrisons


def zone_player(state: GuerraState, side: Side, zone: tuple[str, ...]) -> str:
    """The seat that places a counter: the one whose sector holds most of the population of the
    provinces that paid for it (GAP-GUE-19)."""
    weight: dict[str, int] = {}
    for p in zone:
        province = state.data.provinces[p]
        weight[province.sector] = weight.get(province.sector, 0) + province.population
    best = max(state.data.sectors, key=lambda s: weight.get(s, 0))
    return state.seat_for_sector(side, best)


def queue_population(state: GuerraState, side: Side) -> list[Event]:
    """Step 1: count the zones of `side` and queue its counters, each with the provinces that
    paid for it (section 10)."""
    value = state.data.population_value(state.turn, side)
    provinces = state.data.provinces
    queued = 0
    events: list[Event] = []
    for zone in zones(state, side):
        groups = paying_groups(state, zone, value)
        total = sum(provinces[p].population for p in zone)
        names = ", ".join(provinces[p].name for p in zone)
        events.append(Message(f"{side.label}: {names} — {total} population factors at {value} "
                              f"a counter: {len(groups)} counter(s) (section 10)"))
        for group in groups:
            paid = ", ".join(provinces[p].name for p in group)
            events.append(Message(f"{side.label}: a counter paid by {paid}, placed in one of "
                                  "them (section 10)"))
            state.placements.append(PendingPlacement(side, zone_player(state, side, group),
                                                     group, None))
        queued += len(groups)
    army, garrison = split_mix(state, queued)
    state.mix_left[side] = [army, garrison]
    events.append(Message(f"{side.label} receive {queued} land counters by population: "
                          f"{army} army, {garrison} garrison (section 10)"))
    return events


def queue_fixed(state: GuerraState, side: Side) -> list[Event]:
    """Step 2: the fixed reinforcements of the turn table for `side` (section 10); in a team
    game they are handed to the side's seats in turn (GAP-GUE-19)."""
    seats = state.seats(side)
    turn = state.turn
    events: list[Event] = []
    i = 0
    for row in state.data.fixed:
        if row.turn != turn or state.data.families[row.family].side is not side:
            continue
        for _ in range(row.count):
            state.placements.append(PendingPlacement(side, seats[i % len(seats)], (), row.family))
            i += 1
        events.append(Message(f"{side.label} receive {row.count} × "
                              f"{state.data.families[row.family].name} (turn table, section 10)"))
    return events


def families_for(state: GuerraState, pending: PendingPlacement) -> list[str]:
    """Families the pending counter may be: the fixed family, or army/garrison within the
    side's remaining mix (section 10); only families with a counter left in the pool."""
    if pending.family is not None:
        options = [pending.family]
    else:
        army_family, garrison_family = state.data.population_families[pending.side]
        left = state.mix_left[pending.side]
        options = [f for f, n in ((army_family, left[0]), (garrison_family, left[1])) if n > 0]
    return [f for f in options if next_from_pool(state, f) is not None]


def _land_room(state: GuerraState, side: Side, h: Hex, zoc: frozenset[int],
               garrison: bool) -> bool:
    board = state.data.board
    t = board.terrain.get(h)
    if t is not Terrain.LAND and not (t is Terrain.MOUNTAIN and not garrison):
        return False
    if board.index[h] in zoc:
        return False
    here = state.land_at.get(h)
    if here is None:
        return True
    return state.units[here[0]].side is side and len(here) < state.data.stack_limit(h)


def placement_hexes(state: GuerraState, pending: PendingPlacement, family: str) -> list[Hex]:
    """Where a reinforcement counter of `family` may be placed (section 10): a counter paid by
    population factors in one of the provinces that paid for it (on the capital or a hex next
    to it inside those provinces); a fixed one on any own capital or any hex next to it ("or on
    another hexagon adjacent to it": the text asks nothing of that hex's province)."""
    data = state.data
    board = data.board
    side = pending.side
    kind = data.families[family].kind
    by_population = pending.family is None
    provinces = pending.zone if by_population else tuple(owned(state, side))
    near: set[Hex] = set()
    for p in provinces:
        capital = board.capitals[p]
        near.add(capital)
        near.update(hex_neighbors(capital))
    hexes: set[Hex] = set()
    if kind.is_land:
        # the enemy land control zone, kept until the enemy's counters move
        zoc = land_zoc(state, side.enemy)
        for h in near:
            territory = board.territory.get(h)
            if territory is None:
                continue
            if by_population and territory not in provinces:
                continue
            region = data.regions.get(territory)
            if region is not None and region.side is not side:
                continue
            if _land_room(state, side, h, zoc, kind is Kind.GARRISON):
                hexes.add(h)
        for rid, region in data.regions.items():
            if region.side is side and pending.family in region.families:
                hexes.update(h for h in board.territory_hexes[rid]
                             if _land_room(state, side, h, zoc, False))
    elif kind is Kind.AIR:
        for h in near:
            if h not in board.terrain:
                continue
            here = state.air_at.get(h, [])
            if here and state.units[here[0]].side is not side:
                continue
            if len(here) < data.stacking.air:
                hexes.add(h)
    else:
        sea_zoc = enemy_zoc(state, side, Kind.NAVAL)
        for city in board.cities.values():
            if city.id not in data.ports or state.status.get(city.province) is not side:
                continue
            for h in hex_neighbors(city.hex):
                if board.terrain.get(h) is not Terrain.SEA or h in sea_zoc:
                    continue
                here = state.naval_at.get(h, [])
                if here and state.units[here[0]].side is not side:
                    continue
                if len(here) < data.stacking.naval:
                    hexes.add(h)
    return sorted(hexes)
