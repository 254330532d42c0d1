"""Hostile clients (docs/online.md, "What is protected"): each gets one clear refusal or a
closed connection, no game changes, and a game played meanwhile by two other players (from
other loopback addresses, so the limits per address are not theirs) keeps being served."""

from __future__ import annotations

import json
import random
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engine.net.client import Connection
from engine.net.protocol import MAX_MESSAGE, dumps
from engine.net.remote import RemoteDoor
from netplay import doors_for_two, pick, running_server, settle, url

WAIT = 20.0
"""Seconds to wait for an answer (a loaded machine is slow; a passing test does not wait)."""
ANSWERS = {"welcome", "created", "joined", "opened", "refused", "error", "done", "games",
           "probed", "views"}


class Table:
    """The server, a bystanders' game, and helpers to attack it."""

    def __init__(self, server):
        self.server = server
        self.port = server.port
        self.conns = [Connection(url(server), source=f"127.0.0.{n}", backoff=(0.05, 0.5))
                      for n in (2, 3)]
        for conn in self.conns:
            conn.timeout = 60
            conn.start(wait=10)
        self.doors = doors_for_two(*self.conns)
        self.rng = random.Random(3)

    def bystanders_play(self) -> None:
        """One action of the bystanders' game goes through."""
        door = next(d for d in self.doors if d.deciding())
        revision = door.revision
        door.play(pick(door, self.rng), revision)
        settle(self.doors, revision + 1)

    def raw(self, hello: bool = True) -> ClientConnection:
        ws = connect(f"ws://127.0.0.1:{self.port}", proxy=None, max_size=None,
                     ping_interval=None, open_timeout=WAIT)
        if hello:
            assert ask(ws, {"type": "hello"})["type"] == "welcome"
        return ws

    def own_game(self, ws: ClientConnection) -> dict:
        """A game the attacker plays (Spanish), the other seat open; its id, token, rev."""
        created = ask(ws, {"type": "create", "game": "baler", "take": "spanish",
                           "seats": {"spanish": "human", "philippine": "human"}})
        opened = ask(ws, {"type": "open", "token": created["token"]})
        return {**created, "rev": opened["rev"], "opened": opened}

    def fingerprint(self, game_id: str):
        live = self.server.server.live[game_id]
        return live.rev, live.session.state_hash(), len(live.session.history)


def ask(ws: ClientConnection, message: dict, raw: str | None = None) -> dict:
    ws.send(raw if raw is not None else dumps(message))
    end = time.monotonic() + WAIT
    while True:
        answer = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if answer["type"] in ANSWERS:
            return answer


def bogus_play(ws: ClientConnection, game_id: str, seq: int) -> dict:
    """A submission the server must refuse before looking at its action; the refusal."""
    return ask(ws, {"type": "play", "game": game_id, "seq": seq, "sub": "x",
                    "action": {"type": "Nope"}})


def played(ws: ClientConnection, message: dict) -> dict:
    """Send a submission; its update, or its refusal."""
    ws.send(dumps(message))
    end = time.monotonic() + WAIT
    while True:
        answer = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if answer["type"] in ("update", "refused", "error", "done"):
            return answer


def closed_code(ws: ClientConnection, timeout: float = WAIT) -> int | None:
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            ws.recv(timeout=max(0.01, end - time.monotonic()))
    except ConnectionClosed as err:
        return err.rcvd.code if err.rcvd else 1006
    except TimeoutError:
        return None
    return None


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("hostile"), max_bad=5, max_wrong_codes=5,
                        hello_timeout=3.0, ping_interval=3.0, ping_timeout=3.0,
                        max_connections=6, creates_per_hour=1000, rate=20, burst=20,
                        address_rate=400, address_burst=400) as server:
        t = Table(server)
        yield t
        for conn in t.conns:
            conn.close()


def test_an_oversized_message_closes_its_connection(table):
    ws = table.raw()
    game = table.own_game(ws)
    before = table.fingerprint(game["game"])
    ws.send(json.dumps({"v": 1, "type": "chat", "game": game["game"],
                        "text": "x" * MAX_MESSAGE}))
    assert closed_code(ws) == 1009
    table.bystanders_play()
    assert table.fingerprint(game["game"]) == before


@pytest.mark.parametrize("raw", [
    "not json", "[1, 2]", '{"v": 1}', '{"v": 99, "type": "hello"}', '{"v": 1, "type": "nope"}',
    '{"v": 1, "type": "play"' + ', "x": [' * 40 + "]" * 40 + "}",
    '{"v": 1, "type": "play", "game": 5, "seq": 0}', '{"v": 1, "type": "games", "tokens": 1}',
    '{"v": 1, "type": "join", "code": "' + "A" * 5000 + '"}',
])
def test_a_malformed_message_gets_one_clear_error(table, raw):
    ws = table.raw()
    answer = ask(ws, {}, raw=raw)
    assert answer["type"] == "error" and answer["reason"]
    assert ask(ws, {"type": "games", "tokens": []})["type"] == "games"  # still served
    ws.close()


def test_a_binary_frame_is_refused(table):
    ws = table.raw()
    ws.send(b"\x00\x01")
    assert json.loads(ws.recv(timeout=WAIT))["code"] == "bad-message"
    ws.close()


def test_too_many_malformed_messages_close_the_connection(table):
    ws = table.raw()
    for _ in range(5):
        ws.send("{")
    assert closed_code(ws) == 1008
    table.bystanders_play()


def test_a_message_before_hello_closes_the_connection(table):
    ws = table.raw(hello=False)
    answer = ask(ws, {"type": "games", "tokens": []})
    assert answer["type"] == "error"
    assert closed_code(ws) == 1008


@pytest.mark.parametrize("action", [
    {"type": "Nope"}, {"type": "PlayCard"}, {"type": "PlayCard", "card": 10**100},
    "PlayCard", None, {"type": "EndPhase", "extra": [[[[1]]]]},
])
def test_an_action_not_of_the_game_is_refused_and_changes_nothing(table, action):
    ws = table.raw()
    game = table.own_game(ws)
    before = table.fingerprint(game["game"])
    answer = ask(ws, {"type": "play", "game": game["game"], "seq": game["rev"], "sub": "s1",
                      "action": action})
    assert answer["type"] in ("refused", "error") and answer["reason"]
    assert table.fingerprint(game["game"]) == before
    ws.close()


def _decision_of(opened: dict) -> str | None:
    return opened["snapshot"]["decision"]["player"]


def test_an_action_for_the_other_seat_is_refused(table):
    ws = table.raw()
    game = table.own_game(ws)
    opened = game["opened"]
    # the attacker holds the Spanish seat; answer whatever is legal for the other side too
    answers = opened["snapshot"]["answers"]
    if _decision_of(opened) == "spanish":
        action = answers["legal"][0]
        answer = played(ws, {"type": "play", "game": game["game"], "seq": game["rev"],
                             "sub": "a", "action": action})
        assert answer["type"] == "update", answer
    live = table.server.server.live[game["game"]]
    assert live.answering() == "philippine"
    legal = live.session.legal_actions()[0].to_json()
    before = table.fingerprint(game["game"])
    answer = ask(ws, {"type": "play", "game": game["game"], "seq": live.rev, "sub": "b",
                      "action": legal})
    assert answer["type"] == "refused" and answer["code"] == "not-yours"
    assert table.fingerprint(game["game"]) == before
    ws.close()


def test_a_stale_sequence_number_is_refused_and_a_resent_submission_applied_once(table):
    ws = table.raw()
    game = table.own_game(ws)
    opened = game["opened"]
    assert _decision_of(opened) == "spanish"
    action = opened["snapshot"]["answers"]["legal"][0]
    message = {"type": "play", "game": game["game"], "seq": game["rev"], "sub": "once",
               "action": action}
    assert played(ws, message)["type"] == "update"
    after_first = table.fingerprint(game["game"])
    assert ask(ws, message)["type"] == "done"  # the same submission again: not applied twice
    assert ask(ws, {**message, "sub": "other"})["code"] == "stale"
    assert table.fingerprint(game["game"]) == after_first
    ws.close()


def test_a_forged_token_is_refused_and_repeated_ones_close_the_connection(table):
    ws = table.raw()
    answer = ask(ws, {"type": "open", "token": "A" * 22})
    assert answer["type"] == "refused" and answer["code"] == "unknown-token"
    for _ in range(5):
        ws.send(dumps({"type": "join", "code": "ZZZZZ-ZZZZZ"}))
    assert closed_code(ws) == 1008
    table.bystanders_play()


def test_a_used_invitation_code_is_refused(table):
    ws = table.raw()
    created = ask(ws, {"type": "create", "game": "baler", "take": "spanish",
                       "seats": {"spanish": "human", "philippine": "human"}})
    code = created["invites"]["philippine"]
    assert ask(ws, {"type": "join", "code": code.lower()})["type"] == "joined"
    again = ask(ws, {"type": "join", "code": code})
    assert again["type"] == "refused" and again["code"] == "unknown-code"
    ws.close()


def test_a_token_opened_elsewhere_takes_the_seat_over(table):
    first, second = table.raw(), table.raw()
    game = table.own_game(first)
    assert ask(second, {"type": "open", "token": game["token"]})["type"] == "opened"
    end = time.monotonic() + WAIT
    taken = False
    while not taken and time.monotonic() < end:
        taken = json.loads(first.recv(timeout=WAIT))["type"] == "taken"
    assert taken
    assert bogus_play(first, game["game"], game["rev"])["code"] == "not-open"
    first.close()
    second.close()


def test_a_spectator_cannot_play(table):
    ws = table.raw()
    created = ask(ws, {"type": "create", "game": "baler", "take": "spanish",
                       "spectators": True, "seats": {"spanish": "human",
                                                     "philippine": "computer:random"}})
    watcher = table.raw()
    opened = ask(watcher, {"type": "open", "spectate": created["spectate"]})
    assert opened["type"] == "opened" and opened["side"] is None
    assert opened["snapshot"]["answers"] is None
    assert bogus_play(watcher, created["game"], opened["rev"])["code"] == "not-yours"
    ws.close()
    watcher.close()


def test_a_flood_gets_one_warning_then_the_connection_is_closed(table):
    ws = table.raw()
    for _ in range(200):
        try:
            ws.send(dumps({"type": "leave", "game": "none"}))
        except ConnectionClosed:
            break
    warnings = 0
    try:
        while True:
            if json.loads(ws.recv(timeout=WAIT)).get("code") == "rate":
                warnings += 1
    except ConnectionClosed as err:
        # the close frame, or the connection cut when the flooder does not answer it
        assert err.rcvd is None or err.rcvd.code == 1008
    assert warnings == 1
    table.bystanders_play()


def test_too_many_connections_from_one_address_are_closed(table):
    kept = [table.raw(hello=False) for _ in range(6)]
    extra = table.raw(hello=False)
    assert closed_code(extra) == 1008
    for ws in kept:
        ws.close()
    table.bystanders_play()


def test_half_open_connections_are_closed(table):
    silent = socket.create_connection(("127.0.0.1", table.port))  # no handshake at all
    quiet = table.raw(hello=False)  # a handshake, then nothing
    # a handshake and hello, then no answer to pings: a raw socket upgraded by hand
    deaf = socket.create_connection(("127.0.0.1", table.port))
    deaf.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\n\r\n")
    payload = dumps({"type": "hello"}).encode()
    deaf.sendall(bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
    assert closed_code(quiet) == 1008
    for sock in (silent, deaf):
        sock.settimeout(20)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            if not sock.recv(65536):
                break
        else:
            pytest.fail("a half-open connection was left open")
        sock.close()
    table.bystanders_play()


def test_a_move_over_the_rate_limit_is_answered_not_left_waiting(tmp_path):
    """A submission the flood limit turns away is refused by name (the door hears why), so a
    player's move never waits for an answer that will not come."""
    from engine.net.door import Refused

    with running_server(tmp_path, rate=1, burst=4, max_bad=50) as server:
        conn = Connection(url(server), backoff=(0.05, 0.5))
        conn.timeout = 60
        conn.start(wait=10)
        try:
            created = conn.call({"type": "create", "game": "baler", "take": "spanish",
                                 "seats": {"spanish": "human", "philippine": "human"}})
            door = RemoteDoor(conn, token=created["token"])
            # the hello, create and open used three of the four at once; a few quick
            # stale submissions (refused either way) use the rest and go over
            for _ in range(4):
                door.connection.send({"type": "play", "game": door.game_id, "seq": -5,
                                      "sub": "x", "id": "x", "action": {"type": "Done"}})
            seq = door.revision
            door.play(pick(door, random.Random(1)), seq)
            end = time.monotonic() + WAIT
            heard = []
            while door.pending and time.monotonic() < end:
                heard += door.poll()
                time.sleep(0.01)
            heard += door.poll()
            assert door.pending == 0
            assert any(isinstance(u, Refused) and u.code == "rate" for u in heard), heard
        finally:
            conn.close()
