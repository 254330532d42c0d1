"""The public door for positions (DESIGN.md §8): a situation given as plain data.

A position is a game's setup document (its `kind: setup` YAML, without `game:` and `kind:`)
extended with what a setup at the start of a game never needs: the turn and phase, counters in
boxes and bags, markers, the cards of every pile. `Rules.from_position(scenario, position)`
builds a state from it; `Rules.to_position(state)` gives the position of any state. Keys a
position leaves out are taken from the scenario's own setup, so a test may give only what it
changes.

Everything here is plain data and reasons: `PositionError` names what is refused, the rule that
refuses it and where in the position (a path of keys and indexes, which the YAML layer turns
into file:line:col); `Reader` reads typed values out of untrusted plain data so that a wrong
type or an unknown id becomes a `PositionError`, never a traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, TypeVar

PathKey = str | int
PositionPath = tuple[PathKey, ...]
T = TypeVar("T")


class PositionError(ValueError):
    """A position the rules refuse: `reason` (shown as is), the rule `section`, and `path`, the
    keys leading to the offending entry of the position (empty: the position as a whole)."""

    def __init__(self, reason: str, section: str = "", path: PositionPath = ()) -> None:
        self.reason = reason
        self.section = section
        self.path = tuple(path)
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The reason with its section, as a screen or a validation report shows it."""
        return f"{self.reason} ({self.section})" if self.section else self.reason

    def where(self) -> str:
        """The path as text ("placements.es-34-a1"), "" for the whole position."""
        return ".".join(str(k) for k in self.path)


def overlay(setup: Mapping[str, Any], position: Mapping[str, Any]) -> dict[str, Any]:
    """The effective setup: every key the position gives replaces the scenario's, None too
    (a position saying "no initiative yet" or "no troops there" means it)."""
    if not isinstance(position, Mapping):
        raise PositionError(f"a position is a mapping of setup keys, not {_kind(position)}")
    merged = dict(setup)
    for key, value in position.items():
        if not isinstance(key, str):
            raise PositionError(f"a position's keys are names, not {_kind(key)}", path=(key,))
        if key in ("game", "kind", "note"):
            continue
        merged[key] = value
    return merged


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a yes/no value"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, Sequence):
        return "a list"
    return f"a {type(value).__name__}"


class Reader:
    """Typed reads from untrusted plain data, each failure a `PositionError` at its path."""

    def __init__(self, data: Any, path: PositionPath = ()) -> None:
        self.data = data
        self.path = path

    def at(self, key: PathKey) -> Reader:
        """The value under `key` (a Reader over None when the key is absent)."""
        if isinstance(self.data, Mapping):
            return Reader(self.data.get(key), (*self.path, key))
        if isinstance(self.data, Sequence) and isinstance(key, int) \
                and 0 <= key < len(self.data):
            return Reader(self.data[key], (*self.path, key))
        return Reader(None, (*self.path, key))

    @property
    def given(self) -> bool:
        return self.data is not None

    def fail(self, reason: str, section: str = "") -> PositionError:
        return PositionError(reason, section, self.path)

    def mapping(self, what: str) -> dict[Any, Any]:
        """A mapping ({} when absent)."""
        if self.data is None:
            return {}
        if not isinstance(self.data, Mapping):
            raise self.fail(f"{what} must be a mapping, not {_kind(self.data)}")
        return dict(self.data)

    def only(self, keys: Collection[str], what: str) -> None:
        """Refuse a key of the mapping that is not one of `keys` (a misspelt key would
        otherwise be ignored)."""
        for key in self.mapping(what):
            if key not in keys:
                close = difflib.get_close_matches(str(key), list(keys), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise self.at(key).fail(f"unknown key {key!r} in {what}{hint}")

    def items(self, what: str) -> Iterator[tuple[Any, Reader]]:
        """The entries of a mapping, each value as a Reader."""
        for key in self.mapping(what):
            yield key, self.at(key)

    def entries(self, what: str) -> Iterator[Reader]:
        """The items of a list, each as a Reader ([] when absent)."""
        for i in range(len(self.sequence(what))):
            yield self.at(i)

    def sequence(self, what: str) -> list[Any]:
        if self.data is None:
            return []
        if isinstance(self.data, str | bytes) or not isinstance(self.data, Sequence | set):
            raise self.fail(f"{what} must be a list, not {_kind(self.data)}")
        return list(self.data)

    def integer(self, what: str, low: int | None = None, high: int | None = None,
                default: int | None = None, section: str = "") -> int:
        value = self.data
        if value is None and default is not None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{what} must be a whole number, not {_kind(value)}", section)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low} to {high}" if low is not None and high is not None else \
                f"at least {low}" if low is not None else f"at most {high}"
            raise self.fail(f"{what} must be {span}, not {value}", section)
        return int(value)

    def flag(self, what: str, default: bool | None = None) -> bool:
        value = self.data
        if value is None and default is not None:
            return default
        if not isinstance(value, bool):
            raise self.fail(f"{what} must be true or false, not {_kind(value)}")
        return value

    def text(self, what: str, default: str | None = None) -> str:
        value = self.data
        if value is None and default is not None:
            return default
        if not isinstance(value, str):
            raise self.fail(f"{what} must be a text, not {_kind(value)}")
        return value

    def choice(self, what: str, choices: Collection[str], default: str | None = None,
               section: str = "") -> str:
        """One of `choices` (listed in the refusal)."""
        value = self.text(what, default)
        if value not in choices:
            if len(choices) <= 12:
                hint = f" (expected one of: {', '.join(sorted(choices))})"
            else:
                close = difflib.get_close_matches(value, list(choices), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
            raise self.fail(f"{what} {value!r} is unknown{hint}", section)
        return value

    def ids(self, what: str, known: Collection[str], section: str = "") -> list[str]:
        """A list of ids, each one of `known`, none twice."""
        found: list[str] = []
        for item in self.entries(what):
            value = item.choice(what.rstrip("s") if what.endswith("s") else what, known,
                                section=section)
            if value in found:
                raise item.fail(f"{value} is listed twice in {what}", section)
            found.append(value)
        return found
