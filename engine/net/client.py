"""The connection to a game server, on a thread of its own, for a pygame loop (docs/online.md).

The thread connects, says hello, and reads every message the server sends; when the connection
drops it connects again by itself, waiting 0.5 s, then twice as long each time up to 30 s (with
a little jitter), until `close()`. Nothing here blocks the caller's loop:

- `send(message)` queues a message while there is no connection and writes it at once when
  there is one (websockets' sync connection lets one thread write while another reads);
- messages about a game (they carry `"game"`) go to that game's queue (`subscribe`), the others
  to `inbox`; a change of the connection is put in every queue as `{"type": "_link", ...}`;
- `call(message)` waits for the answer to one request (the launcher's create, join and "my
  games"), raising `ClientError` when there is none in time or the connection drops;
- `on_connect` callbacks run on the connection's thread after each hello, before anything else
  is read (the remote door opens its game again there and resends what was not answered).

A message the server sends that is not JSON, or too large (32 MiB), drops the connection; the
thread then connects again.
"""

from __future__ import annotations

import itertools
import json
import logging
import queue
import random
import socket
import ssl
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from engine.net import protocol as P

log = logging.getLogger("wargames.client")
MAX_INCOMING = 32 << 20
"""A whole Guerra game's log for one seat is well under 2 MB."""
BACKOFF = (0.5, 30.0)


class ClientError(Exception):
    """No answer: the server refused, could not be reached, or did not answer in time. The
    message says which, in words."""

    def __init__(self, reason: str, code: str = "") -> None:
        super().__init__(reason)
        self.code = code


class Connection:
    """A self-reconnecting connection to the server at `url` (ws://host:port or wss://...)."""

    def __init__(self, url: str, *, name: str = "", tls: ssl.SSLContext | None = None,
                 backoff: tuple[float, float] = BACKOFF, open_timeout: float = 10.0,
                 ping_interval: float | None = 20.0, source: str | None = None) -> None:
        """`source` is the local address to connect from (a machine with several)."""
        self.url = url
        self.source = source
        self.timeout = 10.0
        """How long `call` waits for an answer unless told."""
        self.name = name
        self.tls = tls
        self.backoff = backoff
        self.open_timeout = open_timeout
        self.ping_interval = ping_interval
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.on_connect: list[Callable[[Connection], None]] = []
        self.connected = False
        self.status = "connecting"
        self.welcome: dict[str, Any] = {}
        self._games: dict[str, queue.Queue[dict[str, Any]]] = {}
        self._waiting: dict[str, tuple[threading.Event, list[dict[str, Any]], bool]] = {}
        self._queued: list[str] = []
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ids = itertools.count(1)
        self._thread: threading.Thread | None = None
        self._first = threading.Event()

    # --- life ----------------------------------------------------------------------------------

    def start(self, wait: float = 0.0) -> Connection:
        """Start the thread; with `wait`, wait that long for the first connection."""
        self._thread = threading.Thread(target=self._run, name="wargames-client", daemon=True)
        self._thread.start()
        if wait:
            self._first.wait(wait)
        return self

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            ws.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            try:
                ws = connect(self.url, ssl=self.tls, proxy=None, max_size=MAX_INCOMING,
                             open_timeout=self.open_timeout, ping_interval=self.ping_interval,
                             ping_timeout=self.ping_interval, close_timeout=2,
                             sock=self._socket())
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as err:
                self._set_link(False, f"cannot reach the server ({_why(err)}); trying again "
                               f"in {delay:.0f} s" if delay >= 1 else
                               f"cannot reach the server ({_why(err)}); trying again")
                self._first.set()
                if isinstance(err, InvalidURI) or self._stop.wait(delay):
                    return
                delay = min(self.backoff[1], delay * 2) * random.uniform(0.9, 1.1)
                continue
            try:
                self._session(ws)
                delay = self.backoff[0]
            except (ConnectionClosed, OSError, ValueError) as err:
                log.info("connection lost: %s", _why(err))
            finally:
                with self._lock:
                    self._ws = None
                    self.connected = False
                ws.close()
                self._fail_waiting()
            if not self._stop.is_set():
                self._set_link(False, "connection lost; reconnecting")
                if self._stop.wait(delay):
                    return
                delay = min(self.backoff[1], delay * 2) * random.uniform(0.9, 1.1)

    def _socket(self) -> socket.socket | None:
        if self.source is None:
            return None
        where = urlsplit(self.url)
        port = where.port or (443 if where.scheme == "wss" else 80)
        return socket.create_connection((where.hostname or "", port), self.open_timeout,
                                        source_address=(self.source, 0))

    def _session(self, ws: ClientConnection) -> None:
        ws.send(P.dumps({"type": "hello", "name": self.name}))
        welcome = json.loads(ws.recv(timeout=self.open_timeout))
        if welcome.get("type") != "welcome":
            raise ValueError(str(welcome.get("reason", "the server did not say welcome")))
        self.welcome = welcome
        with self._lock:
            self._ws = ws
        for hook in list(self.on_connect):
            hook(self)
        with self._lock:
            queued, self._queued = self._queued, []
            self.connected = True
        for text in queued:
            ws.send(text)
        self._set_link(True, "connected")
        self._first.set()
        for raw in ws:
            message = json.loads(raw)
            if isinstance(message, dict):
                self._deliver(message)

    # --- messages ------------------------------------------------------------------------------

    def _deliver(self, message: dict[str, Any]) -> None:
        request = message.get("re")
        key = str(request) if request is not None else None
        with self._lock:
            waiting = self._waiting.pop(key, None) if key is not None else None
            game = message.get("game")
            if waiting is not None and waiting[2] and isinstance(game, str):
                self._games.setdefault(game, queue.Queue())
            target = self._games.get(game) if isinstance(game, str) else None
        if waiting is not None:
            waiting[1].append(message)
            waiting[0].set()
        elif target is not None:
            target.put(message)
        else:
            self.inbox.put(message)

    def _set_link(self, connected: bool, text: str) -> None:
        self.status = text
        link = {"type": "_link", "connected": connected, "text": text}
        with self._lock:
            targets = [*self._games.values(), self.inbox]
        for target in targets:
            target.put(link)

    def _fail_waiting(self) -> None:
        with self._lock:
            waiting, self._waiting = self._waiting, {}
        for event, box, _ in waiting.values():
            box.append({"type": "error", "code": "offline",
                        "reason": "the connection to the server was lost"})
            event.set()

    def subscribe(self, game_id: str) -> queue.Queue[dict[str, Any]]:
        """The queue of the messages about `game_id`."""
        with self._lock:
            return self._games.setdefault(game_id, queue.Queue())

    def unsubscribe(self, game_id: str) -> None:
        with self._lock:
            self._games.pop(game_id, None)

    def send(self, message: dict[str, Any], *, queue_if_offline: bool = True) -> bool:
        """Write `message` now, or keep it for the next connection (False: not written now)."""
        text = P.dumps(message)
        with self._lock:
            ws = self._ws if self.connected or threading.current_thread() is self._thread \
                else None
            if ws is None:
                if queue_if_offline:
                    self._queued.append(text)
                return False
        try:
            ws.send(text)
        except (ConnectionClosed, OSError):
            return False
        return True

    def call(self, message: dict[str, Any], timeout: float | None = None, *,
             subscribe: bool = False) -> dict[str, Any]:
        """Send a request and wait for its answer; ClientError when it is a refusal or an
        error, or none comes in time. With `subscribe`, the game the answer names gets its
        queue before any later message about it is read (`subscribe()` then returns it)."""
        request = f"c{next(self._ids)}"
        event: threading.Event = threading.Event()
        box: list[dict[str, Any]] = []
        with self._lock:
            self._waiting[request] = (event, box, subscribe)
        if not self.send({**message, "id": request}, queue_if_offline=False):
            with self._lock:
                self._waiting.pop(request, None)
            raise ClientError(f"not connected to the server ({self.status})", "offline")
        if not event.wait(self.timeout if timeout is None else timeout):
            with self._lock:
                self._waiting.pop(request, None)
            raise ClientError("the server did not answer in time", "timeout")
        answer = box[0]
        if answer.get("type") in ("error", "refused"):
            raise ClientError(str(answer.get("reason", "refused")), str(answer.get("code", "")))
        return answer


def _why(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0][:120] if text else type(err).__name__
