"""The selected stack's actions in the panel (issue "the table, second pass"): a short list
(what the stack does at a place is marked on the map and chosen there), two ways to one place
told apart ("overland" beside "by coastal transport"), a recruitment that names the corps it
raises, and, in solo, the bot's cards listed under the hand so they never push the actions out
of sight (10.2)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers import RULES

import uitest
from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.ui.game_scene import HINT_BUTTON
from filipinas import PLUGIN
from filipinas.rules import actions as A
from filipinas.ui.gameui import FilipinasUI
from uitest import at, click, hover, make_app, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _ui(scenario, state, viewer: str) -> FilipinasUI:
    plugin: GamePlugin = PLUGIN
    ui = FilipinasUI(plugin, scenario)
    ui.sync(RULES.view(state, viewer), viewer)
    return ui


def _spanish_round(scenario):
    """The first turn, the Filipino player passed: Spain's round, Desierto Brigade in Manila
    (Bulacán, Batangas and Cavite reached overland or by coastal transport, 6.3, 6.3.1)."""
    s = RULES.new_game(scenario, 1)
    RULES.apply(s, next(a for a in RULES.legal_actions(s) if isinstance(a, A.EndRound)))
    assert s.decision.player == "spain"
    return s


def test_moves_are_chosen_on_the_map_and_two_ways_to_one_place_read_apart(scenario) -> None:
    pygame.init()
    s = _spanish_round(scenario)
    legal = RULES.legal_actions(s)
    moves = [a for a in legal if isinstance(a, A.Move) and a.stack == "desierto"]
    both = {a.dest for a in moves if a.mode == "land"} & {a.dest for a in moves
                                                           if a.mode == "coastal"}
    assert both, "a Province reached overland and by coastal transport alike"
    ui = _ui(scenario, s, "spain")
    selection = ui.on_click("desierto", None, legal).select
    assert selection is not None
    buttons = ui.buttons_for(selection, legal)
    assert not any(isinstance(a, A.Move) for a in buttons)
    assert len(buttons) < len([a for a in legal if ui.selector.belongs(a, selection)])
    dest = sorted(both)[0]
    menu = ui.on_click(dest, selection, legal).menu
    rows = [i.label for i in menu if i.action is not None]
    assert len(rows) == len(set(rows)) >= 2
    overland = next(r for r in rows if "overland (6.3)" in r)
    by_sea = next(r for r in rows if "by coastal transport" in r and "6.3.1" in r)
    assert overland.split(" overland")[0] == by_sea.split(" by coastal")[0]
    # a Province reached only overland needs no word about it
    only = {a.dest for a in moves if a.mode == "land"} - both
    if only:
        lone = ui.on_click(sorted(only)[0], selection, legal).menu
        assert not any("overland" in i.label for i in lone)


def test_a_recruitment_names_the_corps_it_raises(scenario) -> None:
    pygame.init()
    s = RULES.new_game(scenario, 1)
    ui = _ui(scenario, s, "filipino")
    recruit = A.Recruit(space="manila", unit="tarlac_corps")
    assert recruit in RULES.legal_actions(s)
    text = ui.action_label(recruit)
    assert text.startswith("Recruit the corps named Tarlac in Manila (roll)"), text


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_in_solo_the_bots_cards_leave_the_selected_stacks_actions_in_sight(
        solo_scenario, size, tmp_path: Path) -> None:
    """The bot's cards are listed under the player's hand (each opens like any card); when
    the selected stack's actions need the room, the hand's cards flow side by side and then
    scroll, so the prompt is as tall as it would be without the bot's cards; from 1600x1000
    every action shows at once."""
    app = make_app(size)
    app.settings.confirm_irreversible = False
    session = Session(PLUGIN.rules, solo_scenario, 4)
    scene = start_game(app, PLUGIN, session, {"filipino": "human", "spain": "computer"},
                       autosave=False)
    assert session.decision.player == "filipino"
    hand = list(scene.panel.hand or ())
    bots = [line for line in hand if line.startswith("Bot's card: ")]
    assert bots
    hover(app, (2, 2))
    hover(app, at(scene, "aguinaldo"))
    click(app, at(scene, "aguinaldo"), steps=3)
    assert scene.selection is not None
    app.draw()
    uitest.shot(app, tmp_path, f"filipinas-solo-selected-{size[0]}.png")
    prompt, panel = scene.prompt, scene.panel
    assert prompt.buttons
    with_bots = panel.prompt_rect.height
    own = [line for line in hand if line not in bots]
    panel.set_content(title=panel.title, subtitle=panel.subtitle, status=panel.status,
                      hand=own, hand_title=panel.hand_title)
    assert panel.prompt_rect.height == with_bots
    if size[1] >= 1000:
        assert all(prompt.rect.contains(b.rect) for b in prompt.buttons), [
            b.text for b in prompt.buttons if not prompt.rect.contains(b.rect)]
    else:
        # the stack's actions, the hint's button (last, and key H) left aside
        actions = [b for b in prompt.buttons if b.text != HINT_BUTTON]
        seen = [b for b in actions if prompt.rect.contains(b.rect)]
        assert len(seen) >= len(actions) - 1
    pygame.event.clear()


def test_a_card_button_that_would_change_nothing_asks_first(scenario) -> None:
    """'Revolutionary Taxes' (+1 AP) with the Filipino AP at the top of the Resource Table:
    its prompt button asks "play it anyway?" with the reason; Cancel plays nothing."""
    from helpers import empty_position, put, ready

    s = empty_position(scenario, hands=(["revolutionary_taxes"], []))
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    put(s, "batangas", "desierto")
    s.ap["filipino"] = s.data.params.ap_max
    ready(s)
    app = make_app((1280, 800))
    app.settings.confirm_irreversible = False
    session = Session(PLUGIN.rules, scenario, 1, state=s)
    scene = start_game(app, PLUGIN, session, {"filipino": "human", "spain": "computer"},
                       autosave=False)
    click(app, uitest.button_at(scene, "Play 'Revolutionary Taxes'"), steps=2)
    assert scene.dialog is not None and "no effect now" in scene.dialog.title
    assert "the top of the Resource Table" in scene.dialog.text
    scene.dialog.press("Cancel")
    app.step(1 / 60)
    assert not session.history and scene.dialog is None
    click(app, uitest.button_at(scene, "Play 'Revolutionary Taxes'"), steps=2)
    assert scene.dialog is not None
    scene.dialog.press("Play it anyway")
    app.step(1 / 60)
    assert session.history[-1].action == A.PlayCard("revolutionary_taxes")
    pygame.event.clear()
