"""The error boundary around the app loop (DESIGN.md §8): a bug never takes the game with it.

When anything raises out of a frame, `recover` writes the traceback to a log file in the user
data folder (for a bug report), rescues the game on the scene stack into a save file built from
its action history (never from a state the error may have left half-changed) or the position
in the editor into a scenario, and replaces the screens with one that says what happened, where
the game (or position) and the log are, and offers to go on, to return to the main menu, or to
quit.

What it offers to go on from is a save that loads, tried before it is offered: the rescue, or
when the game could not be saved as it stood (its actions no longer replay), the newest of the
game's other saves that loads (its autosave from before, a Ctrl+S). Crashes may follow each
other as fast as they like: each ends on that screen. Only when the crash screen itself keeps
failing does the window close, with the same words on the command line instead of a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pygame

from engine import paths
from engine.core.files import display
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.scene import Scene
from engine.ui.widgets.dialog import Dialog

if TYPE_CHECKING:
    # imported when a crash happens: the boundary is installed before the window shows
    from engine.core.game import GamePlugin
    from engine.loading import SavedGame
    from engine.ui.editor import EditorScene
    from engine.ui.game_scene import GameScene

SCREEN_FAILURES: Final = 5
"""Failures of the crash screen itself within `SCREEN_WINDOW` seconds after which the window
closes (the words go to the command line): nothing is left to draw a way back with."""
SCREEN_WINDOW: Final = 10.0
LOGS_PER_RUN: Final = 20
"""Crash logs one run writes at most (a bug that fires every frame must not fill the disk)."""
TRIED_SAVES: Final = 5
"""Saves of a game tried, newest first, for the one to offer when the rescue fails."""
READ_SAVES: Final = 100
"""Save files looked into (newest first) for the saves of the game that crashed."""


def install(app: App) -> None:
    """Put the boundary around `app`'s loop."""
    failures: list[float] = []

    def on_crash(err: Exception) -> None:
        screen = app.scene if isinstance(app.scene, CrashScene) else None
        if screen is None:
            try:
                recover(app, err)
                return
            except Exception as failure:  # the rescue itself failed: a plain crash screen
                err = failure
        # the crash screen itself failed: a fresh one with what the first one found
        now = time.monotonic()
        failures[:] = [t for t in failures if now - t < SCREEN_WINDOW] + [now]
        message = screen.message if screen is not None else ""
        if len(failures) < SCREEN_FAILURES:
            log = write_log(err)
            try:
                _replace_all(app, CrashScene(
                    app, err if screen is None else screen.err,
                    log if screen is None else screen.log,
                    screen.offer if screen is not None else None,
                    screen.players if screen is not None else {},
                    screen.editing if screen is not None else None))
                return
            except Exception:  # nothing left to draw a way back with
                pass
        print(f"wargames: the window closed after errors it could not show "
              f"({display(type(err).__name__)}). {message}", file=sys.stderr)
        app.quit(1)

    app.on_crash = on_crash


_logs_written = 0


def write_log(err: BaseException) -> Path | None:
    """The traceback written to `logs/crash-<time>.log` in the user data folder; None when it
    cannot be written (the crash screen then says why) or this run wrote `LOGS_PER_RUN`."""
    global _logs_written
    from engine.ui.autosave import write_new_file

    if _logs_written >= LOGS_PER_RUN:
        return None
    text = "".join(traceback.format_exception(err))
    try:
        log = write_new_file(paths.logs_dir(), f"crash-{datetime.now():%Y%m%d-%H%M%S}", text,
                             ".log")
    except OSError:
        return None
    _logs_written += 1
    return log


@dataclass(frozen=True, slots=True)
class Offer:
    """A save to go on from, loaded and replayed already (so it is known to load)."""

    path: Path
    restored: SavedGame
    rescued: bool
    """True: the game as it stood at the crash; False: an earlier save of it."""


@dataclass(frozen=True, slots=True)
class Editing:
    """A position the editor held at the crash, to edit on from, and where it was rescued."""

    plugin: GamePlugin
    scenario: Any
    position: dict[str, Any]
    target: Path
    rescued: Path | None


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


def rescue_position(app: App) -> Editing | None:
    """Save the position of the topmost editor on the stack as a scenario in the user data
    folder (`positions/<game>-<time>/`); None when no editor is open."""
    from engine.ui.editor import EditorScene

    editors: list[EditorScene] = [s for s in app.scenes if isinstance(s, EditorScene)]
    if not editors:
        return None
    editor = editors[-1]
    edits = editor.edits
    position = dict(edits.position)
    rescued: Path | None = None
    try:
        from engine.ui.autosave import unique_folder

        folder = unique_folder(paths.user_data() / "positions",
                               f"{editor.plugin.id}-{datetime.now():%Y%m%d-%H%M%S}")
        rescued = edits.save_copy(folder / editor.target.name)
    except Exception:  # the rescue must not raise out of the boundary
        rescued = None
    return Editing(editor.plugin, edits.scenario, position, editor.target, rescued)


def newest_loadable(game: GameScene, first: Path | None) -> Offer | None:
    """The save to offer after a crash of `game`: `first` (the rescue) if it loads, else the
    newest other save of this very game that loads (its autosave, a Ctrl+S: a save of its
    scenario whose actions begin the game's), trying at most `TRIED_SAVES`."""
    from engine.core.saves import read_save
    from engine.loading import load_saved_game

    candidates: list[Path] = [p for p in (first, game.autosave_path()) if p is not None]
    others: list[tuple[float, Path]] = []
    for folder in (paths.autosave_dir(), paths.saves_dir()):
        with contextlib.suppress(OSError):
            for path in folder.glob(f"{game.plugin.id}-*.json"):
                with contextlib.suppress(OSError):
                    others.append((path.stat().st_mtime, path))
    candidates += [path for _, path in sorted(others, reverse=True)]
    played = json.loads(json.dumps([entry.action.to_json() for entry in game.session.history]))
    tried: list[Path] = []
    for path in dict.fromkeys(candidates[:READ_SAVES]):
        if len(tried) >= TRIED_SAVES:
            break
        try:
            save = read_save(path)
            if save.scenario != game.session.scenario.path or \
                    list(save.actions) != played[:len(save.actions)]:
                continue  # another game's save
            tried.append(path)
            restored = load_saved_game(path, {game.plugin.id: game.plugin})
        except Exception:  # SaveError mostly: this one does not load, try the next
            continue
        return Offer(path, restored, rescued=path == first)
    return None


def recover(app: App, err: Exception) -> None:
    """Log, rescue and show the crash screen (the failing scenes are closed)."""
    log = write_log(err)
    game, saved = rescue(app)
    editing = rescue_position(app) if game is None else None
    offer = newest_loadable(game, saved) if game is not None else None
    players = dict(game.players) if game is not None else {}
    _replace_all(app, CrashScene(app, err, log, offer, players, editing,
                                 lost=game is not None and (offer is None or not offer.rescued)))


def _replace_all(app: App, scene: Scene) -> None:
    while app.scenes:
        old = app.scenes.pop()
        # a scene broken enough to crash may fail to close as well
        with contextlib.suppress(Exception):
            old.close()
    app.running = True
    app.push(scene)


class CrashScene(Scene):
    """What the player sees after a crash: a dialog with the way back."""

    def __init__(self, app: App, err: Exception, log: Path | None, offer: Offer | None,
                 players: dict[str, str], editing: Editing | None = None,
                 lost: bool = False) -> None:
        super().__init__(app)
        self.err = err
        self.log = log
        self.offer = offer
        self.saved = offer.path if offer is not None else None
        """The save offered to go on from (None: none loads)."""
        self.players = players
        self.editing = editing
        what = display(f"{type(err).__name__}: {err}", 200)
        lines = [f"The screen stopped on an error in the program, not in your game: {what}."]
        if offer is not None and offer.rescued:
            lines.append(f"Your game was saved to {display(offer.path, 300)}.")
        elif offer is not None:
            lines.append("The game could not be saved as it stood. The newest save of it that "
                         f"loads is {display(offer.path, 300)}{_when(offer.path)}, "
                         f"{len(offer.restored.session.history)} actions in.")
        elif lost:
            lines.append("The game could not be saved as it stood, and no earlier save of it "
                         "loads.")
        if editing is not None:
            lines.append(f"Your position was saved as the scenario {display(editing.rescued, 300)}."
                         if editing.rescued is not None else
                         "The position could not be saved as a scenario; it can still be "
                         "edited on.")
        lines.append(f"The details are in {display(log, 300)} (please attach it to a bug "
                     "report)." if log is not None else
                     "The details could not be written"
                     f"{': ' + paths.user_data_problem() if paths.user_data_problem() else ''}.")
        buttons: list[tuple[str, Callable[[], None] | None]] = []
        if offer is not None:
            buttons.append(("Continue from the save", self.continue_game))
        if editing is not None:
            buttons.append(("Continue editing", self.continue_editing))
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
        """Play on from the offered save (restored when the crash screen was made)."""
        from engine.ui.game_scene import GameScene

        assert self.offer is not None
        restored = self.offer.restored
        players = self.players or dict(restored.save.players)
        self.app.replace(GameScene(self.app, restored.plugin, restored.session, players))

    def continue_editing(self) -> None:
        """Edit on from the position the editor held (its last accepted one)."""
        from engine.editing import PositionEdits
        from engine.ui.editor import EditorScene

        editing = self.editing
        assert editing is not None
        try:
            edits = PositionEdits(editing.plugin, editing.scenario, editing.position)
        except Exception as err:  # a position the rules no longer lay out: said, dialog stays
            self.show_dialog(Dialog("Cannot edit on", display(err, 400), [("OK", self.reopen)]))
            return
        edits.forget_saved()
        self.app.replace(EditorScene(self.app, editing.plugin, edits, editing.target))

    def update(self, dt: float) -> None:
        if self.dialog is None:
            self.reopen()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(colors.TABLE)
        fnt = w.text_font(w.BODY, self.app.scale)
        note = fnt.render("Wargames", True, colors.PAPER_DARK)
        surface.blit(note, (w.px(16, self.app.scale), w.px(12, self.app.scale)))


def _when(path: Path) -> str:
    try:
        return f" (saved {datetime.fromtimestamp(os.stat(path).st_mtime):%Y-%m-%d %H:%M})"
    except (OSError, ValueError, OverflowError):
        return ""
