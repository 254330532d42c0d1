"""Every scenario shipped with a registered game validates without a single problem."""

from __future__ import annotations

import pytest

from engine import plugins
from engine.loading import validate_paths
from toygame import PLUGIN as SKIRMISH

GAMES = {**plugins.discover(), SKIRMISH.id: SKIRMISH}
MANIFESTS = [
    pytest.param(path, id=f"{game}/{path.name}")
    for game, plugin in sorted(GAMES.items())
    for path in plugins.scenario_files(plugin)
]


@pytest.mark.parametrize("manifest", MANIFESTS)
def test_shipped_scenario_is_valid(manifest, monkeypatch):
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")
    assert validate_paths([manifest]) == []


def test_every_game_ships_a_scenario():
    assert all(plugins.scenario_files(p) for p in GAMES.values())
