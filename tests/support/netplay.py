"""Helpers of the online tests: a server on a free loopback port with its own SQLite file, doors
that wait for the server's answer, and random legal play through doors."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine.ai.agent import without_concessions
from engine.net.client import Connection
from engine.net.door import Moved, Refused, Update
from engine.net.remote import RemoteDoor
from engine.net.server import EmbeddedServer, ServerConfig
from engine.net.store import SqliteStore

WAIT = 20.0


@contextmanager
def running_server(folder: Path, **config: Any) -> Iterator[EmbeddedServer]:
    """A server on 127.0.0.1, a free port, with `folder`/games.db; stopped after."""
    settings = ServerConfig(host="127.0.0.1", port=0, **config)
    server = EmbeddedServer(settings, SqliteStore(folder / "games.db"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def url(server: EmbeddedServer) -> str:
    return f"ws://127.0.0.1:{server.port}"


def connection(server: EmbeddedServer | str, name: str = "") -> Connection:
    address = server if isinstance(server, str) else url(server)
    return Connection(address, name=name, backoff=(0.05, 0.5)).start(wait=WAIT)


def wait_until(condition: Any, timeout: float = WAIT, doors: Sequence[RemoteDoor] = ()
               ) -> list[Update]:
    """Poll `doors` until `condition()` holds; the updates they gave."""
    seen: list[Update] = []
    end = time.monotonic() + timeout
    while True:
        for door in doors:
            seen.extend(door.poll())
        if condition():
            return seen
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting; updates so far: {seen[-5:]}")
        time.sleep(0.005)


def settle(doors: Sequence[RemoteDoor], revision: int) -> list[Update]:
    """Wait until every door has heard of `revision` and has nothing unanswered."""
    return wait_until(lambda: all(d.revision >= revision and not d.pending for d in doors),
                      doors=doors)


def pick(door: Any, rng: random.Random) -> Any:
    options = without_concessions(door.legal())
    return options[rng.randrange(len(options))]


def refusals(updates: Sequence[Update]) -> list[Refused]:
    return [u for u in updates if isinstance(u, Refused)]


def moves(updates: Sequence[Update]) -> list[Moved]:
    return [u for u in updates if isinstance(u, Moved)]
