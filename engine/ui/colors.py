"""The palette of the printed boards and counters, and the highlight styles of the board views.

Side colours follow the rulebooks: Heroes of Baler prints the Spanish side blue and the
Philippine side red; La Guerra de España prints Nationalist counters yellow with black, ochre,
red or green figures (by formation) and Republican counters green with yellow or black figures;
its control markers are white, green and blue.
"""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]
"""An opaque RGB colour."""

# Paper and ink: the printed sheet and the text on it.
PAPER: Color = (238, 230, 208)
PAPER_DARK: Color = (214, 202, 172)
INK: Color = (33, 29, 25)
INK_SOFT: Color = (92, 84, 72)
TABLE: Color = (58, 56, 52)
"""The table around a board, where the camera shows no board."""

# Terrain.
SEA: Color = (150, 188, 206)
SEA_WAVE: Color = (112, 152, 176)
COAST: Color = (56, 92, 120)
LAND: Color = (226, 216, 172)
LAND_ALT: Color = (216, 208, 160)
HILLS: Color = (212, 196, 146)
MOUNTAIN: Color = (190, 164, 118)
MOUNTAIN_RIDGE: Color = (112, 84, 52)
FOREST: Color = (176, 196, 132)
FOREST_TREE: Color = (82, 112, 60)
MARSH: Color = (188, 206, 180)
MARSH_REED: Color = (86, 120, 110)
ROAD: Color = (178, 52, 38)
ROAD_CASING: Color = (92, 34, 26)
REGION_BORDER: Color = (104, 46, 86)
"""Borders between provinces: a dark plum that reads on land, sea and mountain alike."""
CITY: Color = (40, 34, 30)
LINK: Color = (120, 106, 84)
"""Lines joining adjacent spaces of an area map."""

# Heroes of Baler.
BALER_SPANISH: Color = (44, 84, 158)
BALER_PHILIPPINE: Color = (178, 42, 38)

# La Guerra de España: counter grounds and the figure colours printed on them.
GUERRA_NATIONALIST: Color = (236, 198, 60)
GUERRA_REPUBLICAN: Color = (66, 128, 74)
NATIONALIST_FIGURES: dict[str, Color] = {
    "black": (26, 24, 22),
    "ochre": (132, 82, 16),
    "red": (170, 32, 28),
    "green": (34, 96, 44),
}
REPUBLICAN_FIGURES: dict[str, Color] = {
    "yellow": (246, 214, 70),
    "black": (20, 22, 20),
}
CONTROL_WHITE: Color = (246, 244, 236)
CONTROL_GREEN: Color = (66, 128, 74)
CONTROL_BLUE: Color = (52, 92, 170)

WHITE: Color = (255, 255, 255)
BLACK: Color = (0, 0, 0)


def mix(a: Color, b: Color, t: float) -> Color:
    """`a` moved a fraction `t` of the way towards `b` (0 gives a, 1 gives b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darker(c: Color, t: float = 0.3) -> Color:
    """`c` darkened by a fraction `t` towards black."""
    return mix(c, BLACK, t)


def lighter(c: Color, t: float = 0.3) -> Color:
    """`c` lightened by a fraction `t` towards white."""
    return mix(c, WHITE, t)


def luminance(c: Color) -> float:
    """Perceived brightness 0..255, to pick dark or light text over a colour."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@dataclass(frozen=True, slots=True)
class HighlightStyle:
    """How a highlighted board element is marked. Each style differs by shape as well as by
    colour (line width, dashes, a fill pattern), so a colour-blind player tells them apart."""

    color: Color
    casing: Color
    """A contrasting line drawn under `color` so the outline shows on any terrain."""
    width: int
    dashed: bool = False
    pattern: str = ""
    """"dots", "crosshatch" or "" for none."""
    edge: int = 1
    """The casing's width on each side of the line."""


HINT = (255, 70, 210)
"""The hint's colour ("What would the computer do?"): a bright magenta, unlike any terrain of
the three maps and unlike the other marks (yellow selection, white targets, red attacks)."""

HIGHLIGHTS: dict[str, HighlightStyle] = {
    "selected": HighlightStyle(color=(255, 214, 40), casing=INK, width=4),
    "target": HighlightStyle(color=WHITE, casing=INK, width=3, dashed=True, pattern="dots"),
    "attack": HighlightStyle(color=(230, 40, 30), casing=WHITE, width=3, pattern="crosshatch"),
    "hover": HighlightStyle(color=WHITE, casing=INK_SOFT, width=1),
    "hint": HighlightStyle(color=HINT, casing=INK, width=3, edge=2),
}
"""Highlight styles by the names the game screen passes to `BoardView.draw`."""
