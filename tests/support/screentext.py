"""Every text the game screen draws, gathered while it shows many positions of a game (issue 24,
"read it at a glance"): the font's `render` is hooked, so whatever reaches the window is seen,
and the texts the screen shows only on demand (tooltips, menus, the "Which one?" question, the
undo and redo toasts, the whole log, the computer's reasons) are brought up at each position.
`offending` finds hex coordinates and internal ids in them."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import drawing, fonts
from engine.ui import widgets as w
from engine.ui.game_scene import GameScene
from uitest import DT, click, make_app, start_game

COORDINATES = re.compile(r"(?<![\d.,])\d{1,2},\d{1,2}(?![\d,])|\bhex \d")
"""A hex written as its coordinates ("10,35", "hex 26,6")."""
ID_SHAPE = re.compile(r"[_#]|\d|-")
"""An internal id worth looking for: one a player could not mistake for a word (it has an
underscore, a hash, a digit or a hyphen: "revolutionary_taxes", "cavite#0", "shared-A")."""


@dataclass
class ScreenTexts:
    """The texts drawn, each with the first position (history length) it was seen at."""

    seen: dict[str, int] = field(default_factory=dict)
    at: int = 0

    def add(self, text: object) -> None:
        for line in str(text).splitlines():
            if line.strip() and line not in self.seen:
                self.seen[line] = self.at

    def install(self, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        """Record every text rendered from now on (the caches of rendered texts emptied)."""
        texts = self

        class RecordingFont(pygame.font.Font):
            def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
                texts.add(text)
                return super().render(text, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", RecordingFont)
        fonts.font.cache_clear()
        drawing.halo_text.cache_clear()
        w._rendered.clear()

    def offending(self, ids: Iterable[str]) -> dict[str, str]:
        """Texts that show hex coordinates or one of `ids` (those shaped like an id), with
        what was found."""
        wanted = sorted({i for i in ids if ID_SHAPE.search(i) and len(i) > 2}, key=len,
                        reverse=True)
        found = re.compile("|".join(rf"(?<![\w'-]){re.escape(i)}(?![\w'-])" for i in wanted)) \
            if wanted else None
        bad: dict[str, str] = {}
        for text in self.seen:
            hit = COORDINATES.search(text) or (found.search(text) if found else None)
            if hit:
                bad[text] = hit.group(0)
        return bad


def show(scene: GameScene, texts: ScreenTexts, targets: Sequence[str],
         rng: random.Random) -> None:
    """Draw the position for the player deciding, with the tooltips of `targets`, the menus
    or questions a click on each opens, and the whole log."""
    app = scene.app
    session = scene.session
    texts.at = len(session.history)
    scene.dialog = scene.menu = scene.handoff = None
    scene.viewer = scene.seat = session.decision.player
    scene.clear_selection()
    app.step(DT)
    board = scene.gameui.board
    legal = session.legal_actions()
    for target in targets:
        texts.add(board.tooltip(target) or "")
        click = scene.gameui.on_click(target, None, legal)
        if click.reason:
            texts.add(scene._cite(click.reason))
        if click.menu or click.choices or click.select is not None:
            scene.apply_click(click)
            app.step(DT)
            if scene.menu is not None:
                texts.add(scene.menu.title)
                for row in scene.menu.rows:
                    texts.add(row.text)
                    texts.add(row.detail)
            if click.select is not None:
                for aim in rng.sample(sorted(click.highlight), min(2, len(click.highlight))):
                    second = scene.gameui.on_click(aim, scene.selection, legal)
                    if second.menu:
                        scene.apply_click(second)
                        app.step(DT)
            scene.menu = None
            scene.clear_selection()
        _click_where_drawn(scene, texts, target)
    feed = scene.feeds.get(scene.viewer)
    for line in feed.view.lines if feed is not None else ():
        texts.add(line.text)
    for toast in app.toasts.toasts:
        texts.add(toast.text)


def _click_where_drawn(scene: GameScene, texts: ScreenTexts, target: str) -> None:
    """A click where `target` is drawn, as a person makes it (a stack that is not spread out
    asks "Which one?"), keeping what opens; the position is put back after."""
    anchor = scene.gameui.board.anchor(target)
    if anchor is None:
        return
    x, y = scene.camera.world_to_screen(*anchor)
    if not scene.camera.viewport.collidepoint(x, y):
        return
    session = scene.session
    n = len(session.history)
    click(scene.app, (x, y))
    if scene.menu is not None:
        texts.add(scene.menu.title)
        for row in scene.menu.rows:
            texts.add(row.text)
    for button in scene.prompt.buttons:
        texts.add(button.text)
    scene.menu = scene.dialog = None
    if len(session.history) != n:
        session.rewind(n)
    scene.clear_selection()


def undo_redo(scene: GameScene, texts: ScreenTexts) -> None:
    """Take the last action back and play it again, as Ctrl+Z and Ctrl+Y would, keeping the
    toasts' words."""
    if scene.session.can_undo():
        scene.undo()
        scene.redo()
        for toast in scene.app.toasts.toasts:
            texts.add(toast.text)


def play_and_read(scene: GameScene, texts: ScreenTexts, seed: int, positions: int,
                  every: int, targets: Callable[[GameScene], Sequence[str]],
                  per_position: int = 6, skip: Callable[[object], bool] = lambda a: False) -> None:
    """Seeded random play for the human sides, the computer playing its own (its reasons go
    to the log), showing a position every 1 to `every` actions (`show`) and taking a human
    action back and playing it again now and then (`undo_redo`)."""
    rng = random.Random(seed)
    session = scene.session
    app = scene.app
    for _ in range(positions):
        for _ in range(rng.randint(1, every)):
            if session.result() is not None:
                return
            player = scene.deciding
            if player is not None and scene.players.get(player, "human") != "human":
                before = len(session.history)
                for _ in range(2000):
                    app.step(1.0)
                    if len(session.history) != before or session.result() is not None:
                        break
                continue
            legal = session.legal_actions()
            scene.viewer = scene.seat = session.decision.player
            scene.handoff = None
            scene.play(rng.choice([a for a in legal if not skip(a)] or legal))
            if rng.random() < 0.2:
                undo_redo(scene, texts)
        found = list(dict.fromkeys(targets(scene)))
        show(scene, texts, rng.sample(found, min(per_position, len(found))), rng)


def board_ids(scene: GameScene) -> set[str]:
    """The ids of what the board shows: its counters, the places they stand on (Filipinas'
    piles), the places it marks and its tooltips' keys."""
    board = scene.gameui.board
    stacks = getattr(board, "stacks", None)
    placed = stacks.placements() if stacks is not None else {}
    return {*placed, *placed.values(), *(getattr(board, "marks", None) or ()),
            *(getattr(board, "tooltips", None) or ()), *(getattr(board, "shapes", None) or ())}


def read_new_game(plugin: GamePlugin, monkeypatch, players: dict[str, str],  # type: ignore[no-untyped-def]
                  seed: int, scenario: Path | None = None,
                  **kwargs: Any) -> tuple[GameScene, ScreenTexts]:
    """`play_and_read` over a new game of `plugin` with `players` on a 1600x1000 window (no
    question before a choice that cannot be undone): the screen and what it drew."""
    texts = ScreenTexts()
    texts.install(monkeypatch)
    app = make_app((1600, 1000))
    app.settings.confirm_irreversible = False
    session = Session(plugin.rules, load_game_scenario(plugin, scenario), seed)
    scene = start_game(app, plugin, session, players, autosave=False)
    play_and_read(scene, texts, seed, **kwargs)
    return scene, texts
