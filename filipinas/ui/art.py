"""Counter art of Filipinas: the colours of each faction, unit and leader counters, and the
markers of 4.2.3, each with the tooltip that names it as the rulebook does.

The rulebook prints only a few colours (the Magdiwan's blue band, the yellow Target marker,
9.1); the rest follow the flags: Spanish counters gold with red figures, the Katipunan's
Filipino corps red with white, the Americans navy blue with white. A corps on its CF 1 side
shows the G of a Guerrilla (4.2.1), leaders show Logistics-Tactical factors (4.2.2), Captains
General a star and admirals an anchor.
"""

from __future__ import annotations

from engine.ui.adapter import CounterSpec
from filipinas.rules.setup import CounterDef

Color = tuple[int, int, int]

SPAIN_FILL: Color = (228, 186, 62)
SPAIN_INK: Color = (138, 20, 22)
FILIPINO_FILL: Color = (176, 38, 36)
FILIPINO_INK: Color = (252, 246, 232)
MAGDIWAN_INK: Color = (160, 208, 255)
"""The Magdiwan's blue band (4.2.1), printed as blue figures on the red corps."""
USA_FILL: Color = (44, 68, 124)
USA_INK: Color = (250, 250, 250)

FACTION_COLORS: dict[str, tuple[Color, Color]] = {
    "spain": (SPAIN_FILL, SPAIN_INK),
    "filipino": (FILIPINO_FILL, FILIPINO_INK),
    "usa": (USA_FILL, USA_INK),
}

_SHORT = {
    "us_anderson": "Anderson", "us_greene": "Greene", "cavite_corps": "Magdalo",
    "camara_fleet": "Cámara", "us_fleet": "Asiatic", "asia_fleet": "Asia",
    "mindanao_1": "1st Mind.", "mindanao_2": "2nd Mind.", "nueva_ecija_corps": "N. Ecija",
    "primo_de_rivera": "Primo", "magdiwan": "Magdiwan",
}
"""Counter labels where the full name does not fit on the cardboard."""

_KIND_NAMES = {"brigade": "brigade", "corps": "corps", "fleet": "Fleet"}
_FACTION_NAMES = {"spain": "Spanish", "filipino": "Filipino", "usa": "American"}


def short_name(cdef: CounterDef) -> str:
    """The name printed on the counter."""
    if cdef.id in _SHORT:
        return _SHORT[cdef.id]
    name = cdef.name.split(" (")[0]
    for word in (" Brigade", " Fleet"):
        name = name.replace(word, "")
    return name


def is_g_side(cdef: CounterDef, reduced: bool) -> bool:
    """A Filipino corps showing its CF 1 side, the one printed with the G (4.2.1)."""
    return cdef.kind == "corps" and cdef.faction == "filipino" and (
        reduced or len(cdef.cf) == 1)


def unit_spec(cdef: CounterDef, reduced: bool) -> CounterSpec:
    """A brigade, corps, fleet or leader counter, on the side it shows."""
    fill, ink = FACTION_COLORS[cdef.faction]
    if cdef.id == "magdiwan":
        ink = MAGDIWAN_INK
    if cdef.leader:
        symbol = "leader" if cdef.captain_general else ("⚓" if cdef.admiral else "hq")
        return CounterSpec(id=cdef.id, name=cdef.name, fill=fill, ink=ink, symbol=symbol,
                           factors=f"{cdef.lf}-{cdef.tf}", label=short_name(cdef),
                           side=cdef.side)
    cf = cdef.cf[-1] if reduced else cdef.cf[0]
    if cdef.kind == "fleet":
        symbol = "fleet"
    elif is_g_side(cdef, reduced):
        symbol = "G"
    else:
        symbol = "infantry"
    return CounterSpec(id=cdef.id, name=cdef.name, fill=fill, ink=ink, symbol=symbol,
                       factors=str(cf), label=short_name(cdef),
                       flipped=reduced and len(cdef.cf) == 2, side=cdef.side)


def describe(cdef: CounterDef, reduced: bool, notes: list[str]) -> str:
    """The tooltip of a counter: what it is as the rulebook calls it, its factors and side,
    and the markers on it."""
    if cdef.leader:
        if cdef.captain_general:
            role = "Captain General (star)"
        elif cdef.admiral:
            role = "Admiral (anchor)"
        else:
            role = "General"
        text = (f"{cdef.name} — {_FACTION_NAMES[cdef.faction]} {role}, Logistics Factor "
                f"{cdef.lf}, Tactical Factor {cdef.tf}")
    else:
        kind = _KIND_NAMES.get(cdef.kind, cdef.kind)
        cf = cdef.cf[-1] if reduced else cdef.cf[0]
        if len(cdef.cf) == 1:
            steps = "one step"
        elif reduced:
            steps = f"flipped to its CF {cdef.cf[-1]} side"
        else:
            steps = f"full strength, CF {cdef.cf[-1]} when flipped"
        text = f"{cdef.name} — {_FACTION_NAMES[cdef.faction]} {kind}, CF {cf} ({steps})"
        if is_g_side(cdef, reduced):
            text += ", G side"
        if cdef.restriction == "magdiwan":
            text += "; stacks only with Bonifacio while both chiefs live (4.2.1)"
        elif cdef.restriction in ("moros", "bisayas"):
            text += "; never leaves its box nor stacks (4.2.1)"
    if notes:
        text += ". " + "; ".join(notes)
    return text


# --- markers ------------------------------------------------------------------------------------

MARKERS: dict[str, tuple[str, Color, Color, str, str]] = {
    "target": ("Target", (250, 222, 66), (30, 26, 20), "◎", "4.2.3.3"),
    "protect": ("Protect the Fields", (164, 190, 120), (24, 36, 16), "PF", "4.2.3.2"),
    "search": ("Search and Destroy Column", (84, 84, 84), (250, 250, 250), "S&D", "4.2.3.4"),
    "entrenched": ("Entrenchment", (142, 110, 72), (252, 246, 232), "E", "4.2.3.11"),
    "baler": ("Baler", (214, 204, 184), (60, 40, 30), "B", "4.2.3.15"),
    "artillery": ("Filipino Artillery", FILIPINO_FILL, FILIPINO_INK, "artillery", "4.2.3.8"),
    "sacked": ("Sacked Province (Burned Fields)", (58, 40, 32), (244, 150, 58), "marker",
               "4.2.3.1"),
    "zapote": ("Zapote Line", (170, 118, 66), (252, 246, 232), "Z", "4.2.3.16"),
    "line": ("Fortified Line", SPAIN_FILL, SPAIN_INK, "▤", "4.2.3.6"),
    "city_filipino": ("Filipino City", FILIPINO_FILL, FILIPINO_INK, "★", "4.2.3.9"),
    "city_usa": ("US City", USA_FILL, USA_INK, "★", "4.2.3.9"),
    "canovas": ("Cánovas", (236, 230, 214), (40, 30, 24), "C", "4.2.3.7"),
    "sagasta": ("Sagasta", (236, 230, 214), (40, 30, 24), "S", "4.2.3.7"),
    "reconcentration": ("Reconcentration", (70, 66, 62), (250, 250, 250), "R", "4.2.3.5"),
    "turn": ("Turn", (246, 244, 236), (30, 26, 20), "☀", "4.2.3.10"),
    "ap_filipino": ("Filipino Resources", FILIPINO_FILL, FILIPINO_INK, "AP", "4.2.3.12"),
    "ap_spain": ("Spanish Resources", SPAIN_FILL, SPAIN_INK, "AP", "4.2.3.12"),
    "morale": ("Spanish Morale", SPAIN_FILL, SPAIN_INK, "M", "4.2.3.13"),
    "us": ("United States Intervention", USA_FILL, USA_INK, "US", "4.2.3.14"),
}
"""Every marker of 4.2.3: printed name, fill, ink, symbol and section."""

_SHORT_MARKER = {
    "protect": "PROTECT", "search": "SEARCH", "entrenched": "TRENCH", "artillery": "ARTY",
    "sacked": "SACKED", "zapote": "ZAPOTE", "line": "LINE", "city_filipino": "FIL. CITY",
    "city_usa": "US CITY", "canovas": "CÁNOVAS", "sagasta": "SAGASTA",
    "reconcentration": "RECONC.", "ap_filipino": "FILIPINO", "ap_spain": "SPAIN",
    "morale": "MORALE", "us": "US ENTRY", "target": "TARGET", "baler": "BALER", "turn": "TURN",
}

def marker_id(kind: str, on: str) -> str:
    """The board id of a marker: its kind and what it sits on."""
    return f"mk:{kind}:{on}"


def parse_marker(target: str) -> tuple[str, str] | None:
    """(kind, what it sits on) of a marker id, or None."""
    if not target.startswith("mk:"):
        return None
    _, kind, on = target.split(":", 2)
    return kind, on


def marker_spec(kind: str, on: str, factors: str = "", symbol: str | None = None) -> CounterSpec:
    name, fill, ink, sym, _ = MARKERS[kind]
    return CounterSpec(id=marker_id(kind, on), name=f"{name} marker", fill=fill, ink=ink,
                       symbol=symbol or sym, factors=factors, label=_SHORT_MARKER[kind], side="")


def marker_section(kind: str) -> str:
    return MARKERS[kind][4]
