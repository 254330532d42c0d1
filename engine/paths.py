"""Where the project's files live: repository folders and the user's data folder for saves.

The data folder may be unusable (a file where the folder should be, no permission to write):
the functions here never raise for that; they return the path, and whoever writes there reports
the failure, with `user_data_problem()` saying in words what is wrong (DESIGN.md §8).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SCENARIOS = ROOT / "scenarios"


def user_data_path() -> Path:
    """The platform's per-user data folder, without touching the disk."""
    return Path(platformdirs.user_data_dir("wargames", appauthor=False))


def settings_file() -> Path:
    """The app's settings (UI scale, dice speed, the online server's address...)."""
    return user_data_path() / "settings.json"


def _folder(path: Path) -> Path:
    # the writer reports a failure, with user_data_problem() for the words
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def user_data() -> Path:
    """The platform's per-user data folder (created on first use when possible)."""
    return _folder(user_data_path())


def saves_dir() -> Path:
    return _folder(user_data() / "saves")


def autosave_dir() -> Path:
    return _folder(user_data() / "autosave")


def logs_dir() -> Path:
    """Crash reports (DESIGN.md §8: the app loop writes the traceback here for a bug report)."""
    return _folder(user_data() / "logs")


def user_data_problem(folder: Path | None = None) -> str:
    """Why `folder` (default: the user data folder) cannot hold our files, in words; "" when it
    can. Checked by trying, since permissions alone do not tell (an administrator may write
    anywhere, a read-only disk refuses everyone)."""
    path = folder if folder is not None else user_data_path()
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as err:
        reason = (err.strerror or type(err).__name__).lower()
        if path.exists() and not path.is_dir():
            reason = "a file is in its place"
        return f"the data folder {path} cannot be used ({reason})"
    return ""


def scenario_ref(path: str | Path) -> str:
    """How a save names its scenario: relative to scenarios/ when inside it, else absolute."""
    p = Path(path).resolve()
    try:
        return p.relative_to(SCENARIOS).as_posix()
    except ValueError:
        return str(p)


def scenario_path(ref: str) -> Path:
    p = Path(ref)
    return p if p.is_absolute() else SCENARIOS / p
