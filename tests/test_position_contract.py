"""The public door for positions (DESIGN.md §8), on every scenario of every registered game and
on Skirmish.

The position of any state lays out to a state whose position is the same (nothing a position
covers is lost or invented), starts as a playable game, and a bad position is refused with a
`PositionError` (reason and path), never another exception.
"""

from __future__ import annotations

import pytest

from engine import plugins
from engine.ai.agent import RandomAgent
from engine.core.game import GamePlugin
from engine.core.position import PositionError
from engine.core.session import Session
from engine.loading import load_game_scenario
from toygame import PLUGIN as SKIRMISH

GAMES: dict[str, GamePlugin] = {**plugins.discover(), SKIRMISH.id: SKIRMISH}
SAMPLES = 10
SCENARIOS = [
    pytest.param((game, path), id=f"{game}/{path.stem}")
    for game, plugin in sorted(GAMES.items())
    for path in plugins.scenario_files(plugin)
]
"""Every scenario each game ships: a later start is a position like any other."""


@pytest.fixture(scope="module", params=SCENARIOS)
def game(request):
    game_id, path = request.param
    plugin = GAMES[game_id]
    return plugin, load_game_scenario(plugin, path)


ACTIONS = 600
"""Random actions played (a game of La Guerra de España runs to some 2,000; its first turns
already go through every step of the sequence of play)."""


@pytest.fixture(scope="module")
def session(game):
    plugin, scenario = game
    agents = {side: RandomAgent(11 + i) for i, side in enumerate(plugin.sides)}
    session = Session(plugin.rules, scenario, 6)
    while session.result() is None and len(session.history) < ACTIONS:
        side = session.decision.player
        session.play(agents[side].choose(plugin.rules, session.state,
                                         plugin.rules.legal_actions(session.state)))
    return session


def test_the_start_round_trips(game):
    plugin, scenario = game
    rules = plugin.rules
    position = rules.to_position(rules.new_game(scenario, 1))
    laid_out = rules.from_position(scenario, position, 2, start=False)
    assert rules.to_position(laid_out) == position


def test_every_position_of_a_game_round_trips_and_starts(game, session):
    plugin, scenario = game
    rules = plugin.rules
    history = len(session.history)
    for n in sorted({*range(0, history, max(1, history // SAMPLES)), history}):
        state = session.state_at(n)
        position = rules.to_position(state)
        laid_out = rules.from_position(scenario, position, 3, start=False)
        assert rules.to_position(laid_out) == position, n
        assert rules.check_invariants(laid_out) == []
        started = rules.from_position(scenario, position, 3)
        assert rules.check_invariants(started) == []
        if rules.result(started) is None:
            assert started.decision.player in plugin.sides
            assert rules.legal_actions(started)


def test_the_starting_setup_is_a_position(game):
    """`new_game` goes through the same door: the scenario's own setup as the position."""
    plugin, scenario = game
    rules = plugin.rules
    fresh = rules.new_game(scenario, 5)
    through = rules.from_position(scenario, {}, 5)
    if plugin.id == SKIRMISH.id:
        pytest.skip("Skirmish has no setup document: its positions give every key")
    assert rules.state_hash(through) == rules.state_hash(fresh)


@pytest.mark.parametrize("bad", [
    {"turn": "three"},
    {"turn": -1},
    {"a key no game has": 1},
    {"phase": ["action"]},
    {"cards": "all of them"},
    {"counters": {"nobody": {"hex": "1,1"}}},
    {"placements": 7},
    {"pieces": {"b1": [99, 99]}},
])
def test_a_bad_position_is_refused_with_a_reason(game, bad):
    plugin, scenario = game
    key = next(iter(bad))
    with pytest.raises(PositionError) as refused:
        plugin.rules.from_position(scenario, bad, 1)
    assert refused.value.reason
    assert refused.value.path[:1] in ((key,), ()), refused.value.path


def test_a_position_that_is_no_mapping_is_refused(game):
    plugin, scenario = game
    with pytest.raises(PositionError):
        plugin.rules.from_position(scenario, ["turn", 3], 1)  # type: ignore[arg-type]
