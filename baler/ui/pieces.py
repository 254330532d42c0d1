"""The counters and markers on the board, from the rules' view for one viewer (rulebook
"Military units", "Other components"): named Spanish soldiers and leaders in blue, Philippine
soldiers, leaders and artillery in red, and the markers of the tracks, walls, firepower,
trenches, surveillance, shooting, persistence, the foreign power and the closed beds.

A leader shows its back (no factors) when exhausted or disabled, as the rulebook flips it.
Bags show one marker with the number of soldiers inside, never which ones.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from baler.rules.state import BAGS, SIDES, WALLS, GameData, Kind, Side
from baler.ui import palette as P
from baler.ui.cardtext import cards_count
from engine.ui.adapter import CounterSpec

Counters = dict[str, list[CounterSpec]]


def unit_counter(data: GameData, unit: str, exhausted: bool, disabled: bool) -> CounterSpec:
    """A unit's counter: combat-manpower for soldiers, combat and rank for leaders (the back,
    without factors, when exhausted or disabled), combat for artillery."""
    info = data.units[unit]
    fill = P.SIDE_COUNTER[info.side]
    surname = info.name.split()[-1] if info.kind is Kind.LEADER else info.name.split()[0]
    if info.kind is Kind.LEADER:
        back = exhausted or disabled
        state = " (disabled)" if disabled else " (exhausted)" if exhausted else ""
        kind = info.leader_type if info.side is Side.SPANISH else "Philippine"
        name = f"{info.name}, {kind} leader, rank {info.rank}{state}"
        return CounterSpec(unit, name, fill, P.WHITE, "leader",
                           "" if back else f"{info.combat} ★{info.rank}", surname, back,
                           info.side.value)
    if info.kind is Kind.ARTILLERY:
        return CounterSpec(unit, f"{info.name} (combat factor)", fill, P.WHITE, "artillery",
                           str(info.combat), "Gun", False, info.side.value)
    if info.side is Side.SPANISH:
        name = f"{info.name} (combat-manpower)"
    else:
        name = "Filipino soldier (combat-manpower)"
        surname = "Filipino"
    return CounterSpec(unit, name, fill, P.WHITE, "infantry",
                       f"{info.combat}-{info.manpower}", surname, False, info.side.value)


def marker(mid: str, name: str, text: str, fill: P.Color, factors: str = "", label: str = "",
           flipped: bool = False, ink: P.Color = P.INK, side: str = "") -> CounterSpec:
    return CounterSpec(f"m:{mid}", name, fill, ink, text, factors, label, flipped, side)


def _side_marker(side: Side, mid: str, name: str, text: str, factors: str = "",
                 label: str = "") -> CounterSpec:
    return marker(mid, name, text, P.SIDE_COUNTER[side], factors, label, ink=P.WHITE,
                  side=side.value)


def counters(data: GameData, view: dict[str, Any]) -> Counters:
    """Every counter and marker by space id, bottom first."""
    out: Counters = {}

    def put(space: str, spec: CounterSpec) -> None:
        out.setdefault(space, []).append(spec)

    exhausted, disabled = set(view["exhausted"]), set(view["disabled"])
    hidden = set(BAGS.values())
    for unit, where in sorted(view["units"].items()):
        if where not in hidden:
            put(where, unit_counter(data, unit, unit in exhausted, unit in disabled))
    _tracks(data, view, put)
    _church(data, view, put)
    _boxes(data, view, put)
    for space in data.tcm:
        stack = out.get(space, [])
        troops = [s for s in stack if s.side == Side.PHILIPPINE.value and s.symbol != "marker"]
        if len(troops) > 1:
            # A stack with its count: the printed space is too small for a row of counters.
            top = troops[-1]
            stack[stack.index(top)] = replace(top, label=f"{len(troops)} units")
    return out


def _tracks(data: GameData, view: dict[str, Any], put: Any) -> None:
    put(f"turn-{view['turn']}", marker("turn", f"Turn marker: turn {view['turn']}", "TURN",
                                       P.MARKER))
    if view["initiative"]:
        side = Side(view["initiative"])
        put(f"initiative-{side.value}", _side_marker(side, "initiative",
                                                     f"Initiative: {side.label} side", "INIT"))
    for side in SIDES:
        tracks = view["tracks"][side.value]
        prefix = "es" if side is Side.SPANISH else "ph"
        put(f"{prefix}-supply-{tracks['supply']}",
            _side_marker(side, f"supply-{side.value}",
                         f"{side.label} supply {tracks['supply']}", "SUP"))
        put(f"{prefix}-morale-{tracks['morale']}",
            _side_marker(side, f"morale-{side.value}",
                         f"{side.label} morale {tracks['morale']}", "MOR"))
        vp = int(tracks["vp"])
        over = vp > 20
        put(f"vp-{vp - 20 if over else vp}",
            marker(f"vp-{side.value}", f"{side.label} victory points: {vp}", "VP",
                   P.SIDE_COUNTER[side], "+20" if over else "", side.label[:2].upper(), over,
                   P.WHITE, side.value))


def _church(data: GameData, view: dict[str, Any], put: Any) -> None:
    for area in data.areas:
        level, favoured = view["firepower"][area]
        if favoured:
            side = Side(favoured)
            spec = marker(f"fp-{area}", f"Firepower {level} for the {side.label} side, area "
                          f"{area}", "FP", P.SIDE_COUNTER[side], str(level),
                          side.label[:2].upper(), side is Side.PHILIPPINE, P.WHITE, side.value)
        else:
            spec = marker(f"fp-{area}", f"Firepower 0, area {area}", "FP", P.FIREPOWER_NONE, "0")
        put(f"fp-a{area}-{level}", spec)
        condition = WALLS.index(view["walls"][area])
        put(f"walls-a{area}-{condition}",
            marker(f"walls-{area}", f"Church walls, area {area}: "
                   f"{view['walls'][area].title()}", "marker", P.STONE,
                   view["walls"][area].title()[:3], "Walls", flipped=condition == 3))
        for side in SIDES:
            if area in view["surveillance"][side.value]:
                put(f"markers-a{area}", _side_marker(
                    side, f"surv-{side.value}-{area}",
                    f"{side.label} surveillance marker, area {area}", "SURV"))
        shooter = view["shooting_markers"].get(area)
        if shooter:
            side = Side(shooter)
            put(f"markers-a{area}", _side_marker(side, f"shoot-{area}",
                                                 f"{side.label} shooting marker, area {area}",
                                                 "SHOT"))
    for trench, state in sorted(view["trenches"].items()):
        sabotaged = state == "sabotaged"
        put(trench, marker(f"trench-{trench}", f"Trench section ({state})", "TRENCH", P.TRENCH,
                           "sabot." if sabotaged else "", flipped=sabotaged, ink=P.WHITE,
                           side="philippine"))


def _boxes(data: GameData, view: dict[str, Any], put: Any) -> None:
    markers = int(data.tables["surveillance"]["markers"])
    for side in SIDES:
        left = markers - len(view["surveillance"][side.value])
        for i in range(left):
            put(f"surveillance-reserve-{side.value}", _side_marker(
                side, f"surv-{side.value}-reserve-{i}",
                f"{side.label} surveillance marker (in reserve)", "SURV"))
        bag = BAGS[side]
        put(bag, _side_marker(side, f"bag-{side.value}",
                              f"{side.label} bag: {view['bag_sizes'][side.value]} soldiers",
                              "BAG", str(view["bag_sizes"][side.value])))
    active = bool(view["persistence"])
    put("persistence", marker("persistence", "Persistence marker: "
                              + ("active" if active else "inactive"), "PERS",
                              P.PHILIPPINE if active else P.PH_LIGHT,
                              "active" if active else "", flipped=not active,
                              ink=P.WHITE if active else P.INK, side="philippine"))
    for bed in data.beds[int(view["infirmary_open_beds"]):]:
        put(bed, marker(f"closed-{bed}", f"{data.names[bed]}: closed (Expanding the "
                        "infirmary opens it)", "SHUT", P.CLOSED, ink=P.WHITE))
    power = view["foreign_power"]
    spain = marker("power-spain", "Foreign power: Spain, strength 3", "ES", P.SPAIN_POWER,
                   str(data.tables["foreign_power"]["spain_strength"]), "Spain")
    us = marker("power-us", f"Foreign power: the United States, strength "
                f"{power['us_strength']}", "US", P.US_POWER, str(power["us_strength"]), "USA",
                ink=P.WHITE)
    on_map = data.tcm[int(power["space"]) - 1]
    if power["power"] == "spain":
        put(on_map, spain)
        put("power-box", us)
    elif power["power"] == "us":
        put(on_map, us)
    _cards(data, view, put)


def _cards(data: GameData, view: dict[str, Any], put: Any) -> None:
    for side in SIDES:
        name = side.value
        put(f"deck-{name}", marker(f"deck-{name}", f"{side.label} draw deck: "
                                   f"{cards_count(view['deck_sizes'][name])}", "DECK", P.BACK,
                                   str(view["deck_sizes"][name]), ink=P.WHITE))
        put(f"discard-{name}", marker(f"discard-{name}", f"{side.label} discard pile: "
                                      f"{cards_count(len(view['discards'][name]))}", "DISC",
                                      P.MARKER,
                                      str(len(view["discards"][name]))))
        put(f"fow-deck-{name}", _side_marker(side, f"fow-{name}", f"{side.label} Fog of War "
                                             f"deck: {cards_count(view['fow_deck_sizes'][name])}",
                                             "FoW", str(view["fow_deck_sizes"][name])))
    put("shared-deck", marker("shared-deck",
                              f"Shared deck: {cards_count(view['shared_deck_size'])}",
                              "DECK", P.BACK, str(view["shared_deck_size"]), ink=P.WHITE))
