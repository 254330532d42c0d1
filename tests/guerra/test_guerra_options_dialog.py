"""`wargames play guerra` (no launcher): the table's options are asked in one dialog of rows,
as the launcher asks them (issue 24, "Smaller"), and "In the panel" leaves the panel's list."""

from __future__ import annotations

import pytest

from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import launcher
from guerra import PLUGIN
from guerra.rules.actions import SetOptions
from uitest import DT, click, make_app, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _open(monkeypatch, players):
    app = make_app((1600, 1000))
    app.settings.dice_speed = 0
    monkeypatch.setattr(launcher, "_run", lambda app: 0)
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), 4)
    launcher.run_game(PLUGIN, session, players, {}, app=app)
    app.step(DT)
    return app, app.scene, session


def _button(dialog, text):
    return next(b for b in dialog.buttons if b.text == text).rect.center


def test_the_options_come_in_one_dialog_and_start_the_game(monkeypatch, tmp_path):
    app, scene, session = _open(monkeypatch, {s: "human" for s in PLUGIN.sides})
    dialog = scene.dialog
    assert dialog is not None and dialog.title == "The game's options"
    rows = {row.label: row for row in dialog.rows}
    assert len(rows) == 3 and "(section 4)" in dialog.text
    players = next(r for r in dialog.rows if any("players" in o for o in r.options))
    players.selected = next(i for i, o in enumerate(players.options) if o.startswith("2 "))
    shot(app, tmp_path, "guerra-options-dialog.png")
    click(app, _button(dialog, "Start"))
    app.step(DT)
    assert len(session.history) == 1
    chosen = session.history[0].action
    assert isinstance(chosen, SetOptions)
    assert (chosen.nationalist_players, chosen.republican_players) == (1, 1)
    assert scene.dialog is None or scene.dialog.title != "The game's options"


def test_in_the_panel_leaves_the_list_and_is_not_asked_again(monkeypatch):
    app, scene, session = _open(monkeypatch, {s: "human" for s in PLUGIN.sides})
    click(app, _button(scene.dialog, "In the panel"))
    for _ in range(3):
        app.step(DT)
    assert scene.dialog is None and not session.history
    assert any(b.text.startswith("Basic · 2 players") for b in scene.prompt.buttons)


def test_a_game_the_launcher_set_up_is_not_asked(monkeypatch):
    app = make_app((1600, 1000))
    monkeypatch.setattr(launcher, "_run", lambda app: 0)
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), 4)
    session.play(next(a for a in session.legal_actions() if isinstance(a, SetOptions)))
    launcher.run_game(PLUGIN, session, {s: "human" for s in PLUGIN.sides}, {}, app=app)
    app.step(DT)
    assert app.scene.dialog is None or app.scene.dialog.title != "The game's options"
