"""An online game on the game screen, through the door: opened from "My games", played by
clicking against a second seat on the same loopback server, the other side's moves appearing by
themselves, refusals with their section, and the banner while the server is away, after which
the connection comes back by itself and a move clicked meanwhile is applied once."""

from __future__ import annotations

import random
import socket
import time
from contextlib import contextmanager

import pygame
import pytest

from engine import plugins
from engine.loading import load_game_scenario
from engine.net.config import ServerConfig
from engine.net.hosting import EmbeddedServer
from engine.net.remote import RemoteDoor
from engine.net.store import SqliteStore
from engine.net.tokens import SeatTokens
from engine.ui import widgets as w
from engine.ui.online.lobby import OnlineScene
from engine.ui.online.model import OnlineModel
from engine.ui.online.play import OFFLINE, OnlineGameScene
from netplay import connection, pick, running_server, url
from uitest import DT, click, key, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]
LIMITS = {"rate": 2000.0, "burst": 2000, "address_rate": 4000.0, "address_burst": 4000}


def wait_for(app, condition, timeout: float = 90.0, also=()) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        for door in also:
            door.poll()
        app.step(DT)
        time.sleep(0.005)


def hosted_game(app, tmp_path, address: str):
    """The lobby with a Baler game hosted as Spanish, the Philippine seat taken by a scripted
    door on another connection."""
    games = {"baler": plugins.get("baler")}
    model = OnlineModel(SeatTokens(tmp_path / "seats.json"), name="Tester", games=games)
    lobby = OnlineScene(app, games, load_game_scenario, model=model)
    app.push(lobby)
    model.connect(address)
    wait_for(app, lambda: model.connected)
    model.host(games["baler"], "siege", {"spanish": "human", "philippine": "human"}, "spanish")
    code = model.tokens.seats(address)[0].invites["philippine"]
    other = connection(address, "Ana")
    joined = other.call({"type": "join", "code": code, "name": "Ana"})
    friend = RemoteDoor(other, token=joined["token"])
    lobby.refresh()
    return lobby, other, friend


def open_from_my_games(app, lobby: OnlineScene) -> OnlineGameScene:
    app.step(DT)
    rect, _ = lobby.rows[0]
    click(app, rect.center)
    assert lobby.dialog is not None
    button = next(b for b in lobby.dialog.buttons if b.text == "Open")
    click(app, button.rect.center)
    scene = app.scenes[-1]
    assert isinstance(scene, OnlineGameScene) and scene.seat == "spanish"
    return scene


@contextmanager
def seat_in_game(app, tmp_path):
    """A loopback server with a Baler game hosted as Spanish and opened on the game screen from
    "My games", the Philippine seat a scripted door: (the screen, that door, the lobby, the
    server's address); everything is closed afterwards."""
    with running_server(tmp_path) as server:
        lobby, other, friend = hosted_game(app, tmp_path, url(server))
        try:
            yield open_from_my_games(app, lobby), friend, lobby, url(server)
        finally:
            friend.close()
            other.close()
            app.scenes[-1].close()


def click_an_answer(app, scene: OnlineGameScene, rng: random.Random) -> bool:
    """Click a prompt button that answers the decision (or a marked place on the board); True
    when something was sent."""
    before = scene.door.revision
    buttons = [b for b in scene.prompt.buttons
               if not b.text.startswith(("Since your last", "Say something", "What would"))]
    if buttons:
        click(app, buttons[rng.randrange(len(buttons))].rect.center)
    else:
        legal = scene.door.legal()
        scene.ask_then_play(scene_item(scene, legal[rng.randrange(len(legal))]))
    if scene.dialog is not None and scene.dialog.title != "Since your last turn":
        button = next(b for b in scene.dialog.buttons if b.text in ("Do it", "Play it anyway"))
        click(app, button.rect.center)
    app.step(DT)
    return scene.waiting or scene.door.revision != before


def play_on(app, scene: OnlineGameScene, friend: RemoteDoor, rng: random.Random,
            done, limit: int = 300) -> tuple[int, int]:
    """The screen's seat answers by clicking, the other seat with a random legal answer, until
    `done(clicks, their moves)` holds once both seats have heard of the last move, or the game
    ends; the clicks and the other seat's moves."""
    clicked = played = 0
    for _ in range(limit):
        wait_for(app, lambda: not scene.waiting and not friend.pending
                 and friend.revision == scene.door.revision and (
                     scene.my_turn() or friend.deciding() or friend.result()), also=[friend])
        if done(clicked, played) or scene.door.result() is not None:
            break
        if scene.my_turn():
            revision = scene.door.revision
            assert click_an_answer(app, scene, rng)
            clicked += 1
        else:
            revision = friend.revision
            friend.play(pick(friend, rng), friend.revision)
            played += 1
        wait_for(app, lambda r=revision: scene.door.revision > r, also=[friend])
    return clicked, played


def scene_item(scene, action):
    from engine.ui.adapter import MenuItem

    return MenuItem(scene.gameui.action_label(action), action)


def test_a_game_played_by_clicking_against_another_seat(app, tmp_path):
    rng = random.Random(5)
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        shot(app, tmp_path, "online-game.png")
        clicked, played = play_on(app, scene, friend, rng,
                                  lambda c, p: c >= 3 and p >= 3)
        assert clicked >= 3 and played >= 3, (clicked, played, scene.door.result(),
                                               scene.door.length, scene.door.connected)
        # a move that rolled dice reaches the log once its dice have settled, as at one screen
        wait_for(app, lambda: friend.revision == scene.door.revision
                 and not scene.animations and not scene._after_dice, also=[friend])
        assert friend.length == scene.door.length == scene._logged
        # both seats read the same log; each move was applied once
        assert [(e.index, e.player) for e in friend.log("philippine")] == \
            [(e.index, e.player) for e in scene.door.log("spanish")]
        shot(app, tmp_path, "online-game-played.png")


def test_a_stale_or_refused_answer_is_said_and_changes_nothing(app, tmp_path):
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        length = scene.door.length
        # an answer to a revision the game has left is refused as stale, never applied
        if scene.my_turn():
            scene.door.play(scene.door.legal()[0], scene.door.revision - 1)
            scene.waiting = True
            wait_for(app, lambda: not scene.waiting, also=[friend])
            assert any("moved on" in text for text in app.toasts.messages)
        else:
            friend.play(friend.legal()[0], friend.revision - 1)
        time.sleep(0.2)
        app.step(DT)
        assert scene.door.length == length
        # a board click while the other side decides tells whose decision it is
        if not scene.my_turn():
            scene.board_click(scene.camera.viewport.center)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_banner_while_the_server_is_away_and_a_move_sent_once_after(app, tmp_path):
    port = free_port()
    address = f"ws://127.0.0.1:{port}"

    def start() -> EmbeddedServer:
        server = EmbeddedServer(ServerConfig(host="127.0.0.1", port=port, **LIMITS),
                                SqliteStore(tmp_path / "games.db"))
        server.start()
        return server

    server = start()
    try:
        lobby, other, friend = hosted_game(app, tmp_path, address)
        lobby.model.connection.backoff = (0.05, 0.3)
        scene = open_from_my_games(app, lobby)
        rng = random.Random(3)
        while not scene.my_turn():
            friend.play(pick(friend, rng), friend.revision)
            revision = friend.revision
            wait_for(app, lambda r=revision: scene.door.revision > r or scene.my_turn(),
                     also=[friend])
        server.stop()
        wait_for(app, lambda: not scene.connected)
        app.step(DT)
        app.draw()
        screen = pygame.display.get_surface()
        assert screen.get_at((scene.camera.viewport.x + 4,
                              scene.camera.viewport.y + 4))[:3] == w.ACCENT
        assert OFFLINE
        shot(app, tmp_path, "online-reconnecting.png")
        length = scene.door.length
        assert click_an_answer(app, scene, rng)  # clicked while away: kept, not lost
        server = start()
        wait_for(app, lambda: scene.connected and not scene.waiting, timeout=60)
        assert scene.door.length > length
        assert not any("moved on" in text for text in app.toasts.messages)
        friend_conn_back = friend.connection
        wait_for(app, lambda: friend_conn_back.connected, also=[friend])
        wait_for(app, lambda: friend.length == scene.door.length, also=[friend])
        assert [(e.index, e.player) for e in friend.log("philippine")] == \
            [(e.index, e.player) for e in scene.door.log("spanish")]
    finally:
        for scene_ in app.scenes:
            scene_.close()
        server.stop()


def test_escape_asks_before_leaving_and_the_game_goes_on(app, tmp_path):
    with running_server(tmp_path) as server:
        lobby, other, friend = hosted_game(app, tmp_path, url(server))
        try:
            scene = open_from_my_games(app, lobby)
            key(app, pygame.K_ESCAPE)
            assert scene.dialog is not None and scene.dialog.title == "Leave the game?"
            button = next(b for b in scene.dialog.buttons if b.text == "Leave")
            click(app, button.rect.center)
            assert app.scenes[-1] is lobby
        finally:
            friend.close()
            other.close()


def test_the_seat_opened_on_another_machine_is_said_on_the_banner(app, tmp_path):
    with running_server(tmp_path) as server:
        lobby, other, friend = hosted_game(app, tmp_path, url(server))
        elsewhere = connection(url(server), "Teodoro's laptop")
        try:
            scene = open_from_my_games(app, lobby)
            token = lobby.model.tokens.seats(url(server))[0].token
            second = RemoteDoor(elsewhere, token=token)
            wait_for(app, lambda: not scene.connected)
            assert "another machine" in scene.link_text
            second.close()
        finally:
            friend.close()
            other.close()
            elsewhere.close()
            app.scenes[-1].close()


def test_since_your_last_turn_steps_through_the_positions_on_the_board(app, tmp_path):
    rng = random.Random(11)
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        play_on(app, scene, friend, rng,
                lambda c, p: scene.my_turn() and scene.others_acted() > 0)
        assert scene.others_acted()
        since = next(b for b in scene.prompt.buttons if b.text.startswith("Since your"))
        click(app, since.rect.center)
        # the summary of one screen, straight on its list, with the replay on the board
        assert scene.handoff is not None and scene.handoff.stage == "summary"
        assert scene.handoff.lines and not scene.others_acted()
        app.draw()
        button = next(b for b in scene.handoff.buttons if b.text == "Replay on the board")
        click(app, button.rect.center)
        replay = scene.replay
        assert replay is not None and replay.position == 0
        shot(app, tmp_path, "online-since-last-turn.png")
        steps = len(replay.steps)
        for _ in range(steps - 1):
            key(app, pygame.K_SPACE)
        assert replay.position == steps - 1
        key(app, pygame.K_ESCAPE)
        assert scene.replay is None and scene.handoff is None and scene.dialog is None


def test_a_line_said_reaches_the_other_seat_and_theirs_shows_in_the_log(app, tmp_path):
    from engine.net.door import ChatLine

    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        say = next(b for b in scene.prompt.buttons if b.text == "Say something…")
        click(app, say.rect.center)
        assert scene.chatting and scene.chat.focused
        for ch in "Good luck":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(DT)
        key(app, pygame.K_RETURN)
        assert not scene.chatting
        heard: list[ChatLine] = []
        wait_for(app, lambda: heard.extend(u for u in friend.poll()
                                           if isinstance(u, ChatLine)) or heard)
        assert heard[0].text == "Good luck"
        friend.say("Thanks, you too")
        wait_for(app, lambda: any("Thanks, you too" in line.text
                                  for line in scene.log_view.lines))
        assert any("Thanks, you too" in text for text in app.toasts.messages)
        shot(app, tmp_path, "online-chat.png")


def test_undo_within_the_barrier_and_redo_and_the_barrier_said(app, tmp_path):
    rng = random.Random(4)
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        length = scene.door.length
        key(app, pygame.K_z, pygame.KMOD_CTRL)  # nothing of this seat's to take back
        assert scene.door.undo_refusal() in app.toasts.messages
        assert scene.door.length == length and not scene.waiting
        play_on(app, scene, friend, rng,
                lambda c, p: scene.my_turn() and scene.door.can_undo())
        assert scene.door.can_undo(), "no undoable action of the Spanish side came"
        length = scene.door.length
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        wait_for(app, lambda: not scene.waiting)
        assert scene.door.length == length - 1 and scene.door.can_redo()
        key(app, pygame.K_y, pygame.KMOD_CTRL)
        wait_for(app, lambda: not scene.waiting)
        assert scene.door.length == length


def test_the_boards_tooltips_show_on_the_online_screen(app, tmp_path):
    """A space hovered on the online screen is named after the same short rest as at one
    screen (the screen lets the tooltip's delay run)."""
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        from uitest import at, hover

        hover(app, at(scene, "es-bell-tower"), steps=40)
        assert scene.hover is not None  # the space, or the counter standing on it
        assert scene.tooltip.visible
        assert scene.tooltip.text and scene.tooltip.text.startswith(
            scene.gameui.board.tooltip(scene.hover))
