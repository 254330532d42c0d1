"""The door to a game on a server: one seat (or a spectator's public view) over a `Connection`.

The door keeps what the server told its seat (the log, the view, the decision, the answers,
the undo barrier, the result) and answers the screen from it at once. A submission is sent
with the revision it answers and an id of its own; until the server answers, it is kept, and
sent again with the same id after a reconnection: the server applies it if the game is still
where it was, says "done" if it was applied before the connection dropped, and refuses it as
stale if the game moved on, so nothing is lost or applied twice.

The game's rules and scenario are loaded here only to read actions and draw the board (the
scenario must be the server's very file: its digest is checked); the state is never here.
"""

from __future__ import annotations

import itertools
import queue
import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import plugins
from engine.core.actions import Action, ActionCodec
from engine.core.game import Decision, GamePlugin, Result, Scenario
from engine.net.client import ClientError, Connection
from engine.net.door import (
    STALE,
    Answers,
    ChatLine,
    DoorError,
    Link,
    Moved,
    Refused,
    SeatEntry,
    Update,
)
from engine.net.wire import (
    EventDecoder,
    WireError,
    decode_action,
    decode_decision,
    decode_result,
    decode_told,
    decode_value,
)

HINT_WAIT = 60.0
"""Seconds a hint is waited for: the level's own time, after the server's computer seats of
other games that are thinking first."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The server's hint: the action the computer would play at revision `seq`, the level that
    thought, and the action told in the game's words with the level's statistics."""

    action: Action
    seq: int
    level: str
    line: str
    detail: str = ""


def load_scenario(plugin: GamePlugin, ref: str, sha256: str) -> Scenario:
    """The scenario a server game uses, from this installation's own files (never a path the
    server chose outside the game's scenario folder), checked against the server's digest."""
    from engine.loading import LoadError, load_game_scenario

    shipped = {p.name: p for p in plugins.scenario_files(plugin)}
    path = shipped.get(Path(ref).name)
    if path is None:
        raise DoorError(f"this installation has no scenario {Path(ref).name!r} of "
                        f"{plugin.title}; install the server's version of the game")
    try:
        scenario = load_game_scenario(plugin, path)
    except LoadError as err:
        raise DoorError(f"the scenario cannot be loaded here: {err}") from None
    if scenario.sha256 != sha256:
        raise DoorError(f"the server plays another version of {scenario.title}; install the "
                        "same version of the game as the server")
    return scenario


class RemoteDoor:
    """A seat of a server's game (`token`), or a spectator's public view (`spectate` code)."""

    def __init__(self, connection: Connection, *, token: str | None = None,
                 spectate: str | None = None, timeout: float | None = None) -> None:
        if (token is None) == (spectate is None):
            raise ValueError("a remote door opens with a seat token or a spectator's code")
        self.connection = connection
        self._opener: dict[str, Any] = {"type": "open", **(
            {"token": token} if token is not None else {"spectate": spectate})}
        self._lock = threading.Lock()
        self._pending: dict[str, dict[str, Any]] = {}
        self._ids = itertools.count(1)
        self._updates: list[Update] = []
        self.chat: list[ChatLine] = []
        self.players: list[dict[str, Any]] = []
        self.connected = True
        self._closed = False
        try:
            opened = connection.call(self._opener, timeout, subscribe=True)
        except ClientError as err:
            raise DoorError(str(err)) from None
        self.game_id = str(opened["game"])
        self._seat: str | None = opened.get("side")
        info = opened["info"]
        try:
            self._plugin = plugins.get(str(info["game"]))
        except plugins.PluginError as err:
            raise DoorError(str(err)) from None
        self._scenario = load_scenario(self._plugin, str(info["scenario"]),
                                       str(info["sha256"]))
        self._codec = ActionCodec(self._plugin.rules.action_types)
        self._events = EventDecoder(self._codec)
        self._entries: list[SeatEntry] = []
        self._snapshot: dict[str, Any] = {}
        self._rev = 0
        self._queue = connection.subscribe(self.game_id)
        self._take_opened(opened, initial=True)
        connection.on_connect.append(self._reopen)

    # --- what the server said ------------------------------------------------------------------

    def _reopen(self, connection: Connection) -> None:
        """After a reconnection (on the connection's thread): open the game again, then send
        again every submission not answered yet, with its own id and revision."""
        if self._closed:
            return
        connection.send({**self._opener, "id": f"reopen-{secrets.token_hex(4)}"})
        with self._lock:
            pending = list(self._pending.values())
        for message in pending:
            connection.send(message)

    def _take_opened(self, opened: dict[str, Any], initial: bool = False) -> None:
        entries = self._decode_entries(opened["entries"])
        base = next((i for i, (a, b) in enumerate(zip(self._entries, entries, strict=False))
                     if a != b), min(len(self._entries), len(entries)))
        self._entries = entries
        self.players = list(opened["info"]["seats"])
        self._take_snapshot(opened["snapshot"], int(opened["rev"]))
        for line in opened.get("chat", []):
            self._chat(line)
        if not initial:
            self._updates.append(Moved(base, len(self._entries), self._rev))

    def _take_snapshot(self, snapshot: dict[str, Any], rev: int) -> None:
        self._view = decode_value(snapshot["view"], self._codec)
        self._decision = decode_decision(snapshot["decision"])
        self._answers = self._decode_answers(snapshot.get("answers"))
        self._result = decode_result(snapshot.get("result"))
        self._snapshot = snapshot
        self._rev = rev

    def _decode_entries(self, data: Any) -> list[SeatEntry]:
        if not isinstance(data, list):
            raise WireError("the log is not a list")
        out = []
        for e in data:
            line, detail = decode_told(e.get("r")) or ("", "")
            out.append(SeatEntry(int(e["i"]), e["p"], int(e["t"]), bool(e["b"]),
                                 tuple(self._events(ev) for ev in e["e"]), line, detail))
        return out

    def _decode_answers(self, data: Any) -> Answers | None:
        if data is None:
            return None

        def acts(items: Any) -> tuple[Action, ...]:
            return tuple(decode_action(a, self._codec) for a in items)

        return Answers(acts(data["legal"]),
                       None if data["default"] is None else decode_action(data["default"],
                                                                          self._codec),
                       acts(data["usable"]), acts(data["better"]),
                       None if data["forced"] is None else decode_action(data["forced"],
                                                                         self._codec),
                       bool(data["secrets"]))

    def _chat(self, line: dict[str, Any]) -> None:
        chat = ChatLine(int(line["number"]), str(line["sender"]), str(line["text"]),
                        str(line["at"]))
        if all(c.number != chat.number for c in self.chat):
            self.chat.append(chat)
            self._updates.append(chat)

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            base = int(message["base"])
            entries = self._decode_entries(message["entries"])
            self._entries = self._entries[:base] + entries
            self._take_snapshot(message["snapshot"], int(message["rev"]))
            self._settled(message.get("sub"))
            self._updates.append(Moved(base, len(self._entries), self._rev))
        elif kind == "opened":
            self._take_opened(message)
        elif kind in ("refused", "error"):
            sub = message.get("re")
            pending = self._settled(sub)
            if pending is not None or kind == "refused":
                seq = int(pending["seq"]) if pending is not None else -1
                self._updates.append(Refused(str(message.get("reason", "")),
                                             str(message.get("section", "")), seq,
                                             str(message.get("code", "error"))))
        elif kind == "done":
            self._settled(message.get("sub"))
        elif kind == "presence":
            self.players = list(message["seats"])
        elif kind == "chat":
            self._chat(message)
        elif kind == "taken":
            self._closed = True
            self._updates.append(Link(False, "This seat was opened on another machine."))
        elif kind == "_link":
            self.connected = bool(message["connected"])
            self._updates.append(Link(self.connected, str(message["text"])))

    def _settled(self, sub: Any) -> dict[str, Any] | None:
        with self._lock:
            return self._pending.pop(sub, None) if isinstance(sub, str) else None

    def poll(self) -> list[Update]:
        while True:
            try:
                message = self._queue.get_nowait()
            except queue.Empty:
                break
            try:
                self._take(message)
            except (WireError, KeyError, TypeError, ValueError):
                self._updates.append(Link(False, "The server sent something this version "
                                          "cannot read."))
        updates, self._updates = self._updates, []
        return updates

    # --- reading -------------------------------------------------------------------------------

    @property
    def plugin(self) -> GamePlugin:
        return self._plugin

    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def seats(self) -> tuple[str, ...]:
        return (self._seat,) if self._seat is not None else ()

    @property
    def revision(self) -> int:
        return self._rev

    @property
    def length(self) -> int:
        return len(self._entries)

    @property
    def pending(self) -> int:
        """Submissions sent and not answered yet."""
        with self._lock:
            return len(self._pending)

    def decision(self) -> Decision:
        return self._decision

    def deciding(self) -> str | None:
        return self._seat if self._answers is not None else None

    def answers(self) -> Answers | None:
        return self._answers

    def legal(self) -> list[Action]:
        return list(self._answers.legal) if self._answers is not None else []

    def _own(self, seat: str | None) -> None:
        if seat != self._seat:
            raise DoorError("a remote door shows its own seat's view only")

    def view(self, seat: str | None) -> Any:
        self._own(seat)
        return self._view

    def log(self, seat: str | None, since: int = 0) -> list[SeatEntry]:
        self._own(seat)
        return self._entries[since:]

    def result(self) -> Result | None:
        return self._result

    def holds_secrets(self, seat: str) -> bool:
        self._own(seat)
        return self._answers.holds_secrets if self._answers is not None else True

    def can_undo(self) -> bool:
        return bool(self._snapshot.get("undo"))

    def undo_refusal(self) -> str:
        return str(self._snapshot.get("undo_refusal", ""))

    def can_redo(self) -> bool:
        return bool(self._snapshot.get("redo"))

    def views_at(self, lengths: Sequence[int], seat: str | None) -> list[Any]:
        self._own(seat)
        views: list[Any] = []
        for start in range(0, len(lengths), 64):
            try:
                answer = self.connection.call({"type": "views", "game": self.game_id,
                                               "at": list(lengths[start:start + 64])})
            except ClientError as err:
                raise DoorError(str(err)) from None
            views.extend(decode_value(v, self._codec) for v in answer["views"])
        return views

    def rolls(self, action: Action) -> bool:
        """Asked of the server; when it cannot say in time, True (the screen asks first)."""
        try:
            answer = self.connection.call({"type": "probe", "game": self.game_id,
                                           "action": action.to_json()}, timeout=3.0)
        except ClientError:
            return True
        return bool(answer.get("rolls"))

    def hint(self, seq: int) -> Advice:
        """"What would the computer do?" for this seat, deciding at revision `seq`: the server's
        Normal level thinks on the seat's own observation (`GameHost.suggest`). Blocks until it
        answers (run it off the screen's thread); DoorError with the reason when it cannot."""
        if self._seat is None:
            raise DoorError("a spectator has no decision to ask about")
        try:
            answer = self.connection.call({"type": "hint", "game": self.game_id, "seq": seq},
                                          timeout=HINT_WAIT)
            action = decode_action(answer.get("action"), self._codec)
        except (ClientError, WireError) as err:
            raise DoorError(str(err)) from None
        return Advice(action, int(answer.get("seq", seq)), str(answer.get("level", "")),
                      str(answer.get("line", ""))[:500], str(answer.get("detail", ""))[:2000])

    # --- changing ------------------------------------------------------------------------------

    def _submit(self, kind: str, seq: int, action: Action | None = None) -> None:
        if seq != self._rev:
            self._updates.append(Refused(STALE, seq=seq, code="stale"))
            return
        sub = f"{secrets.token_hex(6)}-{next(self._ids)}"
        message: dict[str, Any] = {"type": kind, "game": self.game_id, "seq": seq, "sub": sub,
                                   "id": sub}
        if action is not None:
            message["action"] = action.to_json()
        with self._lock:
            self._pending[sub] = message
        self.connection.send(message, queue_if_offline=False)

    def play(self, action: Action, seq: int) -> None:
        self._submit("play", seq, action)

    def undo(self, seq: int) -> None:
        self._submit("undo", seq)

    def redo(self, seq: int) -> None:
        self._submit("redo", seq)

    def say(self, text: str) -> None:
        self.connection.send({"type": "chat", "game": self.game_id, "text": text[:500]})

    def close(self) -> None:
        self._closed = True
        self.connection.send({"type": "leave", "game": self.game_id}, queue_if_offline=False)
        self.connection.unsubscribe(self.game_id)
        if self._reopen in self.connection.on_connect:
            self.connection.on_connect.remove(self._reopen)
