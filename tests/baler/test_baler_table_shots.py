"""The table of Heroes of Baler as a player sees it, on the real game screen (dummy video
driver): the longest card in the card viewer, the enlarged log, the hand-off summary and its
replay on the board, and a table page of the player aid. Screenshots go to $WARGAMES_SHOTS when
it is set (docs/screenshots/table-*.png)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from baler import PLUGIN
from baler.ui.gameui import BalerUI
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.widgets.aid_dialog import AidDialog
from uitest import DT, click, key, make_app, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

SCENARIO = load_game_scenario(PLUGIN)
HOT_SEAT = {side: "human" for side in PLUGIN.sides}


def _played(seed: int, actions: int) -> Session:
    """A hot-seat game some way into turn 1 or 2, played at random."""
    session = Session(PLUGIN.rules, SCENARIO, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if session.result() is not None:
            break
        session.play(rng.choice(session.legal_actions()))
    return session


def _screen(session: Session) -> tuple[App, GameScene]:
    app = make_app((1600, 1000))
    scene = start_game(app, PLUGIN, session, HOT_SEAT, autosave=False)
    return app, scene


def test_the_longest_card_reads_whole_in_the_viewer(tmp_path: Path) -> None:
    app, scene = _screen(_played(3, 40))
    ui = scene.gameui
    assert isinstance(ui, BalerUI)
    # the longest card with a boosted event and its whole requirement
    faces = [f for f in ui.all_card_faces() if any(h.startswith("Boosted") for h, _ in f.sections)]
    longest = max(faces, key=lambda f: sum(len(t) for _, t in f.sections))
    scene.open_card(longest)
    app.step(DT)
    viewer = scene.card_viewer
    assert viewer is not None
    app.toasts.toasts.clear()
    app.draw()
    shot(app, tmp_path, "table-card-viewer-baler.png")
    pygame.event.clear()


def test_the_enlarged_log_and_the_handoff_replay(tmp_path: Path) -> None:
    app, scene = _screen(_played(5, 100))
    session = scene.session
    rng = random.Random(5)
    for _ in range(400):
        if scene.handoff is not None:
            if len(session.history) > 120 and len(session.history) - scene._handoff_since >= 5:
                break
            click(app, (300, 300), steps=2)
            continue
        assert session.result() is None
        scene.play(rng.choice(session.legal_actions()))
        app.step(DT)
    assert scene.handoff is not None
    app.toasts.toasts.clear()  # the "… to decide" notes of the quick play above
    click(app, (300, 300), steps=2)
    assert scene.handoff is not None and scene.handoff.stage == "summary"
    assert any(b.text.startswith("Replay") for b in scene.handoff.buttons)
    shot(app, tmp_path, "table-handoff-summary.png")
    key(app, pygame.K_r)
    assert scene.replay is not None
    for _ in range(2):
        key(app, pygame.K_RIGHT)
    assert scene.replay is not None
    shot(app, tmp_path, "table-handoff-replay.png")
    caption = scene.replay.caption
    assert "attack-" not in caption and "heal-" not in caption
    key(app, pygame.K_ESCAPE)
    for _ in range(4):
        if scene.handoff is None:
            break
        click(app, (300, 300), steps=2)
    key(app, pygame.K_l)
    assert scene.panel.log_expanded
    shot(app, tmp_path, "table-log-enlarged.png")
    pygame.event.clear()


def test_a_table_page_of_the_player_aid(tmp_path: Path) -> None:
    app, scene = _screen(_played(3, 10))
    for _ in range(4):
        if scene.handoff is None:
            break
        click(app, (300, 300), steps=2)
    key(app, pygame.K_F1)
    dialog = scene.dialog
    assert isinstance(dialog, AidDialog)
    for _ in range(len(scene.aid_pages())):
        if dialog.pages[dialog.page].tables:
            break
        key(app, pygame.K_PAGEDOWN)
    assert dialog.pages[dialog.page].tables
    app.toasts.toasts.clear()
    app.draw()
    shot(app, tmp_path, "table-player-aid-table.png")
    pygame.event.clear()


@pytest.mark.parametrize("game", ["baler", "filipinas", "guerra"])
def test_no_word_of_a_player_aid_table_is_cut_in_two(game: str) -> None:
    """The F1 tables wrap their cells between words ("Surveillance" stays whole)."""
    from engine import plugins
    from engine.ui import widgets as w
    from engine.ui.game_scene import build_gameui
    from engine.ui.widgets.aid_dialog import table_rows

    make_app((1600, 1000))
    plugin = plugins.discover()[game]
    ui = build_gameui(plugin, Session(plugin.rules, load_game_scenario(plugin), 1))
    fnt, bold = w.text_font(w.SMALL + 1, 1.0), w.text_font(w.SMALL + 1, 1.0, bold=True)
    for page in ui.player_aid():
        for table in page.tables:
            _, rows = table_rows(table, fnt, bold, 740, 1.0)
            texts = [list(table.columns), *[list(r) for r in table.rows]] if table.columns \
                else [list(r) for r in table.rows]
            for text_row, wrapped in zip(texts, rows, strict=True):
                for text, lines in zip(text_row, wrapped, strict=True):
                    assert " ".join(lines).split() == text.split(), (page.title, text, lines)
