"""Computer against computer on the game screen: watched at a chosen speed, paused, played one
move at a time, and taken over by a person at any point (issue: computer opponents, "At the
table")."""

from __future__ import annotations

import time

import pygame
import pytest

from engine.ui.app import App
from engine.ui.game_scene import WATCH_SPEEDS, GameScene
from toygame import PLUGIN
from toygame.testing import make_session
from uitest import DT, button_at, click, key, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

BOTH = {"blue": "computer", "red": "computer"}


def run(app: App, steps: int) -> None:
    for _ in range(steps):
        app.step(DT)
        time.sleep(0.002)  # the computer thinks on a worker thread


def watch(app: App) -> GameScene:
    scene = start_game(app, PLUGIN, make_session(3), BOTH, autosave=False)
    scene.set_watch_speed(-len(WATCH_SPEEDS))
    scene.set_watch_speed(len(WATCH_SPEEDS))  # the fastest: no pause between moves
    assert scene.ai_delay == 0.0
    return scene


def test_the_watch_controls_are_in_the_prompt_only_when_nobody_plays(app):
    scene = watch(app)
    labels = [b.text for b in scene.prompt.buttons]
    assert labels[0] == "Pause (Space)"
    assert [lab for lab in labels if lab.startswith("Take over")] == [
        f"Take over the {scene.side_name(side)} side" for side in PLUGIN.sides]
    human = start_game(app, PLUGIN, make_session(3), {"blue": "human", "red": "computer"},
                       autosave=False)
    assert not human.watching
    assert not any(b.text.startswith("Pause") for b in human.prompt.buttons)


def test_pause_holds_the_moves_and_n_plays_exactly_one(app):
    scene = watch(app)
    click(app, button_at(scene, "Pause (Space)", exact=True))
    assert scene.watch_paused
    played = len(scene.session.history)
    run(app, 60)
    assert len(scene.session.history) == played  # paused: nothing moves
    assert scene.wake_in() is None  # and the window does not poll while it waits
    key(app, pygame.K_n)
    for _ in range(400):
        run(app, 1)
        if len(scene.session.history) > played:
            break
    run(app, 40)
    assert len(scene.session.history) == played + 1
    key(app, pygame.K_SPACE)
    assert not scene.watch_paused
    run(app, 200)
    assert len(scene.session.history) > played + 1


def test_the_speed_keys_change_the_pause_between_moves(app):
    scene = watch(app)
    key(app, pygame.K_COMMA)
    assert scene.ai_delay == WATCH_SPEEDS[-2][1] > 0.0
    assert any(b.text.startswith(f"Speed: {WATCH_SPEEDS[-2][0]}.") for b in scene.prompt.buttons)
    key(app, pygame.K_PERIOD)
    assert scene.ai_delay == 0.0


def test_taking_over_a_side_turns_the_watch_into_a_normal_game(app):
    scene = watch(app)
    run(app, 30)
    scene.toggle_watch_pause()
    side = scene.deciding
    assert side is not None
    click(app, button_at(scene, f"Take over the {scene.side_name(side)} side", exact=True))
    assert scene.players[side] == "human" and scene.humans == [side]
    assert scene.viewer == side and not scene.watching
    before = len(scene.session.history)
    run(app, 60)
    # the computer no longer plays the side taken over: the screen waits for the person
    assert scene.deciding == side and len(scene.session.history) == before
    assert not any(b.text.startswith("Take over") for b in scene.prompt.buttons)
