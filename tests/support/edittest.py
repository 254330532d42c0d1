"""What the position editor's tests share: the editor scene driven by posted pygame events (a
drag is a press, a motion and a release), and the round trip edit → save → validate → load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine import cli
from engine.core.game import GamePlugin
from engine.editing import PositionEdits
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.editor import EditorScene
from uitest import DT


def open_editor(app: App, plugin: GamePlugin, target: Path,
                scenario_file: Path | None = None) -> EditorScene:
    scenario = load_game_scenario(plugin, scenario_file)
    scene = EditorScene(app, plugin, PositionEdits(plugin, scenario), target)
    app.push(scene)
    app.step(DT)
    return scene


def board_at(scene: EditorScene, target: str) -> tuple[int, int]:
    """Screen position of a counter or location of the editor's board."""
    anchor = scene.kit.board.anchor(target)
    assert anchor is not None, target
    x, y = scene.camera.world_to_screen(*anchor)
    assert scene.camera.viewport.collidepoint(x, y), f"{target} is out of view"
    return round(x), round(y)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], frames: int = 2) -> None:
    """Press the left button at `start`, move in two steps to `end`, release there."""
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    app.step(DT)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    for _ in range(frames):
        app.step(DT)


def tray_at(scene: EditorScene, section: str, tray: str) -> tuple[int, int]:
    """Open `section` of the panel and scroll until the title of `tray` shows; its centre."""
    panel = scene.panel
    if section not in panel.open:
        panel.open.add(section)
        panel.layout(panel.rect, panel.scale)
    for _ in range(200):
        row = next(r for r in panel.rows if r.kind == "tray" and r.ref == tray)
        box = row.rect.move(0, panel.body.y - panel.scroll)
        if panel.body.contains(box):
            return box.center
        panel.scroll += 40
        panel.layout(panel.rect, panel.scale)
    raise AssertionError(f"tray {tray} never came into view")


def entry_at(scene: EditorScene, piece: str) -> tuple[int, int]:
    """The centre of a tray entry, scrolled into view (its section must be open)."""
    panel = scene.panel
    panel.scroll = 0
    for _ in range(400):
        box = panel.rect_of_entry(piece)
        assert box is not None, piece
        if panel.body.contains(box):
            return box.center
        panel.scroll += 30
        panel.layout(panel.rect, panel.scale)
    raise AssertionError(f"entry {piece} never came into view")


def validates_and_loads(plugin: GamePlugin, manifest: Path, position: dict[str, Any]) -> Any:
    """`wargames validate` accepts the saved scenario, and the game it starts from lays out
    the same position; returns the started state."""
    assert cli.main(["validate", str(manifest)]) == 0
    scenario = load_game_scenario(plugin, manifest)
    laid_out = plugin.rules.from_position(scenario, {}, 0, start=False)
    assert plugin.rules.to_position(laid_out) == position
    return plugin.rules.new_game(scenario, 0)


def press_step(app: App, scene: EditorScene, section: str, label: str, text: str) -> None:
    """Click the button `text` of the panel's setting `label` (opening its section)."""
    panel = scene.panel
    if section not in panel.open:
        panel.open.add(section)
        panel.layout(panel.rect, panel.scale)
    row = next(r for r in panel.rows if r.kind == "setting" and r.text == label)
    rect = next(rect for rect, step in row.extra if step.text == text)
    box = rect.move(0, panel.body.y - panel.scroll)
    assert panel.body.contains(box), f"{label} is out of view"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=1))
    app.step(DT)
