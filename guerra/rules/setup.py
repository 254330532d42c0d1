"""Turn the scenario's plain documents into `GuerraData` and set up a new game (sections 2, 6,
9.1).

The map arrives as text rows (one character per hex, odd rows shifted right) with legends;
offset "col,row" labels become `Hex` here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.dice import Dice, Die
from engine.core.game import Decision
from engine.core.hexgrid import ODD, Hex, OffsetCoord, hex_neighbors, roffset_to_cube
from guerra.rules.data import (
    Board,
    City,
    Family,
    FixedReinforcement,
    GuerraData,
    Kind,
    Movement,
    Placement,
    Province,
    Region,
    Side,
    Stacking,
    Start,
    Terrain,
    Transport,
    WeatherBox,
)
from guerra.rules.state import GuerraState, Unit, Where


class SetupError(ValueError):
    """Scenario data the rules cannot use (the schema checks should have caught it)."""


def parse_hex(label: str) -> Hex:
    """A "col,row" label of the map YAML as a `Hex` (pointy-top, odd rows shifted right)."""
    col, row = label.split(",")
    return roffset_to_cube(ODD, OffsetCoord(int(col), int(row)))


def _rows(text: str, height: int, width: int, what: str) -> list[str]:
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    if len(rows) != height or any(len(r) != width for r in rows):
        raise SetupError(f"map {what}: expected {height} rows of {width} cells")
    return rows


def load_board(doc: Mapping[str, Any], territories: set[str]) -> Board:
    """The hex map (section 2.1) from a `map` document."""
    width, height = doc["width"], doc["height"]
    terrain_rows = _rows(doc["terrain"], height, width, "terrain")
    province_rows = _rows(doc["provinces"], height, width, "provinces")
    terrain_legend = {k: Terrain(v) for k, v in doc["terrain_legend"].items()}
    province_legend: Mapping[str, str] = doc["province_legend"]
    unknown = set(province_legend.values()) - territories
    if unknown:
        raise SetupError(f"map names unknown provinces {sorted(unknown)}")
    terrain: dict[Hex, Terrain] = {}
    territory: dict[Hex, str] = {}
    for r in range(height):
        for c in range(width):
            h = roffset_to_cube(ODD, OffsetCoord(c, r))
            terrain[h] = terrain_legend[terrain_rows[r][c]]
            mark = province_rows[r][c]
            if mark != ".":
                territory[h] = province_legend[mark]
    cities: dict[Hex, City] = {}
    for spec in doc["cities"]:
        h = parse_hex(spec["hex"])
        cities[h] = City(spec["id"], spec["name"], h, spec["size"], spec["province"],
                         spec["capital"], spec["port"])
    capitals = {c.province: h for h, c in cities.items() if c.capital}
    edges: set[tuple[Hex, Hex]] = set()
    road_hexes: set[Hex] = set()
    for road in doc.get("roads") or []:
        chain = [parse_hex(x) for x in road["hexes"]]
        road_hexes.update(chain)
        for a, b in zip(chain, chain[1:], strict=False):
            edges.add((a, b))
            edges.add((b, a))
    strait = doc.get("strait")
    by_territory: dict[str, list[Hex]] = {}
    for h, t in territory.items():
        by_territory.setdefault(t, []).append(h)
    neighbours: dict[str, set[str]] = {t: set() for t in by_territory}
    for h, t in territory.items():
        for near in hex_neighbors(h):
            other = territory.get(near)
            if other is not None and other != t:
                neighbours[t].add(other)
    cells = tuple(sorted(terrain))
    index = {c: i for i, c in enumerate(cells)}
    size = len(cells)
    return Board(
        width=width,
        height=height,
        terrain=terrain,
        territory=territory,
        cities=cities,
        city_by_id={c.id: c for c in cities.values()},
        capitals=capitals,
        road_edges=frozenset(edges),
        road_hexes=frozenset(road_hexes),
        strait=parse_hex(strait["hex"]) if strait else None,
        territory_hexes={t: tuple(sorted(hs)) for t, hs in by_territory.items()},
        province_neighbours={t: frozenset(ns) for t, ns in neighbours.items()},
        cells=cells,
        index=index,
        adjacent=tuple(tuple(index[x] for x in hex_neighbors(c) if x in index) for c in cells),
        terrain_at=tuple(terrain[c] for c in cells),
        territory_at=tuple(territory.get(c) for c in cells),
        road_steps=frozenset(index[a] * size + index[b] for a, b in edges),
    )


def _initial(value: str) -> Side | None:
    return None if value == "disputed" else Side(value)


def load_data(documents: Mapping[str, Any]) -> GuerraData:
    """All printed data of the scenario (sections 2, 6, 7, 8, 10-13)."""
    pdoc = documents["provinces"]
    provinces = {
        p["id"]: Province(p["id"], p["name"], p["capital"], _initial(p["initial"]),
                          p["population"], p.get("economic", 0), p.get("morale", 0),
                          p.get("port", 0), p["sector"], p["weather_zone"])
        for p in pdoc["provinces"]
    }
    regions = {
        r["id"]: Region(r["id"], r["name"], Side(r["side"]), r["stacking"], r["sector"],
                        r["weather_zone"], tuple(r.get("families") or ()))
        for r in pdoc.get("regions") or []
    }
    board = load_board(documents["map"], set(provinces) | set(regions))
    missing = [p for p in provinces if p not in board.capitals]
    if missing:
        raise SetupError(f"provinces without a capital city on the map: {missing}")
    cdoc = documents["counters"]
    families = {
        f["id"]: Family(f["id"], Side(f["side"]), Kind(f["kind"]), f["name"], f["count"],
                        f["prefix"])
        for f in cdoc["families"]
    }
    mv = cdoc["movement"]
    movement = Movement(
        army_movement=mv["army"]["movement"],
        army_displacement_own=mv["army"]["displacement_own"],
        army_displacement_disputed=mv["army"]["displacement_disputed"],
        army_displacement_early=mv["army"]["displacement_early"],
        early_turns=mv["army"]["early_turns"],
        landing_displacement=mv["army"]["landing_displacement"],
        landing_movement=mv["army"]["landing_movement"],
        garrison_movement=mv["garrison"]["movement"],
        garrison_displacement=mv["garrison"]["displacement"],
        naval_movement=mv["naval"]["movement"],
        air_movement=mv["air"]["movement"],
        air_readaptation=mv["air"]["readaptation"],
        air_support_range=mv["air"]["support_range"],
        road_bonus=mv["road_bonus"],
        road_from_turn=mv["road_from_turn"],
        mountain_cost=mv["mountain_cost"],
    )
    st = cdoc["stacking"]
    stacking = Stacking(
        by_city_size={2: st["city"], 3: st["provincial_capital"], 4: st["madrid_barcelona"]},
        other_land_hex=st["other_land_hex"],
        air=st["air"],
        naval=st["naval"],
    )
    tr = cdoc["transport"]
    sdoc = documents["setup"]
    placements = tuple(
        Placement(p["family"], p.get("city"), p.get("region"), p.get("count", 1),
                  parse_hex(p["hex"]) if p.get("hex") else None)
        for p in sdoc["placements"]
    )
    tdoc = documents["turns"]
    fec_start = sdoc.get("fec") or {}
    start = Start(
        turn=sdoc.get("turn", 1),
        control={pid: _initial(v) for pid, v in (sdoc.get("control") or {}).items()},
        fec={side: fec_start.get(side.value, tdoc["fec"]["start"]) for side in Side},
        eliminated=dict(sdoc.get("eliminated") or {}),
        first_side=Side(sdoc["first_side"]) if sdoc.get("first_side") else None,
    )
    rdoc = documents["reinforcements"]
    population_values = {
        row["turn"]: {Side.NATIONALIST: row["nationalist"], Side.REPUBLICAN: row["republican"]}
        for row in rdoc["population"]
    }
    kdoc = documents["conversions"]
    wdoc = documents["weather"]
    boxes: dict[int, list[WeatherBox]] = {}
    for b in wdoc["boxes"]:
        boxes.setdefault(b["turn"], []).append(
            WeatherBox(b["turn"], b["zone"], b["roll"], b["movement"], b["combat"],
                       b["per"] == "counter"))
    table = documents["city_stack_table"]
    columns = tuple(table["factor_differences"])
    results: dict[tuple[int, int], tuple[int, int]] = {}
    for row in table["rows"]:
        for col, cell in zip(columns, row["results"], strict=True):
            results[(col, row["die"])] = _stack_result(cell)
    return GuerraData(
        board=board,
        provinces=provinces,
        regions=regions,
        ports=frozenset(pdoc["ports"]),
        families=families,
        combat_factor=cdoc["combat_factor"],
        die=Die(cdoc["die"]["name"], tuple(cdoc["die"]["faces"])),
        movement=movement,
        stacking=stacking,
        transport=Transport(tr["per_naval_counter"], tr["per_player_at_once"],
                            tr["strait_per_turn"]),
        terrain_defence_bonus=cdoc["combat"]["terrain_defence_bonus"],
        air_support_bonus=cdoc["combat"]["air_support_bonus"],
        max_without_stacks=cdoc["combat"]["max_without_stacks"],
        placements=placements,
        sectors=tuple(s["id"] for s in sdoc["sectors"]),
        start=start,
        population_values=population_values,
        reinforcement_mix=(rdoc["mix"]["army"], rdoc["mix"]["garrison"]),
        population_families={
            Side(side): (pair["army"], pair["garrison"])
            for side, pair in rdoc["population_families"].items()
        },
        fixed=tuple(FixedReinforcement(f["turn"], f["family"], f["count"])
                    for f in rdoc["fixed"]),
        naval_use={row["roll"]: row["counters"] for row in documents["naval_use"]["table"]},
        conversion_from_turn=kdoc["from_turn"],
        garrisons_per_army=kdoc["garrisons_per_army"],
        conversion_limits={row["turn"]: row["max"] for row in kdoc["limits"]},
        conversion_unlimited_from=kdoc["unlimited_from_turn"],
        conversion_family={Side(s): f for s, f in kdoc["army_family"].items()},
        weather_zones=tuple(z["id"] for z in wdoc["zones"]),
        weather_boxes={t: tuple(bs) for t, bs in boxes.items()},
        periods={t["turn"]: t["period"] for t in tdoc["turns"]},
        extra_turns=tdoc["continuation"]["extra_turns"],
        season_turns=tdoc["continuation"]["season_turns"],
        fec_start=tdoc["fec"]["start"],
        fec_from_turn=tdoc["fec"]["from_turn"],
        fec_min=tdoc["fec"]["minimum"],
        fec_max=tdoc["fec"]["maximum"],
        fec_cost=tdoc["fec"]["cost"],
        fec_bonus=tdoc["fec"]["bonus"],
        victory_provinces=tdoc["victory"]["provinces"],
        last_turn=tdoc["victory"]["last_turn"],
        victory_margin=tdoc["victory"]["margin"],
        stack_columns=columns,
        stack_results=results,
        stack_limits=_stack_limits(board, stacking, regions),
    )


def _stack_limits(board: Board, stacking: Stacking, regions: Mapping[str, Region]
                  ) -> dict[Hex, int]:
    """Cities hold 2, 3 or 4 land counters by class (section 8); a region such as North Africa
    its own limit (sections 6 and 8)."""
    limits: dict[Hex, int] = {}
    for rid, region in regions.items():
        for h in board.territory_hexes.get(rid, ()):
            limits[h] = region.stacking
    for h, city in board.cities.items():
        limits[h] = max(limits.get(h, 0), stacking.by_city_size[city.size])
    return limits


def _stack_result(cell: str) -> tuple[int, int]:
    """("AP1 DP1" -> (1, 1)): losses of attacker and defender (section 8 table)."""
    attacker = defender = 0
    for part in cell.split():
        if part.startswith("AP"):
            attacker = int(part[2:])
        elif part.startswith("DP"):
            defender = int(part[2:])
    return attacker, defender


def unit_ids(family: Family) -> list[str]:
    """Stable ids of a family's counters: prefix and a zero-padded number ("R-A007")."""
    width = len(str(family.count))
    return [f"{family.prefix}{i:0{width}d}" for i in range(1, family.count + 1)]


def new_state(data: GuerraData, dice: Dice) -> GuerraState:
    """A game before the options are chosen: every counter in its pool (or out of the game if
    the scenario lost it before the start), control markers of the initial situation on the
    auxiliary table (section 9.1, or the scenario's owners), the F.E.C. tracks, the turn."""
    units: dict[str, Unit] = {}
    for family in data.families.values():
        for uid in unit_ids(family):
            units[uid] = Unit(uid, family.id, family.side, family.kind)
    state = GuerraState(
        data=data,
        dice=dice,
        decision=Decision(Side.NATIONALIST.value, "options", "Choose the options of the game",
                          table=True),
        units=units,
    )
    start = data.start
    state.turn = start.turn
    for family_id, count in start.eliminated.items():
        for uid in unit_ids(data.families[family_id])[-count:]:
            units[uid].where = Where.ELIMINATED
    for pid, p in data.provinces.items():
        owner = start.control.get(pid, p.initial)
        state.status[pid] = owner
        state.last_owner[pid] = owner
    for t in [*data.provinces, *data.regions]:
        state.land_count[t] = {Side.NATIONALIST: 0, Side.REPUBLICAN: 0}
    for side in Side:
        state.fec[side] = start.fec[side]
        state.fec_losses[side] = 0
        state.conversions_done[side] = 0
    return state
