"""Putting counters on the map, moving and removing them, keeping every index in step: the
hex occupancy of land, naval and air counters and the land counters of each province (sections
7-9)."""

from __future__ import annotations

import math

from engine.core.actions import Event, PieceMoved
from engine.core.hexgrid import Hex, hex_distance
from guerra.rules.data import GuerraData, Kind, Side, hex_label
from guerra.rules.events import CounterEliminated, CounterPlaced
from guerra.rules.provinces import land_entered
from guerra.rules.state import GuerraState, Unit, Where


def _index(state: GuerraState, kind: Kind) -> dict[Hex, list[str]]:
    if kind.is_land:
        return state.land_at
    return state.naval_at if kind is Kind.NAVAL else state.air_at


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
           "north-east")
"""Directions from a city, clockwise from east (the map's north is up)."""


def name(state: GuerraState, unit: Unit) -> str:
    """A counter's name for the log: its family, as printed (the counters of a family are
    alike; their ids are the program's, never shown)."""
    return state.data.families[unit.family].name


def place_name(state: GuerraState, h: Hex) -> str:
    """A hex as the log names it (`hex_place`), kept per scenario."""
    return hex_place(state.data, h)


def hex_place(data: GuerraData, h: Hex) -> str:
    """A hex as a player names it, never by coordinates: its city ("Huelva"), else where it
    lies from the nearest city of its province or region, or from the nearest city at all
    ("2 hexes north-east of Toledo", "6 hexes south of Algeciras (North Africa)"); at sea the
    coast it is off ("the sea off Cartagena", "the open sea off Palma" farther out)."""
    names: dict[Hex, str] = data.memo("place names", dict)
    found = names.get(h)
    if found is None:
        found = names[h] = _place_name(data, h)
    return found


def _place_name(data: GuerraData, h: Hex) -> str:
    board = data.board
    city = board.cities.get(h)
    if city is not None:
        return city.name
    territory = board.territory.get(h, "")
    cities = [c for c in board.cities.values() if c.province == territory] or \
        list(board.cities.values())
    near = min(cities, key=lambda c: (hex_distance(c.hex, h), c.name))
    d = hex_distance(near.hex, h)
    if board.is_sea(h):
        return f"the sea off {near.name}" if d <= 2 else f"the open sea off {near.name}"
    text = f"{d} hex{'es' * (d != 1)} {compass(near.hex, h)} of {near.name}"
    region = data.regions.get(territory)
    return f"{text} ({region.name})" if region is not None and near.province != territory \
        else text


def compass(origin: Hex, h: Hex) -> str:
    """The direction from `origin` to `h` on the map (pointy-top hexes, north up), one of the
    eight of `COMPASS`."""
    x = math.sqrt(3) * ((h.q - origin.q) + (h.r - origin.r) / 2)
    y = 1.5 * (h.r - origin.r)
    sector = round(math.degrees(math.atan2(y, x)) / 45) % 8
    return COMPASS[sector]


def _put(state: GuerraState, unit: Unit, h: Hex) -> list[Event]:
    unit.hex = h
    unit.where = Where.MAP
    unit.carrier = None
    _index(state, unit.kind).setdefault(h, []).append(unit.id)
    if unit.kind.is_land:
        board = state.data.board
        state.land_count[board.territory[h]][unit.side] += 1
        i = board.index[h]
        if not state.land_cells[i]:
            state.land_side[i] = unit.side
        state.land_cells[i] += 1
        state.land_moves[unit.side] = state.land_moves.get(unit.side, 0) + 1
        return land_entered(state, unit.side, h)
    return []


def _lift(state: GuerraState, unit: Unit) -> Hex:
    h = unit.hex
    assert h is not None, f"{unit.id} is not on the map"
    index = _index(state, unit.kind)
    here = index[h]
    here.remove(unit.id)
    if not here:
        del index[h]
    if unit.kind.is_land:
        board = state.data.board
        state.land_count[board.territory[h]][unit.side] -= 1
        i = board.index[h]
        state.land_cells[i] -= 1
        if not state.land_cells[i]:
            state.land_side[i] = None
        state.land_moves[unit.side] = state.land_moves.get(unit.side, 0) + 1
    unit.hex = None
    return h


def place(state: GuerraState, unit: Unit, h: Hex, player: str, why: str) -> list[Event]:
    """Bring a counter from its pool onto `h` for `player` (sections 6, 10, 12)."""
    unit.player = player
    reset_turn_flags(unit)
    events: list[Event] = [CounterPlaced(f"{name(state, unit)} {why} at {place_name(state, h)}",
                                         piece=unit.id, dst=hex_label(h))]
    return events + _put(state, unit, h)


def move(state: GuerraState, unit: Unit, h: Hex) -> list[Event]:
    """Move a counter on the map (its cargo travels with a naval counter)."""
    src = _lift(state, unit)
    events: list[Event] = [PieceMoved(f"{name(state, unit)} moves from {place_name(state, src)} "
                                      f"to {place_name(state, h)}", piece=unit.id,
                                      src=hex_label(src), dst=hex_label(h))]
    return events + _put(state, unit, h)


def board(state: GuerraState, unit: Unit, ship: Unit) -> list[Event]:
    """A land counter goes aboard a naval counter (section 7.1)."""
    src = _lift(state, unit)
    unit.where = Where.ABOARD
    unit.carrier = ship.id
    ship.cargo.append(unit.id)
    return [PieceMoved(f"{name(state, unit)} at {place_name(state, src)} embarks on the "
                       f"{name(state, ship)}", piece=unit.id, src=hex_label(src), dst=ship.id)]


def land(state: GuerraState, unit: Unit, h: Hex) -> list[Event]:
    """A carried land counter goes ashore on `h` (section 7.1)."""
    assert unit.carrier is not None
    ship = state.units[unit.carrier]
    ship.cargo.remove(unit.id)
    events: list[Event] = [PieceMoved(f"{name(state, unit)} disembarks at {place_name(state, h)}",
                                      piece=unit.id, src=ship.id, dst=hex_label(h))]
    return events + _put(state, unit, h)


def eliminate(state: GuerraState, unit: Unit, why: str) -> list[Event]:
    """Remove a counter from the game; a naval counter takes its cargo with it (section 7.1)."""
    events: list[Event] = []
    if unit.where is Where.MAP:
        _lift(state, unit)
    elif unit.where is Where.ABOARD and unit.carrier is not None:
        state.units[unit.carrier].cargo.remove(unit.id)
    unit.where = Where.ELIMINATED
    unit.carrier = None
    events.append(CounterEliminated(f"{name(state, unit)} is eliminated ({why})", piece=unit.id))
    for cargo_id in list(unit.cargo):
        events += eliminate(state, state.units[cargo_id], "lost with its naval transport, 7.1")
    return events


def ids_of_kind(state: GuerraState, kind: Kind) -> tuple[str, ...]:
    """The ids of the counters of `kind`, in the order of `state.units`: a counter's kind, its
    side and the counter mix never change, so this is listed once per scenario."""
    return _ids_by(state)[0][kind]


def ids_of_side(state: GuerraState, side: Side) -> tuple[str, ...]:
    """The ids of the counters of `side`, in the order of `state.units` (as `ids_of_kind`)."""
    return _ids_by(state)[1][side]


def unit_order(state: GuerraState) -> dict[str, int]:
    """Each counter's place in `state.units` (the counter mix never changes)."""
    return state.data.memo("unit order", lambda: {u: i for i, u in enumerate(state.units)})


def _ids_by(state: GuerraState) -> tuple[dict[Kind, tuple[str, ...]],
                                         dict[Side, tuple[str, ...]]]:
    def build() -> tuple[dict[Kind, tuple[str, ...]], dict[Side, tuple[str, ...]]]:
        by_kind: dict[Kind, list[str]] = {k: [] for k in Kind}
        by_side: dict[Side, list[str]] = {s: [] for s in Side}
        for u in state.units.values():
            by_kind[u.kind].append(u.id)
            by_side[u.side].append(u.id)
        return ({k: tuple(v) for k, v in by_kind.items()},
                {k: tuple(v) for k, v in by_side.items()})

    return state.data.memo("ids by kind and side", build)


def next_from_pool(state: GuerraState, family: str) -> Unit | None:
    """The first counter of `family` still in its pool (counter quantities are hard limits,
    GAP-GUE-23)."""
    units = state.units
    for i in _ids_of_family(state).get(family, ()):
        u = units[i]
        if u.where is Where.POOL:
            return u
    return None


def _ids_of_family(state: GuerraState) -> dict[str, tuple[str, ...]]:
    """The ids of each family's counters, in the order of `state.units` (as `ids_of_kind`)."""

    def build() -> dict[str, tuple[str, ...]]:
        by_family: dict[str, list[str]] = {}
        for u in state.units.values():
            by_family.setdefault(u.family, []).append(u.id)
        return {k: tuple(v) for k, v in by_family.items()}

    return state.data.memo("ids by family", build)


def to_pool(state: GuerraState, unit: Unit) -> list[Event]:
    """Take a counter off the map back to its pool (garrisons converted, section 12)."""
    _lift(state, unit)
    unit.where = Where.POOL
    unit.player = ""
    return [CounterEliminated(f"{name(state, unit)} leaves the map", piece=unit.id)]


def reset_turn_flags(unit: Unit) -> None:
    """A new turn: every counter may move and fight again (section 7)."""
    unit.moved = unit.fought = unit.must_fight = unit.landed = False
    unit.shipped = False
    unit.naval_roll = 0
    unit.air_attack = unit.air_defence = unit.readapted = False
