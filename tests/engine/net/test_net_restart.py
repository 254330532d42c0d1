"""A server killed at any moment (SIGKILL, mid-game, while submissions are on their way)
starts again with every game as it was: every action the players chose is in the stored log
exactly once, in order, and what each player sees after the restart is what an offline replay
of that log shows (docs/online.md, "Nothing lost").

`make test` kills a Baler game's server three times; `make soak` each title's eight times.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path

import pytest

from engine import plugins
from engine.core.actions import ActionCodec
from engine.loading import load_game_scenario
from engine.net.live import rebuild
from engine.net.remote import RemoteDoor
from engine.net.store import SqliteStore
from netplay import connection, free_port, pick, settle, start_server_process, wait_until

GAMES = plugins.discover()


def play_through_kills(game: str, tmp_path: Path, actions: int, kills: int) -> None:
    plugin = GAMES[game]
    sides = plugin.sides
    port, db = free_port(), tmp_path / "games.db"
    server = start_server_process(port, f"sqlite:///{db}")
    conns = []
    try:
        conns = [connection(f"ws://127.0.0.1:{port}") for _ in sides]
        created = conns[0].call({"type": "create", "game": game, "take": sides[0],
                                 "seats": {s: "human" for s in sides}})
        tokens = {sides[0]: created["token"]}
        for conn, side in zip(conns[1:], sides[1:], strict=True):
            tokens[side] = conn.call({"type": "join", "code": created["invites"][side]})["token"]
        doors = [RemoteDoor(c, token=tokens[s]) for c, s in zip(conns, sides, strict=True)]
        rng = random.Random(game)
        kill_at = set(rng.sample(range(5, actions), kills))
        chosen = []
        for step in range(actions):
            door = next((d for d in doors if d.deciding()), None)
            if door is None:
                break
            revision = door.revision
            action = pick(door, rng)
            door.play(action, revision)
            chosen.append(action)
            if step in kill_at:
                time.sleep(rng.random() * 0.02)  # before, during or after the commit
                os.kill(server.pid, signal.SIGKILL)
                server.wait()
                server = start_server_process(port, f"sqlite:///{db}")
            settle(doors, revision + 1)
            wait_until(lambda: all(d.connected for d in doors), doors=doors)
        server.send_signal(signal.SIGTERM)
        server.wait(20)
        store = SqliteStore(db)
        loaded = store.load(created["game"])
        store.close()
        assert loaded is not None
        codec = ActionCodec(plugin.rules.action_types)
        stored = [codec.decode(json.loads(row.action)) for row in loaded.actions]
        assert stored == chosen, "an action was lost or applied twice"
        live = rebuild(loaded, plugin, load_game_scenario(plugin))
        for door, side in zip(doors, sides, strict=True):
            assert door.length == len(stored)
            assert door.view(side) == plugin.rules.view(live.session.state, side)
    finally:
        for conn in conns:
            conn.close()
        if server.poll() is None:
            server.kill()
            server.wait()


def test_a_killed_server_loses_no_committed_action(tmp_path):
    play_through_kills("baler", tmp_path, 40, 3)


@pytest.mark.soak
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_killed_server_loses_no_committed_action_soak(game, tmp_path):
    play_through_kills(game, tmp_path, 200, 8)
