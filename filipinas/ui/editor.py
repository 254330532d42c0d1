"""The position editor's kit for Filipinas 1896-1898 (engine.ui.editor; docs/editor.md).

The game's own board shows the position. A counter dragged onto another counter joins its
stack; dropped on a space away from the counters there it stands as a stack of its own; dropped
in a box (the Troops boxes, the Graveyard, Recalled to Spain...) it leaves the map and lies
there. The markers
of the tracks (turn, Resources of each side, Spanish Morale, US Intervention) move along them.
The panel sets the phase, the side whose round it is, the government and the events so far; its
marker trays (Target, Protect the Fields, Search and Destroy, Entrenchment, Baler, landed, the
reduced side) take a counter dropped on them and give it back when its entry is dragged away;
the card trays hold each deck, hand and the played cards. The rules check every change
(filipinas.rules.position).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.game import GamePlugin, Scenario
from engine.ui.editor import Move, Position, Steps, add_at, cycle, set_at
from engine.ui.widgets.edit_panel import Entry, Section, Tray
from filipinas.rules.position import DECKS, FLAGS, PHASES
from filipinas.rules.setup import FILIPINO, SIDES, SPAIN, USA
from filipinas.ui.board import pile_space
from filipinas.ui.gameui import FilipinasUI

MARKS = {"target": "Target marker", "protect": "Protect the Fields",
         "search": "Search and Destroy Column", "entrenched": "Entrenched",
         "baler": "Baler marker", "landed": "Landed (US)", "zapote_defenders": "Zapote Line "
         "defenders", "reduced": "Reduced (flipped)", "artillery": "The Filipino Artillery"}
"""The trays that mark counters: the markers that lie on a counter, and the reduced side."""
TRACKS = {"turn": ("turn",), "res": ("ap",), "morale": ("morale",), "us": ("us_intervention",)}
SIDE_NAMES = {FILIPINO: "Filipino", SPAIN: "Spanish"}
FLAG_NAMES = {"us_at_war": "United States at war", "us_entry_pending": "US entry due",
              "exiled": "Aguinaldo exiled", "biak": "Peace of Biak-na-Bató",
              "canovas_dead": "Cánovas dead", "government_changed": "Government changed"}


class FilipinasEditor:
    """The `EditorKit` of Filipinas."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        self.rules = plugin.rules
        self.ui = FilipinasUI(plugin, scenario)
        self.data = self.ui.data
        self.board = self.ui.board
        self.names = self.ui.names
        self.steps = Steps()
        self.position: Position = {}
        self.state: Any = None

    # --- the board ---------------------------------------------------------------------------

    def show(self, state: Any, position: Mapping[str, Any]) -> None:
        self.state, self.position = state, dict(position)
        self.ui.sync(self.rules.view(state, None), None)

    def grab(self, target: str) -> str | None:
        if target in self.data.counters:
            return target
        if target in ("mk:turn:track", "mk:ap_spain:track", "mk:ap_filipino:track",
                      "mk:morale:track", "mk:us:track"):
            return target
        return None

    def describe(self, piece: str) -> str:
        if piece.startswith("card:"):
            return f"'{self.data.cards[piece[5:]].name}'"
        if piece.startswith("mark:"):
            _, mark, cid = piece.split(":", 2)
            return f"{MARKS[mark]} on {self.data.counters[cid].name}"
        if piece in self.data.counters:
            return self.data.counters[piece].name
        return {"mk:turn:track": "Turn marker", "mk:ap_spain:track": "Spanish Resources",
                "mk:ap_filipino:track": "Filipino Resources", "mk:morale:track":
                "Spanish Morale", "mk:us:track": "US Intervention"}.get(piece, piece)

    def _space(self, target: str) -> str | None:
        """The space a board target lies in (a pile's space, a counter's space)."""
        if target in self.data.spaces or any(target.startswith(p) for p in TRACKS):
            return target
        space = pile_space(target)
        if space is not None:
            return space
        if target in self.data.counters:
            return str(self.state.loc[target])
        if target.startswith("mk:"):
            pile = self.board.pile_of(target)
            return pile_space(pile) if pile else None
        return None

    def drop(self, piece: str, target: str) -> Move | str:
        if piece.startswith("card:"):
            return self._drop_card(piece[5:], target)
        if piece.startswith("mark:"):
            _, mark, cid = piece.split(":", 2)
            if target == f"tray:{mark}":
                return f"{self.data.counters[cid].name} already has it"
            return Move(lambda p: _mark(p, mark, cid, False),
                        f"{MARKS[mark]} taken off {self.data.counters[cid].name}.")
        if target.startswith("tray:"):
            mark = target[5:]
            if piece not in self.data.counters or mark not in MARKS:
                return "only a counter on the map takes that marker"
            return Move(lambda p: _mark(p, mark, piece, True),
                        f"{MARKS[mark]} on {self.data.counters[piece].name}.")
        if piece.startswith("mk:"):
            return self._drop_track(piece, self._space(target))
        space = self._space(target)
        if space is None or space not in self.data.spaces:
            return f"{self.describe(piece)} goes on a space of the map or in a box"
        name = self.names.get(space, space)
        if target in self.data.counters and target != piece \
                and self.data.spaces[space].kind != "box":
            return Move(lambda p: _stack(p, piece, space, target),
                        f"{self.describe(piece)} joins {self.data.counters[target].name} in "
                        f"{name}.")
        return Move(lambda p: _stack(p, piece, space, None),
                    f"{self.describe(piece)} to {name}.")

    def _drop_track(self, marker: str, space: str | None) -> Move | str:
        kind = marker.split(":")[1]
        for prefix, path in TRACKS.items():
            if space is not None and space.startswith(prefix) \
                    and space[len(prefix):].isdigit():
                value = int(space[len(prefix):])
                wanted = {"turn": "turn", "res": "ap", "morale": "morale", "us": "us"}[prefix]
                if not kind.startswith(wanted):
                    break
                if prefix == "res":
                    side = SPAIN if kind == "ap_spain" else FILIPINO
                    return Move(set_at(("ap", side), value),
                                f"{SIDE_NAMES[side]} Resources {value} AP.")
                return Move(set_at(path, value), f"{self.describe(marker)}: {value}.")
        return f"the {self.describe(marker)} marker moves along its own track"

    def _drop_card(self, card: str, target: str) -> Move | str:
        if not target.startswith("pile:"):
            return "a card goes to a deck, a hand or the played cards of the panel"
        where = target.split(":")[1:]
        return Move(lambda p: _move_card(p, card, where),
                    f"'{self.data.cards[card].name}' to {_pile_title(where)}.")

    # --- the panel ---------------------------------------------------------------------------

    def step(self, key: str) -> Move:
        return self.steps.step(key)

    def sections(self, position: Mapping[str, Any]) -> Sequence[Section]:
        self.steps.clear()
        p = position
        s = self.steps
        params = self.data.params
        turn_phase = (
            s.setting("Turn", f"{p['turn']} of {self.data.last_turn}",
                      ("−", add_at(("turn",), -1), "Turn back."),
                      ("+", add_at(("turn",), 1), "Turn forward.")),
            s.setting("Phase", p["phase"], ("◀▶", set_at(("phase",), cycle(PHASES, p["phase"], 1)),
                                            "Phase changed.")),
            s.setting("Round of", SIDE_NAMES[p["active"]],
                      ("◀▶", set_at(("active",), cycle(SIDES, p["active"], 1)),
                       "The other side's round.")),
        )
        tracks = (
            *(s.setting(f"{SIDE_NAMES[side]} AP", p["ap"][side],
                        ("−", add_at(("ap", side), -1), f"{SIDE_NAMES[side]} AP down."),
                        ("+", add_at(("ap", side), 1), f"{SIDE_NAMES[side]} AP up."))
              for side in SIDES),
            s.setting("Spanish Morale", f"{p['morale']} ({params.morale_min}-"
                                        f"{params.morale_max})",
                      ("−", add_at(("morale",), -1), "Morale down."),
                      ("+", add_at(("morale",), 1), "Morale up.")),
            s.setting("US Intervention", p["us_intervention"],
                      ("−", add_at(("us_intervention",), -1), "US Intervention down."),
                      ("+", add_at(("us_intervention",), 1), "US Intervention up.")),
            s.setting("Government", p["government"],
                      ("◀▶", set_at(("government",), cycle(("canovas", "sagasta"),
                                                         p["government"], 1)),
                       "Government changed.")),
            s.setting("Plunders this turn", p["plunders"],
                      ("−", add_at(("plunders",), -1), "One plunder fewer."),
                      ("+", add_at(("plunders",), 1), "One plunder more.")),
        )
        events = tuple(s.setting(FLAG_NAMES[flag], "yes" if p[flag] else "no",
                                 ("◀▶", set_at((flag,), not p[flag]),
                                  f"{FLAG_NAMES[flag]} changed."))
                       for flag in FLAGS)
        return [
            Section("turn", "Turn and phase", turn_phase,
                    hint="Play starts at the beginning of the phase; the markers of the "
                         "printed tracks drag too."),
            Section("tracks", "Tracks and government", tracks),
            Section("map", "Provinces, cities, lines", self._map(p)),
            Section("events", "Events so far", events),
            Section("markers", "Markers on counters", trays=self._marks(p),
                    hint="Drop a counter of the map on a tray to mark it; drag an entry away "
                         "to take the marker off."),
            Section("cards", "Cards", trays=self._cards(p),
                    hint="Drag a card to another pile; decks draw from the bottom of the "
                         "list."),
        ]

    def _map(self, p: Position) -> tuple[Any, ...]:
        s = self.steps
        m = p["markers"]
        rows = [s.setting(self.names[c], (p["cities"].get(c) or SPAIN),
                          ("◀▶", lambda q, c=c: _city(q, c), f"{self.names[c]} changes hands."))
                for c in self.data.cities]
        rows += [s.setting(f"{self.names[line]} built", "yes" if line in m["lines"] else "no",
                           ("◀▶", lambda q, t=line: _toggle(q, "lines", t),
                            f"{self.names[line]} changed."))
                 for line in self.data.lines]
        rows += [s.setting(f"{self.names[v]} sacked", "yes" if v in m["sacked"] else "no",
                           ("◀▶", lambda q, v=v: _toggle(q, "sacked", v),
                            f"{self.names[v]} changed."))
                 for v in self.data.provinces]
        rows.append(s.setting("Zapote Line", "yes" if m["zapote"] else "no",
                              ("◀▶", set_at(("markers", "zapote"), not m["zapote"]),
                               "Zapote Line changed.")))
        rows.append(s.setting("Reconcentration", "yes" if m["reconcentration"] else "no",
                              ("◀▶", set_at(("markers", "reconcentration"),
                                          not m["reconcentration"]),
                               "Reconcentration changed.")))
        art = m["artillery"]["state"]
        rows.append(s.setting("Filipino Artillery", art.replace("_", " "),
                              ("◀▶", lambda q: _artillery(q), "The Artillery changed.")))
        return tuple(rows)

    def _marks(self, p: Position) -> tuple[Tray, ...]:
        trays = []
        reduced = [c for stack in p["placements"] for c in stack["reduced"]]
        for mark, title in MARKS.items():
            if mark == "artillery":
                continue
            held = reduced if mark == "reduced" else p["markers"][mark]
            trays.append(Tray(f"tray:{mark}", title, tuple(
                Entry(f"mark:{mark}:{c}", self.data.counters[c].name) for c in held)))
        holder = p["markers"]["artillery"].get("holder")
        trays.append(Tray("tray:artillery", "With the Filipino Artillery", (
            Entry(f"mark:artillery:{holder}", self.data.counters[holder].name),)
            if holder else ()))
        return tuple(trays)

    def _cards(self, p: Position) -> tuple[Tray, ...]:
        cards = p["cards"]
        trays = [Tray(f"pile:hands:{side}", f"{SIDE_NAMES[side]} hand",
                      tuple(self._card(c) for c in cards["hands"][side])) for side in SIDES]
        trays += [Tray(f"pile:decks:{deck}", f"{deck.replace('_', ' ').title()} deck",
                       tuple(self._card(c) for c in cards["decks"][deck])) for deck in DECKS]
        trays.append(Tray("pile:played", "Played (out of the game)",
                          tuple(self._card(c) for c in p["cards_out"])))
        return tuple(trays)

    def _card(self, card: str) -> Entry:
        return Entry(f"card:{card}", self.data.cards[card].name)


# --- edits -----------------------------------------------------------------------------------


def _take(p: Position, cid: str) -> bool:
    """Take a counter out of its stack or box; whether it was reduced."""
    reduced = False
    stacks = []
    for stack in p["placements"]:
        if cid in stack["counters"]:
            reduced = cid in stack["reduced"]
            stack = {**stack, "counters": [c for c in stack["counters"] if c != cid],
                     "reduced": [c for c in stack["reduced"] if c != cid]}
        if stack["counters"]:
            stacks.append(stack)
    p["placements"] = stacks
    return reduced


def _stack(p: Position, cid: str, space: str, onto: str | None) -> Position:
    """Move a counter onto the stack of `onto`, or alone into `space` (a box: off the map)."""
    reduced = _take(p, cid)
    for stack in p["placements"]:
        if onto is not None and onto in stack["counters"] and stack["space"] not in _BOXES:
            stack["counters"].append(cid)
            if reduced:
                stack["reduced"].append(cid)
            return p
    if space in p.get("boxes", {}).values() or space in _BOXES:
        lying = next((s for s in p["placements"] if s["space"] == space), None)
        if lying is None:
            p["placements"].append({"counters": [cid], "space": space, "reduced": []})
        else:
            lying["counters"].append(cid)
        for name in ("target", "protect", "search", "entrenched", "baler", "landed",
                     "zapote_defenders"):
            p["markers"][name] = [c for c in p["markers"][name] if c != cid]
        return p
    p["placements"].append({"counters": [cid], "space": space,
                            "reduced": [cid] if reduced else []})
    return p


_BOXES = ("filipino_troops", "spanish_troops", "united_states", "recalled", "graveyard",
          "spanish_government", "reconcentration_box")


def _mark(p: Position, mark: str, cid: str, on: bool) -> Position:
    if mark == "reduced":
        for stack in p["placements"]:
            if cid in stack["counters"]:
                rest = [c for c in stack["reduced"] if c != cid]
                stack["reduced"] = rest + [cid] if on else rest
        return p
    if mark == "artillery":
        p["markers"]["artillery"] = {"state": "in_play", "holder": cid} if on else \
            {"state": "unused"}
        return p
    held = [c for c in p["markers"][mark] if c != cid]
    p["markers"][mark] = sorted(held + [cid]) if on else held
    return p


def _city(p: Position, city: str) -> Position:
    owner = cycle((SPAIN, FILIPINO, USA), p["cities"].get(city) or SPAIN, 1)
    cities = {c: o for c, o in p["cities"].items() if c != city}
    if owner != SPAIN:
        cities[city] = owner
    p["cities"] = cities
    return p


def _toggle(p: Position, key: str, item: str) -> Position:
    held = p["markers"][key]
    p["markers"][key] = sorted(c for c in held if c != item) if item in held else \
        sorted([*held, item])
    return p


def _artillery(p: Position) -> Position:
    state = p["markers"]["artillery"]["state"]
    new = cycle(("unused", "lost"), state, 1) if state != "in_play" else "unused"
    p["markers"]["artillery"] = {"state": new}
    return p


def _pile_title(where: list[str]) -> str:
    if where[0] == "hands":
        return f"the {SIDE_NAMES.get(where[1], where[1])} hand"
    if where[0] == "decks":
        return f"the {where[1].replace('_', ' ')} deck"
    return "the played cards"


def _move_card(p: Position, card: str, where: list[str]) -> Position:
    cards = p["cards"]
    for group in ("decks", "hands"):
        for name in cards[group]:
            cards[group][name] = [c for c in cards[group][name] if c != card]
    p["cards_out"] = [c for c in p["cards_out"] if c != card]
    if where[0] in ("decks", "hands"):
        cards[where[0]][where[1]].append(card)
    else:
        p["cards_out"].append(card)
    return p


def create(plugin: GamePlugin, scenario: Scenario) -> FilipinasEditor:
    """The factory the plugin names in `editor`."""
    return FilipinasEditor(plugin, scenario)


__all__ = ["FilipinasEditor", "create"]
