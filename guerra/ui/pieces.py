"""Counter art and counter tooltips from the rules' view (sections 2.2-2.4).

Nationalist counters are yellow with black (army), ochre (Army of Africa), red (Condor Legion)
or green (C.T.V.) figures; Republican counters green with yellow (army) or black (International
Brigades) figures; the colours are read from `counters.yaml`. Army counters carry the NATO
infantry box, garrisons the letters GAR, naval counters a warship, air counters the wings; the
factors read "combat-movement" (every counter has combat factor 2, section 2.3). In a game of 3
or 4 the label starts with the sector of the player who commands the counter (N or S).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.ui import colors as C
from engine.ui.adapter import CounterSpec
from guerra.rules.data import GuerraData, Kind

GROUNDS = {"yellow": C.GUERRA_NATIONALIST, "green": C.GUERRA_REPUBLICAN}
FIGURES = {"nationalist": C.NATIONALIST_FIGURES, "republican": C.REPUBLICAN_FIGURES}
SYMBOLS = {Kind.ARMY: "infantry", Kind.GARRISON: "GAR", Kind.NAVAL: "fleet", Kind.AIR: "air"}
SHORT = {"Army of Africa": "Africa", "Condor Legion": "Condor",
         "International Brigades": "Brigades", "C.T.V.": "C.T.V."}
"""Labels of the formations whose names do not shorten to their first word."""
SECTOR_SHORT = {"Garrison": "Gar.", "Brigades": "Brig."}
"""Shorter labels where the sector tag leaves less room on the counter."""
KIND_NAMES = {Kind.ARMY: "army counter", Kind.GARRISON: "garrison counter",
              Kind.NAVAL: "naval counter", Kind.AIR: "air counter"}


@dataclass(frozen=True, slots=True)
class Look:
    """How the counters of one family are printed."""

    fill: C.Color
    ink: C.Color
    symbol: str
    factors: str
    label: str
    name: str
    kind: Kind


def looks(data: GuerraData, counters_doc: Mapping[str, Any]) -> dict[str, Look]:
    """The look of every family of counters, from the counter sheet data."""
    mv = data.movement
    movement = {Kind.ARMY: mv.army_movement, Kind.GARRISON: mv.garrison_movement,
                Kind.NAVAL: mv.naval_movement, Kind.AIR: mv.air_movement}
    out: dict[str, Look] = {}
    for f in counters_doc["families"]:
        family = data.families[f["id"]]
        kind = family.kind
        short = SHORT.get(family.name) or {Kind.GARRISON: "Garrison", Kind.NAVAL: "Navy",
                                            Kind.AIR: "Air"}.get(kind, "Army")
        if kind is Kind.AIR and family.name in {"Condor Legion aircraft", "C.T.V. aircraft"}:
            short = "Condor" if family.name.startswith("Condor") else "C.T.V."
        out[family.id] = Look(
            fill=GROUNDS[f["background"]],
            ink=FIGURES[family.side.value][f["figures"]],
            symbol=SYMBOLS[kind],
            factors=f"{data.combat_factor}-{movement[kind]}",
            label=short,
            name=family.name,
            kind=kind,
        )
    return out


def sector_tag(seat: str) -> str:
    """N for a side's first seat (northern sector), S for its second (section 3)."""
    return "S" if seat.endswith("_2") else "N"


def specs(view: Mapping[str, Any], looks_: Mapping[str, Look], sectors: bool
          ) -> dict[str, list[CounterSpec]]:
    """Counter specs by "col,row" hex label, bottom first: land counters, then naval counters
    with the counters they carry, then aircraft (which may fly over enemy counters)."""
    units = view["units"]
    order = {Kind.ARMY: 0, Kind.GARRISON: 0, Kind.NAVAL: 1, Kind.AIR: 2}
    by_hex: dict[str, list[tuple[int, str, str, CounterSpec]]] = {}
    for uid, u in units.items():
        if u["where"] == "map":
            label, rank = u["hex"], order[looks_[u["family"]].kind]
        elif u["where"] == "aboard" and u["carrier"] in units:
            label, rank = units[u["carrier"]]["hex"], 1
        else:
            continue
        look = looks_[u["family"]]
        tag = f"{sector_tag(u['player'])}·{SECTOR_SHORT.get(look.label, look.label)}" \
            if sectors else look.label
        if u["where"] == "aboard":
            tag = "Aboard"
        spec = CounterSpec(id=uid, name=look.name, fill=look.fill, ink=look.ink,
                           symbol=look.symbol, factors=look.factors, label=tag, side=u["side"])
        carrier = u["carrier"] or uid
        by_hex.setdefault(label, []).append((rank, carrier, uid, spec))
    return {label: [spec for *_, spec in sorted(items, key=lambda t: t[:3])]
            for label, items in by_hex.items()}


def note(uid: str, u: Mapping[str, Any], look: Look, data: GuerraData, seat_name: str,
         places: Mapping[str, str], turn: int = 0) -> str:
    """A counter's tooltip: name, place and terrain, type and the factors in force in `turn`
    (section 7's summary table), its player and what it did this turn or carries."""
    mv = data.movement
    kind = look.kind
    if kind is Kind.ARMY and 0 < turn <= mv.early_turns:
        moves = (f"movement {mv.army_movement}, displacement {mv.army_displacement_early} "
                 f"(turns 1-{mv.early_turns}, section 7 1a)")
    elif kind is Kind.ARMY:
        moves = (f"movement {mv.army_movement}, displacement {mv.army_displacement_own} own / "
                 f"{mv.army_displacement_disputed} in dispute")
    elif kind is Kind.GARRISON:
        moves = f"movement {mv.garrison_movement}, no mountains"
    elif kind is Kind.NAVAL:
        moves = f"movement {mv.naval_movement} + die, carries {data.transport.per_naval_counter}"
    else:
        moves = f"movement {mv.air_movement}, supports within {mv.air_support_range}"
    place = places.get(u["hex"] or "", "")
    head = look.name + (f" at {place}" if place else "")
    if u["where"] == "aboard":
        head += ", aboard a naval counter"
    lines = [head, f"{KIND_NAMES[kind].capitalize()}: combat {data.combat_factor}, {moves}"]
    done = [text for flag, text in (("moved", "moved"), ("fought", "fought"),
                                     ("must_fight", "must fight (entered a control zone)"),
                                     ("readapted", "readapted")) if u.get(flag)]
    if u.get("cargo"):
        carried = len(u["cargo"])
        done.append(f"carrying {carried} army counter{'s' * (carried != 1)}")
    lines.append(seat_name + (": " + ", ".join(done) if done else ""))
    return "\n".join(lines)


def legend(data: GuerraData) -> tuple[tuple[str, str], ...]:
    """What the codes on the counters and the printed map mean (sections 2.1-2.4, 3, 7, 8),
    with the numbers of this scenario's data."""
    mv = data.movement
    cf = data.combat_factor
    return (
        (f"{cf}-{mv.army_movement}", f"Army counter, NATO infantry box: combat factor {cf} "
         f"(every counter, section 2.3), movement {mv.army_movement}; displacement "
         f"{mv.army_displacement_own} in own provinces, {mv.army_displacement_disputed} in "
         f"dispute, {mv.army_displacement_early} in the first {mv.early_turns} turns (section 7)"),
        ("GAR", f"Garrison counter: combat {cf}, movement {mv.garrison_movement}, never into "
         "a mountain hex (section 7)"),
        ("Navy", f"Naval counter, a warship: movement {mv.naval_movement} plus a die; carries "
         f"{data.transport.per_naval_counter} army counters (section 7.1)"),
        ("Air", f"Air counter, an aircraft: movement {mv.air_movement}, supports combats within "
         f"{mv.air_support_range} hexes (section 8)"),
        ("Africa / Condor / C.T.V. / Brigades", "The formations' own counters (section 2.2): "
         "the Army of Africa (Nationalist, ochre figures), the Condor Legion (Nationalist, red "
         "figures), the Corpo Truppe Volontarie, the Italian corps (Nationalist, green "
         "figures), the International Brigades (Republican, black figures)"),
        ("N· / S·", "In a game of 3 or 4 players: the sector of the player who commands the "
         "counter, north or south (section 3)"),
        ("Aboard", "An army counter carried by the naval counter in the same hex (section 7.1)"),
        ("★ with a box", "A city: five points, eight for Madrid and Barcelona; the number in "
         "the black box is how many land counters may stack there (section 8)"),
        ("Red, blue, red", "On a provincial capital: population factors (red, above the star), "
         "economic (blue, left) and morale (red, right) (section 2.1)"),
        ("Anchor n", "A port and its province's port factor (section 2.1)"),
    )
