"""Where the server keeps its games: one small interface over SQL, with SQLite (standard library)
as the embedded default and PostgreSQL (`engine.net.pgstore`) for several server processes.

A game is a row (its scenario, its secret seed, its revision and a summary for "my games"), its
seats (invitation codes and seat tokens, stored as SHA-256 digests only), its action log and
its chat. Every change of a game is one transaction that also moves the game's revision on,
and only from the revision the caller read: `commit` reports a change whose game another
process changed first, and writes nothing of it, so no action is applied twice or lost between
two servers sharing a database.

The calls are blocking; the server makes them from one thread of its own.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 2
"""2: each action may keep the computer's reason for it (`actions.told`); a database of
version 1 is brought to 2 when a server opens it (the column added, nothing else changed)."""


class StoreError(Exception):
    """The database cannot be used (a wrong address, a damaged file); the message says why."""


class Conflict(Exception):
    """The game changed in the database since the caller read it (another server process)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    id: str
    game: str
    scenario: str
    """The scenario's reference (as saves name it, `engine.paths.scenario_ref`)."""
    scenario_sha256: str
    seed: int
    rev: int = 0
    length: int = 0
    turn: int = 0
    decider: str | None = None
    result: str | None = None
    """The result as JSON text once the game is over."""
    created: str = ""
    updated: str = ""
    spectate_hash: str | None = None
    host: str | None = None
    """The seat of the player who created the game: it answers the choices the table makes
    together for a side no person plays."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: str
    side: str
    kind: str
    """"human" or "computer"."""
    level: str = ""
    name: str = ""
    invite_hash: str | None = None
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    idx: int
    rev: int
    action: str
    """The action's JSON text."""
    player: str | None
    sub_id: str | None = None
    """The submission's id, so a resent submission is known as already applied."""
    told: str | None = None
    """A computer seat's reason for the action, in the game's words, as JSON text
    (`{"line", "detail"}`); None for a person's action or one that needs no reason."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What "my games" shows without loading a game, updated with every change."""

    length: int
    turn: int
    decider: str | None
    result: str | None
    updated: str


@dataclass(frozen=True, slots=True)
class Change:
    """One change of a game to commit: `row` appended, or (`row` None) the log cut to
    `length`; only from revision `expected_rev`."""

    game_id: str
    expected_rev: int
    summary: Summary
    row: ActionRow | None = None
    length: int = 0


@dataclass(frozen=True, slots=True)
class ChatRow:
    number: int
    sender: str
    text: str
    at: str


@dataclass(frozen=True, slots=True)
class Loaded:
    game: GameRow
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...]


class Store(Protocol):
    """Storage of the server's games (see the module)."""

    def create(self, game: GameRow, seats: Sequence[SeatRow]) -> None: ...

    def load(self, game_id: str) -> Loaded | None: ...

    def commit(self, changes: Sequence[Change]) -> list[bool]:
        """Commit several games' changes in one transaction (one sync to disk for all: the
        server gathers what arrives while the disk is busy); for each, False when its game
        was not at `expected_rev` (nothing of that change is written)."""
        ...

    def invite(self, code_hash: str) -> tuple[str, str | None] | None:
        """The game and seat an invitation code opens (seat None: a spectator's code)."""
        ...

    def claim(self, game_id: str, side: str, invite_hash: str, token_hash: str,
              name: str) -> bool:
        """Give the seat its token, once: False when its invitation was used already."""
        ...

    def seat_of(self, token_hash: str) -> tuple[str, str] | None: ...

    def games_of(self, token_hashes: Sequence[str]
                 ) -> list[tuple[GameRow, str, tuple[SeatRow, ...]]]: ...

    def add_chat(self, game_id: str, sender: str, text: str, at: str, keep: int) -> int: ...

    def chat(self, game_id: str, last: int) -> list[ChatRow]: ...

    def game_ids(self) -> list[str]: ...

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Call `callback(game_id, rev)` whenever another process changes a game (a single
        process store never calls it)."""
        ...

    def close(self) -> None: ...


TABLES = (
    """CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL,
        scenario_sha256 TEXT NOT NULL, seed BIGINT NOT NULL, rev BIGINT NOT NULL,
        length BIGINT NOT NULL, turn BIGINT NOT NULL, decider TEXT, result TEXT,
        created TEXT NOT NULL, updated TEXT NOT NULL, spectate_hash TEXT UNIQUE, host TEXT)""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL, kind TEXT NOT NULL,
        level TEXT NOT NULL, name TEXT NOT NULL, invite_hash TEXT UNIQUE,
        token_hash TEXT UNIQUE, PRIMARY KEY (game_id, side))""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL REFERENCES games(id), idx BIGINT NOT NULL, rev BIGINT NOT NULL,
        action TEXT NOT NULL, player TEXT, sub_id TEXT, told TEXT,
        PRIMARY KEY (game_id, idx))""",
    """CREATE TABLE IF NOT EXISTS chat (
        game_id TEXT NOT NULL REFERENCES games(id), number BIGINT NOT NULL,
        sender TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL,
        PRIMARY KEY (game_id, number))""",
)

_GAME_COLUMNS = ("id, game, scenario, scenario_sha256, seed, rev, length, turn, decider, "
                 "result, created, updated, spectate_hash, host")


class SqlStore:
    """The store's SQL, written once with `?` placeholders; a subclass gives the connection and
    the placeholder of its driver."""

    placeholder = "?"

    def __init__(self) -> None:
        self._lock = threading.Lock()

    # a subclass provides these three
    def _execute(self, sql: str, args: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        raise NotImplementedError
        yield

    def _rowcount(self, cursor: Any) -> int:
        return int(cursor.rowcount)

    def _notify(self, game_id: str, rev: int) -> None:
        """Tell the other processes (PostgreSQL), inside the transaction of the change."""

    def _q(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def _run(self, sql: str, *args: Any) -> Any:
        return self._execute(self._q(sql), args)

    def _setup(self) -> None:
        with self._transaction():
            for table in TABLES:
                self._run(table)
            row = self._run("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                self._run("INSERT INTO meta (key, value) VALUES ('schema', ?)",
                          str(SCHEMA_VERSION))
            elif row[0] == "1":
                # version 1 kept no reasons: the column is added, every stored game stays
                self._run("ALTER TABLE actions ADD COLUMN told TEXT")
                self._run("UPDATE meta SET value = ? WHERE key = 'schema'", str(SCHEMA_VERSION))
            elif row[0] != str(SCHEMA_VERSION):
                raise StoreError(f"the database holds games of another version "
                                 f"(schema {row[0]}, this server reads {SCHEMA_VERSION})")

    # --- games -------------------------------------------------------------------------------

    def create(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        with self._lock, self._transaction():
            self._run(f"INSERT INTO games ({_GAME_COLUMNS}) VALUES "
                      "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      game.id, game.game, game.scenario, game.scenario_sha256, game.seed,
                      game.rev, game.length, game.turn, game.decider, game.result,
                      game.created, game.updated, game.spectate_hash, game.host)
            for seat in seats:
                self._run("INSERT INTO seats (game_id, side, kind, level, name, invite_hash, "
                          "token_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
                          seat.game_id, seat.side, seat.kind, seat.level, seat.name,
                          seat.invite_hash, seat.token_hash)

    def load(self, game_id: str) -> Loaded | None:
        with self._lock, self._transaction():
            row = self._run(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                            game_id).fetchone()
            if row is None:
                return None
            seats = self._seats(game_id)
            actions = tuple(ActionRow(int(a[0]), int(a[1]), a[2], a[3], a[4], a[5])
                            for a in self._run(
                "SELECT idx, rev, action, player, sub_id, told FROM actions WHERE game_id = ? "
                "ORDER BY idx", game_id).fetchall())
        return Loaded(_game(row), seats, actions)

    def _seats(self, game_id: str) -> tuple[SeatRow, ...]:
        return tuple(SeatRow(game_id, s[0], s[1], s[2], s[3], s[4], s[5]) for s in self._run(
            "SELECT side, kind, level, name, invite_hash, token_hash FROM seats "
            "WHERE game_id = ? ORDER BY side", game_id).fetchall())

    def commit(self, changes: Sequence[Change]) -> list[bool]:
        done = []
        with self._lock, self._transaction():
            for change in changes:
                summary = change.summary
                cursor = self._run(
                    "UPDATE games SET rev = rev + 1, length = ?, turn = ?, decider = ?, "
                    "result = ?, updated = ? WHERE id = ? AND rev = ?",
                    summary.length, summary.turn, summary.decider, summary.result,
                    summary.updated, change.game_id, change.expected_rev)
                if self._rowcount(cursor) != 1:
                    done.append(False)
                    continue
                row = change.row
                if row is None:
                    self._run("DELETE FROM actions WHERE game_id = ? AND idx >= ?",
                              change.game_id, change.length)
                else:
                    self._run("INSERT INTO actions (game_id, idx, rev, action, player, sub_id, "
                              "told) VALUES (?, ?, ?, ?, ?, ?, ?)", change.game_id, row.idx,
                              row.rev, row.action, row.player, row.sub_id, row.told)
                self._notify(change.game_id, change.expected_rev + 1)
                done.append(True)
        return done

    # --- seats -------------------------------------------------------------------------------

    def invite(self, code_hash: str) -> tuple[str, str | None] | None:
        with self._lock, self._transaction():
            row = self._run("SELECT game_id, side FROM seats WHERE invite_hash = ?",
                            code_hash).fetchone()
            if row is not None:
                return str(row[0]), str(row[1])
            row = self._run("SELECT id FROM games WHERE spectate_hash = ?", code_hash).fetchone()
        return (str(row[0]), None) if row is not None else None

    def claim(self, game_id: str, side: str, invite_hash: str, token_hash: str,
              name: str) -> bool:
        with self._lock, self._transaction():
            cursor = self._run("UPDATE seats SET token_hash = ?, invite_hash = NULL, name = ? "
                               "WHERE game_id = ? AND side = ? AND invite_hash = ?",
                               token_hash, name, game_id, side, invite_hash)
            return self._rowcount(cursor) == 1

    def seat_of(self, token_hash: str) -> tuple[str, str] | None:
        with self._lock, self._transaction():
            row = self._run("SELECT game_id, side FROM seats WHERE token_hash = ?",
                            token_hash).fetchone()
        return (str(row[0]), str(row[1])) if row is not None else None

    def games_of(self, token_hashes: Sequence[str]
                 ) -> list[tuple[GameRow, str, tuple[SeatRow, ...]]]:
        found = []
        with self._lock, self._transaction():
            for token_hash in token_hashes:
                seat = self._run("SELECT game_id, side FROM seats WHERE token_hash = ?",
                                 token_hash).fetchone()
                if seat is None:
                    continue
                row = self._run(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                                seat[0]).fetchone()
                found.append((_game(row), str(seat[1]), self._seats(str(seat[0]))))
        return found

    def game_ids(self) -> list[str]:
        with self._lock, self._transaction():
            return [str(r[0]) for r in self._run("SELECT id FROM games ORDER BY id").fetchall()]

    # --- chat --------------------------------------------------------------------------------

    def add_chat(self, game_id: str, sender: str, text: str, at: str, keep: int) -> int:
        with self._lock, self._transaction():
            row = self._run("SELECT MAX(number) FROM chat WHERE game_id = ?", game_id).fetchone()
            number = int(row[0]) + 1 if row is not None and row[0] is not None else 1
            self._run("INSERT INTO chat (game_id, number, sender, text, at) "
                      "VALUES (?, ?, ?, ?, ?)", game_id, number, sender, text, at)
            self._run("DELETE FROM chat WHERE game_id = ? AND number <= ?", game_id,
                      number - keep)
        return number

    def chat(self, game_id: str, last: int) -> list[ChatRow]:
        with self._lock, self._transaction():
            rows = self._run("SELECT number, sender, text, at FROM chat WHERE game_id = ? "
                             "ORDER BY number DESC LIMIT ?", game_id, last).fetchall()
        return [ChatRow(int(r[0]), r[1], r[2], r[3]) for r in reversed(rows)]

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """One process only: nobody else changes the games."""


def _game(row: Sequence[Any]) -> GameRow:
    return GameRow(str(row[0]), row[1], row[2], row[3], int(row[4]), int(row[5]), int(row[6]),
                   int(row[7]), row[8], row[9], row[10], row[11], row[12], row[13])


class SqliteStore(SqlStore):
    """The embedded default: one SQLite file, written ahead (WAL) with a full sync at each
    commit, so a committed action survives a killed process and a power cut alike."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(str(path), isolation_level=None,
                                         check_same_thread=False, timeout=30)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._setup()
        except (sqlite3.Error, OSError) as err:
            raise StoreError(f"cannot use the database {path}: {err}") from None

    def _execute(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return self._conn.execute(sql, tuple(args))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    def close(self) -> None:
        self._conn.close()
