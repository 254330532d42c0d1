"""Nothing lost (DESIGN.md §8): save names that never collide, an autosave after every action
that passes the undo barrier and every few seconds of play, a rescue save after a crash, and
the cleaning of temporary files a killed write left behind.

Every write goes through a temporary file that is whole before it takes a save's name: an
autosave written again is renamed over the old one (`atomic_write_text`), and a new save
(Ctrl+S, the first autosave, a rescue) is hard-linked under the first free name, which never
replaces an existing file. So two games started in the same second, or two Ctrl+S in one second,
get two files, and a write killed at any moment leaves the earlier saves as they were and no
empty or truncated save in the Load list, only a temporary file that the next start removes.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
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


def unique_folder(parent: Path, stem: str) -> Path:
    """A new empty folder `parent/stem` (or `stem-2`, …, whichever is free), made exclusively
    (OSError when `parent` cannot be written)."""
    parent.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        path = parent / (stem if n == 1 else f"{stem}-{n}")
        try:
            path.mkdir()
        except FileExistsError:
            n += 1
            continue
        return path


def write_new_file(folder: Path, stem: str, text: str, suffix: str = ".json") -> Path:
    """Write `text` to a new file `folder/stem.json` (or `stem-2.json`, …, whichever is free)
    and return its path. The text is written whole to a temporary file first, then linked
    under the free name (a hard link is made only where no file is, in one step): a kill at any
    moment leaves either no new file or the whole one. Where the disk has no hard links, the
    name is reserved empty and the whole file renamed over it. OSError when the folder cannot
    be written."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{stem}{suffix}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        n = 1
        while True:
            path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
            try:
                os.link(tmp, path)
            except FileExistsError:
                n += 1
                continue
            except OSError as err:
                if err.errno not in _NO_LINKS:
                    raise
                path = unique_path(folder, stem, suffix)
                os.replace(tmp, path)
            return path
    finally:
        Path(tmp).unlink(missing_ok=True)


_NO_LINKS: Final = frozenset(
    code for code in (getattr(errno, name, None) for name in
                      ("EPERM", "ENOTSUP", "EOPNOTSUPP", "EXDEV", "EMLINK", "ENOSYS"))
    if code is not None)
"""What `os.link` says on a disk (or for a user) without hard links."""


def game_text(session: Session, players: Mapping[str, str]) -> str:
    """The save file of `session`. The state hash is taken from a clean replay of the history,
    so a state that an exception left half-changed is never written as the saved position."""
    data = save_data(session, players)
    data["state_hash"] = session.rules.state_hash(session.state_at(len(session.history)))
    return json.dumps(data, indent=1) + "\n"


def write_new_save(folder: Path, stem: str, session: Session,
                   players: Mapping[str, str]) -> Path:
    """Write `session` to a new file in `folder` named after `stem` and return its path."""
    return write_new_file(folder, stem, game_text(session, players))


def write_game(path: Path, session: Session, players: Mapping[str, str]) -> None:
    """Save `session` atomically over the file at `path`."""
    atomic_write_text(path, game_text(session, players))


_TEMP_PATTERNS: Final = (".*.json.*.tmp", ".*.log.*.tmp")
_SAVE_FOLDERS: Final = ("saves", "autosave")


def clean_temp_files(folders: Iterable[Path] | None = None) -> int:
    """Remove what killed writes left in the save folders; returns how many files.

    Only our own temporary files (`.<name>.json.<random>.tmp`, see `write_new_file` and
    `atomic_write_text`) and empty saves (a name reserved by a write killed before it could
    fill it, as earlier versions did) older than `STALE_TEMP` seconds are removed, so a write in
    progress in another window is left alone. Empty saves are looked for in the saves and
    autosave folders only.
    """
    if folders is None:
        base = paths.user_data_path()
        folders = (base, base / "saves", base / "autosave", base / "logs")
    now = time.time()
    removed = 0
    for folder in folders:
        try:
            saves = folder.name in _SAVE_FOLDERS
            found = [path for pattern in (*_TEMP_PATTERNS, *(("*.json",) if saves else ()))
                     for path in folder.glob(pattern)]
        except OSError:
            continue
        for path in found:
            try:
                info = path.lstat()
                if not stat.S_ISREG(info.st_mode) or now - info.st_mtime <= STALE_TEMP:
                    continue
                if path.suffix == ".json" and info.st_size > 0:
                    continue
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
