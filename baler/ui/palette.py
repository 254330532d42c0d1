"""The colours of the printed board of Heroes of Baler: blue for the Spanish side and red for
the Philippine side (rulebook "The map": "blue for the Spaniards and red for the Filipinos"),
adobe and stone for the church, the green of the plaza and the town around it."""

from __future__ import annotations

from baler.rules.state import Side
from engine.ui import colors
from engine.ui.colors import Color, darker, lighter, mix

__all__ = ["Color"]

SPANISH = colors.BALER_SPANISH
PHILIPPINE = colors.BALER_PHILIPPINE
INK = colors.INK
INK_SOFT = colors.INK_SOFT
PAPER = colors.PAPER

ES_LIGHT: Color = mix(colors.PAPER, SPANISH, 0.28)
PH_LIGHT: Color = mix(colors.PAPER, PHILIPPINE, 0.25)
ES_AREA: Color = mix(colors.PAPER, SPANISH, 0.1)
PH_AREA: Color = mix(colors.PAPER, PHILIPPINE, 0.1)
ES_POST: Color = mix(colors.PAPER, SPANISH, 0.55)
PH_POST: Color = mix(colors.PAPER, PHILIPPINE, 0.5)
ES_LEADER_ROW: Color = mix(colors.PAPER, SPANISH, 0.4)
PH_LEADER_ROW: Color = mix(colors.PAPER, PHILIPPINE, 0.38)
SIDE_LIGHT = {Side.SPANISH: ES_LIGHT, Side.PHILIPPINE: PH_LIGHT}
SIDE_POST = {Side.SPANISH: ES_POST, Side.PHILIPPINE: PH_POST}
SIDE_COUNTER = {Side.SPANISH: SPANISH, Side.PHILIPPINE: PHILIPPINE}

TOWN_EDGE: Color = (120, 112, 84)
AREA_FILLS: tuple[Color, Color] = ((190, 198, 150), (178, 190, 142))
"""The plaza and the houses around the church, two greens so the areas read apart."""
CHURCH_WALL: Color = (150, 124, 96)
CHURCH_FLOOR: Color = (222, 206, 176)
TRENCH: Color = (156, 122, 82)
ARTILLERY_POST: Color = mix((196, 160, 112), PHILIPPINE, 0.25)
TRACK: Color = (236, 228, 204)
WALL_TRACK: tuple[Color, Color, Color, Color] = (
    (226, 220, 200), (222, 204, 168), (214, 178, 138), (190, 140, 112))
"""Intact, Damaged, Wrecked, Destroyed: the track darkens as the walls fall."""
CENTRE: Color = (212, 200, 160)
MARKER_BOX: Color = (220, 214, 188)
FRAME: Color = darker(colors.PAPER, 0.06)
TITLE: Color = (96, 40, 32)
US_FLAG: Color = (200, 210, 232)
CARD_SPACE: Color = (206, 194, 164)
GRAVEYARD: Color = (150, 146, 136)
BED: Color = (240, 238, 230)
ELIMINATED: Color = (200, 190, 170)
LUZON: Color = (204, 214, 160)
TCM_SPACE: Color = (236, 230, 196)
TRAY: Color = (92, 72, 52)

# Counters and markers.
SPAIN_POWER: Color = (200, 160, 40)
US_POWER: Color = (58, 84, 150)
MARKER: Color = (232, 224, 196)
STONE: Color = (168, 150, 120)
FIREPOWER_NONE: Color = (200, 196, 186)
CLOSED: Color = (120, 116, 108)
BACK: Color = darker(TRAY, 0.25)
WHITE = colors.WHITE
CARD_PAPER: Color = lighter(colors.PAPER, 0.4)
