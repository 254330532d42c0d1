"""The map overlays of La Guerra de España through the real game screen: each is off at the start,
switches on and off (its key, the game menu) and changes the drawn pixels where it should and
nowhere else; the sectors of a 4-player game are named on the hand-off. Screenshots go to the
test's temporary folder, and also to $WARGAMES_SHOTS when it is set."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from engine.core.hexgrid import Hex, hex_neighbor
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.layout import pixel_to_hex
from guerra import PLUGIN
from guerra.ai import GuerraAgent
from guerra.rules.actions import SetOptions
from guerra.rules.data import Terrain, hex_label
from guerra.ui import overlays
from guerra.ui.board import board_id
from guerra.ui.printing import ROAD_GREY
from uitest import DT, click, hover, key, make_app, shot, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

SEED = 5
"""A seed whose first-player roll goes to the Nationalists."""
ONE_HUMAN = {"nationalist": "human", "republican": "computer",
             "nationalist_2": "computer", "republican_2": "computer"}


@pytest.fixture
def big_app(user_data) -> Iterator[App]:
    """A 1600x1000 window, the size of the other Guerra screenshots."""
    application = make_app((1600, 1000))
    yield application
    pygame.event.clear()


def started(players: int = 2, turn_weather: dict[str, str] | None = None) -> Session:
    """A 4-player (`players` a side) advanced game past the Army of Africa's placement."""
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), SEED)
    session.play(SetOptions("advanced", players, players, True))
    while session.state.phase.value == "africa":
        agent = GuerraAgent(session.decision.player, SEED)
        session.play(agent.choose(session.rules, session.state, session.legal_actions()))
    return session


def start(app: App, session: Session, players: dict[str, str] | None = None) -> GameScene:
    return start_game(app, PLUGIN, session, players or ONE_HUMAN, 0, autosave=False)


def plain_hex(session: Session, territory: str) -> Hex:
    """A land hex of `territory` away from cities, roads and counters: only the terrain and
    what an overlay paints show at its centre."""
    data = session.state.data
    board = data.board
    roads = board.road_hexes
    busy = {u.hex for u in session.state.units.values() if u.hex is not None}
    for h in sorted(board.terrain):
        if board.territory.get(h) != territory or board.terrain[h] is not Terrain.LAND \
                or h in roads or h in busy:
            continue
        near = [h, *(Hex(h.q + dq, h.r + dr) for dq, dr in
                     ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)))]
        if any(n in board.cities for n in near):
            continue
        return h
    raise AssertionError(f"no plain hex in {territory}")


def sample(app: App, scene: GameScene, h: Hex) -> tuple[int, int, int]:
    """The colour drawn a little below the centre of hex `h` (under its number)."""
    anchor = scene.gameui.board.anchor(board_id(hex_label(h)))
    assert anchor is not None
    x, y = scene.camera.world_to_screen(*anchor)
    c = app.screen.get_at((round(x), round(y + 8)))
    return (c.r, c.g, c.b)


def look_at(app: App, scene: GameScene, h: Hex, zoom: float = 1.0) -> None:
    scene.camera.zoom = zoom
    anchor = scene.gameui.board.anchor(board_id(hex_label(h)))
    assert anchor is not None
    scene.camera.center_on(anchor)
    redraw(app, scene)


def focus(app: App, scene: GameScene, target: str) -> tuple[float, float]:
    """Centre the camera at zoom 1 on a counter and return its screen position."""
    scene.camera.zoom = 1.0
    anchor = scene.gameui.board.anchor(target)
    assert anchor is not None
    scene.camera.center_on(anchor)
    app.step(DT)
    anchor = scene.gameui.board.anchor(target)
    assert anchor is not None
    return scene.camera.world_to_screen(*anchor)


def tidy(app: App, scene: GameScene) -> None:
    """No toast and no tooltip for a screenshot: the pointer over the side panel."""
    app.toasts.toasts.clear()
    hover(app, (app.size[0] - 20, app.size[1] - 20))
    redraw(app, scene)


def redraw(app: App, scene: GameScene) -> None:
    """Draw a frame, and more until the picture at this zoom is complete."""
    scene.dirty = True
    app.step(DT)
    for _ in range(200):
        if not scene.camera.refining:
            break
        app.step(DT)


def toward(before: tuple[int, int, int], after: tuple[int, int, int],
           colour: tuple[int, int, int]) -> bool:
    """`after` is nearer `colour` than `before` was."""
    def dist(a: tuple[int, int, int]) -> int:
        return sum((x - y) ** 2 for x, y in zip(a, colour, strict=True))
    return dist(after) < dist(before)


def test_the_overlays_are_listed_off_with_their_keys(big_app):
    scene = start(big_app, started())
    listed = dict(scene.gameui.overlays())  # type: ignore[attr-defined]
    assert set(listed) == {"weather", "sectors", "disputed", "roads"}
    assert all(f"[{k}]" in listed[o] for o, _, k in overlays.OVERLAYS)
    assert not any(scene.overlays_on.values())
    assert scene.gameui.board.overlays == frozenset()
    two = start(make_app((1600, 1000)), started(players=1))
    assert "sectors" not in dict(two.gameui.overlays())  # type: ignore[attr-defined]


def test_the_weather_overlay_tints_each_zone_and_shows_the_zm_markers(big_app, tmp_path):
    session = started()
    state = session.state
    boxes = {b.zone: b for b in state.data.weather_boxes[3]}
    state.turn = 3
    state.weather = {"A": boxes["A"], "D": boxes["D"]}
    scene = start(big_app, session)
    board = scene.gameui.board
    galicia, madrid = plain_hex(session, "zamora"), plain_hex(session, "madrid")
    look_at(big_app, scene, galicia)
    plain_a = sample(big_app, scene, galicia)
    key(big_app, pygame.K_w)
    assert scene.overlays_on["weather"] and board.overlays == {"weather"}
    redraw(big_app, scene)
    tinted_a = sample(big_app, scene, galicia)
    assert toward(plain_a, tinted_a, overlays.ZONE_COLOURS["A"])
    look_at(big_app, scene, madrid)
    tinted_d = sample(big_app, scene, madrid)
    key(big_app, pygame.K_w)
    redraw(big_app, scene)
    plain_d = sample(big_app, scene, madrid)
    assert toward(plain_d, tinted_d, overlays.ZONE_COLOURS["D"])
    assert not scene.overlays_on["weather"] and board.overlays == frozenset()
    look_at(big_app, scene, galicia)
    assert sample(big_app, scene, galicia) == plain_a  # off again: the plain map
    # the legend names every zone and the two ZM markers in force
    key(big_app, pygame.K_w)
    titles = [title for title, _ in board.legend]
    assert titles == ["Weather zones (section 13)"]
    rows = [row.text for row in board.legend[0][1]]
    assert sum("ZM marker:" in r for r in rows) == 2
    assert any(r.startswith("A:") and "ZM marker: movement −" in r for r in rows)
    assert "zones A, D" in rows[-1]
    # each zone's letter (and its ZM marker) stands clear of cities, roads and counters
    data = state.data
    busy = {u.hex for u in state.units.values() if u.hex is not None}
    for zone, at in board.painter.zone_anchors(board._occupied).items():
        h = pixel_to_hex(board.layout, *at)
        assert data.zone_of(data.board.territory[h]) == zone
        near = {h, *(hex_neighbor(h, d) for d in range(6))}
        assert not near & busy and not near & set(data.board.cities), zone
        assert h not in data.board.road_hexes
    scene.camera.fit()
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-overlay-weather.png")


def test_the_sectors_overlay_tints_the_two_sectors_and_names_who_commands_them(big_app,
                                                                                tmp_path):
    session = started()
    scene = start(big_app, session)
    board = scene.gameui.board
    north, south = plain_hex(session, "zamora"), plain_hex(session, "jaen")
    looks = {}
    for h in (north, south):
        look_at(big_app, scene, h)
        looks[h] = sample(big_app, scene, h)
    scene.toggle_overlay("sectors")
    assert board.overlays == {"sectors"}
    for h, colour in ((north, overlays.SECTOR_COLOURS[0]), (south, overlays.SECTOR_COLOURS[1])):
        look_at(big_app, scene, h)
        assert toward(looks[h], sample(big_app, scene, h), colour)
    assert board.sector_labels[0] == ("Northern sector", "Nationalist player 1",
                                      "Republican player 1")
    assert board.sector_labels[1][0] == "Southern sector"
    scene.camera.fit()
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-overlay-sectors.png")
    scene.toggle_overlay("sectors")
    look_at(big_app, scene, south)
    assert sample(big_app, scene, south) == looks[south]


def test_the_disputed_overlay_hatches_the_provinces_in_dispute_and_follows_control(big_app,
                                                                                   tmp_path):
    session = started()
    status = session.state.status
    assert status["teruel"] is None and status["madrid"] is not None
    scene = start(big_app, session)
    board = scene.gameui.board
    teruel, madrid = plain_hex(session, "teruel"), plain_hex(session, "madrid")
    before = {}
    for h in (teruel, madrid):
        look_at(big_app, scene, h)
        before[h] = sample(big_app, scene, h)
    # through the game menu: its row for the overlay switched to "on"
    scene.open_menu()
    dialog = scene.dialog
    assert dialog is not None
    row = next(r for r in dialog.rows if r.label.startswith("Provinces in dispute"))
    row.selected = 0
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-overlay-menu.png")
    dialog.press("Resume")
    big_app.step(DT)
    assert scene.overlays_on["disputed"] and board.overlays == {"disputed"}
    look_at(big_app, scene, teruel)
    assert sample(big_app, scene, teruel) != before[teruel]
    look_at(big_app, scene, madrid)
    assert sample(big_app, scene, madrid) == before[madrid]
    # Madrid coming into dispute paints its own tiles again, and no others
    layer = board.layer
    kept = len(layer._tiles)
    board.set_control({**board.control, "madrid": "disputed"})
    assert 0 < kept - len(layer._tiles) < kept
    redraw(big_app, scene)
    assert sample(big_app, scene, madrid) != before[madrid]
    board.set_control({**board.control, "madrid": "republican"})
    redraw(big_app, scene)
    assert sample(big_app, scene, madrid) == before[madrid]
    scene.camera.fit()
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-overlay-disputed.png")
    key(big_app, pygame.K_d)
    assert board.overlays == frozenset() and board.layer is not layer


def test_roads_stay_visible_over_the_reach_marks(big_app, tmp_path):
    session = started(players=1)
    state = session.state
    scene = start(big_app, session)
    board = scene.gameui.board
    army = next(u for u in sorted(state.land_at[state.data.board.city_by_id["sevilla"].hex])
                if state.units[u].kind.value == "army")
    click(big_app, focus(big_app, scene, army))
    assert state.selected == army
    reach = {h for h, r in state.reach.items() if not r.fight}
    busy = {u.hex for u in state.units.values() if u.hex is not None}
    steps = sorted((a, b) for a, b in state.data.board.road_edges
                   if a < b and a in reach and b in reach and a not in busy and b not in busy
                   and a not in state.data.board.cities and b not in state.data.board.cities)
    assert steps

    def road_pixels() -> int:
        """Points along the marked road steps drawn in the road's grey."""
        total = 0
        for a, b in steps:
            pa = scene.camera.world_to_screen(*board.anchor(board_id(hex_label(a))))
            pb = scene.camera.world_to_screen(*board.anchor(board_id(hex_label(b))))
            for k in range(3, 8):
                t = k / 10
                p = (round(pa[0] + (pb[0] - pa[0]) * t), round(pa[1] + (pb[1] - pa[1]) * t))
                total += tuple(big_app.screen.get_at(p))[:3] == ROAD_GREY
        return total

    look_at(big_app, scene, steps[0][0], zoom=1.5)
    off = road_pixels()
    key(big_app, pygame.K_r)
    redraw(big_app, scene)
    on = road_pixels()
    assert on > off
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-overlay-roads.png")


def test_the_handoff_names_the_sector_and_side_in_a_four_player_game(big_app, tmp_path):
    session = started()
    players = dict.fromkeys(PLUGIN.sides, "human")
    scene = start(big_app, session, players)
    gameui = scene.gameui
    assert gameui.handoff_heading("nationalist_2") == "Southern sector, Nationalist"  # type: ignore[attr-defined]
    assert gameui.handoff_heading("republican") == "Northern sector, Republican"  # type: ignore[attr-defined]
    scene._start_handoff("nationalist_2")
    assert scene.handoff is not None
    assert scene.handoff.heading == "Southern sector, Nationalist"
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-handoff-sector.png")


def test_the_seat_given_the_screen_is_told_its_sector(big_app):
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), SEED)
    session.play(SetOptions("basic", 2, 2, True))
    assert session.decision.player == "nationalist_2"  # the Army of Africa, in the south
    scene = start(big_app, session, dict.fromkeys(PLUGIN.sides, "human"))
    assert scene.banner is not None  # over the board, not only a toast
    assert scene.banner.heading == "Southern sector, Nationalist"


def test_a_side_of_one_player_commands_the_whole_front(big_app):
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), SEED)
    session.play(SetOptions("basic", 2, 1, True))
    scene = start(big_app, session)
    gameui = scene.gameui
    assert gameui.handoff_heading("republican") == "Whole front, Republican"  # type: ignore[attr-defined]
    assert gameui.handoff_heading("nationalist") == "Northern sector, Nationalist"  # type: ignore[attr-defined]


def test_f1_explains_the_overlays_their_keys_and_the_sectors(big_app, tmp_path):
    scene = start(big_app, started())
    key(big_app, pygame.K_F1)
    key(big_app, pygame.K_RETURN)
    dialog = scene.dialog
    assert dialog is not None and "Map overlays and sectors" in dialog.title
    for letter in ("W —", "S —", "D —", "R —"):
        assert letter in dialog.text
    assert "Southern sector, Nationalist" in dialog.text
    page = scene.aid_pages()[1]
    sectors = page.tables[0]
    assert [row[0] for row in sectors.rows] == ["Northern sector", "Southern sector"]
    assert "Madrid" in sectors.rows[1][2] and "Vizcaya" in sectors.rows[0][2]
    tidy(big_app, scene)
    shot(big_app, tmp_path, "guerra-aid-overlays.png")
