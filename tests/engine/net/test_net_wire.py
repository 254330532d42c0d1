"""Views, events, decisions and answers cross the wire unchanged: what a seat reads back from a
message equals what the rules gave (engine.net.wire), at every position of random games of
each title, and hostile shapes are refused with `WireError`."""

from __future__ import annotations

import json
import random

import pytest

from engine import plugins
from engine.ai.agent import without_concessions
from engine.core.actions import ActionCodec, DiceRolled, Message
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.net import seat as seatinfo
from engine.net.wire import (
    EventDecoder,
    WireError,
    decode_value,
    encode_event,
    encode_value,
)

GAMES = plugins.discover()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_and_events_read_back_equal(game: str) -> None:
    plugin = GAMES[game]
    codec = ActionCodec(plugin.rules.action_types)
    decode_event = EventDecoder(codec)
    session = Session(plugin.rules, load_game_scenario(plugin), 7)
    rng = random.Random(7)
    for _ in range(150):
        legal = session.legal_actions()
        if not legal:
            break
        for side in (*plugin.sides, None):
            view = plugin.rules.view(session.state, side)
            sent = json.loads(json.dumps(encode_value(view)))
            assert decode_value(sent, codec) == view
        options = without_concessions(legal)
        session.play(options[rng.randrange(len(options))])
        for event in session.history[-1].events:
            sent = json.loads(json.dumps(encode_event(event)))
            back = decode_event(sent)
            assert back == event and type(back) is type(event)


def test_tags_cannot_be_forged_by_a_views_own_keys() -> None:
    codec = ActionCodec(())
    for value in ({"$t": [1, 2]}, {"$a": 1, "b": 2}, {"x": (1, {2, 3})}, {(1, 2): "pair"},
                  frozenset({"a"}), [(), {}]):
        assert decode_value(json.loads(json.dumps(encode_value(value))), codec) == value


@pytest.mark.parametrize("data", [
    {"$bogus": 1}, {"$t": 5}, {"$map": [[1]]}, {"$map": [[[1], 2]]}, {"$a": {"type": "Nope"}},
    {"$set": [[1]]}, {"$d": 3},
])
def test_hostile_shapes_are_refused(data: object) -> None:
    with pytest.raises(WireError):
        decode_value(data, ActionCodec(()))


def test_deep_nesting_is_refused() -> None:
    deep: object = 1
    for _ in range(200):
        deep = [deep]
    with pytest.raises(WireError):
        encode_value(deep)
    with pytest.raises(WireError):
        decode_value(deep, ActionCodec(()))


def test_an_event_class_unknown_here_reads_as_a_message() -> None:
    event = DiceRolled("two sixes", values=(6, 6))
    data = encode_event(event)
    data["type"] = "someone.else.Rolled"
    back = EventDecoder(ActionCodec(()))(data)
    assert back == Message("two sixes")


def test_another_sides_private_prompt_is_withheld() -> None:
    from engine.core.game import Decision

    private = Decision("a", "hand", "Discard the Ace of Spades", private=True)
    assert seatinfo.seat_decision(private, "b").prompt == ""
    assert seatinfo.seat_decision(private, "a").prompt == private.prompt
