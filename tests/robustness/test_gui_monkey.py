"""The GUI monkey's fast slice (issue 25): each game's screen against the computer, in hot-seat
and computer against computer, and the replay of each unfinished save kind, a few hundred
gestures a game, with no traceback, hang or hidden information shown; and the crashes the
monkey found, each pinned. The long runs are in test_monkey_soak.py (`make soak`)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from monkey import (
    GAMES,
    KINDS,
    Handed,
    Monkey,
    game_window,
    on,
    on_game,
    peek_game,
    peek_replay,
    replay_window,
    unfinished_save,
)

from engine import plugins
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.clickguard import MOMENT
from engine.ui.game_scene import GameScene
from engine.ui.replay_scene import ReplayScene
from uitest import DT, click, key, make_app

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _filipinas_scene(size: tuple[int, int] = (1280, 800)) -> tuple[GameScene, Session]:
    plugin = plugins.get("filipinas")
    session = Session(plugin.rules, load_game_scenario(plugin), 3)
    app = make_app(size)
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
    scene, session = _filipinas_scene((1280, 1000))  # room for the hand a card a line
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
        assert not any(r.collidepoint(last) for r in scene.panel.hand_rects)  # no card there now
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
        key(app, pygame.K_l)  # the log shrinks: the hand comes back under the still pointer
        for _ in range(round(MOMENT / DT) + 1):  # a click goes to it once seen (clickguard)
            app.step(DT)
        click(app, first)
        assert scene.card_viewer is not None
    finally:
        pygame.event.clear()
        app.close()


# --- the monkey's fast slice ---------------------------------------------------------------------

GESTURES = 100
"""Per game and kind of table: 300 gestures a game on the game screen, 150 on its replays."""


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", GAMES)
def test_the_game_screen_under_the_monkey(game: str, kind: str) -> None:
    report = Monkey(f"{game} {kind}", game_window(game, kind, seed=KINDS.index(kind) + 1),
                    on_game(game), peek_game(Handed()), seed=GAMES.index(game) + 11
                    ).run(GESTURES)
    assert not report.problems(), report.problems()
    assert report.scenes["GameScene"] > GESTURES // 2, report.scenes


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", GAMES)
def test_the_replay_of_an_unfinished_game_under_the_monkey(game: str, kind: str,
                                                          tmp_path: Path) -> None:
    path, _ = unfinished_save(game, kind, tmp_path)
    report = Monkey(f"{game} replay {kind}", replay_window(path), on(ReplayScene),
                    peek_replay(Handed()), seed=3).run(GESTURES // 2)
    assert not report.problems(), report.problems()
    assert report.scenes["ReplayScene"] > GESTURES // 4, report.scenes
