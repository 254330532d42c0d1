"""Where everything is printed on the board, in world pixels: data tables, no logic.

The rules' schema (`filipinas.schema`) forbids unknown keys in map.yaml, so the drawing
geometry lives here rather than in the scenario. The shapes follow the real geography of
central and southern Luzon loosely, as the printed board does: Manila Bay opens to the west
between Bataan and Cavite, Laguna de Bay closes Cavite on the east (6.13.2) and the Province of
Manila wraps round the lake's north and east shores to meet Batangas. Ids are the space ids of
map.yaml; the mini-map shows the whole archipelago with the Visayas and Mindanao boxes.
"""

from __future__ import annotations

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

WORLD = (1244, 1080)
"""Sized so the whole board fits a 1280x800 window at zoom 1/√2 and a 1920x1080 one at 1."""
COUNTER = 46.0
"""Side of a counter in world pixels."""

MAP_FRAME: Rect = (10, 10, 800, 852)
"""The main map: the Sea of the Philippines with central and southern Luzon in it."""

# --- the main map ------------------------------------------------------------------------------
# Drawn on a sheet 70 pixels wider, then shifted left by `_DX` (see `_sx`): the open sea west
# of Bataan needs only two columns of counters.

_DX = -70


def _sx(points: tuple[Point, ...]) -> tuple[Point, ...]:
    return tuple((x + _DX, min(y, 862.0)) for x, y in points)


# Shared corners of the Provinces, so that neighbouring polygons meet exactly.
_C1, _C2, _C3, _C4, _C5 = (350, 405), (440, 436), (478, 448), (500, 490), (508, 528)
_C6, _C7, _C8, _C9 = (470, 560), (440, 592), (414, 640), (392, 695)
_LNW, _LN, _LNE, _LE, _LSE = (585, 560), (660, 540), (735, 555), (772, 610), (760, 690)
_LW, _LSW, _LS, _LS2 = (590, 620), (615, 672), (660, 700), (715, 715)
_TP1, _TP2, _TP3 = (330, 222), (430, 238), (520, 215)
_PB1, _PB2 = (540, 300), (490, 390)
_BM1, _BM2, _BM3, _BM4 = (548, 400), (610, 430), (700, 420), (775, 370)
_CB1, _CB2 = (560, 700), (480, 712)
_MB = (815, 770)

PROVINCES: dict[str, tuple[Point, ...]] = {k: _sx(v) for k, v in {
    "tarlac": ((300, 70), (520, 60), (548, 130), _TP3, _TP2, _TP1, (290, 150)),
    "pampanga": (_TP1, _TP2, _TP3, _PB1, _PB2, _C2, _C1, (318, 330)),
    "bulacan": (_TP3, (610, 205), (700, 230), (765, 285), _BM4, _BM3, _BM2, _BM1, _C3, _C2,
                _PB2, _PB1),
    "manila": (_C3, _BM1, _BM2, _BM3, _BM4, (825, 430), (848, 540), (842, 660), _MB, _LSE, _LE,
               _LNE, _LN, _LNW, _C5, _C4),
    "cavite": (_C5, _LNW, _LW, _LSW, _CB1, _CB2, _C9, _C8, _C7, _C6),
    "batangas": (_C9, _CB2, _CB1, _LSW, _LS, _LS2, _LSE, _MB, (805, 812), (720, 852),
                 (630, 840), (540, 850), (455, 836), (405, 800), (382, 745)),
}.items()}
"""The six Provinces of the board (4.3)."""

PROVINCE_LABELS: dict[str, Point] = {k: _sx((v,))[0] for k, v in {
    "tarlac": (400, 96), "pampanga": (392, 268), "bulacan": (636, 258), "manila": (690, 454),
    "cavite": (534, 598), "batangas": (590, 742),
}.items()}
"""Centre of each Province's name, with its resource value printed beside it."""

SLOTS: dict[str, tuple[Point, ...]] = {k: _sx(v) for k, v in {
    "tarlac": ((352, 150), (410, 150), (468, 150), (380, 200), (438, 200), (492, 182)),
    "pampanga": ((378, 312), (436, 312), (490, 300), (372, 366), (430, 368), (468, 412)),
    "bulacan": ((590, 302), (648, 302), (706, 302), (600, 362), (658, 362), (716, 352)),
    "manila": ((598, 484), (656, 488), (714, 490), (772, 470), (808, 566), (806, 628),
               (796, 690)),
    "cavite": ((522, 640), (460, 652), (570, 668), (512, 690)),
    "batangas": ((470, 778), (528, 796), (586, 800), (644, 798), (702, 800), (760, 790)),
    "manila_city": ((448, 496), (498, 496)),
    "cavite_city": ((384, 596), (432, 596)),
    "sea": ((120, 700), (176, 700), (232, 700), (120, 758), (176, 758), (232, 758)),
    "hong_kong": ((115, 88), (169, 88), (115, 140), (169, 140)),
}.items()}
SLOTS.update({
    "visayas": ((1146, 260), (1198, 260)),
    "mindanao": ((864, 406), (918, 406), (972, 406)),
})
"""Where the stacks of a space stand, one pile per stack, in the order they fill."""

LUZON_LAND: tuple[Point, ...] = _sx((
    (210, 10), (880, 10), (880, 862), (760, 862), (720, 852), (630, 840), (540, 850),
    (455, 836), (405, 800), (382, 745), _C9, _C8, _C7, _C6, _C5, _C4, _C3, _C2, _C1,
    (328, 430), (314, 480), (300, 540), (288, 592), (258, 604), (238, 566), (228, 482),
    (214, 400), (206, 300), (200, 150),
))
"""The whole coast of the main map's land, Provinces and the land outside play alike."""

LAGUNA_DE_BAY: tuple[Point, ...] = _sx((_LNW, _LN, _LNE, _LE, _LSE, _LS2, _LS, _LSW, _LW))

OUTSIDE_PLAY: tuple[tuple[str, Point], ...] = tuple((n, _sx((p,))[0]) for n, p in (
    ("Zambales", (252, 250)), ("Bataan", (268, 520)), ("Pangasinan", (420, 36)),
    ("Nueva Ecija", (650, 150)), ("Tayabas", (846, 800)), ("Morong", (820, 330)),
))
"""Names printed on the land outside the six Provinces."""

WATER_NAMES: tuple[tuple[str, Point, int], ...] = tuple((n, _sx((p,))[0], z) for n, p, z in (
    ("Manila Bay", (372, 536), 13), ("Laguna de Bay", (680, 628), 13),
    ("SEA OF THE", (160, 606), 18), ("PHILIPPINES", (160, 628), 18),
))

CITIES: dict[str, Rect] = {
    "manila_city": (420 + _DX, 456, 106, 64),
    "cavite_city": (356 + _DX, 556, 102, 64),
}
"""The two cities and ports (4.3); Manila carries the Captain General's star."""

LINES: dict[str, Rect] = {
    "line_cavite_manila": (528 + _DX, 514, 60, 60),
    "line_cavite_batangas": (452 + _DX, 684, 60, 60),
}
"""The Fortified Line boxes, astride the border each one closes (4.2.3.6)."""

LINE_CAPTIONS: dict[str, tuple[str, Point]] = {
    "line_cavite_manila": ("Cavite–Manila Line", (592 + _DX, 528)),
    "line_cavite_batangas": ("Cavite–Batangas Line", (376 + _DX, 714)),
}

HONG_KONG: Rect = (16, 34, 112, 150)
CARTOUCHE: Rect = (500, 28, 290, 66)

# --- the mini-map ------------------------------------------------------------------------------

MINIMAP_FRAME: Rect = (822, 10, 414, 432)
MINIMAP_ORIGIN: Point = (117.0, 19.0)
"""Longitude and latitude of the mini-map frame's top-left corner (inside its margin)."""
MINIMAP_SCALE: tuple[float, float] = (33.0, 29.0)
"""Pixels per degree of longitude and latitude on the mini-map."""

ISLANDS: dict[str, tuple[Point, ...]] = {
    "Luzon": ((120.6, 18.5), (121.2, 18.6), (122.2, 18.5), (122.3, 17.3), (122.1, 16.3),
              (121.6, 15.8), (121.6, 14.8), (122.0, 14.1), (122.8, 14.2), (123.3, 13.9),
              (124.1, 13.0), (123.8, 12.7), (123.0, 13.0), (122.4, 13.6), (121.8, 13.9),
              (121.2, 13.7), (120.6, 13.9), (120.6, 14.6), (120.3, 14.6), (120.0, 15.0),
              (119.8, 16.2), (120.3, 16.5), (120.4, 17.6)),
    "Mindoro": ((120.4, 13.5), (121.2, 13.4), (121.5, 12.6), (121.1, 12.2), (120.8, 12.4),
                (120.3, 13.2)),
    "Panay": ((121.9, 11.9), (122.6, 11.6), (123.1, 11.2), (122.5, 10.6), (122.0, 10.5),
              (121.9, 11.3)),
    "Negros": ((122.9, 10.9), (123.5, 10.8), (123.3, 9.9), (123.2, 9.1), (122.9, 9.5),
               (122.4, 10.5)),
    "Cebu": ((123.9, 11.3), (124.1, 10.6), (123.4, 9.5), (123.5, 10.1), (123.8, 10.9)),
    "Bohol": ((123.8, 10.1), (124.6, 10.1), (124.4, 9.6), (123.9, 9.6)),
    "Leyte": ((124.3, 11.6), (125.0, 11.3), (125.2, 10.1), (124.8, 10.0), (124.4, 10.8)),
    "Samar": ((124.2, 12.5), (125.3, 12.6), (125.8, 11.5), (125.4, 11.0), (125.0, 11.3),
              (124.5, 11.9)),
    "Masbate": ((123.2, 12.4), (123.9, 12.3), (123.6, 11.9)),
    "Palawan": ((119.3, 11.4), (119.7, 10.5), (118.8, 9.6), (117.5, 8.4), (117.2, 8.5),
                (118.3, 9.8), (119.0, 10.9)),
    "Mindanao": ((122.0, 7.9), (122.8, 8.0), (123.6, 8.7), (124.3, 8.5), (124.8, 9.0),
                 (125.5, 9.8), (126.2, 9.3), (126.6, 7.3), (126.2, 6.3), (125.4, 5.6),
                 (125.0, 6.0), (124.2, 6.4), (124.0, 7.2), (123.4, 7.6), (122.2, 6.9)),
}
"""Outlines of the main islands (longitude, latitude), simplified."""

MAIN_MAP_AREA: tuple[Point, Point] = ((120.2, 15.8), (121.7, 13.6))
"""The part of Luzon the main map shows, outlined on the mini-map."""

MINIMAP_BOXES: dict[str, Rect] = {
    "visayas": (1108, 214, 124, 76),
    "mindanao": (830, 362, 170, 72),
}
MINIMAP_POINTERS: dict[str, Point] = {"visayas": (123.6, 10.8), "mindanao": (124.5, 7.6)}
"""Where each box's pointer line ends on the islands it stands for."""

# --- boxes and tracks --------------------------------------------------------------------------

BOXES: dict[str, Rect] = {
    "spanish_troops": (822, 452, 205, 98),
    "filipino_troops": (1031, 452, 205, 98),
    "united_states": (822, 556, 205, 98),
    "graveyard": (1031, 556, 205, 98),
    "spanish_government": (822, 660, 134, 86),
    "reconcentration_box": (962, 660, 134, 86),
    "recalled": (1102, 660, 134, 86),
}
BOX_LABELS: dict[str, str] = {
    "united_states": "United States",
    "spanish_government": "Spanish Government",
    "recalled": "Recalled to Spain",
}
"""Shorter printed names where map.yaml's name explains more than fits."""

BOX_PILES: dict[str, tuple[str, ...]] = {
    "spanish_troops": ("brigade", "leader", "fleet"),
    "filipino_troops": ("corps", "special", "marker"),
    "united_states": ("brigade", "leader", "fleet"),
    "graveyard": ("spain", "usa", "filipino"),
    "spanish_government": ("marker",),
    "reconcentration_box": ("marker",),
    "recalled": ("leader",),
}
"""The piles counters are sorted into inside each box, left to right."""

TRACK_BOX = 54.0
TRACKS: dict[str, tuple[Point, int, int, str]] = {
    "turn": ((822, 774), 1, 7, "Turn"),
    "res": ((30, 886), 0, 21, "Resources (AP)"),
    "morale": ((30, 994), 1, 10, "Spanish Morale"),
    "us": ((640, 994), 1, 10, "United States Intervention"),
}
"""Each track: origin, first value, number of boxes, printed title. Space ids are the prefix
followed by the value ("res7", "morale10")."""

TURN_BOX_WIDTH = 59.0
