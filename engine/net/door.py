"""One door to a game (DESIGN.md §9): what a game screen may ask of "a game I take part in",
whether the game lives in this process (`engine.net.local.LocalDoor`, over a `Session`) or on a
server (`engine.net.remote.RemoteDoor`, over a connection).

The door answers for its seats only: their views and logs, the decision (its prompt withheld
from the others when it is private), the legal answers when one of its seats decides, whether
the last action may be taken back. Nothing the seats may not see is reachable through it: a
remote door has never received it, and a local door hands out nothing but what the rules'
`view` and the events' `visible_to` allow.

Changes go in with the revision they answer and come back through `poll()`:

    door.play(action, door.revision)     # or undo / redo, with the same sequence number
    for update in door.poll():            # every frame
        if isinstance(update, Moved):     # the log was cut to update.base, then grew
            animate(door.log(seat, since=update.base))
        elif isinstance(update, Refused):
            show(update.reason, update.section)

A submission answering an older revision (the game moved on in between: the other side
played, or this one took something back) is refused as stale, never applied, so nothing clicked
twice or resent after a reconnection is applied twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.actions import Action, Event
from engine.core.game import Decision, GamePlugin, Result, Scenario

STALE = "The game has moved on since this was chosen; look again and choose once more."
NOT_YOURS = "It is not your decision now."


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One action of the game as a seat's log shows it: its number (from 0), who chose it, the
    turn, whether undo stops before it, and the events the seat may see (perhaps none: the
    other side did something it may not see), and, when a computer seat chose it, its reason
    in the game's words (the log's line and the statistics a player may open; "" when
    none)."""

    index: int
    player: str | None
    turn: int
    barrier: bool
    events: tuple[Event, ...]
    reason: str = ""
    reason_detail: str = ""


@dataclass(frozen=True, slots=True)
class Answers:
    """The deciding seat's answers now (`RulesExtras` for the screen's reaction windows):
    every legal answer, the one that declines a reaction window (None outside one), the usable
    and better answers of the window, and the only answer a rule everyone sees leaves."""

    legal: tuple[Action, ...]
    default: Action | None = None
    usable: tuple[Action, ...] = ()
    better: tuple[Action, ...] = ()
    forced: Action | None = None
    holds_secrets: bool = True
    """Whether the deciding side's own view shows anything the public one does not."""


@dataclass(frozen=True, slots=True)
class Moved:
    """The game changed: the log was cut back to `base` actions (an undo, or nothing cut), then
    grew to `length`; `revision` is the new sequence number. Read the new entries with
    `door.log(seat, since=base)`, the new view with `door.view(seat)`."""

    base: int
    length: int
    revision: int


@dataclass(frozen=True, slots=True)
class Refused:
    """A submission refused: the rules' reason and section, or `STALE`, or `NOT_YOURS`.
    `seq` is the revision the submission answered."""

    reason: str
    section: str = ""
    seq: int = -1
    code: str = "illegal"
    """"illegal" (the rules refuse it), "stale", "not-yours", "undo" (the barrier), "error"."""


@dataclass(frozen=True, slots=True)
class Link:
    """The connection to the game's host changed (a remote door; a local one is always up)."""

    connected: bool
    text: str


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line of the game's chat."""

    number: int
    sender: str
    text: str
    at: str


Update = Moved | Refused | Link | ChatLine


class DoorError(Exception):
    """What a door cannot answer now (a remote door without a connection); the message says so
    in words."""


class Door(Protocol):
    """A game I take part in. Every method returns at once (a remote door answers from what it
    has received), except `views_at` and `rolls`, which a remote door asks its server."""

    @property
    def plugin(self) -> GamePlugin: ...

    @property
    def scenario(self) -> Scenario: ...

    @property
    def seats(self) -> tuple[str, ...]:
        """The sides this door plays (a hot-seat screen: several; an online seat: one)."""
        ...

    @property
    def revision(self) -> int:
        """The sequence number a submission answers; it grows with every change of the game."""
        ...

    @property
    def length(self) -> int:
        """How many actions the game has had."""
        ...

    def decision(self) -> Decision:
        """Who decides what now (the prompt is "" for the other seats when it is private)."""
        ...

    def deciding(self) -> str | None:
        """The seat of this door that decides now, None when it is another side's decision or
        the game is over."""
        ...

    def answers(self) -> Answers | None:
        """The deciding seat's answers, None when no seat of this door decides."""
        ...

    def legal(self) -> list[Action]:
        """The legal answers of the deciding seat ([] when it is not one of this door's)."""
        ...

    def view(self, seat: str | None) -> Any:
        """`Rules.view` for one of this door's seats, or the public view (None)."""
        ...

    def log(self, seat: str | None, since: int = 0) -> list[SeatEntry]:
        """The actions from `since` on, with the events `seat` may see."""
        ...

    def result(self) -> Result | None: ...

    def play(self, action: Action, seq: int) -> None:
        """Submit `action` for the deciding seat, answering revision `seq`; the outcome comes
        through `poll()` (a `Moved`, or a `Refused` with the reason)."""
        ...

    def can_undo(self) -> bool:
        """Whether the deciding seat may take back the last action: its own, with no die roll,
        draw or reveal in it, and no other side asked to decide since (the barrier of one
        screen, which online means the other side has not seen it)."""
        ...

    def undo_refusal(self) -> str:
        """Why undo is refused now, in words."""
        ...

    def undo(self, seq: int) -> None: ...

    def can_redo(self) -> bool: ...

    def redo(self, seq: int) -> None: ...

    def poll(self) -> list[Update]:
        """What happened since the last call, oldest first."""
        ...

    def rolls(self, action: Action) -> bool:
        """Whether playing `action` now would roll dice (so a board click asks first)."""
        ...

    def views_at(self, lengths: Sequence[int], seat: str | None) -> list[Any]:
        """`seat`'s view after each of the first `lengths` actions (the since-your-last-turn
        replay on the board)."""
        ...

    def holds_secrets(self, seat: str) -> bool:
        """Whether `seat`'s view shows anything the public view does not."""
        ...

    def say(self, text: str) -> None:
        """Add a line to the game's chat (a local door has no one to tell: ignored)."""
        ...

    def close(self) -> None:
        """Leave the game (a remote door stops listening; the game goes on at its host)."""
        ...
