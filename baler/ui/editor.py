"""The position editor's kit for Heroes of Baler (engine.ui.editor; docs/editor.md).

The game's own board shows the position. Units are dragged between guard posts, detachment
spaces, barracks, beds, command posts, the territorial control map, the bags and the boxes;
the markers of the printed tracks move along them (turn, initiative, supply, morale, victory
points, church walls, firepower), surveillance markers go to an area's marker box or back to
the reserve, the foreign power to a space of the territorial control map. The panel sets the
rest (phase, options, trenches, leaders, the infirmary, persistence) and holds the bags, the
boxes and every card pile, whose entries drag to another pile or to the board's deck and
discard spaces. The rules check every change (baler.rules.position).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from baler.rules.position import PHASES, unit_name
from baler.rules.state import (
    BAGS,
    ES_ELIMINATED,
    PH_ELIMINATED,
    RESERVE,
    SIDES,
    WALLS,
    Kind,
)
from baler.ui.gameui import BalerUI
from engine.core.game import GamePlugin, Scenario
from engine.ui.editor import Move, Position, Steps, add_at, cycle, set_at
from engine.ui.widgets.edit_panel import Entry, Section, Tray

PILES = ("hands", "decks", "discards", "fow_decks")
PILE_NAMES = {"hands": "hand", "decks": "draw deck", "discards": "discard pile",
              "fow_decks": "Fog of War deck"}
BOARD_PILES = {f"deck-{s.value}": f"pile:decks:{s.value}" for s in SIDES} | {
    f"discard-{s.value}": f"pile:discards:{s.value}" for s in SIDES} | {
    f"fow-deck-{s.value}": f"pile:fow_decks:{s.value}" for s in SIDES} | {
    "shared-deck": "pile:shared_deck", "shared-A": "pile:shared_faceup:A",
    "shared-B": "pile:shared_faceup:B"}
"""Card spaces printed on the board and the piles they stand for."""
_TRACK_NAMES = {"supply": "supply", "morale": "morale", "vp": "victory points"}
TRACK = re.compile(r"^(es|ph)-(supply|morale)-(\d+)$")
MOVABLE_MARKERS = re.compile(r"^m:(turn|initiative|supply-\w+|morale-\w+|vp-\w+|walls-\w+|"
                             r"fp-\w+|surv-\w+-\w+(-\d+)?|power-spain|power-us)$")


class BalerEditor:
    """The `EditorKit` of Heroes of Baler."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        self.rules = plugin.rules
        self.ui = BalerUI(plugin, scenario)
        self.data = self.ui.data
        self.board = self.ui.board
        self.steps = Steps()
        self.position: Position = {}
        self.state: Any = None
        self.spaces = {*self.data.posts, *self.data.artillery_posts.values(),
                       *self.data.detachment, *self.data.ph_leader_spaces, *self.data.barracks,
                       *self.data.beds, *self.data.command_posts, *self.data.tcm,
                       *BAGS.values(), ES_ELIMINATED, PH_ELIMINATED, RESERVE}
        self.singles = {*self.data.posts, *self.data.artillery_posts.values(),
                        *self.data.barracks, *self.data.detachment}

    # --- the board ---------------------------------------------------------------------------

    def show(self, state: Any, position: Mapping[str, Any]) -> None:
        self.state, self.position = state, dict(position)
        self.ui.sync(self.rules.view(state, None), None)

    def _location(self, target: str) -> str:
        """A board target as a place: the space a counter stands on, or the space itself."""
        found = self.board.map.stacks.location_of(target)
        return found if found is not None else target

    def grab(self, target: str) -> str | None:
        if target in self.data.units:
            return target
        if MOVABLE_MARKERS.match(target):
            return target
        return None

    def describe(self, piece: str) -> str:
        if piece.startswith("card:"):
            card = self.data.cards[piece[5:]]
            return f"'{card.title}' ({card.id})"
        if piece in self.data.units:
            return unit_name(self.data, piece)
        spec = self.board.map.stacks.spec(piece)
        return spec.name if spec is not None else piece

    def _place_name(self, space: str) -> str:
        return self.data.names.get(space, space)

    def drop(self, piece: str, target: str) -> Move | str:
        if piece.startswith("card:"):
            return self._drop_card(piece[5:], BOARD_PILES.get(self._location(target), target))
        place = target if target in self.spaces else self._location(target)
        if piece in self.data.units:
            if place not in self.spaces:
                return f"{self.describe(piece)} goes on a space, a box or a bag, not there"
            return Move(lambda p: self._move_unit(p, piece, place),
                        f"{self.describe(piece)} to {self._place_name(place)}.")
        return self._drop_marker(piece, place)

    def _move_unit(self, p: Position, unit: str, space: str) -> Position:
        placements = {s: u for s, u in p.get("placements", {}).items() if u != unit}
        boxes = {s: [u for u in units if u != unit] for s, units in p.get("boxes", {}).items()}
        p["eliminated"] = [u for u in p.get("eliminated") or [] if u != unit]
        troops = p.get("territorial_troops")
        if troops:
            rest = [u for u in troops["units"] if u != unit]
            p["territorial_troops"] = {"space": troops["space"], "units": rest} if rest else None
        if space in self.singles and space not in placements and not boxes.get(space):
            placements[space] = unit
        else:
            boxes.setdefault(space, []).append(unit)
        p["placements"] = placements
        p["boxes"] = {s: units for s, units in boxes.items() if units}
        return p

    def _drop_marker(self, marker: str, place: str) -> Move | str:
        name = marker[2:]
        number = place.rsplit("-", 1)[-1]
        if name == "turn" and place.startswith("turn-") and number.isdigit():
            return Move(set_at(("turn",), int(number)), f"Turn {number}.")
        if name == "initiative" and place.startswith("initiative-"):
            side = place.removeprefix("initiative-")
            return Move(set_at(("initiative",), side), f"Initiative: {side} side.")
        track = TRACK.match(place)
        if track and name.startswith(f"{track[2]}-"):
            side = name.split("-", 1)[1]
            if (side == "spanish") != (track[1] == "es"):
                return f"the {side} {track[2]} marker stays on its own side's track"
            return Move(set_at(("tracks", side, track[2]), int(track[3])),
                        f"{side.title()} {track[2]} {track[3]}.")
        if name.startswith("vp-") and place.startswith("vp-") and number.isdigit():
            side = name[3:]
            return Move(set_at(("tracks", side, "vp"), int(number)),
                        f"{side.title()} victory points {number}.")
        walls = re.match(r"^walls-a(\w+)-(\d)$", place)
        if name.startswith("walls-") and walls:
            area = name[6:]
            if walls[1] != area:
                return f"the walls marker of area {area} stays on its own area's track"
            return Move(set_at(("walls", area), WALLS[int(walls[2])]),
                        f"Walls of area {area}: {WALLS[int(walls[2])]}.")
        fire = re.match(r"^fp-a(\w+)-(\d)$", place)
        if name.startswith("fp-") and fire:
            area = name[3:]
            if fire[1] != area:
                return f"the firepower marker of area {area} stays on its own area's track"
            return Move(lambda p: _firepower(p, area, int(fire[2])),
                        f"Firepower of area {area}: {fire[2]}.")
        if name.startswith("surv-"):
            return self._drop_surveillance(name, place)
        if name in ("power-spain", "power-us") and place in self.data.tcm:
            power = name[6:]
            return Move(lambda p: _power(p, place, power),
                        f"Foreign power ({power}) on {self._place_name(place)}.")
        return f"{self.describe(marker)} has no place there"

    def _drop_surveillance(self, name: str, place: str) -> Move | str:
        parts = name.split("-")
        side = parts[1]
        source = None if parts[2] == "reserve" else parts[2]
        if place == f"surveillance-reserve-{side}":
            if source is None:
                return "that marker is already in the reserve"
            return Move(lambda p: _surveil(p, side, source, None),
                        f"{side.title()} surveillance marker back to the reserve.")
        area = re.match(r"^markers-a(\w+)$", place)
        if area is None:
            return ("a surveillance marker goes in an area's marker box or back to its "
                    "side's reserve")
        return Move(lambda p: _surveil(p, side, source, area[1]),
                    f"{side.title()} surveillance marker in area {area[1]}.")

    def _drop_card(self, card: str, pile: str) -> Move | str:
        if not pile.startswith("pile:"):
            return ("a card goes on a pile: a deck, a discard pile, a shared space, or a "
                    "pile of the panel")
        return Move(lambda p: _move_card(p, card, pile),
                    f"'{self.data.cards[card].title}' to {_pile_name(pile)}.")

    # --- the panel ---------------------------------------------------------------------------

    def step(self, key: str) -> Move:
        return self.steps.step(key)

    def sections(self, position: Mapping[str, Any]) -> Sequence[Section]:
        self.steps.clear()
        p = position
        s = self.steps
        turns = int(self.data.tables["turns"])
        sections = [
            Section("turn", "Turn and phase", (
                s.setting("Turn", f"{p['turn']} of {turns}",
                          ("−", add_at(("turn",), -1), "Turn back."),
                          ("+", add_at(("turn",), 1), "Turn forward.")),
                s.setting("Phase", p["phase"],
                          ("◀", set_at(("phase",), cycle(PHASES, p["phase"], -1)), "Phase back."),
                          ("▶", set_at(("phase",), cycle(PHASES, p["phase"], 1)),
                           "Phase forward.")),
                s.setting("Initiative", p["initiative"] or "nobody yet",
                          ("◀▶", set_at(("initiative",), cycle(
                              [None, "spanish", "philippine"], p["initiative"], 1)),
                           "Initiative changed.")),
            ), hint="Play starts at the beginning of the phase; the markers on the board's "
                    "tracks drag too."),
            Section("tracks", "Tracks", tuple(
                s.setting(f"{side.label} {_TRACK_NAMES[track]}", p["tracks"][side.value][track],
                          ("−", add_at(("tracks", side.value, track), -1),
                           f"{side.label} {_TRACK_NAMES[track]} down."),
                          ("+", add_at(("tracks", side.value, track), 1),
                           f"{side.label} {_TRACK_NAMES[track]} up."))
                for side in SIDES for track in ("supply", "morale", "vp"))),
            Section("church", "Church, trenches, infirmary", self._church(p)),
            Section("power", "Territorial control map", self._power(p)),
            Section("leaders", "Leaders", self._leaders(p),
                    hint="A leader is ready, exhausted (his modifier used) or disabled."),
            Section("options", "Options", self._options(p)),
            Section("boxes", "Bags and boxes", trays=self._boxes(p),
                    hint="Drag a unit from here to the board, or onto a bag or box."),
            Section("cards", "Cards", trays=self._card_trays(p),
                    hint="Drag a card to another pile; decks draw from the bottom of the "
                         "list."),
        ]
        return sections

    def _church(self, p: Position) -> tuple[Any, ...]:
        s = self.steps
        rows = []
        for area in self.data.areas:
            fire = p["firepower"][area]
            rows.append(s.setting(
                f"Firepower area {area} favours", fire["favours"] or "nobody",
                ("◀▶", lambda q, a=area: _favour(q, a), f"Firepower of area {area} turned.")))
        built, sabotaged = set(p["trenches"]), set(p["sabotaged_trenches"])
        for space in self.data.trench_spaces:
            state = "built" if space in built else "sabotaged" if space in sabotaged else "none"
            rows.append(s.setting(self._place_name(space), state,
                                  ("◀▶", lambda q, t=space: _trench(q, t),
                                   f"{self._place_name(space)} changed.")))
        rows.append(s.setting("Open infirmary beds", p["infirmary_open_beds"],
                              ("−", add_at(("infirmary_open_beds",), -1), "One bed fewer."),
                              ("+", add_at(("infirmary_open_beds",), 1), "One bed more.")))
        rows.append(s.setting("Persistence", "active" if p["persistence_active"] else "inactive",
                              ("◀▶", set_at(("persistence_active",), not p["persistence_active"]),
                               "Persistence turned.")))
        return tuple(rows)

    def _power(self, p: Position) -> tuple[Any, ...]:
        s = self.steps
        power = p["foreign_power"]
        space = power["space"]
        return (
            s.setting("Foreign power", power["power"],
                      ("◀▶", set_at(("foreign_power", "power"),
                                  cycle(("spain", "us", "none"), power["power"], 1)),
                       "Foreign power changed.")),
            s.setting("On space", self._place_name(space),
                      ("◀", set_at(("foreign_power", "space"),
                                 cycle(self.data.tcm, space, -1)), "Foreign power back."),
                      ("▶", set_at(("foreign_power", "space"),
                                 cycle(self.data.tcm, space, 1)), "Foreign power on.")),
            s.setting("US strength", power["us_strength"],
                      ("−", add_at(("foreign_power", "us_strength"), -1), "US strength down."),
                      ("+", add_at(("foreign_power", "us_strength"), 1), "US strength up.")),
        )

    def _leaders(self, p: Position) -> tuple[Any, ...]:
        rows = []
        for unit, info in self.data.units.items():
            if info.kind is not Kind.LEADER:
                continue
            state = "disabled" if unit in p["disabled"] else \
                "exhausted" if unit in p["exhausted"] else "ready"
            rows.append(self.steps.setting(
                info.name, state, ("◀▶", lambda q, u=unit: _leader(q, u),
                                   f"{info.name} changed.")))
        return tuple(rows)

    def _options(self, p: Position) -> tuple[Any, ...]:
        rows = []
        for key, value in p["options"].items():
            if isinstance(value, bool):
                new: Any = not value
            else:
                new = cycle(("attrition-turn-4", "upkeep-turn-3"), value, 1)
            rows.append(self.steps.setting(key.replace("_", " "), value,
                                           ("◀▶", set_at(("options", key), new),
                                            f"Option {key} changed.")))
        return tuple(rows)

    def _boxes(self, p: Position) -> tuple[Tray, ...]:
        return tuple(
            Tray(space, self._place_name(space),
                 tuple(Entry(u, unit_name(self.data, u)) for u in self.state.units_at(space)))
            for space in (*BAGS.values(), ES_ELIMINATED, PH_ELIMINATED, RESERVE))

    def _card_trays(self, p: Position) -> tuple[Tray, ...]:
        cards = p["cards"]
        trays = []
        for pile in PILES:
            for side in SIDES:
                listed = cards[pile][side.value]
                trays.append(Tray(f"pile:{pile}:{side.value}",
                                  f"{side.label} {PILE_NAMES[pile]}",
                                  tuple(self._card(c) for c in listed)))
        trays.append(Tray("pile:shared_deck", "Shared deck",
                          tuple(self._card(c) for c in cards["shared_deck"])))
        for slot in "AB":
            card = cards["shared_faceup"].get(slot)
            trays.append(Tray(f"pile:shared_faceup:{slot}", f"Shared card {slot}",
                              (self._card(card),) if card else ()))
        trays.append(Tray("pile:removed", "Out of the game",
                          tuple(self._card(c) for c in cards["removed"])))
        return tuple(trays)

    def _card(self, card: str) -> Entry:
        info = self.data.cards[card]
        return Entry(f"card:{card}", f"{info.title} ({info.owner}"
                                     f"{', Fog of War' if info.fow else ''})")


# --- edits -----------------------------------------------------------------------------------


def _firepower(p: Position, area: str, level: int) -> Position:
    fire = p["firepower"][area]
    fire["level"] = level
    if level == 0:
        fire["favours"] = None
    return p


def _favour(p: Position, area: str) -> Position:
    fire = p["firepower"][area]
    fire["favours"] = cycle((None, "spanish", "philippine"), fire["favours"], 1)
    return p


def _trench(p: Position, space: str) -> Position:
    built = [t for t in p["trenches"] if t != space]
    sabotaged = [t for t in p["sabotaged_trenches"] if t != space]
    if space in p["trenches"]:
        sabotaged.append(space)
    elif space not in p["sabotaged_trenches"]:
        built.append(space)
    p["trenches"], p["sabotaged_trenches"] = sorted(built), sorted(sabotaged)
    return p


def _leader(p: Position, unit: str) -> Position:
    exhausted = [u for u in p["exhausted"] if u != unit]
    disabled = {u: t for u, t in p["disabled"].items() if u != unit}
    if unit in p["exhausted"]:
        disabled[unit] = p["turn"]
    elif unit not in p["disabled"]:
        exhausted.append(unit)
    p["exhausted"], p["disabled"] = sorted(exhausted), disabled
    return p


def _power(p: Position, space: str, power: str) -> Position:
    p["foreign_power"]["space"] = space
    p["foreign_power"]["power"] = power
    return p


def _surveil(p: Position, side: str, source: str | None, area: str | None) -> Position:
    areas = [a for a in p["surveillance"][side] if a != source]
    if area is not None:
        areas.append(area)
    p["surveillance"][side] = sorted(areas)
    return p


def _pile_name(pile: str) -> str:
    parts = pile.split(":")
    if parts[1] in PILE_NAMES:
        return f"the {parts[2]} {PILE_NAMES[parts[1]]}"
    if parts[1] == "shared_faceup":
        return f"shared card space {parts[2]}"
    return {"shared_deck": "the shared deck", "removed": "out of the game"}.get(parts[1],
                                                                                parts[1])


def _move_card(p: Position, card: str, pile: str) -> Position:
    cards = p["cards"]
    for name in PILES:
        for side in cards[name]:
            cards[name][side] = [c for c in cards[name][side] if c != card]
    cards["shared_deck"] = [c for c in cards["shared_deck"] if c != card]
    cards["removed"] = [c for c in cards["removed"] if c != card]
    for slot, held in list(cards["shared_faceup"].items()):
        if held == card:
            cards["shared_faceup"][slot] = None
    parts = pile.split(":")
    if parts[1] in PILES:
        cards[parts[1]][parts[2]].append(card)
    elif parts[1] == "shared_faceup":
        displaced = cards["shared_faceup"].get(parts[2])
        if displaced is not None:
            cards["shared_deck"].insert(0, displaced)
        cards["shared_faceup"][parts[2]] = card
    else:
        cards[parts[1]].append(card)
    return p


def create(plugin: GamePlugin, scenario: Scenario) -> BalerEditor:
    """The factory the plugin names in `editor`."""
    return BalerEditor(plugin, scenario)


__all__ = ["BalerEditor", "create"]
