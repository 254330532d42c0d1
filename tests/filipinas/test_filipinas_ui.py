"""The Filipinas game screen driven through the real loop: posted pygame events and `App.step()`
(hot-seat, solo against the rulebook bot, combat with dice, reaction cards, coordinated actions,
the player aid and the end of the game). Screenshots go to $WARGAMES_SHOTS when it is set."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest
from helpers import RULES, empty_position, put

import uitest
from engine.ai.agent import RandomAgent
from engine.core.actions import DiceRolled
from engine.core.session import Session
from engine.sim import playout
from engine.ui.app import App
from engine.ui.game_scene import GameScene, computer_agent_name
from filipinas import PLUGIN
from filipinas.ai import FilipinasAgent
from filipinas.rules import actions as A
from filipinas.spain import SpainPolicy
from filipinas.ui.board import pile_space
from filipinas.ui.labels import card_title
from uitest import DT, at, button_at, click, key, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def shot(app: App, tmp_path: Path, name: str) -> Path:
    """Draw the frame again and save it (`uitest.shot`)."""
    app.draw()
    return uitest.shot(app, tmp_path, name)


def hover(app: App, pos: tuple[float, float]) -> None:
    """Point at `pos` for one frame, then draw the frame again."""
    uitest.hover(app, pos)
    app.draw()


def click_on(app: App, scene: GameScene, target: str) -> None:
    """Point at a counter or space as a person does (its stack spreads out under the pointer),
    then click it where it is drawn now. The pointer first leaves the board, so no stack
    spread out by the last click covers the target."""
    hover(app, (2, 2))
    hover(app, at(scene, target))
    click(app, at(scene, target))


def choose(app: App, scene: GameScene, start: str = "") -> list[str]:
    """Pick the row of the open action menu that starts with `start` (the first live one by
    default); returns the rows' texts as they were."""
    assert scene.menu is not None, "a board click that acts opens a menu"
    rows = [r.text for r in scene.menu.rows]
    for row, rect in zip(scene.menu.rows, scene.menu.row_rects, strict=True):
        if row.callback is not None and row.text.startswith(start):
            click(app, rect.center)
            return rows
    raise AssertionError(f"no row {start!r} in {rows}")


def labels(scene: GameScene) -> list[str]:
    return [b.text for b in scene.prompt.buttons]


def press(app: App, scene: GameScene, start: str) -> None:
    """Click the prompt button whose label starts with `start` (scrolling it into view)."""
    click(app, button_at(scene, start))


def start(app: App, session: Session, players: dict[str, str], speed: int = 0) -> GameScene:
    app.settings.confirm_irreversible = False
    return start_game(app, PLUGIN, session, players, speed, autosave=False)


def through_handoff(app: App, scene: GameScene) -> None:
    """Click the hot-seat hand-off away (its two screens)."""
    for _ in range(4):
        if scene.handoff is None:
            return
        click(app, (300, 300))
    assert scene.handoff is None


HOT_SEAT = {"filipino": "human", "spain": "human"}


# --- the board ------------------------------------------------------------------------------------

def test_start_of_a_hot_seat_game_draws_every_counter_and_the_filipino_hand(app, tmp_path,
                                                                           scenario):
    session = Session(PLUGIN.rules, scenario, 1)
    scene = start(app, session, HOT_SEAT)
    assert scene.handoff is not None and scene.handoff.side == "filipino"
    through_handoff(app, scene)
    board = scene.gameui.board
    for cid in session.state.data.counters:
        assert board.pile_of(cid) is not None, cid
    hand = [card_title(session.state.data.cards[c]) for c in session.state.hands["filipino"]]
    assert scene.panel.hand == hand
    shot(app, tmp_path, "filipinas-start.png")


def test_the_board_reads_well_at_1920x1080(tmp_path, scenario):
    application = App((1920, 1080), audio=False)
    scene = start(application, Session(PLUGIN.rules, scenario, 1),
                  {"filipino": "human", "spain": "computer"})
    assert scene.camera.zoom >= 2 ** (-1 / 4)
    shot(application, tmp_path, "filipinas-start-1920.png")


def test_every_space_counter_and_marker_answers_a_hover_with_its_name(app, scenario):
    scene = start(app, Session(PLUGIN.rules, scenario, 2),
                  {"filipino": "human", "spain": "computer"})
    board = scene.gameui.board
    for sid in board.shapes:
        assert board.tooltip(sid), sid
    assert board.tooltip("manila_city").startswith("Manila (Captaincy General)")
    assert "resource value 2" in board.tooltip("cavite")
    assert board.tooltip("aguinaldo").startswith("Aguinaldo — Filipino General, Logistics "
                                                 "Factor 2, Tactical Factor 1")
    assert "G side" in board.tooltip("cavite_corps")
    for pile in board._members:
        for cid in board.pile_members(pile):
            assert board.tooltip(cid), cid
    assert "Spanish Morale marker: 10" in board.tooltip("mk:morale:track")


def test_hovering_a_stack_spreads_its_counters(app, scenario):
    scene = start(app, Session(PLUGIN.rules, scenario, 2),
                  {"filipino": "human", "spain": "computer"})
    hover(app, at(scene, "aguinaldo"))
    assert scene.gameui.board.stacks.fanned == scene.gameui.board.pile_of("aguinaldo")


# --- selecting and moving -----------------------------------------------------------------------

def test_clicking_a_stack_marks_its_moves_and_lists_its_actions_with_their_cost(app, tmp_path,
                                                                               scenario):
    session = Session(PLUGIN.rules, scenario, 1)
    scene = start(app, session, {"filipino": "human", "spain": "computer"})
    click_on(app, scene, "aguinaldo")
    assert scene.selection == "stack:aguinaldo"
    assert {"manila", "batangas"} <= scene.highlight
    offered = labels(scene)
    # where it goes is chosen on the map, marked above; the panel keeps a short list
    assert not any(label.startswith("Move ") for label in offered)
    assert "Cavite (Magdalo) plunders the Province (−1 Spanish Morale) — 1 AP" in offered
    assert "Unstack Aguinaldo — 1 AP" in offered
    assert not any(label.startswith("Trade") for label in offered)
    shot(app, tmp_path, "filipinas-select.png")
    click_on(app, scene, "batangas")
    assert not session.history  # looking is free: the click only opens the menu
    rows = choose(app, scene, "Move")
    assert rows == ["Move Cavite (Magdalo) + Aguinaldo to Batangas — 1 AP"]
    assert session.history[-1].action == A.Move("cavite_corps", "batangas", "land")
    assert scene.selection is None
    assert pile_space(scene.gameui.board.pile_of("aguinaldo")) == "batangas"
    assert not any(label.startswith("Move ") for label in labels(scene))


def test_clicking_the_selected_stack_again_picks_the_counter_alone(app, scenario):
    session = Session(PLUGIN.rules, scenario, 1)
    scene = start(app, session, {"filipino": "human", "spain": "computer"})
    click_on(app, scene, "aguinaldo")
    click_on(app, scene, "aguinaldo")
    assert scene.selection == "aguinaldo"
    assert "tarlac" in scene.highlight
    click_on(app, scene, "tarlac")
    assert scene.menu is not None
    assert any(row.text.startswith("Aguinaldo moves alone to Tarlac — 1 AP")
               for row in scene.menu.rows)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert scene.selection is None
    assert not any("moves alone" in label for label in labels(scene))


def test_an_illegal_click_shows_the_reason_with_its_section(app, scenario):
    session = Session(PLUGIN.rules, scenario, 1)
    scene = start(app, session, {"filipino": "human", "spain": "computer"})
    click_on(app, scene, "aguinaldo")
    click_on(app, scene, "tarlac")
    assert scene.menu is not None  # the greyed item says why, with its section
    assert [r.callback for r in scene.menu.rows] == [None]
    assert "(6.3)" in scene.menu.rows[0].detail
    key(app, pygame.K_ESCAPE)
    click_on(app, scene, "aguinaldo")
    click_on(app, scene, "desierto")
    assert scene.menu is not None and "(6.4)" in scene.menu.rows[0].detail
    assert not session.history


def test_clicking_a_province_with_nothing_selected_offers_recruitment_there(app, scenario):
    session = Session(PLUGIN.rules, scenario, 1)
    scene = start(app, session, {"filipino": "human", "spain": "computer"})
    click_on(app, scene, "bulacan")
    assert scene.menu is not None and scene.menu.title == "Bulacán"
    rows = [r.text for r in scene.menu.rows]
    assert "Recruit the corps named Bulacán in Bulacán (roll) — 1 AP (no undo)" in rows
    assert not session.history


def test_f1_opens_the_player_aid_with_costs_and_tables_from_the_yaml(app, scenario):
    scene = start(app, Session(PLUGIN.rules, scenario, 1),
                  {"filipino": "human", "spain": "computer"})
    key(app, pygame.K_F1)
    assert scene.dialog is not None and scene.dialog.title.startswith("Player aid 1/")
    titles = []
    for _ in range(len(scene.gameui.player_aid())):
        titles.append(scene.dialog.title)
        if "Action costs" in scene.dialog.title:
            assert "without a general" in scene.dialog.text and "2 AP" in scene.dialog.text
        if "Combat" in scene.dialog.title:
            assert "a hit on 6 or more" in scene.dialog.text
        key(app, pygame.K_RETURN)
    assert any("Resources and Spanish Morale" in t for t in titles)
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None


# --- hot-seat and hidden hands ----------------------------------------------------------------

def test_hot_seat_never_draws_the_other_sides_hand(app, scenario):
    session = Session(PLUGIN.rules, scenario, 3)
    scene = start(app, session, HOT_SEAT)
    through_handoff(app, scene)
    spanish = {card_title(session.state.data.cards[c]) for c in session.state.hands["spain"]}
    filipino = {card_title(session.state.data.cards[c]) for c in session.state.hands["filipino"]}
    assert set(scene.panel.hand) == filipino
    assert not spanish & set(labels(scene))
    press(app, scene, "Pass")
    assert scene.handoff is not None and scene.handoff.side == "spain"
    through_handoff(app, scene)
    assert set(scene.panel.hand) == spanish
    assert not any(title in " ".join(labels(scene)) for title in filipino)


def test_reaction_cards_reach_the_other_player_through_the_hand_off(app, tmp_path, scenario):
    """Spain attacks a Filipino stack: the Filipino holds Isthmus of Noveleta, a red card, and
    is handed the screen to play it in the Spanish round (5.2.3, 6.7)."""
    state = empty_position(scenario, (5,), hands=(["isthmus_of_noveleta"], []))
    put(state, "batangas", "aguinaldo", "batangas_corps")
    put(state, "batangas", "desierto")
    state.active = "spain"
    session = Session(RULES, scenario, 0, state=state)
    scene = start(app, session, HOT_SEAT, speed=1)
    through_handoff(app, scene)
    assert scene.viewer == "spain"
    click_on(app, scene, "desierto")
    click_on(app, scene, "batangas_corps")
    choose(app, scene)
    assert isinstance(session.history[-1].action, A.Attack)
    assert scene.handoff is not None and scene.handoff.side == "filipino"
    through_handoff(app, scene)
    offered = labels(scene)
    assert offered[0].startswith("Play 'Isthmus of Noveleta' (−1 to the enemy's roll")
    assert "No more cards: roll for the combat (no undo)" in offered
    shot(app, tmp_path, "filipinas-reaction.png")
    press(app, scene, "Play 'Isthmus")
    rolled = [e for e in session.history[-1].events if isinstance(e, DiceRolled)]
    assert rolled and "Isthmus of Noveleta -1" in rolled[0].text


# --- combat and coordinated actions -------------------------------------------------------------

def test_an_attack_rolls_the_die_and_the_log_explains_every_modifier(app, tmp_path, scenario):
    state = empty_position(scenario, (6,), ap=(5, 7))
    put(state, "batangas", "aguinaldo", "batangas_corps")
    put(state, "batangas", "desierto")
    put(state, "manila_city", "blanco")
    session = Session(RULES, scenario, 0, state=state)
    scene = start(app, session, {"filipino": "human", "spain": "computer"}, speed=1)
    click_on(app, scene, "batangas_corps")
    assert "stack:desierto" in scene.highlight
    assert scene.gameui.highlight_style("stack:desierto") == "attack"
    click_on(app, scene, "desierto")
    assert not session.history and not scene.animations  # no die before the menu choice
    assert choose(app, scene)[0].endswith("(no undo)")
    assert session.history[-1].action == A.Attack(("batangas_corps",), "desierto")
    rolled = [e for e in session.history[-1].events if isinstance(e, DiceRolled)]
    assert rolled[0].text == ("Combat roll 6 (CF 2 against 2 +0, Aguinaldo's Tactical "
                              "Factor +1) = 7: hit")
    assert scene.animations
    for _ in range(8):
        app.step(0.03)
    shot(app, tmp_path, "filipinas-combat.png")
    for _ in range(40):
        app.step(0.03)
    assert scene.animations[0].settled
    click(app, (100, 100))
    assert not scene.animations
    log = [line.text for line in scene.panel.log]
    assert any("Desierto Brigade loses a step" in t for t in log)
    assert any("Spanish Morale 10 → 9 (battle lost)" in t for t in log)
    hover(app, at(scene, "desierto"))
    shot(app, tmp_path, "filipinas-combat-result.png")


def test_a_coordinated_search_and_destroy_is_composed_by_clicking_two_brigades(app, scenario):
    """The example of 6.6: two brigades in Search and Destroy locate the Magdiwan together;
    with the Captain General in the Captaincy this costs 3 AP (5.2.2.1)."""
    state = empty_position(scenario, (1, 4, 5, 5, 3), ap=(2, 7))
    put(state, "bulacan", "magdiwan")
    put(state, "bulacan", "desierto")
    put(state, "bulacan", "marina")
    put(state, "manila_city", "blanco")
    state.search.update({"desierto", "marina"})
    state.active = "spain"
    session = Session(RULES, scenario, 0, state=state)
    scene = start(app, session, {"filipino": "computer", "spain": "human"})
    click_on(app, scene, "desierto")
    click_on(app, scene, "marina")
    assert scene.selection == "group:desierto+marina"
    assert "stack:magdiwan" in scene.highlight
    # the attack is chosen on the map, on the marked enemy stack
    assert not any(label.startswith("Locate and attack") for label in labels(scene))
    click_on(app, scene, "magdiwan")
    rows = choose(app, scene)
    assert rows == ["Locate and attack Magdiwan with Desierto Brigade, Marina Brigade — 3 AP "
                    "(2 + 1 Coordinated Action) (no undo)"]
    assert session.history[-1].action == A.Attack(("desierto", "marina"), "magdiwan")
    assert session.state.ap["spain"] == 4


# --- solo, the computer and the end -----------------------------------------------------------

def test_the_computer_side_gets_the_ai_which_plays_spain_by_its_heuristics(app, tmp_path,
                                                                          solo_scenario):
    assert computer_agent_name(PLUGIN) == "normal"
    session = Session(PLUGIN.rules, solo_scenario, 4)
    scene = start(app, session, {"filipino": "human", "spain": "computer:easy"})
    agent = scene.agents["spain"].decider.policy  # the Easy level's heuristics (engine.ai)
    assert isinstance(agent, FilipinasAgent) and isinstance(agent.spain, SpainPolicy)
    helper = FilipinasAgent("filipino", 4)
    for _ in range(400):
        if len({e.turn for e in session.history}) >= 2 and session.state.active == "filipino" \
                and session.decision.player == "filipino":
            break
        if session.decision.player == "filipino":
            scene.play(helper.choose(RULES, session.state, session.legal_actions()))
        app.step(1.0)
        time.sleep(0.01)  # the computer thinks on its own thread, in real time
    assert any(e.player == "spain" for e in session.history)
    assert session.result() is None
    shot(app, tmp_path, "filipinas-solo.png")


def test_the_end_of_the_game_shows_the_result(app, tmp_path, scenario):
    agents = {"filipino": FilipinasAgent("filipino", 8), "spain": FilipinasAgent("spain", 9)}
    session = playout(PLUGIN, scenario, 8, agents)
    result = session.result()
    assert result is not None
    scene = start(app, session, {"filipino": "human", "spain": "human"})
    through_handoff(app, scene)
    app.step(DT)
    assert scene.dialog is not None
    assert scene.dialog.title in ("Filipino wins", "Spanish wins", "Draw")
    assert result.reason in scene.dialog.text
    shot(app, tmp_path, "filipinas-victory.png")


# --- every decision answerable with the mouse ---------------------------------------------------

def _selections(scene: GameScene, legal: list) -> list:
    """Every selection clicks can make: a stack, a counter of it, a coordinated group."""
    sel = scene.gameui.selector
    own = [c for c in sel.pos.members
           if scene.gameui.data.counters[c].side == sel.pos.deciding]
    found: list = [None]
    for cid in own:
        first = sel.click(cid, None, legal).select
        if first is None:
            continue
        found.append(first)
        again = sel.click(cid, first, legal).select
        if again is not None:
            found.append(again)
        for other in own:
            group = sel.click(other, first, legal).select
            if group is not None and group.startswith("group:"):
                found.append(group)
    return list(dict.fromkeys(found))


def _reachable(scene: GameScene, legal: list) -> set:
    """Every action a click or a button can make, trying every selection and every target."""
    ui = scene.gameui
    found: set = set()
    # Counters in the boxes are drawn and clickable too (a corps in the Filipino Troops box).
    targets = list(ui.board.shapes) + list(ui.data.counters)
    for selection in _selections(scene, legal):
        found.update(ui.buttons_for(selection, legal))
        for target in targets:
            result = ui.on_click(target, selection, legal)
            assert result.action is None  # acting is explicit: a menu, never a click alone
            found.update(item.action for item in result.menu if item.action is not None)
    return found


def test_every_legal_action_is_a_button_or_a_click_on_the_board(app, scenario):
    rng = random.Random(5)
    agents = {"filipino": RandomAgent(11), "spain": RandomAgent(12)}
    session = playout(PLUGIN, scenario, 11, agents)
    scene = start(app, session, {"filipino": "human", "spain": "human"})
    ui = scene.gameui
    checked = 0
    for n in sorted(rng.sample(range(len(session.history)), 25)):
        state = session.state_at(n)
        viewer = state.decision.player
        ui.sync(RULES.view(state, viewer), viewer)
        legal = RULES.legal_actions(state)
        missing = set(legal) - _reachable(scene, legal)
        assert not missing, (n, sorted(a.describe() for a in missing)[:5])
        checked += len(ui.board_actions(legal))
    assert checked


def test_which_one_names_each_counter_and_the_place_as_their_tooltips_do(app, scenario):
    """The stack picker's rows read as the screen names things on hover: "Aguinaldo" with
    his factors under it, "Cavite" for the province beneath, never a pile id ("cavite#0")."""
    session = Session(PLUGIN.rules, scenario, 1)
    scene = start(app, session, {"filipino": "human", "spain": "computer"})
    stacks = scene.gameui.board.stacks
    asked = 0
    for loc in list(stacks._stacks):
        specs = stacks.stack(loc)
        if len(specs) < 2 or pile_space(loc) in (None, "filipino_troops"):
            continue
        stacks.hover(None, scene.camera.zoom)
        scene.menu = None
        if not scene._stack_picker(specs[-1].id, (300, 300)) or scene.menu is None:
            continue
        asked += 1
        rows = scene.menu.rows
        assert not any("#" in row.text for row in rows)
        names = [scene.gameui.board.tooltip(spec.id).split(" — ")[0] for spec in specs]
        assert set(names) <= {row.text for row in rows}
        assert rows[-1].text == scene.gameui.board.shapes[pile_space(loc)].name
        assert all(row.detail for row in rows)
    assert asked
