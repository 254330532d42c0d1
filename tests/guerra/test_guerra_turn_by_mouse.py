"""One whole turn of La Guerra de España for both sides, hot-seat, played only with the mouse
through the real game screen (posted events at the positions of what is drawn, dummy video
driver): the options, the Army of Africa, each side's movement, combat and readaptation, the map
brought into view by clicks on the mini-map. No die is rolled except by choosing a prompt button
or a menu row: a click on the map may select a counter, move it or declare a combat, never roll
(selecting a warship to see its range rolls nothing, section 7).

A phase ends by its button once its player has made a fair number of moves (a whole random phase
could move every counter of the side)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from engine.core.hexgrid import Hex
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.hexmap import hex_id
from guerra import PLUGIN
from guerra.rules import actions as A
from guerra.ui.board import GuerraMap
from mouseturn import Ledger, pass_handoffs, play_by_mouse
from uitest import DT, at, click, make_app, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

SCENARIO = load_game_scenario(PLUGIN)
OPTIONS = A.SetOptions("advanced", 1, 1, True)
ENDS = (A.EndMovement, A.EndCombats, A.EndReadaptation, A.EndConversions)
MOVES_A_PHASE = 10
"""Actions a player makes in a phase before ending it by its button."""


def _routes(action: Action) -> list[list[str]]:
    """The board clicks that lead to `action`."""
    if isinstance(action, A.PlaceCounter):
        return [[hex_id(Hex(action.q, action.r))]]
    if isinstance(action, A.MoveTo | A.Disembark):
        where = hex_id(Hex(action.q, action.r))
        return [[where]] if isinstance(action, A.MoveTo) else [[action.unit, where]]
    if isinstance(action, A.Convert):
        return [[action.first, action.second], [action.second, action.first]]
    if isinstance(action, A.Attack):
        return [[action.attacker, action.defender], [action.defender]]
    if isinstance(action, A.Support):
        return [[action.air, action.unit], [action.unit], [action.air]]
    unit = getattr(action, "unit", None)
    return [[unit]] if isinstance(unit, str) else []


def _reveal(app: App, scene: GameScene, target: str) -> None:
    """Bring `target` into the board's view by clicking its place on the mini-map."""
    board = scene.gameui.board
    assert isinstance(board, GuerraMap)
    mini = board.minimap

    def shown() -> bool:
        x, y = at(scene, target)
        inner = scene.camera.viewport.inflate(-50, -50)
        return inner.collidepoint(x, y) and not mini.rect.inflate(20, 20).collidepoint(x, y)

    if shown():
        return
    anchor = board.anchor(target)
    assert anchor is not None, target
    scale = mini.map_rect.width / mini.world_size[0]
    click(app, (mini.map_rect.x + anchor[0] * scale, mini.map_rect.y + anchor[1] * scale),
          steps=2)
    assert shown(), f"{target} not brought into view by the mini-map"


def _pick(rng: random.Random, legal: list[Action], done: int) -> Action:
    """A random action of the phase, its end once enough was done (never a surrender)."""
    ends = [a for a in legal if isinstance(a, ENDS)]
    if ends and done >= MOVES_A_PHASE:
        return ends[0]
    if OPTIONS in legal:
        return OPTIONS
    rest = [a for a in legal if not isinstance(a, (*ENDS, A.Surrender))]
    return rng.choice(rest or ends or legal)


def _no_ap(state: Any) -> int:
    return 0


@pytest.mark.parametrize("seed", [4, 6])
def test_one_turn_for_both_sides_with_the_mouse_only(seed: int) -> None:
    app = make_app((1600, 1000))
    app.settings.confirm_irreversible = False
    session = Session(PLUGIN.rules, SCENARIO, seed)
    scene = start_game(app, PLUGIN, session, {s: "human" for s in PLUGIN.sides}, autosave=False)
    ledger = Ledger(scene, _no_ap).install()
    rng = random.Random(seed)
    seen: set[tuple[str, str]] = set()
    done, phase = 0, None
    missed: list[Action] = []
    for _ in range(300):
        pass_handoffs(app, scene)
        if session.state.turn > 1 or session.result() is not None:
            break
        now = (session.decision.player, session.state.phase.value)
        if now != phase:
            done, phase = 0, now
        seen.add(now)
        action = _pick(rng, session.legal_actions(), done)
        before = len(session.history)
        if not play_by_mouse(app, ledger, action, _routes(action), _reveal):
            missed.append(action)
            done += 1
            continue
        done += 1
        for _ in range(3):
            app.step(DT)
        assert len(session.history) > before, (session.decision, action)
        assert session.history[before].action == action
    assert not missed, missed
    assert session.state.turn == 2
    assert {side for side, _ in seen} == {"nationalist", "republican"}
    assert {("nationalist", "movement"), ("republican", "movement")} <= seen
    ledger.check()
    assert ledger.count("board") and ledger.count("button")
    # the last Army of Africa counter starts the turn's rolls (section 4): its click asks first
    africa = [p for p in ledger.played if isinstance(p.action, A.PlaceCounter)]
    assert [p.via for p in africa][-1] == "menu" and africa[-1].rolled
    pygame.event.clear()


def test_the_player_aid_puts_the_mini_map_where_it_is_drawn() -> None:
    app = make_app((1600, 1000))
    session = Session(PLUGIN.rules, SCENARIO, 4)
    scene = start_game(app, PLUGIN, session, {s: "human" for s in PLUGIN.sides}, autosave=False)
    board = scene.gameui.board
    assert isinstance(board, GuerraMap)
    mini, view = board.minimap.rect, scene.camera.viewport
    corner = ("bottom" if mini.centery > view.centery else "top") + " " + (
        "right" if mini.centerx > view.centerx else "left")
    text = " ".join(line for page in scene.gameui.player_aid() for line in page.lines)
    assert f"mini-map ({corner})" in text
    pygame.event.clear()
