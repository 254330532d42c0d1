"""Hot-seat that flows (issue 24, docs/hotseat.md): "since your last turn" starts right after the
player's own last decision and past the set-up; its replay brings each action into view and
keeps its words in the side panel's place, off the board; a seat that takes the screen without
the black screen is named by a banner over the board, which then goes."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest

from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import hotseat
from engine.ui.camera import Camera
from engine.ui.handoff import BANNER_TIME, pan_to, setup_length
from guerra import PLUGIN as GUERRA
from guerra.rules.actions import SetOptions
from uitest import DT, key, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


@dataclass(frozen=True)
class Entry:
    index: int
    player: str | None


def test_the_summary_starts_right_after_the_players_own_last_decision():
    history = [Entry(0, "a"), Entry(1, "b"), Entry(2, "b"), Entry(3, "a"), Entry(4, "b"),
               Entry(5, None)]
    # what followed a's decision at once (a reveal, the first shooting) is in a's summary
    assert hotseat.summary_start(history, "a", ()) == 4
    # an answer the screen played for a is no decision of a's: the summary goes further back
    assert hotseat.summary_start(history, "a", {3}) == 1
    assert hotseat.summary_start(history, "b", ()) == 5
    # never before the set-up's end, whoever answered it
    assert hotseat.summary_start(history, "c", (), setup=2) == 2
    assert hotseat.summary_start(history, "a", (), setup=4) == 4


def test_the_summary_leaves_out_the_set_up(app):
    session = Session(GUERRA.rules, load_game_scenario(GUERRA), 5)
    session.play(SetOptions("basic", 2, 2, True))  # places every counter of the scenario
    assert any("starts at" in e.text for e in session.history[0].events)
    assert setup_length(session) == 1
    scene = start_game(app, GUERRA, session, dict.fromkeys(GUERRA.sides, "human"), 0,
                       autosave=False)
    scene.show_since_last_turn()
    assert scene.handoff is not None
    assert not any("starts at" in line for line in scene.handoff.lines), scene.handoff.lines[:3]


def test_the_replay_brings_each_action_into_view_never_past_the_edge():
    camera = Camera(pygame.Rect(0, 0, 800, 600), (4000, 3000))
    camera.zoom = 1.0
    camera.center_on((400, 300))
    where = camera.offset
    pan_to(camera, [(420, 310), (380, 290)])  # already in view: the camera stays
    assert camera.offset == where
    pan_to(camera, [(3900, 2950)])  # far off, by the corner
    x, y = camera.world_to_screen(3900, 2950)
    assert camera.viewport.collidepoint(x, y)
    shown = camera.visible_world_rect()
    assert shown.right <= 4000 + 1 and shown.bottom <= 3000 + 1


def test_the_banner_names_the_seat_then_goes(app, tmp_path):
    session = Session(GUERRA.rules, load_game_scenario(GUERRA), 5)
    session.play(SetOptions("basic", 2, 2, True))
    scene = start_game(app, GUERRA, session, dict.fromkeys(GUERRA.sides, "human"), 0,
                       autosave=False)
    banner = scene.banner
    assert banner is not None and banner.text.endswith("player: your turn")
    assert scene.side_name(session.decision.player) in banner.text
    drawn = banner.draw(app.screen, scene.camera.viewport, app.scale, app.now)
    assert drawn is not None and scene.camera.viewport.contains(drawn)
    app.toasts.toasts.clear()
    app.step(DT)
    shot(app, tmp_path, "table-flow-guerra-banner.png")
    for _ in range(round(BANNER_TIME / DT) + 2):
        app.step(DT)
    assert scene.banner is None


def test_a_guerra_replay_pans_to_each_action_and_leaves_the_board_clear(app, tmp_path):
    from guerra.ai import GuerraAgent

    session = Session(GUERRA.rules, load_game_scenario(GUERRA), 5)
    session.play(SetOptions("basic", 1, 1, True))
    first = None
    for _ in range(400):  # until the second side has moved and the first decides again
        player = session.decision.player
        if first is None and session.state.phase.value == "movement":
            first = player
        if first is not None and player == first and any(
                e.player not in (None, first) for e in session.history[-3:]):
            break
        agent = GuerraAgent(player, 5)
        session.play(agent.choose(session.rules, session.state, session.legal_actions()))
    scene = start_game(app, GUERRA, session, dict.fromkeys(GUERRA.sides, "human"), 0,
                       autosave=False)
    scene.banner = None
    scene.camera.zoom = 2.0
    scene.camera.center_on((0.0, 0.0))  # the player looked at a corner of the map
    scene.show_since_last_turn()
    assert scene.handoff is not None
    key(app, pygame.K_r)
    assert scene.replay is not None
    panned = False
    for _ in range(len(scene.replay.steps)):
        app.step(DT)
        anchors = [scene.gameui.board.anchor(c) for c in scene.moved]
        if anchors:
            view = scene.camera.viewport
            assert all(view.collidepoint(scene.camera.world_to_screen(*a))
                       for a in anchors if a is not None)
            panned = True
            shot(app, tmp_path, "table-flow-replay-panned.png")
            break
        key(app, pygame.K_RIGHT)
    assert panned


def test_the_banner_keeps_below_the_dice_tray(app):
    from engine.ui.handoff import SeatBanner

    view = pygame.Rect(0, 0, 900, 700)
    banner = SeatBanner("Republican", "Whole front, Republican", 0.0)
    alone = banner.draw(app.screen, view, 1.0, 0.5)
    assert alone is not None
    tray = pygame.Rect(alone.right - 100, 8, 300, 60)  # the roll's tray at the top right
    drawn = banner.draw(app.screen, view, 1.0, 0.5, [tray])
    assert drawn is not None and not drawn.colliderect(tray) and view.contains(drawn)
