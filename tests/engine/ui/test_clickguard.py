"""Clicks that land where the player aimed (engine.ui.clickguard): a press on a control that
came under a still pointer a moment ago is ignored, and the player told; once the pointer moved,
or after the moment, clicks go through."""

from __future__ import annotations

import pytest

from engine.ui.clickguard import IGNORED, MOMENT, ClickGuard
from toygame import PLUGIN
from toygame.testing import make_session
from uitest import DT, click, hover, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def test_a_press_on_a_control_that_came_under_a_still_pointer_is_ignored_for_a_moment():
    guard = ClickGuard()
    guard.look((10, 10), ("button", "Pass"), 0.0)
    assert not guard.press((10, 10), ("button", "Pass"), 0.1)  # what was there: fine
    assert not guard.release()
    guard.look((10, 10), ("button", "Play the Artillery card"), 0.2)  # laid out again
    assert guard.press((11, 10), ("button", "Play the Artillery card"), 0.3)
    assert guard.release()  # its release too
    assert not guard.press((11, 10), ("button", "Play the Artillery card"), 0.2 + MOMENT)
    guard.look((10, 10), ("button", "Pass"), 1.0)
    guard.look((200, 10), ("button", "Pass"), 1.1)  # the pointer moved: it sees what it hits
    assert not guard.press((200, 10), ("button", "Pass"), 1.2)
    guard.look((200, 10), None, 1.3)
    assert not guard.press((200, 10), None, 1.35)  # nothing to press: nothing to guard


def test_the_second_click_at_the_same_spot_does_not_press_the_button_that_moved_there(app):
    session = make_session(1)
    scene = start_game(app, PLUGIN, session, {"blue": "human", "red": "computer"})
    app.settings.confirm_irreversible = False  # a button that plays at once
    button = scene.prompt.buttons[0]
    spot = button.rect.center
    label = button.text
    hover(app, spot, steps=2)
    click(app, spot, steps=1)
    played = len(session.history)
    assert played == 1
    now = next((b.text for b in scene.prompt.buttons if b.rect.collidepoint(spot)), None)
    assert now is not None and now != label  # the list laid out again under the pointer
    click(app, spot, steps=1)  # a double click's second press
    assert len(session.history) == played
    assert IGNORED in app.toasts.messages
    for _ in range(round(MOMENT / DT) + 1):
        app.step(DT)
    click(app, spot, steps=1)  # read, then clicked: it goes through
    assert len(session.history) == played + 1


def test_a_click_after_moving_the_pointer_away_and_back_goes_through(app):
    session = make_session(1)
    scene = start_game(app, PLUGIN, session, {"blue": "human", "red": "computer"})
    app.settings.confirm_irreversible = False  # a button that plays at once
    spot = scene.prompt.buttons[0].rect.center
    hover(app, spot, steps=2)
    click(app, spot, steps=1)
    played = len(session.history)
    hover(app, (spot[0], spot[1] + 40), steps=1)
    click(app, spot, steps=1)
    assert len(session.history) == played + 1


def test_a_board_the_player_panned_under_a_still_pointer_takes_the_click():
    guard = ClickGuard()
    guard.look((300, 200), ("board", "sevilla"), 0.0, (1.0, 0.0, 0.0))
    # the player centred the view on another place: what is under the pointer is what they aim at
    assert not guard.press((300, 200), ("board", "cordoba"), 0.1, (1.0, 50.0, 0.0))
    guard.look((300, 200), ("board", "jaen"), 0.2, (1.0, 50.0, 0.0))  # a counter moved there
    assert guard.press((300, 200), ("board", "jaen"), 0.3, (1.0, 50.0, 0.0))


def test_what_the_guard_watches_in_baler_a_card_of_the_strip_and_a_counter_by_its_place(app):
    from baler import PLUGIN as BALER
    from engine.core.session import Session
    from engine.loading import load_game_scenario
    from engine.ui.clickguard import control_at

    session = Session(BALER.rules, load_game_scenario(BALER), 3)
    scene = start_game(app, BALER, session, dict.fromkeys(BALER.sides, "human"))
    while scene.handoff is not None:
        click(app, (20, 20))
    app.step(DT)
    board = scene.gameui.board
    cards = [(item, rect) for item, rect in board._items if item.startswith(("card:", "back:"))]
    assert cards  # the hand strip: a card there moves when the hand is laid out again
    item, rect = cards[-1]
    assert control_at(scene, rect.center) == ("board", item)
    stacks = board.stacks
    counters = [c for c in stacks._where if not c.startswith("m:")]
    found = []
    for counter in counters:
        x, y = scene.camera.world_to_screen(*board.anchor(counter))
        found.append((control_at(scene, (round(x), round(y))), stacks.location_of(counter)))
    # a counter is watched as the place it stands on, never by its own id
    assert any(seen == ("board", place) for seen, place in found)
    assert not any(seen is not None and seen[1] in counters for seen, _ in found)
