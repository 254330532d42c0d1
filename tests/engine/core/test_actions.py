"""Actions serialise to JSON and back; events know who may see them."""

import json
from dataclasses import dataclass

import pytest

from engine.core.actions import (
    Action,
    ActionCodec,
    CardDrawn,
    DiceRolled,
    IllegalActionError,
    Message,
)


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    area: str
    dice: int
    posts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """An action without fields."""


CODEC = ActionCodec([Shoot, Pass])


def test_round_trip_through_json():
    a = Shoot("north", 3, ("1-2", "5-6"))
    text = json.dumps(CODEC.encode(a))
    assert CODEC.decode(json.loads(text)) == a
    assert CODEC.decode({"type": "Pass"}) == Pass()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "Fly"}, "unknown action type 'Fly'"),
        ({"area": "x"}, "not an action object"),
        ({"type": "Shoot", "area": "x"}, "has fields ['area'], expected ['area', 'dice', 'posts']"),
    ],
)
def test_decode_rejects_bad_data(data, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        CODEC.decode(data)


def test_duplicate_type_names_rejected():
    with pytest.raises(ValueError):
        ActionCodec([Pass, Pass])


def test_non_json_field_rejected():
    with pytest.raises(TypeError):
        Shoot("a", 1, (object(),)).to_json()  # type: ignore[arg-type]


def test_visibility_and_barriers():
    public = Message("hello")
    private = CardDrawn("draws X", item="X", visible_to=frozenset({"spain"}))
    assert public.visible(None) and public.visible("spain")
    assert private.visible("spain") and not private.visible("philippines")
    assert not private.visible(None)
    assert DiceRolled("r", values=(3,)).barrier and private.barrier and not public.barrier


def test_illegal_action_error_carries_reason_and_section():
    err = IllegalActionError("No dice left", "5.2")
    assert err.reason == "No dice left" and err.section == "5.2"
    assert str(err) == "No dice left (5.2)"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    concession = True


def test_random_agent_never_concedes_while_it_can_play():
    from engine.ai.agent import RandomAgent, without_concessions

    agent = RandomAgent(3)
    legal = [Concede(), Pass(), Shoot("a", 1)]
    assert Concede() not in {agent.choose(None, None, legal) for _ in range(50)}
    assert without_concessions([Concede()]) == [Concede()]
