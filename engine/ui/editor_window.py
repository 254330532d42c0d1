"""`wargames edit`: the window opened on the position editor, with the crash screen that
rescues the position being edited."""

from __future__ import annotations

from pathlib import Path

from engine import paths
from engine.core.game import GamePlugin
from engine.editing import PositionEdits
from engine.ui import crash
from engine.ui.app import App
from engine.ui.editor import EditorScene


def run_editor(plugin: GamePlugin, edits: PositionEdits, target: Path,
               size: tuple[int, int] | None = None) -> int:
    """Open the window on the editor; returns the exit code when it closes."""
    app = App(size, title=f"{plugin.title}: position editor", settings_path=paths.settings_file())
    crash.install(app)
    try:
        app.push(EditorScene(app, plugin, edits, target))
        return app.run()
    finally:
        app.close()
