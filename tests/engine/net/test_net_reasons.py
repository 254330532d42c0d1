"""A server's computer seat tells its moves as one screen does: each move's reason in the game's
words goes with the move to every seat, is kept with the action in the store (so a seat that
comes back, or a game rebuilt from its log, still has it), and a reason a peer damaged is left
out of the log, never a failure. A database of the first version gains the column and keeps its
games."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from engine.net.remote import RemoteDoor
from engine.net.store import (
    SCHEMA_VERSION,
    ActionRow,
    Change,
    GameRow,
    SeatRow,
    SqliteStore,
    Summary,
)
from engine.net.wire import MAX_TOLD, decode_told, encode_told
from netplay import (
    connection,
    doors_for_two,
    pick,
    running_server,
    settle,
    wait_evicted,
    wait_until,
)


def play_against_the_computer(door: RemoteDoor, rng: random.Random, computer: str,
                              moves: int = 3) -> None:
    """Random answers for the human seat until the computer seat has given `moves` reasons."""
    for _ in range(200):
        wait_until(lambda: door.deciding() or door.result(), doors=[door])
        told = [e for e in door.log(door.seats[0]) if e.player == computer and e.reason]
        if door.result() or len(told) >= moves:
            return
        revision = door.revision
        door.play(pick(door, rng), revision)
        settle([door], revision + 1)
    raise AssertionError("the computer seat gave no reasons")


def reasons_of(door: RemoteDoor) -> dict[int, tuple[str, str]]:
    """The reasons in the door's log: action index -> (line, detail)."""
    return {e.index: (e.reason, e.reason_detail) for e in door.log(door.seats[0]) if e.reason}


def test_a_computer_seats_reasons_reach_the_seat_and_stay_with_the_game(tmp_path):
    with running_server(tmp_path, idle_evict=0.3) as server:
        conn = connection(server)
        try:
            created = conn.call({"type": "create", "game": "baler", "take": "spanish",
                                 "seats": {"spanish": "human", "philippine": "computer:easy"}})
            door = RemoteDoor(conn, token=created["token"])
            play_against_the_computer(door, random.Random(3), "philippine")
            log = door.log("spanish")
            told = reasons_of(door)
            assert told and all(log[i].player == "philippine" for i in told)
            # the line says what was done, in words (not the action's id), and the detail is
            # the statistics behind it
            assert all(line and not line.startswith("{") for line, _ in told.values())
            assert any(detail for _, detail in told.values())
            # the server's own record of them, kept with the actions
            stored = server.server.store.load(created["game"])
            assert stored is not None
            kept = {a.idx: decode_told(a.told) for a in stored.actions if a.told}
            assert kept == told
            # another machine opening the seat hears them all again
            other = connection(server)
            again = RemoteDoor(other, token=created["token"])
            assert reasons_of(again) == told
            again.close()
            other.close()
            # the game leaves memory and is rebuilt from its log: they are still there
            door.close()
            wait_evicted(server, created["game"])
            back = RemoteDoor(conn, token=created["token"])
            assert reasons_of(back) == told
        finally:
            conn.close()


def test_a_person_s_moves_carry_no_reason(tmp_path):
    with running_server(tmp_path) as server:
        a, b = connection(server), connection(server)
        try:
            doors = doors_for_two(a, b)
            rng = random.Random(4)
            for _ in range(12):
                deciding = next((d for d in doors if d.deciding() == d.seats[0]), None)
                if deciding is None:
                    break
                revision = deciding.revision
                deciding.play(pick(deciding, rng), revision)
                settle(doors, revision + 1)
            assert doors[0].length > 0
            assert not any(e.reason for d in doors for e in d.log(d.seats[0]))
        finally:
            a.close()
            b.close()


@pytest.mark.parametrize("data", [
    None, 3, [], "not json", "[1, 2]", {"detail": "x"}, {"line": ""}, {"line": 5},
    {"line": "Moves", "detail": 7}, json.dumps({"line": ["x"]}),
])
def test_a_damaged_reason_is_left_out(data):
    assert decode_told(data) is None


def test_a_reason_is_read_back_and_cut_to_its_limit():
    assert decode_told(encode_told("Plunders Cavite: +1 AP", "Normal level: ...")) == \
        ("Plunders Cavite: +1 AP", "Normal level: ...")
    assert decode_told({"line": "Holds back"}) == ("Holds back", "")
    line, detail = decode_told({"line": "x" * (MAX_TOLD + 50), "detail": "y" * (MAX_TOLD * 2)})
    assert len(line) == len(detail) == MAX_TOLD


def test_a_first_version_database_gains_the_reasons_and_keeps_its_games(tmp_path):
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as db:  # the tables as the first version made them
        db.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('schema', '1');
            CREATE TABLE games (
                id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL,
                scenario_sha256 TEXT NOT NULL, seed BIGINT NOT NULL, rev BIGINT NOT NULL,
                length BIGINT NOT NULL, turn BIGINT NOT NULL, decider TEXT, result TEXT,
                created TEXT NOT NULL, updated TEXT NOT NULL, spectate_hash TEXT UNIQUE,
                host TEXT);
            CREATE TABLE seats (
                game_id TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL,
                kind TEXT NOT NULL, level TEXT NOT NULL, name TEXT NOT NULL,
                invite_hash TEXT UNIQUE, token_hash TEXT UNIQUE, PRIMARY KEY (game_id, side));
            CREATE TABLE actions (
                game_id TEXT NOT NULL REFERENCES games(id), idx BIGINT NOT NULL,
                rev BIGINT NOT NULL, action TEXT NOT NULL, player TEXT, sub_id TEXT,
                PRIMARY KEY (game_id, idx));
            INSERT INTO games VALUES ('g1', 'baler', 'siege', 'abc', 7, 1, 1, 1, 'spanish',
                NULL, 'then', 'then', NULL, 'spanish');
            INSERT INTO seats VALUES ('g1', 'spanish', 'human', '', 'Ana', NULL, 'h1');
            INSERT INTO actions VALUES ('g1', 0, 1, '{"type": "x"}', 'spanish', NULL);
        """)
    store = SqliteStore(path)
    try:
        loaded = store.load("g1")
        assert loaded is not None
        assert loaded.actions == (ActionRow(0, 1, '{"type": "x"}', "spanish", None, None),)
        told = encode_told("Shoots at area 2", "Easy level")
        assert store.commit([Change("g1", 1, Summary(2, 1, "philippine", None, "now"),
                                    ActionRow(1, 2, '{"type": "y"}', "philippine", None,
                                              told))]) == [True]
        again = store.load("g1")
        assert again is not None and again.actions[1].told == told
        assert isinstance(again.game, GameRow) and again.seats[0] == SeatRow(
            "g1", "spanish", "human", "", "Ana", None, "h1")
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == \
            (str(SCHEMA_VERSION),)
