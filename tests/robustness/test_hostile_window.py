"""The window's loading paths under hostile input (issue 9): an unusable user data folder, a
damaged settings file, odd saves in the Load game… list, a scene that raises (the crash
boundary), autosaves that never collide, leaving a game without losing it, replays that do not
peek. Driven through the real loop with posted events (dummy video driver)."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pygame
import pytest

from engine.core.saves import read_save, write_save
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import crash
from engine.ui.app import App, Settings
from engine.ui.autosave import clean_temp_files, unique_path
from engine.ui.game_scene import GameScene
from engine.ui.launcher import Launcher, describe_save, run_game
from engine.ui.replay_scene import ReplayScene
from engine.ui.scene import Scene
from toygame import PLUGIN
from toygame.rules import EndTurn, Move
from uitest import DT, click, key, make_app

pytestmark = pytest.mark.ui


@pytest.fixture(autouse=True)
def toy_plugins(monkeypatch):
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")


def session(seed: int = 4) -> Session:
    return Session(PLUGIN.rules, load_game_scenario(PLUGIN), seed)


def open_launcher(app: App) -> Launcher:
    launcher = Launcher(app, load_game_scenario, games={PLUGIN.id: PLUGIN})
    app.push(launcher)
    app.step(DT)
    return launcher


def toasts(app: App) -> list[str]:
    return [t.text for t in app.toasts.toasts]


# --- the user data folder ------------------------------------------------------------------------

@pytest.fixture
def blocked(tmp_path, monkeypatch) -> Path:
    """A file where the data folder should be (as root, permissions cannot make it unwritable)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "wargames").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data / "wargames"


def test_ctrl_s_f12_and_load_game_say_why_with_a_blocked_data_folder(blocked):
    app = make_app()
    scene = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    app.push(scene)
    scene.handoff = None
    app.step(DT)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_F12)
    said = toasts(app)
    assert any("Could not save" in t and "a file is in its place" in t for t in said), said
    assert any("Screenshot failed" in t for t in said), said
    app.pop()
    launcher = open_launcher(app)
    launcher.show_saves()  # the toasts above cover the button's corner of the window
    app.step(DT)
    assert "cannot be used" in launcher.saves.note
    assert blocked.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("entry", ["launcher", "play"])
def test_the_app_starts_with_a_blocked_data_folder(blocked, entry):
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    if entry == "launcher":
        from engine.ui.launcher import run_launcher

        assert run_launcher(size=(1024, 700)) == 0
    else:
        assert run_game(PLUGIN, session(), {"blue": "human", "red": "computer"},
                        size=(1024, 700)) == 0


def test_damaged_settings_fall_back_to_defaults_and_say_so_once(user_data):
    path = user_data / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    settings, problem = Settings.load_reporting(path)
    assert settings == Settings() and "damaged" in problem
    app = App((800, 600), settings_path=path, audio=False)
    assert any("damaged" in t for t in toasts(app))
    again = App((800, 600), settings_path=path, audio=False)
    assert not any("damaged" in t for t in toasts(again))
    assert Settings.load_reporting(path) == (Settings(), "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_settings_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    start = time.perf_counter()
    settings, problem = Settings.load_reporting(fifo)
    assert time.perf_counter() - start < 1 and settings == Settings() and problem


# --- the Load game… list -------------------------------------------------------------------------

def _save_data(tmp: Path) -> dict[str, object]:
    s = session()
    s.play(Move("b1", -1, 1))
    path = tmp / "x.json"
    write_save(path, s, {"blue": "human", "red": "computer"})
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()
    return data


@pytest.mark.parametrize(("label", "changes"), [
    ("game-surrogate", {"game": "\udcff"}),
    ("scenario-surrogate", {"scenario": "\udcffx.yaml"}),
    ("scenario-nul", {"scenario": "skirmish/basic\x00.yaml"}),
    ("scenario-passwd", {"scenario": "/etc/passwd"}),
    ("huge-field", {"actions": [{"type": "Move", "piece": "x" * 1_000_000, "q": 1, "r": 1}]}),
    ("4000-digits", {"actions": [{"type": "Move", "piece": "b1", "q": 10**3999, "r": 1}]}),
])
def test_odd_saves_in_the_load_list_give_a_dialog_in_time(app, user_data, label, changes):
    folder = user_data / "wargames" / "saves"
    folder.mkdir(parents=True)
    path = folder / f"{label}.json"
    path.write_text(json.dumps({**_save_data(folder), **changes}), encoding="utf-8")
    before = path.read_bytes()
    launcher = open_launcher(app)
    start = time.thread_time()
    click(app, launcher.load_button.rect.center)
    click(app, launcher.saves.buttons[0].rect.center)
    launcher.dialog.press("Continue")
    app.step(DT)
    assert time.thread_time() - start < 1  # CPU time: the machine may be shared
    assert launcher.dialog is not None and launcher.dialog.title == "Cannot load the saved game"
    assert "root:" not in launcher.dialog.text and len(launcher.dialog.text) < 600
    assert path.read_bytes() == before


def test_a_save_name_that_is_not_utf8_is_listed_and_opens(app, user_data):
    folder = user_data / "wargames" / "saves"
    folder.mkdir(parents=True)
    name = os.fsdecode(b"game-\xff\xfe.json")
    (folder / name).write_text(json.dumps(_save_data(folder)), encoding="utf-8")
    launcher = open_launcher(app)
    click(app, launcher.load_button.rect.center)
    assert len(launcher.saves.buttons) == 1
    click(app, launcher.saves.buttons[0].rect.center)
    assert "?" in launcher.dialog.title
    launcher.dialog.press("Continue")
    app.step(DT)
    assert isinstance(app.scene, GameScene)


def test_the_load_list_tells_game_scenario_turn_phase_players_and_date(user_data, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_save_data(tmp_path)), encoding="utf-8")
    label = describe_save(path, {PLUGIN.id: PLUGIN}, autosave=True).label
    head, details = label.split("\n")
    assert head == "Skirmish (test game) — Skirmish: four counters on a small board"
    assert details.startswith("Turn 1")
    assert "Blue: Human, Red: Computer (random moves, the default: no level saved)" in details
    assert "autosave" in details
    assert read_save(path).saved[:4] in details


def test_the_launcher_remembers_the_last_choices(user_data):
    settings = user_data / "settings.json"
    app = App((1024, 700), settings_path=settings, audio=False)
    launcher = open_launcher(app)
    click(app, launcher.sections[0][1][0].rect.center)
    dialog = launcher.dialog
    click(app, dialog._row_buttons[0][1].rect.center)  # blue: the computer's one level
    dialog.press("Start")
    app.step(DT)
    assert isinstance(app.scene, GameScene)
    # a game without levels of its own offers the random player, by its level's name
    assert app.scene.players == {"blue": "computer:random", "red": "computer:random"}
    memory = json.loads(settings.read_text(encoding="utf-8"))["launcher"]
    assert memory["game"] == "skirmish" and memory["player:skirmish:blue"] == "computer:random"
    again = App((1024, 700), settings_path=settings, audio=False)
    second = open_launcher(again)
    assert second.sections[0][1][0].selected
    click(again, second.sections[0][1][0].rect.center)
    assert [row.value for row in second.dialog.rows] == ["Computer (random moves)"] * 2


# --- the crash boundary --------------------------------------------------------------------------

class Failing(Scene):
    """A scene whose first frame raises, as a rules bug would."""

    def update(self, dt: float) -> None:
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))
        raise RuntimeError("injected failure")


def test_a_failing_scene_is_caught_logged_saved_and_offered_back(app, user_data):
    crash.install(app)
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "computer"})
    app.push(game)
    game.play(Move("b1", -1, 1))
    app.push(Failing(app))
    for _ in range(3):
        try:
            app.step(DT)
        except RuntimeError as err:
            app.on_crash(err)  # what App.run does around each frame
    scene = app.scene
    assert isinstance(scene, crash.CrashScene)
    assert "injected failure" in scene.message
    logs = list((user_data / "wargames" / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and "RuntimeError: injected failure" in logs[0].read_text()
    assert scene.saved is not None and len(read_save(scene.saved).actions) == 1
    scene.dialog.press("Continue from the save")
    app.step(DT)
    assert isinstance(app.scene, GameScene)
    assert len(app.scene.session.history) == 1


def test_the_loop_itself_catches(app, user_data):
    crash.install(app)
    app.push(Failing(app))
    app.step = _quit_after(app, app.step, 3)
    assert app.run() == 0
    assert isinstance(app.scene, crash.CrashScene)


def _quit_after(app: App, step, frames: int):
    count = {"n": 0}

    def limited(dt: float | None = None) -> None:
        count["n"] += 1
        if count["n"] >= frames:
            app.quit()
        step(DT)

    return limited


# --- nothing lost --------------------------------------------------------------------------------

def test_an_action_past_the_undo_barrier_is_autosaved_at_once(app, user_data):
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    app.push(game)
    barrier = next(a for a in game.session.legal_actions() if _is_barrier(game, a))
    game.play(barrier)
    assert game.autosave_path() is not None
    assert len(read_save(game.autosave_path()).actions) == 1


def _is_barrier(game: GameScene, action) -> bool:
    probe = session()
    return any(e.barrier for e in probe.play(action))


def test_plain_actions_are_autosaved_within_seconds(app, user_data):
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    app.push(game)
    game.handoff = None
    game.play(Move("b1", -1, 1))
    assert game.autosaver.pending(game.session)
    for _ in range(int(6 / DT)):
        game.update(DT)
    assert not game.autosaver.pending(game.session)


def test_two_games_in_one_second_and_two_saves_in_one_second_never_collide(app, user_data):
    first = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    second = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    second.started = first.started
    for game in (first, second):
        game.play(Move("b1", -1, 1))
        game.autosaver.write(game.session, game.players)
    assert first.autosave_path() != second.autosave_path()
    assert first.save() != first.save()
    assert len(list((user_data / "wargames" / "saves").glob("*.json"))) == 2


def test_leftover_temp_files_are_cleaned_at_start(user_data):
    folder = user_data / "wargames" / "autosave"
    folder.mkdir(parents=True)
    old = folder / ".game.json.abc123.tmp"
    old.write_text("half", encoding="utf-8")
    os.utime(old, (1, 1))
    fresh = folder / ".other.json.def456.tmp"
    fresh.write_text("being written", encoding="utf-8")
    keep = unique_path(folder, "game")
    assert clean_temp_files() == 1
    assert not old.exists() and fresh.exists() and keep.exists()


@pytest.mark.parametrize("how", ["main menu", "quit"])
def test_leaving_a_game_saves_it_and_says_where(app, user_data, how):
    """To the main menu a toast says where (the launcher shows it); Quit takes the window
    away, so a dialog names the file first (issue 24: never only on the terminal)."""
    app.home = lambda: Launcher(app, load_game_scenario, games={PLUGIN.id: PLUGIN})
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    app.push(game)
    game.play(Move("b1", -1, 1))
    assert game.autosaver.pending(game.session)
    if how == "main menu":
        game.leave(app.go_home)
        assert any("Game saved to" in t for t in toasts(app))
        assert isinstance(app.scene, Launcher)
    else:
        game.leave(app.quit, quitting=True)
        assert app.running and game.dialog is not None
        assert game.dialog.title == "The game is saved"
        assert str(game.autosave_path()) in game.dialog.text
        click(app, game.dialog.buttons[0].rect.center)  # Quit
        assert not app.running
    assert len(read_save(game.autosave_path()).actions) == 1


def test_closing_the_window_of_a_game_says_where_it_is_saved_on_screen(app, user_data):
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    app.push(game)
    app.step(DT)
    game.play(Move("b1", -1, 1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert app.running and game.dialog is not None and game.dialog.title == "The game is saved"
    path = game.autosave_path()
    assert path is not None and str(path) in game.dialog.text
    assert len(read_save(path).actions) == 1
    click(app, next(b for b in game.dialog.buttons if b.text == "Stay").rect.center)
    assert app.running and game.dialog is None
    # nothing new since: closing again goes at once; a second close while asked does too
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert not app.running


def test_a_second_close_while_asked_closes_at_once(app, user_data):
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"})
    app.push(game)
    game.play(Move("b1", -1, 1))
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert not app.running


def test_leaving_a_game_that_does_not_autosave_asks(app, user_data):
    game = GameScene(app, PLUGIN, session(), {"blue": "human", "red": "human"}, autosave=False)
    app.push(game)
    game.play(Move("b1", -1, 1))
    game.leave(app.quit)
    assert game.dialog is not None and game.dialog.title == "Leave the game?"
    assert app.running


def test_closing_the_window_saves_the_game(user_data, capsys):
    pygame.display.init()
    s = session()
    s.play(Move("b1", -1, 1))
    # the first close saves the game and says where on screen; the second closes at once
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run_game(PLUGIN, s, {"blue": "human", "red": "human"}, size=(1024, 700)) == 0
    saved = list((user_data / "wargames" / "autosave").glob("skirmish-*.json"))
    assert len(saved) == 1 and len(read_save(saved[0]).actions) == 1
    assert str(saved[0]) in capsys.readouterr().err


# --- replays do not peek -------------------------------------------------------------------------

def test_an_unfinished_game_is_replayed_only_as_one_side_sees_it(app):
    """Hot-seat: the view of one side, through the hand-off screen (every game and save kind:
    tests/robustness/test_replay.py)."""
    s = session()
    for action in (Move("b1", -1, 1), EndTurn()):
        s.play(action)
    replay = ReplayScene(app, PLUGIN, s, players={"blue": "human", "red": "human"})
    app.push(replay)
    app.step(DT)
    assert replay.viewer is None and replay.dialog is not None
    assert "Continue from here" not in [b.text for b in replay.controls]
    replay.dialog.press("Blue")
    app.step(DT)
    assert replay.handoff is not None and replay.viewer is None
    for _ in range(2):
        click(app, (100, 100))
    assert replay.handoff is None and replay.viewer == "blue"


def test_a_finished_game_may_be_watched_from_every_side_and_continued_apart(app, user_data):
    s = session()
    rng = random.Random(1)
    while s.result() is None:
        s.play(rng.choice(s.legal_actions()))
    replay = ReplayScene(app, PLUGIN, s)
    app.push(replay)
    app.step(DT)
    assert "Continue from here" in [b.text for b in replay.controls]
    replay.next_viewer()
    assert replay.handoff is None
