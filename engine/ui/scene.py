"""The scene base: one full-window screen of the app (launcher, game, replay), stacked by `App`.

A scene receives every pygame event the app does not handle itself (`handle_event`), advances its
animations (`update`), draws the whole window (`draw`) and re-lays itself out on a window resize
(`on_resize`). A scene may hold one modal `Dialog`: while it is open the app sends every event to
the dialog and draws it above the scene, so no click reaches what lies beneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from engine.ui.app import App
    from engine.ui.widgets.dialog import Dialog


class Scene:
    """Base class of the app's screens; subclasses override the four hooks they need."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.dialog: Dialog | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True when the scene used it."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole window."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the UI scale changed): lay the widgets out again."""

    def close(self) -> None:
        """The scene leaves the app for good: release what it holds (threads, files)."""

    def show_dialog(self, dialog: Dialog) -> None:
        """Open a modal dialog over this scene (replacing any open one)."""
        self.dialog = dialog
        dialog.layout(pygame.Rect((0, 0), self.app.size), self.app.scale)
