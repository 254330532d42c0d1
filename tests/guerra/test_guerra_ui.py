"""The game screen of La Guerra de España driven through the real loop: posted pygame events and
`App.step()` (SDL dummy driver). Screenshots go to the test's temporary folder, and also to
$WARGAMES_SHOTS when it is set."""

from __future__ import annotations

import pygame
import pytest
from guerra_kit import put

from engine.core.actions import DiceRolled
from engine.core.hexgrid import Hex, hex_distance
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.hexmap import hex_id
from guerra import PLUGIN
from guerra.ai import GuerraAgent
from guerra.rules.actions import EndMovement, PlaceCounter, SetOptions
from guerra.rules.data import hex_label
from guerra.rules.setup import parse_hex
from guerra.ui.board import MINIMAP, board_id
from uitest import DT, button_at, click, key, press, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

NATIONALISTS_FIRST = 5
"""A seed whose first-player roll goes to the Nationalists."""
HUMAN_NATIONALIST = {"nationalist": "human", "republican": "computer",
                     "nationalist_2": "computer", "republican_2": "computer"}


def focus(scene: GameScene, target: str, zoom: float = 1.0) -> tuple[float, float]:
    """Centre the camera on a counter or hex id and return its screen position."""
    scene.camera.zoom = zoom
    anchor = scene.gameui.board.anchor(target)
    assert anchor is not None, target
    scene.camera.center_on(anchor)
    scene.app.step(DT)
    anchor = scene.gameui.board.anchor(target)
    assert anchor is not None
    return scene.camera.world_to_screen(*anchor)


def started(seed: int = NATIONALISTS_FIRST, options: SetOptions | None = None) -> Session:
    """A game past the options and the Army of Africa's placement."""
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), seed)
    session.play(options or SetOptions("advanced", 1, 1, True))
    agent = GuerraAgent("nationalist", seed)
    while session.state.phase.value == "africa":
        session.play(agent.choose(session.rules, session.state, session.legal_actions()))
    return session


def start(app: App, session: Session, players: dict[str, str] | None = None,
          speed: int = 0) -> GameScene:
    return start_game(app, PLUGIN, session, players or HUMAN_NATIONALIST, speed,
                      autosave=False)


def unit_at(session: Session, city: str, family: str) -> str:
    h = session.state.data.board.city_by_id[city].hex
    return next(u for u in session.state.land_at[h]
                if session.state.units[u].family == family)


def test_the_options_are_prompt_buttons_with_clear_labels(app, tmp_path):
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), NATIONALISTS_FIRST)
    scene = start(app, session)
    labels = [b.text for b in scene.prompt.buttons]
    assert len(labels) == 18
    assert "Advanced · 4 players, two a side · a tie ends the game" in labels
    assert "Basic · 3 players (2 Nationalist) · play on after a tie" in labels
    shot(app, tmp_path, "guerra_options.png")
    click(app, button_at(scene, "Intermediate · 2 players · a tie"))
    assert session.state.options is not None
    assert session.state.options.level.value == "intermediate"


def test_a_human_chooses_the_options_even_when_the_computer_holds_the_first_seat(app):
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), NATIONALISTS_FIRST)
    players = {"nationalist": "computer", "republican": "human",
               "nationalist_2": "computer", "republican_2": "computer"}
    scene = start(app, session, players)
    assert scene.deciding == "republican"
    for _ in range(30):
        app.step(DT)
    assert session.state.options is None  # the computer did not choose for the table
    click(app, button_at(scene, "Basic · 2 players · play on after a tie"))
    assert session.state.options is not None
    assert session.state.options.level.value == "basic"


def test_a_selected_counter_shows_its_reach_and_moves_to_a_clicked_hex(app, tmp_path):
    session = started()
    scene = start(app, session)
    army = unit_at(session, "sevilla", "nationalist_army")
    click(app, focus(scene, army))
    assert session.state.selected == army
    marks = scene.gameui.board.marks
    reach = {board_id(hex_label(h)) for h in session.state.reach}
    assert reach and reach <= set(marks)
    assert {marks[r] for r in reach} <= {"target", "attack"}
    assert marks[army] == "selected"
    assert any(label == "Marks" for label, _ in scene.panel.status)
    shot(app, tmp_path, "guerra_reach.png")
    goal = next(h for h, r in sorted(session.state.reach.items()) if not r.fight)
    click(app, focus(scene, board_id(hex_label(goal))))
    assert session.state.units[army].hex == goal
    assert session.state.selected is None


def test_fight_moves_and_displacements_are_marked_differently(app):
    session = started()
    state = session.state
    badajoz = state.data.board.city_by_id["badajoz"].hex
    near = [h for h in state.data.board.cells
            if state.data.board.is_land(h) and 2 <= hex_distance(h, badajoz) <= 3
            and h not in state.land_at and state.data.board.territory[h] == "caceres"]
    unit = put(state, "nationalist_army", near[0], "nationalist")
    scene = start(app, session)
    click(app, focus(scene, unit.id))
    styles = {scene.gameui.board.marks[board_id(hex_label(h))]: r.fight
              for h, r in state.reach.items()}
    assert styles == {"attack": True, "target": False}


def test_an_illegal_click_shows_its_reason(app):
    session = started()
    scene = start(app, session)
    enemy = unit_at(session, "madrid", "republican_army")
    click(app, focus(scene, enemy))
    assert any("belongs to the other side" in m for m in app.toasts.messages)
    army = unit_at(session, "burgos", "nationalist_army")
    click(app, focus(scene, army))
    assert session.state.selected == army
    click(app, focus(scene, board_id("40,5")))
    # a sea hex: the rules' own reason for that hex, with its section
    assert any("A land counter goes only on land hexes. (7)" in m for m in app.toasts.messages)
    assert session.state.selected == army


def test_f1_opens_the_player_aid_with_the_tables_of_the_yaml(app):
    scene = start(app, started())
    key(app, pygame.K_F1)
    assert scene.dialog is not None
    assert scene.dialog.title.startswith("Player aid 1/9")
    titles = []
    for _ in range(9):
        assert scene.dialog is not None
        titles.append(scene.dialog.title)
        if "movement factors" in scene.dialog.title:
            assert "displacement 10" in scene.dialog.text
        if "Combat" in scene.dialog.title:
            assert "AP3 | AP3 | AP2" in scene.dialog.text
        if "Reinforcements" in scene.dialog.title:
            assert "2: 18/14" in scene.dialog.text
        if "Counter codes" in scene.dialog.title:  # the legend, last (section 2.1-2.4)
            page = scene.dialog.pages[scene.dialog.page]
            codes = {code: meaning for table in page.tables for code, meaning in table.rows}
            assert "GAR" in codes and "combat factor 2" in codes["2-4"]
        key(app, pygame.K_RETURN)
    assert any("movement factors" in t for t in titles)
    assert "Counter codes" in titles[-1]
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None


def test_a_combat_is_declared_on_the_map_and_the_dice_show_the_product(app, tmp_path):
    session = started()
    state = session.state
    badajoz = state.data.board.city_by_id["badajoz"].hex
    spots = [h for h in state.data.board.cells if hex_distance(h, badajoz) == 1
             and state.data.board.terrain[h].value == "land" and h not in state.land_at]
    first = put(state, "nationalist_army", spots[0], "nationalist")
    second = put(state, "nationalist_army", spots[1], "nationalist")
    session.play(EndMovement())
    defender = state.land_at[badajoz][0]
    scene = start(app, session, speed=1)
    click(app, focus(scene, first.id, 1.19))
    assert scene.selection == first.id and defender in scene.highlight
    click(app, focus(scene, defender, 1.19))
    assert state.combat is not None
    assert scene.gameui.board.marks.get(second.id) == "target"
    click(app, focus(scene, second.id, 1.19))
    assert state.combat is not None and second.id in state.combat.attackers
    assert any(label == "Combat" and "= 4 against 1 defender(s)" in value
               for label, value in scene.panel.status)
    press(app, scene, "Roll the dice: 4 against 3")
    rolls = [e for e in session.history[-1].events if isinstance(e, DiceRolled)]
    assert [e.text.split(" = ")[0].split(" × ")[1] for e in rolls] == ["4", "3"]
    assert scene.animations
    for _ in range(10):
        app.step(0.03)
    shot(app, tmp_path, "guerra_dice.png")
    while scene.animations:
        click(app, (100, 100))
    assert any("×" in line.text for line in scene.panel.log)


def test_the_minimap_shows_the_control_table_and_recentres_the_camera(app):
    session = started()
    scene = start(app, session)
    board = scene.gameui.board
    assert board.minimap.status["madrid"] == "republican"
    assert board.minimap.status["sevilla"] == "nationalist"
    assert board.minimap.status["zaragoza"] == "disputed"
    scene.camera.zoom = 1.0
    scene.camera.center_on((0, 0))
    app.step(DT)
    rect = board.minimap.map_rect
    target = (rect.x + rect.width // 2, rect.y + rect.height // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(DT)
    assert scene.hover == MINIMAP
    played = len(session.history)
    click(app, target)
    centre = scene.camera.screen_to_world(*scene.camera.viewport.center)
    world = board.world_size
    assert abs(centre[0] - world[0] / 2) < world[0] * 0.05
    assert abs(centre[1] - world[1] / 2) < world[1] * 0.05
    assert len(session.history) == played


def test_placing_reinforcements_on_marked_hexes(app):
    session = started()
    agent = GuerraAgent("republican", 1)
    while session.state.phase.value != "population_reinforcements" or \
            session.decision.player != "nationalist":
        session.play(agent.choose(session.rules, session.state, session.legal_actions()))
    scene = start(app, session)
    legal = [a for a in session.legal_actions() if isinstance(a, PlaceCounter)]
    marks = scene.gameui.board.marks
    assert all(marks.get(f"{a.q},{a.r}") == "target" for a in legal)
    before = len(session.history)
    spot = legal[0]
    click(app, focus(scene, f"{spot.q},{spot.r}"))
    if scene.choices:
        click(app, button_at(scene, "Place"))
    assert len(session.history) == before + 1
    assert isinstance(session.history[-1].action, PlaceCounter)


def test_four_players_hand_over_between_seats_and_counters_show_their_sector(app, tmp_path):
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), NATIONALISTS_FIRST)
    session.play(SetOptions("basic", 2, 2, True))
    players = dict.fromkeys(PLUGIN.sides, "human")
    scene = start(app, session, players)
    app.settings.confirm_irreversible = False  # the roll's menu row plays at once
    assert session.decision.player == "nationalist_2"
    # nothing is hidden in this game: the screen goes to the seat without the black screen,
    # and says whose turn it is, with the seat's sector (docs/hotseat.md)
    assert scene.handoff is None and scene.handoffs == 0 and scene.viewer == "nationalist_2"
    seat = scene.side_name("nationalist_2")
    assert scene.banner is not None and scene.banner.text == f"{seat} player: your turn"
    labels = {scene.gameui.board.stacks.spec(u.id).label
              for u in session.state.units.values() if u.hex is not None}
    assert {"N·Army", "S·Army", "N·Gar.", "S·Gar."} <= labels
    own = sum(1 for u in session.state.units.values()
              if u.player == "nationalist_2" and u.hex is not None)
    assert scene.panel.hand is not None and sum(
        int(part.split()[0]) for part in scene.panel.hand[0].split(" · ")) == own
    for _ in range(20):
        if session.state.phase.value != "africa":
            break
        spot = next(a for a in session.legal_actions() if isinstance(a, PlaceCounter))
        click(app, focus(scene, f"{spot.q},{spot.r}"))
        if scene.menu is not None:  # the last counter rolls the first player: a menu asks
            click(app, scene.menu.row_rects[0].center)
    assert session.decision.player == "nationalist"
    assert scene.handoff is None and scene.handoffs == 0 and scene.viewer == "nationalist"
    shot(app, tmp_path, "guerra_seat_change.png")


def test_surrender_ends_the_war_on_the_victory_screen(app, tmp_path):
    session = started()
    scene = start(app, session)
    click(app, button_at(scene, "Surrender"))
    app.step(DT)
    assert session.result() is not None
    assert scene.dialog is not None and scene.dialog.title == "Republican wins"
    shot(app, tmp_path, "guerra_victory.png")


def test_counters_look_as_printed(app):
    session = started()
    scene = start(app, session)
    stacks = scene.gameui.board.stacks
    army = stacks.spec(unit_at(session, "sevilla", "nationalist_army"))
    garrison = stacks.spec(unit_at(session, "madrid", "republican_garrison"))
    assert army is not None and garrison is not None
    assert (army.symbol, army.factors, army.label) == ("infantry", "2-4", "Army")
    assert (garrison.symbol, garrison.factors) == ("GAR", "2-3")
    assert army.fill != garrison.fill
    africa = next(u for u in session.state.units.values() if u.family == "army_of_africa"
                  and u.hex is not None)
    spec = stacks.spec(africa.id)
    assert spec is not None and spec.label == "Africa" and spec.ink != army.ink
    h = parse_hex("22,20")
    text = scene.gameui.board.tooltip(f"{h.q},{h.r}")
    assert text is not None
    assert "Madrid: provincial capital" in text and "Province of Madrid (Republican)" in text
    assert "population 13" in text and "stacking 4" in text


def test_a_placement_far_from_the_view_brings_its_hexes_into_view(app):
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), NATIONALISTS_FIRST)
    session.play(SetOptions("advanced", 1, 1, True))
    assert any(isinstance(a, PlaceCounter) for a in session.legal_actions())
    scene = start(app, session)
    marked = dict(scene.gameui.board.marks)
    assert marked  # the Army of Africa's hexes in North Africa

    def shown() -> list[str]:
        view = scene.camera.viewport
        return [t for t in scene.gameui.board.marks
                if view.collidepoint(scene.camera.world_to_screen(
                    *scene.gameui.board.anchor(t)))]

    assert shown()  # the first decision is brought into view
    scene.camera.zoom = scene.camera.max_zoom
    scene.camera.center_on((0.0, 0.0))  # the far north-west, away from Africa
    app.step(DT)
    assert not shown()
    place = next(a for a in session.legal_actions() if isinstance(a, PlaceCounter))
    scene.play(place)
    app.step(DT)
    assert session.state.phase.value == "africa" and shown()
    # only once per decision: the player may look elsewhere while deciding
    scene.camera.center_on((0.0, 0.0))
    scene.refresh()
    assert not shown()


def test_escape_and_right_click_take_back_a_selection_and_a_click_switches_it(app):
    session = started()
    scene = start(app, session)
    army = unit_at(session, "burgos", "nationalist_army")
    click(app, focus(scene, army))
    assert session.state.selected == army
    played = len(session.history)
    key(app, pygame.K_ESCAPE)  # deselects: no game menu
    assert session.state.selected is None and scene.dialog is None
    assert len(session.history) == played - 1
    click(app, focus(scene, army))
    assert session.state.selected == army
    pos = focus(scene, army)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.step(DT)
    assert session.state.selected is None
    # another own counter clicked while one is selected: the selection moves to it
    other = next(u for u, unit in session.state.units.items()
                 if unit.side.value == "nationalist" and u != army and unit.hex is not None
                 and any(getattr(a, "unit", None) == u for a in session.legal_actions()))
    click(app, focus(scene, army))
    click(app, focus(scene, other))
    assert session.state.selected == other
    assert sum(type(e.action).__name__ == "Select" for e in session.history[played - 1:]) == 1
    # an enemy counter clicked: refused with its reason, the selection stays
    enemy = unit_at(session, "madrid", "republican_army")
    click(app, focus(scene, enemy))
    assert session.state.selected == other
    assert app.toasts.messages and "(7)" in app.toasts.messages[-1]  # the rules' reason, section 7
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # nothing selected: Esc opens the game menu
    assert scene.dialog is not None and scene.dialog.title == "Game menu"


def test_after_a_combat_the_camera_stays_where_the_player_was(app):
    """The combat phase's next decision can be answered away from the map ("End the
    combats"): its marked attackers all off the view do not move it."""
    session = started()
    state = session.state
    badajoz = state.data.board.city_by_id["badajoz"].hex
    spots = [h for h in state.data.board.cells if hex_distance(h, badajoz) == 1
             and state.data.board.terrain[h].value == "land" and h not in state.land_at]
    first = put(state, "nationalist_army", spots[0], "nationalist")
    session.play(EndMovement())
    defender = state.land_at[badajoz][0]
    scene = start(app, session)
    click(app, focus(scene, first.id, 1.19))
    click(app, focus(scene, defender, 1.19))
    assert state.combat is not None
    where = scene.camera.offset
    press(app, scene, "Roll the dice")
    for _ in range(5):
        if state.combat is None:
            break
        if scene.gameui.board.marks:  # the loser picks the counter it loses
            click(app, focus(scene, next(iter(scene.gameui.board.marks)), 1.19))
            where = scene.camera.offset
    assert state.combat is None and session.decision.kind == "combat"
    marks = scene.gameui.board.marks
    view = scene.camera.viewport
    assert marks and not any(view.collidepoint(scene.camera.world_to_screen(
        *scene.gameui.board.anchor(t))) for t in marks)  # the other attacks, far away
    assert scene.camera.offset == where


def test_a_click_at_the_centre_of_a_fanned_stack_takes_one_of_its_counters(app):
    session = started()
    state = session.state
    burgos = state.data.board.city_by_id["burgos"].hex
    stack = next(h for h in state.data.board.cells if hex_distance(h, burgos) == 2
                 and state.data.board.terrain[h].value == "land" and h not in state.land_at)
    for _ in range(2):
        put(state, "nationalist_army", stack, "nationalist")
    scene = start(app, session)
    board = scene.gameui.board
    centre = focus(scene, board_id(hex_label(stack)), 1.0)
    hover_at = (round(centre[0]), round(centre[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hover_at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(DT)
    fanned = board.stacks.fanned
    assert fanned is not None
    world = scene.camera.screen_to_world(*hover_at)
    assert not any(r.collidepoint(world) for _, r in board.stacks.rects(fanned))  # the gap
    shown = len(app.toasts.messages)
    click(app, hover_at)
    assert app.toasts.messages[shown:] == []  # no "Click one of your counters to move it"
    assert session.state.selected in state.land_at[stack] or scene.choices


def test_a_reinforcement_on_an_occupied_hex_is_placed_without_which_one(app):
    """Every counter of the stack and the hex answer the click alike: no question."""
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), NATIONALISTS_FIRST)
    session.play(SetOptions("advanced", 1, 1, True))
    first = next(a for a in session.legal_actions() if isinstance(a, PlaceCounter))
    hex_ = (first.q, first.r)
    session.play(first)
    put(session.state, "nationalist_army", Hex(*hex_), "nationalist")  # a stack of two
    assert any(isinstance(a, PlaceCounter) and (a.q, a.r) == hex_
               for a in session.legal_actions())
    scene = start(app, session)
    stacks = scene.gameui.board.stacks
    top = stacks.stack(hex_id(Hex(first.q, first.r)))
    assert len(top) == 2
    stacks.hover(None, scene.camera.zoom)
    played = len(session.history)
    assert scene._stack_picker(top[-1].id, (300, 300))
    assert scene.menu is None and not scene.choices
    assert len(session.history) == played + 1
