"""The error boundary around the app loop (DESIGN.md §8): a bug never takes the game with it.

When anything raises out of a frame, `recover` writes the traceback to a log file in the user
data folder (for a bug report), rescues every game on the scene stack into a save file built
from its action history (never from a state the error may have left half-changed), and replaces
the screens with one that says what happened, where the game and the log are, and offers to go
on from the rescued save, to return to the main menu, or to quit.
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import paths, plugins
from engine.core.files import display
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.scene import Scene
from engine.ui.widgets.dialog import Dialog

if TYPE_CHECKING:
    # imported when a crash happens: the boundary is installed before the window shows
    from engine.ui.game_scene import GameScene

REPEATS = 3
"""Crashes in a row (without a good frame between) after which the boundary gives up."""


def install(app: App) -> None:
    """Put the boundary around `app`'s loop."""
    state = {"row": 0, "frame": -1}

    def on_crash(err: Exception) -> None:
        frame = pygame.time.get_ticks()
        state["row"] = state["row"] + 1 if frame - state["frame"] < 2000 else 1
        state["frame"] = frame
        if state["row"] > REPEATS or isinstance(app.scene, CrashScene):
            raise err  # the crash screen itself fails: nothing left to fall back to
        recover(app, err)

    app.on_crash = on_crash


def write_log(err: BaseException) -> Path | None:
    """The traceback written to `logs/crash-<time>.log` in the user data folder; None when it
    cannot be written (the crash screen then says why)."""
    from engine.ui.autosave import write_new_file

    text = "".join(traceback.format_exception(err))
    try:
        return write_new_file(paths.logs_dir(), f"crash-{datetime.now():%Y%m%d-%H%M%S}", text,
                              ".log")
    except OSError:
        return None


def rescue(app: App) -> tuple[GameScene | None, Path | None]:
    """Save the topmost game on the stack; the game and its rescue file (None: none written)."""
    from engine.ui.game_scene import GameScene

    games = [scene for scene in app.scenes if isinstance(scene, GameScene)]
    if not games:
        return None, None
    game = games[-1]
    try:
        game.autosave = True
        return game, game.flush_autosave()
    except Exception:  # the rescue must not raise out of the boundary
        return game, None


def recover(app: App, err: Exception) -> None:
    """Log, rescue and show the crash screen (the failing scenes are closed)."""
    log = write_log(err)
    game, saved = rescue(app)
    players = dict(game.players) if game is not None else {}
    while app.scenes:
        scene = app.scenes.pop()
        # a scene broken enough to crash may fail to close as well
        with contextlib.suppress(Exception):
            scene.close()
    app.running = True
    app.push(CrashScene(app, err, log, saved, players))


class CrashScene(Scene):
    """What the player sees after a crash: a dialog with the way back."""

    def __init__(self, app: App, err: Exception, log: Path | None, saved: Path | None,
                 players: dict[str, str]) -> None:
        super().__init__(app)
        self.saved = saved
        self.players = players
        what = display(f"{type(err).__name__}: {err}", 200)
        lines = [f"The screen stopped on an error in the program, not in your game: {what}."]
        if saved is not None:
            lines.append(f"Your game was saved to {display(saved, 300)}.")
        lines.append(f"The details are in {display(log, 300)} (please attach it to a bug "
                     "report)." if log is not None else
                     f"The details could not be written: {paths.user_data_problem()}.")
        buttons: list[tuple[str, Callable[[], None] | None]] = []
        if saved is not None:
            buttons.append(("Continue from the save", self.continue_game))
        if app.home is not None:
            buttons.append(("Main menu", app.go_home))
        buttons.append(("Quit", app.quit))
        self.message = "\n".join(lines)
        self._buttons = buttons
        self.reopen()

    def reopen(self) -> None:
        self.show_dialog(Dialog("Something went wrong", self.message, self._buttons,
                                escape=len(self._buttons) - 1))

    def continue_game(self) -> None:
        """Restore the rescued save and play on from it."""
        from engine.loading import load_saved_game
        from engine.ui.game_scene import GameScene

        assert self.saved is not None
        try:
            restored = load_saved_game(self.saved, plugins.discover())
        except Exception as err:  # SaveError or a plugin failure: said, and the dialog stays
            self.show_dialog(Dialog("Cannot continue", display(err, 400),
                                    [("OK", self.reopen)]))
            return
        players = self.players or dict(restored.save.players)
        self.app.replace(GameScene(self.app, restored.plugin, restored.session, players))

    def update(self, dt: float) -> None:
        if self.dialog is None:
            self.reopen()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colors.TABLE)
        fnt = w.text_font(w.BODY, self.app.scale)
        note = fnt.render("Wargames", True, colors.PAPER_DARK)
        surface.blit(note, (w.px(16, self.app.scale), w.px(12, self.app.scale)))
