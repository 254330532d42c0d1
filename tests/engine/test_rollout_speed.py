"""engine.speed: the rollout rates `wargames bench` reports, measured as the search plays."""

from __future__ import annotations

from baler import PLUGIN
from baler.ai import BalerAgent
from baler.ai.value import evaluate
from engine.loading import load_game_scenario
from engine.speed import positions, rollout_rate


def test_rollouts_count_the_actions_played_from_positions_of_an_easy_game() -> None:
    states = positions(PLUGIN, load_game_scenario(PLUGIN), 3, 10)
    assert len(states) == 3
    assert all(len(PLUGIN.rules.legal_actions(s)) > 1 for s in states)
    rate = rollout_rate(PLUGIN, states, 2, 5, BalerAgent, evaluate)
    assert rate.rollouts == 6 and 0 < rate.actions <= 30
    assert rate.per_second > 0
