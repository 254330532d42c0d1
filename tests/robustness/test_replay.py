"""Replays of unfinished games show only what a person at the table may see (issue 25).

Every unfinished save kind of every game, opened through both doors (`wargames replay SAVE` and
the launcher's Replay): against the computer the replay opens on the human side's view, never
the computer's, whoever is to move; in hot-seat it asks whose view to show on a black screen and
passes the screen through the hand-off screen; computer against computer it shows the public
view only. A finished game may be watched from every side.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from monkey import GAMES, players_of, unfinished_save

from engine import cli, plugins
from engine.core.saves import write_save
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import launcher as launcher_module
from engine.ui.app import App
from engine.ui.launcher import Launcher
from engine.ui.replay_scene import ReplayScene
from uitest import DT, click, make_app

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

def open_through(door: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """The replay of `path` opened as a person would: `wargames replay` or the launcher."""
    if door == "launcher":
        app = make_app()
        launcher = Launcher(app, load_game_scenario, games=plugins.discover())
        app.push(launcher)
        app.step(DT)
        launcher.open_save(path, replay=True)
        app.step(DT)
        return app
    opened: list[App] = []

    def keep(app: App) -> int:
        opened.append(app)
        return 0

    monkeypatch.setattr(launcher_module, "_run", keep)
    assert cli.main(["replay", str(path)]) == 0
    app = opened[0]
    app.step(DT)
    return app


def black(app: App) -> bool:
    """Nothing of the game on the window: every pixel outside the dialog is black."""
    scene = app.scene
    frame = app.screen.copy()
    if scene.dialog is not None:
        frame.fill((0, 0, 0), scene.dialog.rect.inflate(24, 24))  # and its shadow
    return pygame.mask.from_threshold(frame, (0, 0, 0), (1, 1, 1, 255)).count() \
        == frame.get_width() * frame.get_height()


def shown_hand(replay: ReplayScene) -> list[str]:
    return list(replay.panel.hand or [])


def hand_of(replay: ReplayScene, side: str | None) -> list[str]:
    rules = replay.session.rules
    view = rules.view(replay.state, side)
    return list(replay.gameui.hand(view)) if side is not None else []


@pytest.mark.parametrize("door", ["cli", "launcher"])
@pytest.mark.parametrize("game", GAMES)
def test_against_the_computer_the_replay_opens_on_the_human_side(game, door, tmp_path,
                                                                 monkeypatch):
    path, session = unfinished_save(game, "computer", tmp_path)
    plugin = plugins.get(game)
    human = plugin.sides[0]
    assert session.decision.player != human
    app = open_through(door, path, monkeypatch)
    try:
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        assert replay.dialog is None and replay.handoff is None
        for position in (0, replay.length // 2, replay.length):
            replay.show(position)
            app.step(DT)
            assert replay.viewer == human
            assert shown_hand(replay) == hand_of(replay, human)
        replay.next_viewer()
        app.step(DT)
        assert replay.viewer == human and replay.handoff is None
        assert "Continue from here" not in [b.text for b in replay.controls]
    finally:
        pygame.event.clear()
        app.close()


@pytest.mark.parametrize("door", ["cli", "launcher"])
@pytest.mark.parametrize("game", GAMES)
def test_in_hot_seat_the_replay_asks_whose_view_then_hands_the_screen_over(game, door,
                                                                          tmp_path, monkeypatch):
    path, _ = unfinished_save(game, "hotseat", tmp_path)
    plugin = plugins.get(game)
    app = open_through(door, path, monkeypatch)
    try:
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        assert replay.choosing and replay.dialog is not None
        assert replay.dialog.title == "Whose view?"
        assert [b.text for b in replay.dialog.buttons] == \
            [plugin.side_names[s] for s in plugin.sides]
        assert replay.viewer is None and black(app)
        pygame.event.clear()
        chosen = plugin.sides[-1]
        replay.dialog.press(plugin.side_names[chosen])
        app.step(DT)
        assert replay.handoff is not None and replay.handoff.side == chosen
        assert replay.viewer is None
        click(app, (20, 20))
        click(app, (20, 20))
        assert replay.handoff is None and replay.viewer == chosen
        assert shown_hand(replay) == hand_of(replay, chosen)
        replay.next_viewer()  # another side again only through the black screen
        app.step(DT)
        assert replay.choosing and black(app)
    finally:
        pygame.event.clear()
        app.close()


@pytest.mark.parametrize("door", ["cli", "launcher"])
@pytest.mark.parametrize("game", GAMES)
def test_computer_against_computer_the_replay_shows_the_public_view(game, door, tmp_path,
                                                                    monkeypatch):
    path, _ = unfinished_save(game, "watch", tmp_path)
    app = open_through(door, path, monkeypatch)
    try:
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        assert replay.dialog is None and replay.handoff is None
        for position in (0, replay.length):
            replay.show(position)
            app.step(DT)
            assert replay.viewer is None and replay.panel.hand is None
        replay.next_viewer()
        app.step(DT)
        assert replay.viewer is None and replay.handoff is None and replay.dialog is None
    finally:
        pygame.event.clear()
        app.close()


def test_a_save_that_names_no_players_is_replayed_as_hot_seat(tmp_path, monkeypatch):
    """An older save without its players: any side may have been a person's."""
    path, session = unfinished_save("baler", "computer", tmp_path)
    write_save(path, session)
    app = open_through("cli", path, monkeypatch)
    try:
        assert isinstance(app.scene, ReplayScene) and app.scene.choosing
    finally:
        pygame.event.clear()
        app.close()


def test_a_finished_game_may_be_watched_from_every_side(tmp_path, monkeypatch):
    plugin = plugins.get("baler")
    session = Session(plugin.rules, load_game_scenario(plugin), 2)
    rng = random.Random(2)
    while session.result() is None:
        session.play(rng.choice(session.legal_actions()))
    path = tmp_path / "done.json"
    write_save(path, session, players_of(plugin, "computer"))
    app = open_through("cli", path, monkeypatch)
    try:
        replay = app.scene
        assert isinstance(replay, ReplayScene) and replay.dialog is None
        seen = []
        for _ in range(3):
            replay.next_viewer()
            seen.append(replay.viewer)
        assert set(seen) == {None, *plugin.sides} and replay.handoff is None
        assert "Continue from here" in [b.text for b in replay.controls]
    finally:
        pygame.event.clear()
        app.close()
