"""Around the table: computer seats played by the server, "my games" with whose move it is, the
chat (stored, length-limited), spectators on the public view, and games that leave memory when
idle and are rebuilt from their log when opened again."""

from __future__ import annotations

import random

import pytest

from engine import plugins
from engine.net.client import ClientError
from engine.net.door import ChatLine
from engine.net.protocol import MAX_CHAT
from engine.net.remote import RemoteDoor
from netplay import (
    connection,
    doors_for_two,
    game_for_two,
    pick,
    running_server,
    settle,
    wait_evicted,
    wait_until,
)


def test_a_computer_seat_is_played_by_the_server(tmp_path):
    with running_server(tmp_path) as server:
        conn = connection(server)
        try:
            created = conn.call({"type": "create", "game": "baler", "take": "spanish",
                                 "seats": {"spanish": "human", "philippine": "computer:easy"}})
            assert created["invites"] == {}
            door = RemoteDoor(conn, token=created["token"])
            rng = random.Random(2)
            for _ in range(40):
                wait_until(lambda: door.deciding() or door.result(), doors=[door])
                if door.result():
                    break
                revision = door.revision
                door.play(pick(door, rng), revision)
                settle([door], revision + 1)
            players = {e.player for e in door.log("spanish")}
            assert "philippine" in players, "the computer never answered"
        finally:
            conn.close()


def test_my_games_say_whose_move_it_is(tmp_path):
    with running_server(tmp_path) as server:
        a, b = connection(server), connection(server)
        try:
            created, joined = game_for_two(a, b, name="Ana")
            listed = a.call({"type": "games", "tokens": [created["token"], "forged"]})["games"]
            assert len(listed) == 1
            game = listed[0]
            assert game["game"] == created["game"] and game["side"] == "spanish"
            seats = {s["side"]: s for s in game["seats"]}
            assert seats["philippine"]["joined"] and seats["philippine"]["name"] == "Ana"
            theirs = b.call({"type": "games", "tokens": [joined["token"]]})["games"][0]
            assert game["your_move"] != theirs["your_move"]
            assert game["decider"] == theirs["decider"] in ("spanish", "philippine")
        finally:
            a.close()
            b.close()


def test_the_chat_is_shared_stored_and_limited(tmp_path):
    with running_server(tmp_path) as server:
        a, b = connection(server), connection(server)
        try:
            created, joined = game_for_two(a, b)
            doors = [RemoteDoor(a, token=created["token"]), RemoteDoor(b, token=joined["token"])]
            doors[0].say("  good luck\x07  ")
            updates = wait_until(lambda: doors[1].chat, doors=doors)
            assert [line.text for line in doors[1].chat] == ["good luck"]
            assert any(isinstance(u, ChatLine) for u in updates)
            with pytest.raises(ClientError, match="at most"):
                a.call({"type": "chat", "game": created["game"], "text": "x" * (MAX_CHAT + 1)})
            c = connection(server)
            again = RemoteDoor(c, token=joined["token"])  # another machine: the chat is stored
            assert [line.text for line in again.chat] == ["good luck"]
            c.close()
        finally:
            a.close()
            b.close()


def test_a_spectator_sees_the_public_view(tmp_path):
    plugin = plugins.get("baler")
    with running_server(tmp_path) as server:
        conn = connection(server)
        try:
            created = conn.call({"type": "create", "game": "baler", "take": "spanish",
                                 "spectators": True,
                                 "seats": {"spanish": "human", "philippine": "human"}})
            watcher = RemoteDoor(conn, spectate=created["spectate"])
            assert watcher.seats == () and watcher.legal() == []
            live = server.server.live[created["game"]]
            assert watcher.view(None) == plugin.rules.view(live.session.state, None)
        finally:
            conn.close()


def test_an_idle_game_leaves_memory_and_comes_back_from_its_log(tmp_path):
    with running_server(tmp_path, idle_evict=0.2) as server:
        conn = connection(server)
        try:
            created = conn.call({"type": "create", "game": "baler", "take": "spanish",
                                 "seats": {"spanish": "human", "philippine": "human"}})
            door = RemoteDoor(conn, token=created["token"])
            rng = random.Random(1)
            played = 0
            while door.deciding() and played < 5:
                revision = door.revision
                door.play(pick(door, rng), revision)
                settle([door], revision + 1)
                played += 1
            view, length = door.view("spanish"), door.length
            door.close()
            wait_evicted(server, created["game"])
            back = RemoteDoor(conn, token=created["token"])
            assert back.length == length and back.view("spanish") == view
        finally:
            conn.close()


def test_the_server_says_which_answers_roll(tmp_path):
    """`probe` (door.rolls): asked of the answering seat, tried on a copy with what it may not
    see redrawn; the other seat learns nothing from it."""
    with running_server(tmp_path) as server:
        a, b = connection(server), connection(server)
        try:
            doors = dict(zip(("spanish", "philippine"), doors_for_two(a, b), strict=True))
            rng = random.Random(6)
            rolled = False
            for _ in range(40):
                seat = next((s for s, d in doors.items() if d.deciding()), None)
                if seat is None:
                    break
                door = doors[seat]
                other = next(d for s, d in doors.items() if s != seat)
                legal = door.legal()
                if any(door.rolls(action) for action in legal[:8]):
                    rolled = True
                    assert not any(other.rolls(action) for action in legal[:8])
                    break
                revision = door.revision
                door.play(pick(door, rng), revision)
                settle(list(doors.values()), revision + 1)
            assert rolled, "no answer that rolls was met"
        finally:
            a.close()
            b.close()
