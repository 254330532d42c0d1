"""Where tooltips stand: never over the thing they explain (a counter, a card, a die, a
mini-map: the board names its rectangle through `target_rect`), and at the pointer when the
board comes back from a hand-off (the box once appeared where the pointer had been before the
hand-off screen)."""

from __future__ import annotations

import pygame
import pytest

from engine.core.session import Session
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.widgets.tooltip import Tooltip
from toygame import PLUGIN
from toygame.rules import EndTurn, Move
from toygame.testing import make_session
from uitest import DT, at, click, hover, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _tip_rect(scene: GameScene, surface: pygame.Surface) -> pygame.Rect:
    tip = scene.tooltip
    assert tip.visible and tip.text
    from engine.ui import widgets as w

    fnt = w.text_font(w.SMALL, tip.scale)
    pad = w.px(6, tip.scale)
    lines = w.wrap(tip.text, fnt, w.px(360, tip.scale))
    size = (max(fnt.size(line)[0] for line in lines) + 2 * pad,
            len(lines) * fnt.get_linesize() + 2 * pad)
    return tip.place(size, surface.get_rect())


def test_a_tooltip_keeps_off_what_it_explains() -> None:
    tip = Tooltip()
    bounds = pygame.Rect(0, 0, 800, 600)
    tip.pos = (100, 100)
    tip.avoid = pygame.Rect(90, 90, 80, 80)
    rect = tip.place((200, 40), bounds)
    assert not rect.colliderect(tip.avoid) and bounds.contains(rect)
    # near the bottom right corner, over a mini-map: above it or beside it, still on screen
    tip.pos = (760, 560)
    tip.avoid = pygame.Rect(540, 380, 260, 220)
    rect = tip.place((300, 80), bounds)
    assert not rect.colliderect(tip.avoid) and bounds.contains(rect)
    tip.avoid = None
    assert tip.place((200, 40), bounds).topleft == (760 - 200 - 6, 560 - 40 - 6)


def start(app: App, session: Session) -> GameScene:
    return start_game(app, PLUGIN, session, {"blue": "human", "red": "human"})


def test_a_counters_tooltip_does_not_cover_the_counter(app: App) -> None:
    scene = start(app, make_session(1))
    click(app, (640, 400))
    click(app, (640, 400))
    assert scene.handoff is None
    pos = at(scene, "b1")
    hover(app, pos, steps=40)
    rect_of = scene.gameui.board.target_rect  # type: ignore[attr-defined]
    counter = rect_of("b1", scene.camera)
    assert counter is not None and counter.collidepoint(pos)
    assert scene.tooltip.visible
    assert not _tip_rect(scene, app.screen).colliderect(counter)


def test_after_a_handoff_the_tooltip_appears_at_the_pointer(app: App) -> None:
    session = make_session(1)
    scene = start(app, session)
    click(app, (640, 400))
    click(app, (640, 400))
    far = (40, 40)
    hover(app, far, steps=5)
    scene.play(Move("b1", -1, 1))
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoff is not None and scene.handoff.side == "red"
    # the next player clicks the hand-off away with the pointer resting on a counter
    target = at(scene, "r1")
    click(app, target)
    click(app, target, steps=40)
    assert scene.handoff is None and scene.viewer == "red"
    assert scene.hover == "r1" and scene.tooltip.visible
    rect = _tip_rect(scene, app.screen)
    near = pygame.Rect(0, 0, 240, 240)
    near.center = (round(target[0]), round(target[1]))
    assert rect.colliderect(near), (rect, target)
    assert not rect.collidepoint(far)
