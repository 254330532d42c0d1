"""What must always hold (checked after every action by the soak test): each counter in exactly
one place, no two sides in one hex except aircraft over enemy counters (section 7), stacking
limits (section 8), transport limits (section 7.1), F.E.C. within the track (section 11),
province states that agree with the counters (section 9), and the per-cell land indexes the
movement searches read.

Every playout runs this after every action, so the counters are walked once for the places,
the province counts and the counter mix together (`_counters`), and the hexes once."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from engine.core.hexgrid import Hex
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.provinces import province_problems
from guerra.rules.state import SEATS, GuerraState, Where, side_of_seat


def check(state: GuerraState) -> list[str]:
    places, land_counts, strays, families = _counters(state)
    problems = places
    problems += _hexes(state)
    problems += province_problems(state, land_counts, strays)
    data = state.data
    for side, value in state.fec.items():
        if not data.fec_min <= value <= data.fec_max:
            problems.append(f"{side.value} F.E.C. {value} off the track")
    for family in data.families.values():
        n = families[family.id]
        if n != family.count:
            problems.append(f"{family.id}: {n} counters instead of {family.count}")
    return problems


def _counters(
    state: GuerraState,
) -> tuple[list[str], dict[str, dict[Side, int]], list[str], Counter[str]]:
    """One pass over the counters: where each one is, the land counters of each territory and
    those on a hex with no province (for `province_problems`); and the counters of each
    family."""
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
    army, garrison = Kind.ARMY, Kind.GARRISON
    territory = state.data.board.territory
    nationalist, republican = Side.NATIONALIST, Side.REPUBLICAN
    land_counts: dict[str, dict[Side, int]] = {t: {nationalist: 0, republican: 0}
                                               for t in state.land_count}
    province_trouble: list[str] = []
    # the movement lists look for a seat's counters among its side's only
    seat_side = {seat: side_of_seat(seat) for seat in SEATS}
    # The common case (a counter on the map at its indexed hex, or in its pool) is kept to a
    # few identity tests.
    for u in units.values():
        where = u.where
        if where is on_map:
            if not u.player:
                problems.append(f"{u.id} is in play but no seat commands it")
            elif seat_side.get(u.player) is not u.side:
                problems.append(f"{u.id} is commanded by {u.player}, not a seat of its side")
            at = indexed.get(u.id)
            spot = u.hex
            if spot is None or (at is not spot and at != spot):
                problems.append(f"{u.id} is on the map but not indexed at its hex")
            kind = u.kind
            if (kind is army or kind is garrison) and spot is not None:
                t = territory.get(spot)
                if t is None:
                    province_trouble.append(f"{u.id} is on a hex with no province")
                else:
                    land_counts[t][u.side] += 1
        else:
            if where is on_board and seat_side.get(u.player) is not u.side:
                problems.append(f"{u.id} is in play but no seat of its side commands it")
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
    families = Counter(map(attrgetter("family"), units.values()))
    return problems, land_counts, province_trouble, families


def _hexes(state: GuerraState) -> list[str]:
    """What each occupied hex holds (sides, terrain, stacking), and the per-cell land indexes
    the movement searches read (GuerraState.land_cells and land_side): every occupied cell
    holds its count and side, and no other cell any."""
    problems: list[str] = []
    data = state.data
    board = data.board
    index, terrain_at, units = board.index, board.terrain_at, state.units
    land, mountain, sea = Terrain.LAND, Terrain.MOUNTAIN, Terrain.SEA
    counts, sides = state.land_cells, state.land_side
    counted = sided = True
    for h, ids in state.land_at.items():
        side = units[ids[0]].side
        n = len(ids)
        if n > 1 and not all(units[i].side is side for i in ids):
            problems.append(f"land counters of both sides at {h}")
        cell = index.get(h)
        t = terrain_at[cell] if cell is not None else None
        if t is not land and t is not mountain:
            problems.append(f"land counters off land at {h}")
        if n > 1 and n > data.stack_limit(h):
            problems.append(f"{n} land counters at {h}, limit {data.stack_limit(h)}")
        if t is mountain and any(units[i].kind is Kind.GARRISON for i in ids):
            problems.append(f"a garrison stands on the mountain hex {h}")
        if cell is None:
            counted = sided = False
        else:
            counted = counted and counts[cell] == n
            sided = sided and sides[cell] is side
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
    cells, occupied = len(board.cells), len(state.land_at)
    if not counted or len(counts) != cells or cells - counts.count(0) != occupied:
        problems.append("the land counters counted per cell disagree with the map")
    if not sided or len(sides) != cells or cells - sides.count(None) != occupied:
        problems.append("the side of the land counters per cell disagrees with the map")
    return problems


def _one_side(state: GuerraState, ids: list[str]) -> bool:
    units = state.units
    side = units[ids[0]].side
    return len(ids) == 1 or all(units[i].side is side for i in ids)
