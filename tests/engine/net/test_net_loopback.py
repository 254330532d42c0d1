"""A scripted game of each title over loopback: every seat a client of a real server, the same
game beside it through local doors over a session with the same seed. After every action (and
every undo) each seat reads the same log, view, decision, answers, undo barrier and result
through both doors (DESIGN.md §9, "one door to a game")."""

from __future__ import annotations

import random

import pytest

from engine import plugins
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.net.door import Moved
from engine.net.local import LocalDoor
from engine.net.remote import RemoteDoor
from netplay import connection, moves, pick, running_server, settle

GAMES = plugins.discover()
SEED = 424242
ACTIONS = {"baler": 140, "filipinas": 140, "guerra": 90}


def assert_same(seat: str, remote: RemoteDoor, local: LocalDoor) -> None:
    assert remote.length == local.length
    assert remote.log(seat) == local.log(seat)
    assert remote.view(seat) == local.view(seat)
    assert remote.decision() == local.decision()
    assert remote.deciding() == local.deciding()
    assert remote.answers() == local.answers()
    assert remote.can_undo() == local.can_undo()
    assert remote.can_redo() == local.can_redo()
    assert remote.result() == local.result()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_scripted_game_reads_the_same_through_both_doors(game, tmp_path):
    plugin = GAMES[game]
    sides = plugin.sides
    with running_server(tmp_path, seeds=lambda: SEED) as server:
        conns = [connection(server, f"player {i}") for i in range(len(sides))]
        try:
            created = conns[0].call({"type": "create", "game": game,
                                     "seats": {s: "human" for s in sides}, "take": sides[0]})
            tokens = {sides[0]: created["token"]}
            for conn, side in zip(conns[1:], sides[1:], strict=True):
                joined = conn.call({"type": "join", "code": created["invites"][side]})
                assert joined["side"] == side
                tokens[side] = joined["token"]
            remote = {s: RemoteDoor(c, token=tokens[s]) for s, c in zip(sides, conns,
                                                                          strict=True)}
            session = Session(plugin.rules, load_game_scenario(plugin), SEED)
            local = {s: LocalDoor(plugin, session, (s,), humans=sides, host=sides[0])
                     for s in sides}
            doors = list(remote.values())
            rng = random.Random(game)
            undone = 0
            for _ in range(ACTIONS[game]):
                for side in sides:
                    assert_same(side, remote[side], local[side])
                seat = next((s for s in sides if remote[s].deciding()), None)
                if seat is None:
                    break
                door, mirror = remote[seat], local[seat]
                revision = door.revision
                if door.can_undo() and rng.random() < 0.15:
                    door.undo(revision)
                    mirror.undo(mirror.revision)
                    undone += 1
                else:
                    action = pick(door, rng)
                    door.play(action, revision)
                    mirror.play(action, mirror.revision)
                updates = settle(doors, revision + 1)
                assert [u for u in mirror.poll() if not isinstance(u, Moved)] == []
                assert moves(updates), "no door heard of the change"
            for side in sides:
                assert_same(side, remote[side], local[side])
            assert undone, "the script took nothing back"
        finally:
            for conn in conns:
                conn.close()
