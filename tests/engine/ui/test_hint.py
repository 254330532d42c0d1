"""The hint for a human side ("What would the computer do?", H): the Normal level thinks on the
deciding side's own observation on a worker thread, its answer is marked on the board with its
reason in the game's words, and it is offered only to the side deciding now on its own view.
Screenshots go to $WARGAMES_SHOTS when it is set (docs/screenshots/hint-*.png)."""

from __future__ import annotations

import time

import pygame
import pytest
from baler_hidden import hidden_twin as baler_twin
from baler_hidden import position as baler_position
from filipinas_hidden import hidden_twin

from baler import PLUGIN as BALER
from baler.rules.state import Side
from engine import plugins
from engine.ai.search import Budget
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui import computer
from engine.ui.game_scene import HINT_BUTTON, GameScene
from filipinas import PLUGIN as FILIPINAS
from filipinas.ai import easy as filipinas_easy
from uitest import DT, button_at, click, key, shot

SMALL = Budget(seconds=None, iterations=3)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(computer, "HINT_BUDGET", SMALL)


def answered(advisor: computer.Advisor, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not advisor.hint.done() and time.monotonic() < deadline:  # type: ignore[union-attr]
        time.sleep(0.01)


def hint_of(plugin, state, seed: int = 11):  # type: ignore[no-untyped-def]
    advisor = computer.Advisor(plugin, computer.game_reasons(plugin))
    side = state.decision.player
    advisor.ask(side, 0, seed, plugin.rules, state, plugin.rules.legal_actions(state))
    answered(advisor)
    assert advisor.settle(plugin.rules, state, lambda a: a.describe(), None)
    advisor.close()
    return advisor.action


@pytest.mark.parametrize("seed", [3, 8])
def test_the_hint_reads_only_the_baler_sides_own_observation(seed):
    scenario = load_game_scenario(BALER)
    st = baler_position(BALER.rules, scenario, seed, 40).state
    twin = baler_twin(st, Side(st.decision.player))
    assert BALER.rules.state_hash(twin) != BALER.rules.state_hash(st)
    assert hint_of(BALER, st) == hint_of(BALER, twin)


def test_the_hint_reads_only_the_filipino_sides_own_observation():
    session = Session(FILIPINAS.rules, load_game_scenario(FILIPINAS), 5)
    agents = {s: filipinas_easy(s, 5) for s in FILIPINAS.rules.sides}
    while not (session.decision.player == "filipino" and len(session.legal_actions()) > 2
               and session.state.hands["spain"]):
        st = session.state
        session.play(agents[st.decision.player].choose(FILIPINAS.rules, st,
                                                       session.legal_actions()))
    st = session.state
    twin = hidden_twin(st, "filipino")
    assert FILIPINAS.rules.state_hash(twin) != FILIPINAS.rules.state_hash(st)
    assert hint_of(FILIPINAS, st) == hint_of(FILIPINAS, twin)


def wait_hint(app, scene: GameScene, timeout: float = 120) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while scene.advisor.thinking and time.monotonic() < deadline:
        app.step(DT)
        time.sleep(0.01)
    app.step(DT)


@pytest.mark.parametrize("game", ["baler", "filipinas", "guerra"])
def test_h_marks_the_suggested_answer_on_the_board_with_its_reason(app, tmp_path, game):
    plugin = plugins.discover()[game]
    session = Session(plugin.rules, load_game_scenario(plugin), 4)
    if game == "guerra":  # the options, then the Army of Africa, to the first real choice
        session.play(session.legal_actions()[0])
    side = session.decision.player
    players = {s: "human" if s == side else "computer:easy" for s in plugin.sides}
    app.settings.dice_speed = 0
    scene = GameScene(app, plugin, session, players, autosave=False)
    app.push(scene)
    app.step(DT)
    assert any(b.text == HINT_BUTTON for b in scene.prompt.buttons)
    before = len(session.history)
    key(app, pygame.K_h)
    assert scene.advisor.hint is not None and scene.advisor.hint.side == side
    # the window keeps drawing and answering while it thinks, and says so
    if scene.advisor.thinking:
        assert "thinking about your move" in scene.prompt.note
    wait_hint(app, scene)
    advisor = scene.advisor
    assert advisor.action is not None and advisor.told is not None
    assert len(session.history) == before  # a hint plays nothing
    assert scene.prompt.note.startswith("Hint (Normal level): ")
    hinted = scene.gameui.action_label(advisor.action)
    marked = [t for t, style in scene._highlights().items()
              if style == "hint" and t in advisor.marks]
    buttons = [b for b in scene.prompt.buttons if b.selected and b.text == hinted]
    assert marked or buttons, "the suggestion is shown neither on the board nor as a button"
    shot(app, tmp_path, f"hint-{game}.png")
    # the hint goes once the position changes
    scene.play(advisor.action)
    app.step(DT)
    assert scene.advisor.hint is None or scene.advisor.hint.key == len(session.history)


def test_no_hint_for_a_side_that_is_not_deciding(app):
    session = Session(BALER.rules, load_game_scenario(BALER), 4)
    deciding = session.decision.player
    other = Side(deciding).enemy.value
    players = {deciding: "computer:easy", other: "human"}
    scene = GameScene(app, BALER, session, players, autosave=False)
    scene._thinker = None
    scene.ai_delay = 10.0  # the computer keeps thinking: the human is not to move
    app.push(scene)
    app.step(DT)
    assert scene.deciding == deciding
    assert not any(b.text == HINT_BUTTON for b in scene.prompt.buttons)
    key(app, pygame.K_h)
    assert scene.advisor.hint is None
    assert scene._no_hint() == "The hint is only for the side deciding now."


def test_no_hint_behind_the_hand_off_screen_nor_on_the_public_view(app):
    session = Session(BALER.rules, load_game_scenario(BALER), 4)
    scene = GameScene(app, BALER, session, {s: "human" for s in BALER.sides}, autosave=False)
    app.push(scene)
    app.step(DT)
    assert scene.handoff is not None  # the initiative card is private: the screen is black
    key(app, pygame.K_h)
    assert scene.advisor.hint is None
    # the public view a hot-seat decision may be answered on: the deciding player's seat, no
    # one's hand on screen
    scene.viewer, scene.seat, scene.handoff = None, session.decision.player, None
    assert scene._no_hint().startswith("Show your own view first")
    key(app, pygame.K_h)
    assert scene.advisor.hint is None


def test_the_hint_button_asks_like_the_key(app):
    session = Session(BALER.rules, load_game_scenario(BALER), 4)
    side = session.decision.player
    players = {s: "human" if s == side else "computer:easy" for s in BALER.sides}
    scene = GameScene(app, BALER, session, players, autosave=False)
    app.push(scene)
    app.step(DT)
    click(app, button_at(scene, HINT_BUTTON, exact=True))
    assert scene.advisor.hint is not None
    wait_hint(app, scene)
    assert scene.advisor.told is not None


def test_guerras_hint_is_marked_in_its_own_style_and_shows_on_the_whole_map(app, tmp_path,
                                                                            monkeypatch):
    """On the map of all Spain a hex is a few pixels wide: the hint's hex is asked for in the
    "hint" style and ringed in its colour beyond the hex's corners; a counter it suggests is
    outlined again after the counters, so one stacked on it does not hide the mark."""
    from engine.ui.colors import HINT
    from engine.ui.hexmap import parse_hex_id
    from engine.ui.layout import hex_to_pixel
    from guerra.ui import board as guerra_board

    plugin = plugins.discover()["guerra"]
    session = Session(plugin.rules, load_game_scenario(plugin), 4)
    session.play(session.legal_actions()[0])  # the options, to the Army of Africa
    side = session.decision.player
    players = {s: "human" if s == side else "computer:easy" for s in plugin.sides}
    scene = GameScene(app, plugin, session, players, autosave=False)
    app.push(scene)
    app.step(DT)
    board = scene.gameui.board
    asked: list[dict[str, str]] = []
    draw = board.draw
    monkeypatch.setattr(board, "draw", lambda surface, camera, hover, highlights: (
        asked.append(dict(highlights)), draw(surface, camera, hover, highlights))[1])
    key(app, pygame.K_h)
    wait_hint(app, scene)
    hexes = [t for t in scene.advisor.marks if parse_hex_id(t) is not None]
    assert hexes, scene.advisor.marks
    scene.dirty = True
    app.draw()
    assert all(asked[-1].get(t) == "hint" for t in scene.advisor.marks), asked[-1]
    shot(app, tmp_path, "guerra-hint.png")
    frame = app.screen
    for target in hexes:
        h = parse_hex_id(target)
        assert h is not None
        x, y = scene.camera.world_to_screen(*hex_to_pixel(board.layout, h))
        corner = guerra_board.HEX_RADIUS * scene.camera.zoom
        ringed = sum(frame.get_at((round(x + dx), round(y + dy)))[:3] == HINT
                     for dx in range(-30, 31) for dy in range(-30, 31)
                     if corner < (dx * dx + dy * dy) ** 0.5 <= 30)
        assert ringed >= 60, f"the hint at {target} is not ringed beyond its hex ({ringed})"

    # a counter under another, suggested: outlined after the counters are drawn
    stacks = board.stacks
    loc, ids = next((loc, [spec.id for spec, _ in stacks.rects(loc)])
                    for loc in sorted(set(stacks.placements().values()))
                    if len(stacks.rects(loc)) >= 2)
    order: list[str] = []
    stacks_draw = type(stacks).draw
    monkeypatch.setattr(type(stacks), "draw", lambda *a, **k: (order.append("counters"),
                                                               stacks_draw(*a, **k))[1])
    outline = guerra_board.draw_highlight
    monkeypatch.setattr(guerra_board, "draw_highlight", lambda surface, points, style: (
        order.append(style), outline(surface, points, style))[1])
    scene.advisor.marks = frozenset({ids[0]})
    scene.dirty = True
    app.draw()
    assert "hint" in order[order.index("counters"):], (loc, order)
