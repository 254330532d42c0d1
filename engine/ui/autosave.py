"""Nothing lost (DESIGN.md §8): save names that never collide, an autosave after every action
that passes the undo barrier and every few seconds of play, a rescue save after a crash, and
the cleaning of temporary files a killed write left behind.

Every write goes through `atomic_write_text` (a temporary file renamed in place), so a save on
disk is always whole. A name is reserved by creating the file exclusively, so two games started
in the same second, or two Ctrl+S in one second, get two files.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Final

from engine import paths
from engine.core.saves import atomic_write_text, save_data
from engine.core.session import Entry, Session

AUTOSAVE_EVERY: Final = 5.0
"""Seconds of play after which actions not yet on disk are autosaved even without a barrier."""
STALE_TEMP: Final = 60.0
"""A temporary file older than this is left over from a write that was killed."""


def unique_path(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """`folder/stem.json`, or `stem-2.json`, `stem-3.json`… whichever is free, reserved by
    creating it empty and exclusively (OSError when the folder cannot be written)."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            n += 1
            continue
        os.close(fd)
        return path


def write_new_save(folder: Path, stem: str, session: Session,
                   players: Mapping[str, str]) -> Path:
    """Write `session` to a new file in `folder` named after `stem` and return its path."""
    path = unique_path(folder, stem)
    try:
        write_game(path, session, players)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path


def write_game(path: Path, session: Session, players: Mapping[str, str]) -> None:
    """Save `session` atomically. The state hash is taken from a clean replay of the history,
    so a state that an exception left half-changed is never written as the saved position."""
    data = save_data(session, players)
    data["state_hash"] = session.rules.state_hash(session.state_at(len(session.history)))
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")


def clean_temp_files(folders: Iterable[Path] | None = None) -> int:
    """Remove the temporary files killed writes left in the save folders; returns how many.

    Only our own pattern (`.<name>.json.<random>.tmp`, see `atomic_write_text`) older than
    `STALE_TEMP` seconds is removed, so a write in progress in another window is left alone.
    """
    if folders is None:
        base = paths.user_data_path()
        folders = (base, base / "saves", base / "autosave")
    now = time.time()
    removed = 0
    for folder in folders:
        try:
            found = list(folder.glob(".*.json.*.tmp"))
        except OSError:
            continue
        for path in found:
            try:
                if now - path.stat().st_mtime > STALE_TEMP and path.is_file():
                    path.unlink()
                    removed += 1
            except OSError:
                continue
    return removed


class Autosaver:
    """The autosave of one game: written after each barrier action and every
    `AUTOSAVE_EVERY` seconds while there are actions not yet on disk.

    Failures never interrupt play: `write` returns the reason, and the game screen says it once.
    """

    def __init__(self, game: str, started: datetime, every: float = AUTOSAVE_EVERY) -> None:
        self.stem = f"{game}-{started:%Y%m%d-%H%M%S}"
        self.every = every
        self.path: Path | None = None
        """The autosave file, once the first write reserved its name."""
        self._written: tuple[int, Entry | None] | None = None
        self._since = 0.0
        self.problem = ""
        """Why the last write failed ("" after a good one)."""

    @staticmethod
    def _mark(session: Session) -> tuple[int, Entry | None]:
        return len(session.history), session.history[-1] if session.history else None

    def pending(self, session: Session) -> bool:
        """Whether the game on screen differs from the last autosave (or none was written)."""
        if self._written is None:
            return bool(session.history)
        length, last = self._written
        now_length, now_last = self._mark(session)
        return length != now_length or last is not now_last

    def after_action(self, session: Session, players: Mapping[str, str],
                     turn_ended: bool = False) -> str:
        """Called after every action: writes at once when it crossed the undo barrier (or
        ended a turn)."""
        if turn_ended or (session.history and session.history[-1].barrier):
            return self.write(session, players)
        return ""

    def tick(self, dt: float, session: Session, players: Mapping[str, str]) -> str:
        """Called every frame of play: writes when actions waited `every` seconds."""
        self._since += dt
        if self._since >= self.every and self.pending(session):
            return self.write(session, players)
        return ""

    def write(self, session: Session, players: Mapping[str, str]) -> str:
        """Write the autosave now; "" on success, else the reason."""
        self._since = 0.0
        try:
            if self.path is None:
                self.path = write_new_save(paths.autosave_dir(), self.stem, session, players)
            else:
                write_game(self.path, session, players)
        except Exception as err:  # OSError mostly; the game goes on whatever the disk does
            problem = paths.user_data_problem() or f"{type(err).__name__}: {err}"
            self.problem = f"Autosave failed: {problem}"
            return self.problem
        self.problem = ""
        self._written = self._mark(session)
        return ""
