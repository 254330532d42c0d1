"""The computer's reasons at the table (engine.ui.computer, GameScene): in each game a reason
line in the game's words goes to the log before the move's results, in its own colour (never
the red of a refusal), and its statistics open on a hover or a click. Screenshots go to
$WARGAMES_SHOTS when it is set (docs/screenshots/reasons-*.png)."""

from __future__ import annotations

import time

import pygame
import pytest
from reasoncheck import problems

from engine import plugins
from engine.ai.registry import make_agent
from engine.ai.search import Budget
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import widgets as w
from engine.ui.catalogue import seats_in_play
from engine.ui.game_scene import GameScene
from engine.ui.widgets.log_view import REASON_COLOR
from uitest import DT, hover, shot

SMALL = Budget(seconds=None, iterations=3)
WANTED = {"baler": 10, "filipinas": 6, "guerra": 10}
SKIP = {"baler": 0, "filipinas": 0, "guerra": 120}
"""Easy actions played before the watch starts (Guerra's opening is the Army of Africa)."""


def watched(app, game: str, seed: int = 7) -> GameScene:  # type: ignore[no-untyped-def]
    """The computer plays every side at Normal (a small budget) until `WANTED[game]` reasons
    are in the log."""
    plugin = plugins.discover()[game]
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    easy = {s: make_agent(plugin, "easy", s, seed) for s in plugin.sides}
    while len(session.history) < SKIP[game] or session.decision.table:
        st = session.state
        legal = session.legal_actions()
        session.play(easy[st.decision.player].choose(plugin.rules, st, legal))
    agents = {s: make_agent(plugin, "normal", s, seed, SMALL)
              for s in seats_in_play(plugin, session.state) or plugin.sides}
    in_play = seats_in_play(plugin, session.state) or plugin.sides
    players = {s: "computer:normal" if s in in_play else "empty" for s in plugin.sides}
    app.settings.dice_speed = 0
    scene = GameScene(app, plugin, session, players, agents, autosave=False)
    scene.ai_delay = 0.0
    app.push(scene)
    deadline = time.monotonic() + 240
    while len(scene.reasons) < WANTED[game] and time.monotonic() < deadline:
        app.step(DT)
        time.sleep(0.002)
    scene.watch_paused = True
    for _ in range(3):
        app.step(DT)
    return scene


def reason_on_screen(scene: GameScene) -> tuple[int, int]:
    """Where the newest reason with a detail is drawn in the log (scrolled back to it)."""
    view = scene.panel.log_view
    rect = scene.panel.log_rect
    for _ in range(60):
        for y in range(rect.bottom - 2, rect.y, -4):
            found = view.line_at(rect, (rect.x + 20, y))
            if found is not None and found.kind == "reason" and found.detail:
                return rect.x + 20, y
        view.scroll_by(3 * view.line_height)
    raise AssertionError("no reason with a detail in the log")


@pytest.mark.parametrize("game", ["baler", "filipinas", "guerra"])
def test_reasons_go_before_the_results_in_the_games_words(app, tmp_path, game):
    scene = watched(app, game)
    assert len(scene.reasons) >= WANTED[game]
    feed = scene._feed()
    lines = scene.panel.log
    data = scene.session.state.data
    ids = {i for table in ("units", "counters", "cards", "families", "provinces", "names")
           for i in getattr(data, table, {}) if len(i) > 2}
    for index, reason in scene.reasons.items():
        if index >= len(feed._counts):
            continue
        start = feed._counts[index]
        own = [line for line in lines[start:start + 3] if line.kind != "turn"]
        assert own and own[0] is reason, f"the reason of action {index} is not first"
        assert reason.kind == "reason" and reason.text.split(": ", 1)[1]
        assert not problems(reason.text.split(": ", 1)[1], ids), reason.text
    assert REASON_COLOR != w.ACCENT
    # the watch offers to take over the seats in play only, never one left empty
    taken = sorted(b.text for b in scene.prompt.buttons if b.text.startswith("Take over"))
    assert taken == sorted(f"Take over the {scene.side_name(s)} side" for s in scene.agents)
    # the statistics of the newest reason with a detail: on hover, then in a dialog on a click
    spot = reason_on_screen(scene)
    hover(app, spot, steps=45)
    assert scene.tooltip.visible and "simulation" in (scene.tooltip.text or "")
    shot(app, tmp_path, f"reasons-{game}.png")
    # the statistics are drawn beside the log, never over the lines they explain
    assert scene.tooltip.drawn is not None
    assert not scene.tooltip.drawn.colliderect(scene.panel.log_rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    app.step(DT)
    assert scene.dialog is not None and scene.dialog.title == "Why the computer did it"
    assert "simulation" in scene.dialog.text


def test_the_detail_mark_is_a_glyph_of_the_shipped_fonts():
    from engine.ui.fonts import font
    from engine.ui.widgets.log_view import DETAIL_MARK

    pygame.font.init()
    for bold in (False, True):
        for condensed in (False, True):
            fnt = font(15, bold, condensed)
            missing = pygame.image.tobytes(fnt.render("\U0001ffff", True, (0, 0, 0)), "RGBA")
            mark = pygame.image.tobytes(fnt.render(DETAIL_MARK.strip(), True, (0, 0, 0)),
                                        "RGBA")
            assert mark != missing
