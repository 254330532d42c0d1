"""F5 on a real game (Heroes of Baler, hot-seat): the errors of a broken edit, and a number
change that stops the replay; the screenshots go to docs/screenshots (WARGAMES_SHOTS)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pygame
import pytest

from engine import plugins
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.paths import SCENARIOS
from engine.ui.game_scene import GameScene
from uitest import click, key, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

PLAYED = 60


@pytest.fixture
def scene(app, tmp_path) -> GameScene:
    """A hot-seat Heroes of Baler game on a copy of the scenario, 60 random actions in, the
    screen handed to the side deciding."""
    shutil.copytree(SCENARIOS / "baler", tmp_path / "baler")
    plugin = plugins.get("baler")
    session = Session(plugin.rules, load_game_scenario(plugin, tmp_path / "baler" / "siege.yaml"),
                      3)
    pick = random.Random(1)
    for _ in range(PLAYED):
        session.play(pick.choice(session.legal_actions()))
    opened = start_game(app, plugin, session, {"spanish": "human", "philippine": "human"})
    for _ in range(2):
        click(app, (640, 400))
    # a public decision is answered on the public view (viewer None), a private one on its own
    assert opened.handoff is None and opened.viewer in (None, session.decision.player)
    return opened


def edit(scene: GameScene, name: str, old: str, new: str) -> Path:
    path = Path(scene.session.scenario.path).parent / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_baler_reload_with_errors(scene, app, tmp_path):
    edit(scene, "tables.yaml", "turns: 6", "turns: 9")
    edit(scene, "tables.yaml", "hand_size: 6", "hand_size: six")
    before = scene.session.state_hash()
    key(app, pygame.K_F5)
    dialog = scene.dialog
    assert dialog is not None and dialog.title == "The scenario has errors"
    assert "tables.yaml:7:8: must be at least 1 and at most 6, got 9\n    7 | turns: 9" \
        in dialog.text
    assert "tables.yaml:8:12: expected an integer, got string 'six'" in dialog.text
    app.step(1 / 60)
    shot(app, tmp_path, "baler-reload-errors.png")
    assert scene.session.state_hash() == before and len(scene.session.history) == PLAYED


def test_baler_reload_after_a_cost_change(scene, app, tmp_path):
    edit(scene, "tables.yaml", "basic_cost: 1", "basic_cost: 3")
    key(app, pygame.K_F5)
    dialog = scene.dialog
    assert dialog is not None
    found = re.fullmatch(rf"Replay stopped at action (\d+) of {PLAYED}", dialog.title)
    assert found is not None
    number = int(found.group(1))
    assert len(scene.session.history) == number - 1
    assert f"Actions 1 to {number - 1} were replayed." in dialog.text
    assert f"Action {number}, " in dialog.text
    app.step(1 / 60)
    shot(app, tmp_path, "baler-reload-stopped.png")
    dialog.press("Play on from here")
    app.step(1 / 60)
    assert scene.session.legal_actions()
