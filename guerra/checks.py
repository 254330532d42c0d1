"""What a scenario designer trips over in La Guerra de España data, checked by `wargames
validate` (and F5 in a game) after the schemas:

- Stacking at the start (sections 6, 7, 8): the land counters a setup puts in a city stay within
  the city's limit (its class, or its region's), one side only per hex; the warships of a port fit
  on the sea hexes next to it; a region's counters fit on its hexes.
- Counter totals: the counters the setup places and the fixed reinforcements bring stay within
  the counter mix of each family (section 2.4), as a deck within its size.
- Tables with gaps or overlaps: each die result, turn or weather box is given once (the naval-use
  and city-stack tables, population values, conversion limits, weather boxes, the turn track),
  and the turn track has no gap.
- Places no path reaches: every province or region is joined by land to the main part of the
  map, by the Strait bridge (section 7.2), or has a port where troops land (section 7.1).

Adjacency on a hex map is the grid's own and symmetric by construction; roads are checked step
by step in guerra/schema.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.hexgrid import ODD, OffsetCoord, hex_neighbors, roffset_from_cube, roffset_to_cube
from engine.data.checks import components, keyed_rows
from engine.data.grid import parse_grid
from engine.data.schema import Check, Problem, ValidDoc

__all__ = ["CHECKS"]

LAND = frozenset({"land", "mountain"})
Cell = tuple[int, int]


def _neighbour_steps() -> dict[int, list[Cell]]:
    """(column, row) steps to the six neighbours of a hex on an even and an odd row (odd-r)."""
    steps: dict[int, list[Cell]] = {}
    for parity in (0, 1):
        origin = roffset_to_cube(ODD, OffsetCoord(0, parity))
        found = [roffset_from_cube(ODD, n) for n in hex_neighbors(origin)]
        steps[parity] = [(o.col, o.row - parity) for o in found]
    return steps


STEPS = _neighbour_steps()


class _Grid:
    """The map's terrain and territory per cell, with the neighbours of a cell."""

    def __init__(self, terrain: list[str], territory: list[str], kinds: Mapping[str, str],
                 owners: Mapping[str, str]) -> None:
        self.height, self.width = len(terrain), len(terrain[0]) if terrain else 0
        self.kind = {(c, r): kinds[ch] for r, row in enumerate(terrain) for c, ch in enumerate(row)}
        self.territory = {(c, r): owners[ch] for r, row in enumerate(territory)
                          for c, ch in enumerate(row) if ch in owners}

    def neighbours(self, cell: Cell) -> list[Cell]:
        c, r = cell
        return [(c + dc, r + dr) for dc, dr in STEPS[r & 1]
                if 0 <= c + dc < self.width and 0 <= r + dr < self.height]


def _grid(docs: Mapping[str, ValidDoc]) -> _Grid | None:
    """The map as cells, or None when its grids are broken (guerra/schema.py says how)."""
    item = docs.get("map")
    if item is None:
        return None
    m: Any = item.model
    terrain, bad = parse_grid(item.doc, ("terrain",), m.terrain_legend)
    territory, worse = parse_grid(item.doc, ("provinces",), {".": "none", **m.province_legend})
    sizes = [len(terrain), len(territory)] + [len(row) for row in (*terrain, *territory)]
    if bad or worse or sizes[:2] != [m.height] * 2 or set(sizes[2:]) - {m.width}:
        return None
    return _Grid(terrain, territory, m.terrain_legend, m.province_legend)


def _cell(label: str) -> Cell:
    col, row = label.split(",")
    return int(col), int(row)


def check_start_stacking(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The initial placement keeps every stacking limit (sections 6, 7, 8)."""
    if not {"setup", "counters", "map"} <= docs.keys():
        return []
    grid = _grid(docs)
    item = docs["setup"]
    counters: Any = docs["counters"].model
    m: Any = docs["map"].model
    st = counters.stacking
    by_size = {2: st.city, 3: st.provincial_capital, 4: st.madrid_barcelona}
    regions = {r.id: r for r in _model(docs["provinces"]).regions} if "provinces" in docs \
        else {}
    families = {f.id: f for f in counters.families}
    cities = {c.id: c for c in m.cities}
    land: dict[str, dict[str, int]] = {}
    first_side: dict[str, tuple[str, int]] = {}
    ships: dict[str, int] = {}
    in_region: dict[str, int] = {}
    problems: list[Problem] = []
    for i, placement in enumerate(_model(item).placements):
        family = families[placement.family]
        here = ("placements", i)
        if placement.region is not None:
            region = regions.get(placement.region)
            in_region[placement.region] = in_region.get(placement.region, 0) + placement.count
            if region is not None and grid is not None:
                hexes = sum(1 for t in grid.territory.values() if t == region.id)
                if in_region[placement.region] > region.stacking * hexes:
                    problems.append(item.doc.problem(
                        here, f"{in_region[placement.region]} counters in {region.id}, more "
                        f"than its {hexes} hexes hold at {region.stacking} each (section 8)"))
            continue
        if placement.city is None:
            continue  # a counter on a given hex: guerra/schema.py checks its stack
        city = cities[placement.city]
        if family.kind == "naval":
            ships[city.id] = ships.get(city.id, 0) + placement.count
            if grid is not None:
                cell = _cell(city.hex)
                seas = sum(1 for n in grid.neighbours(cell) if grid.kind.get(n) == "sea")
                if ships[city.id] > st.naval * seas:
                    problems.append(item.doc.problem(
                        here, f"{ships[city.id]} naval counters start next to {city.id}, more "
                        f"than its {seas} sea hexes hold at {st.naval} each (sections 6, 8)"))
            continue
        if family.kind not in ("army", "garrison"):
            continue
        side = family.side
        other = first_side.get(city.id)
        if other is not None and other[0] != side:
            line = item.doc.mark(("placements", other[1]))[0]
            problems.append(item.doc.problem(
                (*here, "city"), f"{city.id} already holds {other[0]} counters (line {line}): "
                "a hex holds the land counters of one side only (section 7)"))
        first_side.setdefault(city.id, (side, i))
        count = land.setdefault(city.id, {}).get(side, 0) + placement.count
        land[city.id][side] = count
        limit = by_size[city.size]
        region = regions.get(city.province)
        if region is not None:
            limit = max(limit, region.stacking)
        if count > limit:
            problems.append(item.doc.problem(
                here, f"{count} {side} land counters start in {city.id}, more than the {limit} "
                f"a size-{city.size} city holds (section 8)"))
    return problems


def check_counter_totals(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The counters the setup places (and those a later start counts as lost) and the fixed
    reinforcements still to come use no more counters of a family than the counter mix holds
    (sections 2.4, 10); the setup alone is checked in guerra/schema.py."""
    if not {"setup", "counters", "reinforcements"} <= docs.keys():
        return []
    families = {f.id: f for f in _model(docs["counters"]).families}
    setup = _model(docs["setup"])
    used: dict[str, int] = dict(getattr(setup, "eliminated", None) or {})
    for placement in setup.placements:
        used[placement.family] = used.get(placement.family, 0) + placement.count
    start = getattr(setup, "turn", 1)
    item = docs["reinforcements"]
    problems: list[Problem] = []
    for i, row in enumerate(_model(item).fixed):
        if row.turn < start:
            continue  # arrived before a later start: among the placed or the lost
        family = families.get(row.family)
        before = used.get(row.family, 0)
        used[row.family] = before + row.count
        if family is not None and before <= family.count < used[row.family]:
            problems.append(item.doc.problem(
                ("fixed", i, "count"), f"{used[row.family]} {row.family} counters placed and "
                f"arriving by turn {row.turn}, more than the {family.count} of the counter mix "
                "(section 2.4)"))
    return problems


def check_tables(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Every table gives each die result, turn or weather box once; the turn track has no gap
    (sections 4, 7, 8, 10, 12, 13)."""
    problems: list[Problem] = []
    keyed = (
        ("naval_use", ("table",), "roll", "die result"),
        ("city_stack_table", ("rows",), "die", "die difference"),
        ("reinforcements", ("population",), "turn", "turn"),
        ("conversions", ("limits",), "turn", "turn"),
    )
    for kind, path, field, what in keyed:
        if kind in docs:
            doc = docs[kind].doc
            rows = doc.value(path)
            problems += keyed_rows(doc, path, [row[field] for row in rows], what, field=field)
    if "weather" in docs:
        doc = docs["weather"].doc
        boxes = doc.value(("boxes",))
        problems += keyed_rows(doc, ("boxes",), [(b["turn"], b["zone"]) for b in boxes],
                               "weather box", name=lambda k: f"of turn {k[0]}, zone {k[1]}")
    if "turns" in docs:
        doc = docs["turns"].doc
        turns = [row["turn"] for row in doc.value(("turns",))]
        expected = range(min(turns), max(turns) + 1) if turns else None
        problems += keyed_rows(doc, ("turns",), turns, "turn", expected, field="turn")
    return problems


def check_reachable(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Every province and region can be reached: by land from the main part of the map, across
    the Strait bridge (section 7.2), or by sea through a port of it (section 7.1)."""
    if not {"map", "provinces"} <= docs.keys():
        return []
    grid = _grid(docs)
    if grid is None:
        return []
    m: Any = docs["map"].model
    item = docs["provinces"]
    provinces: Any = item.model
    nodes: list[Cell] = [cell for cell, kind in grid.kind.items() if kind in LAND]
    land = set(nodes)
    edges = [(cell, n) for cell in nodes for n in grid.neighbours(cell) if n in land]
    if m.strait is not None:
        bridge = _cell(m.strait.hex)
        nodes.append(bridge)
        edges += [(bridge, n) for n in grid.neighbours(bridge) if n in land]
    groups = components(nodes, edges)
    main = groups[0] if groups else set()
    reached = {grid.territory[c] for c in main if c in grid.territory}
    ports = set(provinces.ports)
    reached |= {city.province for city in m.cities if city.id in ports}
    problems: list[Problem] = []
    for key, entries in (("provinces", provinces.provinces), ("regions", provinces.regions)):
        for i, entry in enumerate(entries):
            if entry.id not in reached:
                problems.append(item.doc.problem(
                    (key, i, "id"), f"no path reaches {entry.id}: its land touches no other "
                    "province, no Strait bridge joins it and it has no port (sections 7.1, 7.2)"))
    return problems


def _model(item: ValidDoc) -> Any:
    return item.model


CHECKS: tuple[Check, ...] = (
    check_start_stacking, check_counter_totals, check_tables, check_reachable,
)
