"""The `GameUI` of La Guerra de España: the board (`board`), its counters (`pieces`), the meaning
of clicks (`clicks`), button labels (`labels`), status lines (`status`) and the player aid
(`aid`).

The marks of the decision now (placements, the counters that may join a combat) come from the
legal actions, which the game screen hands over only when the viewer is to act (in
`board_actions`, right after `sync`); the marks every viewer sees (the reach of the selected
counter, the combat in progress) come from the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.game import GamePlugin, Scenario
from engine.ui.adapter import AidPage, Click
from guerra.rules.actions import Resolve, Select
from guerra.rules.setup import load_data, parse_hex
from guerra.ui import aid, overlays, pieces
from guerra.ui.board import TERRAIN_NAMES, GuerraMap, board_id, road_chains
from guerra.ui.clicks import BOARD_TYPES, Clicker, targets_of, view_marks
from guerra.ui.labels import Labeller
from guerra.ui.overlays import LegendRow
from guerra.ui.status import status_lines


class GuerraUI:
    """The game-specific part of the game screen."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        docs = scenario.documents
        shared = getattr(plugin.rules, "scenario_data", None)
        # read by the rules already when the game was set up (0.07 s of Guerra's start)
        self.data = shared(scenario) if callable(shared) else load_data(docs)
        self.seat_names = dict(plugin.side_names)
        self.zone_names = {z["id"]: z["name"] for z in docs["weather"]["zones"]}
        named = {s["id"]: s["name"] for s in (docs.get("setup") or {}).get("sectors") or ()}
        self.sector_names = {s: named.get(s, f"{s.capitalize()} sector")
                             for s in self.data.sectors}
        self.board = GuerraMap(self.data, road_chains(docs["map"]), self.zone_names)
        self.looks = pieces.looks(self.data, docs["counters"])
        self.labels = Labeller(self.data, self.seat_names)
        self.clicker = Clicker(self.labels)
        self._aid = aid.pages(docs, self.data)
        self._view: Mapping[str, Any] = {}
        self._shared_marks: dict[str, str] = {}
        self._overlays_on: set[str] = set()

    # --- GameUI --------------------------------------------------------------------------

    def sync(self, view: Any, viewer: str | None) -> None:
        """Counters, control markers, tooltips and the marks every viewer sees. A view equal
        to the last one (a click that only selects) changes nothing but the marks, which the
        decision's `board_actions` sets again."""
        same = view == self._view
        self._view = view
        self.labels.view = view
        self.clicker.view = view
        if same:
            self.board.marks = dict(self._shared_marks)
            return
        options = view.get("options") or {}
        sectors = options.get("nationalist_players", 1) > 1 or \
            options.get("republican_players", 1) > 1
        by_hex = pieces.specs(view, self.looks, sectors)
        self.board.set_counters({board_id(label): specs for label, specs in by_hex.items()})
        terrain = self.data.board.terrain
        places = {u["hex"]: f"{self.labels.place_of_label(u['hex'])}, "
                            f"{TERRAIN_NAMES[terrain[parse_hex(u['hex'])]]}"
                  for u in view["units"].values() if u["hex"]}
        self.board.counter_notes = {
            uid: pieces.note(uid, u, self.looks[u["family"]], self.data,
                             self.seat_names.get(u["player"], u["player"]), places,
                             view["turn"])
            for uid, u in view["units"].items()}
        self.board.set_control(view["provinces"])
        self.board.weather = frozenset(view.get("weather") or ())
        self._overlay_texts()
        self._shared_marks = view_marks(view)
        self.board.marks = dict(self._shared_marks)

    def on_click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        return self.clicker.click(target, selection, legal)

    def action_targets(self, action: Action) -> list[str]:
        """The counters and hexes an action is about (the hint marks them)."""
        return targets_of(action, self._view.get("selected"))

    def board_actions(self, legal: list[Action]) -> list[Action]:
        """Placements, moves, transport and combat choices are made on the map; the rest
        (options, staying, ending a step, rolling, surrender) are buttons. Also marks the
        choices on the map for the player about to act."""
        self.board.marks = {**self.clicker.marks(legal), **self._shared_marks}
        return [a for a in legal if isinstance(a, BOARD_TYPES)]

    def status(self, view: Any) -> list[tuple[str, str]]:
        return status_lines(view, self.data, self.seat_names, self.zone_names)

    def hand(self, view: Any) -> list[str]:
        """Nothing is hidden in this game; the panel lists the viewer's forces instead."""
        viewer = view.get("viewer")
        if not viewer:
            return []
        counts: dict[str, int] = {}
        for u in view["units"].values():
            if u["player"] == viewer and u["where"] in ("map", "aboard"):
                counts[u["kind"]] = counts.get(u["kind"], 0) + 1
        order = ("army", "garrison", "naval", "air")
        forces = " · ".join(f"{counts[kind]} {kind}" for kind in order if kind in counts)
        return [forces or "no counters on the map yet"]

    def action_label(self, action: Action) -> str:
        return self.labels.label(action)

    def player_aid(self) -> list[AidPage]:
        return list(self._aid)

    def irreversible(self, action: Action) -> bool:
        """The attacker's "Roll the dice" (section 8): the defender may add F.E.C. first, then
        the dice are rolled; the roll is made, and cannot be taken back, once it is chosen."""
        return isinstance(action, Resolve)

    def is_selection(self, action: Action) -> bool:
        """Selecting a counter (section 7) only shows where it may go: the screen may take it
        back with Esc or a right-click, or move it to another counter with a click."""
        return isinstance(action, Select)

    def legend(self) -> Sequence[tuple[str, str]]:
        """The codes printed on the counters and the map, for F1's "Counter codes" page and the
        tooltips (sections 2.1-2.4)."""
        return pieces.legend(self.data)

    # --- overlays and the hand-off (GameUIExtras) ---------------------------------------------

    def overlays(self) -> Sequence[tuple[str, str]]:
        """The map overlays, each with the key that switches it; the sectors only in a game
        of 3-4 players."""
        return [(oid, f"{label} [{key}]") for oid, label, key in overlays.OVERLAYS
                if oid != overlays.SECTORS or self._sectors_in_play()]

    def overlay_keys(self) -> Mapping[str, str]:
        """The key (a letter) that switches each overlay listed by `overlays`."""
        listed = {oid for oid, _ in self.overlays()}
        return {key.lower(): oid for oid, _, key in overlays.OVERLAYS if oid in listed}

    def set_overlay(self, overlay: str, on: bool) -> None:
        if on:
            self._overlays_on.add(overlay)
        else:
            self._overlays_on.discard(overlay)
        self.board.set_overlays(frozenset(self._overlays_on))
        self._overlay_texts()

    def handoff_heading(self, side: str) -> str:
        """In a game of 3-4 players, the sector the seat commands and its side ("Southern
        sector, Nationalist"), or "Whole front, Republican" for a side of one player."""
        if not self._sectors_in_play():
            return ""
        base = side.removesuffix("_2")
        side_name = self.seat_names.get(base, base)
        seats = self._seats(base)
        if len(seats) < 2 or side not in seats:
            return f"Whole front, {side_name}"
        sector = self.data.sectors[seats.index(side) % len(self.data.sectors)]
        return f"{self.sector_names.get(sector, sector)}, {side_name}"

    def _seats(self, side: str) -> tuple[str, ...]:
        options = self._view.get("options") or {}
        players = options.get(f"{side}_players", 1)
        return (side, f"{side}_2") if players > 1 else (side,)

    def _sectors_in_play(self) -> bool:
        options = self._view.get("options") or {}
        return bool(options.get("nationalist_players", 1) > 1
                    or options.get("republican_players", 1) > 1)

    def _overlay_texts(self) -> None:
        """The sector labels and the legend of the overlays switched on, for this view."""
        on = self._overlays_on
        board = self.board
        sections: list[tuple[str, tuple[LegendRow, ...]]] = []
        if overlays.WEATHER in on:
            sections.append(self._weather_legend())
        if overlays.SECTORS in on:
            labels = {}
            rows = []
            for index, sector in enumerate(self.data.sectors):
                name = self.sector_names.get(sector, sector)
                commanders = []
                for side in ("nationalist", "republican"):
                    seats = self._seats(side)
                    player = f"player {index % len(seats) + 1}" if len(seats) > 1 \
                        else "one player (whole front)"
                    commanders.append(f"{self.seat_names.get(side, side)} {player}")
                labels[index] = (name, *commanders)
                rows.append(LegendRow(overlays.SECTOR_COLOURS.get(index), "tint",
                                               f"{name}: " + ", ".join(commanders)))
            board.sector_labels = labels
            rows.append(LegendRow(None, "", "Each player of a side moves and fights with "
                                  "the counters of their own sector."))
            sections.append(("Sectors (section 3)", tuple(rows)))
        if overlays.DISPUTED in on:
            count = sum(1 for s in board.control.values() if s == "disputed")
            sections.append(("Provinces in dispute (section 9)", (
                LegendRow(overlays.DISPUTE_RED, "hatch",
                                   f"{count} in dispute: land counters of both sides were in "
                                   "them (or the war began so) and no side has taken them "
                                   "since; they belong to nobody and count for nobody."),)))
        if overlays.ROADS in on:
            sections.append(("Roads over the reach marks (section 7)", (
                LegendRow(overlays.ROAD_GREY, "tint",
                                   "First-class roads drawn over the marked hexes: a move wholly "
                                   "along a road gains 2 hexes from turn 4."),)))
        board.legend = tuple(sections)

    def _weather_legend(self) -> tuple[str, tuple[LegendRow, ...]]:
        view = self._view
        options = view.get("options") or {}
        turn = int(view.get("turn") or 1)
        boxes = {b.zone: b for b in self.data.weather_boxes.get(self.data.weather_turn(turn), ())}
        zm = set(view.get("weather") or ())
        rows = []
        for zone, name in self.zone_names.items():
            text = f"{zone}: {name}"
            box = boxes.get(zone)
            if zone in zm and box is not None:
                per = "each counter" if box.per_counter else "each combat"
                text += (f" — ZM marker: movement −{box.movement}, attack −{box.combat} "
                         f"for {per}")
            rows.append(LegendRow(overlays.ZONE_COLOURS.get(zone), "tint", text))
        if options.get("level", "advanced") != "advanced":
            note = "Weather is used only at the advanced level (section 4)."
        elif zm:
            note = f"ZM markers in force this turn (turn {turn}): zones {', '.join(sorted(zm))}."
        else:
            note = f"No ZM marker in force this turn (turn {turn})."
        rows.append(LegendRow(None, "zm" if zm else "", note))
        return ("Weather zones (section 13)", tuple(rows))

    def highlight_style(self, target: str) -> str | None:
        """Enemy counters are attack targets; own counters and hexes plain targets."""
        u = self._view.get("units", {}).get(target)
        player = self._view.get("player") or ""
        if u is not None and u["side"] != player.removesuffix("_2"):
            return "attack"
        return "target"


def create(plugin: GamePlugin, scenario: Scenario) -> GuerraUI:
    """The factory named by the plugin's `ui` entry."""
    return GuerraUI(plugin, scenario)
