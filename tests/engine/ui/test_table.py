"""The table (DESIGN.md §8): action menus, the stack picker, the card viewer, the log, the
hand-off summary and its replay, reaction windows, dice and computer turns, driven through the
real game screen with posted pygame events."""

from __future__ import annotations

import time

import pygame
import pytest

from engine.core.actions import Action, DiceRolled, IllegalActionError
from engine.core.dice import ScriptedDice
from engine.core.game import Decision
from engine.core.session import Session
from engine.ui.adapter import CardFace, Click, MenuItem
from engine.ui.app import App, Settings
from engine.ui.game_scene import GameScene
from engine.ui.widgets.card_viewer import clipped_lines, layout_card
from engine.ui.widgets.log_view import LogFeed, LogLine, LogView
from toygame import PLUGIN
from toygame.rules import Attack, EndTurn, Move
from toygame.testing import make_session
from uitest import DT, at, button_at, click, hover, key, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def start(app: App, session: Session, players: dict[str, str] | None = None,
          speed: int = 0) -> GameScene:
    return start_game(app, PLUGIN, session, players or {"blue": "human", "red": "computer"},
                      speed)


def adjacent_session(rolls: tuple[int, ...] = (5,)) -> Session:
    """Blue's b1 next to red's r1 at the start of turn 3, with scripted attack rolls."""
    session = make_session(1, ScriptedDice(rolls))
    for action in (Move("b1", -1, 0), EndTurn(), Move("r1", 1, -1), EndTurn(),
                   Move("b1", 0, -1), EndTurn(), EndTurn()):
        session.play(action)
    return session


def right_click(app: App, pos: tuple[float, float]) -> None:
    x, y = round(pos[0]), round(pos[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    app.step(DT)


def row_center(scene: GameScene, label: str) -> tuple[int, int]:
    assert scene.menu is not None
    for row, rect in zip(scene.menu.rows, scene.menu.row_rects, strict=True):
        if row.text.startswith(label):
            return rect.center
    raise AssertionError(label)


# --- the action menu -------------------------------------------------------------------------

def test_a_greyed_item_cannot_be_chosen_and_a_click_outside_closes_the_menu(app):
    session = adjacent_session()
    scene = start(app, session)
    before = len(session.history)
    click(app, at(scene, "b1"))
    click(app, at(scene, "r1"))
    assert scene.menu is not None
    click(app, row_center(scene, "Move onto it"))
    assert scene.menu is not None and len(session.history) == before
    click(app, (5, 5))  # outside the menu: closes it, reaches nothing beneath
    assert scene.menu is None and scene.selection == "b1"
    assert len(session.history) == before


def test_with_confirmation_off_an_irreversible_item_plays_at_once(app):
    app.settings.confirm_irreversible = False
    session = adjacent_session((6,))
    scene = start(app, session)
    click(app, at(scene, "b1"))
    click(app, at(scene, "r1"))
    click(app, row_center(scene, "Attack"))
    assert scene.dialog is None
    assert isinstance(session.history[-1].action, Attack)


def test_dont_ask_again_turns_the_setting_off(app):
    session = adjacent_session((6,))
    scene = start(app, session)
    click(app, at(scene, "b1"))
    click(app, at(scene, "r1"))
    click(app, row_center(scene, "Attack"))
    assert scene.dialog is not None
    scene.dialog.press("Do it, don't ask again")
    app.step(DT)
    assert not app.settings.confirm_irreversible
    assert isinstance(session.history[-1].action, Attack)


def test_escape_closes_the_menu_then_deselects_then_opens_the_game_menu(app):
    session = adjacent_session()
    scene = start(app, session)
    click(app, at(scene, "b1"))
    click(app, at(scene, "r1"))
    key(app, pygame.K_ESCAPE)
    assert scene.menu is None and scene.selection == "b1" and scene.dialog is None
    key(app, pygame.K_ESCAPE)
    assert scene.selection is None and scene.dialog is None
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None and scene.dialog.title == "Game menu"


def test_a_right_click_deselects(app):
    scene = start(app, make_session(1))
    click(app, at(scene, "b1"))
    assert scene.selection == "b1"
    right_click(app, at(scene, "1,1"))
    assert scene.selection is None and not scene.highlight


def test_the_game_menu_sets_confirmation_and_reaction_passing_and_they_are_saved(app, tmp_path):
    path = tmp_path / "settings.json"
    app.settings_path = path
    scene = start(app, make_session(1))
    key(app, pygame.K_ESCAPE)
    dialog = scene.dialog
    assert dialog is not None
    labels = [row.label for row in dialog.rows]
    assert labels == ["Dice", "Confirm irreversible actions", "Pass my reaction windows",
                      "Impassable hexes"]  # and the game's overlays
    dialog.rows[1].selected = 1
    dialog.rows[2].selected = 0
    dialog.rows[3].selected = 0
    dialog.press("Resume")
    assert scene.gameui.overlay_on and scene.overlays_on == {"blocked": True}
    loaded = Settings.load(path)
    assert not loaded.confirm_irreversible and loaded.auto_pass_reactions
    assert Settings.load(None).confirm_irreversible  # on by default


def test_a_click_on_a_stack_that_is_not_fanned_asks_which_counter(app):
    scene = start(app, make_session(1))
    board = scene.gameui.board
    spec_b1 = board.stacks.spec("b1")
    spec_b2 = board.stacks.spec("b2")
    assert spec_b1 is not None and spec_b2 is not None
    board.set_counters({"-2,1": [spec_b1, spec_b2]})  # both Blue pieces on one hex
    board.stacks.hover(None, scene.camera.zoom)
    assert scene._stack_picker("b2", (300, 300))
    assert scene.menu is not None and scene.menu.title == "Which one?"
    texts = [r.text for r in scene.menu.rows]
    assert texts[0].startswith("Blue Rifles") and texts[1].startswith("Blue Guard")
    assert len(texts) == 2  # the hex itself answers nothing now: it is not offered
    click(app, row_center(scene, "Blue Guard"))
    assert scene.selection == "b1"


def test_a_fanned_stack_gives_clicks_between_its_counters_to_the_hex_beneath(app):
    scene = start(app, make_session(1))
    stacks = scene.gameui.board.stacks
    spec_b1, spec_b2 = stacks.spec("b1"), stacks.spec("b2")
    assert spec_b1 is not None and spec_b2 is not None
    scene.gameui.board.set_counters({"-2,1": [spec_b1, spec_b2]})
    stacks.hover("-2,1", 0.2)  # zoomed out: the fan is much larger than the hex
    assert stacks.fanned == "-2,1"
    rects = [r for _, r in stacks.rects("-2,1")]
    below = (rects[0].right + 2, rects[0].bottom + 2)  # on the backdrop, off the hex centre
    assert stacks.hit(below) is None  # not the fan's: the board's location is asked next
    assert stacks.hit(rects[1].center) == "b2"


def test_the_gap_at_the_centre_of_a_fanned_stack_answers_with_a_counter(app):
    """The pointer that fanned the stack out rests on the hex centre, between the counters:
    a click there goes to the nearest counter, never to nothing."""
    scene = start(app, make_session(1))
    stacks = scene.gameui.board.stacks
    spec_b1, spec_b2 = stacks.spec("b1"), stacks.spec("b2")
    assert spec_b1 is not None and spec_b2 is not None
    scene.gameui.board.set_counters({"-2,1": [spec_b1, spec_b2]})
    for zoom in (0.2, 1.0, 3.0):
        stacks.hover("-2,1", zoom)
        rects = [r for _, r in stacks.rects("-2,1")]
        centre = ((rects[0].right + rects[1].left) / 2, rects[0].centery)
        assert not any(r.collidepoint(centre) for r in rects)  # a gap between them
        assert stacks.hit(centre) in ("b1", "b2")
        assert stacks.hit((rects[0].right + 0.5, centre[1])) == "b1"


# --- refusals --------------------------------------------------------------------------------

def test_every_refusal_names_a_rule(app, monkeypatch):
    scene = start(app, make_session(1))
    monkeypatch.setattr(type(scene.session.state), "decision", property(
        lambda state: Decision(state.active, "orders", "Move, attack or end the turn",
                               section="Skirmish 2")))
    scene.apply_click(Click(reason="Not there."))
    assert "Not there. (see Skirmish 2)" in app.toasts.messages
    scene.apply_click(Click(reason="Too far (section 7)."))
    assert "Too far (section 7)." in app.toasts.messages  # already cited: left alone
    scene._refuse(IllegalActionError("Too far", "7.2"))
    assert "Too far (7.2)" in app.toasts.messages


# --- the card viewer -------------------------------------------------------------------------

def test_a_hand_card_opens_full_size_on_a_click_and_closes_on_escape(app, tmp_path):
    scene = start(app, make_session(1))
    scene.refresh()
    app.step(DT)
    assert scene.panel.hand_rects
    click(app, scene.panel.hand_rects[0].center)
    assert scene.card_viewer is not None
    assert scene.card_viewer.face.title.startswith("Order: ")
    shot(app, tmp_path, "card-viewer-toy.png")
    key(app, pygame.K_ESCAPE)
    assert scene.card_viewer is None and scene.dialog is None


def test_hovering_a_hand_card_enlarges_it(app):
    scene = start(app, make_session(1))
    app.step(DT)
    hover(app, scene.panel.hand_rects[0].center, steps=40)
    assert scene._hovered_card() is not None


LONG = CardFace("long", "A card with a very long name that will certainly need two lines",
                header=(("AP", "2"), ("Initiative", "5"), ("Boost", "any icon")),
                icons=("morale", "star", "supply", "leader", "a-very-long-icon-name-indeed"),
                sections=(("Event", "word " * 300), ("", "Supercalifragilistic" * 8)))


def test_a_long_card_grows_and_no_line_is_clipped():
    lines, height = layout_card(LONG, 460, 1.0)
    assert clipped_lines(LONG, 460, 1.0) == []
    assert height > 600 and all(line.rect.bottom <= height for line in lines)
    assert not any("…" in line.text for line in lines)


def all_game_uis() -> list[tuple[str, object]]:
    """Each installed game's UI on its default scenario."""
    from engine.loading import load_game_scenario
    from engine.plugins import discover
    from engine.ui.game_scene import build_gameui

    uis = []
    for plugin in discover().values():
        session = Session(plugin.rules, load_game_scenario(plugin), 1)
        uis.append((plugin.id, build_gameui(plugin, session)))
    return uis


def test_every_card_of_every_game_reads_whole_in_the_viewer(app):
    checked = 0
    for game, gameui in [("skirmish", start(app, make_session(1)).gameui), *all_game_uis()]:
        faces = getattr(gameui, "all_card_faces", None)
        if faces is None:
            continue
        for face in faces():
            for scale in (1.0, app.scale):
                assert clipped_lines(face, 460, scale) == [], (game, face.id)
            checked += 1
    assert checked >= 3


# --- the log ---------------------------------------------------------------------------------

def test_the_log_is_fed_only_new_entries_and_cut_back_on_undo():
    session = make_session(1)
    feed = LogFeed("blue")
    feed.update(session)
    start_lines = len(feed.view.lines)
    session.play(Move("b1", -1, 1))
    feed.update(session)
    assert feed.view.lines[-1] == LogLine("Blue Guard moves")
    grown = len(feed.view.lines)
    wrapped = []
    real_wrap = feed.view._wrap
    feed.view._wrap = lambda line: wrapped.append(line) or real_wrap(line)  # type: ignore
    feed.update(session)
    assert wrapped == []  # nothing new: nothing wrapped again
    session.undo()
    feed.update(session)
    assert len(feed.view.lines) == start_lines < grown
    session.play(EndTurn())
    feed.update(session)
    assert all(line in feed.view.lines or True for line in wrapped)
    assert len(wrapped) == len(feed.view.lines) - start_lines  # only the new lines wrapped


def test_the_log_follows_new_lines_unless_scrolled_back():
    view = LogView()
    view.layout(300, 100, 1.0)
    view.append([LogLine(f"Event {i}") for i in range(50)])
    assert view.following
    view.scroll_by(3 * view.line_height)
    kept = view.scroll
    view.append([LogLine("Event 50")])
    assert view.scroll == kept + view.line_height  # the lines read stay in place
    view.scroll_by(-10_000)
    view.append([LogLine("Event 51")])
    assert view.following


def test_the_log_follows_again_at_the_bottom_after_the_enlarged_view_or_a_click(app):
    scene = start(app, make_session(1))
    view = scene.panel.log_view
    view.append([LogLine(f"Event {i}") for i in range(80)])
    key(app, pygame.K_l)  # enlarged, the reader scrolls back...
    view.scroll_by(5 * view.line_height)
    assert not view.following
    key(app, pygame.K_l)  # ...and closes it: the newest lines again
    assert view.following
    view.scroll_by(4 * view.line_height)
    view.scroll_by(-4 * view.line_height + view.line_height // 2)  # all but half a line
    assert view.following
    view.scroll_by(6 * view.line_height)
    app.step(DT)
    click(app, scene.panel._newer_rect().center)  # "▼ newer below"
    assert view.following
    view.append([LogLine("Event 80")])
    assert view.following


def test_each_hot_seat_player_keeps_their_own_log_and_scroll(app):
    session = make_session(1)
    scene = start(app, session, {"blue": "human", "red": "human"})
    click(app, (640, 400))
    click(app, (640, 400))
    assert scene.viewer == "blue"
    blue_view = scene.panel.log_view
    blue_view.scroll = 0
    scene.play(EndTurn())
    click(app, (640, 400))
    click(app, (640, 400))
    assert scene.viewer == "red"
    assert scene.panel.log_view is not blue_view
    assert not any("Blue draws the order" in line.text for line in scene.panel.log)


def test_l_enlarges_the_log_to_the_panels_height(app, tmp_path):
    session = make_session(1)
    scene = start(app, session)
    for action in (Move("b1", -1, 1), EndTurn()):
        scene.play(action)
        app.step(DT)
    small = scene.panel.log_rect.height
    key(app, pygame.K_l)
    assert scene.panel.log_expanded and scene.panel.log_rect.height > small + 100
    shot(app, tmp_path, "log-enlarged.png")
    click(app, scene.panel.log_toggle_rect.center)
    assert not scene.panel.log_expanded


def test_log_lines_use_the_games_place_names(app):
    session = make_session(1)
    session.play(Move("b1", -1, 1))
    scene = start(app, session)
    names = scene.gameui.place_name  # type: ignore[attr-defined]
    assert names("Move b1 to (-1,1)") == "Move b1 to hex -1,1"


# --- hand-off, replay, reaction windows ------------------------------------------------------

def test_the_handoff_heading_and_the_replay_on_the_board(app, tmp_path):
    session = make_session(1)
    scene = start(app, session, {"blue": "human", "red": "human"})
    assert scene.handoff is not None and "commands every piece" in scene.handoff.heading
    click(app, (640, 400))
    click(app, (640, 400))
    scene.play(Move("b1", -1, 1))
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoff is not None and scene.handoff.side == "red"
    click(app, (640, 400))
    assert scene.handoff.stage == "summary"
    app.step(DT)
    shot(app, tmp_path, "handoff-summary-replay.png")
    key(app, pygame.K_r)
    assert scene.replay is not None and scene.viewer == "blue"  # still nobody's board yet
    assert scene.replay.viewer == "red"
    first = scene.replay.position
    app.step(DT)
    assert scene.moved  # the counter that moved is marked
    shot(app, tmp_path, "handoff-replay-board.png")
    buttons = scene._replay_buttons  # the replay's words lie in the side panel, off the board
    assert buttons and all(scene.panel.rect.contains(b.rect) for b in buttons)
    assert not any(scene.camera.viewport.colliderect(b.rect) for b in buttons)
    key(app, pygame.K_RIGHT)
    assert scene.replay is None or scene.replay.position > first
    key(app, pygame.K_ESCAPE)
    assert scene.replay is None and scene.handoff is None and scene.viewer == "red"


def test_after_the_computers_turn_the_summary_is_offered(app):
    session = make_session(1)
    scene = start(app, session)
    scene.play(EndTurn())
    for _ in range(1000):
        time.sleep(0.005)  # the computer thinks on its thread in real time
        app.step(0.05)
        if scene.deciding == "blue":
            break
    assert scene.deciding == "blue"
    app.step(DT)
    click(app, button_at(scene, "Since your last turn"))
    assert scene.handoff is not None and scene.handoff.stage == "summary"
    assert scene.handoff.lines
    key(app, pygame.K_RETURN)
    assert scene.handoff is None and scene.viewer == "blue"


def with_reaction_default(session: Session, default: Action) -> None:
    """The test game's turn end treated as a reaction window whose default is `default`."""
    session.rules.reaction_default = (  # type: ignore[attr-defined]
        lambda state: default if state.active == "red" else None)


def test_a_reaction_window_with_only_its_default_passes_without_a_handoff(app):
    session = make_session(1)
    only_end = [EndTurn()]
    real_legal = session.rules.legal_actions
    session.rules.legal_actions = (  # type: ignore[method-assign]
        lambda state: only_end if state.active == "red" and not state.outcome
        else real_legal(state))
    with_reaction_default(session, EndTurn())
    scene = start(app, session, {"blue": "human", "red": "human"})
    click(app, (640, 400))
    click(app, (640, 400))
    shown = scene.handoffs
    scene.play(EndTurn())  # red's only answer is the default: played by itself
    app.step(DT)
    assert scene.handoffs == shown and scene.handoff is None
    assert session.history[-1].player == "red"
    assert any(line.kind == "note" and "no other answer" in line.text
               for line in scene.panel.log)


def test_pass_my_reaction_windows_plays_the_default_even_with_other_answers(app):
    session = make_session(1)
    with_reaction_default(session, EndTurn())
    app.settings.auto_pass_reactions = True
    scene = start(app, session, {"blue": "human", "red": "human"})
    click(app, (640, 400))
    click(app, (640, 400))
    scene.play(EndTurn())
    app.step(DT)
    assert session.history[-1].player == "red" and scene.handoff is None
    scene.pass_reactions = False


# --- dice and computer turns -----------------------------------------------------------------

def test_moving_the_mouse_never_skips_the_dice_and_the_tray_keeps_the_roll(app, tmp_path):
    session = adjacent_session((5,))
    scene = start(app, session, speed=1)
    scene.play(Attack("b1", "r1"))
    anim = scene.animations[0]
    for i in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + i * 7, 200),
                                             rel=(7, 0), buttons=(0, 0, 0)))
        app.step(0.001)
    assert not anim.settled
    key(app, pygame.K_SPACE)
    assert anim.settled
    key(app, pygame.K_SPACE)
    app.step(DT)
    assert not scene.animations
    assert scene.tray is not None and scene.tray.event.values == (5,)
    shot(app, tmp_path, "dice-tray.png")
    click(app, scene.tray.rect.center)
    assert scene.tray is None


class SlowAgent:
    """Thinks for a while, then ends the turn, with its reason."""

    def __init__(self) -> None:
        self.last_reason = ""

    def choose(self, rules: object, state: object, legal: list[Action]) -> Action:
        time.sleep(0.3)
        move = next((a for a in legal if isinstance(a, Move)), legal[-1])
        self.last_reason = "closing in on the nearest enemy"
        return move


def test_the_computer_counts_its_thinking_logs_its_reason_and_marks_what_it_moved(app):
    session = make_session(1)
    session.play(EndTurn())
    scene = GameScene(app, PLUGIN, session, {"blue": "human", "red": "computer"},
                      {"red": SlowAgent()})  # type: ignore[dict-item]
    app.push(scene)
    app.settings.dice_speed = 0
    app.step(0.05)
    app.step(0.05)
    assert "is thinking…" in scene.prompt.text and " s" in scene.prompt.text
    deadline = time.monotonic() + 10
    while session.history[-1].player != "red" and time.monotonic() < deadline:
        app.step(0.05)
        time.sleep(0.01)  # the agent thinks for 0.3 s of real time on its thread
    app.step(DT)
    assert isinstance(session.history[-1].action, Move)
    assert scene.moved == {session.history[-1].action.piece}
    assert any(line.kind == "reason" and "closing in" in line.text for line in scene.panel.log)


def test_a_menu_item_is_shown_with_its_cost_and_no_undo_mark():
    from engine.ui.widgets.action_menu import item_text

    assert item_text(MenuItem("Surveillance", EndTurn(), cost="1 AP")) == "Surveillance — 1 AP"
    assert item_text(MenuItem("Shooting", EndTurn(), cost="2 AP", irreversible=True)) == \
        "Shooting — 2 AP (no undo)"
    assert item_text(MenuItem("Rest")) == "Rest"


def test_dice_rolled_events_from_the_roll_are_the_trays(app):
    session = adjacent_session((2,))
    scene = start(app, session)
    scene.play(Attack("b1", "r1"))
    app.step(DT)
    rolled = [e for e in session.history[-1].events if isinstance(e, DiceRolled)]
    assert scene.tray is not None and scene.tray.event == rolled[0]


def test_f1_draws_a_table_page_with_columns(app, tmp_path):
    scene = start(app, make_session(1))
    key(app, pygame.K_F1)
    key(app, pygame.K_PAGEDOWN)
    dialog = scene.dialog
    assert dialog is not None and dialog.pages[dialog.page].tables
    shot(app, tmp_path, "player-aid-table.png")


def test_a_wide_aid_table_shrinks_its_columns_and_wraps_cells():
    from engine.ui import widgets as w
    from engine.ui.adapter import AidTable
    from engine.ui.widgets.aid_dialog import table_rows

    table = AidTable(("Roll", "Result"), (("1", "word " * 60), ("2-6", "Nothing happens")))
    fnt, bold = w.text_font(w.SMALL, 1.0), w.text_font(w.SMALL, 1.0, bold=True)
    widths, rows = table_rows(table, fnt, bold, 400, 1.0)
    assert sum(widths) <= 400
    assert len(rows) == 3 and len(rows[1][1]) > 1  # the long cell wraps
    for row in rows:
        for k, cell in enumerate(row):
            assert all(fnt.size(line)[0] <= widths[k] for line in cell)


def test_the_prompt_offers_the_map_only_when_a_board_action_exists(app, monkeypatch):
    scene = start(app, make_session(1))
    assert "Or act on the map with a click." in scene.prompt.note
    monkeypatch.setattr(scene.gameui, "board_actions", lambda legal: [])
    scene.refresh()
    assert "act on the map" not in scene.prompt.note


def test_a_counter_tooltip_explains_the_legend_codes_it_uses(app):
    scene = start(app, make_session(1))
    hover(app, at(scene, "b1"), steps=40)
    assert scene.tooltip.text is not None
    assert "1: combat factor 1" in scene.tooltip.text


def test_the_computers_reason_names_the_action_as_the_screen_does_and_drops_empty_ones(app):
    from engine.ai.reasons import Asked, tell
    from toygame.reasons import REASONS

    session = make_session(1)
    scene = start(app, session)
    move = Move("b1", -1, 1)
    label = scene.gameui.action_label(move)

    def line(own: str) -> str:
        asked = Asked(session.rules, session.state, "blue", move, scene.gameui.action_label,
                      own=own)
        return tell(REASONS, asked).line

    assert line(f"{move.describe()}: closing in") == f"{label}: closing in"
    assert line(f"{move.describe()}: the heuristics' best answer to move") == label
    assert line(f"{move.describe()}: picked at random") == label
    assert line(move.describe()) == label


def test_the_thinking_line_gets_the_room_it_needs_when_it_grows(app):
    session = make_session(1)
    session.play(EndTurn())
    scene = GameScene(app, PLUGIN, session, {"blue": "human", "red": "computer"},
                      {"red": SlowAgent()})  # type: ignore[dict-item]
    scene.side_name = lambda side: "Red of a very long name, second seat (south)"  # type: ignore[method-assign]
    app.push(scene)
    app.settings.dice_speed = 0
    app.step(0.05)
    app.step(0.05)
    assert "is thinking…" in scene.prompt.text
    needed = scene.prompt.preferred_height(scene.prompt.rect.width, app.scale)
    assert scene.prompt.rect.height >= needed  # the seconds are not cut off
