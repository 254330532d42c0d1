"""Trust at the table for Filipinas, at the GameUI level (DESIGN.md §8, issue 8): board clicks
open menus with costs and the irreversible mark, greyed items say why with a section, two-card
trades and discards come from menus, every card has a face, the legend has LF/TF, log lines
name places, and the solo Filipino sees the bot's cards (10.2)."""

from __future__ import annotations

import pytest
from helpers import RULES, empty_position, put, ready

from engine.core.game import GamePlugin
from filipinas import PLUGIN
from filipinas.rules import actions as A
from filipinas.ui.gameui import FilipinasUI

pytestmark = [pytest.mark.ui]


@pytest.fixture(scope="module")
def display():
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()  # left running: other screen tests of this worker share pygame's fonts
    yield


def _ui(scenario, state, viewer: str = "filipino") -> FilipinasUI:
    plugin: GamePlugin = PLUGIN
    ui = FilipinasUI(plugin, scenario)
    ui.sync(RULES.view(state, viewer), viewer)
    return ui


def test_a_click_that_acts_opens_a_menu_with_costs(display, scenario):
    s = empty_position(scenario, ap=(5, 7))
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    put(s, "batangas", "desierto")
    ready(s)
    ui = _ui(scenario, s)
    legal = RULES.legal_actions(s)
    click = ui.on_click("batangas", None, legal)
    assert click.action is None and click.title == "Batangas"
    items = {i.label: i for i in click.menu}
    recruit = next(i for label, i in items.items() if label.startswith("Recruit"))
    assert recruit.cost == "1 AP" and recruit.irreversible
    select = ui.on_click("batangas_corps", None, legal)
    assert select.select is not None and not select.menu  # selecting to look is free
    move = ui.on_click("manila", select.select, legal)
    assert [(i.cost, i.irreversible) for i in move.menu] == [("1 AP", False)]
    attack = ui.on_click("desierto", select.select, legal)
    assert all(i.irreversible for i in attack.menu)
    far = ui.on_click("tarlac", select.select, legal)
    assert far.menu[0].action is None and "(6.3)" in far.menu[0].reason


def test_two_card_trades_are_one_menu_on_the_resources_track(display, scenario):
    s = empty_position(scenario, ap=(5, 7))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    deck = s.decks["filipino"]
    s.hands["filipino"] = [deck.pop() for _ in range(4)]
    ready(s)
    ui = _ui(scenario, s)
    legal = RULES.legal_actions(s)
    assert not any(isinstance(a, A.TradeCards) for a in ui.buttons_for(None, legal))
    click = ui.on_click("res5", None, legal)
    assert click.title.startswith("Trade two cards")
    assert len(click.menu) == 6 and all(i.irreversible for i in click.menu)


def test_the_hand_limit_is_cut_from_a_menu_never_from_the_pass_button(display, scenario):
    s = empty_position(scenario, ap=(5, 7))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    deck = s.decks["filipino"]
    s.hands["filipino"] = [deck.pop() for _ in range(7)]
    ready(s)
    ui = _ui(scenario, s)
    legal = RULES.legal_actions(s)
    assert all(isinstance(a, A.Discard) for a in legal)
    assert ui.buttons_for(None, legal) == []
    click = ui.on_click("tarlac", None, legal)
    assert {i.action for i in click.menu} == set(legal)
    assert all(i.irreversible for i in click.menu)


def test_every_card_has_a_face_and_the_legend_has_lf_and_tf(display, scenario):
    s = empty_position(scenario)
    ui = _ui(scenario, s)
    faces = ui.all_card_faces()
    assert {f.id for f in faces} >= set(ui.data.cards)
    assert all(f.title and f.sections for f in faces)
    hand_line = ui.hand({"hand": ["reconcentration"]})[0]
    assert ui.card_face(hand_line).id == "reconcentration"
    codes = dict(ui.legend())
    assert "LF" in codes and "TF" in codes
    assert ui.place_name("Move marina to batangas") == "Move Marina Brigade to Batangas"


def test_the_solo_filipino_sees_the_bots_cards(display, solo_scenario):
    s = RULES.new_game(solo_scenario, 1)
    view = RULES.view(s, "filipino")
    assert view["bot_hand"] == s.hands["spain"]
    assert RULES.view(s, "spain")["bot_hand"] == []
    ui = _ui(solo_scenario, s)
    status = dict(ui.status(view))
    assert "(10.2)" in status["Bot's cards"]
    # issue 24: the bot's cards open like any other card, from the hand list
    listed = [line for line in ui.hand(view) if line.startswith("Bot: ")]
    assert len(listed) == len(s.hands["spain"])
    faces = [ui.card_face(line) for line in listed]
    assert [f.title for f in faces if f is not None] == [s.data.cards[c].name
                                                         for c in s.hands["spain"]]


def test_both_resources_markers_on_one_value_stand_side_by_side(display, scenario):
    s = empty_position(scenario, ap=(6, 6))
    ready(s)
    ui = _ui(scenario, s)
    board = ui.board
    piles = [p for p in board._members if p.startswith("res6#")]
    assert len(piles) == 2  # one marker each, not one hiding the other
    (x0, _), (x1, _) = sorted(board.anchor(p) for p in piles)
    assert x1 - x0 >= 0.6 * 46


def test_words_a_player_reads_issue_24(display, scenario):
    """A pile is named by its space in "Which one?" (it showed "cavite#0"); a plain word that
    is also an id stays a word ("Blanco is Recalled to Spain to Spain"); a card's needs read
    as sentences ("captaincy spanish: True", "morale above: 1")."""
    s = empty_position(scenario)
    put(s, "cavite", "aguinaldo", "cavite_corps")
    ready(s)
    ui = _ui(scenario, s)
    piles = [p for p in ui.board._members if p.startswith("cavite#")]
    assert piles and all(ui.board.tooltip(p).startswith("Cavite") for p in piles)
    assert ui.place_name("Blanco is recalled to Spain") == "Blanco is recalled to Spain"
    needs = {face.title: dict(face.sections).get("Needs", "") for face in ui.all_card_faces()}
    assert needs["Expeditionary Battalions"] == "Spanish Morale is above 1."
    assert needs["Appointment of Polavieja"] == (
        "Polavieja has not come into play yet; Manila, seat of the Captaincy General, is "
        "Spanish.")
    assert not any(":" in text or "_" in text or "True" in text for text in needs.values())
