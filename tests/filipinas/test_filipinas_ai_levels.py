"""Filipinas' levels of play: what is hidden from a side changes nothing it chooses, and a
short Normal-against-Easy game ends legally."""

from __future__ import annotations

import copy
import random

import pytest
from filipinas_hidden import hidden_twin

from engine.ai.agent import Seat
from engine.ai.registry import make_agent
from engine.ai.search import Budget, Search, Settings
from engine.core.session import Session
from engine.sim import playout
from filipinas import PLUGIN
from filipinas.ai import FITTED, FilipinasAgent, easy, evaluate, features, fitted_evaluate
from filipinas.rules.hidden import DRAW_DECK, determinize
from filipinas.rules.setup import FILIPINO, SPAIN

RULES = PLUGIN.rules
SMALL = Budget(seconds=None, iterations=3)


def other(side: str) -> str:
    return SPAIN if side == FILIPINO else FILIPINO


def position(scenario, seed: int, actions: int, side: str) -> Session:
    """Easy on both sides for `actions` actions, then on to a real choice of `side` while the
    other side holds cards in hand and deck."""
    session = Session(RULES, scenario, seed)
    agents = {s: easy(s, seed) for s in RULES.sides}

    def ready() -> bool:
        st = session.state
        return (st.decision.player == side and len(session.legal_actions()) >= 2
                and bool(st.hands[other(side)]) and bool(st.decks[DRAW_DECK[other(side)]]))

    while len(session.history) < actions or not ready():
        assert session.result() is None, "the game ended before the position was reached"
        player = session.decision.player
        session.play(agents[player].choose(RULES, session.state, session.legal_actions()))
    return session


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("side", [FILIPINO, SPAIN])
def test_what_is_hidden_from_the_side_does_not_change_its_choice(scenario, level, side):
    st = position(scenario, 5, 6, side).state
    twin = hidden_twin(st, side)
    assert RULES.state_hash(twin) != RULES.state_hash(st)
    assert RULES.view(twin, side) == RULES.view(st, side)
    legal = RULES.legal_actions(st)
    choices = [make_agent(PLUGIN, level, side, 5, SMALL).choose(RULES, s, legal)
               for s in (st, twin)]
    assert choices[0] == choices[1]


def test_a_determinization_depends_only_on_the_view(scenario):
    st = position(scenario, 6, 4, FILIPINO).state
    twin = hidden_twin(st, FILIPINO)
    drawn = [determinize(s, FILIPINO, random.Random(3)) for s in (st, twin)]
    assert RULES.state_hash(drawn[0]) == RULES.state_hash(drawn[1])
    assert RULES.view(drawn[0], FILIPINO) == RULES.view(st, FILIPINO)
    assert not RULES.check_invariants(drawn[0])
    assert drawn[0].hands[FILIPINO] == st.hands[FILIPINO]


def test_a_short_normal_game_against_easy_ends_legally(scenario):
    settings = Settings(horizon=4)
    agents = {
        FILIPINO: Seat(Search(FilipinasAgent, evaluate, FILIPINO, 2, SMALL, settings), FILIPINO),
        SPAIN: easy(SPAIN, 2),
    }
    session = playout(PLUGIN, scenario, 2, agents, check=True)
    assert session.result() is not None
    assert agents[FILIPINO].last_reason


def test_the_fitted_evaluation_rates_a_city_taken_and_a_morale_step_lost_for_the_filipinos(
        scenario):
    state = RULES.new_game(scenario, 1)
    before = fitted_evaluate(state, FILIPINO)
    assert 0.0 < before < 1.0
    assert fitted_evaluate(state, SPAIN) == pytest.approx(1.0 - before)
    lower = copy.deepcopy(state)
    lower.morale -= 2
    assert fitted_evaluate(lower, FILIPINO) > before
    city = copy.deepcopy(state)
    city.city_owner[next(iter(state.data.cities))] = FILIPINO
    assert fitted_evaluate(city, FILIPINO) > before
    assert set(features(state)) >= set(FITTED) - {"bias"}
