"""The door to a game in this process: a `Session` and the seats a screen plays on it.

Everything a seat reads comes from `engine.net.seat`, as the server's messages do, so a screen
sees the same things through this door and through `RemoteDoor`. Changes are applied at once;
their outcome is queued for `poll()` like a remote door's. The computer seats of a local game
are played by whoever holds the session (`session` is public here for that runner, which reads
the state to give an agent its observation); they submit through `play` like anyone.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action, IllegalActionError
from engine.core.game import Decision, GamePlugin, Result, Scenario
from engine.core.sampling import copy_state
from engine.core.session import Session
from engine.net import seat as seatinfo
from engine.net.door import (
    NOT_YOURS,
    STALE,
    Answers,
    Moved,
    Refused,
    SeatEntry,
    Update,
)


class LocalDoor:
    """A door over `session` for `seats` (default: every side: a hot-seat screen).

    `humans` are the sides people play at this table (default: `seats`) and `host` the seat
    that answers a choice the table makes together for a side no person plays (default: the
    first seat), as the server's host does."""

    def __init__(self, plugin: GamePlugin, session: Session,
                 seats: Sequence[str] | None = None, *, humans: Sequence[str] | None = None,
                 host: str | None = None) -> None:
        self._plugin = plugin
        self.session = session
        self._seats = tuple(seats) if seats is not None else tuple(plugin.sides)
        self._humans = tuple(humans) if humans is not None else self._seats
        self._host = host if host is not None else (self._seats[0] if self._seats else None)
        self._revision = 0
        self._updates: list[Update] = []

    # --- reading ---------------------------------------------------------------------------

    @property
    def plugin(self) -> GamePlugin:
        return self._plugin

    @property
    def scenario(self) -> Scenario:
        return self.session.scenario

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    @property
    def humans(self) -> tuple[str, ...]:
        """The sides people play at this table."""
        return self._humans

    @property
    def revision(self) -> int:
        return self._revision

    @property
    def length(self) -> int:
        return len(self.session.history)

    def decision(self) -> Decision:
        decision: Decision = self.session.state.decision
        mine = decision.player if decision.player in self._seats else None
        return seatinfo.seat_decision(decision, mine)

    def deciding(self) -> str | None:
        """The deciding side when it is one of this door's seats; a choice the table makes
        together (`Decision.table`) for a side no seat here plays is answered by the first."""
        seat = seatinfo.answerer(self.session, self._humans, self._host)
        return seat if seat in self._seats else None

    def answers(self) -> Answers | None:
        seat = self.deciding()
        return seatinfo.seat_answers(self.session, seat, seat) if seat is not None else None

    def legal(self) -> list[Action]:
        answers = self.answers()
        return list(answers.legal) if answers is not None else []

    def _check_seat(self, seat: str | None) -> None:
        if seat is not None and seat not in self._seats:
            raise ValueError(f"{seat!r} is not a seat of this door")

    def view(self, seat: str | None) -> Any:
        self._check_seat(seat)
        return self.session.rules.view(self.session.state, seat)

    def log(self, seat: str | None, since: int = 0) -> list[SeatEntry]:
        self._check_seat(seat)
        return seatinfo.seat_entries(self.session, seat, since)

    def result(self) -> Result | None:
        return self.session.result()

    def holds_secrets(self, seat: str) -> bool:
        self._check_seat(seat)
        return seatinfo.holds_secrets(self.session, seat)

    def views_at(self, lengths: Sequence[int], seat: str | None) -> list[Any]:
        self._check_seat(seat)
        return [self.session.rules.view(self.session.state_at(n), seat) for n in lengths]

    def rolls(self, action: Action) -> bool:
        if action not in self.legal():
            return False
        return seatinfo.rolls_on(self.session.rules, copy_state(self.session.state), action)

    # --- changing --------------------------------------------------------------------------

    def _stale(self, seq: int) -> bool:
        if seq != self._revision:
            self._updates.append(Refused(STALE, seq=seq, code="stale"))
            return True
        if self.deciding() is None:
            self._updates.append(Refused(NOT_YOURS, seq=seq, code="not-yours"))
            return True
        return False

    def _moved(self, base: int) -> None:
        self._revision += 1
        self._updates.append(Moved(base, len(self.session.history), self._revision))

    def play(self, action: Action, seq: int) -> None:
        if self._stale(seq):
            return
        base = len(self.session.history)
        try:
            self.session.play(action)
        except IllegalActionError as err:
            self._updates.append(Refused(err.reason, err.section, seq))
            return
        self._moved(base)

    def can_undo(self) -> bool:
        return seatinfo.can_undo(self.session, self.deciding())

    def undo_refusal(self) -> str:
        return seatinfo.undo_refusal(self.session, self.deciding())

    def undo(self, seq: int) -> None:
        if self._stale(seq):
            return
        if not self.can_undo():
            self._updates.append(Refused(self.undo_refusal(), seq=seq, code="undo"))
            return
        self.session.undo()
        self._moved(len(self.session.history))

    def can_redo(self) -> bool:
        return self.deciding() is not None and self.session.can_redo()

    def redo(self, seq: int) -> None:
        if self._stale(seq):
            return
        if not self.session.can_redo():
            self._updates.append(Refused("Nothing to redo.", seq=seq, code="undo"))
            return
        base = len(self.session.history)
        try:
            self.session.redo()
        except IllegalActionError as err:
            self._updates.append(Refused(err.reason, err.section, seq))
            return
        self._moved(base)

    def poll(self) -> list[Update]:
        updates, self._updates = self._updates, []
        return updates

    def say(self, text: str) -> None:
        """Nobody to tell at one screen."""

    def close(self) -> None:
        """Nothing to leave: the session stays with its holder."""

    def state_copy(self) -> Any:
        """A copy of the true state, for the local computer seats' runner only."""
        return copy.deepcopy(self.session.state)
