"""The scene base: one full-window screen of the app (launcher, game, replay), stacked by `App`.

A scene receives every pygame event the app does not handle itself (`handle_event`), advances its
animations (`update`), draws the whole window (`draw`) and re-lays itself out on a window resize
(`on_resize`). A scene may hold one modal `Dialog`: while it is open the app sends every event to
the dialog and draws it above the scene, so no click reaches what lies beneath.

Redraw on change (DESIGN.md §8): the app draws a frame only when the scene `needs_redraw()` and
otherwise sleeps until an event comes. A scene says so in three ways: `self.dirty = True` for
one redraw (something changed without an event: the computer's move landed, a tooltip came up),
`animating` while every frame differs (dice tumbling) and `wake_in()` for the next moment its
`update` must run though no event comes (a tooltip's delay, the computer's pause). The safe
default: the app also redraws after every event it hands the scene or its dialog, so a scene
that says nothing is never left showing a stale picture after input.
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
        self.dirty = True
        """The window must be drawn again (cleared by `App.draw`)."""

    @property
    def animating(self) -> bool:
        """True while every frame differs from the last: the app updates and draws the scene
        at the full frame rate."""
        return False

    @property
    def opaque(self) -> bool:
        """True when `draw` covers every pixel of the window, so the app need not clear it
        first (a full-window fill is a millisecond of a frame at 1920x1080)."""
        return False

    def draw_motion(self, surface: pygame.Surface) -> bool:
        """Redraw only the part that moves, over the last frame, for a frame that is due only
        because the scene is `animating` (nothing else changed since the last full frame);
        False when the scene cannot, and the app draws the whole window."""
        return False

    def needs_redraw(self) -> bool:
        """Whether the next frame must be drawn."""
        return self.dirty or self.animating

    def wake_in(self) -> float | None:
        """Seconds until `update` must run again even if no event comes; None: only on events
        (or while `animating`)."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True when the scene used it."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole window."""

    def toast_keep_clear(self) -> list[pygame.Rect]:
        """Parts of the window toasts must not cover (buttons, a mini-map, a hand of cards)."""
        return []

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the UI scale changed): lay the widgets out again."""

    def intercept_quit(self) -> bool:
        """The window is being closed: True when the scene asks the player first (unsaved
        work) instead of letting the app quit at once."""
        return False

    def close(self) -> None:
        """The scene leaves the app for good: release what it holds (threads, files)."""

    def show_dialog(self, dialog: Dialog) -> None:
        """Open a modal dialog over this scene (replacing any open one)."""
        self.dialog = dialog
        self.dirty = True
        dialog.layout(pygame.Rect((0, 0), self.app.size), self.app.scale)
