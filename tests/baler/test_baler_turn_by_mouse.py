"""One whole turn of Heroes of Baler for both sides, hot-seat, played only with the mouse through
the real game screen (posted events at the positions of what is drawn, dummy video driver):
no action point is spent and no die rolled except by choosing a menu row or a prompt button."""

from __future__ import annotations

import random

import pygame
import pytest

from baler import PLUGIN
from baler.rules.actions import PlayCard
from baler.ui import clicks, menus
from engine.core.actions import Action
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.widgets.action_menu import NO_UNDO, item_text
from mouseturn import clear_toasts
from uitest import DT, at, button_at, click, hover, make_app, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

SCENARIO = load_game_scenario(PLUGIN)


def _spent(scene: GameScene) -> tuple[int, int]:
    """Actions played and dice rolled so far."""
    return len(scene.session.history), len(scene.session.state.dice.log)


def _pass_handoffs(app: App, scene: GameScene) -> None:
    for _ in range(10):
        if scene.handoff is None:
            return
        click(app, (10, 10), steps=2)


def _board_targets(scene: GameScene, action: Action) -> list[str]:
    """The clicks that lead to `action` on the board: its target, or its source then its
    destination."""
    where = scene.gameui.where
    one = clicks.one_step(where, action)
    if one:
        return [one[0]]
    two = clicks.two_step(where, action)
    return [two[0][0], two[0][1]] if two else []


def _menu_row(scene: GameScene, action: Action) -> tuple[int, int] | None:
    """The centre of the open menu's row that plays `action` (the screen marks "(no undo)"
    what the game's menu may not have marked: a row whose choice rolls next)."""
    menu = scene.menu
    if menu is None:
        return None
    ui = scene.gameui
    wanted = item_text(menus.item(ui.data, ui.view, action, ui.action_label(action)))
    unmarked = wanted.removesuffix(f" {NO_UNDO}")
    for row, rect in zip(menu.rows, menu.row_rects, strict=True):
        if row.callback is not None and row.text in (wanted, f"{unmarked} {NO_UNDO}"):
            return rect.center
    return None


def _pick_from_stack(app: App, scene: GameScene, target: str) -> None:
    """A click on a stack asks which counter is meant: pick `target` in that list."""
    menu = scene.menu
    if menu is None or menu.title != "Which one?":
        return
    name = scene.gameui.board.tooltip(target) or target
    for row, rect in zip(menu.rows, menu.row_rects, strict=True):
        if row.text == name:
            click(app, rect.center, steps=2)
            return


def _play_by_mouse(app: App, scene: GameScene, action: Action) -> None:
    """Click the board (looking only: nothing may be spent), then the menu row or the button."""
    before = _spent(scene)
    targets = [t for t in _board_targets(scene, action) if scene.gameui.board.anchor(t)]
    if action in scene.gameui.board_actions(scene.session.legal_actions()) and targets:
        for target in targets:
            # The pointer first: a stack under it fans out, and the counter moves with it.
            hover(app, at(scene, target), steps=2)
            click(app, at(scene, target), steps=2)
            _pick_from_stack(app, scene, target)
            if _spent(scene) != before:
                # Only a plain placement plays from the click itself (nothing spent or rolled).
                assert scene.session.history[-1].action == action
                assert len(scene.session.state.dice.log) == before[1]
                return
        assert _spent(scene) == before, "a board click spent or rolled without a menu choice"
        row = _menu_row(scene, action)
        if row is not None:
            clear_toasts(app, row)
            click(app, row, steps=2)
            return
        click(app, (5, 5), steps=1)  # close what the click opened
    click(app, button_at(scene, scene.gameui.action_label(action)), steps=2)


def test_one_turn_for_both_sides_with_the_mouse_only() -> None:
    app = make_app((1600, 1000))
    app.settings.confirm_irreversible = False
    session = Session(PLUGIN.rules, SCENARIO, 5)
    scene = start_game(app, PLUGIN, session, {s: "human" for s in PLUGIN.sides}, autosave=False)
    rng = random.Random(5)
    sides_seen: set[str] = set()
    for _ in range(400):
        _pass_handoffs(app, scene)
        if session.state.turn > 1 or session.result() is not None:
            break
        # an answer that would change nothing is greyed in its menu: not chosen here (an
        # event card is played all the same, after a question)
        legal = [a for a in session.legal_actions() if isinstance(a, PlayCard)
                 or not menus.idle(scene.gameui.view, a)]
        sides_seen.add(session.decision.player)
        action = rng.choice(legal)
        before = _spent(scene)
        _play_by_mouse(app, scene, action)
        if scene.dialog is not None and "no effect now" in scene.dialog.title:
            scene.dialog.press("Play it anyway")  # a card that must be played all the same
            scene.dialog = None
        for _ in range(3):
            app.step(DT)
        assert _spent(scene)[0] > before[0], (session.decision, action)
        assert session.history[before[0]].action == action
    assert session.state.turn == 2
    assert sides_seen == set(PLUGIN.sides)
    pygame.event.clear()
