"""The cities' names on the map of La Guerra de España (section 2.1): every name laid out at every
zoom the camera takes, clear of the other names, of the counters, of the stars, printed factors
and control markers, and on the board; once counters crowd a city, a name that cannot keep clear
of them is drawn over them, never under. Once the names were painted under the stars whatever
stood there: Pontevedra ran into Orense, Gijón hid under Oviedo's garrison. Screenshots of the
map go to $WARGAMES_SHOTS when it is set (docs/screenshots/guerra-city-names*.png)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from test_guerra_ui import focus, start, started

from engine.core.session import Session
from engine.ui.camera import ZOOM_STEPS, Camera
from engine.ui.colors import INK
from engine.ui.hexmap import hex_id
from guerra import PLUGIN
from guerra.rules.actions import Surrender
from guerra.ui import citynames
from guerra.ui.board import HEX_RADIUS, GuerraMap
from guerra.ui.gameui import GuerraUI
from uitest import DT, make_app, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

NAMED_ZOOMS = [z for z in ZOOM_STEPS if HEX_RADIUS * z >= citynames.MIN_PX]


def _board(session: Session) -> GuerraMap:
    ui = GuerraUI(PLUGIN, session.scenario)
    ui.sync(session.rules.view(session.state, None), None)
    board = ui.board
    assert isinstance(board, GuerraMap)
    return board


def _check(board: GuerraMap, zoom: float) -> dict[str, pygame.FRect]:
    """The names at `zoom`: each clear of the others, the printed marks and the board's edge."""
    placed = board.city_names(zoom)
    rects = list(placed.items())
    width, height = board.world_size
    edge = pygame.FRect(0, 0, width, height)
    marks = {c.name: citynames.printed_marks(c, HEX_RADIUS) for c in board._city_names}
    for i, (name, rect) in enumerate(rects):
        assert edge.contains(rect), (name, zoom)
        for other, rect2 in rects[i + 1:]:
            assert not rect.colliderect(rect2), (name, other, zoom)
        for city, printed in marks.items():
            assert rect.collidelist(printed) == -1, (name, city, zoom)
    return placed


def test_at_the_start_every_city_is_named_clear_of_every_name_and_counter() -> None:
    board = _board(started())
    names = {c.name for c in board._city_names}
    assert len(names) == len(board._city_names) >= 50
    assert {"Pontevedra", "Orense", "Oviedo", "Gijón", "Barcelona", "Cartagena"} <= names
    stacks = list(board.stacks.stack_bounds().values())
    assert stacks
    for zoom in NAMED_ZOOMS:
        placed = _check(board, zoom)
        assert set(placed) == names, zoom
        for name, rect in placed.items():
            assert rect.collidelist(stacks) == -1, (name, zoom)
    too_small = [z for z in ZOOM_STEPS if z not in NAMED_ZOOMS]
    assert all(board.city_names(z) == {} for z in too_small)


def test_in_play_names_never_overlap_and_are_drawn_over_the_counters_they_touch() -> None:
    """Counters spread over the map by random play: at every zoom no two names overlap; a name
    that touches a counter is drawn after it (its class box shows in ink over the counter)."""
    session = started(seed=11)
    rng = random.Random(11)
    crowded = 0
    for _ in range(3):
        for _ in range(500):
            if session.result() is not None:
                break
            actions = [a for a in session.legal_actions() if not isinstance(a, Surrender)]
            session.play(rng.choice(actions))
        board = _board(session)
        stacks = list(board.stacks.stack_bounds().values())
        for zoom in NAMED_ZOOMS:
            placed = _check(board, zoom)
            assert len(placed) >= 0.9 * len(board._city_names), zoom
            over = {n: r for n, r in placed.items() if r.collidelist(stacks) >= 0}
            if not over or zoom < 0.5:
                continue
            crowded += 1
            surface = pygame.Surface((1200, 900))
            camera = Camera(pygame.Rect(0, 0, 1200, 900), board.world_size)
            camera.zoom = zoom
            name, rect = next(iter(over.items()))
            camera.center_on(rect.center)
            for _ in range(60):
                board.draw(surface, camera, None, {})
                if not camera.refining:
                    break
            city = next(c for c in board._city_names if c.name == name)
            letters = citynames.font_px(HEX_RADIUS * zoom)
            picture = citynames.picture(city.name, city.size, letters)
            x, y = camera.world_to_screen(rect.x, rect.y)
            # the last column of the class box: ink, whatever lies beneath
            at = (round(x) + picture.get_width() - 1, round(y) + picture.get_height() // 2)
            assert surface.get_at(at)[:3] == INK, (name, zoom)
    assert crowded, "random play crowded no city at a zoom of 0.5 or more"


def test_the_map_with_its_names(tmp_path: Path) -> None:
    """The whole map fitted to a 1600x1000 window, then Galicia and Asturias at zoom 1, for
    people to look at."""
    app = make_app((1600, 1000))
    scene = start(app, started())
    scene.camera.fit()
    for _ in range(60):
        app.step(DT)
        app.draw()
    app.toasts.toasts.clear()
    app.draw()
    shot(app, tmp_path, "guerra-city-names.png")
    board = scene.gameui.board
    assert isinstance(board, GuerraMap)
    orense = next(h for h, c in board.data.board.cities.items() if c.name == "Orense")
    focus(scene, hex_id(orense), 1.0)
    for _ in range(60):
        app.step(DT)
        app.draw()
    app.toasts.toasts.clear()
    app.draw()
    shot(app, tmp_path, "guerra-city-names-north.png")
    pygame.event.clear()


def test_toasts_and_the_mini_maps_tooltip_keep_off_the_mini_map(tmp_path: Path) -> None:
    """Five messages in a row (undo toasts, refusals) once stacked four deep over the
    province-control mini-map; and its own tooltip covered it."""
    app = make_app((1600, 1000))
    scene = start(app, started())
    board = scene.gameui.board
    assert isinstance(board, GuerraMap)
    for text in ("Undone: Move to Huelva", "Undone: Move to Sevilla",
                 "Only two land counters may pass the Strait a turn (7.2)",
                 "Wait: the Republicans are deciding now.", "Saved the game"):
        app.toast(text)
    app.step(DT)
    app.draw()
    minimap = board.minimap.rect
    assert minimap.width > 0
    drawn = [r for r, _ in app.toasts._rects]
    assert 1 <= len(drawn) <= 3
    assert all(not r.colliderect(minimap) and not r.colliderect(scene.panel.rect)
               for r in drawn)
    shot(app, tmp_path, "guerra-toasts.png")
    app.toasts.toasts.clear()
    from uitest import hover

    hover(app, minimap.center, steps=40)
    assert scene.hover == "minimap" and scene.tooltip.visible
    from engine.ui import widgets as w

    tip = scene.tooltip
    fnt = w.text_font(w.SMALL, tip.scale)
    pad = w.px(6, tip.scale)
    assert tip.text is not None
    lines = w.wrap(tip.text, fnt, w.px(360, tip.scale))
    size = (max(fnt.size(line)[0] for line in lines) + 2 * pad,
            len(lines) * fnt.get_linesize() + 2 * pad)
    assert not tip.place(size, app.screen.get_rect()).colliderect(minimap)
    pygame.event.clear()
