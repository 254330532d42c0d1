"""No silent no-ops (rulebook "Event phase": "You must always play two cards in this phase, but
you can choose not to resolve some or even all the events"): an event that would change nothing
now says why (`no_effect_reason`, citing the section), the log says why an event did nothing,
the screen greys such an event with its reason and asks before a card is played for nothing.
The screenshot of the greyed event goes to $WARGAMES_SHOTS (docs/screenshots/
baler-no-effect-greyed.png)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from baler_fixtures import ES, PH, RULES, act, cleared, hand, place, run, scenario, texts

from baler import PLUGIN
from baler.rules.actions import Done, PlayCard, ResolveEvent
from baler.rules.events import EventPhaseTask
from baler.rules.idle import effect_idle
from baler.rules.state import BalerState
from baler.ui import menus
from baler.ui.gameui import BalerUI
from engine.core.session import Session
from engine.ui.widgets.aid_dialog import AidDialog
from uitest import DT, at, click, key, make_app, shot, start_game

DIGGING, REPAIR, ARTILLERY = "ph-05", "ph-02", "ph-08"
"""'Digging the trenches' (build a trench section), 'Repair' (repair 1) and 'A cannon from
Aguinaldo' (supply +1)."""


def _events(*cards: str) -> BalerState:
    """The Philippine Event phase on a cleared board: no trench built, none manned to 5."""
    st = cleared()
    st.supply[PH] = 3
    hand(st, PH, *cards)
    run(st, EventPhaseTask(side="philippine"))
    assert st.decision.kind == "event-card"
    return st


def test_digging_and_repair_with_nothing_to_dig_or_repair_say_why() -> None:
    st = _events(DIGGING, REPAIR, ARTILLERY, "ph-01")
    digging = RULES.no_effect_reason(st, PlayCard(DIGGING))
    assert digging is not None and "Trench section I" in digging
    repair = RULES.no_effect_reason(st, PlayCard(REPAIR))
    assert repair is not None and '"Repair"' in repair
    assert RULES.no_effect_reason(st, PlayCard(ARTILLERY)) is None  # supply 3 → 4
    assert RULES.no_effect_reason(st, Done()) is None
    # the posts beside trench space A of area 1 manned to 5: the event does something again
    place(st, {"ph-soldier-08": "ph-12-a1a2", "ph-soldier-15": "ph-34-a1"})
    assert RULES.no_effect_reason(st, PlayCard(DIGGING)) is None
    st.trenches["trench-a1-b"] = "sabotaged"
    assert RULES.no_effect_reason(st, PlayCard(REPAIR)) is None


def test_the_log_says_why_an_event_did_nothing() -> None:
    st = _events(DIGGING, ARTILLERY, REPAIR, "ph-01")
    st.supply[PH] = st.track_max()
    assert RULES.no_effect_reason(st, PlayCard(ARTILLERY)) is not None
    act(st, PlayCard(DIGGING))
    act(st, PlayCard(REPAIR))
    while st.decision.kind == "support-card":
        act(st, Done())
    assert st.decision.kind == "resolve-event"
    resolve = ResolveEvent(REPAIR, "main")
    assert resolve in RULES.legal_actions(st)
    assert RULES.no_effect_reason(st, resolve) is not None
    why = effect_idle(st, PH, st.data.cards[REPAIR].main[0])
    assert why is not None
    logged = texts(act(st, resolve))
    assert f"'{st.data.cards[REPAIR].title}': no effect — {why}" in logged, logged
    assert st.trenches == {}


def test_the_view_tells_only_the_deciding_player() -> None:
    st = _events(DIGGING, REPAIR, ARTILLERY, "ph-01")
    mine = RULES.view(st, "philippine")["no_effect"]
    assert set(mine) == {repr(PlayCard(DIGGING)), repr(PlayCard(REPAIR))}
    assert RULES.view(st, "spanish")["no_effect"] == {}
    assert RULES.view(st, None)["no_effect"] == {}
    assert RULES.view(st, ES.value)["no_effect"] == {}


def _repair_in_hand() -> BalerState:
    """Turn 1 from the setup, the Philippine side first in the Event phase, 'Repair' and 'A
    cannon from Aguinaldo' in its hand."""
    position = RULES.to_position(RULES.new_game(scenario(), 1))
    position.update(phase="events", initiative="philippine")
    cards = position["cards"]
    mine = [REPAIR, ARTILLERY, "ph-01", "ph-04", "ph-09", "ph-03"]
    cards["decks"]["philippine"] = [c for c in cards["decks"]["philippine"]
                                    + cards["hands"]["philippine"] if c not in mine]
    cards["hands"]["philippine"] = mine
    return RULES.from_position(scenario(), position, 1)


def _asked_then_played_anyway(scene: Any, ui: BalerUI, session: Session) -> str:
    """Choosing 'Repair' asks first and Cancel plays nothing; chosen again, "Play it anyway"
    plays it. The question's text."""
    item = menus.item(ui.data, ui.view, PlayCard(REPAIR), ui.action_label(PlayCard(REPAIR)))
    scene.choose_item(item)
    assert scene.dialog is not None and "no effect now" in scene.dialog.title
    text = str(scene.dialog.text)
    scene.dialog.press("Cancel")
    scene.dialog = None
    assert not session.history
    scene.choose_item(item)
    assert scene.dialog is not None
    scene.dialog.press("Play it anyway")
    scene.dialog = None
    return text


@pytest.mark.ui
@pytest.mark.usefixtures("user_data")
def test_the_screen_greys_an_event_that_does_nothing_and_asks_before_a_card_is_played_for_nothing(
        tmp_path: Path) -> None:
    st = _repair_in_hand()
    assert st.decision.kind == "event-card" and st.decision.player == "philippine"
    session = Session(PLUGIN.rules, scenario(), 1, state=st)
    app = make_app((1280, 800))
    app.settings.confirm_irreversible = False
    scene = start_game(app, PLUGIN, session, {"spanish": "computer", "philippine": "human"},
                       autosave=False)
    ui = scene.gameui
    assert isinstance(ui, BalerUI)
    assert ui.no_effect(PlayCard(REPAIR)) is not None
    assert ui.no_effect(PlayCard(ARTILLERY)) is None
    # playing 'Repair' (nothing to repair) asks first; Cancel plays nothing
    text = _asked_then_played_anyway(scene, ui, session)
    assert RULES.no_effect_reason(st, PlayCard(REPAIR))[1:] in text
    assert session.history[-1].action == PlayCard(REPAIR)
    scene.play(PlayCard(ARTILLERY))
    while session.decision.kind == "support-card":
        scene.play(Done())
    app.step(DT)
    assert session.decision.kind == "resolve-event"
    answer = ui.on_click(f"card:table:{REPAIR}", None, session.legal_actions())
    greyed = [i for i in answer.menu if i.action is None and i.label.startswith("'Repair'")]
    why = RULES.no_effect_reason(session.state, ResolveEvent(REPAIR, "main"))
    assert why is not None and greyed and greyed[0].reason == why[:1].upper() + why[1:]
    board = ui.board
    rect = next(r for t, r in board._items if t == f"card:table:{REPAIR}")
    click(app, rect.center, steps=3)
    assert scene.menu is not None
    app.toasts.toasts.clear()
    app.draw()
    shot(app, tmp_path, "baler-no-effect-greyed.png")
    pygame.event.clear()


@pytest.mark.ui
@pytest.mark.usefixtures("user_data")
def test_the_online_screen_asks_the_same_question_before_a_card_played_for_nothing() -> None:
    """The online game screen shares the board's part with the local one
    (`engine.ui.screen.board_input`): the same position through a door of one seat asks before
    'Repair' is played for nothing, and 'Play it anyway' sends it."""
    from engine.net.local import LocalDoor
    from engine.ui.online.play import OnlineGameScene

    session = Session(PLUGIN.rules, scenario(), 1, state=_repair_in_hand())
    app = make_app((1280, 800))
    app.settings.confirm_irreversible = False
    scene = OnlineGameScene(app, LocalDoor(PLUGIN, session, ["philippine"]))
    app.push(scene)
    ui = scene.gameui
    assert isinstance(ui, BalerUI) and scene.my_turn()
    _asked_then_played_anyway(scene, ui, session)
    app.step(DT)
    assert session.history[-1].action == PlayCard(REPAIR)
    # the card played lies on the table: a right-click opens it full size, as at one screen
    app.draw()
    x, y = at(scene, f"card:table:{REPAIR}")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    app.step(DT)
    assert scene.card_viewer is not None
    scene.card_viewer = None
    # F1: the same player aid as at one screen
    key(app, pygame.K_F1)
    assert isinstance(scene.dialog, AidDialog)
