"""What the UI tests share: a window under the dummy video driver and the real loop driven by
posted pygame events and `App.step(DT)` (DESIGN.md §6). The `user_data` and `app` fixtures are in
tests/conftest.py."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame

from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.replay_scene import ReplayScene
from engine.ui.widgets.action_menu import NO_UNDO
from engine.ui.widgets.confirm import CONFIRM_TITLE

DT = 1 / 60
"""The time one `App.step` advances: a frame at 60 frames a second."""


def make_app(size: tuple[int, int] = (1280, 800)) -> App:
    """A window without sound and with no event waiting."""
    app = App(size, audio=False)
    pygame.event.clear()
    return app


def start_game(app: App, plugin: GamePlugin, session: Session, players: Mapping[str, str],
               speed: int = 0, autosave: bool = True) -> GameScene:
    """Open the game screen on `session` at dice speed `speed` and draw its first frame."""
    app.settings.dice_speed = speed
    scene = GameScene(app, plugin, session, players, autosave=autosave)
    app.push(scene)
    app.step(DT)
    return scene


def shot(app: App, tmp_path: Path, name: str) -> Path:
    """Save the last frame for people to look at (also into $WARGAMES_SHOTS when set, for
    docs/screenshots)."""
    path = tmp_path / name
    app.save_screenshot(path)
    folder = os.environ.get("WARGAMES_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / name)
    return path


def _move_to(pos: tuple[float, float]) -> tuple[int, int]:
    x, y = round(pos[0]), round(pos[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    return x, y


def click(app: App, pos: tuple[float, float], steps: int = 1) -> None:
    """Move the pointer to `pos`, press and release the left button, then run `steps` frames."""
    x, y = _move_to(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    for _ in range(steps):
        app.step(DT)


def hover(app: App, pos: tuple[float, float], steps: int = 1) -> None:
    """Move the pointer to `pos` and run `steps` frames (tooltips wait for a few)."""
    _move_to(pos)
    for _ in range(steps):
        app.step(DT)


def key(app: App, code: int, mod: int = 0) -> None:
    """Press a key (with modifiers `mod`) and run one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    app.step(DT)


def at(scene: GameScene | ReplayScene, target: str) -> tuple[float, float]:
    """Screen position of a counter or location id of the board."""
    anchor = scene.gameui.board.anchor(target)
    assert anchor is not None, target
    return scene.camera.world_to_screen(*anchor)


def button_at(scene: GameScene, label: str, exact: bool = False) -> tuple[int, int]:
    """The centre of the prompt button whose label starts with `label` (is `label`, marked
    "(no undo)" or not, when `exact`), scrolling the prompt with the wheel until the button
    shows."""
    prompt = scene.prompt
    texts = (label, f"{label} {NO_UNDO}")
    for _ in range(60):
        button = next((b for b in prompt.buttons
                       if (b.text in texts if exact else b.text.startswith(label))), None)
        assert button is not None, f"no button {label!r} in {[b.text for b in prompt.buttons]}"
        if prompt.rect.contains(button.rect):
            return button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=prompt.rect.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        scene.app.step(DT)
    raise AssertionError(f"button {label!r} never scrolled into view")


def press(app: App, scene: GameScene, label: str, exact: bool = False) -> None:
    """Click the prompt button `label` (see `button_at`); when the screen asks before going
    past the undo barrier, answer "Do it"."""
    click(app, button_at(scene, label, exact))
    dialog = scene.dialog
    if dialog is not None and dialog.title == CONFIRM_TITLE:
        click(app, next(b for b in dialog.buttons if b.text == "Do it").rect.center)


def dialog_button(scene: Any, label: str) -> tuple[int, int]:
    """Where the button `label` of the dialog `scene` shows (a launcher's or a game's)."""
    assert scene.dialog is not None
    for button in scene.dialog.buttons:
        if button.text == label:
            return button.rect.center
    raise AssertionError(f"no button {label!r} in the dialog")
