"""La Guerra de España's levels of play: only the dice to come are hidden, and they change
nothing a seat chooses; a short Normal-against-Easy stretch of play stays legal."""

from __future__ import annotations

import random

import pytest

from engine.ai.agent import Seat
from engine.ai.registry import make_agent
from engine.ai.search import Budget, Search, Settings
from engine.core.dice import Dice
from engine.core.sampling import copy_state
from engine.core.session import Session
from engine.loading import load_game_scenario
from guerra import PLUGIN
from guerra.ai import GuerraAgent, easy
from guerra.ai.value import evaluate
from guerra.rules.hidden import determinize

RULES = PLUGIN.rules
SMALL = Budget(seconds=None, iterations=2)


@pytest.fixture(scope="module")
def scenario():
    return load_game_scenario(PLUGIN)


def position(scenario, seed: int, actions: int) -> Session:
    session = Session(RULES, scenario, seed)
    agents = {s: easy(s, seed) for s in RULES.sides}
    while len(session.history) < actions or len(session.legal_actions()) < 2:
        player = session.decision.player
        session.play(agents[player].choose(RULES, session.state, session.legal_actions()))
    return session


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_dice_to_come_do_not_change_the_choice(scenario, level):
    st = position(scenario, 4, 30).state
    twin = copy_state(st)
    twin.dice = Dice(31337)
    twin.dice.log = list(st.dice.log)
    assert RULES.state_hash(twin) != RULES.state_hash(st)
    side = st.decision.player
    legal = RULES.legal_actions(st)
    choices = [make_agent(PLUGIN, level, side, 5, SMALL).choose(RULES, s, legal)
               for s in (st, twin)]
    assert choices[0] == choices[1]


def test_a_determinization_changes_only_the_dice(scenario):
    st = position(scenario, 5, 20).state
    drawn = determinize(st, "republican", random.Random(1))
    assert RULES.view(drawn, "republican") == RULES.view(st, "republican")
    assert drawn.dice.log == st.dice.log
    assert RULES.state_hash(drawn) != RULES.state_hash(st)


def test_a_short_stretch_of_normal_against_easy_stays_legal(scenario):
    """A whole game takes minutes, so 120 actions: legal answers, invariants after each."""
    settings = Settings(horizon=3)
    agents = {s: easy(s, 3) for s in RULES.sides}
    agents["nationalist"] = Seat(Search(GuerraAgent, evaluate, "nationalist", 3, SMALL,
                                        settings), "nationalist")
    session = Session(RULES, scenario, 3)
    while session.result() is None and len(session.history) < 120:
        legal = session.legal_actions()
        action = agents[session.decision.player].choose(RULES, session.state, legal)
        assert action in legal
        session.play(action)
        assert not RULES.check_invariants(session.state)
    assert agents["nationalist"].decider.times


def test_the_evaluation_is_a_chance_for_each_side_and_the_fits_features_count_the_counters(
        scenario) -> None:
    """guerra/ai/value.py: the two sides' chances add up to 1; the features a fit reads count a
    land counter put on the map as a counter of lead."""
    from guerra.ai import value
    from guerra.rules.data import Side
    from guerra.rules.state import Where

    state = Session(RULES, scenario, 1).state
    base = value.evaluate(state, "nationalist")
    assert 0.0 < base < 1.0
    assert abs(base + value.evaluate(state, "republican") - 1.0) < 1e-12
    spare = next(u for u in state.units.values()
                 if u.side is Side.NATIONALIST and u.kind.is_land and u.where is not Where.MAP)
    before = value.features(state)
    spare.where = Where.MAP
    after = value.features(state)
    assert after["land"] == before["land"] + 1
    assert {k: v for k, v in after.items() if k != "land"} == {
        k: v for k, v in before.items() if k != "land"}


def test_the_search_levels_take_the_heuristics_options_at_the_table(scenario):
    """The options (level, players, ties) are the table's to agree on: Normal and Hard do not
    search them, so the game they play is the one Easy would set up."""
    from guerra.ai import OPTIONS

    session = Session(RULES, scenario, 2)
    st = session.state
    assert st.decision.table
    legal = RULES.legal_actions(st)
    for level in ("normal", "hard"):
        seat = make_agent(PLUGIN, level, st.decision.player, 1,
                          Budget(seconds=None, iterations=20))
        assert seat.choose(RULES, st, legal) == OPTIONS
        assert seat.decider.simulations == [0]
