"""Past one machine: two server processes share one PostgreSQL database. A player connected to
one and a player connected to the other play a game: each move made through one process
reaches the player on the other at once (NOTIFY), and the stored log replays to what both see.
The database is a throw-away cluster the test starts itself (tests/support/netplay.py; skipped,
with the reason, where PostgreSQL or psycopg is missing)."""

from __future__ import annotations

import random
import signal

from engine import plugins
from engine.loading import load_game_scenario
from engine.net.live import rebuild
from engine.net.remote import RemoteDoor
from netplay import (
    connection,
    free_port,
    game_for_two,
    pick,
    settle,
    start_server_process,
    temporary_postgres,
)


def test_two_server_processes_share_one_postgresql(tmp_path):
    from engine.net.pgstore import PostgresStore

    plugin = plugins.get("baler")
    with temporary_postgres(tmp_path) as address:
        ports = [free_port(), free_port()]
        servers = [start_server_process(p, address) for p in ports]
        conns = []
        try:
            conns = [connection(f"ws://127.0.0.1:{p}") for p in ports]
            created, joined = game_for_two(*conns)
            doors = [RemoteDoor(conns[0], token=created["token"]),
                     RemoteDoor(conns[1], token=joined["token"])]
            rng = random.Random(8)
            through = set()
            for _ in range(60):
                index, door = next(((i, d) for i, d in enumerate(doors) if d.deciding()),
                                   (None, None))
                if door is None:
                    break
                through.add(index)
                revision = door.revision
                door.play(pick(door, rng), revision)
                settle(doors, revision + 1)  # the other process's player heard of it too
            assert through == {0, 1}, "both processes should have taken moves"
            store = PostgresStore(address)
            loaded = store.load(created["game"])
            store.close()
            assert loaded is not None
            live = rebuild(loaded, plugin, load_game_scenario(plugin))
            for door, side in zip(doors, ("spanish", "philippine"), strict=True):
                assert door.length == len(loaded.actions)
                assert door.view(side) == plugin.rules.view(live.session.state, side)
        finally:
            for conn in conns:
                conn.close()
            for server in servers:
                server.send_signal(signal.SIGTERM)
                server.wait(20)
