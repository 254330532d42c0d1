"""The launcher driven through the real loop: games listed, Human/Computer chosen, errors shown in
dialogs, saved games loaded (and bad ones left untouched)."""

from __future__ import annotations

import os

import pygame
import pytest

from engine import plugins
from engine.core.saves import write_save
from engine.core.session import Session
from engine.loading import LoadError, load_game_scenario, scenario_description
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.catalogue import scenario_title
from engine.ui.game_scene import GameScene
from engine.ui.launcher import (
    NO_GAMES,
    Launcher,
    run_game,
    run_launcher,
    run_replay,
)
from engine.ui.replay_scene import ReplayScene
from toygame import PLUGIN
from toygame.rules import Move
from uitest import DT, click, dialog_button, hover, key, shot

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


def test_the_launcher_lists_a_registered_game_and_starts_it(app, tmp_path):
    launcher = open_launcher(app)
    assert [plugin.id for plugin, _ in launcher.sections] == ["skirmish"]
    buttons = launcher.sections[0][1]
    assert [b.text for b in buttons] == ["Skirmish: four counters on a small board"]
    shot(app, tmp_path, "launcher.png")
    click(app, buttons[0].rect.center)
    dialog = launcher.dialog
    assert dialog is not None
    assert [row.value for row in dialog.rows] == ["Human", "Computer (random moves)"]
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
    assert "Blue: Human, Red: Computer (random moves, the default: no level saved)" in labels[1]
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
    assert scene.players == {"blue": "human", "red": "computer:random"}
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


def test_each_scenario_is_listed_with_its_description_the_default_first(app, tmp_path):
    """Issue 12: every scenario a game ships has its button (its title) and, under it, its
    description; the game's default scenario comes first."""
    games = {p.id: p for p in plugins.discover().values() if p.id != PLUGIN.id}
    launcher = Launcher(app, load_game_scenario, games=games)
    app.push(launcher)
    app.step(DT)
    font = pygame.font.Font(None, 10)
    for plugin, buttons in launcher.sections:
        files = plugins.scenario_files(plugin)
        assert len(buttons) == len(files)
        assert buttons[0].text == scenario_title(
            next(f for f in files if f.name == plugin.default_scenario))
        for button, below in zip(buttons, buttons[1:], strict=False):
            lines = launcher._blurb(button, w.text_font(w.SMALL, app.scale))
            assert lines, f"{button.text} has no description"
            assert below.rect.top >= button.rect.bottom + len(lines) * font.get_linesize()
    baler = dict((p.id, b) for p, b in launcher.sections)["baler"]
    learning = next(b for b in baler if "the Americans arrive" in b.text)
    assert launcher.blurbs[learning].startswith("A short game of the last three turns")
    shot(app, tmp_path, "launcher-scenarios.png")
    hover(app, launcher.card.center)
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    app.step(DT)
    guerra = dict((p.id, b) for p, b in launcher.sections)["guerra"]
    assert launcher.card.top <= guerra[-1].rect.top < launcher.card.bottom
    shot(app, tmp_path, "launcher-scenarios-scrolled.png")


@pytest.mark.parametrize("text", [
    "description: [not, text]\n", "- a list\n", "description: 'open\n", "title: no description\n",
])
def test_a_manifest_without_a_readable_description_shows_none(tmp_path, text):
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    assert scenario_description(path) == ""
    assert scenario_description(tmp_path / "missing.yaml") == ""


def test_a_description_is_one_printable_paragraph(tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_text('description: >-\n  Two lines\n  of "text"\ndesc: "\\a"\n',
                    encoding="utf-8")
    assert scenario_description(path) == 'Two lines of "text"'
    path.write_text('description: "a bell\\a, a tab\\tand\\x1b[31m red"\n', encoding="utf-8")
    assert scenario_description(path) == "a bell?, a tab and?[31m red"


@pytest.mark.parametrize(("game", "manifest"), [
    ("baler", "americans_1899.yaml"), ("filipinas", "biak_na_bato.yaml"),
    ("guerra", "ebro_1938.yaml"),
])
def test_a_second_scenario_starts_from_its_button(app, tmp_path, game, manifest):
    """Issue 12: each game's second scenario loads from the launcher and opens its game."""
    plugin = plugins.get(game)
    launcher = Launcher(app, load_game_scenario, games={game: plugin})
    app.push(launcher)
    app.step(DT)
    buttons = launcher.sections[0][1]
    wanted = scenario_title(plugins.scenario_files(plugin)[0].parent / manifest)
    click(app, next(b for b in buttons if b.text == wanted).rect.center)
    for row in launcher.dialog.rows:
        row.selected = 0  # every side Human
    click(app, dialog_button(launcher, "Start"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.session.scenario.path.endswith(manifest)
    assert scene.session.state.turn > 1
    if game == "guerra":  # nothing is hidden: no black screen between seats (docs/hotseat.md)
        assert scene.handoff is None
    else:
        assert scene.handoff is not None
        for _ in range(2):  # "pass to the player", then the summary of what happened
            key(app, pygame.K_RETURN)
        assert scene.handoff is None
    shot(app, tmp_path, f"launcher-start-{game}.png")


def test_guerras_options_are_asked_once_in_the_launcher_and_remembered(app):
    """Issue 8: the level, the players and the tie agreement (section 4) are launcher rows, and
    the game opens past its options question."""
    plugin = plugins.get("guerra")
    launcher = Launcher(app, load_game_scenario, games={"guerra": plugin})
    app.push(launcher)
    app.step(DT)
    path = plugins.scenario_files(plugin)[0]
    launcher.choose_scenario(plugin, path)
    rows = {row.label: row for row in launcher.dialog.rows}
    assert rows["Level"].options == ("Basic", "Intermediate", "Advanced")
    assert len(rows["Players"].options) == 3 and len(rows["Agreement"].options) == 2
    rows["Level"].selected = 2
    rows["Players"].selected = 2
    rows["Agreement"].selected = 1
    for side in plugin.sides:
        rows[plugin.side_names[side]].selected = 0
    click(app, dialog_button(launcher, "Start"))
    scene = app.scene
    assert isinstance(scene, GameScene)
    first = scene.session.history[0].action
    label = scene.gameui.action_label(first)
    assert [part.lower() for part in label.split(" · ")] == [
        rows["Level"].options[2].lower(), rows["Players"].options[2].lower(),
        rows["Agreement"].options[1].lower()]
    assert not scene.session.decision.table  # the game does not ask again
    assert not any(b.text.startswith("Advanced ·") for b in scene.prompt.buttons)
    app.pop()
    launcher.choose_scenario(plugin, path)
    again = {row.label: row for row in launcher.dialog.rows}
    assert (again["Level"].selected, again["Players"].selected,
            again["Agreement"].selected) == (2, 2, 1)
