"""YAML kinds of La Guerra de España (`scenarios/guerra/`) and the checks across them.

Kinds: map (the hex map, format agreed with the map generator), provinces (section 9.1 and the
factors of section 2.1), counters (sections 2.2-2.5, 7, 8), setup (section 6), reinforcements
(section 10), naval_use (section 7), conversions (section 12), weather (section 13), turns
(sections 4, 5, 11) and city_stack_table (section 8).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from engine.core.hexgrid import ODD, OffsetCoord, hex_distance, roffset_to_cube
from engine.data.grid import parse_grid
from engine.data.positions import position_check
from engine.data.schema import Document, Id, Problem, Record, Ref, SchemaSet, ValidDoc
from guerra.checks import CHECKS

HexLabel = Annotated[str, Field(pattern=r"^[0-9]+,[0-9]+$")]
SideName = Literal["nationalist", "republican"]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
TurnNumber = Annotated[int, Field(ge=1, le=16)]

# --- map (written by tools/; format in the map brief) --------------------------------------------


class Layout(Record):
    orientation: Literal["pointy"]
    offset: Literal["odd-r"]
    km_per_hex: int | float


class MapCity(Record):
    id: Annotated[str, Id("city")]
    name: str
    hex: HexLabel
    size: Literal[2, 3, 4]
    province: Annotated[str, Ref("territory")]
    capital: bool
    port: bool


class Road(Record):
    id: Annotated[str, Id("road")]
    hexes: Annotated[list[HexLabel], Field(min_length=2)]


class Strait(Record):
    hex: HexLabel
    note: str | None = None


class MapDoc(Document):
    kind: Literal["map"]
    layout: Layout
    width: Positive
    height: Positive
    terrain: str
    terrain_legend: dict[
        str, Literal["sea", "land", "mountain", "portugal", "france", "foreign"]
    ]
    provinces: str
    province_legend: dict[str, Annotated[str, Ref("territory")]]
    cities: list[MapCity]
    roads: list[Road] = []
    strait: Strait | None = None


# --- provinces -----------------------------------------------------------------------------------


class ProvinceSpec(Record):
    id: Annotated[str, Id("territory")]
    name: str
    capital: Annotated[str, Ref("city")]
    initial: Literal["nationalist", "republican", "disputed"]
    population: Positive
    economic: Count = 0
    morale: Count = 0
    port: Count = 0
    sector: Annotated[str, Ref("sector")]
    weather_zone: Annotated[str, Ref("zone")]
    note: str | None = None


class RegionSpec(Record):
    id: Annotated[str, Id("territory")]
    name: str
    side: SideName
    stacking: Positive
    sector: Annotated[str, Ref("sector")]
    weather_zone: Annotated[str, Ref("zone")]
    families: list[Annotated[str, Ref("family")]] = []
    note: str | None = None


class ProvincesDoc(Document):
    kind: Literal["provinces"]
    provinces: list[ProvinceSpec]
    regions: list[RegionSpec] = []
    ports: list[Annotated[str, Ref("city")]]


# --- counters ------------------------------------------------------------------------------------


class DieSpec(Record):
    name: str
    faces: Annotated[list[Positive], Field(min_length=2)]
    note: str | None = None


class FamilySpec(Record):
    id: Annotated[str, Id("family")]
    side: SideName
    kind: Literal["army", "garrison", "naval", "air"]
    name: str
    count: Positive
    prefix: str
    background: str
    figures: str


class MarkerSpec(Record):
    id: Annotated[str, Id("marker")]
    name: str
    count: Positive
    note: str | None = None


class ArmyMovement(Record):
    movement: Positive
    displacement_own: Positive
    displacement_disputed: Positive
    displacement_early: Positive
    early_turns: Count
    landing_displacement: Positive
    landing_movement: Positive


class GarrisonMovement(Record):
    movement: Positive
    displacement: Positive


class NavalMovement(Record):
    movement: Positive


class AirMovement(Record):
    movement: Positive
    readaptation: Positive
    support_range: Positive


class MovementSpec(Record):
    army: ArmyMovement
    garrison: GarrisonMovement
    naval: NavalMovement
    air: AirMovement
    road_bonus: Count
    road_from_turn: Positive
    mountain_cost: Positive


class StackingSpec(Record):
    city: Positive
    provincial_capital: Positive
    madrid_barcelona: Positive
    other_land_hex: Positive
    air: Positive
    naval: Positive
    note: str | None = None


class TransportSpec(Record):
    per_naval_counter: Positive
    per_player_at_once: Positive
    strait_per_turn: Positive


class CombatSpec(Record):
    terrain_defence_bonus: Count
    air_support_bonus: Count
    max_without_stacks: Positive


class CountersDoc(Document):
    kind: Literal["counters"]
    combat_factor: Positive
    die: DieSpec
    families: list[FamilySpec]
    markers: list[MarkerSpec] = []
    movement: MovementSpec
    stacking: StackingSpec
    transport: TransportSpec
    combat: CombatSpec


# --- setup ---------------------------------------------------------------------------------------


class PlacementSpec(Record):
    """Counters of one family on the map at the start: in a named city (naval counters on the
    sea hex next to it), on one hex, or (the Army of Africa) placed by their player anywhere
    in a region (section 6)."""

    family: Annotated[str, Ref("family")]
    city: Annotated[str, Ref("city")] | None = None
    region: Annotated[str, Ref("territory")] | None = None
    hex: HexLabel | None = Field(None, description=(
        'A hex of the map as "col,row" (odd rows shifted right): land and air counters on a '
        "land hex, naval counters on a sea hex. A land counter in an enemy province puts it "
        "in dispute, as it would in play (section 9)."))
    count: Positive = 1

    @model_validator(mode="after")
    def _city_or_region(self) -> PlacementSpec:
        """Section 6 places each counter in a named city, or (the Army of Africa) in a region
        from which it crosses; a later start also on a given hex: one of the three."""
        if sum(x is not None for x in (self.city, self.region, self.hex)) != 1:
            raise ValueError("a placement names one of 'city', 'region' or 'hex' (section 6)")
        return self


class SectorSpec(Record):
    id: Annotated[str, Id("sector")]
    name: str


class FecStart(Record):
    """The F.E.C. each side holds at the start (section 11 track, -20 to +79)."""

    nationalist: int = 0
    republican: int = 0


SeatName = Literal["nationalist", "republican", "nationalist_2", "republican_2"]
TerritoryRef = Annotated[str, Ref("territory")]
CounterId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]+$")]
"""A counter's id: its family's prefix and number ("R-A007"); the rules check that it exists."""


class GameOptions(Record):
    level: Literal["basic", "intermediate", "advanced"]
    nationalist_players: Annotated[int, Field(ge=1, le=2)] = 1
    republican_players: Annotated[int, Field(ge=1, le=2)] = 1
    tie_ends_game: bool = True


class CounterSpot(Record):
    """Where a counter of a position stands: a hex, or aboard a naval counter."""

    hex: HexLabel | None = None
    aboard: CounterId | None = None
    seat: SeatName | None = None


class SetupDoc(Document):
    kind: Literal["setup"]
    turn: TurnNumber = Field(1, description=(
        "The turn the game starts in (the turn template's box). From turn 2 on, the game opens "
        "with that turn's reinforcements, conversions, F.E.C. and weather (section 14), after "
        "the initial placement of these counters; every rule tied to a turn number (early "
        "displacement, roads, conversions, the tables) reads it as it stands."))
    placements: list[PlacementSpec]
    sectors: Annotated[list[SectorSpec], Field(min_length=2, max_length=2)]
    control: dict[Annotated[str, Ref("territory")],
                  Literal["nationalist", "republican", "disputed"]] = Field({}, description=(
        "Who owns each province at the start, overriding the provinces document's `initial` "
        "(omitted provinces keep it). The owner also counts as its last owner for the "
        "negative F.E.C. of a loss (section 11); enemy land counters placed in it then put it "
        "in dispute (section 9)."))
    fec: FecStart | None = Field(None, description=(
        "Starting F.E.C. per side; omitted, the turns document's `fec.start` for both."))
    first_side: SideName | None = Field(None, description=(
        "The side that moves first in every turn; omitted, the die roll of section 4 decides."))
    eliminated: dict[Annotated[str, Ref("family")], Positive] = Field({}, description=(
        "Counters of each family already lost before the start: they never enter play, so the "
        "reinforcements by population and by table draw only on what remains (section 10)."))
    # A position in a game in progress (guerra/rules/position.py, docs/editor.md); every key is
    # optional and the game starts at the beginning of `phase` of `turn`.
    options: GameOptions | None = None
    phase: Literal["options", "africa", "population_reinforcements", "fixed_reinforcements",
                   "conversion", "movement", "combat", "readaptation"] | None = None
    acting: SideName | None = None
    counters: dict[CounterId, CounterSpot] | None = None
    last_owner: dict[TerritoryRef, SideName | None] | None = None
    fec_losses: dict[SideName, Count] | None = None
    weather: list[Annotated[str, Ref("zone")]] | None = None
    naval_allowance: dict[SideName, Count] | None = None
    africa: list[CounterId] | None = None


# --- tables --------------------------------------------------------------------------------------


class PopulationRow(Record):
    turn: Annotated[int, Field(ge=2, le=16)]
    nationalist: Positive
    republican: Positive
    note: str | None = None


class FixedRow(Record):
    turn: Annotated[int, Field(ge=2, le=16)]
    family: Annotated[str, Ref("family")]
    count: Positive
    note: str | None = None


class Mix(Record):
    army: Positive
    garrison: Positive


class FamilyPair(Record):
    army: Annotated[str, Ref("family")]
    garrison: Annotated[str, Ref("family")]


class ReinforcementsDoc(Document):
    kind: Literal["reinforcements"]
    mix: Mix
    population_families: dict[SideName, FamilyPair]
    population: list[PopulationRow]
    fixed: list[FixedRow]


class NavalUseRow(Record):
    roll: Positive
    counters: Count


class NavalUseDoc(Document):
    kind: Literal["naval_use"]
    table: list[NavalUseRow]


class ConversionLimit(Record):
    turn: TurnNumber
    max: Count


class ConversionsDoc(Document):
    kind: Literal["conversions"]
    from_turn: TurnNumber
    garrisons_per_army: Positive
    limits: list[ConversionLimit]
    unlimited_from_turn: TurnNumber
    army_family: dict[SideName, Annotated[str, Ref("family")]]


class ZoneSpec(Record):
    id: Annotated[str, Id("zone")]
    name: str


class WeatherBoxSpec(Record):
    turn: Annotated[int, Field(ge=2, le=16)]
    zone: Annotated[str, Ref("zone")]
    roll: Positive
    movement: Count
    combat: Count
    per: Literal["counter", "combat"]


class WeatherDoc(Document):
    kind: Literal["weather"]
    zones: list[ZoneSpec]
    boxes: list[WeatherBoxSpec]


class TurnSpec(Record):
    turn: TurnNumber
    period: str


class Continuation(Record):
    extra_turns: Count
    season_turns: Positive
    note: str | None = None


class FecSpec(Record):
    start: int
    from_turn: TurnNumber
    minimum: int
    maximum: int
    cost: Positive
    bonus: Positive


class VictorySpec(Record):
    provinces: Positive
    last_turn: Positive
    margin: Count
    note: str | None = None


class TurnsDoc(Document):
    kind: Literal["turns"]
    turns: list[TurnSpec]
    continuation: Continuation
    fec: FecSpec
    victory: VictorySpec


StackResult = Annotated[str, Field(pattern=r"^(-|AP[1-3]|DP[1-3]|AP[1-3] DP[1-3])$")]


class StackRow(Record):
    die: int
    results: list[StackResult]


class CityStackTableDoc(Document):
    kind: Literal["city_stack_table"]
    factor_differences: Annotated[list[int], Field(min_length=1)]
    rows: list[StackRow]


# --- checks across documents ---------------------------------------------------------------------


def _hex(label: str) -> tuple[int, int]:
    col, row = label.split(",")
    return int(col), int(row)


def check_map(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The map's grids, cities, roads and Strait agree with each other (section 2.1)."""
    item = docs.get("map")
    if item is None:
        return []
    m = item.model_as(MapDoc)
    doc = item.doc
    problems: list[Problem] = []
    terrain, found = parse_grid(doc, ("terrain",), m.terrain_legend)
    problems += found
    legend = {".": "none", **{k: v for k, v in m.province_legend.items()}}
    provinces, found = parse_grid(doc, ("provinces",), legend)
    problems += found
    if problems:
        return problems
    for name, rows in (("terrain", terrain), ("provinces", provinces)):
        if len(rows) != m.height or any(len(r) != m.width for r in rows):
            problems.append(doc.problem((name,), f"expected {m.height} rows of {m.width} cells"))
    if problems:
        return problems
    landish = {"land", "mountain"}
    for r in range(m.height):
        for c in range(m.width):
            is_land = m.terrain_legend[terrain[r][c]] in landish
            has_province = provinces[r][c] != "."
            if is_land != has_province:
                what = "has no province" if is_land else "is not land but has a province"
                problems.append(doc.problem(("provinces",), f"hex {c},{r} {what}"))
    by_char = {v: k for k, v in m.province_legend.items()}
    for i, city in enumerate(m.cities):
        c, r = _hex(city.hex)
        if not (0 <= c < m.width and 0 <= r < m.height):
            problems.append(doc.problem(("cities", i, "hex"), "off the map"))
            continue
        if m.terrain_legend[terrain[r][c]] != "land":
            problems.append(doc.problem(("cities", i, "hex"), "a city stands on a land hex, "
                                        "never on a mountain (section 8)"))
        if provinces[r][c] != by_char.get(city.province):
            problems.append(doc.problem(("cities", i, "province"),
                                        f"hex {city.hex} is not in {city.province}"))
    for i, road in enumerate(m.roads):
        cells = [roffset_to_cube(ODD, OffsetCoord(*_hex(h))) for h in road.hexes]
        for j in range(1, len(cells)):
            if hex_distance(cells[j - 1], cells[j]) != 1:
                problems.append(doc.problem(("roads", i, "hexes", j), "not next to the hex before"))
    if m.strait is not None:
        c, r = _hex(m.strait.hex)
        if not (0 <= c < m.width and 0 <= r < m.height) or m.terrain_legend[terrain[r][c]] != "sea":
            problems.append(doc.problem(("strait", "hex"), "the Strait hex must be a sea hex"))
    return problems


def check_capitals(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Every province of section 9.1 is on the map with its capital city."""
    if "map" not in docs or "provinces" not in docs:
        return []
    m = docs["map"].model_as(MapDoc)
    item = docs["provinces"]
    cities = {c.id: c for c in m.cities}
    on_map = set(m.province_legend.values())
    problems: list[Problem] = []
    for i, p in enumerate(item.model_as(ProvincesDoc).provinces):
        if p.id not in on_map:
            problems.append(item.doc.problem(("provinces", i, "id"), "no hex of the map is in it"))
        city = cities[p.capital]
        if not city.capital or city.province != p.id:
            problems.append(item.doc.problem(("provinces", i, "capital"),
                                             f"{p.capital} is not the map's capital of {p.id}"))
    return problems


def check_setup(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The initial placement and the counters eliminated use no more counters of a family than
    the counter mix holds (section 6), and a warship starts next to a port city (section 7)."""
    if "setup" not in docs or "counters" not in docs:
        return []
    item = docs["setup"]
    setup = item.model_as(SetupDoc)
    counters = docs["counters"].model_as(CountersDoc)
    families = {f.id: f for f in counters.families}
    ports = {c.id for c in docs["map"].model_as(MapDoc).cities if c.port} if "map" in docs \
        else None
    used: dict[str, int] = dict(setup.eliminated)
    problems: list[Problem] = []
    for family_id, count in setup.eliminated.items():
        family = families.get(family_id)
        if family is not None and count > family.count:
            problems.append(item.doc.problem(("eliminated", family_id),
                                             f"more {family.id} counters than the {family.count} "
                                             "of the counter mix"))
    for i, placement in enumerate(setup.placements):
        used[placement.family] = used.get(placement.family, 0) + placement.count
        family = families.get(placement.family)
        if family is None:
            continue
        if used[placement.family] > family.count:
            problems.append(item.doc.problem(("placements", i, "count"),
                                             f"more {family.id} counters than the {family.count} "
                                             "of the counter mix"))
        if family.kind == "naval" and ports is not None and placement.city is not None \
                and placement.city not in ports:
            problems.append(item.doc.problem(("placements", i, "city"),
                                             "a warship starts next to a port city"))
    return problems


def check_start(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """A later start: placements on a hex stand where their kind may (land and air counters on
    land, Republican counters outside North Africa, naval counters at sea) within the stacking
    limits of section 8; `control` names provinces; the starting turn is one the game plays."""
    needed = ("setup", "map", "provinces", "counters", "turns")
    if any(kind not in docs for kind in needed):
        return []
    item = docs["setup"]
    setup = item.model_as(SetupDoc)
    m = docs["map"].model_as(MapDoc)
    provinces = docs["provinces"].model_as(ProvincesDoc)
    counters = docs["counters"].model_as(CountersDoc)
    problem = item.doc.problem
    problems: list[Problem] = []
    province_ids = {p.id for p in provinces.provinces}
    for pid in setup.control:
        if pid not in province_ids:
            problems.append(problem(("control", pid), f"{pid} is not a province of section "
                                                      "9.1 (regions have no owner to set)"))
    turns = docs["turns"].model_as(TurnsDoc)
    if setup.fec is not None:
        for side in ("nationalist", "republican"):
            value = getattr(setup.fec, side)
            if not turns.fec.minimum <= value <= turns.fec.maximum:
                problems.append(problem(("fec", side), f"{value} is off the F.E.C. track "
                                                       f"({turns.fec.minimum} to "
                                                       f"{turns.fec.maximum}, section 11)"))
    last = turns.victory.last_turn
    if setup.turn > last:
        problems.append(problem(("turn",), f"the game would start in turn {setup.turn}, after "
                                           f"its last turn {last} (section 5)"))
    map_doc = docs["map"].doc
    terrain, bad = parse_grid(map_doc, ("terrain",), m.terrain_legend)
    provinces_grid, bad_too = parse_grid(map_doc, ("provinces",),
                                         {".": "none", **m.province_legend})
    if bad or bad_too or len(terrain) != m.height or len(provinces_grid) != m.height:
        return problems  # check_map reports the broken grids
    regions = {r.id: r for r in provinces.regions}
    territory_of = m.province_legend
    families = {f.id: f for f in counters.families}
    sizes = {c.hex: c.size for c in m.cities}
    limits = {2: counters.stacking.city, 3: counters.stacking.provincial_capital,
              4: counters.stacking.madrid_barcelona}
    city_hex = {c.id: c.hex for c in m.cities}
    load: dict[tuple[str, str], int] = {}
    for placement in setup.placements:
        family = families.get(placement.family)
        if placement.city is not None and family is not None and family.kind != "naval":
            layer = "air" if family.kind == "air" else "land"
            key = (city_hex.get(placement.city, ""), layer)
            load[key] = load.get(key, 0) + placement.count
    for i, placement in enumerate(setup.placements):
        family = families.get(placement.family)
        if placement.hex is None or family is None:
            continue
        path = ("placements", i, "hex")
        c, r = _hex(placement.hex)
        if not (0 <= c < m.width and 0 <= r < m.height):
            problems.append(problem(path, "off the map"))
            continue
        ground = m.terrain_legend[terrain[r][c]]
        territory = territory_of.get(provinces_grid[r][c])
        if family.kind == "naval":
            if ground != "sea":
                problems.append(problem(path, "a naval counter starts on a sea hex"))
            limit = counters.stacking.naval
        elif territory is None:
            problems.append(problem(path, f"hex {placement.hex} is not in a province or region "
                                          "of the map"))
            continue
        elif territory in regions and family.id not in regions[territory].families \
                and family.side != regions[territory].side:
            problems.append(problem(path, f"no {family.side} counter may stand in "
                                          f"{regions[territory].name}"))
            continue
        elif family.kind == "air":
            limit = counters.stacking.air
        elif placement.hex in sizes:
            limit = limits[sizes[placement.hex]]
        elif territory in regions:
            limit = regions[territory].stacking
        else:
            limit = counters.stacking.other_land_hex
        layer = "naval" if family.kind == "naval" else "air" if family.kind == "air" else "land"
        load[(placement.hex, layer)] = load.get((placement.hex, layer), 0) + placement.count
        if load[(placement.hex, layer)] > limit:
            problems.append(problem(path, f"more than {limit} {layer} counters on hex "
                                          f"{placement.hex} (section 8)"))
    return problems


def check_tables(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The tables cover every turn and every die face (sections 7, 8, 10, 13)."""
    problems: list[Problem] = []
    faces = set(docs["counters"].model_as(CountersDoc).die.faces) if "counters" in docs else set()
    if "reinforcements" in docs:
        item = docs["reinforcements"]
        turns = {row.turn for row in item.model_as(ReinforcementsDoc).population}
        missing = sorted(set(range(2, 17)) - turns)
        if missing:
            problems.append(item.doc.problem(("population",), f"no value for turns {missing}"))
    if "naval_use" in docs and faces:
        item = docs["naval_use"]
        rolls = {row.roll for row in item.model_as(NavalUseDoc).table}
        if not faces <= rolls:
            missing = sorted(faces - rolls)
            problems.append(item.doc.problem(("table",), f"no line for rolls {missing}"))
    if "city_stack_table" in docs:
        item = docs["city_stack_table"]
        table = item.model_as(CityStackTableDoc)
        for i, row in enumerate(table.rows):
            if len(row.results) != len(table.factor_differences):
                problems.append(item.doc.problem(("rows", i, "results"),
                                                 "one result per factor difference"))
        if faces:
            span = max(faces) - min(faces)
            needed = set(range(-span, span + 1))
            have = {row.die for row in table.rows}
            if not needed <= have:
                problems.append(item.doc.problem(("rows",), f"no row for {sorted(needed - have)}"))
    return problems


def _rules() -> Any:
    """The game's rules, which lay out the setup as a position (imported when a scenario is
    checked; the rules keep what they load for the game that follows)."""
    from guerra import PLUGIN

    return PLUGIN.rules


SCHEMAS = SchemaSet(
    game="guerra",
    kinds={
        "map": MapDoc,
        "provinces": ProvincesDoc,
        "counters": CountersDoc,
        "setup": SetupDoc,
        "reinforcements": ReinforcementsDoc,
        "naval_use": NavalUseDoc,
        "conversions": ConversionsDoc,
        "weather": WeatherDoc,
        "turns": TurnsDoc,
        "city_stack_table": CityStackTableDoc,
    },
    checks=[check_map, check_capitals, check_setup, check_start, check_tables,
            position_check("setup", lambda: _rules())],
    required_kinds=[
        "map", "provinces", "counters", "setup", "reinforcements", "naval_use", "conversions",
        "weather", "turns", "city_stack_table",
    ],
)

SCHEMAS = dataclasses.replace(SCHEMAS, checks=(*SCHEMAS.checks, *CHECKS))
"""Then the checks a designer trips over (guerra/checks.py)."""
