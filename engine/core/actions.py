"""Actions (a player's answer to a decision), events (what happened) and the illegal-action error.

Every action is a frozen dataclass whose fields are JSON values (str, int, bool, None, or tuples
of these), so an action log serialises to JSON and back without loss.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


class IllegalActionError(Exception):
    """A forbidden action: `reason` is shown to the player, `section` cites the rule."""

    def __init__(self, reason: str, section: str = "") -> None:
        super().__init__(f"{reason} ({section})" if section else reason)
        self.reason = reason
        self.section = section


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses add JSON-valued fields.

    `concession` marks an action that gives the game away (a surrender): random and exploring
    agents leave it alone unless nothing else is legal.
    """

    concession: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _to_json_value(getattr(self, f.name))
        return data

    def describe(self) -> str:
        """Short human text for a button; games override for nicer wording."""
        parts = [f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)]
        return f"{type(self).__name__}({', '.join(parts)})"


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json_value(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    raise TypeError(f"action field value {value!r} is not a JSON value")


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    return value


class ActionCodec:
    """Turns a game's actions into JSON objects and back, by class name."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        for t in types:
            if t.__name__ in self._types:
                raise ValueError(f"two action types are named {t.__name__}")
            self._types[t.__name__] = t

    def encode(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def decode(self, data: Mapping[str, Any]) -> Action:
        """Rebuild an action; raises ValueError with a readable reason when the data is not one."""
        if not isinstance(data, Mapping) or "type" not in data:
            raise ValueError(f"not an action object: {data!r}")
        name = data["type"]
        cls = self._types.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ValueError(f"unknown action type {name!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        given = {k for k in data if k != "type"}
        if given != names:
            raise ValueError(
                f"action {name} has fields {sorted(given)}, expected {sorted(names)}"
            )
        return cls(**{k: _from_json_value(data[k]) for k in names})


# --- events --------------------------------------------------------------------------------------

EVERYONE: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened while applying an action.

    `text` is the log line. `visible_to` is None when every player may see the event, otherwise
    the set of sides that may. `barrier` marks an event that reveals chance or hidden information
    (a die roll, a draw, a reveal): undo never steps back across it.
    """

    text: str
    visible_to: frozenset[str] | None = field(default=None, kw_only=True)
    barrier: ClassVar[bool] = False

    def visible(self, viewer: str | None) -> bool:
        """Whether `viewer` may see it (a side; None is a spectator who sees public events only)."""
        if self.visible_to is None:
            return True
        return viewer is not None and viewer in self.visible_to


@dataclass(frozen=True, slots=True)
class Message(Event):
    """A plain log line."""


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    phase: str = ""
    turn: int = 0


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """Ends a game turn; the UI autosaves on it."""

    turn: int = 0


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Dice rolled through `Dice`; the UI animates them and settles on `values`. `faces` lists
    the faces of a custom die (an averaging die's 2,3,3,4,4,5) so the tumble shows only those."""

    values: tuple[int, ...] = ()
    die: str = "d6"
    purpose: str = ""
    faces: tuple[int, ...] = ()
    barrier: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card or counter drawn from a deck or bag; `visible_to` says who may see what it was."""

    item: str = ""
    source: str = ""
    barrier: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Hidden information made public (face-down cards turned over)."""

    items: tuple[str, ...] = ()
    barrier: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class PieceMoved(Event):
    piece: str = ""
    src: str = ""
    dst: str = ""


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winner: str | None = None
