"""The camera through which a board is seen, and the cache of the board's static picture.

World coordinates are board pixels at zoom 1; screen coordinates are window pixels. The camera
maps one to the other for a viewport (the part of the window showing the board) and moves with
the mouse and keys. `StaticLayer` keeps the board's unchanging picture rendered per zoom level,
so a frame blits a few tiles instead of redrawing thousands of polygons.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

import pygame

from engine.ui.colors import TABLE, Color
from engine.ui.layout import Point

ZOOM_STEPS: tuple[float, ...] = tuple(2.0 ** (k / 4) for k in range(-8, 9))
"""The zoom levels the mouse wheel steps through (0.25 to 4, four steps per doubling). The
static layer is rendered crisp at these levels and scaled in between."""

DRAG_THRESHOLD = 4.0
"""Pixels the pointer must move with a button held before a press becomes a drag; a shorter
movement stays a click."""

KEY_PAN = 64.0
"""Screen pixels one arrow-key press pans."""

_WHEEL_BUTTONS = (4, 5)
"""Legacy wheel buttons: SDL sends them beside MOUSEWHEEL; they are wheel turns, not clicks."""

_PAN_KEYS = {
    pygame.K_LEFT: (1.0, 0.0),
    pygame.K_RIGHT: (-1.0, 0.0),
    pygame.K_UP: (0.0, 1.0),
    pygame.K_DOWN: (0.0, -1.0),
}
_FIT_KEYS = (pygame.K_f, pygame.K_HOME)
"""Keys that show the whole board (issue 8, "Zoom")."""
_ZOOM_KEYS = {
    pygame.K_PLUS: 1,
    pygame.K_EQUALS: 1,
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
}


class Camera:
    """Maps world to screen for one viewport: a zoom and the world point at the viewport's
    top-left corner (`offset`).

    `handle_event` pans with a drag (left button where `drag_filter` allows it, middle or right
    button anywhere), pans with the arrow keys, zooms around the pointer with the wheel (or
    around the centre with + and -) and shows the whole board with F or Home. A press that
    moves less than DRAG_THRESHOLD pixels is left to the caller as a click, so the game screen
    acts on MOUSEBUTTONUP events the camera did not consume.
    """

    __slots__ = (
        "viewport",
        "world_size",
        "zoom",
        "offset",
        "min_zoom",
        "max_zoom",
        "_configured_min",
        "dragging",
        "drag_filter",
        "_press",
        "_last",
        "_mouse",
        "refining",
        "layer",
    )

    def __init__(
        self,
        viewport: pygame.Rect,
        world_size: tuple[int, int],
        *,
        min_zoom: float = ZOOM_STEPS[0],
        max_zoom: float = ZOOM_STEPS[-1],
    ) -> None:
        self.viewport = pygame.Rect(viewport)
        self.world_size = world_size
        self.max_zoom = max_zoom
        self._configured_min = min_zoom
        self.min_zoom = min_zoom
        self.zoom = 1.0
        self.offset: Point = (0.0, 0.0)
        self.dragging = False
        # Whether a left press at this world position may start a pan: the game screen refuses
        # presses on counters so they stay clickable. None lets the left button pan anywhere.
        self.drag_filter: Callable[[Point], bool] | None = None
        self._press: tuple[tuple[int, int], int] | None = None
        self._last: tuple[int, int] = (0, 0)
        self._mouse: tuple[int, int] | None = None
        self.refining = False
        """The last frame drawn through this camera showed a stand-in picture (a cached zoom
        level scaled) while the level of its zoom is being painted: draw again."""
        self.layer: StaticLayer | None = None
        """The static layer last drawn through this camera (its `refine` draws a frame that
        only refines the picture in part)."""
        self.fit()

    # -- coordinates ---------------------------------------------------------------------------

    def world_to_screen(self, x: float, y: float) -> Point:
        """Screen position of world point (x, y)."""
        return (
            self.viewport.x + (x - self.offset[0]) * self.zoom,
            self.viewport.y + (y - self.offset[1]) * self.zoom,
        )

    def screen_to_world(self, x: float, y: float) -> Point:
        """World position under screen point (x, y)."""
        return (
            self.offset[0] + (x - self.viewport.x) / self.zoom,
            self.offset[1] + (y - self.viewport.y) / self.zoom,
        )

    def visible_world_rect(self) -> pygame.FRect:
        """The part of the world the viewport shows."""
        return pygame.FRect(
            self.offset[0],
            self.offset[1],
            self.viewport.width / self.zoom,
            self.viewport.height / self.zoom,
        )

    # -- moving ----------------------------------------------------------------------------------

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) screen pixels, as a drag by that much would."""
        self.offset = (self.offset[0] - dx / self.zoom, self.offset[1] - dy / self.zoom)
        self._clamp()

    def zoom_at(self, screen_pos: Point, factor: float) -> None:
        """Multiply the zoom by `factor` (within the bounds), keeping the world point under
        `screen_pos` where it is on screen."""
        wx, wy = self.screen_to_world(*screen_pos)
        self.zoom = min(self.max_zoom, max(self.min_zoom, self.zoom * factor))
        self.offset = (
            wx - (screen_pos[0] - self.viewport.x) / self.zoom,
            wy - (screen_pos[1] - self.viewport.y) / self.zoom,
        )
        self._clamp()

    def step_zoom(self, screen_pos: Point, steps: int) -> None:
        """Zoom in (`steps` > 0) or out by whole ZOOM_STEPS around `screen_pos`; from a zoom
        between two steps the first step lands on the next one in that direction."""
        target = self.zoom
        for _ in range(abs(steps)):
            if steps > 0:
                target = next((z for z in ZOOM_STEPS if z > target * 1.001), self.max_zoom)
            else:
                target = next((z for z in reversed(ZOOM_STEPS) if z < target / 1.001), 0.0)
        target = min(self.max_zoom, max(self.min_zoom, target))
        self.zoom_at(screen_pos, target / self.zoom)

    def center_on(self, world_pos: Point) -> None:
        """Put `world_pos` at the centre of the viewport (as far as the bounds allow)."""
        self.offset = (
            world_pos[0] - self.viewport.width / (2 * self.zoom),
            world_pos[1] - self.viewport.height / (2 * self.zoom),
        )
        self._clamp()

    def bring_into_view(self, world_pos: Point) -> None:
        """Centre `world_pos` as far as the board's edges allow: the view moves to show a place
        the game points at, but never past an edge of the board (where `center_on` may leave
        up to half the view off the board). On an axis where the whole board fits, it stays
        centred."""
        ox, oy = world_pos[0] - self.viewport.width / (2 * self.zoom), \
            world_pos[1] - self.viewport.height / (2 * self.zoom)
        inside = []
        for o, view_px, world in ((ox, self.viewport.width, self.world_size[0]),
                                  (oy, self.viewport.height, self.world_size[1])):
            span = view_px / self.zoom
            inside.append(min(max(0.0, o), world - span) if span < world else o)
        self.offset = (inside[0], inside[1])
        self._clamp()

    def fit(self) -> None:
        """Show the whole board, centred, at the largest zoom step that fits (or smaller when
        even the smallest step is too big)."""
        fitting = self._fit_zoom()
        self.min_zoom = min(self._configured_min, fitting)
        self.zoom = max((z for z in ZOOM_STEPS if z <= fitting), default=fitting)
        self.zoom = min(self.max_zoom, max(self.min_zoom, self.zoom))
        self.center_on((self.world_size[0] / 2, self.world_size[1] / 2))

    def set_viewport(self, rect: pygame.Rect) -> None:
        """Adopt a new viewport (the window was resized), keeping the centre of the view."""
        centre = self.screen_to_world(*self.viewport.center)
        self.viewport = pygame.Rect(rect)
        self.min_zoom = min(self._configured_min, self._fit_zoom())
        self.zoom = max(self.zoom, self.min_zoom)
        self.center_on(centre)

    def _fit_zoom(self) -> float:
        w, h = self.world_size
        return min(self.viewport.width / max(1, w), self.viewport.height / max(1, h))

    def _clamp(self) -> None:
        """Keep at least half of the viewport covered by the board on each axis the board
        overfills, so it cannot be lost off-screen; on an axis where the whole board fits (the
        smallest zoom) it stays centred."""
        ox, oy = self.offset
        clamped = []
        for o, view_px, world in (
            (ox, self.viewport.width, self.world_size[0]),
            (oy, self.viewport.height, self.world_size[1]),
        ):
            if world * self.zoom <= view_px:
                clamped.append(world / 2 - view_px / (2 * self.zoom))
                continue
            keep = view_px / 2
            low = -(view_px - keep) / self.zoom
            high = world - keep / self.zoom
            clamped.append(min(high, max(low, o)))
        self.offset = (clamped[0], clamped[1])

    # -- events ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Pan or zoom from a mouse or key event; True when the event was used up by it."""
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._button_down(event.pos, event.button)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._button_up(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL:
            pointer = self._pointer()
            if not self.viewport.collidepoint(pointer) or event.y == 0:
                return False
            self.step_zoom(pointer, 1 if event.y > 0 else -1)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return False

    def _pointer(self) -> tuple[int, int]:
        # Wheel events carry no position; the last one seen in an event is the freshest that
        # also holds for events posted by tests, which do not move the real pointer.
        return self._mouse if self._mouse is not None else pygame.mouse.get_pos()

    def _motion(self, pos: tuple[int, int]) -> bool:
        self._mouse = pos
        if self._press is None:
            return False
        if not self.dragging:
            start = self._press[0]
            if math.dist(start, pos) < DRAG_THRESHOLD:
                return False
            self.dragging = True
            self._last = start
        self.pan(pos[0] - self._last[0], pos[1] - self._last[1])
        self._last = pos
        return True

    def _button_down(self, pos: tuple[int, int], button: int) -> bool:
        self._mouse = pos
        if not self.viewport.collidepoint(pos):
            return False
        if button in _WHEEL_BUTTONS:
            return True
        may_pan = button in (2, 3) or (
            button == 1
            and (self.drag_filter is None or self.drag_filter(self.screen_to_world(*pos)))
        )
        if may_pan:
            self._press = (pos, button)
        # The press itself is never used up: until the pointer moves far enough it may be a
        # click, which the caller handles on release.
        return False

    def _button_up(self, pos: tuple[int, int], button: int) -> bool:
        self._mouse = pos
        if button in _WHEEL_BUTTONS:
            return self.viewport.collidepoint(pos)
        if self._press is None or self._press[1] != button:
            return False
        was_dragging = self.dragging
        self._press = None
        self.dragging = False
        return was_dragging

    def _key(self, key: int, mod: int) -> bool:
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if key in _PAN_KEYS:
            sx, sy = _PAN_KEYS[key]
            self.pan(sx * KEY_PAN, sy * KEY_PAN)
            return True
        if key in _ZOOM_KEYS:
            self.step_zoom(self.viewport.center, _ZOOM_KEYS[key])
            return True
        if key in _FIT_KEYS:
            self.fit()
            return True
        return False


Painter = Callable[[pygame.Surface, float, tuple[int, int], pygame.FRect], None]
"""Draws a board's static picture into a tile: (tile, zoom, origin, world_rect). A world point
(x, y) goes to tile pixel (x * zoom - origin[0], y * zoom - origin[1]); `world_rect` is the part
of the world the tile covers, for skipping what lies outside."""


class StaticLayer:
    """A board's unchanging picture (terrain, borders, roads, names) rendered in square tiles,
    one set per zoom level, kept in a least-recently-used cache.

    Tiles rather than one surface per level: a 3,000-hex map at zoom 4 would need a surface of
    hundreds of megabytes, while the viewport only ever shows a few dozen tiles. At a zoom that
    is not a cached level, the visible part of the next larger level is scaled down (NOTES:
    scale only the visible part, never the whole map).

    A tile costs 1-4 ms to paint (a whole view at a new zoom 90-170 ms, measured on Guerra's
    map), so a frame paints new tiles only within `budget` seconds. While the wheel turns and
    the new level is not complete, the view is drawn from a level that is (scaled: the zoom
    "snaps" to what is cached) and `camera.refining` is set, so the scene keeps drawing frames
    until the new level is complete and the picture refined. The cache holds `max_bytes` of
    tiles: several whole views, so zooming back and forth between a few levels paints nothing.
    """

    __slots__ = (
        "world_size",
        "paint",
        "background",
        "tile_px",
        "max_tiles",
        "budget",
        "builds",
        "_tiles",
        "_buffers",
        "_last_zoom",
        "_shown",
        "_refined",
    )

    def __init__(
        self,
        world_size: tuple[int, int],
        paint: Painter,
        *,
        background: Color,
        tile_px: int = 256,
        max_bytes: int = 24 * 2**20,
        budget: float = 0.002,
    ) -> None:
        self.world_size = world_size
        self.paint = paint
        self.background = background
        self.tile_px = tile_px
        self.max_tiles = max(16, max_bytes // (tile_px * tile_px * 4))
        self.budget = budget
        # Tiles rendered so far; a frame drawn from the cache adds none.
        self.builds = 0
        self._tiles: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()
        self._buffers: dict[str, pygame.Surface] = {}
        self._last_zoom = 0.0
        self._shown: tuple[object, ...] | None = None
        """The camera (zoom, offset, viewport) of the last picture drawn while refining, with
        its stand-in level; None once a complete level was drawn."""
        self._refined: tuple[object, ...] | None = None
        """Set by `refine` for the `draw` of the same frame, which then paints nothing."""

    def invalidate(self, area: pygame.FRect | None = None) -> None:
        """Forget every tile (the static picture changed), or with `area` (world pixels) only
        the tiles of every level that show part of it (a part of the picture changed)."""
        if area is None:
            self._tiles.clear()
            return
        t = self.tile_px
        stale = [key for key in self._tiles
                 if area.colliderect((key[1] * t / key[0], key[2] * t / key[0],
                                      t / key[0], t / key[0]))]
        for key in stale:
            del self._tiles[key]

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Fill `camera.viewport` of `surface` with the board and the table around it: from
        the level of the camera's zoom when its visible tiles are ready (painting missing ones
        within the budget), else from a complete cached level while `camera.refining`."""
        camera.layer = self
        level = self._level(camera.zoom)
        visible = camera.visible_world_rect()
        at = self._camera_key(camera)
        if self._refined is not None and self._refined[:3] == at:
            # `refine` painted this frame's tiles already; the clip keeps to what they cover
            stand_in = self._refined[3]
            assert isinstance(stand_in, float)
            self._refined = None
            camera.refining = True
            self._draw_refining(surface, camera, stand_in, level, visible)
            return
        missing = [k for k in self._visible_keys(level, visible) if (level, *k) not in self._tiles]
        camera.refining = False
        zoomed, self._last_zoom = self._last_zoom != camera.zoom, camera.zoom
        if missing:
            stand_in = self._stand_in(level, visible)
            if stand_in is None:
                # nothing cached to show instead (the first frame): paint it all now
                self._shown = None
                self._draw_level(surface, camera, level, visible)
                return
            if not zoomed:
                # A frame that zooms only shows the stand-in (it costs a scaling already);
                # the following ones paint within the budget.
                self._paint_some(level, visible, missing)
            if missing:
                camera.refining = True
                self._draw_refining(surface, camera, stand_in, level, visible)
                self._shown = (*at, stand_in)
                self._trim(self._needed((level, stand_in), visible))
                return
        self._shown = None
        self._draw_level(surface, camera, level, visible)

    def refine(self, camera: Camera) -> pygame.Rect | None:
        """For a frame due only to the refining of the picture, the screen showing the last
        frame drawn through this layer and `camera` unchanged since: paint the frame's tiles
        (within the budget) and return the part of the viewport they cover, the only part the
        frame needs to draw again (the caller clips to it, then draws the board as usual).
        None when the whole view must be drawn: the level is complete now, or the screen does
        not show a refining picture of this camera."""
        shown = self._shown
        if shown is None or shown[:3] != self._camera_key(camera):
            return None
        level = self._level(camera.zoom)
        visible = camera.visible_world_rect()
        missing = [k for k in self._visible_keys(level, visible) if (level, *k) not in self._tiles]
        painted = self._paint_some(level, visible, missing)
        if not missing:
            return None
        stand_in = shown[3]
        assert isinstance(stand_in, float)
        self._trim(self._needed((level, stand_in), visible))
        self._refined = shown
        view = camera.viewport
        if not painted or abs(level - camera.zoom) > 1e-9:
            # nothing new, or tiles shown only once the level is complete (scaled)
            return pygame.Rect(view.topleft, (0, 0))
        t = self.tile_px
        base_x = round(view.x - camera.offset[0] * level)
        base_y = round(view.y - camera.offset[1] * level)
        rects = [pygame.Rect(base_x + i * t, base_y + j * t, t, t) for i, j in painted]
        return rects[0].unionall(rects[1:]).clip(view)

    @staticmethod
    def _camera_key(camera: Camera) -> tuple[object, ...]:
        return (camera.zoom, camera.offset, tuple(camera.viewport))

    def _paint_some(self, level: float, visible: pygame.FRect,
                    missing: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Paint missing tiles of `level` (taken off `missing`) within the budget, centre
        first: the refined picture grows from where the player looks. Returns those painted."""
        deadline = time.perf_counter() + self.budget
        cx, cy = visible.center
        t = self.tile_px / level
        missing.sort(key=lambda k: (k[0] + 0.5 - cx / t) ** 2 + (k[1] + 0.5 - cy / t) ** 2)
        painted = []
        while missing and time.perf_counter() < deadline:
            key = missing.pop(0)
            self._tile(level, *key)
            painted.append(key)
        return painted

    def _draw_refining(self, surface: pygame.Surface, camera: Camera, stand_in: float,
                       level: float, visible: pygame.FRect) -> None:
        """The stand-in level scaled, with the tiles of `level` painted so far on top."""
        view = camera.viewport
        self._draw_scaled_tiles(surface, camera, stand_in, visible)
        if abs(level - camera.zoom) > 1e-9:
            return
        base_x = round(view.x - camera.offset[0] * level)
        base_y = round(view.y - camera.offset[1] * level)
        ready = [((level, i, j), (base_x + i * self.tile_px, base_y + j * self.tile_px))
                 for i, j in self._visible_keys(level, visible)]
        surface.fblits([(self._tiles[k], at) for k, at in ready if k in self._tiles])

    def _draw_scaled_tiles(self, surface: pygame.Surface, camera: Camera, level: float,
                           visible: pygame.FRect) -> None:
        """The visible tiles of the complete level `level` scaled to the camera's zoom one by
        one, without smoothing (a stand-in shows for a few frames), and of each only the part
        inside the surface's clip: no picture of the whole view is composed or kept."""
        view = camera.viewport
        clip = surface.get_clip().clip(view)
        t = self.tile_px
        s = camera.zoom / level
        ox = view.x - camera.offset[0] * camera.zoom
        oy = view.y - camera.offset[1] * camera.zoom
        keys = self._visible_keys(level, visible)
        if keys:
            (i0, j0), (i1, j1) = keys[0], keys[-1]
            covered = pygame.Rect(round(ox + i0 * t * s), round(oy + j0 * t * s), 0, 0)
            covered.width = round(ox + (i1 + 1) * t * s) - covered.x
            covered.height = round(oy + (j1 + 1) * t * s) - covered.y
        if not keys or not covered.contains(clip):
            surface.fill(TABLE, clip)
        for i, j in keys:
            x0, x1 = round(ox + i * t * s), round(ox + (i + 1) * t * s)
            y0, y1 = round(oy + j * t * s), round(oy + (j + 1) * t * s)
            shown = pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(clip)
            if not shown.width or not shown.height:
                continue
            sx, sy = (x1 - x0) / t, (y1 - y0) / t
            # the part of the tile that lands inside the clip, and where it lands
            u0, u1 = math.floor((shown.x - x0) / sx), math.ceil((shown.right - x0) / sx)
            v0, v1 = math.floor((shown.y - y0) / sy), math.ceil((shown.bottom - y0) / sy)
            u1, v1 = min(t, max(u1, u0 + 1)), min(t, max(v1, v0 + 1))
            dx0, dx1 = x0 + round(u0 * sx), x0 + round(u1 * sx)
            dy0, dy1 = y0 + round(v0 * sy), y0 + round(v1 * sy)
            if dx1 <= dx0 or dy1 <= dy0:
                continue
            key = (level, i, j)
            self._tiles.move_to_end(key)
            part = self._tiles[key].subsurface((u0, v0, u1 - u0, v1 - v0))
            out = self._buffer("tile", (dx1 - dx0, dy1 - dy0))
            pygame.transform.scale(part, out.get_size(), out)
            surface.blit(out, (dx0, dy0))

    def _stand_in(self, level: float, visible: pygame.FRect) -> float | None:
        """The cached level nearest to `level` whose tiles cover `visible`, if any."""
        levels = sorted({key[0] for key in self._tiles} - {level},
                        key=lambda z: abs(math.log(z / level)))
        for z in levels:
            if all((z, *k) in self._tiles for k in self._visible_keys(z, visible)):
                return z
        return None

    def _draw_level(self, surface: pygame.Surface, camera: Camera, level: float,
                    visible: pygame.FRect) -> None:
        """The visible tiles of `level`, scaled to the camera's zoom when it is another one."""
        view = camera.viewport
        if abs(level - camera.zoom) < 1e-9:
            # Rounding the board's origin once, then stepping whole tiles, leaves no seams.
            base_x = round(view.x - camera.offset[0] * level)
            base_y = round(view.y - camera.offset[1] * level)
            t = self.tile_px
            tiles = self._visible_tiles(level, visible)
            if tiles:
                (i0, j0), (i1, j1) = tiles[0][0], tiles[-1][0]
                covered = pygame.Rect(base_x + i0 * t, base_y + j0 * t, (i1 - i0 + 1) * t,
                                      (j1 - j0 + 1) * t)
            # the table shows only beyond the board's last tiles (zoomed out, or at an edge)
            if not tiles or not covered.contains(view):
                surface.fill(TABLE, view)
            surface.fblits([(tile, (base_x + i * t, base_y + j * t)) for (i, j), tile in tiles])
            return
        # a zoom between two levels (a window fitted to the board): the next larger level,
        # smoothly scaled down
        x0 = math.floor(visible.x * level)
        y0 = math.floor(visible.y * level)
        x1 = math.ceil(visible.right * level)
        y1 = math.ceil(visible.bottom * level)
        scratch = self._buffer("scratch", (max(1, x1 - x0), max(1, y1 - y0)))
        scratch.fill(TABLE)
        scratch.fblits(
            [
                (tile, (i * self.tile_px - x0, j * self.tile_px - y0))
                for (i, j), tile in self._visible_tiles(level, visible)
            ]
        )
        scale = camera.zoom / level
        size = (
            max(1, round(scratch.get_width() * scale)),
            max(1, round(scratch.get_height() * scale)),
        )
        sx, sy = camera.world_to_screen(x0 / level, y0 / level)
        scaled = self._buffer("scaled", size)
        pygame.transform.smoothscale(scratch, size, scaled)
        at = (round(sx), round(sy))
        if not scaled.get_rect(topleft=at).contains(view):
            surface.fill(TABLE, view)
        surface.blit(scaled, at)

    def _buffer(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A reusable work surface of `size`: allocating megabytes afresh every frame costs more
        (page faults) than the scaling itself. Buffers only grow, so a pan that changes the size
        by a pixel reuses them."""
        buf = self._buffers.get(name)
        if buf is None or buf.get_width() < size[0] or buf.get_height() < size[1]:
            # with room to spare, so a zoom that changes the size a little reuses it (the first
            # one with more: allocating during a zoom step cost 5-10 ms a frame, measured)
            room = 4 if buf else 2
            grown = (
                max(size[0] + size[0] // room, buf.get_width() if buf else 0),
                max(size[1] + size[1] // room, buf.get_height() if buf else 0),
            )
            buf = self._buffers[name] = pygame.Surface(grown)
        return buf.subsurface((0, 0, *size))

    def _level(self, zoom: float) -> float:
        """The cached level to draw `zoom` from: that zoom if it is a step, else the next larger
        step, so scaling only ever shrinks (crisper than enlarging)."""
        return next((z for z in ZOOM_STEPS if z >= zoom - 1e-9), ZOOM_STEPS[-1])

    def _visible_keys(self, level: float, visible: pygame.FRect) -> list[tuple[int, int]]:
        """The (column, row) of every tile of `level` that `visible` shows."""
        t = self.tile_px
        i0 = max(0, math.floor(visible.x * level / t))
        j0 = max(0, math.floor(visible.y * level / t))
        i1 = min(math.ceil(self.world_size[0] * level / t), math.ceil(visible.right * level / t))
        j1 = min(math.ceil(self.world_size[1] * level / t), math.ceil(visible.bottom * level / t))
        return [(i, j) for j in range(j0, j1) for i in range(i0, i1)]

    def _visible_tiles(
        self, level: float, visible: pygame.FRect
    ) -> list[tuple[tuple[int, int], pygame.Surface]]:
        tiles = [((i, j), self._tile(level, i, j)) for i, j in self._visible_keys(level, visible)]
        self._trim([(level, i, j) for (i, j), _ in tiles])
        return tiles

    def _trim(self, needed: list[tuple[float, int, int]]) -> None:
        """Keep the cache within `max_tiles`: forget the least recently used tiles, but never
        one this frame needs (even when the viewport outgrows the cache), and the smallest
        level's last: it is the board as first shown (fitted), so some complete level is
        always there to stand in while another is painted."""
        over = len(self._tiles) - self.max_tiles
        if over <= 0:
            return
        keep = set(needed)
        smallest = min(key[0] for key in self._tiles)
        old = [key for key in self._tiles if key[0] != smallest and key not in keep][:over]
        if len(old) < over:
            old += [key for key in self._tiles
                    if key[0] == smallest and key not in keep][: over - len(old)]
        for key in old:
            del self._tiles[key]

    def _needed(self, levels: tuple[float, ...], visible: pygame.FRect
                ) -> list[tuple[float, int, int]]:
        return [(z, i, j) for z in levels for i, j in self._visible_keys(z, visible)]

    def _tile(self, level: float, i: int, j: int) -> pygame.Surface:
        key = (level, i, j)
        tile = self._tiles.get(key)
        if tile is not None:
            self._tiles.move_to_end(key)
            return tile
        t = self.tile_px
        tile = pygame.Surface((t, t))
        tile.fill(TABLE)
        world_w, world_h = self.world_size
        # The board's own edge inside the tile; beyond it lies the table.
        board = pygame.Rect(-i * t, -j * t, round(world_w * level), round(world_h * level))
        tile.fill(self.background, board)
        tile.set_clip(board)
        world_rect = pygame.FRect(i * t / level, j * t / level, t / level, t / level)
        self.paint(tile, level, (i * t, j * t), world_rect)
        tile.set_clip(None)
        self._tiles[key] = tile
        self.builds += 1
        return tile
