"""Headless screenshots of the game screen (`wargames render`): the board fitted to the window and
the side panel, as one player (or the public) sees them, written as PNG."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pygame

from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.ui.app import App
from engine.ui.game_scene import GameScene


def render_png(
    plugin: GamePlugin,
    session: Session,
    out: Path,
    size: tuple[int, int] = (1600, 1000),
    viewer: str | None = None,
) -> None:
    """Draw `session` as `viewer` sees it (None: public information only) into the PNG `out`.

    Without a display (no DISPLAY or WAYLAND_DISPLAY, no SDL_VIDEODRIVER chosen) the dummy video
    driver is used. Nothing is played: the frame is drawn once, computer sides do not move.
    Raises OSError when `out` cannot be written.
    """
    has_display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not has_display and "SDL_VIDEODRIVER" not in os.environ:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    app = App(size, audio=False)
    players = {side: "human" if side == viewer else "computer" for side in plugin.sides}
    app.push(GameScene(app, plugin, session, players, agents={}, autosave=False, still=True))
    app.draw()
    buffer = io.BytesIO()
    pygame.image.save(app.screen, buffer, "png")
    Path(out).write_bytes(buffer.getvalue())
