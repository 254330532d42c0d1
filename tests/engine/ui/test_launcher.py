"""The launcher driven through the real loop: games listed, Human/Computer chosen, errors shown in
dialogs, saved games loaded (and bad ones left untouched)."""

from __future__ import annotations

import os

import pygame
import pytest

from engine import plugins
from engine.core.saves import write_save
from engine.core.session import Session
from engine.loading import LoadError, load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.launcher import NO_GAMES, Launcher, run_game, run_launcher, run_replay
from engine.ui.replay_scene import ReplayScene
from toygame import PLUGIN
from toygame.rules import Move
from uitest import DT, click, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


@pytest.fixture(autouse=True)
def toy_plugins(monkeypatch):
    """The test game is the only one installed."""
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")


@pytest.fixture
def app(app):
    """Dice land at once."""
    app.settings.dice_speed = 0
    return app


def open_launcher(app: App, loader=load_game_scenario) -> Launcher:
    """The launcher with only the test game installed."""
    launcher = Launcher(app, loader, games={PLUGIN.id: PLUGIN})
    app.push(launcher)
    app.step(DT)
    return launcher


def dialog_button(launcher: Launcher, label: str) -> tuple[int, int]:
    assert launcher.dialog is not None
    for button in launcher.dialog.buttons:
        if button.text == label:
            return button.rect.center
    raise AssertionError(label)


def test_the_launcher_lists_a_registered_game_and_starts_it(app, tmp_path):
    launcher = open_launcher(app)
    assert [plugin.id for plugin, _ in launcher.sections] == ["skirmish"]
    buttons = launcher.sections[0][1]
    assert [b.text for b in buttons] == ["Skirmish: four counters on a small board"]
    shot(app, tmp_path, "launcher.png")
    click(app, buttons[0].rect.center)
    dialog = launcher.dialog
    assert dialog is not None
    assert [row.value for row in dialog.rows] == ["Human", "Computer (Normal)"]
    red_human = dialog._row_buttons[1][0]
    click(app, red_human.rect.center)
    assert [row.value for row in dialog.rows] == ["Human", "Human"]
    shot(app, tmp_path, "launcher_players.png")
    click(app, dialog_button(launcher, "Start"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.players == {"blue": "human", "red": "human"}
    assert scene.handoff is not None


def test_the_launcher_lists_every_installed_game(app, monkeypatch):
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")
    launcher = Launcher(app, load_game_scenario)
    app.push(launcher)
    app.step(DT)
    assert [plugin.id for plugin, _ in launcher.sections] == list(plugins.discover())


def test_no_installed_game_is_said_plainly(app, tmp_path):
    launcher = Launcher(app, load_game_scenario, games={})
    app.push(launcher)
    app.step(DT)
    assert not launcher.sections
    assert "No games are installed" in NO_GAMES
    shot(app, tmp_path, "launcher_empty.png")


def test_a_scenario_error_is_shown_in_a_dialog(app, tmp_path):
    def broken(plugin, path):
        raise LoadError(f"{path}:3:1: unknown key 'radios' (did you mean 'radius'?)")

    launcher = open_launcher(app, broken)
    click(app, launcher.sections[0][1][0].rect.center)
    assert launcher.dialog is not None
    assert launcher.dialog.title == "Cannot load the scenario"
    assert "did you mean 'radius'" in launcher.dialog.text
    shot(app, tmp_path, "launcher_error.png")
    click(app, dialog_button(launcher, "OK"))
    assert launcher.dialog is None


def test_load_game_lists_saves_and_a_bad_one_is_refused_untouched(app, user_data, tmp_path):
    scenario = load_game_scenario(PLUGIN)
    session = Session(PLUGIN.rules, scenario, 4)
    session.play(Move("b1", -1, 1))
    good = user_data / "wargames" / "saves" / "skirmish-good.json"
    write_save(good, session, {"blue": "human", "red": "computer"})
    bad = user_data / "wargames" / "saves" / "skirmish-bad.json"
    bad.write_text('{"format": 1, "game": "skirm', encoding="utf-8")
    os.utime(good, (1, 1))
    launcher = open_launcher(app)
    click(app, launcher.load_button.rect.center)
    assert launcher.mode == "saves"
    labels = [b.text for b in launcher.saves.buttons]
    assert labels[0].startswith("skirmish-bad.json") and "damaged" in labels[0]
    assert labels[1].startswith("Skirmish (test game) — ") and "Turn 1" in labels[1]
    assert "Blue: human, Red: computer" in labels[1]
    shot(app, tmp_path, "launcher_saves.png")
    click(app, launcher.saves.buttons[0].rect.center)
    click(app, dialog_button(launcher, "Continue"))
    assert launcher.dialog is not None and launcher.dialog.title == "Cannot load the saved game"
    assert "damaged or truncated" in launcher.dialog.text
    assert bad.read_text(encoding="utf-8") == '{"format": 1, "game": "skirm'
    click(app, dialog_button(launcher, "OK"))
    click(app, launcher.saves.buttons[1].rect.center)
    click(app, dialog_button(launcher, "Continue"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.session.state_hash() == session.state_hash()
    assert scene.players == {"blue": "human", "red": "computer"}
    app.pop()
    click(app, launcher.saves.buttons[1].rect.center)
    click(app, dialog_button(launcher, "Replay"))
    assert isinstance(app.scene, ReplayScene)


@pytest.mark.parametrize("entry", ["launcher", "game", "replay"])
def test_the_entry_points_run_until_the_window_closes(entry):
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), 1)
    if entry == "launcher":
        code = run_launcher(size=(1024, 700))
    elif entry == "game":
        code = run_game(PLUGIN, session, {"blue": "human", "red": "computer"}, size=(1024, 700))
    else:
        code = run_replay(PLUGIN, session, size=(1024, 700))
    assert code == 0
