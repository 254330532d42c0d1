"""The launcher's "Play online…" screen against a real server on a free loopback port: the
address typed and remembered, hosting a game through the dialog (options, seats, the codes),
joining with a code, "My games" with "your move" marked, "Host on this computer"."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pygame
import pytest

from engine import plugins
from engine.loading import load_game_scenario
from engine.net.config import ServerConfig
from engine.net.tokens import SeatTokens
from engine.ui.launcher import Launcher
from engine.ui.online.lobby import YOUR_MOVE, OnlineScene
from engine.ui.online.model import (
    NAME_SETTING,
    SETTING,
    LocalHost,
    OnlineModel,
    activity,
    normal_address,
    seats_spec,
)
from netplay import running_server, url
from uitest import DT, click, key, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


@pytest.fixture
def games():
    return {"baler": plugins.get("baler")}


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(DT)


def open_lobby(app, games, tmp_path, name="seats.json", host=None) -> OnlineScene:
    model = OnlineModel(SeatTokens(tmp_path / name), name="Tester", games=games)
    scene = OnlineScene(app, games, load_game_scenario, model=model, host=host)
    app.push(scene)
    app.step(DT)
    return scene


def connect_to(app, scene: OnlineScene, address: str) -> None:
    click(app, scene.address.rect.center)
    key(app, pygame.K_u, pygame.KMOD_CTRL)
    type_text(app, address)
    click(app, scene.connect_button.rect.center)
    wait_for(app, lambda: scene.model.connected)


def wait_for(app, condition, timeout: float = 90.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        app.step(DT)
        time.sleep(0.01)


def dialog_press(app, scene, label: str) -> None:
    assert scene.dialog is not None, "no dialog open"
    button = next(b for b in scene.dialog.buttons if b.text == label)
    click(app, button.rect.center)


def test_addresses_are_read_as_people_type_them():
    assert normal_address("192.168.1.5") == "ws://192.168.1.5:8765"
    assert normal_address(" ws://games.example.org:9000 ") == "ws://games.example.org:9000"
    assert normal_address("wss://games.example.org") == "wss://games.example.org"
    for bad in ("", "http://x.org", "ws://", "ws://host:99999", "ws://a b:1", "ws://h:1/x?y"):
        with pytest.raises(ValueError):
            normal_address(bad)


def test_last_activity_in_words():
    now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    assert activity((now - timedelta(seconds=20)).isoformat(), now) == "just now"
    assert activity((now - timedelta(minutes=7)).isoformat(), now) == "7 min ago"
    assert activity((now - timedelta(hours=5)).isoformat(), now) == "5 h ago"
    assert activity((now - timedelta(days=3)).isoformat(), now) == "3 days ago"
    assert activity("not a time", now) == "not a time"


def test_exactly_one_side_is_mine():
    assert seats_spec({"a": "me", "b": "invite"}) == ({"a": "human", "b": "human"}, "a")
    assert seats_spec({"a": "me", "b": "computer:easy"})[0]["b"] == "computer:easy"
    assert seats_spec({"a": "me", "b": "me"})[1] is None
    assert seats_spec({"a": "invite", "b": "none"})[1] is None


def test_the_launcher_opens_play_online(app, games, tmp_path):
    launcher = Launcher(app, load_game_scenario, games=games)
    app.push(launcher)
    app.step(DT)
    shot(app, tmp_path, "online-launcher.png")
    click(app, launcher.online_button.rect.center)
    assert isinstance(app.scenes[-1], OnlineScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is launcher


def test_an_unreachable_server_is_said_at_once_and_nothing_hangs(app, games, tmp_path):
    scene = open_lobby(app, games, tmp_path)
    started = time.monotonic()
    click(app, scene.address.rect.center)
    key(app, pygame.K_u, pygame.KMOD_CTRL)
    type_text(app, "ws://127.0.0.1:1")
    click(app, scene.connect_button.rect.center)
    assert time.monotonic() - started < 5
    assert not scene.model.connected
    assert "cannot reach" in scene.model.status()
    click(app, scene.host_button.rect.center)
    assert scene.dialog is None  # disabled while not connected
    scene.choose_game()
    assert scene.dialog is not None and scene.dialog.title == "Not connected"


def test_a_typed_address_that_is_none_is_refused_and_not_remembered(app, games, tmp_path):
    scene = open_lobby(app, games, tmp_path)
    click(app, scene.address.rect.center)
    key(app, pygame.K_u, pygame.KMOD_CTRL)
    type_text(app, "http://nowhere")
    key(app, pygame.K_RETURN)
    assert scene.dialog is not None and scene.dialog.title == "Not a server address"
    assert SETTING not in app.settings.launcher
    assert scene.model.connection is None


def test_host_a_game_join_it_and_see_whose_move(app, games, tmp_path):
    with running_server(tmp_path) as server:
        scene = open_lobby(app, games, tmp_path)
        connect_to(app, scene, url(server))
        assert app.settings.launcher[SETTING] == url(server)
        click(app, scene.name.rect.center)
        key(app, pygame.K_u, pygame.KMOD_CTRL)
        type_text(app, "Teodoro")
        key(app, pygame.K_RETURN)
        assert app.settings.launcher[NAME_SETTING] == "Teodoro" and not scene.name.focused
        assert "no games" in scene.games_note
        shot(app, tmp_path, "online-lobby.png")
        click(app, scene.host_button.rect.center)
        assert scene.mode == "choose"
        labels = [b.text for b in scene.picker.buttons]
        assert any(label.startswith("Heroes of Baler: ") for label in labels)
        shot(app, tmp_path, "online-host-choose.png")
        click(app, scene.picker.buttons[0].rect.center)
        dialog = scene.dialog
        assert dialog is not None and dialog.title.startswith("Host ")
        assert [r.value for r in dialog.rows[:2]] == ["Me", "Invite"]
        shot(app, tmp_path, "online-host-dialog.png")
        dialog_press(app, scene, "Create")
        assert scene.dialog is not None and scene.dialog.title == "Game created"
        held = scene.model.tokens.seats(url(server))
        assert len(held) == 1 and held[0].side == "spanish"
        code = held[0].invites["philippine"]
        assert code in scene.dialog.text
        shot(app, tmp_path, "online-game-created.png")
        dialog_press(app, scene, "OK")
        assert [g.side for g in scene.games_list] == ["spanish"]
        assert f"code {code}" in scene.games_list[0].opponents()

        # a friend joins with the code, on another machine (another seats file)
        friend = OnlineModel(SeatTokens(tmp_path / "friend.json"), name="Ana", games=games)
        friend.connect(url(server))
        wait_for(app, lambda: friend.connected)
        seat = friend.join(code.lower())
        assert seat.side == "philippine"
        mine, theirs = scene.model.my_games()[0], friend.my_games()[0]
        assert "Ana" in mine.opponents() and "Teodoro" in theirs.opponents()
        assert mine.your_move != theirs.your_move  # exactly one of the two is to move
        scene.refresh()
        app.step(DT)
        if mine.your_move:
            assert YOUR_MOVE in shown_text(scene)
        shot(app, tmp_path, "online-my-games.png")
        friend.close()


def shown_text(scene: OnlineScene) -> str:
    return " ".join(g.state() for g in scene.games_list) + (
        f" {YOUR_MOVE}" if any(g.your_move for g in scene.games_list) else "")


def test_a_host_dialog_without_exactly_one_me_creates_nothing(app, games, tmp_path):
    with running_server(tmp_path) as server:
        scene = open_lobby(app, games, tmp_path)
        connect_to(app, scene, url(server))
        scene.host_dialog(games["baler"], plugins.scenario_files(games["baler"])[0])
        assert scene.dialog is not None
        scene.dialog.rows[1].selected = 0  # the second side "Me" too
        dialog_press(app, scene, "Create")
        assert scene.dialog is not None and scene.dialog.title == "Choose your side"
        assert scene.model.tokens.seats(url(server)) == []


def test_a_wrong_code_is_refused_with_the_servers_words(app, games, tmp_path):
    with running_server(tmp_path) as server:
        scene = open_lobby(app, games, tmp_path)
        connect_to(app, scene, url(server))
        click(app, scene.join_button.rect.center)
        assert scene.mode == "join" and scene.code.focused
        type_text(app, "AAAAA-BBBBB")
        shot(app, tmp_path, "online-join.png")
        key(app, pygame.K_RETURN)
        assert scene.dialog is not None and scene.dialog.title == "Cannot join"
        assert "invitation code" in scene.dialog.text
        assert scene.model.tokens.seats(url(server)) == []


def test_a_spectators_code_typed_in_join_opens_the_public_view(app, games, tmp_path):
    from engine.ui.online.play import OnlineGameScene

    with running_server(tmp_path) as server:
        host = OnlineModel(SeatTokens(tmp_path / "host.json"), name="Ana", games=games)
        host.connect(url(server))
        wait_for(app, lambda: host.connected)
        hosted = host.host(games["baler"], "siege", {"spanish": "human",
                                                     "philippine": "computer:easy"},
                           "spanish", spectators=True)
        assert hosted.spectate
        scene = open_lobby(app, games, tmp_path)
        connect_to(app, scene, url(server))
        click(app, scene.join_button.rect.center)
        type_text(app, hosted.spectate.lower())
        key(app, pygame.K_RETURN)
        watching = app.scenes[-1]
        assert isinstance(watching, OnlineGameScene) and watching.seat is None
        assert scene.dialog is None and scene.mode == "lobby"
        # nothing is kept: a spectator holds no seat
        assert scene.model.tokens.seats(url(server)) == []
        app.step(DT)
        assert watching.door.view(None) is not None
        # the computer plays on; a spectator is offered no "since your last turn" (it has no
        # turn to count from), only what it can use
        end = time.monotonic() + 30
        while watching.door.length < 2 and time.monotonic() < end:
            host_door_moves(host, hosted)
            app.step(DT)
        assert watching.door.length >= 2
        assert not any(b.text.startswith("Since your") for b in watching.prompt.buttons)
        watching.close()
        host.close()


def host_door_moves(host: OnlineModel, hosted) -> None:
    """The host's seat answers its decision at random, if it is deciding."""
    import random

    from engine.net.remote import RemoteDoor
    from netplay import pick

    door = RemoteDoor(host.connection, token=host.tokens.seats(host.address)[0].token)
    try:
        if door.deciding() == door.seats[0]:
            door.play(pick(door, random.Random(door.length)), door.revision)
            end = time.monotonic() + 10
            while door.pending and time.monotonic() < end:
                door.poll()
                time.sleep(0.01)
    finally:
        door.close()


def test_host_on_this_computer_shows_the_address_for_friends_and_stops(app, games, tmp_path):
    config = ServerConfig(host="127.0.0.1", port=0, db=f"sqlite:///{tmp_path / 'here.db'}")
    local = LocalHost(config)
    scene = open_lobby(app, games, tmp_path, host=local)
    try:
        click(app, scene.local_button.rect.center)
        wait_for(app, lambda: scene.model.connected)
        port = local.server.port
        assert scene.friend_address == f"ws://127.0.0.1:{port}"
        assert scene.local_button.text == "Stop hosting"
        app.step(DT)
        shot(app, tmp_path, "online-hosting-here.png")
        click(app, scene.local_button.rect.center)
        assert not local.running and scene.friend_address == ""
        assert not scene.model.connected
    finally:
        local.stop()


def test_a_taken_port_is_said_plainly(app, games, tmp_path):
    with running_server(tmp_path) as server:
        config = ServerConfig(host="127.0.0.1", port=server.port,
                              db=f"sqlite:///{tmp_path / 'here.db'}")
        scene = open_lobby(app, games, tmp_path, host=LocalHost(config))
        click(app, scene.local_button.rect.center)
        assert scene.dialog is not None and scene.dialog.title == "Cannot host on this computer"
        assert str(server.port) in scene.dialog.text
        assert not scene.local.running


def test_hosting_gives_the_options_chosen_through_the_hosts_seat(tmp_path):
    from engine.net.remote import RemoteDoor
    from engine.ui.catalogue import table_options

    plugin = plugins.get("guerra")
    path = next(p for p in plugins.scenario_files(plugin) if p.stem == "july_1936")
    options = table_options(plugin, load_game_scenario(plugin, path))
    assert options is not None
    chosen = ("Intermediate", "2 players", "play on after a tie")
    opening = options.actions[chosen]
    with running_server(tmp_path) as server:
        model = OnlineModel(SeatTokens(tmp_path / "seats.json"), name="Tester",
                            games={"guerra": plugin})
        model.connect(url(server))
        deadline = time.monotonic() + 30
        while not model.connected:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        seats = {"nationalist": "human", "republican": "human", "nationalist_2": "none",
                 "republican_2": "none"}
        hosted = model.host(plugin, "july_1936", seats, "nationalist", opening=opening)
        assert hosted.problem == "" and set(hosted.invites) == {"republican"}
        door = RemoteDoor(model.connection, token=model.tokens.seats(url(server))[0].token)
        try:
            first = door.log("nationalist")[0]
            assert first.index == 0 and door.length >= 1
            assert not door.decision().table  # the options are answered, once
        finally:
            door.close()
            model.close()


def test_the_seats_the_options_leave_out_stay_empty(app, tmp_path):
    plugin = plugins.get("guerra")
    games = {"guerra": plugin}
    with running_server(tmp_path) as server:
        scene = open_lobby(app, games, tmp_path)
        connect_to(app, scene, url(server))
        path = next(p for p in plugins.scenario_files(plugin) if p.stem == "july_1936")
        scene.host_dialog(plugin, path)
        dialog = scene.dialog
        assert dialog is not None
        rows = {row.label: row for row in dialog.rows}
        assert rows["Players"].value == "2 players"
        seat_rows = dialog.rows[-5:-1]  # one per side, before the spectators' row
        assert [row.value for row in seat_rows] == ["Me", "Invite", "Nobody", "Nobody"]
        for row in seat_rows[2:]:  # a friend invited to each second seat all the same
            row.selected = row.options.index("Invite")
        dialog_press(app, scene, "Create")
        held = scene.model.tokens.seats(url(server))
        assert len(held) == 1 and set(held[0].invites) == {"republican"}


def test_each_side_is_offered_its_own_levels(app, tmp_path):
    """The host dialog offers Filipinas' solo bot for the Spanish seat only, by its name, and
    a Spanish seat given to it is created as the bot's."""
    plugin = plugins.get("filipinas")
    games = {"filipinas": plugin}
    with running_server(tmp_path) as server:
        scene = open_lobby(app, games, tmp_path)
        connect_to(app, scene, url(server))
        scene.host_dialog(plugin, plugins.scenario_files(plugin)[0])
        dialog = scene.dialog
        assert dialog is not None
        rows = {row.label: row for row in dialog.rows}
        spain, filipino = rows[plugin.side_names["spain"]], rows[plugin.side_names["filipino"]]
        assert "Solo bot (rulebook §10)" in spain.options
        assert "Solo bot (rulebook §10)" not in filipino.options
        assert "Computer (Hard)" in filipino.options
        spain.selected = spain.options.index("Solo bot (rulebook §10)")
        dialog_press(app, scene, "Create")
        wait_for(app, lambda: scene.model.tokens.seats(url(server)))
        held = scene.model.tokens.seats(url(server))
        assert len(held) == 1 and held[0].side == "filipino" and not held[0].invites


def test_an_m_typed_in_a_field_is_text_not_the_sound_key(app, games, tmp_path):
    """M switches the sound anywhere else; typed into a field (a code, a name) it is a letter,
    and the sound stays as it was."""
    scene = open_lobby(app, games, tmp_path)
    muted = app.settings.muted
    click(app, scene.name.rect.center)
    assert scene.typing
    key(app, pygame.K_m)
    type_text(app, "m")
    assert app.settings.muted == muted and scene.name.text.endswith("m")
    scene.name.focused = False
    assert not scene.typing
    key(app, pygame.K_m)
    assert app.settings.muted != muted


def test_a_game_and_its_scenario_are_named_once_each():
    from engine.ui.online.lobby import game_and_scenario

    assert game_and_scenario("Filipinas 1896-1898", "Filipinas 1896-1898: Fin de un Imperio") \
        == "Filipinas 1896-1898: Fin de un Imperio"
    assert game_and_scenario("Filipinas 1896-1898", "Filipinas: after the Peace of Biak-na-Bató, "
                             "1898") == "Filipinas: after the Peace of Biak-na-Bató, 1898"
    assert game_and_scenario("Heroes of Baler", "The Siege of Baler, 1898-1899") \
        == "Heroes of Baler: The Siege of Baler, 1898-1899"
    assert game_and_scenario("La Guerra de España", "La Guerra de España, July 1936") \
        == "La Guerra de España, July 1936"


def test_the_host_dialog_gives_the_solo_scenarios_spain_to_the_solo_bot(app, tmp_path):
    """Hosting the solo scenario starts Spain's seat on the §10 bot it is made for, as the
    launcher does; the standard scenario keeps inviting a friend to it."""
    plugin = plugins.get("filipinas")
    scene = open_lobby(app, {"filipinas": plugin}, tmp_path)
    files = {path.stem: path for path in plugins.scenario_files(plugin)}
    for name, spain in (("solo", "Solo bot (rulebook §10)"), ("standard", "Invite")):
        scene.host_dialog(plugin, files[name])
        assert scene.dialog is not None
        rows = {row.label: row.value for row in scene.dialog.rows}
        assert rows["Spanish"] == spain and rows["Filipino"] == "Me", name
        scene.dialog = None


def test_a_text_field_selects_all_with_ctrl_a_and_deletes_a_word_with_ctrl_backspace():
    from engine.ui.online.field import TextField

    field = TextField("Server", "ws://127.0.0.1:8765")
    field.rect = pygame.Rect(0, 0, 200, 30)

    def press(k, mod=0):
        return field.process_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))

    def typed(text):
        for ch in text:  # as a keyboard sends it: the key, then its text
            field.process_event(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()),
                                                   mod=0, unicode=ch))
            field.process_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))

    field.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    assert field.focused and not field.all_selected
    press(pygame.K_a, pygame.KMOD_CTRL)
    press(pygame.K_LCTRL)  # a modifier alone keeps the selection
    assert field.all_selected
    typed("w")  # what is typed replaces the selected text
    typed("s://example.org:9000")
    assert field.text == "ws://example.org:9000" and not field.all_selected
    press(pygame.K_a, pygame.KMOD_CTRL)
    press(pygame.K_BACKSPACE)
    assert field.text == ""
    typed("good luck  all ")
    press(pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    assert field.text == "good luck  "
    press(pygame.K_a, pygame.KMOD_CTRL)
    press(pygame.K_LEFT)  # a key that types nothing leaves the selection and the text
    typed("!")
    assert field.text == "good luck  !"
    press(pygame.K_a, pygame.KMOD_CTRL)
    field.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    assert not field.all_selected  # a click puts the cursor back
