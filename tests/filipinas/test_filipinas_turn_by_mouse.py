"""One whole turn of Filipinas 1896-1898 for both sides, hot-seat, played only with the mouse
through the real game screen (posted events at the positions of what is drawn, dummy video
driver): no action point is spent and no die rolled except by choosing a menu row or a prompt
button (DESIGN.md §8)."""

from __future__ import annotations

import random
from typing import Any, cast

import pygame
import pytest

from engine.core.actions import Action
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.adapter import Click
from engine.ui.game_scene import GameScene
from filipinas import PLUGIN
from filipinas.rules import actions as A
from filipinas.ui.clicks import unit_of
from filipinas.ui.gameui import FilipinasUI
from mouseturn import Ledger, Played, pass_handoffs, play_by_mouse
from uitest import DT, make_app, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

SCENARIO = load_game_scenario(PLUGIN)


def _source(action: Action) -> str | None:
    """The counter whose selection offers `action`."""
    if isinstance(action, A.Attack):
        return action.units[0]
    if isinstance(action, A.Move | A.Merge | A.Entrench | A.Intercept | A.DefendZapote):
        return action.stack
    if isinstance(action, A.PlayCard):
        return action.targets[-1] if action.targets else None
    return unit_of(action)


def _routes(scene: GameScene, action: Action) -> list[list[str]]:
    """The board clicks that may lead to `action`: places that offer it with nothing
    selected, else its counter (as a stack, then alone) followed by what it aims at."""
    ui = cast(FilipinasUI, scene.gameui)
    selector = ui.selector
    routes: list[list[str]] = []
    if isinstance(action, A.Discard):
        routes.append(["manila"])
    if isinstance(action, A.TradeCards):
        routes += [[s] for s in ui.board.shapes if s.startswith("res")][:1]
    if isinstance(action, A.Recruit):
        routes += [[action.space], [action.unit]]
    if isinstance(action, A.Reinforce):
        routes += [[d] for d in action.dests]
    if isinstance(action, A.BuildLine):
        routes.append([action.line])
    if isinstance(action, A.PlayCard) and action.targets:
        routes += [[action.targets[0]], [action.targets[-1]]]
    source = _source(action)
    if source is not None and source in ui.data.counters:
        aims = [t.removeprefix("stack:") for t in selector.targets_of(action)]
        for extra in aims or [""]:
            tail = [extra] if extra else []
            routes += [[source, *tail], [source, source, *tail]]
    return routes


def _ap(state: Any) -> dict[str, int]:
    return dict(state.ap)


@pytest.mark.parametrize("seed", [3, 11])
def test_one_turn_for_both_sides_with_the_mouse_only(seed: int) -> None:
    app = make_app((1600, 1000))
    app.settings.confirm_irreversible = False
    session = Session(PLUGIN.rules, SCENARIO, seed)
    scene = start_game(app, PLUGIN, session, {s: "human" for s in PLUGIN.sides}, autosave=False)
    ledger = Ledger(scene, _ap).install()
    rng = random.Random(seed)
    sides_seen: set[str] = set()
    missed: list[Action] = []
    for _ in range(200):
        pass_handoffs(app, scene)
        if session.state.turn > 1 or session.result() is not None:
            break
        legal = session.legal_actions()
        sides_seen.add(session.decision.player)
        action = rng.choice(legal)
        before = len(session.history)
        if not play_by_mouse(app, ledger, action, _routes(scene, action)):
            missed.append(action)
            continue
        for _ in range(3):
            app.step(DT)
        assert len(session.history) > before, (session.decision, action)
        assert session.history[before].action == action
    assert not missed, missed
    assert session.state.turn == 2
    assert sides_seen == set(PLUGIN.sides)
    ledger.check()
    # every board click that acts opens a menu, even for one action (DESIGN.md §8)
    assert ledger.count("board") == 0 and ledger.count("menu") and ledger.count("button")
    pygame.event.clear()


def test_a_click_the_game_would_play_at_once_but_that_rolls_asks_first() -> None:
    """Were a board click to play a recruitment (a roll, 1 AP) at once, the screen opens a
    one-row menu marked "(no undo)" instead; and the ledger would catch such a play."""
    app = make_app((1600, 1000))
    session = Session(PLUGIN.rules, SCENARIO, 3)
    scene = start_game(app, PLUGIN, session, {s: "human" for s in PLUGIN.sides}, autosave=False)
    ledger = Ledger(scene, _ap).install()
    pass_handoffs(app, scene)
    recruit = next(a for a in session.legal_actions() if isinstance(a, A.Recruit))
    scene.apply_click(Click(action=recruit), (400, 400))
    assert not ledger.played and scene.menu is not None
    assert [row.text.endswith("(no undo)") for row in scene.menu.rows] == [True]
    ledger.played.append(Played("board", recruit, {"filipino": 5}, {"filipino": 4}, 1))
    with pytest.raises(AssertionError, match="spent or rolled after a board click"):
        ledger.check()
    pygame.event.clear()
