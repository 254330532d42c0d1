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
from engine.net.config import ServerConfig
from engine.net.door import Moved, Refused, Update
from engine.net.hosting import EmbeddedServer
from engine.net.remote import RemoteDoor
from engine.net.store import SqliteStore

WAIT = 60.0


@contextmanager
def running_server(folder: Path, **config: Any) -> Iterator[EmbeddedServer]:
    """A server on 127.0.0.1, a free port, with `folder`/games.db; stopped after."""
    # scripted players answer far faster than people: the flood limits are the hostile
    # tests' subject, not these
    limits = {"rate": 2000.0, "burst": 2000, "address_rate": 4000.0, "address_burst": 4000}
    settings = ServerConfig(host="127.0.0.1", port=0, **{**limits, **config})
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
    conn = Connection(address, name=name, backoff=(0.05, 0.5))
    conn.timeout = WAIT  # a loaded machine may take seconds to load a scenario
    return conn.start(wait=WAIT)


BALER_FOR_TWO = {"type": "create", "game": "baler", "take": "spanish",
                 "seats": {"spanish": "human", "philippine": "human"}}
"""A Baler game with a person at each seat, the host playing the Spanish."""


def game_for_two(host: Connection, guest: Connection, **join: Any
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    """`BALER_FOR_TWO` created by `host` and joined by `guest` with its invitation (`join`:
    more fields of the join, e.g. name="Ana"): the server's two answers."""
    created = host.call(dict(BALER_FOR_TWO))
    joined = guest.call({"type": "join", "code": created["invites"]["philippine"], **join})
    return created, joined


def doors_for_two(host: Connection, guest: Connection) -> list[RemoteDoor]:
    """A game for two (`game_for_two`) opened at both seats: the Spanish door first."""
    created, joined = game_for_two(host, guest)
    return [RemoteDoor(host, token=created["token"]), RemoteDoor(guest, token=joined["token"])]


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


def wait_evicted(server: EmbeddedServer, game_id: str, timeout: float = 10.0) -> None:
    """Wait until the idle game `game_id` has left the server's memory (fails if it stays)."""
    end = time.monotonic() + timeout
    while game_id in server.server.live and time.monotonic() < end:
        time.sleep(0.05)
    assert game_id not in server.server.live, "the idle game stayed in memory"


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


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server_process(port: int, db: str, *extra: str) -> Any:
    """`wargames serve` in a process of its own on 127.0.0.1:`port`; returns once it listens."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from engine.cli import main; sys.exit(main())",
         "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db,
         "--log-level", "warning", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert process.stdout is not None
    line = process.stdout.readline().decode()
    if "serving on" not in line:
        process.kill()
        rest = process.stdout.read().decode()
        raise AssertionError(f"the server did not start: {line}{rest[-2000:]}")
    return process


PG_BIN_DIRS = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin",
               "/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/14/bin")


@contextmanager
def temporary_postgres(folder: Path) -> Iterator[str]:
    """A throw-away PostgreSQL cluster in `folder` on a free loopback port; its address.

    PostgreSQL refuses to run as root: as root, the cluster is made and run by the system's
    `postgres` account (else `nobody`) through `runuser`. Skips the test, saying why, when the
    binaries, psycopg or such an account are missing."""
    import os
    import pwd
    import shutil
    import subprocess

    pytest = __import__("pytest")
    pytest.importorskip("psycopg", reason="psycopg is not installed (wargames[online])")
    bindir = next((Path(d) for d in PG_BIN_DIRS if (Path(d) / "initdb").exists()), None)
    if bindir is None and shutil.which("initdb"):
        bindir = Path(str(shutil.which("initdb"))).parent
    if bindir is None:
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed")
    prefix: list[str] = []
    data = folder / "pgdata"
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        account = next((name for name in ("postgres", "nobody") if _has_user(name)), None)
        if runuser is None or account is None:
            pytest.skip("running as root, and no runuser or unprivileged account to run "
                        "PostgreSQL as (it refuses root)")
        # the account must reach the folder: pytest's temporary folders are root's alone, so
        # they are opened for passing through (o+x, not for listing)
        for parent in (folder, *folder.parents):
            if parent.owner() == "root" and parent != Path("/"):
                parent.chmod(parent.stat().st_mode | 0o001)
        data.mkdir()
        entry = pwd.getpwnam(account)
        os.chown(data, entry.pw_uid, entry.pw_gid)
        prefix = [runuser, "-u", account, "--"]
    port = free_port()
    run = lambda *cmd: subprocess.run([*prefix, *cmd], check=True,  # noqa: E731
                                      capture_output=True, timeout=120)
    try:
        run(str(bindir / "initdb"), "-D", str(data), "-U", "games", "--auth=trust",
            "--no-sync", "-E", "UTF8")
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(data / "pg.log"), "-w", "-o",
            f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    except subprocess.CalledProcessError as err:
        pytest.skip(f"a temporary PostgreSQL could not start: "
                    f"{err.stderr.decode(errors='replace')[-300:]}")
    try:
        yield f"postgresql://games@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], capture_output=True, timeout=60)


def _has_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
