"""The computer's levels in the launcher and in saves (issue 23, item 8): each computer seat
offers the levels the game has for it (Filipinas' Spain also the solo bot of rulebook §10), the
level chosen is saved, the load list names it and a reload plays the same opponent; a seat
outside the number of players chosen (La Guerra de España for two) is left empty and unsaved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baler import PLUGIN as BALER
from engine import plugins
from engine.ai.registry import side_levels
from engine.cli import main
from engine.core.saves import read_save, save_data, write_save
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.launcher import Launcher, seat_choices
from filipinas import PLUGIN as FILIPINAS
from filipinas.ai import BotSeat
from guerra import PLUGIN as GUERRA
from uitest import DT, click, dialog_button, hover, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

BOT = "Solo bot (rulebook §10)"
SOLO = Path(__file__).resolve().parents[3] / "scenarios" / "filipinas" / "solo.yaml"


def open_launcher(app: App, *plugins) -> Launcher:
    launcher = Launcher(app, load_game_scenario, games={p.id: p for p in plugins})
    app.push(launcher)
    app.step(DT)
    return launcher


def scenario_button(launcher: Launcher, words: str):
    for _, buttons in launcher.sections:
        for button in buttons:
            if words in button.text:
                return button
    raise AssertionError(words)


def row_named(launcher: Launcher, label: str) -> int:
    assert launcher.dialog is not None
    return next(i for i, row in enumerate(launcher.dialog.rows) if row.label == label)


def test_each_seat_offers_easy_normal_hard_and_filipinas_spain_the_solo_bot() -> None:
    assert [words for _, words in seat_choices(FILIPINAS, "spain")] == [
        "Human", "Computer (Easy)", "Computer (Normal)", "Computer (Hard)", BOT]
    assert [words for _, words in seat_choices(FILIPINAS, "filipino")] == [
        "Human", "Computer (Easy)", "Computer (Normal)", "Computer (Hard)"]
    for plugin in (BALER, GUERRA):
        for side in plugin.sides:
            assert side_levels(plugin, side) == ("easy", "normal", "hard"), (plugin.id, side)


def test_the_solo_bot_is_chosen_in_the_launcher_saved_listed_and_played_again(app, tmp_path):
    launcher = open_launcher(app, FILIPINAS)
    click(app, scenario_button(launcher, "solo against the Spanish bot").rect.center)
    dialog = launcher.dialog
    assert dialog is not None
    spain = row_named(launcher, "Spanish")
    bot = next(b for b in dialog._row_buttons[spain] if b.text == BOT)
    click(app, bot.rect.center)
    assert dialog.rows[spain].value == BOT
    hover(app, (4, 4))  # the pointer off the buttons, for the picture
    shot(app, tmp_path, "launcher-levels.png")
    click(app, dialog_button(launcher, "Start"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.players["spain"] == "computer:bot"
    assert isinstance(scene.agents["spain"], BotSeat)
    path = scene.save()
    assert path is not None
    assert read_save(path).players["spain"] == "computer:bot"
    app.pop()
    app.step(DT)

    click(app, launcher.load_button.rect.center)
    label = launcher.saves.buttons[0].text
    assert f"Spanish: {BOT}" in label and "Filipino: Human" in label
    hover(app, (4, 4))
    app.toasts.toasts.clear()  # "Saved to …" faded, for the picture
    app.draw()
    shot(app, tmp_path, "launcher-load-levels.png")
    click(app, launcher.saves.buttons[0].rect.center)
    click(app, dialog_button(launcher, "Continue"))
    again = app.scene
    assert isinstance(again, GameScene) and again is not scene
    assert again.players == {"filipino": "human", "spain": "computer:bot"}
    assert isinstance(again.agents["spain"], BotSeat)
    # the bot is the solo scenario's own level: it is not remembered for the game's others
    assert "player:filipinas:spain" not in app.settings.launcher
    assert app.settings.launcher["player:filipinas:filipino"] == "human"


def test_the_solo_scenario_starts_spain_on_the_solo_bot_and_the_standard_on_normal(app,
                                                                                   tmp_path):
    """The solo scenario is made for the §10 bot at Spain's seat: chosen in the launcher, that
    seat starts on it (even when the standard game was played last with Spain at Normal); the
    standard scenario keeps the launcher's default, also after a solo game with the bot."""
    app.settings.launcher = {"game": "filipinas", "scenario": "filipinas/standard.yaml",
                             "player:filipinas:filipino": "human",
                             "player:filipinas:spain": "computer:normal"}
    launcher = open_launcher(app, FILIPINAS)
    click(app, scenario_button(launcher, "solo against the Spanish bot").rect.center)
    dialog = launcher.dialog
    assert dialog is not None
    assert dialog.rows[row_named(launcher, "Spanish")].value == BOT
    assert dialog.rows[row_named(launcher, "Filipino")].value == "Human"
    hover(app, (4, 4))
    shot(app, tmp_path, "launcher-solo-bot.png")
    click(app, dialog_button(launcher, "Start"))
    assert isinstance(app.scene, GameScene)
    assert app.scene.players == {"filipino": "human", "spain": "computer:bot"}
    app.pop()
    app.step(DT)

    click(app, scenario_button(launcher, "Filipinas 1896-1898").rect.center)
    assert launcher.dialog is not None and launcher.dialog is not dialog
    assert launcher.dialog.rows[row_named(launcher, "Spanish")].value == "Computer (Normal)"


def test_another_level_chosen_for_the_solo_scenarios_spain_is_kept_for_it(app) -> None:
    """A player who gave the solo scenario's Spain another level finds it there next time; no
    other scenario of the three games is made for a level at any seat."""
    from engine.ui.catalogue import scenario_players

    app.settings.launcher = {"game": "filipinas", "scenario": "filipinas/solo.yaml",
                             "player:filipinas:spain": "computer:hard"}
    launcher = open_launcher(app, FILIPINAS)
    click(app, scenario_button(launcher, "solo against the Spanish bot").rect.center)
    assert launcher.dialog is not None
    assert launcher.dialog.rows[row_named(launcher, "Spanish")].value == "Computer (Hard)"
    for plugin in (BALER, FILIPINAS, GUERRA):
        for path in plugins.scenario_files(plugin):
            made_for = scenario_players(plugin, load_game_scenario(plugin, path))
            assert made_for == ({"spain": "computer:bot"} if path.resolve() == SOLO else {}), path


def test_a_save_without_a_level_is_listed_and_loaded_at_the_default_level_and_says_so(
        app, user_data) -> None:
    session = Session(FILIPINAS.rules, load_game_scenario(FILIPINAS, SOLO), 3)
    old = user_data / "wargames" / "saves" / "filipinas-old.json"
    write_save(old, session, {"filipino": "human", "spain": "computer"})
    launcher = open_launcher(app, FILIPINAS)
    click(app, launcher.load_button.rect.center)
    assert "Spanish: Computer (Normal, the default: no level saved)" in \
        launcher.saves.buttons[0].text
    click(app, launcher.saves.buttons[0].rect.center)
    click(app, dialog_button(launcher, "Continue"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.players["spain"] == "computer:normal"
    assert any("names no computer level" in text and "Computer (Normal)" in text
               for text in app.toasts.messages)


def test_a_game_of_two_leaves_the_second_seats_empty_and_unsaved(app) -> None:
    launcher = open_launcher(app, GUERRA)
    click(app, scenario_button(launcher, "July 1936").rect.center)
    dialog = launcher.dialog
    assert dialog is not None
    players = row_named(launcher, "Players")
    click(app, next(b for b in dialog._row_buttons[players] if b.text.startswith("2")).rect.center)
    seconds = [i for i, row in enumerate(dialog.rows) if "2 (south)" in row.label]
    assert seconds and not any(dialog.rows[i].active for i in seconds)
    click(app, dialog_button(launcher, "Start"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert {side for side, who in scene.players.items() if who == "empty"} == \
        {"nationalist_2", "republican_2"}
    assert not {"nationalist_2", "republican_2"} & set(scene.agents)
    saved = save_data(scene.session, scene.players)["players"]
    assert set(saved) == {"nationalist", "republican"}


def test_play_with_ai_saves_the_level_and_a_load_without_ai_keeps_it(monkeypatch, tmp_path,
                                                                      capsys) -> None:
    started: list[dict[str, str]] = []

    def run_game(plugin, session, players, agents=None, **_):
        if callable(agents):  # `wargames play` builds them once the board is drawn
            agents = agents()
        started.append(dict(players))
        assert {side: type(agent).__name__ for side, agent in (agents or {}).items()} \
            == {"spain": "BotSeat"}
        return 0

    monkeypatch.setattr("engine.ui.launcher.run_game", run_game)
    assert main(["play", "filipinas", "--ai", "spain:bot", "--seed", "1"]) == 0
    assert started[-1] == {"filipino": "human", "spain": "computer:bot"}

    save = tmp_path / "game.json"
    session = Session(FILIPINAS.rules, load_game_scenario(FILIPINAS), 1)
    write_save(save, session, started[-1])
    assert json.loads(save.read_text(encoding="utf-8"))["players"]["spain"] == "computer:bot"
    assert main(["play", "filipinas", "--load", str(save)]) == 0
    assert started[-1] == {"filipino": "human", "spain": "computer:bot"}

    assert main(["play", "filipinas", "--ai", "filipino:bot", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert f"the {BOT} does not play the Filipino side" in err
    assert len(started) == 2


def test_the_launcher_and_the_saves_name_an_empty_seat_alike() -> None:
    from engine.core.saves import EMPTY_SEAT
    from engine.ui.launcher import EMPTY

    assert EMPTY == EMPTY_SEAT
