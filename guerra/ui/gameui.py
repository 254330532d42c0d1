"""The `GameUI` of La Guerra de España: the board (`board`), its counters (`pieces`), the meaning
of clicks (`clicks`), button labels (`labels`), status lines (`status`) and the player aid
(`aid`).

The marks of the decision now (placements, the counters that may join a combat) come from the
legal actions, which the game screen hands over only when the viewer is to act (in
`board_actions`, right after `sync`); the marks every viewer sees (the reach of the selected
counter, the combat in progress) come from the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action
from engine.core.game import GamePlugin, Scenario
from engine.ui.adapter import AidPage, Click
from guerra.rules.setup import load_data, parse_hex
from guerra.ui import aid, pieces
from guerra.ui.board import TERRAIN_NAMES, GuerraMap, board_id, road_chains
from guerra.ui.clicks import BOARD_TYPES, Clicker, view_marks
from guerra.ui.labels import Labeller
from guerra.ui.status import status_lines


class GuerraUI:
    """The game-specific part of the game screen."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        docs = scenario.documents
        self.data = load_data(docs)
        self.seat_names = dict(plugin.side_names)
        self.zone_names = {z["id"]: z["name"] for z in docs["weather"]["zones"]}
        self.board = GuerraMap(self.data, road_chains(docs["map"]), self.zone_names)
        self.looks = pieces.looks(self.data, docs["counters"])
        self.labels = Labeller(self.data, self.seat_names)
        self.clicker = Clicker(self.labels)
        self._aid = aid.pages(docs, self.data)
        self._view: Mapping[str, Any] = {}
        self._shared_marks: dict[str, str] = {}

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
        self.board.control = dict(view["provinces"])
        self.board.weather = frozenset(view.get("weather") or ())
        self._shared_marks = view_marks(view)
        self.board.marks = dict(self._shared_marks)

    def on_click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        return self.clicker.click(target, selection, legal)

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
