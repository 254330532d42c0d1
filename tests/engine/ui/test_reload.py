"""F5 in a game: the scenario's files read again, the game rebuilt on them, or left untouched
when they have errors (engine/ui/reload.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from engine.core.saves import read_save, restore
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from toygame import PLUGIN
from toygame.rules import EndTurn, Move
from uitest import click, key, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

OPENING = (Move("b1", -1, 1), EndTurn(), Move("r1", 1, -1), EndTurn(), Move("b1", 0, 1))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the Skirmish scenario the test edits, as a designer would."""
    shutil.copytree(Path(PLUGIN.scenarios_dir), tmp_path / "skirmish")
    return tmp_path / "skirmish"


def edit(folder: Path, old: str, new: str) -> None:
    board = folder / "board.yaml"
    text = board.read_text()
    assert old in text
    board.write_text(text.replace(old, new))


def opened(app: App, folder: Path, players: dict[str, str] | None = None) -> GameScene:
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN, folder / "basic.yaml"), 7)
    for action in OPENING:
        session.play(action)
    return start_game(app, PLUGIN, session, players or {"blue": "human", "red": "computer"})


def autosaved_hash(scene: GameScene) -> str:
    """The position the autosave on disk rebuilds, with the scenario as it is now on disk."""
    path = scene.autosave_path()
    assert path is not None
    scenario = load_game_scenario(PLUGIN, Path(scene.session.scenario.path))
    return restore(read_save(path), PLUGIN.rules, scenario).state_hash()


def test_f5_with_unchanged_files_gives_the_same_game(app, folder):
    scene = opened(app, folder)
    before, old = scene.session.state_hash(), scene.session
    key(app, pygame.K_F5)
    assert scene.session is not old and scene.dialog is None
    assert scene.session.state_hash() == before
    assert len(scene.session.history) == 5
    assert "all 5 actions replayed (no file had changed)" in app.toasts.messages[-1]
    assert autosaved_hash(scene) == before


def test_f5_with_a_broken_file_shows_the_errors_and_keeps_the_game(app, folder, tmp_path):
    scene = opened(app, folder)
    old, before = scene.session, scene.session.state_hash()
    autosave = scene.flush_autosave()
    assert autosave is not None
    saved = autosave.read_bytes()
    edit(folder, "radius: 3", "radius: three")
    edit(folder, "- {id: r2, side: red,", "- {id: r2, sides: red,")
    key(app, pygame.K_F5)
    dialog = scene.dialog
    assert dialog is not None and dialog.title == "The scenario has errors"
    assert f"The files are in {folder}/\n\nboard.yaml:4:9: expected an integer, got string " \
        "'three'\n    4 | radius: three\n\n" in dialog.text
    assert "\n\nboard.yaml:13:5: missing key 'side'\n" in dialog.text
    assert "\n\nboard.yaml:13:14: unknown key 'sides' (did you mean 'side'?)\n" in dialog.text
    assert "Fix the 3 problems below" in dialog.text and "^" not in dialog.text
    app.step(1 / 60)
    shot(app, tmp_path, "reload-errors.png")
    assert scene.session is old and old.state_hash() == before and len(old.history) == 5
    assert autosave.read_bytes() == saved
    dialog.press("OK")
    app.step(1 / 60)
    scene.play(Move("b2", -1, 2))  # the game goes on as it was
    assert len(old.history) == 6


def test_f5_after_a_number_change_stops_at_the_action_it_forbids(app, folder, tmp_path,
                                                                  user_data):
    scene = opened(app, folder)
    edit(folder, "  - [0, 0]\n", "  - [0, 0]\n  - [0, 1]\n")  # where blue's 5th action went
    key(app, pygame.K_F5)
    dialog = scene.dialog
    assert dialog is not None and dialog.title == "Replay stopped at action 5 of 5"
    assert "Actions 1 to 4 were replayed." in dialog.text
    assert ('Action 5, Blue in turn 2: "Move b1 to (0,1)", no longer applies: A piece '
            'moves one hex, onto a free board hex (Skirmish 2).') in dialog.text
    assert "that action was dropped" in dialog.text
    app.step(1 / 60)
    shot(app, tmp_path, "reload-stopped.png")
    kept = list((user_data / "wargames" / "saves").glob("skirmish-before-reload-*.json"))
    assert len(kept) == 1 and f"kept in {kept[0]}" in dialog.text
    assert len(read_save(kept[0]).actions) == 5
    session = scene.session
    assert len(session.history) == 4 and session.decision.player == "blue"
    assert autosaved_hash(scene) == session.state_hash()
    dialog.press("Play on from here")
    app.step(1 / 60)
    scene.play(Move("b1", -1, 2))  # the rest of the game is playable from there
    assert len(session.history) == 5
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(session.history) == 4 and "Undone" in app.toasts.messages[-1]


def test_a_hot_seat_reload_hides_the_other_sides_action_and_hands_over(app, folder):
    scene = opened(app, folder, {"blue": "human", "red": "human"})
    for _ in range(2):  # blue takes the screen
        click(app, (640, 400))
    assert scene.handoff is None and scene.viewer == "blue"
    views: list[str | None] = []
    real_view = PLUGIN.rules.view

    def spy(state, player):
        views.append(player)
        return real_view(state, player)

    scene.session.rules.view = spy
    try:
        edit(folder, "  - [0, 0]\n", "  - [0, 0]\n  - [1, -1]\n")  # red's 3rd action
        key(app, pygame.K_F5)
        dialog = scene.dialog
        assert dialog is not None and dialog.title == "Replay stopped at action 3 of 5"
        assert "Action 3, a choice of Red in turn 1, no longer applies" in dialog.text
        assert "hidden from your side" in dialog.text
        assert "r1" not in dialog.text and "Move" not in dialog.text
        assert "the 2 after it were dropped" in dialog.text
        assert scene.handoff is not None and scene.handoff.side == "red"
        assert scene.viewer == "blue" and "red" not in views
        dialog.press("Play on from here")
        app.step(1 / 60)
        assert "red" not in views  # the hand-off screen covers the board
    finally:
        del scene.session.rules.view


def test_a_long_game_says_it_is_reloading_before_the_replay(app, folder, monkeypatch):
    monkeypatch.setattr("engine.ui.reload.SAY_FIRST", 5)
    scene = opened(app, folder)
    frames = app.frames
    key(app, pygame.K_F5)
    assert "Reloading basic.yaml: replaying 5 actions…" in app.toasts.messages
    assert app.frames >= frames + 2  # drawn once before the replay, once after
    assert len(scene.session.history) == 5
