"""Random playouts through legal_actions/apply with the invariants checked after every action
(DESIGN.md §6), the solo bot against random Filipino play, and replay determinism."""

from __future__ import annotations

import random

import pytest
from helpers import RULES

from engine.core.actions import IllegalActionError
from filipinas.bot import SpanishBot
from filipinas.rules import actions as A


def _playout(scenario, seed, bot=False):
    state = RULES.new_game(scenario, seed)
    rng = random.Random(seed)
    spanish = SpanishBot("spain", seed)
    steps = 0
    while RULES.result(state) is None:
        legal = RULES.legal_actions(state)
        assert legal, "no legal action but no result"
        if bot and state.decision.player == "spain":
            action = spanish.choose(RULES, state, legal)
            assert action in legal
        else:
            action = rng.choice(legal)
        RULES.apply(state, action)
        broken = RULES.check_invariants(state)
        assert not broken, (seed, steps, action, broken)
        steps += 1
        assert steps < 20_000
    return state, steps


@pytest.mark.parametrize("seed", range(25))
def test_random_playouts_keep_the_invariants(scenario, seed):
    state, _ = _playout(scenario, seed)
    assert RULES.result(state) is not None
    assert state.turn <= state.data.last_turn


@pytest.mark.parametrize("seed", range(10))
def test_solo_bot_playouts_keep_the_invariants(solo_scenario, seed):
    state, _ = _playout(solo_scenario, seed, bot=True)
    assert RULES.result(state) is not None


def test_same_seed_same_game(scenario):
    a, n = _playout(scenario, 7)
    b, m = _playout(scenario, 7)
    assert n == m and RULES.state_hash(a) == RULES.state_hash(b)


def test_illegal_action_raises_before_changing_anything(scenario):
    state = RULES.new_game(scenario, 3)
    before = RULES.state_hash(state)
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(state, A.Repatriate("desierto"))
    assert err.value.section
    assert RULES.state_hash(state) == before


def test_view_hides_the_other_hand(scenario):
    state = RULES.new_game(scenario, 4)
    fil = RULES.view(state, "filipino")
    spa = RULES.view(state, "spain")
    public = RULES.view(state, None)
    assert fil["hand"] == state.hands["filipino"] and spa["hand"] == state.hands["spain"]
    assert public["hand"] == [] and public["hand_sizes"] == {"filipino": 5, "spain": 5}
    assert not set(state.hands["spain"]) & set(str(fil).split("'"))
