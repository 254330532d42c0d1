"""The crashes a GUI monkey found on the game screens (issue 25), each pinned."""

from __future__ import annotations

import pygame
import pytest

from engine import plugins
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.game_scene import GameScene
from uitest import DT, click, make_app

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _filipinas_scene() -> tuple[GameScene, Session]:
    plugin = plugins.get("filipinas")
    session = Session(plugin.rules, load_game_scenario(plugin), 3)
    app = make_app()
    scene = GameScene(app, plugin, session, {"filipino": "human", "spain": "computer"},
                      autosave=False)
    app.push(scene)
    app.step(DT)
    return scene, session


@pytest.mark.parametrize("button", [1, 3])
def test_a_click_on_a_card_gone_since_the_last_frame_opens_nothing(button: int) -> None:
    """The hand shrinks (two cards traded for an action point, 6.13) after the frame that drew
    it and before the next click, which lands where its last card was drawn: the click and the
    hover follow the hand as it is now, not the pictures of the last frame."""
    scene, session = _filipinas_scene()
    app = scene.app
    try:
        before = list(scene.panel.hand or [])
        assert len(before) == 5, before
        last = scene.panel.hand_rects[-1].center
        trade = next(a for a in session.legal_actions() if type(a).__name__ == "TradeCards")
        assert scene.play(trade)
        assert len(scene.panel.hand or []) == 3
        for event in (
            pygame.event.Event(pygame.MOUSEMOTION, pos=last, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=last, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=last, button=button),
        ):
            pygame.event.post(event)
        for _ in range(40):  # the hover waits for the tooltip's delay
            app.step(DT)
        assert scene.card_viewer is None
    finally:
        pygame.event.clear()
        app.close()


def test_the_hand_under_an_enlarged_log_is_not_clicked() -> None:
    """With the log enlarged the hand is not drawn: a click where its cards were opens none."""
    scene, _ = _filipinas_scene()
    app = scene.app
    try:
        first = scene.panel.hand_rects[0].center
        scene.toggle_log()
        app.step(DT)
        click(app, first)
        assert scene.card_viewer is None
        scene.toggle_log()
        app.step(DT)
        click(app, first)
        assert scene.card_viewer is not None
    finally:
        pygame.event.clear()
        app.close()
