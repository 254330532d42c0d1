"""Long random-play runs of every registered game with invariants checked after every action.

Run with `make soak`; excluded from `make test`. The number of games per plugin can be raised
with WARGAMES_SOAK_GAMES.
"""

from __future__ import annotations

import io
import os

import pytest

from engine import plugins
from engine.loading import load_game_scenario
from engine.sim import simulate
from toygame import PLUGIN as SKIRMISH

GAMES = {**plugins.discover(), SKIRMISH.id: SKIRMISH}
COUNT = int(os.environ.get("WARGAMES_SOAK_GAMES", "200"))


@pytest.mark.soak
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("agents", [["random"], ["random", "ai"], ["ai", "random"]])
def test_soak(game, agents):
    plugin = GAMES[game]
    if any(a != "random" and a not in plugin.agents for a in agents):
        pytest.skip(f"{game} has no agent named in {agents}")
    err = io.StringIO()
    summary = simulate(plugin, load_game_scenario(plugin), COUNT, 1000, agents, err)
    assert summary.errors == 0, err.getvalue()[:5000]
    assert summary.completed == COUNT
