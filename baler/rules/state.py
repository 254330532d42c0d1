"""The state of a game of Heroes of Baler: static data (the printed board, counters, cards and
tables, shared by every copy of a state) and the changing state (where every counter is, the
tracks, the cards, and the stack of procedures waiting for a decision).

Every counter has one location, a space id (`loc`); `at` is the reverse index. Boxes (bags,
eliminated units, the artillery reserve, the territorial control map spaces, an area's centre
during an incursion) hold any number of counters; every other space holds one (two friars
share space 6 of the Spanish leader row; up to three Philippine units share a territorial
control map space), rulebook "The map".
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from engine.core.actions import Action, Event, IllegalActionError
from engine.core.dice import Dice
from engine.core.game import Decision, Result


class Side(StrEnum):
    SPANISH = "spanish"
    PHILIPPINE = "philippine"

    @property
    def enemy(self) -> Side:
        return Side.PHILIPPINE if self is Side.SPANISH else Side.SPANISH

    @property
    def label(self) -> str:
        return "Spanish" if self is Side.SPANISH else "Philippine"


SIDES: tuple[Side, Side] = (Side.SPANISH, Side.PHILIPPINE)


class Phase(StrEnum):
    """The seven phases of a turn (rulebook "Game sequence")."""

    INITIATIVE = "initiative"
    EVENTS = "events"
    ATTRITION = "attrition"
    FIRST_SHOOTINGS = "first-shootings"
    ACTION = "action"
    SECOND_SHOOTINGS = "second-shootings"
    UPKEEP = "upkeep"
    OVER = "over"


class Kind(StrEnum):
    SOLDIER = "soldier"
    LEADER = "leader"
    ARTILLERY = "artillery"


WALLS = ("intact", "damaged", "wrecked", "destroyed")
VP_CAUSES = (
    "units eliminated",
    "deserters",
    "deaths in the infirmary",
    "walls destroyed",
    "trench sections",
    "territorial control map",
    "church walls in turn 6",
    "areas destroyed",
)
"""The lines of the final score breakdown, in the order the rulebook's Objective lists them."""
DESTROYED = 3
ES_BAG, PH_BAG = "es-bag", "ph-bag"
ES_ELIMINATED, PH_ELIMINATED = "es-eliminated", "ph-eliminated"
RESERVE = "ph-artillery-reserve"
BAGS = {Side.SPANISH: ES_BAG, Side.PHILIPPINE: PH_BAG}
ELIMINATED_BY = {Side.SPANISH: ES_ELIMINATED, Side.PHILIPPINE: PH_ELIMINATED}
"""The eliminated-units space where each side keeps the enemy units it eliminated."""


def centre(area: str) -> str:
    """The centre of an area, where incursion attackers stand (rulebook "Incursion")."""
    return f"centre-a{area}"


# --- static data ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitInfo:
    id: str
    side: Side
    kind: Kind
    name: str
    combat: int
    manpower: int = 0
    rank: int = 0
    leader_type: str = ""
    home: str = ""
    early_morale_boost: int = 1
    early_until_turn: int = 0


@dataclass(frozen=True, slots=True)
class Post:
    """A guard post: its side, printed label and every area it belongs to (sorted: anything
    summed over them, like the computer's worth of a post, then adds up in the same order in
    every process, whatever the interpreter's string hashing)."""

    id: str
    side: Side
    label: str
    name: str
    areas: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Effect:
    """One event effect: a verb of the vocabulary and its arguments (baler/rules/effects.py)."""

    verb: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    title: str
    owner: str  # "spanish", "philippine" or "shared"
    fow: bool
    ap: int
    initiative: int
    icons: tuple[str, ...]
    main: tuple[Effect, ...]
    secondary: tuple[Effect, ...]
    requires: tuple[tuple[str, Any], ...]
    flavour: str

    def playable_by(self, side: Side) -> bool:
        """Own faction, own Fog of War and shared cards (rulebook "Cards")."""
        return self.owner in ("shared", side.value)


@dataclass(frozen=True, slots=True)
class Options:
    us_arrival: str = "attrition-turn-4"
    artillery_in_incursion_firepower: bool = False
    walls_destroyed_vp_any_cause: bool = True
    leaders_on_tcm: bool = True


@dataclass(frozen=True, slots=True)
class GameData:
    """Everything printed: never changes during a game, so copies of a state share it."""

    areas: tuple[str, ...]
    posts: dict[str, Post]
    posts_by_area: dict[tuple[Side, str], tuple[str, ...]]
    artillery_posts: dict[str, str]  # area -> artillery post
    trench_spaces: dict[str, tuple[str, tuple[str, ...]]]  # space -> (area, posts beside it)
    trenches_by_area: dict[str, tuple[str, ...]]
    detachment: dict[str, tuple[str, int]]  # Spanish space -> (row, column)
    detachment_grid: dict[tuple[str, int], str]
    ph_leader_spaces: tuple[str, ...]
    barracks: tuple[str, ...]
    beds: tuple[str, ...]
    command_posts: dict[str, tuple[Side, str]]  # space -> (side, role)
    tcm: tuple[str, ...]  # tcm space ids, index 0 = space 1 (Baler)
    tcm_names: tuple[str, ...]
    tcm_modifiers: tuple[int | None, ...]
    no_troops_modifier: int
    names: dict[str, str]  # space id -> printed name
    units: dict[str, UnitInfo]
    cards: dict[str, CardInfo]
    tables: dict[str, Any]
    options: Options

    def __deepcopy__(self, memo: dict[int, Any]) -> GameData:
        return self

    def unit(self, unit: str) -> UnitInfo:
        return self.units[unit]

    def area_posts(self, side: Side, area: str) -> tuple[str, ...]:
        return self.posts_by_area[(side, area)]

    def side_posts(self, side: Side) -> tuple[str, ...]:
        return tuple(p for p, post in self.posts.items() if post.side is side)

    def command_post(self, side: Side, role: str) -> str:
        for space, (s, r) in self.command_posts.items():
            if s is side and r == role:
                return space
        raise KeyError(f"no {side} {role} command post")

    def table(self, *keys: str) -> Any:
        value: Any = self.tables
        for key in keys:
            value = value[key]
        return value


# --- the changing state --------------------------------------------------------------------


@dataclass(slots=True)
class BalerState:
    data: GameData
    dice: Dice
    turn: int = 1
    phase: Phase = Phase.INITIATIVE
    initiative: Side | None = None
    previous_initiative: Side | None = None
    loc: dict[str, str] = field(default_factory=dict)
    at: dict[str, list[str]] = field(default_factory=dict)
    exhausted: set[str] = field(default_factory=set)
    disabled: dict[str, int] = field(default_factory=dict)  # leader -> turn it was disabled
    supply: dict[Side, int] = field(default_factory=dict)
    morale: dict[Side, int] = field(default_factory=dict)
    vp: dict[Side, int] = field(default_factory=dict)
    vp_causes: dict[Side, dict[str, int]] = field(default_factory=dict)  # side -> cause -> VP
    walls: dict[str, int] = field(default_factory=dict)  # area -> index in WALLS
    firepower: dict[str, int] = field(default_factory=dict)  # area -> level 0-3
    firepower_side: dict[str, Side | None] = field(default_factory=dict)
    surveillance: dict[Side, set[str]] = field(default_factory=dict)  # areas with a marker
    trenches: dict[str, str] = field(default_factory=dict)  # space -> operational|sabotaged
    shooting_markers: dict[str, Side] = field(default_factory=dict)
    beds_open: int = 3
    power: str = "spain"  # foreign power on the territorial control map: spain, us or none
    power_space: int = 2
    us_strength: int = 4
    persistence: bool = False
    hands: dict[Side, list[str]] = field(default_factory=dict)
    decks: dict[Side, list[str]] = field(default_factory=dict)
    discards: dict[Side, list[str]] = field(default_factory=dict)
    fow_decks: dict[Side, list[str]] = field(default_factory=dict)  # by owner of the cards
    shared_deck: list[str] = field(default_factory=list)
    shared_faceup: dict[str, str | None] = field(default_factory=dict)  # "A"/"B" -> card
    removed: list[str] = field(default_factory=list)
    table: dict[Side, list[str]] = field(default_factory=dict)  # cards played, not yet put away
    face_down: dict[Side, str | None] = field(default_factory=dict)
    fow_drawn: dict[Side, str | None] = field(default_factory=dict)
    attacked: dict[Side, set[str]] = field(default_factory=dict)  # areas attacked this phase
    stack: list[Task] = field(default_factory=list)
    pending: Decision = field(default_factory=lambda: Decision(None, "setup", "Setting up"))
    outcome: Result | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> BalerState:
        """A copy for undo checkpoints and search: the printed data is shared, the tracks and
        piles are plain containers copied by type (much faster than a generic deep copy, which
        also walked the dice's 625-word generator state value by value)."""
        new = object.__new__(BalerState)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "data":
                copied: Any = value
            elif f.name == "dice":
                copied = copy.deepcopy(value)
            elif f.name == "stack":
                copied = copy.deepcopy(value, memo)
            else:
                copied = _copy_plain(value)
            object.__setattr__(new, f.name, copied)
        return new

    @property
    def decision(self) -> Decision:
        if self.outcome is not None:
            return Decision(None, "over", "The game is over")
        return self.pending

    # --- counters --------------------------------------------------------------------------

    def units_at(self, space: str) -> list[str]:
        return self.at.get(space, [])

    def occupant(self, space: str) -> str | None:
        here = self.at.get(space)
        return here[0] if here else None

    def place(self, unit: str, dest: str) -> str:
        """Move a counter to `dest` (appended last: bags draw in list order); returns its source."""
        src = self.loc[unit]
        self.at[src].remove(unit)
        self.loc[unit] = dest
        self.at.setdefault(dest, []).append(unit)
        return src

    def side_units_in_area(self, side: Side, area: str) -> list[str]:
        """Units of `side` on guard posts belonging to `area` (shared posts included)."""
        found: list[str] = []
        for post in self.data.area_posts(side, area):
            found.extend(self.at.get(post, ()))
        return found

    def name(self, unit_or_space: str) -> str:
        info = self.data.units.get(unit_or_space)
        if info is not None:
            return info.name
        return self.data.names.get(unit_or_space, unit_or_space)

    # --- tracks ----------------------------------------------------------------------------

    def track_max(self) -> int:
        return int(self.data.tables["track_max"])

    def change_supply(self, side: Side, delta: int) -> int:
        """Change supply within 0-6 (gains over 6 are lost, GAP-BAL-44: losses stop at 0)."""
        return self._change_track(self.supply, side, delta)

    def change_morale(self, side: Side, delta: int) -> int:
        """Change morale within 0-6, as supply."""
        return self._change_track(self.morale, side, delta)

    def _change_track(self, track: dict[Side, int], side: Side, delta: int) -> int:
        """Move a 0-6 track, returning the change actually made."""
        before = track[side]
        track[side] = max(0, min(self.track_max(), before + delta))
        return track[side] - before

    def score(self, side: Side, points: int, cause: str = "other") -> None:
        """Add victory points, remembering their cause for the final score breakdown."""
        self.vp[side] += points
        causes = self.vp_causes.setdefault(side, {})
        causes[cause] = causes.get(cause, 0) + points

    def first(self) -> Side:
        assert self.initiative is not None
        return self.initiative

    def turn_order(self) -> tuple[Side, Side]:
        first = self.first()
        return (first, first.enemy)


def _copy_plain(value: Any) -> Any:
    """Copy nested dicts, lists and sets of immutable values (ids, numbers, enums, frozen
    records)."""
    if isinstance(value, dict):
        return {k: _copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_plain(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value


@dataclass(slots=True)
class Task(ABC):
    """A procedure in progress. Subclasses are dataclasses of JSON values."""

    section: ClassVar[str] = ""

    @abstractmethod
    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        """Advance automatic steps; return the pending decision, or None after changing the
        stack (popping this task or pushing another)."""

    def legal(self, st: BalerState) -> list[Action]:
        """Every legal answer while this task waits for a decision."""
        return []

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        """Apply a legal answer (already checked against `legal`)."""
        raise IllegalActionError("Nothing to decide now.", self.section)

    def single_roll(self) -> tuple[str, int] | None:
        """(title, value) of the one die this task leaves on the table while a player may
        change it (the Persistence marker); None for tasks without such a die."""
        return None

    def key(self) -> tuple[Any, ...]:
        """The task as plain data, for state hashes."""
        return (type(self).__name__, *(_plain(getattr(self, f.name)) for f in fields(self)))


def _plain(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return [_plain(getattr(value, f.name)) for f in fields(value)]
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return sorted(([str(k), _plain(v)] for k, v in value.items()), key=repr)
    if isinstance(value, set | frozenset):
        return sorted(str(v) for v in value)
    return value
