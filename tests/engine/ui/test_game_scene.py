"""The game screen driven through the real loop: posted pygame events and `App.step()`."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from engine.core.actions import DiceRolled
from engine.core.dice import ScriptedDice
from engine.core.saves import read_save, restore
from engine.core.session import Session
from engine.ui.adapter import Click
from engine.ui.app import App
from engine.ui.game_scene import BARRIER_TEXT, GameScene
from engine.ui.handoff import Handoff
from engine.ui.replay_scene import ReplayScene
from toygame import PLUGIN
from toygame.rules import Attack, EndTurn, Move
from toygame.testing import make_session, scenario
from uitest import DT, at, button_at, click, key, press, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def piece_hex(session: Session, piece: str) -> tuple[int, int]:
    side, name, q, r = session.rules.view(session.state, None)["pieces"][piece]
    return q, r


def start(app: App, session: Session, players: dict[str, str] | None = None,
          speed: int = 0) -> GameScene:
    return start_game(app, PLUGIN, session, players or {"blue": "human", "red": "computer"},
                      speed)


def menu_row(scene: GameScene, label: str) -> tuple[int, int]:
    """The centre of the open menu's row whose text starts with `label`."""
    assert scene.menu is not None
    for row, rect in zip(scene.menu.rows, scene.menu.row_rects, strict=True):
        if row.text.startswith(label):
            return rect.center
    raise AssertionError(f"no row {label!r} in {[r.text for r in scene.menu.rows]}")


def adjacent_session(rolls: tuple[int, ...]) -> Session:
    """Blue's b1 next to red's r1 at the start of turn 3, with scripted attack rolls."""
    session = make_session(1, ScriptedDice(rolls))
    for action in (Move("b1", -1, 0), EndTurn(), Move("r1", 1, -1), EndTurn(),
                   Move("b1", 0, -1), EndTurn(), EndTurn()):
        session.play(action)
    assert Attack("b1", "r1") in session.legal_actions()
    return session


def test_click_a_counter_then_a_highlighted_hex_moves_it(app, tmp_path):
    session = make_session(1)
    scene = start(app, session)
    click(app, at(scene, "b1"))
    assert scene.selection == "b1"
    assert "-1,1" in scene.highlight
    shot(app, tmp_path, "game_selected.png")
    click(app, at(scene, "-1,1"))
    assert len(session.history) == 1
    assert piece_hex(session, "b1") == (-1, 1)
    assert scene.selection is None
    shot(app, tmp_path, "game_moved.png")


def test_f1_opens_the_player_aid_and_pages_through_it(app):
    scene = start(app, make_session(1))
    key(app, pygame.K_F1)
    assert scene.dialog is not None
    dialog = scene.dialog
    assert dialog.title == "Player aid 1/3: Sequence of play"
    assert "6 turns" in dialog.text
    rect = pygame.Rect(dialog.rect)
    close = pygame.Rect(dialog.buttons[0].rect)
    key(app, pygame.K_PAGEDOWN)
    assert scene.dialog is dialog and dialog.title == "Player aid 2/3: Combat"
    assert dialog.rect == rect and dialog.buttons[0].rect == close  # nothing moves
    key(app, pygame.K_RIGHT)
    assert dialog.title == "Player aid 3/3: Counter codes"  # the game's legend
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_LEFT)
    assert dialog.title == "Player aid 1/3: Sequence of play"
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None


def test_an_illegal_click_shows_the_reason(app):
    scene = start(app, make_session(1))
    click(app, at(scene, "r1"))
    assert "Red Guard belongs to the other side (Skirmish 2)." in app.toasts.messages
    assert not scene.session.history
    scene.play(Move("b1", 3, 3))
    assert any("Skirmish 2" in m for m in app.toasts.messages)


def test_an_attack_rolls_dice_and_the_animation_settles_on_the_logged_value(app, tmp_path):
    session = adjacent_session((5,))
    scene = start(app, session, speed=1)
    click(app, at(scene, "b1"))
    assert "r1" in scene.highlight
    before = len(session.history)
    click(app, at(scene, "r1"))
    assert scene.menu is not None and len(session.history) == before  # a menu, no roll yet
    assert [r.text for r in scene.menu.rows] == [
        "Attack — the piece's action, 1 die (no undo)", "Move onto it"]
    assert scene.menu.rows[1].callback is None and "Skirmish 2" in scene.menu.rows[1].detail
    shot(app, tmp_path, "action-menu.png")
    click(app, menu_row(scene, "Attack"))
    assert scene.dialog is not None and scene.dialog.title == "This cannot be undone"
    assert len(session.history) == before
    scene.dialog.press("Do it")
    app.step(DT)
    rolled = [e for e in session.history[-1].events if isinstance(e, DiceRolled)]
    assert [e.values for e in rolled] == [(5,)]
    assert scene.animations
    anim = scene.animations[0]
    for _ in range(6):
        app.step(0.03)
    assert not anim.settled
    assert all(1 <= face <= 6 for face in anim.faces)
    shot(app, tmp_path, "dice_tumbling.png")
    for _ in range(20):
        app.step(0.03)
    assert anim.settled
    assert tuple(anim.faces) == rolled[0].values
    shot(app, tmp_path, "dice_settled.png")
    click(app, (100, 100))
    assert not scene.animations
    assert "r1" not in session.rules.view(session.state, None)["pieces"]


def test_ctrl_z_undoes_a_move_and_restores_the_piece(app):
    session = make_session(1)
    scene = start(app, session)
    click(app, at(scene, "b1"))
    click(app, at(scene, "-1,1"))
    assert piece_hex(session, "b1") == (-1, 1)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not session.history
    assert piece_hex(session, "b1") == (-2, 1)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert piece_hex(session, "b1") == (-1, 1)
    assert any(m.startswith("Redone: ") for m in app.toasts.messages)


def test_undo_is_refused_after_a_die_roll(app):
    session = adjacent_session((2,))
    scene = start(app, session)
    scene.play(Attack("b1", "r1"))
    app.step(DT)
    length = len(session.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(session.history) == length
    assert "Cannot undo past a die roll, a draw or a reveal." in app.toasts.messages
    view = scene.panel.log_view
    assert view.row(view.row_count - 1) == (BARRIER_TEXT, "barrier")


def test_ctrl_s_writes_a_save_that_restores_to_the_same_state(app, user_data):
    session = make_session(1)
    scene = start(app, session)
    click(app, at(scene, "b1"))
    click(app, at(scene, "-1,1"))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    saves = list((user_data / "wargames" / "saves").glob("*.json"))
    assert len(saves) == 1
    assert any(str(saves[0]) in m for m in app.toasts.messages)
    restored = restore(read_save(saves[0]), PLUGIN.rules, scenario())
    assert restored.state_hash() == session.state_hash()


def test_hot_seat_hands_off_on_a_black_screen_and_never_shows_the_other_hand(app, tmp_path):
    session = make_session(3)
    views: list[str | None] = []
    real_view = session.rules.view

    class SpyRules:
        """The rules, recording which player every view is asked for."""

        def __getattr__(self, name: str):
            return getattr(PLUGIN.rules, name)

        def view(self, state, player):
            views.append(player)
            return real_view(state, player)

    session.rules = SpyRules()
    scene = start(app, session, {"blue": "human", "red": "human"})
    shown: list[tuple[str | None, list[str] | None, list[str]]] = []
    real_set = scene.panel.set_content

    def spy_set(**content):
        viewer = scene.viewer
        own = [f"Order: {c}" for c in session.state.hands.get(viewer, [])]
        shown.append((viewer, content["hand"], own))
        real_set(**content)

    scene.panel.set_content = spy_set

    def black(fraction: float = 0.97) -> bool:
        w, h = app.size
        points = [(x, y) for x in range(5, w, 37) for y in range(5, h, 41)]
        dark = sum(app.screen.get_at(p)[:3] == (0, 0, 0) for p in points)
        return dark / len(points) >= fraction

    assert isinstance(scene.handoff, Handoff) and scene.handoff.side == "blue"
    assert black()
    click(app, (640, 400))
    assert scene.handoff is not None and scene.handoff.stage == "summary"
    click(app, (640, 400))
    assert scene.handoff is None and scene.viewer == "blue"
    assert "red" not in views
    press(app, scene, "End turn", exact=True)
    assert scene.handoff is not None and scene.handoff.side == "red"
    assert black()
    shot(app, tmp_path, "handoff.png")
    assert "red" not in views
    click(app, (640, 400))
    shot(app, tmp_path, "handoff_summary.png")
    assert any("Red draws the order" in line for line in scene.handoff.lines)
    assert "red" not in views
    click(app, (640, 400))
    assert scene.viewer == "red" and "red" in views
    assert all(hand == own for viewer, hand, own in shown if viewer is not None)
    assert all(viewer != "red" for viewer, hand, _ in shown[: shown.index(
        next(s for s in shown if s[0] == "red"))])


def test_a_computer_side_plays_by_itself_and_the_turn_end_autosaves(app, user_data):
    session = make_session(2)
    scene = start(app, session)
    scene.ai_delay = 0.0
    press(app, scene, "End turn", exact=True)
    for _ in range(400):
        app.step(DT)
        if scene.deciding == "blue":
            break
        time.sleep(0.002)  # the computer thinks on a worker thread
    assert scene.deciding == "blue"
    assert any(entry.player == "red" for entry in session.history)
    autosaves = list((user_data / "wargames" / "autosave").glob("skirmish-*.json"))
    assert len(autosaves) == 1
    assert read_save(autosaves[0]).state_hash == session.state_hash()


class GatedAgent:
    """A computer side that thinks until the test opens its gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()

    def choose(self, rules, state, legal):
        self.gate.wait(timeout=10)
        return EndTurn() if EndTurn() in legal else legal[0]


def test_the_window_keeps_drawing_while_the_computer_thinks(app):
    session = make_session(2)
    agent = GatedAgent()
    app.settings.dice_speed = 0
    scene = GameScene(app, PLUGIN, session, {"blue": "human", "red": "computer"},
                      agents={"red": agent})
    app.push(scene)
    scene.ai_delay = 0.0
    press(app, scene, "End turn", exact=True)
    for _ in range(20):  # were the agent asked on the UI thread, the first step would hang
        app.step(DT)
    assert scene.deciding == "red" and len(session.history) == 1
    agent.gate.set()
    for _ in range(400):
        app.step(DT)
        if scene.deciding == "blue":
            break
        time.sleep(0.002)
    assert scene.deciding == "blue" and session.history[-1].player == "red"


def test_a_click_with_several_meanings_asks_in_the_prompt(app):
    session = make_session(1)
    scene = start(app, session)
    scene.apply_click(Click(choices=(Move("b1", -1, 1), Move("b1", -2, 0))))
    app.step(DT)
    assert [b.text for b in scene.prompt.buttons] == [
        "Move b1 to (-1,1)", "Move b1 to (-2,0)", "Cancel"]
    click(app, button_at(scene, "Move b1 to (-2,0)", exact=True))
    assert piece_hex(session, "b1") == (-2, 0)
    assert "End turn (no undo)" in [b.text for b in scene.prompt.buttons]


def test_the_replay_steps_back_and_forward_and_continues(app, tmp_path):
    session = make_session(1)
    for action in (Move("b1", -1, 1), EndTurn(), Move("r1", 1, -1), EndTurn(), Move("b2", -1, 2)):
        session.play(action)
    replay = ReplayScene(app, PLUGIN, session)
    app.push(replay)
    app.step(DT)
    assert replay.position == 0
    assert replay.session.rules.view(replay.state, None)["pieces"]["b1"][2:] == (-2, 1)
    key(app, pygame.K_RIGHT)
    assert replay.position == 1
    assert replay.session.rules.view(replay.state, None)["pieces"]["b1"][2:] == (-1, 1)
    click(app, replay.controls[3].rect.center)
    assert replay.position == 2
    key(app, pygame.K_LEFT)
    assert replay.position == 1
    turn2 = next(b for b in replay.turns.buttons if b.text == "Turn 2")
    click(app, turn2.rect.center)
    assert replay.position == session.turn_boundaries()[2]
    shot(app, tmp_path, "replay.png")
    # the game is not finished: no going on from an earlier point (tests/robustness/test_replays)
    assert "Continue from here" not in [b.text for b in replay.controls]


def test_the_pointer_is_followed_behind_the_hand_off_screen(app):
    scene = start(app, make_session(1), {"blue": "human", "red": "human"})
    assert scene.handoff is not None
    target = at(scene, "b1")
    pos = (round(target[0]), round(target[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(4):  # click through the hand-off without moving the pointer again
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(DT)
        if scene.handoff is None:
            break
    app.step(DT)
    assert scene.handoff is None
    assert scene.hover == "b1"


def test_online_the_log_waits_for_the_dice_to_settle_as_at_one_screen(app):
    """The online screen (here through a door of one seat in this process) shows the board
    and the log of the moment before a roll until its dice settle, as the local screen does."""
    from engine.net.local import LocalDoor
    from engine.ui.online.play import OnlineGameScene

    session = adjacent_session((5,))
    app.settings.dice_speed = 1
    scene = OnlineGameScene(app, LocalDoor(PLUGIN, session, ["blue"]))
    app.push(scene)
    app.step(DT)
    logged = len(scene.log_view.lines)
    scene.play(Attack("b1", "r1"))
    app.step(DT)
    assert scene.animations and scene.prompt.text == "Rolling the dice…"
    assert len(scene.log_view.lines) == logged  # nothing of the attack's result yet
    rolled = [e for e in session.history[-1].events if isinstance(e, DiceRolled)]
    assert rolled
    key(app, pygame.K_SPACE)  # a key settles the dice, a second sends them off
    assert scene.animations[0].settled and len(scene.log_view.lines) == logged
    key(app, pygame.K_SPACE)
    app.step(DT)
    assert not scene.animations
    assert len(scene.log_view.lines) > logged
    assert scene.prompt.text != "Rolling the dice…"


def test_online_toasts_keep_clear_of_the_side_panel_as_at_one_screen(app):
    from engine.net.local import LocalDoor
    from engine.ui.online.play import OnlineGameScene

    scene = OnlineGameScene(app, LocalDoor(PLUGIN, make_session(1), ["blue"]))
    app.push(scene)
    app.step(DT)
    app.toast("A refusal long enough to reach the side panel " * 4, "error")
    app.step(DT)
    app.draw()
    rects = [rect for rect, _ in app.toasts._rects]
    assert rects and all(not rect.colliderect(scene.panel.rect) for rect in rects)
