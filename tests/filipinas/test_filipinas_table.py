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
    # listed under the player's own cards, each opening like any card (not in the status
    # lines, where they pushed the actions out of sight)
    assert "Bot's cards" not in dict(ui.status(view))
    hand = ui.hand(view)
    bots = [line for line in hand if line.startswith("Bot's card: ")]
    assert len(bots) == len(s.hands["spain"]) and len(hand) == len(bots) + len(view["hand"])
    assert [ui.card_face(line).id for line in bots] == s.hands["spain"]


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


def test_a_card_that_would_change_nothing_says_why_and_the_log_too(display, scenario):
    """No silent no-ops: 'Revolutionary Taxes' (+1 AP) with the Filipino AP at the top of the
    Resource Table, 'Hong Kong Junta' (+1 US Intervention) once the United States are at war.
    A card may be played all the same (6.13): the screen asks first (`no_effect`), the log
    says why it did nothing."""
    s = empty_position(scenario, hands=(["revolutionary_taxes", "hong_kong_junta"], []))
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    put(s, "batangas", "desierto")
    top = s.data.params.ap_max
    s.ap["filipino"] = top
    ready(s)
    assert s.decision.player == "filipino"
    scenario_top = RULES.no_effect_reason(s, A.PlayCard("revolutionary_taxes"))
    assert scenario_top is not None and f"at {top}, the top of the Resource Table" in scenario_top
    assert RULES.no_effect_reason(s, A.PlayCard("hong_kong_junta")) is None
    s.us_at_war = True
    assert "(7.0)" in RULES.no_effect_reason(s, A.PlayCard("hong_kong_junta"))
    assert RULES.no_effect_reason(s, A.EndRound()) is None
    ui = _ui(scenario, s)
    assert ui.no_effect(A.PlayCard("revolutionary_taxes")) == scenario_top
    trade = next(a for a in RULES.legal_actions(s) if isinstance(a, A.TradeCards))
    assert ui.no_effect(trade) == RULES.no_effect_reason(s, trade) is not None
    assert RULES.view(s, "spain")["no_effect"] == {}
    play = A.PlayCard("revolutionary_taxes")
    assert play in RULES.legal_actions(s)
    from filipinas.rules.idle import card_idle

    why = card_idle(s, "filipino", s.data.cards["revolutionary_taxes"])
    logged = [e.text for e in RULES.apply(s, play)]
    assert f"'Revolutionary Taxes': no effect — {why}" in logged
    assert s.ap["filipino"] == top
