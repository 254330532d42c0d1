"""A game the server holds in memory: its session rebuilt from the stored log, its seats, and
the checks every submission passes before the rules see it (no I/O here: the server commits
what this module produced, then tells the seats).

A submission is applied only when it answers the game's current revision, comes from the seat
that answers now, decodes to one of this game's actions and is one of the legal answers; the
rules' own refusal otherwise, with its section. Nothing here ever hands out the state, the seed
or the dice: what a seat learns goes through `engine.net.seat`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action, ActionCodec, IllegalActionError
from engine.core.game import GamePlugin, Scenario
from engine.core.session import Session
from engine.net import seat as seatinfo
from engine.net.door import NOT_YOURS, STALE
from engine.net.store import ActionRow, GameRow, Loaded, SeatRow, Summary
from engine.net.wire import WireError, decode_action, decode_told, encode_result, encode_told


class Refusal(Exception):
    """A submission refused; `code` is one of door.Refused's codes."""

    def __init__(self, code: str, reason: str, section: str = "") -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.section = section


class Broken(Exception):
    """A stored game that cannot be rebuilt (its scenario changed, a damaged log)."""


@dataclass
class LiveGame:
    row: GameRow
    plugin: GamePlugin
    session: Session
    seats: dict[str, SeatRow]
    host: str | None
    rev: int
    action_revs: list[int] = field(default_factory=list)
    """The revision each action of the log was written at (two processes compare them)."""
    sub_ids: list[str | None] = field(default_factory=list)
    tolds: list[tuple[str, str] | None] = field(default_factory=list)
    """Each action's reason (line, detail), when a computer seat chose it (`ActionRow.told`)."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def codec(self) -> ActionCodec:
        return ActionCodec(self.plugin.rules.action_types)

    def humans(self) -> list[str]:
        return [s for s, row in self.seats.items() if row.kind == "human"]

    def answering(self) -> str | None:
        """The seat that answers now (see `seat.answerer`)."""
        return seatinfo.answerer(self.session, self.humans(), self.host)

    def summary(self, updated: str) -> Summary:
        result = self.session.result()
        return Summary(len(self.session.history), self.session.state.turn, self.answering(),
                       json.dumps(encode_result(result)) if result is not None else None,
                       updated)

    # --- checks and changes ------------------------------------------------------------------

    def check_turn(self, seat: str | None, seq: int) -> None:
        if seq != self.rev:
            raise Refusal("stale", STALE)
        if seat is None or self.answering() != seat:
            raise Refusal("not-yours", NOT_YOURS)

    def decode(self, data: Any) -> Action:
        try:
            return decode_action(data, self.codec)
        except WireError as err:
            raise Refusal("illegal", f"Not an action of this game: {err}") from None

    def play(self, seat: str, action: Action, seq: int, sub_id: str | None,
             told: tuple[str, str] | None = None) -> ActionRow:
        """Apply `action` for `seat` (checked) and return the row to commit; `told` is a
        computer seat's reason for it (line, detail)."""
        self.check_turn(seat, seq)
        if action not in self.session.legal_actions():
            raise Refusal("illegal", *_why(self.session, action))
        player = self.session.state.decision.player
        self.session.play(action, check_legal=False)
        return self._played(action, player, sub_id, told)

    def _played(self, action: Action, player: str | None, sub_id: str | None,
                told: tuple[str, str] | None = None) -> ActionRow:
        self.rev += 1
        self.action_revs.append(self.rev)
        self.sub_ids.append(sub_id)
        self.tolds.append(told)
        return ActionRow(len(self.session.history) - 1, self.rev, json.dumps(action.to_json()),
                         player, sub_id, encode_told(*told) if told else None)

    def reasons(self) -> dict[int, tuple[str, str]]:
        """The computer's reasons kept with the log: action index -> (line, detail)."""
        return {i: told for i, told in enumerate(self.tolds) if told}

    def undo(self, seat: str, seq: int) -> int:
        """Take back `seat`'s last action (the barrier of one screen); the new length."""
        self.check_turn(seat, seq)
        if not seatinfo.can_undo(self.session, seat):
            raise Refusal("undo", seatinfo.undo_refusal(self.session, seat))
        self.session.undo()
        self.rev += 1
        del self.action_revs[len(self.session.history):]
        del self.sub_ids[len(self.session.history):]
        del self.tolds[len(self.session.history):]
        return len(self.session.history)

    def redo(self, seat: str, seq: int, sub_id: str | None) -> ActionRow:
        self.check_turn(seat, seq)
        if not self.session.can_redo():
            raise Refusal("undo", "Nothing to redo.")
        player = self.session.state.decision.player
        action = self.session._redo[-1].action
        self.session.redo()
        return self._played(action, player, sub_id)

    def can_redo(self, seat: str | None) -> bool:
        return seat is not None and self.answering() == seat and self.session.can_redo()

    def applied(self, sub_id: str) -> bool:
        """Whether a submission with this id is in the log already (a resent one)."""
        return sub_id in self.sub_ids


def _why(session: Session, action: Action) -> tuple[str, str]:
    try:
        session.rules.apply(seatless_copy(session), action)
    except IllegalActionError as err:
        return err.reason, err.section
    except Exception:  # a rules failure on a hostile action is only a refusal
        return f"{action.describe()} is not one of the choices now", ""
    return f"{action.describe()} is not one of the choices now", ""


def seatless_copy(session: Session) -> Any:
    from engine.core.sampling import copy_state

    return copy_state(session.state)


def rebuild(loaded: Loaded, plugin: GamePlugin, scenario: Scenario) -> LiveGame:
    """The game as stored: a new session on the game's seed, every stored action replayed
    (each one legal when it comes, as a save's are); Broken when that fails."""
    row = loaded.game
    if row.scenario_sha256 != scenario.sha256:
        raise Broken("the scenario of this game has changed on the server since it began")
    try:
        session = Session(plugin.rules, scenario, row.seed)
    except Exception as err:
        raise Broken(f"the game cannot be set up ({type(err).__name__})") from None
    codec = ActionCodec(plugin.rules.action_types)
    for n, stored in enumerate(loaded.actions):
        if stored.idx != n:
            raise Broken(f"action {n + 1} is missing from the stored log")
        try:
            action = codec.decode(json.loads(stored.action))
            legal = action in session.legal_actions()
            if legal:
                session.play(action, check_legal=False)
        except Exception as err:
            raise Broken(f"action {n + 1} of the stored log cannot be replayed "
                         f"({type(err).__name__})") from None
        if not legal:
            raise Broken(f"action {n + 1} of the stored log is not legal on replay")
    seats = {s.side: s for s in loaded.seats}
    return LiveGame(row, plugin, session, seats, row.host, row.rev,
                    [a.rev for a in loaded.actions], [a.sub_id for a in loaded.actions],
                    [decode_told(a.told) if a.told else None for a in loaded.actions])


def common_length(live: LiveGame, stored: Sequence[ActionRow]) -> int:
    """How many actions of the live log the stored one still holds (same place, same
    revision): another process may have taken some back and played others."""
    n = 0
    for mine, theirs in zip(live.action_revs, stored, strict=False):
        if theirs.idx != n or theirs.rev != mine:
            break
        n += 1
    return n


def catch_up(live: LiveGame, loaded: Loaded, base: int) -> None:
    """Bring `live` to the stored game: its first `base` actions kept, the rest of the stored
    log replayed (each one legal when it comes); raises when that fails."""
    codec = live.codec
    live.session.rewind(base)
    del live.action_revs[base:]
    del live.sub_ids[base:]
    del live.tolds[base:]
    for stored in loaded.actions[base:]:
        action = codec.decode(json.loads(stored.action))
        if action not in live.session.legal_actions():
            raise Broken(f"action {stored.idx + 1} of the stored log is not legal on replay")
        live.session.play(action, check_legal=False)
        live.action_revs.append(stored.rev)
        live.sub_ids.append(stored.sub_id)
        live.tolds.append(decode_told(stored.told) if stored.told else None)
    live.rev = loaded.game.rev
    live.row = loaded.game
    live.seats = {s.side: s for s in loaded.seats}
