"""Shared test set-up: headless SDL, and the test-only game importable as `toygame`."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# tests/support holds importable test helpers (the Skirmish game); tests/ itself is not put
# on sys.path because its folders mirror the package names (tests/engine would shadow engine).
sys.path.insert(0, str(Path(__file__).parent / "support"))
