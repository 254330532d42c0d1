"""A GUI monkey on each game's real screen: seeded random clicks, drags, wheel turns, keys and
pauses through `App.step`, asserting that nothing raises and that the window after every step
is what a full redraw gives (DESIGN.md §8: drawing only on change must never leave a stale
picture). Every few dozen events the caches (map tiles, counter pictures) are emptied and the
frame is drawn from scratch, which must give the same picture too. A frame in motion (dice
tumbling, a zoom level being refined) is drawn again by the next step anyway and is not
compared. `make test` runs a few hundred events per game; `make soak` 10,000.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from engine import plugins
from engine.ai.agent import RandomAgent
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import counters
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from uitest import DT, make_app

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

GAMES = ("baler", "filipinas", "guerra")
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_f, pygame.K_HOME, pygame.K_ESCAPE, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_TAB, pygame.K_F1, pygame.K_m, pygame.K_a, pygame.K_1)
CTRL_KEYS = (pygame.K_z, pygame.K_y, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_0)
SCRATCH_EVERY = 40


def _frame(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def _layers(board: Any) -> list[Any]:
    """The static layers of a board view (or of the stacked boards a game's view wraps)."""
    found = [board.layer] if hasattr(board, "layer") else []
    found += [v.layer for v in vars(board).values() if hasattr(v, "layer")]
    return found


def _stacks(board: Any) -> list[Any]:
    """The counter stacks of a board view (or of the stacked boards a game's view wraps)."""
    found = [board.stacks] if hasattr(board, "stacks") else []
    found += [v.stacks for v in vars(board).values() if hasattr(v, "stacks")]
    return found


def _from_scratch(app: App, scene: GameScene) -> bytes:
    """The frame drawn with every picture cache emptied, until it is settled."""
    for layer in _layers(scene.gameui.board):
        layer.invalidate()
    for stacks in _stacks(scene.gameui.board):
        stacks.invalidate()
    counters._pictures.clear()
    counters._sizes.clear()
    counters._bytes = 0
    app.draw()
    while scene.camera.refining:
        app.draw()
    return _frame(app)


def _event(rng: random.Random, app: App) -> list[pygame.event.Event]:
    """One random gesture, as the events a person's hand would send."""
    w, h = app.size
    pos = (rng.randrange(w), rng.randrange(h))
    kind = rng.choices(("click", "drag", "wheel", "key", "move", "rest"),
                       weights=(30, 10, 12, 20, 20, 8))[0]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind == "click":
        button = rng.choice((1, 1, 1, 3))
        return [motion, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if kind == "drag":
        button = rng.choice((1, 3))
        events = [motion, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
        x, y = pos
        for _ in range(rng.randrange(2, 7)):
            x, y = x + rng.randrange(-60, 61), y + rng.randrange(-60, 61)
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                             buttons=(button == 1, 0, button == 3)))
        return [*events, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=button)]
    if kind == "wheel":
        y = rng.choice((-2, -1, 1, 2))
        return [motion, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                           precise_x=0.0, precise_y=float(y))]
    if kind == "key":
        if rng.random() < 0.15:
            return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(CTRL_KEYS),
                                       mod=pygame.KMOD_CTRL, unicode="")]
        return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="")]
    if kind == "move":
        return [motion]
    return []


def monkey(game: str, events: int, seed: int = 1) -> None:
    plugin = plugins.get(game)
    scenario = load_game_scenario(plugin)
    session = Session(plugin.rules, scenario, seed)
    players = {side: "human" if i == 0 else "computer" for i, side in enumerate(plugin.sides)}
    agents = {side: RandomAgent(seed + i, side) for i, side in enumerate(plugin.sides)
              if players[side] == "computer"}
    app = make_app()
    rng = random.Random(seed)
    try:
        app.settings.dice_speed = rng.choice((0, 1))
        scene = GameScene(app, plugin, session, players, agents, autosave=False)
        app.push(scene)
        app.step(DT)
        for n in range(events):
            gesture = _event(rng, app)
            for event in gesture:
                pygame.event.post(event)
            steps = 1 if gesture else rng.randrange(10, 45)
            for _ in range(steps):
                app.step(DT)
            if not app.running:
                # a menu's Quit or Main menu (this app has no launcher to go home to)
                app.running = True
            if app.scene is not scene:
                return
            if scene.dialog is not None and rng.random() < 0.3:
                scene.dialog = None
                scene.dirty = True
                app.step(DT)
            if app.needs_redraw():
                continue  # a frame in motion: the next step draws it again
            shown = _frame(app)
            app.draw()
            assert _frame(app) == shown, f"{game}: stale screen after event {n}: {gesture}"
            if n % SCRATCH_EVERY == SCRATCH_EVERY - 1:
                assert _from_scratch(app, scene) == shown, \
                    f"{game}: cached pictures differ from a fresh drawing after event {n}"
    finally:
        pygame.event.clear()
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_random_input_never_breaks_the_screen_nor_leaves_it_stale(game: str) -> None:
    monkey(game, 250)


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_ten_thousand_random_events_per_game(game: str) -> None:
    monkey(game, 10_000, seed=7)
