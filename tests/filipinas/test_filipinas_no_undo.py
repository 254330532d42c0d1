"""Filipinas 1896-1898: every choice the screen offers that rolls, draws, reveals or plays a
card is marked "(no undo)" and asked about once, the side panel's buttons (Political Action,
"Attack … — 1 AP", "Locate and attack …") as well as the board's menus (issue 24, DESIGN.md
§8), at many positions of seeded random play."""

from __future__ import annotations

import pytest
from barriers import walk_new_game

from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.game_scene import GameScene
from engine.ui.widgets.confirm import CONFIRM_TITLE
from filipinas import PLUGIN
from filipinas.rules import actions as A
from filipinas.ui import layout as L
from uitest import DT, button_at, click, make_app, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _targets(scene: GameScene) -> list[str]:
    """The counters, the provinces, cities, lines and boxes, and one Resources cell (its
    click trades cards)."""
    board = scene.gameui.board
    places = [*L.PROVINCES, *L.CITIES, *L.LINES, *L.BOXES, "res5"]
    return [*sorted(board.stacks.placements()), *(p for p in places if p in board.shapes)]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_choice_that_cannot_be_undone_is_marked_and_asked(seed: int) -> None:
    walk = walk_new_game(PLUGIN, seed, positions=30, targets=6, candidates=_targets)
    assert not walk.failures, walk.failures
    asked = walk.asked("button") + walk.asked("menu")
    assert walk.asked("button") and walk.asked("menu")
    for start in ("Political Action", "Attack ", "Locate and attack"):
        assert any(text.startswith(start) for text in asked), start


def test_a_side_panel_roll_asks_once_and_cancel_rolls_nothing(tmp_path) -> None:
    """The Political Action button (it rolled at once before): "(no undo)" on the button, one
    question, Cancel leaves the game as it was, "Do it" rolls (docs/screenshots)."""
    app = make_app((1600, 1000))
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), 3)
    scene = start_game(app, PLUGIN, session, {"filipino": "human", "spain": "computer"},
                       autosave=False)
    label = "Political Action: push the United States towards war (5-6) — 1 AP (no undo)"
    dice = len(session.state.dice.log)
    click(app, button_at(scene, label, exact=True))
    dialog = scene.dialog
    assert dialog is not None and dialog.title == CONFIRM_TITLE
    assert label.removesuffix(" (no undo)") in dialog.text
    app.step(DT)
    shot(app, tmp_path, "table-confirm-panel-roll.png")
    click(app, next(b for b in dialog.buttons if b.text == "Cancel").rect.center)
    assert scene.dialog is None and not session.history
    assert len(session.state.dice.log) == dice
    click(app, button_at(scene, label, exact=True))
    assert scene.dialog is not None
    click(app, scene.dialog.buttons[0].rect.center)  # Do it
    assert isinstance(session.history[0].action, A.Political) and session.history[0].barrier
