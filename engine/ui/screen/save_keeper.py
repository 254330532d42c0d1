"""Nothing lost: Ctrl+S writes a new save, the autosave follows play (`engine.ui.autosave`),
and leaving the game (the menu, Quit, closing the window) brings the autosave up to date and
says where it is, or asks first when it cannot be written."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from engine import paths
from engine.core.files import display
from engine.ui.autosave import write_new_save
from engine.ui.screen.local import LocalScreenParts
from engine.ui.widgets.dialog import Dialog

SAVED_TITLE = "The game is saved"
LEAVE_TITLE = "Leave the game?"


class SaveKeeper(LocalScreenParts):
    """Saves, the autosave, and leaving the game."""

    def autosave_path(self) -> Path | None:
        """The autosave file of this game (`autosave_dir()/<game>-<start time>[-n].json`, a name
        no other game shares), once it was first written."""
        return self.autosaver.path

    def _say_save_problem(self, problem: str) -> None:
        """Toast a save failure once, not again at every retry until it changes."""
        if problem and problem != self._save_problem:
            self.app.toast(problem, "error")
        self._save_problem = problem

    def save(self) -> Path | None:
        """Ctrl+S: write a save into the saves folder (a new file each time) and say where."""
        stem = f"{self.plugin.id}-{datetime.now():%Y%m%d-%H%M%S}"
        try:
            path = write_new_save(paths.saves_dir(), stem, self.session, self.players)
        except Exception as err:  # the disk's failure is told, never raised into the game
            reason = paths.user_data_problem() or f"{type(err).__name__}: {err}"
            self.app.toast(f"Could not save: {reason}", "error")
            return None
        self.app.toast(f"Saved to {path}")
        return path

    def leave(self, then: Callable[[], None], *, quitting: bool = False) -> None:
        """Leave the game by `then` (Main menu, Quit, closing the window) without losing what
        was played: the autosave is brought up to date and the player told where, by a toast
        on the way to the main menu, or, when `quitting` takes the window away with progress
        that was in no save yet, by a dialog naming the file before the window goes. If the
        save cannot be written (or this game does not autosave), ask first."""
        if not self.autosaver.pending(self.session):
            if self.autosaver.path is not None and not quitting:
                self.app.toast(f"Game saved to {self.autosaver.path}")
            then()
            return
        if self.autosave and not self._autosave_now():
            path = self.autosaver.path
            if quitting:
                self.show_dialog(Dialog(SAVED_TITLE, (
                    f"The game is saved in {display(path, 400)}. To go on with it later, "
                    "open \"Load game…\" on the main screen."), [("Quit", then), ("Stay", None)],
                    escape=1))
                return
            self.app.toast(f"Game saved to {path}")
            then()
            return
        problem = self.autosaver.problem or "This game has not been saved."

        def save_and_leave() -> None:
            if self.save() is not None:
                then()

        self.show_dialog(Dialog(LEAVE_TITLE, f"{problem} Leave anyway?", [
            ("Save and leave", save_and_leave), ("Leave without saving", then), ("Stay", None),
        ], escape=2))

    def intercept_quit(self) -> bool:
        """The window is being closed: with progress in no save yet, save it and say where
        first (`leave`); a second close while that question is open closes at once."""
        if self.still or (self.dialog is not None
                          and self.dialog.title in (SAVED_TITLE, LEAVE_TITLE)):
            return False
        self.leave(self.app.quit, quitting=True)
        return self.dialog is not None and self.dialog.title in (SAVED_TITLE, LEAVE_TITLE)

    def _autosave_now(self) -> str:
        problem = self.autosaver.write(self.session, self.players)
        self._save_problem = problem
        return problem

    def flush_autosave(self) -> Path | None:
        """Write the autosave if play moved on since the last one; the file, or None if this
        game does not autosave or the write failed."""
        if not self.autosave:
            return None
        if self.autosaver.pending(self.session) and self._autosave_now():
            return None
        return self.autosaver.path
