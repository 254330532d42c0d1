"""The game screen part of Skirmish (test-only game): a hex board, blue and red counters, clicks
that select a piece and move it or open a menu to attack with it, the order cards in the viewer's
hand (readable in the card viewer), a counter legend and printed place names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.game import GamePlugin, Scenario
from engine.core.hexgrid import Hex, hex_range
from engine.ui import colors
from engine.ui.adapter import AidPage, AidTable, CardFace, Click, CounterSpec, MenuItem
from engine.ui.hexmap import CellStyle, HexMapView, hex_id, parse_hex_id
from engine.ui.layout import LAYOUT_POINTY, Layout
from toygame.rules import Attack, EndTurn, Move, PlayOrder

SIDE_COLORS = {"blue": colors.BALER_SPANISH, "red": colors.BALER_PHILIPPINE}
ORDER_TEXT = {
    "ambush": "Your next attack this turn adds 1 to its die. Flavour: the whole line stepped "
               "forward at once, drums beating, and the enemy's pickets fell back without firing.",
    "rally": "Your next attack this turn adds 1 to its die.",
    "flank": "Your next attack this turn adds 1 to its die.",
}
"""What each order card says (Skirmish 3); unknown names get the common text."""


class SkirmishUI:
    """The `GameUI` of Skirmish."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        doc = scenario.documents["board"]
        self.side_names = dict(plugin.side_names)
        self.max_turns = int(doc.get("max_turns", 6))
        blocked = {Hex(q, r) for q, r in doc.get("blocked", [])}
        cells: dict[Hex, CellStyle] = {}
        names: dict[Hex, str] = {}
        for h in hex_range(Hex(0, 0), int(doc["radius"])):
            if h in blocked:
                cells[h] = CellStyle(colors.MOUNTAIN, "mountain")
                names[h] = f"Hex {hex_id(h)}: impassable"
            else:
                fill = colors.LAND if (h.q - h.r) % 3 else colors.LAND_ALT
                cells[h] = CellStyle(fill, label=hex_id(h))
                names[h] = f"Hex {hex_id(h)}: clear"
        self.blocked = blocked
        self.board = HexMapView(Layout(LAYOUT_POINTY, (64.0, 64.0), (0.0, 0.0)), cells,
                                names=names)
        self._pieces: dict[str, tuple[str, str, int, int]] = {}
        self._active = ""
        self._orders = tuple(doc.get("orders", ()))

    def sync(self, view: Any, viewer: str | None) -> None:
        """Counters from the rules' view: one per piece, in its side's colour."""
        self._pieces = dict(view["pieces"])
        self._active = view["active"]
        counters: dict[str, list[CounterSpec]] = {}
        for pid, (side, name, q, r) in sorted(self._pieces.items()):
            spec = CounterSpec(id=pid, name=name, fill=SIDE_COLORS[side], ink=colors.WHITE,
                               symbol="infantry", factors="1", label=name.split()[-1],
                               side=side)
            counters.setdefault(f"{q},{r}", []).append(spec)
        self.board.set_counters(counters)

    def on_click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        """Select one of your pieces, then click a highlighted hex to move or an adjacent enemy
        to attack (Skirmish 2)."""
        if target is None:
            return Click()
        piece = self._pieces.get(target)
        if piece is not None:
            side, name = piece[0], piece[1]
            if selection is not None and Attack(selection, target) in legal:
                return Click(title=f"{name} at {piece[2]},{piece[3]}", menu=(
                    MenuItem("Attack", Attack(selection, target), cost="the piece's action, "
                             "1 die", irreversible=True),
                    MenuItem("Move onto it", reason="A hex holds one piece (Skirmish 2)."),
                ))
            if side != self._active:
                return Click(reason=f"{name} belongs to the other side (Skirmish 2).")
            own = [a for a in legal if isinstance(a, Move | Attack) and a.piece == target]
            if not own:
                return Click(reason=f"{name} has already acted this turn (Skirmish 2).")
            marks = {f"{a.q},{a.r}" if isinstance(a, Move) else a.target for a in own
                     if isinstance(a, Move | Attack)}
            return Click(select=target, highlight=frozenset(marks))
        h = parse_hex_id(target)
        if selection is None or h is None:
            return Click()
        move = Move(selection, h.q, h.r)
        if move in legal:
            return Click(action=move)
        if h in self.blocked:
            return Click(reason="That hex is impassable (Skirmish 2).")
        return Click(reason="A piece moves one hex, onto a free board hex (Skirmish 2).")

    def highlight_style(self, target: str) -> str:
        """Enemy counters are marked as attack targets, hexes as move targets."""
        return "attack" if target in self._pieces else "target"

    def board_actions(self, legal: list[Action]) -> list[Action]:
        return [a for a in legal if isinstance(a, Move | Attack)]

    def status(self, view: Any) -> list[tuple[str, str]]:
        sizes = view["hand_sizes"]
        return [
            ("Turn", f"{view['turn']} of {self.max_turns}"),
            ("Active side", self.side_names.get(view["active"], view["active"])),
            ("Cards in hand", ", ".join(f"{self.side_names.get(s, s)} {n}"
                                        for s, n in sizes.items())),
        ]

    def hand(self, view: Any) -> list[str]:
        return [f"Order: {card}" for card in view["hand"]]

    def player_aid(self) -> list[AidPage]:
        return [
            AidPage("Sequence of play", (
                "Blue moves first, then Red; a turn ends when both have ended.",
                f"The game lasts {self.max_turns} turns.",
            )),
            AidPage("Combat", (
                "Attack an adjacent enemy: roll a die, 4 or more eliminates it.",
                "Each order card played adds 1 to the next attack roll.",
            ), (AidTable(("Die + orders", "Result"), (("1-3", "The attack fails"),
                                                      ("4 or more", "The enemy is eliminated"))),
                )),
        ]

    def card_face(self, target: str) -> CardFace | None:
        """The order card of a hand entry ("Order: rally")."""
        if not target.startswith("Order: "):
            return None
        return self._face(target.removeprefix("Order: "))

    def _face(self, card: str) -> CardFace:
        text = ORDER_TEXT.get(card, ORDER_TEXT["rally"])
        return CardFace(card, f"Order: {card}", header=(("Bonus", "+1"),), icons=("order",),
                        sections=(("Effect (Skirmish 3)", text),), owner="Either side")

    def all_card_faces(self) -> Sequence[CardFace]:
        """Every order card of the scenario."""
        return [self._face(card) for card in sorted(set(self._orders))]

    def legend(self) -> Sequence[tuple[str, str]]:
        return [("1", "combat factor 1: a die of 4 or more eliminates the enemy (Skirmish 2)")]

    def place_name(self, text: str) -> str:
        """Hex coordinates "(q,r)" named as the board prints them ("hex q,r")."""
        return re.sub(r"\((-?\d+),(-?\d+)\)", r"hex \1,\2", text)

    def handoff_heading(self, side: str) -> str:
        return f"{self.side_names.get(side, side)} commands every piece of its colour."

    def action_label(self, action: Action) -> str:
        if isinstance(action, PlayOrder):
            return f"Play the order '{action.card}' (+1 to the next attack)"
        if isinstance(action, EndTurn):
            return "End turn"
        return action.describe()


def create(plugin: GamePlugin, scenario: Scenario) -> SkirmishUI:
    """The factory named by the plugin's `ui` entry."""
    return SkirmishUI(plugin, scenario)
