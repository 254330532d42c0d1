"""The printed material as typed, immutable data: the board (section 2.1), the counters
(sections 2.2-2.4) and the tables of the board (sections 2.1, 7, 8, 10-13).

Everything here is built once by `setup.load_data` from the scenario documents and shared by
every state of a game: copying a state never copies it (`__deepcopy__` returns the object).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from engine.core.dice import Die
from engine.core.hexgrid import ODD, Hex, roffset_from_cube

T = TypeVar("T")


class Side(StrEnum):
    """The two sides of section 3."""

    NATIONALIST = "nationalist"
    REPUBLICAN = "republican"

    @property
    def enemy(self) -> Side:
        return Side.REPUBLICAN if self is Side.NATIONALIST else Side.NATIONALIST

    @property
    def label(self) -> str:
        return "Nationalists" if self is Side.NATIONALIST else "Republicans"


class Kind(StrEnum):
    """Counter types of section 2.3: land (army, garrison), naval, air."""

    ARMY = "army"
    GARRISON = "garrison"
    NAVAL = "naval"
    AIR = "air"

    @property
    def is_land(self) -> bool:
        return self is Kind.ARMY or self is Kind.GARRISON

    @property
    def arm(self) -> str:
        """Which counters fight each other (section 8): land, naval or air."""
        return "land" if self.is_land else self.value


class Terrain(StrEnum):
    """Hex terrain of the map (section 2.1)."""

    SEA = "sea"
    LAND = "land"
    MOUNTAIN = "mountain"
    PORTUGAL = "portugal"
    FRANCE = "france"
    FOREIGN = "foreign"


class Level(StrEnum):
    """Levels of play (section 4)."""

    BASIC = "basic"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"

    @property
    def uses_fec(self) -> bool:
        return self is not Level.BASIC

    @property
    def uses_weather(self) -> bool:
        return self is Level.ADVANCED


class _Shared:
    """Static data is shared between copies of a state (undo checkpoints, probes)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    def __copy__(self) -> Any:
        return self


@functools.lru_cache(maxsize=16384)
def hex_label(h: Hex) -> str:
    """The "col,row" label of a hex, as the map YAML writes it (kept for the hexes of a few
    boards: the log and the views name hexes all the time)."""
    c = roffset_from_cube(ODD, h)
    return f"{c.col},{c.row}"


@dataclass(frozen=True, slots=True)
class City:
    """A city hex (section 2.1); `size` is its land stacking limit (section 8)."""

    id: str
    name: str
    hex: Hex
    size: int
    province: str
    capital: bool
    port: bool


@dataclass(frozen=True, slots=True)
class Province:
    """A province of section 9.1 with the factors printed on its capital (sections 2.1, 9.1)."""

    id: str
    name: str
    capital: str
    initial: Side | None
    population: int
    economic: int
    morale: int
    port: int
    sector: str
    weather_zone: str


@dataclass(frozen=True, slots=True)
class Region:
    """Land outside the provinces: Spanish North Africa (GAP-GUE-28)."""

    id: str
    name: str
    side: Side
    stacking: int
    sector: str
    weather_zone: str
    families: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Board(_Shared):
    """The hex map: terrain, provinces, cities, roads and the Strait hex (section 2.1)."""

    width: int
    height: int
    terrain: Mapping[Hex, Terrain]
    territory: Mapping[Hex, str]
    cities: Mapping[Hex, City]
    city_by_id: Mapping[str, City]
    capitals: Mapping[str, Hex]
    road_edges: frozenset[tuple[Hex, Hex]]
    road_hexes: frozenset[Hex]
    strait: Hex | None
    territory_hexes: Mapping[str, tuple[Hex, ...]]
    province_neighbours: Mapping[str, frozenset[str]]
    cells: tuple[Hex, ...]
    index: Mapping[Hex, int]
    adjacent: tuple[tuple[int, ...], ...]
    terrain_at: tuple[Terrain, ...]
    territory_at: tuple[str | None, ...]
    road_steps: frozenset[int]
    """Searches run over cell numbers (`index`, the cells in hex order), whose hashing is far
    cheaper than a `Hex`'s: `adjacent[i]` lists the on-map neighbours of cell i, `road_steps`
    holds i * len(cells) + j for every road step from cell i to cell j."""

    def is_land(self, h: Hex) -> bool:
        t = self.terrain.get(h)
        return t is Terrain.LAND or t is Terrain.MOUNTAIN

    def is_sea(self, h: Hex) -> bool:
        return self.terrain.get(h) is Terrain.SEA


@dataclass(frozen=True, slots=True)
class Family:
    """A kind of counter of section 2.4 (Nationalist Army, C.T.V., Republican aircraft...)."""

    id: str
    side: Side
    kind: Kind
    name: str
    count: int
    prefix: str


@dataclass(frozen=True, slots=True)
class Movement:
    """The summary table of movement factors (section 7)."""

    army_movement: int
    army_displacement_own: int
    army_displacement_disputed: int
    army_displacement_early: int
    early_turns: int
    landing_displacement: int
    landing_movement: int
    garrison_movement: int
    garrison_displacement: int
    naval_movement: int
    air_movement: int
    air_readaptation: int
    air_support_range: int
    road_bonus: int
    road_from_turn: int
    mountain_cost: int


@dataclass(frozen=True, slots=True)
class Stacking:
    """Stacking limits of section 8 (and decisions for naval counters, GAP-GUE-27)."""

    by_city_size: Mapping[int, int]
    other_land_hex: int
    air: int
    naval: int


@dataclass(frozen=True, slots=True)
class Transport:
    """Naval transport limits of sections 7.1 and 7.2."""

    per_naval_counter: int
    per_player_at_once: int
    strait_per_turn: int


@dataclass(frozen=True, slots=True)
class WeatherBox:
    """One box of the weather table (section 13): trigger die, movement and combat cuts."""

    turn: int
    zone: str
    roll: int
    movement: int
    combat: int
    per_counter: bool


@dataclass(frozen=True, slots=True)
class FixedReinforcement:
    """One line of the fixed turn-reinforcement table (section 10)."""

    turn: int
    family: str
    count: int


@dataclass(frozen=True, slots=True)
class Placement:
    """One line of the initial placement (section 6)."""

    family: str
    city: str | None
    region: str | None
    count: int
    hex: Hex | None = None


@dataclass(frozen=True, slots=True)
class Start:
    """Where a scenario's game starts, beyond the placements: the turn, the province owners
    that differ from section 9.1, the F.E.C. held, the counters already lost (by family) and
    the side moving first when the scenario fixes it (else rolled, section 4)."""

    turn: int
    control: Mapping[str, Side | None]
    fec: Mapping[Side, int]
    eliminated: Mapping[str, int]
    first_side: Side | None


@dataclass(frozen=True, slots=True, eq=False)
class GuerraData(_Shared):
    """Everything printed: board, counters and tables, as loaded from the scenario."""

    board: Board
    provinces: Mapping[str, Province]
    regions: Mapping[str, Region]
    ports: frozenset[str]
    families: Mapping[str, Family]
    combat_factor: int
    die: Die
    movement: Movement
    stacking: Stacking
    transport: Transport
    terrain_defence_bonus: int
    air_support_bonus: int
    max_without_stacks: int
    placements: tuple[Placement, ...]
    sectors: tuple[str, ...]
    start: Start
    population_values: Mapping[int, Mapping[Side, int]]
    reinforcement_mix: tuple[int, int]
    population_families: Mapping[Side, tuple[str, str]]
    fixed: tuple[FixedReinforcement, ...]
    naval_use: Mapping[int, int]
    conversion_from_turn: int
    garrisons_per_army: int
    conversion_limits: Mapping[int, int]
    conversion_unlimited_from: int
    conversion_family: Mapping[Side, str]
    weather_zones: tuple[str, ...]
    weather_boxes: Mapping[int, tuple[WeatherBox, ...]]
    periods: Mapping[int, str]
    extra_turns: int
    season_turns: int
    fec_start: int
    fec_from_turn: int
    fec_min: int
    fec_max: int
    fec_cost: int
    fec_bonus: int
    victory_provinces: int
    last_turn: int
    victory_margin: int
    stack_columns: tuple[int, ...]
    stack_results: Mapping[tuple[int, int], tuple[int, int]]
    stack_limits: Mapping[Hex, int]
    """Land stacking limit of every hex that allows more than the ordinary one counter."""
    derived: dict[str, Any] = field(default_factory=dict, repr=False)
    """Lookups worked out from this data on first use (`memo`): they live as long as it."""

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """The lookup `key`, built by `build` the first time it is asked for."""
        try:
            value: T = self.derived[key]
        except KeyError:
            value = self.derived[key] = build()
        return value

    def stack_limit(self, h: Hex) -> int:
        """How many land counters of one side may stand on `h` (sections 6 and 8)."""
        return self.stack_limits.get(h, self.stacking.other_land_hex)

    def population_value(self, turn: int, side: Side) -> int:
        """Population factors per reinforcement counter (section 10); later turns reuse the
        last printed column."""
        last = max(self.population_values)
        return self.population_values[min(turn, last)][side]

    def weather_turn(self, turn: int) -> int:
        """The weather-table column for `turn`: after the last turn, the same season a year
        earlier (turns.yaml continuation)."""
        while turn > self.last_turn:
            turn -= self.season_turns
        return turn

    def zone_of(self, territory: str) -> str:
        p = self.provinces.get(territory)
        if p is not None:
            return p.weather_zone
        return self.regions[territory].weather_zone

    def sector_of(self, territory: str) -> str:
        p = self.provinces.get(territory)
        if p is not None:
            return p.sector
        return self.regions[territory].sector
