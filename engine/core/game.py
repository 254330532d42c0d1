"""The contract between the engine and a game: rules, state, decisions, results, plugins.

A game is a state machine (DESIGN.md §2). `Rules.apply` is the only thing that changes a state;
it either raises `IllegalActionError` before touching anything or applies the action fully and
returns the events. Automatic steps run inside `apply` until the next real decision.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from engine.core.actions import Action, Event
from engine.core.dice import Dice
from engine.core.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now.

    `player` is the side that answers (None once the game is over). `private` is True when
    answering shows that side's hidden information (a hand, a face-down choice), so a hot-seat
    UI must hand the screen over before drawing it. `table` marks a choice the people at the
    table make together before play (level of play, number of players): a screen lets a human
    answer it even when `player` is a computer seat.
    """

    player: str | None
    kind: str
    prompt: str
    section: str = ""
    private: bool = False
    table: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: `winner` is a side, or None for a draw."""

    winner: str | None
    reason: str
    scores: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Scenario:
    """Validated scenario data handed to `Rules.new_game`.

    `documents` maps each document kind to its validated content (plain Python values);
    `path` and `sha256` identify the scenario file a save refers to.
    """

    game: str
    name: str
    title: str
    path: str
    sha256: str
    documents: Mapping[str, Any]


class GameState(Protocol):
    """What the engine reads from every game's state."""

    dice: Dice

    @property
    def decision(self) -> Decision: ...

    @property
    def turn(self) -> int: ...


S = TypeVar("S", bound=GameState)


@runtime_checkable
class Rules(Protocol[S]):
    """A game's rules: pure functions over its state (DESIGN.md §2-3)."""

    game_id: str
    sides: tuple[str, ...]
    action_types: tuple[type[Action], ...]

    def new_game(self, scenario: Scenario, seed: int, dice: Dice | None = None) -> S:
        """Set up a game; `dice` replaces the seeded dice (tests pass ScriptedDice)."""
        ...

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal answer to `state.decision`, empty once the game is over."""
        ...

    def apply(self, state: S, action: Action) -> list[Event]:
        """Check and apply `action`, run the automatic steps that follow, return the events."""
        ...

    def view(self, state: S, player: str | None) -> Any:
        """What `player` may see (None: only public information)."""
        ...

    def result(self, state: S) -> Result | None: ...

    def state_hash(self, state: S) -> str: ...

    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants (a unit lost, a track out of bounds); empty when all hold."""
        ...

    def from_position(self, scenario: Scenario, position: Mapping[str, Any], seed: int = 0,
                      dice: Dice | None = None, *, start: bool = True) -> S:
        """A state built from `position` (engine.core.position: the setup format, its keys
        overriding the scenario's setup), checked against the game's invariants; refused with
        `PositionError` (the reason, its section, the path of the offending entry).

        With `start` the phase the position names begins and its automatic steps run until
        the first decision, ready to play; without it the state shows the position exactly as
        given (for an editor, or to read back with `to_position`)."""
        ...

    def to_position(self, state: S) -> dict[str, Any]:
        """The position of any state, laid out again by `from_position(..., start=False)`
        into a state with the same position; a state in the middle of a procedure gives the
        position of its phase, with what is in transit (cards on the table, attackers in an
        incursion) put where the procedure would leave it."""
        ...


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """A game's entry in the registry (entry-point group `wargames.games`).

    Heavy parts are named as "module:attribute" strings so listing games stays cheap and the pure
    layers never import pygame: `schemas` gives the YAML kinds, `ui` builds the game scene,
    `agents` maps agent names to computer-opponent classes, `editor` builds the position
    editor's kit.
    """

    id: str
    title: str
    rules: Rules[Any]
    side_names: Mapping[str, str]
    scenarios_dir: str
    default_scenario: str
    schemas: str
    ui: str
    agents: Mapping[str, str] = field(default_factory=dict)
    description: str = ""
    editor: str = ""
    """The factory of the game's position editor kit ("module:attribute", engine.ui.editor);
    empty when the game has none."""
    reasons: str = ""
    """The game's words for a computer's moves ("module:attribute", an
    engine.ai.reasons.GameReasons); empty: the actions as the screen names them."""

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides in seat order; a game whose rules are not made yet (`lazy_rules`) names
        them in `side_names`, in the same order (tests/test_plugin_contract.py checks it)."""
        rules = self.rules
        if isinstance(rules, LazyRules) and rules.made is None:
            return tuple(self.side_names)
        return tuple(rules.sides)


class LazyRules:
    """A game's rules named as "module:Class", made when first used: listing the games (the
    launcher's first frame) does not import their rules (issue 27: 0.13-0.15 s of CPU for the
    three). Every attribute is the made rules' attribute."""

    def __init__(self, ref: str) -> None:
        self.ref = ref
        self.made: Rules[Any] | None = None

    def rules(self) -> Rules[Any]:
        if self.made is None:
            module, _, name = self.ref.partition(":")
            self.made = getattr(importlib.import_module(module), name)()
        return self.made

    def __getattr__(self, name: str) -> Any:
        if name in ("ref", "made") or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.rules(), name)

    def __repr__(self) -> str:
        return f"LazyRules({self.ref!r})"


def lazy_rules(ref: str) -> Rules[Any]:
    """`GamePlugin.rules` given as "module:Class" (see `LazyRules`)."""
    return cast("Rules[Any]", LazyRules(ref))


def _canonical(value: Any) -> Any:
    if isinstance(value, Dice):
        return list(value.state_key())
    if isinstance(value, Hex):
        return {"q": value.q, "r": value.r}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return sorted(([_canonical(k), _canonical(v)] for k, v in value.items()), key=repr)
    if isinstance(value, set | frozenset):
        return sorted((_canonical(v) for v in value), key=repr)
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return [_canonical(v) for v in value]
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


def stable_hash(*parts: Any) -> str:
    """A hex digest of plain data, dataclasses, enums, sets and numpy arrays, independent of
    dict and set ordering; games build `state_hash` from it."""
    text = json.dumps([_canonical(p) for p in parts], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class RulesExtras(Protocol[S]):
    """Optional parts of a game's `Rules`; the engine uses each one a game provides (looked up
    with `getattr`).

    - `reaction_default(state) -> Action | None`: when the decision now is a reaction window (an
      optional answer to the other side's move: a combat modifier, defensive air support, a
      counter-attack card), the legal answer that declines it; None for any other decision.
    - `usable_reactions(state) -> list[Action]`: in a reaction window, the legal answers other
      than the default that can change its outcome in the deciding side's favour (a reroll of
      a die already at its best face, or a counterattack that cannot hit, is not usable).
      Worked out from what every side may see, so whether a window is offered reveals nothing
      hidden. Without it every other legal answer counts as usable. A window with no usable
      answer passes by itself (the screen plays the default and the log says so).
    - `better_reactions(state) -> list[Action]`: the usable answers that cost nothing and can
      only help (a free reroll of a die at its worst face). With the player's setting "pass my
      reaction windows when I have nothing better than the default", a window without one
      passes by itself. Without it no answer counts as better.
    - `forced_answer(state) -> Action | None`: the only answer a decision leaves its side, when
      a rule everyone can see rules out every other (keeping a card needs morale the side does
      not have); None otherwise, and always None when the only answer depends on hidden
      information. A hot-seat screen plays it instead of handing the screen over. (The only
      answer of a decision that is not `private` is seen on the public view: the screen plays
      it without asking this.)
    - `holds_secrets(state, side) -> bool`: whether `view(state, side)` or that side's log now
      shows anything the public ones do not (a hand, a face-down card, a bag's contents, a card
      drawn earlier). A hot-seat screen needs the black hand-off screen only before a `private`
      decision of a side that holds secrets, and answers another side's decisions on that
      side's own view only when it holds none; without it every side is taken to hold some.
    - `determinize(state, side, rng) -> state`: a copy of `state` in which everything `side` may
      not see (the other hands, bag and deck orders, face-down choices) is redrawn at random from
      what is consistent with that side's view. Computer opponents search over such copies and
      never over the true state.
    - `apply_legal(state, action) -> list[Event]`: `apply` for an action the caller took from
      `legal_actions(state)` of this very state, without checking it again. Headless playouts
      that do not test the rules (`engine.sim.play_to_end` without `check`) use it; everything
      else goes through `apply`.
    - `no_effect_reason(state, action) -> str | None`: why `action`, a legal answer now, would
      change nothing in the game (a card whose event has nothing to act on, a track already at
      its end, a die modified to a face that counts the same), in the players' words with the
      rule; None when it does something or may (a roll, a draw). Read from what the deciding
      side may see. The computer never picks such an answer while a useful one exists; a
      screen can grey it and say why.
    """

    def reaction_default(self, state: S) -> Action | None: ...

    def usable_reactions(self, state: S) -> list[Action]: ...

    def better_reactions(self, state: S) -> list[Action]: ...

    def forced_answer(self, state: S) -> Action | None: ...

    def holds_secrets(self, state: S, side: str) -> bool: ...

    def determinize(self, state: S, side: str, rng: Any) -> S: ...

    def apply_legal(self, state: S, action: Action) -> list[Event]: ...

    def no_effect_reason(self, state: S, action: Action) -> str | None: ...
