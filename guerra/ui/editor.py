"""The position editor's kit for La Guerra de España (engine.ui.editor; docs/editor.md).

The game's own map shows the position. A counter is dragged from hex to hex, an army counter
onto a naval counter goes aboard it, and the panel's trays hold each side's pools (one entry a
family, with the counters left in it; dragging one brings its next counter onto the map) and
the eliminated counters; a counter dropped on a pool goes back to it, on the eliminated tray out
of the game. The panel sets the options, the turn, the step of the sequence of play, the side
that moves first and the side acting, the F.E.C. tracks, the weather, the naval counters
allowed and the control of every province. The rules check every change
(guerra.rules.position).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.actions import IllegalActionError
from engine.core.game import GamePlugin, Scenario
from engine.core.position import PositionError
from engine.ui.editor import Move, Position, Steps, add_at, cycle, set_at
from engine.ui.hexmap import parse_hex_id
from engine.ui.widgets.edit_panel import Entry, Section, Tray
from guerra.rules.actions import SetOptions
from guerra.rules.data import Kind, Side, hex_label
from guerra.rules.position import CONTROL, PHASES
from guerra.rules.state import Where
from guerra.ui.gameui import GuerraUI

LEVELS = ("basic", "intermediate", "advanced")
PLAYERS = ((1, 1), (2, 1), (2, 2))
SIDES = tuple(s.value for s in Side)
LABELS = {"nationalist": "Nationalist", "republican": "Republican"}


class GuerraEditor:
    """The `EditorKit` of La Guerra de España."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        self.rules = plugin.rules
        self.scenario = scenario
        self.ui = GuerraUI(plugin, scenario)
        self.data = self.ui.data
        self.board = self.ui.board
        self.steps = Steps()
        self.position: Position = {}
        self.state: Any = None

    # --- the board ---------------------------------------------------------------------------

    def show(self, state: Any, position: Mapping[str, Any]) -> None:
        self.state, self.position = state, dict(position)
        self.ui.sync(self.rules.view(state, None), None)

    def grab(self, target: str) -> str | None:
        units = self.state.units
        if target in units and units[target].where is Where.MAP:
            return target
        return None

    def describe(self, piece: str) -> str:
        if piece.startswith("pool:"):
            family = self.data.families[piece[5:]]
            return f"a {family.name} counter from the pool"
        if piece.startswith("elim:"):
            family = self.data.families[piece[5:]]
            return f"an eliminated {family.name} counter"
        unit = self.state.units.get(piece)
        if unit is None:
            return piece
        return f"{self.data.families[unit.family].name} {piece}"

    def _next_in_pool(self, family: str) -> str | None:
        for uid, unit in self.state.units.items():
            if unit.family == family and unit.where is Where.POOL \
                    and uid not in self.state.africa_left:
                return str(uid)
        return None

    def drop(self, piece: str, target: str) -> Move | str:
        uid: str | None = piece
        if piece.startswith("elim:"):
            family = piece[5:]
            uid = next((u for u, unit in self.state.units.items() if unit.family == family
                        and unit.where is Where.ELIMINATED), None)
            if uid is None or target == "tray:eliminated":
                return f"{self.describe(piece)} stays eliminated"
            back = uid
            if target.startswith("tray:pool"):
                return Move(lambda p: _uneliminate(p, family), f"{self.describe(piece)} back "
                                                               "to its pool.")
            found = self._drop_unit(piece, back, target)
            if isinstance(found, str):
                return found
            return Move(lambda p: found.edit(_uneliminate(p, family)), found.text)
        if piece.startswith("pool:"):
            uid = self._next_in_pool(piece[5:])
            if uid is None:
                return f"no {self.data.families[piece[5:]].name} counter is left in the pool"
        assert uid is not None
        return self._drop_unit(piece, uid, target)

    def _drop_unit(self, piece: str, uid: str, target: str) -> Move | str:
        name = self.describe(piece)
        if target.startswith("tray:pool"):
            return Move(lambda p: _to_pool(p, uid), f"{name} back to its pool.")
        if target == "tray:africa":
            return "the Army of Africa counters to place are the ones the setup names"
        if target == "tray:eliminated":
            family = self.state.units[uid].family
            if self.state.units[uid].where is not Where.MAP:
                return f"{name} is not on the map"
            return Move(lambda p: _eliminate(p, uid, family), f"{name} eliminated.")
        units = self.state.units
        if target in units and target != uid:
            ship, unit = units[target], units[uid]
            if ship.kind is Kind.NAVAL and unit.kind is Kind.ARMY and ship.side is unit.side:
                return Move(lambda p: _aboard(p, uid, target),
                            f"{name} aboard {self.describe(target)}.")
            if ship.hex is None:
                return f"{self.describe(target)} is not on the map"
            label = hex_label(ship.hex)
        else:
            h = parse_hex_id(target)
            if h is None or h not in self.data.board.terrain:
                return f"{name} goes on a hex of the map or on a tray of the panel"
            label = hex_label(h)
        return Move(lambda p: _to_hex(p, uid, label), f"{name} to hex {label}.")

    def _choose_options(self, p: Position) -> Position:
        """Choose the options as the game does (section 4): the rules then lay out the
        initial placement of section 6, the Army of Africa still to place."""
        state = self.rules.from_position(self.scenario, p, 0)
        try:
            self.rules.apply(state, SetOptions("basic", 1, 1, True))
        except IllegalActionError as err:
            raise PositionError(err.reason, err.section) from None
        position: Position = self.rules.to_position(state)
        return position

    # --- the panel ---------------------------------------------------------------------------

    def step(self, key: str) -> Move:
        return self.steps.step(key)

    def sections(self, position: Mapping[str, Any]) -> Sequence[Section]:
        self.steps.clear()
        p = position
        return [
            Section("turn", "Options, turn and step", self._turn(p),
                    hint="Play starts at the beginning of the step (section 14)."),
            Section("tracks", "F.E.C., naval use, weather", self._tracks(p)),
            Section("control", "Control of the provinces", self._control(p),
                    hint="Province-control counters of the auxiliary table (section 9.1)."),
            Section("pools", "Pools and eliminated counters", trays=self._trays(p),
                    hint="Drag a family to the map for its next counter; drop a counter on a "
                         "pool to send it back, on the eliminated tray to remove it."),
        ]

    def _turn(self, p: Position) -> tuple[Any, ...]:
        s = self.steps
        options = p.get("options")
        rows = []
        if options is None:
            rows.append(s.setting("Options", "not chosen yet",
                                  ("Choose", self._choose_options,
                                   "Options chosen (basic level, two players): the initial "
                                   "placement of section 6 is on the map.")))
        else:
            players = (options["nationalist_players"], options["republican_players"])
            rows += [
                s.setting("Level", options["level"],
                          ("◀▶", set_at(("options", "level"),
                                      cycle(LEVELS, options["level"], 1)), "Level changed.")),
                s.setting("Players", f"{players[0]} Nationalist, {players[1]} Republican",
                          ("◀▶", lambda q: _players(q), "Players changed.")),
                s.setting("A tie at turn 16 ends the war",
                          "yes" if options["tie_ends_game"] else "no",
                          ("◀▶", set_at(("options", "tie_ends_game"),
                                      not options["tie_ends_game"]), "Tie agreement changed.")),
            ]
        rows += [
            s.setting("Turn", f"{p['turn']} of {self.data.last_turn}",
                      ("−", add_at(("turn",), -1), "Turn back."),
                      ("+", add_at(("turn",), 1), "Turn forward.")),
            s.setting("Step", p["phase"].replace("_", " "),
                      ("◀", set_at(("phase",), cycle(PHASES, p["phase"], -1)), "Step back."),
                      ("▶", set_at(("phase",), cycle(PHASES, p["phase"], 1)), "Step forward.")),
            s.setting("Moves first", LABELS.get(p["first_side"] or "", "not rolled yet"),
                      ("◀▶", set_at(("first_side",), cycle((None, *SIDES), p["first_side"], 1)),
                       "First player changed.")),
            s.setting("Acting side", LABELS.get(p["acting"] or "", "—"),
                      ("◀▶", set_at(("acting",), cycle((None, *SIDES), p["acting"], 1)),
                       "Acting side changed.")),
        ]
        return tuple(rows)

    def _tracks(self, p: Position) -> tuple[Any, ...]:
        s = self.steps
        rows = []
        for side in SIDES:
            rows.append(s.setting(f"{LABELS[side]} F.E.C.", p["fec"][side],
                                  ("−", add_at(("fec", side), -1), "F.E.C. down."),
                                  ("+", add_at(("fec", side), 1), "F.E.C. up.")))
            rows.append(s.setting(f"{LABELS[side]} F.E.C. losses", p["fec_losses"][side],
                                  ("−", add_at(("fec_losses", side), -1), "Losses down."),
                                  ("+", add_at(("fec_losses", side), 1), "Losses up.")))
            rows.append(s.setting(f"{LABELS[side]} naval counters usable",
                                  p["naval_allowance"].get(side, 0),
                                  ("−", lambda q, d=side: _naval(q, d, -1), "One fewer."),
                                  ("+", lambda q, d=side: _naval(q, d, 1), "One more.")))
        for zone in self.data.weather_zones:
            on = zone in p["weather"]
            rows.append(s.setting(f"ZM marker, zone {zone}", "yes" if on else "no",
                                  ("◀▶", lambda q, z=zone: _weather(q, z),
                                   f"Weather of zone {zone} changed.")))
        return tuple(rows)

    def _control(self, p: Position) -> tuple[Any, ...]:
        return tuple(
            self.steps.setting(province.name, p["control"][pid],
                               ("◀▶", set_at(("control", pid), cycle(CONTROL, p["control"][pid],
                                                                   1)),
                                f"{province.name} changed."))
            for pid, province in sorted(self.data.provinces.items(), key=lambda i: i[1].name))

    def _trays(self, p: Position) -> tuple[Tray, ...]:
        trays = []
        for side in Side:
            entries = []
            for fid, family in self.data.families.items():
                if family.side is not side:
                    continue
                left = sum(1 for uid, u in self.state.units.items() if u.family == fid
                           and u.where is Where.POOL and uid not in self.state.africa_left)
                if left:
                    entries.append(Entry(f"pool:{fid}", f"{family.name}: {left} left"))
            trays.append(Tray(f"tray:pool:{side.value}", f"{side.label} pool", tuple(entries)))
        if p.get("africa"):
            trays.append(Tray("tray:africa", "To place in North Africa (section 6)",
                              tuple(Entry(uid, self.describe(uid)) for uid in p["africa"])))
        eliminated = tuple(Entry(f"elim:{fid}", f"{self.data.families[fid].name}: {n}")
                           for fid, n in p["eliminated"].items() if n)
        trays.append(Tray("tray:eliminated", "Eliminated", eliminated))
        return tuple(trays)


# --- edits -----------------------------------------------------------------------------------


def _players(p: Position) -> Position:
    options = p["options"]
    now = (options["nationalist_players"], options["republican_players"])
    options["nationalist_players"], options["republican_players"] = cycle(PLAYERS, now, 1)
    for spot in p["counters"].values():
        spot.pop("seat", None)
    return p


def _naval(p: Position, side: str, delta: int) -> Position:
    allowance = dict(p.get("naval_allowance") or {})
    allowance[side] = int(allowance.get(side, 0)) + delta
    p["naval_allowance"] = allowance
    return p


def _weather(p: Position, zone: str) -> Position:
    zones = set(p["weather"])
    zones.symmetric_difference_update({zone})
    p["weather"] = sorted(zones)
    return p


def _clear(p: Position, uid: str) -> None:
    """Take a counter off the map and out of a ship; its cargo goes back to the pool with
    it."""
    counters = p["counters"]
    counters.pop(uid, None)
    for other, spot in list(counters.items()):
        if spot.get("aboard") == uid:
            del counters[other]
    p["africa"] = [u for u in p.get("africa") or [] if u != uid]


def _uneliminate(p: Position, family: str) -> Position:
    counts = dict(p.get("eliminated") or {})
    counts[family] = counts.get(family, 0) - 1
    p["eliminated"] = {f: n for f, n in counts.items() if n}
    return p


def _to_pool(p: Position, uid: str) -> Position:
    _clear(p, uid)
    return p


def _eliminate(p: Position, uid: str, family: str) -> Position:
    _clear(p, uid)
    counts = dict(p.get("eliminated") or {})
    counts[family] = counts.get(family, 0) + 1
    p["eliminated"] = dict(sorted(counts.items()))
    return p


def _to_hex(p: Position, uid: str, label: str) -> Position:
    seat = p["counters"].get(uid, {}).get("seat")
    cargo = {u: s for u, s in p["counters"].items() if s.get("aboard") == uid}
    _clear(p, uid)
    p["counters"][uid] = {"hex": label, **({"seat": seat} if seat else {})}
    p["counters"].update(cargo)
    return p


def _aboard(p: Position, uid: str, ship: str) -> Position:
    seat = p["counters"].get(uid, {}).get("seat")
    _clear(p, uid)
    p["counters"][uid] = {"aboard": ship, **({"seat": seat} if seat else {})}
    return p


def create(plugin: GamePlugin, scenario: Scenario) -> GuerraEditor:
    """The factory the plugin names in `editor`."""
    return GuerraEditor(plugin, scenario)


__all__ = ["GuerraEditor", "create"]
