"""The hex map and area map views: hit testing through the camera, stacks and their fan-out,
the cached static layer, tooltips, highlights that do not rely on colour, counter art, and
screenshots of a sample hex map and a sample church for people to look at."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math  # noqa: E402
import random  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.core.hexgrid import ODD, Hex, OffsetCoord, hex_linedraw, roffset_to_cube  # noqa: E402
from engine.ui import colors  # noqa: E402
from engine.ui.adapter import CounterSpec  # noqa: E402
from engine.ui.areaview import AreaMapView, AreaRegion, SpaceStyle, track_spaces  # noqa: E402
from engine.ui.camera import ZOOM_STEPS, Camera  # noqa: E402
from engine.ui.counters import render_counter, shadow_px  # noqa: E402
from engine.ui.hexmap import CellStyle, HexMapView, hex_id, parse_hex_id  # noqa: E402
from engine.ui.layout import LAYOUT_POINTY, Layout  # noqa: E402

pytestmark = pytest.mark.ui

VIEWPORT = pygame.Rect(0, 0, 1280, 800)


@pytest.fixture(autouse=True)
def pygame_up() -> Iterator[None]:
    pygame.init()
    yield


# -- sample boards -------------------------------------------------------------------------------


def cube(col: int, row: int) -> Hex:
    return roffset_to_cube(ODD, OffsetCoord(col, row))


def sample_hex_map(cols: int = 60, rows: int = 50, size: float = 28.0) -> HexMapView:
    """A peninsula: sea around, a mountain chain, hills, forest and marsh, two provinces split
    along a diagonal, a road between two cities; hexes numbered as printed (column, row)."""
    rng = random.Random(1936)
    cells: dict[Hex, CellStyle] = {}
    names: dict[Hex, str] = {}
    for row in range(rows):
        for col in range(cols):
            h = cube(col, row)
            wobble = 0.12 * math.sin(col * 0.7) * math.cos(row * 0.5) + rng.uniform(-0.04, 0.04)
            land = ((col - 31) / 26) ** 2 + ((row - 25) / 21) ** 2 + wobble < 1
            north = col + 1.3 * row < 62
            region = "castilla" if north else "andalucia"
            label = f"{col:02d}{row:02d}"
            if not land:
                cells[h] = CellStyle(colors.SEA, "sea", label)
                names[h] = f"Sea ({label})"
                continue
            ridge = abs(row - (18 + 6 * math.sin(col / 6))) < 1.6 and 12 < col < 50
            if ridge:
                terrain, fill = "mountain", colors.MOUNTAIN
            elif abs(row - (18 + 6 * math.sin(col / 6))) < 3.2 and rng.random() < 0.6:
                terrain, fill = "hills", colors.HILLS
            elif 34 < col < 42 and 28 < row < 36:
                terrain, fill = "forest", colors.FOREST
            elif 18 < col < 24 and 36 < row < 40:
                terrain, fill = "marsh", colors.MARSH
            else:
                terrain, fill = "", colors.LAND if north else colors.LAND_ALT
            cells[h] = CellStyle(fill, terrain, label, region)
            province = "Castilla" if north else "Andalucía"
            names[h] = f"{province}, {terrain or 'clear'} ({label})"
    madrid, sevilla, valencia = cube(28, 22), cube(22, 38), cube(48, 28)
    road = [*hex_linedraw(madrid, cube(30, 30))[:-1], *hex_linedraw(cube(30, 30), sevilla)]
    roads = [road, hex_linedraw(madrid, valencia)]
    cities = {madrid: "Madrid", sevilla: "Sevilla", valencia: "Valencia"}
    layout = Layout(LAYOUT_POINTY, (size, size), (0.0, 0.0))
    return HexMapView(layout, cells, roads=roads, cities=cities, names=names)


def nationalist(
    cid: str, symbol: str, factors: str, label: str, figures: str = "black", flipped: bool = False
) -> CounterSpec:
    return CounterSpec(
        id=cid,
        name=f"Nationalist {label}",
        fill=colors.GUERRA_NATIONALIST,
        ink=colors.NATIONALIST_FIGURES[figures],
        symbol=symbol,
        factors=factors,
        label=label,
        flipped=flipped,
        side="nationalist",
    )


def republican(
    cid: str, symbol: str, factors: str, label: str, figures: str = "yellow", flipped: bool = False
) -> CounterSpec:
    return CounterSpec(
        id=cid,
        name=f"Republican {label}",
        fill=colors.GUERRA_REPUBLICAN,
        ink=colors.REPUBLICAN_FIGURES[figures],
        symbol=symbol,
        factors=factors,
        label=label,
        flipped=flipped,
        side="republican",
    )


def sample_hex_counters() -> dict[str, list[CounterSpec]]:
    return {
        hex_id(cube(27, 22)): [
            nationalist("n-hq", "hq", "1", "Mola"),
            nationalist("n-1", "infantry", "4-3", "1 Navarra"),
            nationalist("n-2", "artillery", "3-2", "Art. 4", "ochre"),
        ],
        hex_id(cube(29, 21)): [republican("r-1", "infantry", "3-3", "XI BI")],
        hex_id(cube(29, 23)): [
            republican("r-2", "armor", "5-4", "T-26", "black"),
            republican("r-3", "cavalry", "2-5", "1 Cab", flipped=True),
        ],
        hex_id(cube(25, 23)): [nationalist("n-3", "leader", "", "Franco", "red")],
        hex_id(cube(26, 24)): [nationalist("n-4", "infantry", "2-3", "Reg. 5", "green", True)],
        hex_id(cube(31, 22)): [republican("r-4", "air", "2", "Chatos", "black")],
        hex_id(cube(4, 20)): [nationalist("n-5", "fleet", "6", "Canarias")],
        hex_id(cube(28, 25)): [
            CounterSpec("c-1", "Control", colors.CONTROL_WHITE, colors.INK, "marker", label="Ctrl")
        ],
        hex_id(cube(30, 24)): [republican("r-5", "FAI", "1-4", "Col. Durruti", "black")],
    }


CHURCH = {
    "north": ((40, 40), (600, 40), (600, 260), (40, 260)),
    "west": ((40, 260), (320, 260), (320, 560), (40, 560)),
    "east": ((320, 260), (600, 260), (600, 560), (320, 560)),
    "south": ((40, 560), (600, 560), (600, 720), (40, 720)),
}


def sample_area_map() -> AreaMapView:
    """A church with four areas, a bell tower shared by all four, guard posts, a track."""
    tints = {
        "north": colors.LAND,
        "west": colors.LAND_ALT,
        "east": colors.HILLS,
        "south": colors.FOREST,
    }
    label_at = {"north": (470, 150), "west": (180, 295), "east": (460, 520), "south": (150, 650)}
    regions = [
        AreaRegion(
            rid, rid.title(), poly, colors.mix(tints[rid], colors.PAPER, 0.35), label_at[rid]
        )
        for rid, poly in CHURCH.items()
    ]
    spaces = [
        SpaceStyle(
            "tower",
            "Bell tower",
            (270, 210, 100, 100),
            colors.PAPER,
            "post",
            ("North", "South", "East", "West"),
        ),
        SpaceStyle("door", "Main door", (240, 585, 170, 100), colors.PAPER, "post", ("South",)),
        SpaceStyle("sacristy", "Sacristy", (460, 330, 110, 90), colors.PAPER, "post", ("East",)),
        SpaceStyle(
            "window", "North window", (120, 70, 120, 80), colors.PAPER, "post", ("North", "West")
        ),
        SpaceStyle(
            "well",
            "Well",
            ((120, 380), (200, 340), (250, 420), (170, 480)),
            colors.lighter(colors.SEA, 0.3),
            "post",
            ("West",),
        ),
        SpaceStyle("infirmary", "Infirmary", (680, 60, 200, 110), colors.PAPER_DARK, "box"),
        *track_spaces("food-", (680, 260), 12, 44, start=0, name="Food", per_row=6),
    ]
    links = [("tower", "door"), ("tower", "sacristy"), ("tower", "window"), ("tower", "well")]
    return AreaMapView(spaces, regions=regions, links=links, world_size=(980, 780))


def spanish(cid: str, symbol: str, factors: str, label: str, flipped: bool = False) -> CounterSpec:
    return CounterSpec(
        cid,
        f"Spanish {label}",
        colors.BALER_SPANISH,
        colors.WHITE,
        symbol,
        factors,
        label,
        flipped,
        "spanish",
    )


def filipino(cid: str, symbol: str, factors: str, label: str, flipped: bool = False) -> CounterSpec:
    return CounterSpec(
        cid,
        f"Philippine {label}",
        colors.BALER_PHILIPPINE,
        colors.WHITE,
        symbol,
        factors,
        label,
        flipped,
        "philippine",
    )


def sample_area_counters() -> dict[str, list[CounterSpec]]:
    return {
        "tower": [
            spanish("s-1", "infantry", "2", "Det. 1"),
            spanish("s-2", "leader", "", "Las Morenas"),
        ],
        "door": [
            filipino("f-1", "infantry", "3", "Band A"),
            filipino("f-2", "infantry", "2", "Band B", True),
            filipino("f-3", "artillery", "1", "Cannon"),
        ],
        "sacristy": [spanish("s-3", "infantry", "1", "Det. 2", True)],
        "infirmary": [spanish("s-4", "infantry", "1", "Sick")],
        "food-7": [CounterSpec("food", "Food", colors.CONTROL_WHITE, colors.INK, "marker")],
    }


def camera_for(view: HexMapView | AreaMapView, zoom: float, centre: tuple[float, float]) -> Camera:
    cam = Camera(VIEWPORT, view.world_size)
    cam.zoom = zoom
    cam.center_on(centre)
    return cam


def drawn(
    view: HexMapView | AreaMapView,
    cam: Camera,
    hover: str | None = None,
    highlights: dict[str, str] | None = None,
) -> pygame.Surface:
    """The settled frame: drawn again while the view is still refining a new zoom level."""
    screen = pygame.Surface(VIEWPORT.size)
    view.draw(screen, cam, hover, highlights or {})
    while cam.refining:
        view.draw(screen, cam, hover, highlights or {})
    return screen


@pytest.fixture(scope="module")
def hexmap() -> HexMapView:
    pygame.init()
    return sample_hex_map()


@pytest.fixture(scope="module")
def church() -> AreaMapView:
    pygame.init()
    return sample_area_map()


# -- hex map -------------------------------------------------------------------------------------


def test_hex_ids_round_trip() -> None:
    assert parse_hex_id(hex_id(Hex(-3, 12))) == Hex(-3, 12)
    assert parse_hex_id("tower") is None
    assert parse_hex_id("1,x") is None


@pytest.mark.parametrize("zoom", [ZOOM_STEPS[0], 0.6, 1.0, 2.0, ZOOM_STEPS[-1]])
def test_hit_finds_the_hex_under_the_pointer(hexmap: HexMapView, zoom: float) -> None:
    hexmap.set_counters({})
    for h in (cube(0, 0), cube(30, 25), cube(59, 49), cube(13, 40)):
        centre = hexmap.anchor(hex_id(h))
        assert centre is not None
        cam = camera_for(hexmap, zoom, centre)
        screen = cam.world_to_screen(*centre)
        assert hexmap.hit(cam.screen_to_world(*screen)) == hex_id(h)
        # Most of the way to a corner is still the same hex.
        corner = hexmap.layout.size[0] * 0.8
        assert hexmap.hit(cam.screen_to_world(screen[0], screen[1] - corner * zoom)) == hex_id(h)


def test_hit_off_the_map_is_none(hexmap: HexMapView) -> None:
    assert hexmap.hit((-500.0, -500.0)) is None
    assert hexmap.tooltip(hex_id(Hex(500, 500))) is None


def test_counters_on_a_hex_are_hit_topmost_first(hexmap: HexMapView) -> None:
    hexmap.set_counters(sample_hex_counters())
    loc = hex_id(cube(27, 22))
    centre = hexmap.anchor(loc)
    assert centre is not None
    cam = camera_for(hexmap, 1.0, centre)
    drawn(hexmap, cam)
    assert hexmap.hit(centre) == "n-2"
    assert hexmap.tooltip("n-2") == "Nationalist Art. 4 3-2"
    assert hexmap.tooltip("n-4") == "Nationalist Reg. 5 2-3 (flipped)"


def test_a_fanned_stack_offers_every_counter(hexmap: HexMapView) -> None:
    counters = sample_hex_counters()
    hexmap.set_counters(counters)
    loc = hex_id(cube(27, 22))
    centre = hexmap.anchor(loc)
    assert centre is not None
    for zoom in (0.5, 1.0, 2.0):
        cam = camera_for(hexmap, zoom, centre)
        drawn(hexmap, cam, hover=loc)
        assert hexmap.stacks.fanned == loc
        points = [hexmap.anchor(spec.id) for spec in counters[loc]]
        assert len(set(points)) == 3
        for spec, point in zip(counters[loc], points, strict=True):
            assert point is not None
            assert hexmap.hit(point) == spec.id
        # Moving to another counter of the fan keeps it open.
        drawn(hexmap, cam, hover="n-hq")
        assert hexmap.stacks.fanned == loc
    drawn(hexmap, cam, hover=None)
    assert hexmap.stacks.fanned is None


def test_counters_on_unknown_hexes_are_refused(hexmap: HexMapView) -> None:
    with pytest.raises(ValueError, match="unknown location"):
        hexmap.set_counters({"999,999": [republican("x", "infantry", "1", "X")]})


def test_static_layer_is_rendered_once_per_zoom(hexmap: HexMapView) -> None:
    hexmap.set_counters(sample_hex_counters())
    cam = camera_for(hexmap, 1.0, (1000, 700))
    drawn(hexmap, cam)
    builds = hexmap.layer.builds
    assert builds > 0
    drawn(hexmap, cam, hover=hex_id(cube(27, 22)), highlights={"n-1": "selected"})
    assert hexmap.layer.builds == builds
    cam.zoom_at(VIEWPORT.center, 2.0)
    drawn(hexmap, cam)
    assert hexmap.layer.builds > builds


def test_a_zoom_between_steps_scales_the_cached_level(hexmap: HexMapView) -> None:
    cam = camera_for(hexmap, 1.3, (1000, 700))
    first = drawn(hexmap, cam)
    builds = hexmap.layer.builds
    cam.zoom = 1.35
    cam.center_on((1000, 700))
    second = drawn(hexmap, cam)
    assert hexmap.layer.builds == builds
    assert first.get_at(VIEWPORT.center) != colors.TABLE
    assert second.get_at(VIEWPORT.center) != colors.TABLE


def interior_and_edge(
    view: HexMapView, h: Hex, cam: Camera
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Screen pixels well inside the hex, and pixels along its sides (pointy-top corners lie at
    30 + 60k degrees)."""
    centre = view.anchor(hex_id(h))
    assert centre is not None
    cx, cy = cam.world_to_screen(*centre)
    r = view.layout.size[0] * cam.zoom
    inner = [
        (round(cx + dx), round(cy + dy))
        for dx in range(-int(r * 0.5), int(r * 0.5))
        for dy in range(-int(r * 0.5), int(r * 0.5))
    ]
    edge = []
    for i in range(6):
        a = math.radians(60 * i + 30)
        b = math.radians(60 * (i + 1) + 30)
        for t in [k / 20 for k in range(21)]:
            x = cx + r * ((1 - t) * math.cos(a) + t * math.cos(b))
            y = cy + r * ((1 - t) * math.sin(a) + t * math.sin(b))
            edge.append((round(x), round(y)))
    return inner, edge


def changed(a: pygame.Surface, b: pygame.Surface, points: list[tuple[int, int]]) -> int:
    return sum(a.get_at(p) != b.get_at(p) for p in points)


def test_highlights_mark_with_shape_not_colour_alone(hexmap: HexMapView) -> None:
    hexmap.set_counters({})
    h = cube(12, 33)
    centre = hexmap.anchor(hex_id(h))
    assert centre is not None
    cam = camera_for(hexmap, 2.0, centre)
    plain = drawn(hexmap, cam)
    inner, edge = interior_and_edge(hexmap, h, cam)
    marked = {
        style: drawn(hexmap, cam, highlights={hex_id(h): style})
        for style in ("selected", "target", "attack")
    }
    # Every style outlines the hex...
    for surf in marked.values():
        assert changed(plain, surf, edge) > len(edge) // 3
    # ...a solid outline all round, a dashed one with gaps...
    assert changed(plain, marked["selected"], edge) > changed(plain, marked["target"], edge)
    # ...and the two kinds of target add patterns of their own inside the hex.
    assert changed(plain, marked["selected"], inner) == 0
    dots = {p for p in inner if plain.get_at(p) != marked["target"].get_at(p)}
    hatch = {p for p in inner if plain.get_at(p) != marked["attack"].get_at(p)}
    assert dots and hatch and dots != hatch
    # The outline stands out from the hex's fill all the way round.
    fill = hexmap.cells[h].fill
    ring = [marked["selected"].get_at(p)[:3] for p in edge]
    assert sum(c != fill for c in ring) > len(ring) * 0.9


@pytest.mark.parametrize("style", ["target", "selected", "attack", "hover", "hint"])
def test_an_outline_drawn_afresh_and_its_kept_picture_are_the_same_pixels(style: str) -> None:
    """A highlight's outline is drawn straight onto the screen the first time its polygon shows
    and from a kept picture after: both must give the same pixels, or the screen left by one
    frame is not what the next full frame draws (DESIGN.md §8; a dashed outline's dash ends
    once rounded differently at some places on the board)."""
    from engine.ui import drawing

    hs = colors.HIGHLIGHTS[style]
    pad = hs.width + 2 * hs.edge
    rng = random.Random(1)
    for _ in range(200):
        cx, cy, r = rng.uniform(40, 600), rng.uniform(40, 400), rng.uniform(6, 40)
        points = [(cx + r * math.cos(math.pi / 6 + k * math.pi / 3),
                   cy + r * math.sin(math.pi / 6 + k * math.pi / 3)) for k in range(6)]
        left = math.floor(min(x for x, _ in points))
        top = math.floor(min(y for _, y in points))
        rel = tuple((round(x - left), round(y - top)) for x, y in points)
        direct = pygame.Surface((700, 500))
        direct.fill((90, 140, 190))
        kept = direct.copy()
        drawing._outline(direct, rel, (left, top), hs)
        kept.blit(drawing._outline_picture(rel, hs), (left - pad, top - pad))
        assert pygame.image.tobytes(direct, "RGB") == pygame.image.tobytes(kept, "RGB"), points


# -- area map ------------------------------------------------------------------------------------


def test_tooltip_of_a_shared_space_lists_every_area(church: AreaMapView) -> None:
    assert church.tooltip("tower") == "Bell tower — areas: North, South, East, West"
    assert church.tooltip("door") == "Main door — area: South"
    assert church.tooltip("infirmary") == "Infirmary"
    assert church.tooltip("north") == "North"
    assert church.tooltip("nowhere") is None


def test_area_hits_spaces_polygons_and_regions(church: AreaMapView) -> None:
    church.set_counters({})
    assert church.hit((320, 260)) == "tower"
    assert church.hit((185, 420)) == "well"
    assert church.hit((125, 345)) == "west"  # inside the well's box, outside its polygon
    assert church.hit((500, 100)) == "north"
    assert church.hit((960, 760)) is None
    assert church.hit((680 + 44 + 5, 260 + 44 + 5)) == "food-7"  # second row, second box


def test_track_spaces_number_their_boxes() -> None:
    boxes = track_spaces("turn-", (10, 20), 8, 30, start=1, name="Turn", per_row=5)
    assert [b.id for b in boxes] == [f"turn-{n}" for n in range(1, 9)]
    assert boxes[0].name == "Turn 1" and boxes[0].label == "1"
    assert boxes[4].shape == (130, 20, 30, 30)
    assert boxes[5].shape == (10, 50, 30, 30)


def test_area_stacks_fan_out_and_are_hit(church: AreaMapView) -> None:
    counters = sample_area_counters()
    church.set_counters(counters)
    cam = camera_for(church, 1.0, (480, 390))
    drawn(church, cam)
    assert church.hit((320, 390 - 40)) != "door"
    door = church.anchor("door")
    assert door is not None and church.hit(door) == "f-3"
    drawn(church, cam, hover="door")
    for spec in counters["door"]:
        point = church.anchor(spec.id)
        assert point is not None and church.hit(point) == spec.id


def test_area_layer_is_cached(church: AreaMapView) -> None:
    cam = camera_for(church, 1.0, (480, 390))
    drawn(church, cam)
    builds = church.layer.builds
    drawn(church, cam, hover="tower", highlights={"east": "attack", "tower": "target"})
    assert church.layer.builds == builds


def test_area_map_rejects_bad_links() -> None:
    with pytest.raises(ValueError, match="unknown spaces"):
        AreaMapView([SpaceStyle("a", "A", (0, 0, 10, 10))], links=[("a", "b")])


# -- counters ------------------------------------------------------------------------------------


def test_counter_art_is_cached_and_sides_differ() -> None:
    face = nationalist("n-1", "infantry", "4-3", "1 Navarra")
    back = nationalist("n-1", "infantry", "4-3", "1 Navarra", flipped=True)
    a = render_counter(face, 48)
    assert render_counter(face, 48) is a
    assert a.get_size() == (48 + shadow_px(48), 48 + shadow_px(48))
    b = render_counter(back, 48)
    diff = sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(48) for y in range(48))
    assert diff > 48 * 48 // 10


@pytest.mark.parametrize(
    "symbol",
    ["infantry", "cavalry", "artillery", "armor", "hq", "leader", "fleet", "air", "marker", "FAI"],
)
def test_every_symbol_draws_ink_in_the_middle(symbol: str) -> None:
    spec = republican("r", symbol, "", "", "black")
    surf = render_counter(spec, 40)
    ink = colors.REPUBLICAN_FIGURES["black"]
    middle = [surf.get_at((x, y))[:3] for x in range(8, 32) for y in range(10, 30)]
    assert sum(1 for c in middle if sum(abs(p - q) for p, q in zip(c, ink, strict=True)) < 60) > 8


# -- screenshots ---------------------------------------------------------------------------------


def save(surface: pygame.Surface, name: str, folder: Path) -> None:
    pygame.image.save(surface, folder / name)
    extra = os.environ.get("WARGAMES_SHOTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, Path(extra) / name)


def test_screenshots(tmp_path: Path) -> None:
    hexes = sample_hex_map()
    hexes.set_counters(sample_hex_counters())
    overview = Camera(VIEWPORT, hexes.world_size)
    save(drawn(hexes, overview), "hexmap-overview.png", tmp_path)
    madrid = hexes.anchor(hex_id(cube(28, 22)))
    assert madrid is not None
    close = camera_for(hexes, 1.414, madrid)
    highlights = {
        "n-1": "selected",
        hex_id(cube(28, 21)): "target",
        hex_id(cube(28, 22)): "target",
        hex_id(cube(29, 23)): "attack",
    }
    save(drawn(hexes, close, highlights=highlights), "hexmap-close.png", tmp_path)
    save(drawn(hexes, close, hover=hex_id(cube(27, 22))), "hexmap-fanned.png", tmp_path)

    church = sample_area_map()
    church.set_counters(sample_area_counters())
    cam = Camera(VIEWPORT, church.world_size)
    save(
        drawn(church, cam, highlights={"east": "attack", "well": "target"}), "areamap.png", tmp_path
    )
    save(drawn(church, cam, hover="door"), "areamap-fanned.png", tmp_path)
    for name in ("hexmap-overview", "hexmap-close", "hexmap-fanned", "areamap", "areamap-fanned"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
