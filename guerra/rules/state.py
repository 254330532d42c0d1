"""The state of a game of La Guerra de España: counters, province control, tracks and the step of
the sequence of play (section 14) that waits for a decision.

The state is flat and mutable (ints, strings, `Hex` keys); `apply` changes it in place. The
printed data (`GuerraData`) is shared, never copied.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core.dice import Dice
from engine.core.game import Decision, Result
from engine.core.hexgrid import Hex
from guerra.rules.data import GuerraData, Kind, Level, Side, WeatherBox

SEATS: tuple[str, ...] = ("nationalist", "republican", "nationalist_2", "republican_2")
"""Every player seat: the first seat of a side commands the whole side in a game of two, or its
first sector (north) in a game of 3-4; the `_2` seat commands the second sector (section 3)."""


def seats_of(side: Side, players: int) -> tuple[str, ...]:
    """The seats of `side` when it has `players` players (1 or 2)."""
    return (side.value,) if players == 1 else (side.value, f"{side.value}_2")


def side_of_seat(seat: str) -> Side:
    return Side(seat.removesuffix("_2"))


class Phase(StrEnum):
    """Steps of the sequence of play (section 14) that wait for players."""

    OPTIONS = "options"
    AFRICA = "africa"
    POPULATION = "population_reinforcements"
    FIXED = "fixed_reinforcements"
    CONVERSION = "conversion"
    MOVEMENT = "movement"
    COMBAT = "combat"
    READAPTATION = "readaptation"
    OVER = "over"


class Where(StrEnum):
    """Where a counter is: not yet arrived, on the map, aboard a naval counter, eliminated."""

    POOL = "pool"
    MAP = "map"
    ABOARD = "aboard"
    ELIMINATED = "eliminated"


class CombatStage(StrEnum):
    SETUP = "setup"
    DEFENCE = "defence"
    LOSSES = "losses"


@dataclass(frozen=True, slots=True)
class Options:
    """Choices made before play: level (section 4), players per side (section 3), and whether a
    tie at the end of turn 16 ends the game (section 5d)."""

    level: Level
    nationalist_players: int
    republican_players: int
    tie_ends_game: bool

    def players(self, side: Side) -> int:
        return self.nationalist_players if side is Side.NATIONALIST else self.republican_players


@dataclass(slots=True)
class Unit:
    """One counter. `player` is the seat commanding it; flags are reset every turn."""

    id: str
    family: str
    side: Side
    kind: Kind
    player: str = ""
    hex: Hex | None = None
    where: Where = Where.POOL
    carrier: str | None = None
    cargo: list[str] = field(default_factory=list)
    moved: bool = False
    fought: bool = False
    must_fight: bool = False
    landed: bool = False
    shipped: bool = False
    naval_roll: int = 0
    air_attack: bool = False
    air_defence: bool = False
    readapted: bool = False

    def clone(self) -> Unit:
        """A copy sharing nothing mutable (every field but the cargo list is immutable);
        built field by field, several times faster than `dataclasses.replace`."""
        return Unit(self.id, self.family, self.side, self.kind, self.player, self.hex,
                    self.where, self.carrier, list(self.cargo), self.moved, self.fought,
                    self.must_fight, self.landed, self.shipped, self.naval_roll,
                    self.air_attack, self.air_defence, self.readapted)


@dataclass(frozen=True, slots=True)
class Reach:
    """How a selected counter may reach a hex: `fight` for a move with the movement factor that
    ends in an enemy control zone (section 7), `bridge` across the Strait (section 7.2)."""

    cost: int
    fight: bool
    road: bool
    bridge: bool


@dataclass(slots=True)
class Combat:
    """A combat being declared or resolved (sections 8 and 11)."""

    attacker_player: str
    defender_player: str
    attackers: list[str]
    defenders: list[str]
    stack: bool
    attack_support: list[tuple[str, str]] = field(default_factory=list)
    defence_support: list[tuple[str, str]] = field(default_factory=list)
    attacker_fec: bool = False
    defender_fec: bool = False
    stage: CombatStage = CombatStage.SETUP
    attacker_losses: int = 0
    defender_losses: int = 0


@dataclass(frozen=True, slots=True)
class PendingPlacement:
    """A reinforcement counter waiting to be placed (section 10): by population factors (`zone`
    lists the provinces that paid for it, the kind is chosen within the side's army/garrison
    mix) or from the fixed table (`family`)."""

    side: Side
    player: str
    zone: tuple[str, ...]
    family: str | None


@dataclass
class GuerraState:
    """A game in progress."""

    data: GuerraData
    dice: Dice
    decision: Decision
    units: dict[str, Unit]
    turn: int = 1
    phase: Phase = Phase.OPTIONS
    options: Options | None = None
    first_side: Side | None = None
    acting: Side | None = None
    queue: list[str] = field(default_factory=list)
    player: str = ""
    land_at: dict[Hex, list[str]] = field(default_factory=dict)
    naval_at: dict[Hex, list[str]] = field(default_factory=dict)
    air_at: dict[Hex, list[str]] = field(default_factory=dict)
    status: dict[str, Side | None] = field(default_factory=dict)
    last_owner: dict[str, Side | None] = field(default_factory=dict)
    land_count: dict[str, dict[Side, int]] = field(default_factory=dict)
    land_cells: list[int] = field(default_factory=list)
    """How many land counters stand on each board cell (`Board.cells` numbering); with
    `land_side`, derived from `land_at` and kept with it by guerra.rules.counters, for the
    movement searches (checked by the invariants)."""
    land_side: list[Side | None] = field(default_factory=list)
    """The side of the land counters on each cell, None where there are none."""
    land_moves: dict[Side, int] = field(default_factory=dict)
    """How many times each side's land counters have been put on or taken off the map (kept
    by guerra.rules.counters): what `zoc_cache` is dated by."""
    zoc_cache: dict[Side, tuple[int, frozenset[int]]] = field(default_factory=dict)
    """Each side's land control zone as cells, with the `land_moves` count it was worked out
    at (guerra.rules.movement.land_zoc): a side's zone stays put while the other side moves."""
    movable: tuple[tuple[int, str], tuple[str, ...]] | None = None
    """The counters the player moving now could select at the last look, with the turn and
    player they were listed for (guerra.rules `_movement_actions`): the next list is looked for
    among them only, since selecting, moving and staying never make a counter selectable;
    every other action forgets them (`GuerraRules._apply`)."""
    fec: dict[Side, int] = field(default_factory=dict)
    fec_losses: dict[Side, int] = field(default_factory=dict)
    weather: dict[str, WeatherBox] = field(default_factory=dict)
    naval_allowance: dict[Side, int] = field(default_factory=dict)
    naval_used: set[str] = field(default_factory=set)
    strait_crossings: int = 0
    conversions_done: dict[Side, int] = field(default_factory=dict)
    placements: list[PendingPlacement] = field(default_factory=list)
    mix_left: dict[Side, list[int]] = field(default_factory=dict)
    acted: bool = False
    selected: str | None = None
    reach: dict[Hex, Reach] = field(default_factory=dict)
    combat: Combat | None = None
    africa_left: list[str] = field(default_factory=list)
    outcome: Result | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> GuerraState:
        """A copy for undo checkpoints: the printed data is shared, hexes and frozen records
        are immutable, so only the containers are copied (far cheaper than a generic deep
        copy, which would rebuild every `Hex`)."""
        new = copy.copy(self)
        new.dice = copy.deepcopy(self.dice, memo)
        new.units = {k: u.clone() for k, u in self.units.items()}
        for name in ("land_at", "naval_at", "air_at"):
            setattr(new, name, {h: list(ids) for h, ids in getattr(self, name).items()})
        new.land_count = {t: dict(c) for t, c in self.land_count.items()}
        new.land_cells = list(self.land_cells)
        new.land_side = list(self.land_side)
        new.land_moves = dict(self.land_moves)
        new.zoc_cache = dict(self.zoc_cache)
        new.mix_left = {s: list(v) for s, v in self.mix_left.items()}
        for name in ("status", "last_owner", "fec", "fec_losses", "weather", "naval_allowance",
                     "conversions_done", "reach"):
            setattr(new, name, dict(getattr(self, name)))
        new.naval_used = set(self.naval_used)
        new.queue = list(self.queue)
        new.placements = list(self.placements)
        new.africa_left = list(self.africa_left)
        new.combat = copy.deepcopy(self.combat, memo)
        return new

    def seats(self, side: Side) -> tuple[str, ...]:
        players = self.options.players(side) if self.options is not None else 1
        return seats_of(side, players)

    def seat_for_sector(self, side: Side, sector: str) -> str:
        """The seat commanding `sector` of `side` (section 3; GAP-GUE-19)."""
        seats = self.seats(side)
        if len(seats) == 1:
            return seats[0]
        return seats[self.data.sectors.index(sector) % len(seats)]
