"""The game screen of Heroes of Baler driven through the real loop: posted pygame events and
`App.step()`; screenshots go to $WARGAMES_SHOTS when it is set (docs/screenshots/baler-*)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from baler import PLUGIN
from baler.rules.actions import ModifyDie, Move, PlayCard
from baler.ui import clicks, menus
from baler.ui.gameui import BalerUI
from engine.core.actions import Action
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.sim import make_agent
from engine.ui.adapter import Click
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from uitest import DT, at, click, hover, key, make_app, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

SCENARIO = load_game_scenario(PLUGIN)
SIZE = (1600, 1000)
"""The window of the screenshots in docs/screenshots/baler-*."""


def played_until(seed: int, stop: Callable[[Session], bool]) -> Session:
    """A game played by the computer for both sides until `stop` holds."""
    session = Session(PLUGIN.rules, SCENARIO, seed)
    agents = {s: make_agent(PLUGIN, "ai", s, seed) for s in PLUGIN.sides}
    while session.result() is None and not stop(session):
        player = session.decision.player
        session.play(agents[player].choose(PLUGIN.rules, session.state,
                                           session.legal_actions()))
    return session


def deciding(kind: str, side: str, fits: Callable[[list[Action]], bool] = lambda _: True
             ) -> Callable[[Session], bool]:
    def stop(session: Session) -> bool:
        d = session.decision
        return d.kind == kind and d.player == side and fits(session.legal_actions())

    return stop


def start(app: App, session: Session, human: str = "spanish",
          both: bool = False) -> GameScene:
    players = {s: "human" if both or s == human else "computer" for s in PLUGIN.sides}
    scene = start_game(app, PLUGIN, session, players, autosave=False)
    while scene.handoff is not None:
        click(app, (10, 10), steps=2)
    return scene


def choose_in_menu(app: App, scene: GameScene, target: str, action: Action) -> None:
    """Click `target` on the board; the game answers with a menu holding `action`, which is
    then chosen (the engine's menu widget, once on main, does the same from the click)."""
    length = len(scene.session.history)
    answer = scene.gameui.on_click(target, scene.selection, scene.session.legal_actions())
    assert answer.menu and answer.action is None, answer
    assert any(item.action == action for item in answer.menu), answer.menu
    click(app, at(scene, target), steps=2)
    if len(scene.session.history) == length:
        scene.play(action)
        for _ in range(3):
            app.step(DT)


# --- the board ---------------------------------------------------------------------------


def test_every_space_of_the_scenario_is_printed_and_shared_posts_name_their_areas() -> None:
    ui = BalerUI(PLUGIN, SCENARIO)
    data = ui.data
    spaces = ui.board.map.spaces
    expected = [*data.posts, *data.artillery_posts.values(), *data.trench_spaces,
                *data.detachment, *data.ph_leader_spaces, *data.barracks, *data.beds,
                *data.command_posts, *data.tcm, "es-bag", "ph-bag", "es-eliminated",
                "ph-eliminated", "ph-artillery-reserve", *(f"centre-a{a}" for a in data.areas)]
    assert not [s for s in expected if s not in spaces]
    assert ui.board.map.tooltip("es-bell-tower") == \
        "Bell tower (post 2) — areas: 1, 2, 3, 4"
    assert ui.board.map.tooltip("ph-12-a1a2").endswith("areas: 1, 2")
    assert ui.board.map.tooltip("ph-56-a4a1").endswith("areas: 1, 4")
    assert ui.board.map.tooltip("es-34-a3").endswith("area: 3")
    session = Session(PLUGIN.rules, SCENARIO, 1)
    ui.sync(PLUGIN.rules.view(session.state, "spanish"), "spanish")
    guard = session.state.occupant("es-bell-tower")
    assert guard is not None
    tip = ui.board.tooltip(guard)
    assert tip is not None and tip.endswith("Bell tower (post 2) — areas: 1, 2, 3, 4")


def test_start_of_the_game_fits_1280x800_and_1600x1000(tmp_path) -> None:
    for size, name in (((1280, 800), "baler-start-1280x800.png"),
                       ((1600, 1000), "baler-start.png")):
        app = make_app(size)
        scene = start(app, Session(PLUGIN.rules, SCENARIO, 1))
        assert scene.camera.zoom >= 0.7
        view = scene.camera.visible_world_rect()
        assert view.width >= scene.gameui.board.world_size[0] - 1
        hand = [t for t, _ in scene.gameui.board._items if t.startswith("card:hand:")]
        assert len(hand) == 6
        shot(app, tmp_path, name)


def test_hovering_a_card_shows_it_large_enough_to_read(tmp_path) -> None:
    app = make_app((1280, 800))
    session = Session(PLUGIN.rules, SCENARIO, 1)
    scene = start(app, session)
    card = session.state.hands["spanish"][2]
    hover(app, at(scene, f"card:hand:{card}"), steps=40)
    assert scene.gameui.board.enlarged == f"card:hand:{card}"
    shot(app, tmp_path, "baler-card.png")


# --- playing with the mouse ---------------------------------------------------------------


def test_click_a_card_to_lay_it_face_down_for_initiative() -> None:
    app = make_app(SIZE)
    session = Session(PLUGIN.rules, SCENARIO, 2)
    scene = start(app, session)
    card = session.state.hands["spanish"][0]
    assert scene.gameui.board.marks[f"card:hand:{card}"] == "target"
    choose_in_menu(app, scene, f"card:hand:{card}", PlayCard(card))
    assert session.history[0].action == PlayCard(card)
    assert card not in PLUGIN.rules.view(session.state, "spanish")["hand"]


def test_an_illegal_click_says_why() -> None:
    app = make_app(SIZE)
    session = Session(PLUGIN.rules, SCENARIO, 2)
    scene = start(app, session)
    enemy = session.state.occupant("ph-34-a2")
    click(app, at(scene, enemy), steps=2)
    assert not session.history
    assert any("belongs to the Philippine side" in m for m in app.toasts.messages)


def test_select_a_unit_of_the_detachment_then_a_marked_post() -> None:
    def fits(legal: list[Action]) -> bool:
        return any(isinstance(a, Move) and a.kind == "post" for a in legal)

    session = played_until(3, deciding("movement", "spanish", fits))
    app = make_app(SIZE)
    scene = start(app, session)
    move = next(a for a in session.legal_actions() if isinstance(a, Move) and a.kind == "post")
    click(app, at(scene, move.unit), steps=2)
    assert scene.selection == move.unit
    assert move.dest in scene.highlight
    length = len(session.history)
    choose_in_menu(app, scene, move.dest, move)
    assert session.history[length].action == move


def test_click_a_die_to_reroll_it_during_a_shooting(tmp_path) -> None:
    def fits(legal: list[Action]) -> bool:
        return any(isinstance(a, ModifyDie) and a.how == "reroll" for a in legal)

    session = played_until(3, deciding("modify-dice", "spanish", fits))
    app = make_app(SIZE)
    scene = start(app, session)
    shot(app, tmp_path, "baler-combat.png")
    reroll = next(a for a in session.legal_actions()
                  if isinstance(a, ModifyDie) and a.how == "reroll")
    pool = clicks.deciding_pool(scene.gameui.view)
    target = f"die:{pool}:{reroll.index}"
    assert target in scene.gameui.board.marks
    length = len(session.history)
    app.settings.dice_speed = 1
    choose_in_menu(app, scene, target, reroll)
    assert session.history[length].action == reroll
    if scene.animations:
        for _ in range(30):
            app.step(0.03)
        shot(app, tmp_path, "baler-combat-reroll.png")


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000), (1920, 1080)])
def test_the_dice_tray_never_covers_the_turn_and_victory_point_tracks(size, tmp_path) -> None:
    """The tray once lay over the Turn track and the start of the VP track: now it takes the
    first corner of the view clear of both, the board fitted to the window or zoomed in and
    panned."""
    from baler.ui.board import BalerBoard
    from baler.ui.overlays import strip_rect

    def fits(legal: list[Action]) -> bool:
        return any(isinstance(a, ModifyDie) for a in legal)

    session = played_until(3, deciding("modify-dice", "spanish", fits))
    app = make_app(size)
    scene = start(app, session)
    board = scene.gameui.board
    assert isinstance(board, BalerBoard) and board.table.dice is not None
    camera = scene.camera
    for zoom, pan in ((None, (0, 0)), (1.0, (0, 0)), (1.0, (-150, -60)), (1.5, (200, 0))):
        if zoom is None:
            camera.fit()
        else:
            camera.zoom = zoom
            camera.pan(*pan)
        app.step(DT)
        app.draw()
        tray = board._panels[-1]
        dice = [r for t, r in board._items if t.startswith("die:")]
        assert dice and all(tray.contains(r) for r in dice)
        assert not tray.colliderect(strip_rect(camera.viewport))
        view = camera.viewport
        for track in board._tracks_on_screen(camera):
            assert not tray.colliderect(track.clip(view)), (size, zoom, pan)
    camera.fit()
    app.step(DT)
    app.draw()
    shot(app, tmp_path, f"baler-dice-tray-{size[0]}.png")


def test_f1_opens_the_player_aid_from_the_tables() -> None:
    app = make_app(SIZE)
    scene = start(app, Session(PLUGIN.rules, SCENARIO, 1))
    key(app, pygame.K_F1)
    assert scene.dialog is not None
    assert scene.dialog.title == "Player aid 1/8: Sequence of play"
    key(app, pygame.K_RETURN)
    assert scene.dialog is not None and scene.dialog.title == "Player aid 2/8: Action costs"
    assert "1 AP, a second time 2 AP" in scene.dialog.text
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert "Spanish supply action" in scene.dialog.text
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None


def test_hot_seat_never_draws_the_other_sides_hand(tmp_path) -> None:
    app = make_app(SIZE)
    session = Session(PLUGIN.rules, SCENARIO, 4)
    scene = start(app, session, both=True)
    agents = {s: make_agent(PLUGIN, "ai", s, 4) for s in PLUGIN.sides}
    seen_handoff = False
    for _ in range(160):
        if session.result() is not None:
            break
        if scene.handoff is not None:
            if not seen_handoff:
                shot(app, tmp_path, "baler-handoff.png")
            seen_handoff = True
            click(app, (10, 10), steps=2)
            continue
        viewer = scene.viewer
        deciding = session.decision.player
        assert scene.seat == deciding
        table = scene.gameui.board.table
        if viewer is None:  # a decision that is not private, answered on the public view
            assert not session.decision.private
            hidden = [side for side in ("spanish", "philippine")]
            assert not table.hand
        else:
            assert viewer == deciding
            hidden = ["philippine" if viewer == "spanish" else "spanish"]
            assert table.hand == session.state.hands[viewer]
        secret: set[str] = set()
        for other in hidden:
            secret.update(session.state.hands[other])
            down = session.state.face_down[other]
            if down is not None:
                secret.add(down)
        shown = {*table.hand, *(c for c, _ in table.extras), *(c for c, _ in table.played)}
        assert not shown & secret
        assert not any(t.removeprefix("card:hand:") in secret for t in scene.gameui.board.marks)
        scene.play(agents[deciding].choose(PLUGIN.rules, session.state,
                                           session.legal_actions()))
        app.step(DT)
    assert seen_handoff


def test_the_victory_screen_shows_the_score_breakdown(tmp_path) -> None:
    session = played_until(15, lambda s: False)
    result = session.result()
    assert result is not None
    app = make_app(SIZE)
    scene = start(app, session)
    for _ in range(3):
        app.step(DT)
    assert scene.dialog is not None and "wins" in scene.dialog.title
    score = scene.gameui.board.table.score
    assert score[0].endswith("wins") and any("units eliminated" in line for line in score)
    lines = dict(scene.gameui.status(scene.gameui.view))
    assert lines["Spanish score"].startswith(f"{result.scores['spanish']}:")
    assert lines["Philippine score"].startswith(f"{result.scores['philippine']}:")
    shot(app, tmp_path, "baler-victory.png")


def test_every_legal_action_is_a_click_or_a_button() -> None:
    """Along whole games, each legal answer is played by a click on a marked target (after
    selecting its source, for a move) or has a prompt button with a label of its own."""
    ui = BalerUI(PLUGIN, SCENARIO)
    rules = PLUGIN.rules
    for seed in (11, 12):
        st = rules.new_game(SCENARIO, seed)
        agents = {s: make_agent(PLUGIN, "ai", s, seed) for s in PLUGIN.sides}
        rng = random.Random(seed)
        while rules.result(st) is None:
            legal = rules.legal_actions(st)
            player = st.decision.player
            ui.sync(rules.view(st, player), player)
            on_board = ui.board_actions(legal)
            for action in legal:
                assert ui.action_label(action)
                if action in on_board:
                    assert _reachable(ui, action, legal), (st.decision.kind, action)
            choice = agents[player].choose(rules, st, legal) if rng.random() < 0.7 \
                else rng.choice(legal)
            rules.apply(st, choice)


def _reachable(ui: BalerUI, action: Action, legal: list[Action]) -> bool:
    for target in clicks.one_step(ui.where, action):
        answer = ui.on_click(target, None, legal)
        if answer.action == action or action in answer.choices or _in_menu(answer, action, ui):
            return True
    for source, dest in clicks.two_step(ui.where, action):
        first = ui.on_click(source, None, legal)
        if first.select is None:
            continue
        second = ui.on_click(dest, first.select, legal)
        if second.action == action or action in second.choices or _in_menu(second, action, ui):
            return True
    return False


def _in_menu(answer: Click, action: Action, ui: BalerUI | None = None) -> bool:
    """The action's row, or, for an event that would change nothing, its row greyed with why."""
    why = menus.idle(ui.view, action) if ui is not None else None
    greyed = menus.item(ui.data, ui.view, action, ui.action_label(action)) \
        if ui is not None and why else None
    return any(item.action == action or (greyed is not None and item == greyed)
               for item in answer.menu)
