"""Broken copies of a shipped scenario for the designer checks' tests (<game>/checks.py): copy
the game's folder, change one thing, validate, and find the problem at its file:line:col."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.loading import validate_paths
from engine.paths import SCENARIOS


class Broken:
    """A copy of `scenarios/<game>` in `tmp` to edit and validate."""

    def __init__(self, tmp: Path, game: str, manifest: str) -> None:
        self.folder = tmp / game
        shutil.copytree(SCENARIOS / game, self.folder)
        self.manifest = self.folder / manifest

    def edit(self, name: str, old: str, new: str) -> tuple[int, int]:
        """Replace the one occurrence of `old` in file `name`; the 1-based line and column where
        `new` starts."""
        path = self.folder / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {name}"
        start = text.index(old)
        path.write_text(text.replace(old, new), encoding="utf-8")
        line = text.count("\n", 0, start) + 1
        return line, start - text.rfind("\n", 0, start)

    def problems(self) -> list[str]:
        return validate_paths([self.manifest])

    def problem(self, name: str, line: int, col: int, message: str) -> str:
        """The one rendered problem at `name:line:col` with `message`; fails if absent."""
        head = f"{self.folder / name}:{line}:{col}: {message}"
        found = [p for p in self.problems() if p.startswith(head + "\n")]
        assert found, f"no problem {head!r} in:\n" + "\n".join(self.problems())
        return found[0]


def line_of(path: Path, text: str) -> int:
    """The 1-based line where `text` first occurs in the file."""
    content = path.read_text(encoding="utf-8")
    return content.count("\n", 0, content.index(text)) + 1
