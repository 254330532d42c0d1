"""The board of La Guerra de España: the engine's `HexMapView` of the hex map of Spain (terrain,
province borders as region borders, coastlines, hex numbers) with the printed features of
`printing` in its static layer, and, drawn live over it, the control markers on the provincial
capitals, the marks of the decision now (reachable hexes, placements, the combat being
declared) and the province-control mini-map (`minimap`).

Location ids are the engine's axial hex ids "q,r"; the rules' view names hexes "col,row", which
`board_id` converts. The mini-map answers to the target id MINIMAP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from engine.core.hexgrid import Hex, hex_neighbor
from engine.ui import colors as C
from engine.ui.adapter import CounterSpec
from engine.ui.camera import Camera, StaticLayer
from engine.ui.drawing import draw_highlight, rect_points
from engine.ui.hexmap import CellStyle, HexMapView, hex_id, parse_hex_id
from engine.ui.layout import LAYOUT_POINTY, Layout, Point, hex_corner_offset, hex_to_pixel
from guerra.rules.counters import hex_place
from guerra.rules.data import GuerraData, Terrain, hex_label
from guerra.rules.setup import parse_hex
from guerra.ui import citynames, overlays, printing
from guerra.ui.markers import draw_control_marker
from guerra.ui.minimap import ControlMap, MiniCell
from guerra.ui.overlays import OverlayPainter

MINIMAP = "minimap"
HINT = "hint"
"""The highlight style of the hint's suggestion (engine.ui.game_scene), drawn over the counters."""
HEX_RADIUS = 28.0
"""World pixels from a hex's centre to its corners (the scale of the board at zoom 1)."""
FOREIGN_FILL: C.Color = (208, 206, 198)
LAND_TONES: tuple[C.Color, ...] = (C.LAND, C.LAND_ALT, C.mix(C.LAND, C.HILLS, 0.45))
"""Neighbouring provinces get different tones of the land colour, as on a printed map."""
TERRAIN_NAMES = {
    Terrain.LAND: "land", Terrain.MOUNTAIN: "mountain (2 movement points, +1 in defence)",
    Terrain.SEA: "sea", Terrain.PORTUGAL: "Portugal (impassable)",
    Terrain.FRANCE: "France (impassable)", Terrain.FOREIGN: "foreign land (impassable)",
}


def board_id(label: str) -> str:
    """The board's hex id of a "col,row" label of the rules' view."""
    return hex_id(parse_hex(label))


class GuerraMap(HexMapView):
    """The board view. `counter_notes` (counter tooltips), `control` (province -> status,
    through `set_control`), `marks` (target -> highlight style for the decision now) are set by
    the game UI at each sync; so are, for the overlays (`set_overlays`), `sector_labels` (the
    lines naming each sector and who commands it) and `legend` (the legend's sections)."""

    def __init__(self, data: GuerraData, road_chains: Sequence[Sequence[Hex]],
                 zone_names: Mapping[str, str]) -> None:
        self.data = data
        self.zone_names = dict(zone_names)
        self.counter_notes: dict[str, str] = {}
        self.control: dict[str, str] = {}
        self.marks: dict[str, str] = {}
        self.weather: frozenset[str] = frozenset()
        self.overlays: frozenset[str] = frozenset()
        """The overlays switched on (`overlays.OVERLAYS`)."""
        self.sector_labels: dict[int, tuple[str, ...]] = {}
        self.legend: tuple[tuple[str, tuple[overlays.LegendRow, ...]], ...] = ()
        self._camera: Camera | None = None
        board = data.board
        layout = Layout(LAYOUT_POINTY, (HEX_RADIUS, HEX_RADIUS), (0.0, 0.0))
        cells = _cells(data)
        super().__init__(layout, cells)
        centres = {h: hex_to_pixel(self.layout, h) for h in board.terrain}
        self.printed = printing.build(data, road_chains, centres)
        self.minimap = ControlMap(_mini_cells(data, self.layout, centres),
                                  _province_borders(data, self.layout, centres),
                                  self.world_size)
        self._capitals = {pid: centres[h] for pid, h in board.capitals.items()}
        self._painter: OverlayPainter | None = None
        self._road_points = [[(h, centres[h]) for h in chain] for chain in road_chains]
        self._layers: dict[frozenset[str], StaticLayer] = {frozenset(): self._layer}
        """The static picture of each set of painted overlays: the plain map's is always kept,
        besides it only the one shown."""
        self._disputed: frozenset[str] = frozenset()
        self._city_hexes = frozenset(board.cities)
        self._occupied: frozenset[Hex] = frozenset()
        self._city_names = [citynames.CityName(c.name, c.size, c.centre, c.capital)
                            for c in self.printed.cities]
        self._names_at: tuple[tuple[float, int], dict[str, pygame.FRect]] = ((0.0, -1), {})
        self._counters_version = 0
        self._stack_rects: dict[str, pygame.FRect] = {}

    # --- static picture --------------------------------------------------------------------

    def _paint(self, tile: pygame.Surface, z: float, origin: tuple[int, int],
               world: pygame.FRect) -> None:
        """The engine's terrain, borders and hex numbers, then the printed features."""
        self._paint_with(tile, z, origin, world, frozenset())

    def _paint_with(self, tile: pygame.Surface, z: float, origin: tuple[int, int],
                    world: pygame.FRect, painted: frozenset[str]) -> None:
        """The map with the `painted` overlays between the terrain and the printed features
        (roads, cities and factors stay readable over the tints)."""
        super()._paint(tile, z, origin, world)
        if painted:
            self.painter.paint(tile, z, origin, self._hexes_in(world), painted,
                               self._disputed, HEX_RADIUS * z)
        printing.paint(self.printed, tile, z, origin, world, HEX_RADIUS * z)

    def set_counters(self, counters: Mapping[str, Sequence[CounterSpec]]) -> None:
        """The counters, and the hexes they stand on (the zone letters keep clear of them)."""
        super().set_counters(counters)
        self._occupied = frozenset(h for loc, specs in counters.items() if specs
                                   for h in (parse_hex_id(loc),) if h is not None)
        bounds = dict(self.stacks.stack_bounds())
        if bounds != self._stack_rects:
            self._stack_rects = bounds
            self._counters_version += 1

    def city_names(self, zoom: float) -> dict[str, pygame.FRect]:
        """Where each city's name stands at `zoom`, in world pixels (`citynames.place`), kept
        until the zoom or the counters change."""
        key = (zoom, self._counters_version)
        if self._names_at[0] != key:
            stacks = {}
            for loc, rect in self._stack_rects.items():
                h = parse_hex_id(loc)
                if h is not None and h in self._centres:
                    stacks[self._centres[h]] = rect
            width, height = self.world_size
            self._names_at = (key, citynames.place(
                self._city_names, zoom, HEX_RADIUS, stacks, pygame.FRect(0, 0, width, height)))
        return self._names_at[1]

    def _draw_city_names(self, surface: pygame.Surface, camera: Camera) -> None:
        """The cities' names over the counters they are placed clear of (under a fanned
        stack)."""
        zoom = camera.zoom
        placed = self.city_names(zoom)
        if not placed:
            return
        letters = citynames.font_px(HEX_RADIUS * zoom)
        view = pygame.FRect(camera.visible_world_rect())
        for city in self._city_names:
            rect = placed.get(city.name)
            if rect is None or not view.colliderect(rect):
                continue
            x, y = camera.world_to_screen(rect.x, rect.y)
            surface.blit(citynames.picture(city.name, city.size, letters), (round(x), round(y)))

    # --- overlays --------------------------------------------------------------------------

    @property
    def painter(self) -> OverlayPainter:
        """The overlays' geometry, worked out when an overlay is first shown (not at start-up)."""
        if self._painter is None:
            self._painter = _overlay_painter(self.data, self._corners, self._centres)
        return self._painter

    def set_overlays(self, on: frozenset[str]) -> None:
        """Show the overlays `on`: the picture painted with those of them painted into the
        tiles, from its cache if it is the plain map's or the one shown."""
        self.overlays = frozenset(on)
        painted = self.overlays & overlays.PAINTED
        if painted not in self._layers:
            self._layers = {k: v for k, v in self._layers.items() if not k}
            self._layers[painted] = StaticLayer(
                self.world_size,
                lambda tile, z, origin, world: self._paint_with(tile, z, origin, world, painted),
                background=self._layer.background)
        self._layer = self._layers[painted]

    def set_control(self, control: Mapping[str, str]) -> None:
        """Control of every province; a province that comes into or out of dispute is painted
        again where the provinces-in-dispute overlay shows it (its tiles only)."""
        self.control = dict(control)
        disputed = frozenset(p for p, s in self.control.items() if s == "disputed")
        changed = disputed ^ self._disputed
        self._disputed = disputed
        if not changed:
            return
        for key, layer in self._layers.items():
            if overlays.DISPUTED not in key:
                continue
            for pid in sorted(changed):
                box = self.painter.province_box(pid)
                if box is not None:
                    layer.invalidate(box)

    # --- BoardView -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, camera: Camera, hover: str | None,
             highlights: Mapping[str, str]) -> None:
        """Map, marks, counters, control markers and the mini-map. The screen's own
        highlights (a selection made by a click) win over the marks of the decision."""
        if self._camera is not camera:
            self._camera = camera
            camera.drag_filter = self._press
        marks = {**self.marks, **highlights}
        clip = surface.get_clip()
        surface.set_clip(camera.viewport.clip(clip))
        self.layer.draw(surface, camera)
        marked = set()
        for target, style in marks.items():
            h = parse_hex_id(target)
            if h is not None and h in self.cells:
                draw_highlight(surface, self._screen_hex(h, camera), style)
                marked.add(h)
        if overlays.ROADS in self.overlays and marked:
            overlays.draw_roads(surface, self._road_points, frozenset(marked),
                                self._city_hexes, camera.world_to_screen,
                                HEX_RADIUS * camera.zoom)
        hovered = parse_hex_id(hover) if hover else None
        if hovered is not None and hovered in self.cells and hover not in marks:
            draw_highlight(surface, self._screen_hex(hovered, camera), "hover")
        self.stacks.hover(hover if hover != MINIMAP else None, camera.zoom)
        hinted = [t for t, style in marks.items() if style == HINT]
        self._ring_hint(surface, camera, hinted)
        self.stacks.draw(surface, camera, marks,
                         before_fan=lambda: self._draw_city_names(surface, camera))
        self._draw_control(surface, camera)
        for target in hinted:  # a counter suggested is outlined over those stacked on it
            rect = self.target_rect(target, camera)
            if rect is not None:
                draw_highlight(surface, rect_points(rect), HINT)
        self._draw_overlay_labels(surface, camera)
        self.minimap.set_status(self.control)
        self.minimap.draw(surface, camera)
        surface.set_clip(clip)

    def _ring_hint(self, surface: pygame.Surface, camera: Camera, targets: list[str]) -> None:
        """A ring round each hex the hint names, seen at every zoom (a hex of the whole map is
        a few pixels wide); under the counters and the city names, which stay readable."""
        px = HEX_RADIUS * camera.zoom
        for target in targets:
            h = parse_hex_id(target)
            if h is not None and h in self.cells:
                centre = camera.world_to_screen(*hex_to_pixel(self.layout, h))
                radius = max(px * 1.2, 16.0)
                pygame.draw.circle(surface, C.INK, centre, radius + 3, 9)
                pygame.draw.circle(surface, C.HINT, centre, radius, 3)

    def target_rect(self, target: str, camera: Camera) -> pygame.Rect | None:
        """The mini-map, or a counter, on screen (its tooltip keeps off it)."""
        if target == MINIMAP:
            return pygame.Rect(self.minimap.rect)
        return super().target_rect(target, camera)

    def keep_clear(self) -> list[pygame.Rect]:
        """The mini-map as last drawn: toasts keep off it."""
        return [self.minimap.rect]

    def hit(self, world_pos: tuple[float, float]) -> str | None:
        """The mini-map over everything, then counters, then hexes."""
        if self._camera is not None and self.minimap.contains(
                self._camera.world_to_screen(*world_pos)):
            return MINIMAP
        return super().hit(world_pos)

    def tooltip(self, target: str) -> str | None:
        if target == MINIMAP:
            return ("Control of the provinces (auxiliary map, section 9.1): white Nationalist, "
                    "green Republican, blue and hatched in dispute. The frame is the part of "
                    "the map in view: click to move the view there.")
        if target in self.counter_notes:
            return self.counter_notes[target]
        h = parse_hex_id(target)
        if h is None or h not in self.cells:
            return None
        return self.hex_text(h)

    # --- queries ---------------------------------------------------------------------------

    def hex_text(self, h: Hex) -> str:
        """What a hex is, as the rulebook names it: number, city, terrain, province and its
        control, weather zone."""
        data = self.data
        board = data.board
        terrain = board.terrain[h]
        place = hex_place(data, h)
        lines = [f"{place[0].upper()}{place[1:]}: {TERRAIN_NAMES[terrain]}"]
        city = board.cities.get(h)
        if city is not None:
            kind = "provincial capital" if city.capital else "city"
            port = ", port" if city.id in data.ports else ""
            lines.append(f"{city.name}: {kind}{port}, stacking {city.size} land counters "
                         f"(section 8), +1 in defence")
        if h == board.strait:
            lines.append("Strait of Gibraltar: a Nationalist naval counter here is the bridge "
                         "from Africa, 2 army counters a turn (section 7.2)")
        territory = board.territory.get(h, "")
        if territory in data.provinces:
            p = data.provinces[territory]
            state = self.control.get(territory, "")
            owner = {"nationalist": "Nationalist", "republican": "Republican",
                     "disputed": "in dispute"}.get(state, "")
            factors = [f"population {p.population}"]
            factors += [f"{name} {v}" for name, v in (("economic", p.economic),
                                                      ("morale", p.morale), ("port", p.port))
                        if v]
            zone = self.zone_names.get(p.weather_zone, "")
            weather = " — ZM marker in force" if p.weather_zone in self.weather else ""
            lines.append(f"Province of {p.name} ({owner}): {', '.join(factors)}")
            lines.append(f"Weather zone {p.weather_zone} ({zone}){weather}")
        elif territory in data.regions:
            region = data.regions[territory]
            lines.append(f"{region.name}: Nationalist ground, closed to Republican land "
                         f"counters, stacking {region.stacking}")
        return "\n".join(lines)

    def hex_anchor(self, label: str) -> Point | None:
        """World centre of a hex given as a "col,row" label."""
        return self.anchor(board_id(label))

    # --- live parts ------------------------------------------------------------------------

    def _press(self, world_pos: Point) -> bool:
        """A left press on the mini-map moves the camera there instead of starting a pan."""
        camera = self._camera
        if camera is None:
            return True
        screen = camera.world_to_screen(*world_pos)
        if not self.minimap.contains(screen):
            return True
        if self.minimap.map_rect.collidepoint(screen):
            camera.center_on(self.minimap.world_at(screen))
        return False

    def _screen_hex(self, h: Hex, camera: Camera) -> list[Point]:
        cx, cy = hex_to_pixel(self.layout, h)
        return [camera.world_to_screen(cx + dx, cy + dy)
                for dx, dy in (hex_corner_offset(self.layout, i) for i in range(6))]

    def _draw_overlay_labels(self, surface: pygame.Surface, camera: Camera) -> None:
        """The zone letters with their ZM markers, the sector names and the legend of the
        overlays switched on."""
        if not self.overlays:
            return
        px = HEX_RADIUS * camera.zoom
        view = camera.viewport
        if overlays.WEATHER in self.overlays:
            size = max(18, min(34, round(px * 1.1)))
            for zone, at in sorted(self.painter.zone_anchors(self._occupied).items()):
                badge = overlays.zone_letter(zone, size, zone in self.weather)
                x, y = camera.world_to_screen(*at)
                surface.blit(badge, badge.get_rect(midleft=(round(x - size / 2),
                                                            round(y))))
        if overlays.SECTORS in self.overlays:
            size = max(12, min(16, round(px * 0.5)))
            for sector, at in sorted(self.painter.sector_anchor.items()):
                lines = self.sector_labels.get(sector)
                if not lines:
                    continue
                label = overlays.sector_label(lines, size, sector)
                x, y = camera.world_to_screen(*at)
                rect = label.get_rect(center=(round(x), round(y)))
                # kept inside the view, clear of the legend and the mini-map
                rect.clamp_ip(view.inflate(-20, -20))
                surface.blit(label, rect)
        if self.legend:
            size = max(12, min(15, view.width // 110))
            legend = overlays.legend_picture(self.legend, size,
                                             max(240, min(400, view.width // 3)))
            # bottom left, over the Atlantic and Morocco where no counter stands (the mini-map
            # holds the bottom right)
            surface.blit(legend, legend.get_rect(bottomleft=(view.x + 10, view.bottom - 10)))

    def _draw_control(self, surface: pygame.Surface, camera: Camera) -> None:
        """The control marker of every province on its capital hex (section 9.1)."""
        px = HEX_RADIUS * camera.zoom
        if px < 9:
            return
        view = camera.visible_world_rect().inflate(2 * HEX_RADIUS, 2 * HEX_RADIUS)
        for pid, (x, y) in self._capitals.items():
            if not view.collidepoint(x, y):
                continue
            state = self.control.get(pid)
            if state is None:
                continue
            sx, sy = camera.world_to_screen(x + HEX_RADIUS * 0.62, y - HEX_RADIUS * 0.5)
            draw_control_marker(surface, (sx, sy), max(9, round(px * 0.42)), state)


# --- building the board from the rules' data ------------------------------------------------


def _overlay_painter(data: GuerraData, corners: Mapping[Hex, Sequence[Point]],
                     centres: Mapping[Hex, Point]) -> OverlayPainter:
    """The overlays' geometry: every land hex of a province or region with its weather zone,
    sector (index in the scenario's order) and territory."""
    board = data.board
    zone: dict[Hex, str] = {}
    sector: dict[Hex, int] = {}
    territory: dict[Hex, str] = {}
    for h, t in board.territory.items():
        if h not in corners or board.terrain.get(h) not in (Terrain.LAND, Terrain.MOUNTAIN):
            continue
        if t not in data.provinces and t not in data.regions:
            continue
        zone[h] = data.zone_of(t)
        sector[h] = data.sectors.index(data.sector_of(t))
        territory[h] = t
    # which two corners of a hex lie on its side towards each direction (the same for all)
    origin = Hex(0, 0)
    first = next(iter(corners))
    offsets = [(x - centres[first][0], y - centres[first][1]) for x, y in corners[first]]
    sides = []
    for d in range(6):
        n = hex_neighbor(origin, d)
        step = hex_to_pixel_step(n)
        shared = [i for i, (x, y) in enumerate(offsets)
                  if any(abs(x - (step[0] + dx)) < 1e-6 and abs(y - (step[1] + dy)) < 1e-6
                         for dx, dy in offsets)]
        sides.append((shared[0], shared[1]))
    sea = frozenset(h for h, t in board.terrain.items() if t is Terrain.SEA and h in corners)
    crowded = set(board.road_hexes)
    for city in board.cities:
        near = {city}
        for _ in range(2):
            near |= {hex_neighbor(h, d) for h in near for d in range(6)}
        crowded |= near
    return OverlayPainter(corners, centres, zone, sector, territory, sides, sea,
                          frozenset(crowded))


def hex_to_pixel_step(h: Hex) -> Point:
    """The world offset from a hex's centre to its neighbour `h` of Hex(0, 0)'s centre."""
    layout = Layout(LAYOUT_POINTY, (HEX_RADIUS, HEX_RADIUS), (0.0, 0.0))
    return hex_to_pixel(layout, h)


def _cells(data: GuerraData) -> dict[Hex, CellStyle]:
    """A style per hex: terrain fill and pattern, province as region, hex number on land."""
    board = data.board
    tones = _province_tones(data)
    cells: dict[Hex, CellStyle] = {}
    for h, terrain in board.terrain.items():
        territory = board.territory.get(h, "")
        label = "" if h in board.cities or terrain not in (Terrain.LAND, Terrain.MOUNTAIN) \
            else hex_label(h)
        if terrain is Terrain.SEA:
            cells[h] = CellStyle(C.SEA, "sea")
        elif terrain is Terrain.MOUNTAIN:
            cells[h] = CellStyle(C.MOUNTAIN, "mountain", label, territory)
        elif terrain is Terrain.LAND:
            cells[h] = CellStyle(tones.get(territory, C.LAND), "", label, territory)
        else:
            cells[h] = CellStyle(FOREIGN_FILL, "", "", terrain.value)
    return cells


def _province_tones(data: GuerraData) -> dict[str, C.Color]:
    """Greedy colouring: each territory a land tone different from its neighbours' if it can."""
    tones: dict[str, C.Color] = {}
    neighbours = data.board.province_neighbours
    for territory in sorted(neighbours):
        used = {tones[n] for n in neighbours[territory] if n in tones}
        tones[territory] = next((t for t in LAND_TONES if t not in used), LAND_TONES[0])
    return tones


def _mini_cells(data: GuerraData, layout: Layout, centres: Mapping[Hex, Point]
                ) -> list[MiniCell]:
    offsets = [hex_corner_offset(layout, i) for i in range(6)]
    cells = []
    for h, terrain in data.board.terrain.items():
        cx, cy = centres[h]
        kind = "sea" if terrain is Terrain.SEA else (
            "land" if terrain in (Terrain.LAND, Terrain.MOUNTAIN) else "foreign")
        cells.append(MiniCell(tuple((cx + dx, cy + dy) for dx, dy in offsets), kind,
                              data.board.territory.get(h, "")))
    return cells


def _province_borders(data: GuerraData, layout: Layout, centres: Mapping[Hex, Point]
                      ) -> list[tuple[Point, Point]]:
    """Hex sides between two territories, once each, for the mini-map."""
    territory = data.board.territory
    offsets = [hex_corner_offset(layout, i) for i in range(6)]
    found = []
    for h, t in territory.items():
        cx, cy = centres[h]
        corners = [(cx + dx, cy + dy) for dx, dy in offsets]
        for d in range(6):
            n = hex_neighbor(h, d)
            other = territory.get(n)
            if other is None or other == t or n < h:
                continue
            ncx, ncy = centres[n]
            shared = [p for p in corners
                      if any(abs(p[0] - (ncx + dx)) < 1e-6 and abs(p[1] - (ncy + dy)) < 1e-6
                             for dx, dy in offsets)]
            if len(shared) == 2:
                found.append((shared[0], shared[1]))
    return found


def road_chains(map_doc: Mapping[str, Any]) -> list[list[Hex]]:
    """The first-class roads of the map document as chains of hexes (section 2.1)."""
    return [[parse_hex(x) for x in road["hexes"]] for road in map_doc.get("roads") or []]
