"""The store on PostgreSQL (psycopg 3, the `online` extra), for several server processes
sharing one database: every change of a game sends `NOTIFY wargames, 'GAME REV'` inside its
transaction, and each process LISTENs on a connection of its own, so a move made through one
process reaches the players connected to another as soon as it is committed."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from engine.net.store import SqlStore, StoreError

CHANNEL = "wargames"

try:
    import psycopg
except ImportError:  # the optional extra is not installed
    psycopg = None  # type: ignore[assignment]


class PostgresStore(SqlStore):
    placeholder = "%s"

    def __init__(self, address: str) -> None:
        super().__init__()
        if psycopg is None:
            raise StoreError("a PostgreSQL database needs psycopg: pip install 'wargames[online]'")
        self.address = address
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        try:
            self._conn = psycopg.connect(address, autocommit=True)
            self._setup()
        except psycopg.Error as err:
            raise StoreError(f"cannot use the PostgreSQL database: {_first_line(err)}") from None

    def _execute(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return self._conn.execute(sql, tuple(args))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._conn.transaction():
            yield

    def _notify(self, game_id: str, rev: int) -> None:
        self._conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {rev}"))

    def listen(self, callback: Callable[[str, int], None]) -> None:
        if self._listener is not None:
            return
        try:
            conn = psycopg.connect(self.address, autocommit=True)
            conn.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as err:
            raise StoreError(f"cannot listen on the PostgreSQL database: "
                             f"{_first_line(err)}") from None

        def run() -> None:
            with conn:
                while not self._stop.is_set():
                    try:
                        for note in conn.notifies(timeout=0.5):
                            game_id, _, rev = note.payload.partition(" ")
                            if rev.isdigit():
                                callback(game_id, int(rev))
                    except psycopg.Error:
                        return

        self._listener = threading.Thread(target=run, name="pg-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=2)
        self._conn.close()


def _first_line(err: Exception) -> str:
    return str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
