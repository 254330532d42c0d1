"""The online game screen's log reads as one screen's: a server's computer seat's reason comes
before its move's results, in the reasons' colour, its statistics beside the log on hover and in
a dialog on a click, and places, counters and actions are named as the board names them, never
by their ids."""

from __future__ import annotations

import random

import pygame
import pytest
from test_computer_reasons import reason_on_screen
from test_online_play import click_an_answer, open_from_my_games, wait_for

from engine import plugins
from engine.net.tokens import SeatTokens
from engine.ui.online.lobby import OnlineScene
from engine.ui.online.model import OnlineModel
from netplay import running_server, url
from uitest import DT, hover, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def test_the_computer_seats_reasons_and_the_boards_names_in_the_online_log(app, tmp_path):
    from engine.loading import load_game_scenario

    games = {"baler": plugins.get("baler")}
    with running_server(tmp_path) as server:
        model = OnlineModel(SeatTokens(tmp_path / "seats.json"), name="Tester", games=games)
        lobby = OnlineScene(app, games, load_game_scenario, model=model)
        app.push(lobby)
        model.connect(url(server))
        wait_for(app, lambda: model.connected)
        model.host(games["baler"], "siege", {"spanish": "human", "philippine": "computer:easy"},
                   "spanish")
        lobby.refresh()
        scene = open_from_my_games(app, lobby)
        try:
            rng = random.Random(8)
            for _ in range(150):
                wait_for(app, lambda: not scene.waiting and (
                    scene.my_turn() or scene.door.result() is not None))
                reasons = [line for line in scene.log_view.lines if line.kind == "reason"]
                raw = [ev.text for e in scene.door.log("spanish") for ev in e.events]
                named = any(scene.gameui.place_name(t) != t for t in raw)  # an id came by
                if len(reasons) >= 4 and named or scene.door.result() is not None:
                    break
                revision = scene.door.revision
                assert click_an_answer(app, scene, rng)
                wait_for(app, lambda r=revision: scene.door.revision > r)
            app.step(DT)
            lines = scene.log_view.lines
            reasons = [i for i, line in enumerate(lines) if line.kind == "reason"]
            assert len(reasons) >= 4 and named
            told = [e for e in scene.door.log("spanish") if e.reason]
            assert len(told) == len(reasons)
            name = scene.gameui.place_name
            for i, entry in zip(reasons, told, strict=True):
                line = lines[i]
                assert line.text.startswith("Philippine") and ": " in line.text, line.text
                assert line.detail, line.text
                # before the move's results: the move's first event comes right after it
                shown = [e.text for e in entry.events if e.text]
                if shown:
                    assert lines[i + 1].text == name(shown[0]), (line.text, lines[i + 1])
            # ids never reach the log: the board's names replace them, as at one screen
            assert all(name(line.text) == line.text for line in lines), \
                [line.text for line in lines if name(line.text) != line.text]
            # the statistics on hover, beside the log, then in a dialog on a click
            spot = reason_on_screen(scene)
            line = scene.panel.log_view.line_at(scene.panel.log_rect, spot)
            assert line is not None and line.kind == "reason"
            hover(app, spot, steps=45)
            assert scene.tooltip.visible and line.detail in (scene.tooltip.text or "")
            assert scene.tooltip.drawn is not None
            assert not scene.tooltip.drawn.colliderect(scene.panel.log_rect)
            shot(app, tmp_path, "online-computer-reasons.png")
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
            app.step(DT)
            assert scene.dialog is not None and scene.dialog.title == "Why the computer did it"
            assert line.detail in scene.dialog.text
        finally:
            scene.close()
