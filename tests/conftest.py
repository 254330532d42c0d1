"""Shared test set-up: headless SDL, the test-only game importable as `toygame`, and the UI
tests' fixtures (their helpers are in tests/support/uitest.py)."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the cache of checked scenarios would let one test's load skip checks another test patches
os.environ.setdefault("WARGAMES_SCENARIO_CACHE", "0")
# tests/support holds importable test helpers (the Skirmish game); tests/ itself is not put
# on sys.path because its folders mirror the package names (tests/engine would shadow engine).
sys.path.insert(0, str(Path(__file__).parent / "support"))

if TYPE_CHECKING:
    from engine.ui.app import App


@pytest.fixture
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, autosaves and screenshots go to a temporary folder ($XDG_DATA_HOME)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def app(user_data: Path) -> Iterator["App"]:
    """A 1280x800 window without sound; no event is left waiting before or after the test."""
    # Imported here, so tests that never open a window do not load pygame.
    import pygame

    from uitest import make_app

    application = make_app()
    yield application
    pygame.event.clear()
