"""Where everything is printed on the board of Heroes of Baler (rulebook "The board"): the
church map in the middle with its four areas, the Spanish area on the left, the Philippine area
on the right, the turn, initiative and victory point tracks on top, the shared area under the
map, and a tray at the bottom where the hand of cards lies.

The spaces, their names and the areas they belong to come from the scenario (board.yaml,
through `GameData`); this module only decides where they go. World pixels: the board is
`WORLD` wide and high; one counter is `COUNTER` square.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from baler.rules.state import (
    ES_BAG,
    ES_ELIMINATED,
    PH_BAG,
    PH_ELIMINATED,
    RESERVE,
    WALLS,
    GameData,
    Side,
    centre,
)
from baler.ui import palette as P
from engine.ui.areaview import AreaRegion, SpaceStyle, track_spaces
from engine.ui.layout import Point

WORLD = (1240, 1120)
COUNTER = 38.0
POST = 46.0
BOX = 40.0
CARD = (62.0, 84.0)

MAP = (300.0, 122.0, 640.0)
"""The church map: left, top and side of its square."""
CHURCH_INSET = 180.0
TRAY_TOP = 892.0
"""The bottom band of the board, behind the hand of cards."""

AREA_SIDES = {"2": 0, "3": 1, "4": 2, "1": 3}
"""Which side of the church each area lies on, clockwise from the top (the reconstruction of
docs/rules-notes/baler.md §2: area 1 west, 2 north, 3 east, 4 south)."""
WALL_LABELS = ("Int", "Dam", "Wrk", "Des")

Rect = tuple[float, float, float, float]
SMALL = frozenset({"post", "space", "track", "trench"})
"""Kinds of space one counter covers whole."""


@dataclass(slots=True)
class Board:
    """The printed board: spaces (drawn in order), background regions, and the spaces that only
    carry text or frame a group (they hold no counter)."""

    spaces: list[SpaceStyle] = field(default_factory=list)
    regions: list[AreaRegion] = field(default_factory=list)
    rects: dict[str, Rect] = field(default_factory=dict)
    """Every rectangular space by id."""

    def add(self, sid: str, name: str, rect: Rect, fill: P.Color, kind: str = "box",
            areas: tuple[str, ...] = (), label: str = "") -> None:
        # A counter covers a small space whole, as on the printed board; in a large box it
        # stands under the printed name.
        x, y, w, h = rect
        self.rects[sid] = rect
        anchor = (x + w / 2, y + h / 2) if kind in SMALL else None
        self.spaces.append(SpaceStyle(sid, name, rect, fill, kind, areas, label, anchor))

    def frame(self, sid: str, name: str, rect: Rect, fill: P.Color) -> None:
        """A frame around a group of spaces, its title printed at the top."""
        self.add(sid, name, rect, fill, "frame", label=name)


def _area_frame(area: str) -> Callable[[float, float, float, float], Rect]:
    """Rotate a rectangle given along the outer edge of an area (u along the edge clockwise,
    v inwards from the edge of the map) onto the board."""
    x0, y0, side = MAP
    turn = AREA_SIDES[area]

    def point(u: float, v: float) -> Point:
        if turn == 0:
            return (x0 + u, y0 + v)
        if turn == 1:
            return (x0 + side - v, y0 + u)
        if turn == 2:
            return (x0 + side - u, y0 + side - v)
        return (x0 + v, y0 + side - u)

    def rect(u: float, v: float, du: float, dv: float) -> Rect:
        (ax, ay), (bx, by) = point(u, v), point(u + du, v + dv)
        return (min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))

    return rect


def _corner(area_a: str, area_b: str) -> Rect:
    """The square corner of the map two areas share, where a Philippine corner post stands."""
    x0, y0, side = MAP
    turns = {AREA_SIDES[area_a], AREA_SIDES[area_b]}
    corners = {frozenset({3, 0}): (x0, y0), frozenset({0, 1}): (x0 + side, y0),
               frozenset({1, 2}): (x0 + side, y0 + side), frozenset({2, 3}): (x0, y0 + side)}
    cx, cy = corners[frozenset(turns)]
    inset = 6.0
    left = cx + inset if cx == x0 else cx - inset - POST
    top = cy + inset if cy == y0 else cy - inset - POST
    return (left, top, POST, POST)


def _start_corner(area: str) -> tuple[str, ...]:
    """The two areas sharing the corner at u = 0 of `area` (the previous side clockwise)."""
    turn = AREA_SIDES[area]
    previous = next(a for a, t in AREA_SIDES.items() if t == (turn - 1) % 4)
    return (area, previous)


def church_map(board: Board, data: GameData) -> None:
    """The map of the church: four areas, their guard posts, trench spaces, artillery posts,
    firepower and wall tracks, the centre where incursions are fought, and a box for the
    surveillance and shooting markers (rulebook "The map")."""
    x0, y0, side = MAP
    x1, y1 = x0 + side, y0 + side
    c0, c1 = CHURCH_INSET, side - CHURCH_INSET
    board.regions.append(AreaRegion("region-town", "", ((x0 - 6, y0 - 6), (x1 + 6, y0 - 6),
                                                        (x1 + 6, y1 + 6), (x0 - 6, y1 + 6)),
                                    P.TOWN_EDGE))
    inner = [(x0 + c0, y0 + c0), (x0 + c1, y0 + c0), (x0 + c1, y0 + c1), (x0 + c0, y0 + c1)]
    outer = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for area in data.areas:
        t = AREA_SIDES[area]
        polygon = (outer[t], outer[(t + 1) % 4], inner[(t + 1) % 4], inner[t])
        rect = _area_frame(area)
        lx, ly, _, _ = rect(200, 146, 0, 0)
        # The number alone is printed: a word does not fit across the narrow east and west
        # areas; the tooltip names the area in full.
        board.regions.append(AreaRegion(f"area-{area}", area, polygon, P.AREA_FILLS[t % 2],
                                        label_at=(lx, ly)))
    board.regions.append(AreaRegion("region-church", "", tuple(inner), P.CHURCH_WALL))
    floor = 12.0
    board.regions.append(AreaRegion(
        "region-nave", "Church", ((x0 + c0 + floor, y0 + c0 + floor),
                                  (x0 + c1 - floor, y0 + c0 + floor),
                                  (x0 + c1 - floor, y0 + c1 - floor),
                                  (x0 + c0 + floor, y0 + c1 - floor)),
        P.CHURCH_FLOOR, label_at=(x0 + side / 2, y0 + side / 2 + 52)))
    posts = data.posts
    for pid, post in posts.items():
        if post.side is Side.PHILIPPINE and len(post.areas) == 2:
            a, b = sorted(post.areas)
            board.add(pid, post.name, _corner(a, b), P.PH_POST, "post", tuple(sorted(post.areas)),
                      post.label)
    bell = next(p for p, post in posts.items() if len(post.areas) == len(data.areas))
    half = 30.0
    cx, cy = x0 + side / 2, y0 + side / 2
    board.add(bell, posts[bell].name, (cx - half, cy - half, 2 * half, 2 * half), P.ES_POST,
              "post", tuple(data.areas), "2")
    for area in data.areas:
        _area_spaces(board, data, area)


def _area_spaces(board: Board, data: GameData, area: str) -> None:
    rect = _area_frame(area)
    areas = (area,)
    start = set(_start_corner(area))
    for pid in data.area_posts(Side.SPANISH, area):
        post = data.posts[pid]
        if len(post.areas) == 1:
            u = 262.0 if post.label == "3-4" else 330.0
            board.add(pid, post.name, rect(u, 200, POST, POST), P.ES_POST, "post", areas,
                      post.label)
    for pid in data.area_posts(Side.PHILIPPINE, area):
        post = data.posts[pid]
        if len(post.areas) == 1:
            board.add(pid, post.name, rect(297, 64, POST, POST), P.PH_POST, "post", areas,
                      post.label)
    for tid in data.trenches_by_area[area]:
        beside = data.trench_spaces[tid][1]
        low = any(set(data.posts[p].areas) == start for p in beside)
        u = 140.0 if low else 420.0
        board.add(tid, data.names[tid], rect(u, 14, 80, 38), P.TRENCH, "trench", areas,
                  "Trench")
    art = data.artillery_posts[area]
    board.add(art, data.names[art], rect(297, 8, POST, POST), P.ARTILLERY_POST, "post", areas,
              "Art")
    for level in range(int(data.tables["max_firepower"]) + 1):
        # the cell, not the state: the marker on the track tells the area's firepower
        board.add(f"fp-a{area}-{level}", f"Firepower track of area {area}: the {level} box",
                  rect(120 + level * BOX, 70, BOX, BOX), P.TRACK, "track", areas, str(level))
    for level, condition in enumerate(WALLS):
        board.add(f"walls-a{area}-{level}",
                  f"Church walls track of area {area}: the {condition.title()} box",
                  rect(362 + level * BOX, 70, BOX, BOX), P.WALL_TRACK[level], "track", areas,
                  WALL_LABELS[level])
    board.add(centre(area), f"Centre of area {area} (incursions)", rect(262, 124, 104, 50),
              P.CENTRE, "box", areas, "Incursion")
    board.add(f"markers-a{area}", f"Surveillance and shooting markers, area {area}",
              rect(376, 124, 88, 50), P.MARKER_BOX, "box", areas, "Markers")


def _track(board: Board, prefix: str, name: str, x: float, y: float, count: int,
           start: int = 0, box: float = BOX) -> None:
    board.frame(f"{prefix}frame", name, (x - 3, y - 20, count * box + 6, box + 24), P.FRAME)
    for space in track_spaces(prefix, (x, y), count, box, start, name=name, fill=P.TRACK):
        board.spaces.append(space)


def top_band(board: Board, data: GameData) -> None:
    """The turn track (the US flag on turn 4), the initiative track and the victory point
    track (rulebook "The outer area")."""
    board.regions.append(AreaRegion("region-title", "Heroes of Baler",
                                    ((8, 8), (292, 8), (292, 58), (8, 58)), P.TITLE,
                                    label_at=(150, 33)))
    turns = int(data.tables["turns"])
    us_turn = int(data.tables["foreign_power"]["us_turns"][0])
    x, y = 306.0, 28.0
    board.frame("turn-frame", "Turn", (x - 3, y - 20, turns * 44 + 6, 64), P.FRAME)
    for t in range(1, turns + 1):
        flag = t == us_turn
        name = f"Turn track {t}" + (" — the US flag: the United States enter" if flag else "")
        board.add(f"turn-{t}", name, (x + (t - 1) * 44, y, 44, BOX),
                  P.US_FLAG if flag else P.TRACK, "track", label=f"{t}{' US' if flag else ''}")
    x = 596.0
    board.frame("initiative-frame", "Initiative", (x - 3, y - 20, 2 * 92 + 6, 64), P.FRAME)
    for i, side in enumerate((Side.SPANISH, Side.PHILIPPINE)):
        board.add(f"initiative-{side.value}", f"Initiative track: {side.label}",
                  (x + i * 92, y, 92, BOX), P.SIDE_LIGHT[side], "track", label=side.label)
    board.add("persistence", "Persistence marker (Philippine)", (800, 8, 136, 64),
              P.PH_LIGHT, "box", label="Persistence")
    board.add("power-box", "Foreign power markers off the territorial control map (Spain "
              "strength 3; the United States 4 or 5 from turn 4)", (948, 8, 284, 64), P.FRAME,
              "box", label="Foreign power markers")
    board.add("vp-label", "Victory point track: past 20 the marker flips to +20",
              (8, 76, 292, 42), P.FRAME, "box", label="Victory points (+20: flip)")
    for space in track_spaces("vp-", (306, 76), 21, 42, name="Victory points", fill=P.TRACK):
        board.spaces.append(space)


def _card_space(board: Board, sid: str, name: str, x: float, y: float, label: str,
                fill: P.Color = P.CARD_SPACE) -> None:
    board.add(sid, name, (x, y, CARD[0], CARD[1]), fill, "cards", label=label)


def spanish_area(board: Board, data: GameData) -> None:
    """Supply and morale, detachment, infirmary, command area, eliminated units, bag, the
    Philippine Fog of War deck and the Spanish draw and discard piles (rulebook "The Spanish
    area")."""
    x, w = 8.0, 284.0
    board.regions.append(AreaRegion("region-spanish", "Spanish area",
                                    ((x, 122), (x + w, 122), (x + w, 886), (x, 886)),
                                    P.ES_AREA, label_at=(x + w / 2, 138)))
    _side_tracks(board, "es", Side.SPANISH, x + 4)
    top = 288.0
    board.frame("es-det-frame", "Detachment", (x + 2, top, w - 4, 160), P.FRAME)
    rows = ("1-2", "3-4", "5-6")
    size = 42.0
    for r, row in enumerate(rows):
        ry = top + 22 + r * (size + 2)
        board.add(f"es-det-row-{row}", f"Detachment row {row}" + (" (leaders)" if r == 0 else ""),
                  (x + 6, ry, 26, size), P.FRAME, "label", label=row)
        for col in range(1, 7):
            sid = data.detachment_grid[(row, col)]
            board.add(sid, _detachment_name(data, sid), (x + 34 + (col - 1) * size, ry, size,
                                                         size),
                      P.ES_LEADER_ROW if r == 0 else P.ES_LIGHT, "space", label=str(col))
    top = 452.0
    board.frame("infirmary-frame", "Infirmary (0 = graveyard)", (x + 2, top, w - 4, 92),
                P.FRAME)
    board.add("graveyard", "Infirmary: graveyard (space 0)", (x + 8, top + 22, 38, 40),
              P.GRAVEYARD, "track", label="0")
    for i, bed in enumerate(data.beds, 1):
        bx = x + 8 + i * 39
        board.add(bed, data.names[bed], (bx, top + 22, 38, 40), P.BED, "track", label=str(i))
        _arrow(board, f"infirmary-arrow-{i}", bx + 6, bx - 14, top + 74)
    top = 548.0
    board.frame("es-cmd-frame", "Command area", (x + 2, top, w - 4, 74), P.FRAME)
    _command_posts(board, data, Side.SPANISH, x + 8, top + 22)
    top = 626.0
    board.frame("es-boxes-frame", "Eliminated units and bag", (x + 2, top, w - 4, 84), P.FRAME)
    board.add(ES_ELIMINATED, data.names[ES_ELIMINATED], (x + 8, top + 22, 170, 56),
              P.ELIMINATED, "box", label="Eliminated Ph. units")
    board.add(ES_BAG, data.names[ES_BAG], (x + 184, top + 22, 92, 56), P.ES_LIGHT, "box",
              label="Bag")
    top = 714.0
    board.frame("es-cards-frame", "Cards", (x + 2, top, w - 4, 112), P.FRAME)
    _card_space(board, "fow-deck-philippine", "Philippine Fog of War deck (drawn by the "
                "Spanish side)", x + 14, top + 22, "Ph. FoW", P.PH_LIGHT)
    _card_space(board, "deck-spanish", "Spanish draw deck", x + 110, top + 22, "Draw")
    _card_space(board, "discard-spanish", "Spanish discard pile", x + 206, top + 22, "Discard")


def philippine_area(board: Board, data: GameData) -> None:
    """Supply and morale, the territorial control map of Luzón, detachment and barracks,
    command area, eliminated units, bag, artillery reserve, the Spanish Fog of War deck and the
    Philippine draw and discard piles (rulebook "The Philippine area")."""
    x, w = 948.0, 284.0
    board.regions.append(AreaRegion("region-philippine", "Philippine area",
                                    ((x, 122), (x + w, 122), (x + w, 886), (x, 886)),
                                    P.PH_AREA, label_at=(x + w / 2, 138)))
    _side_tracks(board, "ph", Side.PHILIPPINE, x + 4)
    top = 288.0
    board.frame("tcm-frame", "Territorial control map of Luzón", (x + 2, top, w - 4, 176),
                P.FRAME)
    board.regions.append(AreaRegion("region-luzon", "", _luzon(x, top), P.LUZON))
    # Baler on the east coast (right), Manila on the bay (left), along the road between them.
    for i, (sid, name) in enumerate(zip(data.tcm, data.tcm_names, strict=True)):
        sx, sy = x + 222 - i * 54, top + 66 + (i % 2) * 10
        board.add(sid, data.names[sid], (sx, sy, POST, POST), P.TCM_SPACE, "track",
                  label=str(i + 1))
        short = name if len(name) <= 8 else f"{name[:6]}."
        board.add(f"{sid}-name", data.names[sid], (sx - 2, sy + POST + 2, POST + 4, 18),
                  P.LUZON, "label", label=short)
    top = 468.0
    board.frame("ph-det-frame", "Detachment and barracks", (x + 2, top, w - 4, 114), P.FRAME)
    size = 44.0
    spaces = [*data.ph_leader_spaces, *data.barracks]
    for i, sid in enumerate(spaces):
        r, c = divmod(i, 6)
        leader = sid in data.ph_leader_spaces
        board.add(sid, data.names[sid], (x + 10 + c * size, top + 22 + r * (size + 2), size,
                                         size),
                  P.PH_LEADER_ROW if leader else P.PH_LIGHT, "space",
                  label="Ldr" if leader else str(i - len(data.ph_leader_spaces) + 1))
    top = 586.0
    board.frame("ph-cmd-frame", "Command area", (x + 2, top, w - 4, 74), P.FRAME)
    _command_posts(board, data, Side.PHILIPPINE, x + 8, top + 22)
    top = 664.0
    board.frame("ph-boxes-frame", "Eliminated units, bag, artillery reserve",
                (x + 2, top, w - 4, 84), P.FRAME)
    board.add(PH_ELIMINATED, data.names[PH_ELIMINATED], (x + 8, top + 22, 112, 56),
              P.ELIMINATED, "box", label="Elim. Sp. units")
    board.add(PH_BAG, data.names[PH_BAG], (x + 124, top + 22, 66, 56), P.PH_LIGHT, "box",
              label="Bag")
    board.add(RESERVE, data.names[RESERVE], (x + 194, top + 22, 82, 56), P.ARTILLERY_POST,
              "box", label="Artillery")
    top = 752.0
    board.frame("ph-cards-frame", "Cards", (x + 2, top, w - 4, 112), P.FRAME)
    _card_space(board, "fow-deck-spanish", "Spanish Fog of War deck (drawn by the Philippine "
                "side)", x + 14, top + 22, "Sp. FoW", P.ES_LIGHT)
    _card_space(board, "deck-philippine", "Philippine draw deck", x + 110, top + 22, "Draw")
    _card_space(board, "discard-philippine", "Philippine discard pile", x + 206, top + 22,
                "Discard")


def shared_area(board: Board, data: GameData) -> None:
    """The shared deck and the face-up shared cards A and B; the surveillance markers in
    reserve (rulebook "The shared area", "Surveillance")."""
    x, y = 300.0, 770.0
    board.frame("shared-frame", "Shared area", (x, y, 640, 114), P.FRAME)
    _card_space(board, "shared-deck", "Shared deck", x + 10, y + 24, "Deck")
    for i, slot in enumerate("AB"):
        _card_space(board, f"shared-{slot}", f"Shared card space {slot} (face up)",
                    x + 84 + i * 72, y + 24, slot)
    markers = int(data.tables["surveillance"]["markers"])
    for i, side in enumerate((Side.SPANISH, Side.PHILIPPINE)):
        board.add(f"surveillance-reserve-{side.value}",
                  f"{side.label} surveillance markers not on the map ({markers} in all)",
                  (x + 246 + i * 196, y + 24, 186, 84), P.SIDE_LIGHT[side], "box",
                  label=f"{side.label} surveillance")
    board.add("tray", "The hand of cards lies here", (8, TRAY_TOP, WORLD[0] - 16,
                                                     WORLD[1] - TRAY_TOP - 8),
              P.TRAY, "tray", label="Cards in hand and on the table")


def _side_tracks(board: Board, prefix: str, side: Side, x: float) -> None:
    box = 39.0
    _track(board, f"{prefix}-supply-", f"{side.label} supply", x + 2, 174, 7, box=box)
    _track(board, f"{prefix}-morale-", f"{side.label} morale", x + 2, 240, 7, box=box)


def _command_posts(board: Board, data: GameData, side: Side, x: float, y: float) -> None:
    posts = [(p, role) for p, (s, role) in data.command_posts.items() if s is side]
    for i, (pid, role) in enumerate(posts):
        board.add(pid, data.names[pid], (x + i * 90, y, 86, 46), P.SIDE_POST[side], "post",
                  label=role.replace("-", " ").capitalize().replace("Us ", "US "))


def _detachment_name(data: GameData, sid: str) -> str:
    row, col = data.detachment[sid]
    homes = [u.name for u in data.units.values() if u.home == sid]
    who = f": {' and '.join(homes)}" if homes else ""
    return f"Spanish detachment row {row}, column {col}{who}"


def _arrow(board: Board, sid: str, x0: float, x1: float, y: float) -> None:
    """An arrow of displacement from one bed toward the graveyard (decoration)."""
    head = 6.0
    shaft = 2.0
    board.regions.append(AreaRegion(sid, "", (
        (x0, y - shaft), (x1 + head, y - shaft), (x1 + head, y - head), (x1, y),
        (x1 + head, y + head), (x1 + head, y + shaft), (x0, y + shaft)), P.INK_SOFT))


def _luzon(x: float, top: float) -> tuple[Point, ...]:
    """A stylised outline of central Luzón, Baler on the east coast, Manila on the bay."""
    pts = ((220, 28), (258, 34), (276, 60), (272, 130), (236, 150), (180, 160), (120, 168),
           (60, 172), (14, 170), (6, 140), (14, 98), (40, 70), (96, 56), (160, 44))
    return tuple((x + px, top + py) for px, py in pts)


def build(data: GameData) -> Board:
    """Every space and region of the board, from the scenario's data."""
    board = Board()
    top_band(board, data)
    spanish_area(board, data)
    philippine_area(board, data)
    church_map(board, data)
    shared_area(board, data)
    return board
