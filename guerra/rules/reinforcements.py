"""Reception of reinforcements (section 10, sequence steps 1 and 2 of section 14).

By population factors: the own provinces of a side form zones joined through own provinces;
each zone yields one land counter per V population factors (V from the board table for the turn
and side), the factors left over in a zone are lost, and 2 of every 3 counters are army
counters, 1 a garrison. A counter is placed on the capital hex of a province of its zone, or a
hex next to it, of an own province, outside enemy control zones and within stacking limits.
Fixed reinforcements come from the turn table and are placed at any own provincial capital or
next to it (naval counters next to an own port, the Army of Africa also in North Africa).
"""

from __future__ import annotations

from engine.core.actions import Event, Message
from engine.core.hexgrid import Hex, hex_neighbors
from guerra.rules.counters import next_from_pool
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.movement import enemy_zoc, enemy_zoc_cells
from guerra.rules.provinces import owned, zones
from guerra.rules.state import GuerraState, PendingPlacement


def zone_counts(state: GuerraState, side: Side, value: int) -> list[tuple[tuple[str, ...], int]]:
    """Counters earned by each zone: floor(zone population / value) (section 10). Counting the
    provinces one after another with the leftover carried on, as the rulebook's example does,
    gives the same number; what is left below `value` in a zone is lost."""
    provinces = state.data.provinces
    result = []
    for zone in zones(state, side):
        total = sum(provinces[p].population for p in zone)
        result.append((zone, total // value))
    return result


def split_mix(state: GuerraState, n: int) -> tuple[int, int]:
    """Army and garrison counters among `n` reinforcements: of every 3, 2 army and 1 garrison
    (section 10); the split is per side and turn (GAP-GUE-46)."""
    army, garrison = state.data.reinforcement_mix
    garrisons = n * garrison // (army + garrison)
    return n - garrisons, garrisons


def zone_player(state: GuerraState, side: Side, zone: tuple[str, ...]) -> str:
    """The seat that places a zone's counters: the one whose sector holds most of the zone's
    population (GAP-GUE-19)."""
    weight: dict[str, int] = {}
    for p in zone:
        province = state.data.provinces[p]
        weight[province.sector] = weight.get(province.sector, 0) + province.population
    best = max(state.data.sectors, key=lambda s: weight.get(s, 0))
    return state.seat_for_sector(side, best)


def queue_population(state: GuerraState, side: Side) -> list[Event]:
    """Step 1: count the zones of `side` and queue its counters (section 10)."""
    value = state.data.population_value(state.turn, side)
    queued = 0
    events: list[Event] = []
    for zone, n in zone_counts(state, side, value):
        total = sum(state.data.provinces[p].population for p in zone)
        names = ", ".join(state.data.provinces[p].name for p in zone)
        events.append(Message(f"{side.label}: {names} — {total} population factors at {value} "
                              f"a counter: {n} counter(s) (section 10)"))
        player = zone_player(state, side, zone)
        for _ in range(n):
            state.placements.append(PendingPlacement(side, player, zone, None))
        queued += n
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


def _land_room(state: GuerraState, side: Side, h: Hex, zoc: set[int], garrison: bool) -> bool:
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
    """Where a reinforcement counter of `family` may be placed (section 10)."""
    data = state.data
    board = data.board
    side = pending.side
    kind = data.families[family].kind
    provinces = pending.zone if pending.family is None else tuple(owned(state, side))
    near: set[Hex] = set()
    for p in provinces:
        capital = board.capitals[p]
        near.add(capital)
        near.update(hex_neighbors(capital))
    hexes: set[Hex] = set()
    if kind.is_land:
        zoc = enemy_zoc_cells(state, side, kind)
        for h in near:
            territory = board.territory.get(h)
            if territory is None or state.status.get(territory) is not side:
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
