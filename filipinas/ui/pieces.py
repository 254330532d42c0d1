"""The counters and markers of a view, sorted into the piles the board shows, with the tooltips
that name them (4.2, 4.2.3). Everything comes from `FilipinasRules.view`: no hand, no deck."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.ui.adapter import CounterSpec
from filipinas.rules.setup import FILIPINO, SPAIN, GameData
from filipinas.ui import layout as L
from filipinas.ui.art import describe, marker_section, marker_spec, unit_spec

_UNIT_MARKERS = (("target", "target"), ("protect", "protect"), ("search", "search"),
                 ("baler", "baler"))
"""Markers lying on single counters: (view key, marker kind)."""
_MARKER_NOTES = {
    "target": "Target marker: +1 to locate it (4.2.3.3)",
    "protect": "Protect the Fields: CF 1 when attacked, no plunder here (4.2.3.2)",
    "search": "Search and Destroy Column: +1 to locate, CF 1 when attacked (4.2.3.4)",
    "baler": "Baler marker: may not move, attack or plunder this turn (4.2.3.15)",
    "entrenched": "entrenched: −1 to its attackers (4.2.3.11)",
    "artillery": "with the Filipino Artillery: may besiege cities (4.2.3.8)",
}


@dataclass(slots=True)
class Pieces:
    """The board's content for one view."""

    piles: dict[str, list[list[CounterSpec]]] = field(default_factory=dict)
    counter_notes: dict[str, str] = field(default_factory=dict)
    space_notes: dict[str, str] = field(default_factory=dict)
    members: dict[str, tuple[str, ...]] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)


def _marked(spec: CounterSpec, target: bool) -> CounterSpec:
    """A unit with a Target marker under it shows the marker's ◎ before its name."""
    return replace(spec, label=f"◎ {spec.label}") if target else spec


def _box_pile(data: GameData, cid: str, box: str) -> int:
    """Which pile of its box a counter lies in (layout.BOX_PILES)."""
    c = data.counters[cid]
    names = L.BOX_PILES.get(box, ())
    if box == "graveyard":
        key = c.faction
    elif box == "filipino_troops":
        key = "special" if c.restriction else "corps"
    else:
        key = "leader" if c.leader else c.kind
    return names.index(key) if key in names else 0


def build(view: Mapping[str, Any], data: GameData, names: Mapping[str, str],
          wet_turns: frozenset[int]) -> Pieces:
    """Sort the view's counters into piles and write every tooltip."""
    out = Pieces()
    counters = view["counters"]
    markers = view["markers"]
    stacks: dict[int, list[str]] = {}
    boxed: dict[str, dict[int, list[str]]] = {}
    for cid in data.counters:
        info = counters[cid]
        out.where[cid] = info["space"]
        if info["stack"] is None:
            boxed.setdefault(info["space"], {}).setdefault(
                _box_pile(data, cid, info["space"]), []).append(cid)
        else:
            stacks.setdefault(info["stack"], []).append(cid)
    entrenched = set(markers["entrenched"])
    holder = markers["artillery"]
    for cids in sorted(stacks.values(), key=lambda s: data.order[s[0]]):
        space = counters[cids[0]]["space"]
        out.members.update({c: tuple(cids) for c in cids})
        marks: list[CounterSpec] = []
        for c in cids:
            notes = [_MARKER_NOTES[kind] for key, kind in _UNIT_MARKERS if c in markers[key]]
            if c in entrenched:
                notes.append(_MARKER_NOTES["entrenched"])
            if c == holder:
                notes.append(_MARKER_NOTES["artillery"])
            out.counter_notes[c] = describe(data.counters[c], counters[c]["reduced"], notes)
            marks.extend(marker_spec(kind, c) for key, kind in _UNIT_MARKERS
                         if c in markers[key])
            if c == holder:
                marks.append(marker_spec("artillery", c))
        units = [c for c in cids if not data.counters[c].leader]
        if units and all(u in entrenched for u in units):
            marks.append(marker_spec("entrenched", cids[0]))
        # Markers and leaders under the troops: the top of a pile always shows what fights;
        # the markers peek out below it and spread out with the stack under the pointer.
        shown = sorted(cids, key=lambda c: not data.counters[c].leader)
        pile = marks + [_marked(unit_spec(data.counters[c], counters[c]["reduced"]),
                                c in markers["target"]) for c in shown]
        out.piles.setdefault(space, []).append(pile)
    for box, piles in boxed.items():
        rows = [[unit_spec(data.counters[c], counters[c]["reduced"]) for c in piles[k]]
                for k in sorted(piles)]
        out.piles.setdefault(box, []).extend(rows)
        for cids in piles.values():
            for c in cids:
                out.counter_notes[c] = describe(data.counters[c], counters[c]["reduced"],
                                                [f"in the {names[box]} box"])
    _space_markers(view, out, names)
    _track_markers(view, out, wet_turns)
    _marker_notes(out)
    _space_notes(view, data, out, names)
    return out


def _add(out: Pieces, space: str, spec: CounterSpec, front: bool = False) -> None:
    piles = out.piles.setdefault(space, [])
    if front:
        piles.insert(0, [spec])
    else:
        piles.append([spec])


def _space_markers(view: Mapping[str, Any], out: Pieces, names: Mapping[str, str]) -> None:
    """Markers lying in spaces and boxes (4.2.3.1, .5-.9, .16)."""
    m = view["markers"]
    for province in m["sacked"]:
        _add(out, province, marker_spec("sacked", province))
    if m["zapote"]:
        _add(out, "cavite", marker_spec("zapote", "cavite"))
    for line in m["lines"]:
        piles = out.piles.setdefault(line, [])
        spec = marker_spec("line", line)
        if piles:
            piles[0].insert(0, spec)
        else:
            piles.append([spec])
    for city, owner in m["cities"].items():
        kind = "city_usa" if owner == "usa" else "city_filipino"
        _add(out, city, marker_spec(kind, city), front=True)
    government = "sagasta" if view["government"] == "sagasta" else "canovas"
    _add(out, "spanish_government", marker_spec(government, "spanish_government"))
    if m["reconcentration"]:
        _add(out, "reconcentration_box", marker_spec("reconcentration", "reconcentration_box"))
    if m["artillery"] is None:
        piles = out.piles.setdefault("filipino_troops", [])
        piles.append([marker_spec("artillery", "filipino_troops")])


def _track_markers(view: Mapping[str, Any], out: Pieces, wet_turns: frozenset[int]) -> None:
    """Turn, Resources, Morale and US Intervention markers on their tracks (4.2.3.10-.14)."""
    turn = view["turn"]
    wet = turn in wet_turns
    _add(out, f"turn{turn}", marker_spec("turn", "track", str(turn), "☂" if wet else "☀"))
    ap = view["ap"]
    spots: dict[int, list[CounterSpec]] = {}
    for side, kind in ((SPAIN, "ap_spain"), (FILIPINO, "ap_filipino")):
        value = max(0, min(20, ap[side]))
        spots.setdefault(value, []).append(marker_spec(kind, "track", str(ap[side])))
    for value, specs in spots.items():
        # both sides' markers on one space stand side by side, not one hiding the other
        out.piles.setdefault(f"res{value}", []).extend([spec] for spec in specs)
    _add(out, f"morale{view['morale']}", marker_spec("morale", "track", str(view["morale"])))
    _add(out, f"us{view['us']}", marker_spec("us", "track", "WAR" if view["us_at_war"]
                                             else str(view["us"])))


def _marker_notes(out: Pieces) -> None:
    """Tooltips of the markers: their printed name, what they sit on, and their section."""
    for piles in out.piles.values():
        for pile in piles:
            for spec in pile:
                if not spec.id.startswith("mk:"):
                    continue
                _, kind, on = spec.id.split(":", 2)
                base = out.counter_notes.get(on, "").split(" — ")[0]
                where = f" on {base}" if base else ""
                value = f": {spec.factors}" if spec.factors else ""
                out.counter_notes[spec.id] = (f"{spec.name}{where}{value} "
                                              f"({marker_section(kind)})")


def _space_notes(view: Mapping[str, Any], data: GameData, out: Pieces,
                 names: Mapping[str, str]) -> None:
    """What each space's tooltip adds: resources and control, markers, the city's holder."""
    control_words = {SPAIN: "controlled by Spain", FILIPINO: "controlled by the Filipinos",
                     "partial": "partially controlled"}
    m = view["markers"]
    for province, owner in view["control"].items():
        space = data.spaces[province]
        parts = []
        if space.resources2:
            parts.append(f"resource value {space.resources2 / 2:g}")
        parts.append(control_words.get(owner, owner))
        if province in m["sacked"]:
            parts.append("sacked this turn (4.2.3.1)")
        if any(out.where.get(b) == province for b in m["protect"]):
            parts.append("fields protected (6.9.1)")
        if province == "cavite" and m["zapote"]:
            parts.append("Zapote Line (4.2.3.16)")
        out.space_notes[province] = ", ".join(parts)
    for city in data.cities:
        owner = m["cities"].get(city)
        held = {"filipino": "a Filipino City", "usa": "a US City"}.get(owner or "",
                                                                        "held by Spain")
        port = "city and port" + (", seat of the Captain General" if data.spaces[city].captaincy
                                  else "")
        out.space_notes[city] = f"{port}, {held} (4.3)"
    for line in data.lines:
        built = line in m["lines"]
        out.space_notes[line] = ("built: active while a brigade holds it (4.2.3.6)" if built
                                 else "not built (6.5)")
    for box in L.BOXES:
        ids = [c for c, w in out.where.items() if w == box]
        if ids:
            out.space_notes[box] = f"{len(ids)} counter{'s' if len(ids) != 1 else ''}"
    out.space_notes.update(_FIXED_NOTES)


_FIXED_NOTES = {
    "hong_kong": "British port, base of the American squadron and troops; never captured (4.3)",
    "spanish_government": "Cánovas: +2 US Intervention each end of turn; Sagasta: +1 US "
                          "Intervention and −1 Spanish Morale (4.2.3.7)",
    "reconcentration_box": "while the marker is here: −1 AP to both sides each turn, +1 US "
                           "Intervention each end of turn (4.2.3.5)",
    "sea": "Fleets move here from port with an admiral; American convoys cross it (6.3.2, "
           "7.1)",
    "visayas": "Box of the mini-map: Spanish coastal moves, the Bisayas (4.3)",
    "mindanao": "Box of the mini-map: Spanish coastal moves, the Moros (4.3)",
}
