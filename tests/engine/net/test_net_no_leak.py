"""No leak over the wire (DESIGN.md §3, §9): everything the server sends a seat about a game is
built by engine.net.seat, and what it builds depends only on what that seat may see. The test
is differential: at positions of random games of each title, the hidden information is redrawn
(`RulesExtras.determinize`: the other hands, the decks' and bags' order, the dice to come) and
the seat's message must not change by a single byte. The spectator's (None) is checked the
same way. A message sent over a real connection is checked too: the seed never appears in it,
nor any key of the state's hidden parts.

`make test` plays one game a title, checking every fourth position; `make soak` ten games a
title at every position.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import plugins
from engine.ai.agent import without_concessions
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.net import seat as seatinfo
from engine.net.remote import RemoteDoor
from engine.net.wire import encode_value
from netplay import connection, pick, running_server, settle

GAMES = plugins.discover()


def message_for(session: Session, seat: str | None, since: int) -> str:
    """What the server sends `seat` after a change: the log from `since`, and the snapshot."""
    sides = session.rules.sides
    answering = seatinfo.answerer(session, sides, sides[0])
    return json.dumps({
        "entries": seatinfo.encode_entries(seatinfo.seat_entries(session, seat, since)),
        "snapshot": seatinfo.snapshot(session, seat, answering, can_redo=False)})


def check_game(game: str, seed: int, actions: int, every: int) -> int:
    plugin = GAMES[game]
    rules = plugin.rules
    session = Session(rules, load_game_scenario(plugin), seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(actions):
        legal = session.legal_actions()
        if not legal:
            break
        if step % every == 0:
            since = max(0, len(session.history) - 3)
            for seat in (*plugin.sides, None):
                sent = message_for(session, seat, since)
                for k in range(2):
                    twin = copy.copy(session)
                    twin.state = rules.determinize(session.state, seat, random.Random(k))
                    assert message_for(twin, seat, since) == sent, \
                        f"{game} seed {seed} action {step}: {seat}'s message depends on " \
                        "what it may not see"
                checked += 1
        options = without_concessions(legal)
        session.play(options[rng.randrange(len(options))])
    return checked


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seats_messages_depend_only_on_what_it_may_see(game: str) -> None:
    assert check_game(game, 101, 240, 4) > 40


@pytest.mark.soak
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", range(1, 11))
def test_a_seats_messages_depend_only_on_what_it_may_see_soak(game: str, seed: int) -> None:
    check_game(game, seed, 600, 1)


SECRET_SEED = 3_987_654_321_012_345_678


@pytest.mark.parametrize("game", ["baler", "filipinas"])
def test_no_message_on_the_wire_holds_the_seed_or_the_other_hand(game, tmp_path):
    """Every message each client received, as received: the seed's digits never; and no card
    id of the other side's hand at the time, unless it is in the seat's own view too."""
    plugin = GAMES[game]
    sides = plugin.sides
    received: dict[str, list[str]] = {s: [] for s in sides}
    with running_server(tmp_path, seeds=lambda: SECRET_SEED) as server:
        conns = {s: connection(server) for s in sides}
        for side, conn in conns.items():
            deliver = conn._deliver

            def record(message, side=side, deliver=deliver):
                received[side].append(json.dumps(message))
                deliver(message)
            conn._deliver = record
        try:
            created = conns[sides[0]].call({"type": "create", "game": game, "take": sides[0],
                                            "seats": {s: "human" for s in sides}})
            tokens = {sides[0]: created["token"]}
            for side in sides[1:]:
                tokens[side] = conns[side].call({"type": "join",
                                                 "code": created["invites"][side]})["token"]
            doors = {s: RemoteDoor(conns[s], token=tokens[s]) for s in sides}
            rules = plugin.rules
            mirror = Session(rules, load_game_scenario(plugin), SECRET_SEED)
            rng = random.Random(5)
            played = 0
            for _ in range(80):
                seat = next((s for s in sides if doors[s].deciding()), None)
                if seat is None:
                    break
                action = pick(doors[seat], rng)
                for side in sides:
                    received[side].clear()
                doors[seat].play(action, doors[seat].revision)
                settle(list(doors.values()), doors[seat].revision + 1)
                mirror.play(action)
                played += 1
                for side in sides:
                    other = next(s for s in sides if s != side)
                    own = json.dumps(encode_value(rules.view(mirror.state, side)))
                    hidden = [c for c in mirror.state.hands[_hand_key(mirror, other)]
                              if json.dumps(c) not in own]
                    for text in received[side]:
                        assert str(SECRET_SEED) not in text
                        assert not any(json.dumps(c) in text for c in hidden), \
                            f"{side} was sent a card of {other}'s hand"
            assert played >= 40
        finally:
            for conn in conns.values():
                conn.close()


def _hand_key(session: Session, side: str):
    """The key of `side`'s hand in the state's `hands` (an enum in Baler, the id elsewhere)."""
    return next(k for k in session.state.hands if getattr(k, "value", k) == side)
