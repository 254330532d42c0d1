"""The board camera: coordinate round trips, zooming about the pointer, drags versus clicks,
keys, fitting and resizing; events are posted to pygame's queue and read back as the app would."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine.ui.camera import DRAG_THRESHOLD, KEY_PAN, ZOOM_STEPS, Camera  # noqa: E402

pytestmark = pytest.mark.ui

VIEWPORT = pygame.Rect(100, 50, 800, 600)
WORLD = (3000, 2000)
FAST = settings(max_examples=60, deadline=None)


@pytest.fixture(autouse=True)
def pygame_up() -> Iterator[None]:
    pygame.init()
    yield
    pygame.event.clear()


def camera_at(zoom: float, centre: tuple[float, float] = (1500, 1000)) -> Camera:
    cam = Camera(VIEWPORT, WORLD)
    cam.zoom = zoom
    cam.center_on(centre)
    return cam


def feed(cam: Camera, *events: pygame.event.Event) -> list[bool]:
    """Post `events` to the queue, read them back and give each to the camera."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    return [cam.handle_event(e) for e in pygame.event.get()]


def down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos: tuple[int, int], buttons: tuple[int, int, int] = (1, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


@FAST
@given(
    st.sampled_from(ZOOM_STEPS),
    st.floats(VIEWPORT.left, VIEWPORT.right),
    st.floats(VIEWPORT.top, VIEWPORT.bottom),
)
def test_screen_world_round_trip(zoom: float, sx: float, sy: float) -> None:
    cam = camera_at(zoom, (1234, 777))
    wx, wy = cam.screen_to_world(sx, sy)
    back = cam.world_to_screen(wx, wy)
    assert back == pytest.approx((sx, sy), abs=1e-6)


@FAST
@given(
    st.integers(VIEWPORT.left + 1, VIEWPORT.right - 1),
    st.integers(VIEWPORT.top + 1, VIEWPORT.bottom - 1),
    st.floats(0.5, 2.0),
)
def test_zoom_keeps_the_point_under_the_cursor(sx: int, sy: int, factor: float) -> None:
    cam = camera_at(1.0)
    before = cam.screen_to_world(sx, sy)
    cam.zoom_at((sx, sy), factor)
    assert cam.zoom == pytest.approx(factor)
    assert cam.screen_to_world(sx, sy) == pytest.approx(before, abs=1e-6)


def test_zoom_is_clamped() -> None:
    cam = camera_at(1.0)
    cam.zoom_at(VIEWPORT.center, 100)
    assert cam.zoom == cam.max_zoom
    cam.zoom_at(VIEWPORT.center, 1e-4)
    assert cam.zoom == cam.min_zoom


def test_wheel_steps_the_zoom_about_the_pointer() -> None:
    cam = camera_at(1.0)
    pointer = (300, 200)
    before = cam.screen_to_world(*pointer)
    used = feed(cam, move(pointer, (0, 0, 0)), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert used == [False, True]
    assert cam.zoom == pytest.approx(ZOOM_STEPS[ZOOM_STEPS.index(1.0) + 1])
    assert cam.screen_to_world(*pointer) == pytest.approx(before, abs=1e-6)
    feed(cam, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert cam.zoom == pytest.approx(1.0)


def test_wheel_outside_the_viewport_is_left_alone() -> None:
    cam = camera_at(1.0)
    used = feed(cam, move((20, 20), (0, 0, 0)), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert used == [False, False]
    assert cam.zoom == 1.0


def test_a_short_drag_is_a_click() -> None:
    cam = camera_at(1.0)
    offset = cam.offset
    near = (400 + int(DRAG_THRESHOLD) - 2, 300)
    used = feed(cam, down((400, 300)), move((401, 300)), move(near), up(near))
    assert used == [False, False, False, False]
    assert not cam.dragging
    assert cam.offset == offset


def test_a_long_drag_pans_and_swallows_the_release() -> None:
    cam = camera_at(1.0)
    start_world = cam.screen_to_world(400, 300)
    used = feed(cam, down((400, 300)), move((410, 300)), move((460, 340)))
    assert used == [False, True, True]
    assert cam.dragging
    # The world point first pressed stays under the pointer.
    assert cam.world_to_screen(*start_world) == pytest.approx((460, 340))
    assert feed(cam, up((460, 340))) == [True]
    assert not cam.dragging


@pytest.mark.parametrize("button", [2, 3])
def test_middle_and_right_buttons_drag_everywhere(button: int) -> None:
    cam = camera_at(1.0)
    cam.drag_filter = lambda _pos: False
    start_world = cam.screen_to_world(400, 300)
    feed(cam, down((400, 300), button), move((350, 250), (0, 0, 1)), up((350, 250), button))
    assert cam.world_to_screen(*start_world) == pytest.approx((350, 250))


def test_drag_filter_keeps_left_presses_for_counters() -> None:
    cam = camera_at(1.0)
    cam.drag_filter = lambda _pos: False
    offset = cam.offset
    used = feed(cam, down((400, 300)), move((480, 300)), up((480, 300)))
    assert used == [False, False, False]
    assert cam.offset == offset


def test_presses_outside_the_viewport_do_not_drag() -> None:
    cam = camera_at(1.0)
    offset = cam.offset
    used = feed(cam, down((20, 20)), move((200, 200)), up((200, 200)))
    assert used == [False, False, False]
    assert cam.offset == offset


def test_arrow_keys_pan() -> None:
    cam = camera_at(1.0)
    x, y = cam.offset
    assert feed(cam, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)) == [True]
    assert cam.offset == pytest.approx((x + KEY_PAN, y))
    feed(cam, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0))
    assert cam.offset == pytest.approx((x + KEY_PAN, y - KEY_PAN))
    ctrl = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=pygame.KMOD_LCTRL)
    assert feed(cam, ctrl) == [False]


def test_fit_shows_the_whole_board() -> None:
    cam = camera_at(3.0)
    cam.fit()
    seen = cam.visible_world_rect()
    assert seen.contains(pygame.FRect(0, 0, *WORLD))
    assert cam.zoom in ZOOM_STEPS


def test_fit_goes_below_the_smallest_step_for_a_huge_board() -> None:
    cam = Camera(VIEWPORT, (40_000, 30_000))
    assert cam.zoom < ZOOM_STEPS[0]
    assert cam.visible_world_rect().contains(pygame.FRect(0, 0, 40_000, 30_000))


def test_center_on_and_resize_keep_the_centre() -> None:
    cam = camera_at(2.0, (900, 600))
    assert cam.screen_to_world(*VIEWPORT.center) == pytest.approx((900, 600))
    cam.set_viewport(pygame.Rect(0, 0, 1600, 1000))
    assert cam.screen_to_world(800, 500) == pytest.approx((900, 600))


def test_the_board_cannot_be_panned_away() -> None:
    cam = camera_at(1.0)
    cam.pan(100_000, 100_000)
    seen = cam.visible_world_rect()
    board = pygame.FRect(0, 0, *WORLD)
    overlap = seen.clip(board)
    assert overlap.width >= VIEWPORT.width / 2 - 1e-6
    assert overlap.height >= VIEWPORT.height / 2 - 1e-6
    assert math.isfinite(cam.offset[0])


@pytest.mark.parametrize("key", [pygame.K_f, pygame.K_HOME])
def test_the_fit_key_shows_the_whole_board_centred(key: int) -> None:
    cam = camera_at(2.0, (200, 300))
    assert cam.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    seen = cam.visible_world_rect()
    assert seen.contains(pygame.FRect(0, 0, *WORLD))
    assert seen.center == pytest.approx((WORLD[0] / 2, WORLD[1] / 2))


def test_at_the_smallest_zoom_the_board_cannot_be_dragged_off_centre() -> None:
    cam = Camera(VIEWPORT, WORLD)
    cam.zoom = cam.min_zoom
    cam.pan(-500, 400)
    assert cam.visible_world_rect().center == pytest.approx((WORLD[0] / 2, WORLD[1] / 2))


def test_zoomed_in_the_board_still_covers_half_the_view_at_its_edge() -> None:
    cam = camera_at(1.0, (0, 0))
    cam.pan(5000, 5000)
    seen = cam.visible_world_rect()
    assert seen.right - 0 >= seen.width / 2 - 1e-6
    assert seen.bottom - 0 >= seen.height / 2 - 1e-6


def test_bringing_a_place_into_view_never_goes_past_the_boards_edge():
    cam = Camera(pygame.Rect(0, 0, 400, 300), (2000, 1500))
    cam.zoom = 1.0
    cam.bring_into_view((10.0, 10.0))  # a place in the top-left corner
    assert cam.offset == (0.0, 0.0)
    cam.bring_into_view((1990.0, 1490.0))
    assert cam.offset == (1600.0, 1200.0)
    cam.bring_into_view((1000.0, 700.0))
    assert cam.offset == (800.0, 550.0)
    cam.center_on((10.0, 10.0))  # a drag or a key may still show a strip past the edge
    assert cam.offset[0] < 0
