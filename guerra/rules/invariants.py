"""What must always hold (checked after every action by the soak test): each counter in exactly
one place, no two sides in one hex except aircraft over enemy counters (section 7), stacking
limits (section 8), transport limits (section 7.1), F.E.C. within the track (section 11) and
province states that agree with the counters (section 9)."""

from __future__ import annotations

from collections import Counter

from engine.core.hexgrid import Hex
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.provinces import check_provinces
from guerra.rules.state import GuerraState, Where


def check(state: GuerraState) -> list[str]:
    problems: list[str] = []
    problems += _places(state)
    problems += _hexes(state)
    problems += _cells(state)
    problems += check_provinces(state)
    data = state.data
    for side, value in state.fec.items():
        if not data.fec_min <= value <= data.fec_max:
            problems.append(f"{side.value} F.E.C. {value} off the track")
    counted = Counter(u.family for u in state.units.values())
    for family in data.families.values():
        n = counted[family.id]
        if n != family.count:
            problems.append(f"{family.id}: {n} counters instead of {family.count}")
    return problems


def _places(state: GuerraState) -> list[str]:
    problems: list[str] = []
    indexed: dict[str, Hex] = {}
    for index in (state.land_at, state.naval_at, state.air_at):
        for h, ids in index.items():
            if not ids:
                problems.append(f"empty list at {h}")
            for i in ids:
                if i in indexed:
                    problems.append(f"{i} is indexed twice")
                indexed[i] = h
    aboard: dict[str, str] = {}
    units = state.units
    on_map, on_board = Where.MAP, Where.ABOARD
    # Checked after every action of every soak game: the common case (a counter on the map at
    # its indexed hex, or in its pool) is kept to a few identity tests.
    for u in units.values():
        where = u.where
        if where is on_map:
            if not u.player:
                problems.append(f"{u.id} is in play but no seat commands it")
            at = indexed.get(u.id)
            if u.hex is None or (at is not u.hex and at != u.hex):
                problems.append(f"{u.id} is on the map but not indexed at its hex")
        else:
            if where is on_board and not u.player:
                problems.append(f"{u.id} is in play but no seat commands it")
            if u.id in indexed or u.hex is not None:
                problems.append(f"{u.id} is {where.value} but has a hex")
            if where is on_board:
                ship = units.get(u.carrier or "")
                if ship is None or u.id not in ship.cargo or ship.where is not on_map:
                    problems.append(f"{u.id} is aboard but its naval counter does not carry it")
        if not u.cargo:
            continue
        for c in u.cargo:
            if c in aboard:
                problems.append(f"{c} is carried twice")
            aboard[c] = u.id
            if units[c].carrier != u.id:
                problems.append(f"{c} is in {u.id}'s cargo but not aboard it")
    per_player: dict[str, int] = {}
    for ship_id in set(aboard.values()):
        ship = units[ship_id]
        if len(ship.cargo) > state.data.transport.per_naval_counter:
            problems.append(f"{ship_id} carries {len(ship.cargo)} counters")
    for c in aboard:
        unit = units[c]
        if unit.kind is not Kind.ARMY:
            problems.append(f"{c} is carried but is not an army counter")
        per_player[unit.player] = per_player.get(unit.player, 0) + 1
    for player, n in per_player.items():
        if n > state.data.transport.per_player_at_once:
            problems.append(f"{player} has {n} counters in transport")
    return problems


def _one_side(state: GuerraState, ids: list[str]) -> bool:
    units = state.units
    side = units[ids[0]].side
    return len(ids) == 1 or all(units[i].side is side for i in ids)


def _hexes(state: GuerraState) -> list[str]:
    problems: list[str] = []
    data = state.data
    board = data.board
    index, terrain_at = board.index, board.terrain_at
    land, mountain, sea = Terrain.LAND, Terrain.MOUNTAIN, Terrain.SEA
    for h, ids in state.land_at.items():
        if not _one_side(state, ids):
            problems.append(f"land counters of both sides at {h}")
        cell = index.get(h)
        t = terrain_at[cell] if cell is not None else None
        if t is not land and t is not mountain:
            problems.append(f"land counters off land at {h}")
        if len(ids) > 1 and len(ids) > data.stack_limit(h):
            problems.append(f"{len(ids)} land counters at {h}, limit {data.stack_limit(h)}")
        if t is mountain and any(state.units[i].kind is Kind.GARRISON for i in ids):
            problems.append(f"a garrison stands on the mountain hex {h}")
    for h, ids in state.naval_at.items():
        if not _one_side(state, ids):
            problems.append(f"naval counters of both sides at {h}")
        cell = index.get(h)
        if cell is None or terrain_at[cell] is not sea:
            problems.append(f"naval counter off the sea at {h}")
        if len(ids) > data.stacking.naval:
            problems.append(f"{len(ids)} naval counters at {h}")
    for h, ids in state.air_at.items():
        if not _one_side(state, ids):
            problems.append(f"air counters of both sides at {h}")
        if len(ids) > data.stacking.air:
            problems.append(f"{len(ids)} air counters at {h}")
        if h not in index:
            problems.append(f"air counter off the map at {h}")
    return problems


def _cells(state: GuerraState) -> list[str]:
    """The per-cell land indexes the movement searches read (GuerraState.land_cells,
    land_side, land_zoc) agree with the land counters on the map."""
    board = state.data.board
    index, adjacent, units = board.index, board.adjacent, state.units
    n = len(board.cells)
    counts = [0] * n
    sides: list[Side | None] = [None] * n
    zoc = {side: [0] * n for side in Side}
    for h, ids in state.land_at.items():
        i = index[h]
        side = units[ids[0]].side
        counts[i], sides[i] = len(ids), side
        near = zoc[side]
        for j in adjacent[i]:
            near[j] += 1
    problems: list[str] = []
    if counts != state.land_cells:
        problems.append("the land counters counted per cell disagree with the map")
    if sides != state.land_side:
        problems.append("the side of the land counters per cell disagrees with the map")
    if zoc != state.land_zoc:
        problems.append("the land control zones per cell disagree with the map")
    return problems
