"""Where the project's files live: repository folders and the user's data folder for saves."""

from __future__ import annotations

from pathlib import Path

import platformdirs

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SCENARIOS = ROOT / "scenarios"


def user_data() -> Path:
    """The platform's per-user data folder (created on first use)."""
    path = Path(platformdirs.user_data_dir("wargames", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = user_data() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_dir() -> Path:
    path = user_data() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path


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
