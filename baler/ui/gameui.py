"""The game-specific part of the game screen of Heroes of Baler (engine.ui.adapter.GameUI):
the board, the counters and cards from the rules' view for the viewer, what each click means,
the side panel's status lines, the buttons' words and the player aid.

Everything shown comes from `BalerRules.view(state, viewer)`: the viewer's own hand and
face-down card, the other hand only as a count (DESIGN.md §3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from baler.rules.actions import PlayCard
from baler.rules.sequence import TITLES
from baler.rules.setup import build_data
from baler.rules.state import SIDES, VP_CAUSES, Phase, Side
from baler.ui import aid, clicks, faces, menus, pieces
from baler.ui.board import BalerBoard
from baler.ui.cardtext import cards_count
from baler.ui.labels import action_label
from baler.ui.overlays import Table
from engine.core.actions import Action
from engine.core.game import GamePlugin, Scenario
from engine.ui.adapter import AidPage, CardFace, Click


class BalerUI:
    """The `GameUI` of Heroes of Baler."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        self.data = build_data(scenario.documents)
        self.side_names = dict(plugin.side_names)
        self.board = BalerBoard(self.data)
        self.view: dict[str, Any] = {}
        self.viewer: str | None = None
        self.where = clicks.Where(self.data, {}, {})

    # -- what is shown -------------------------------------------------------------------------

    def sync(self, view: Any, viewer: str | None) -> None:
        """Counters, cards, dice and the score from the rules' view for `viewer`."""
        self.view, self.viewer = view, viewer
        placed = pieces.counters(self.data, view)
        self.board.set_counters(placed)
        location = {spec.id: space for space, specs in placed.items() for spec in specs}
        self.where = clicks.Where(self.data, view, location)
        self.board.table = self._table(view, viewer)
        self.board.marks = {}
        self.board.tooltips = self._space_tooltips(view)

    def _table(self, view: dict[str, Any], viewer: str | None) -> Table:
        table = Table(hand=list(view["hand"]) if viewer else [], dice=view["dice"],
                      shared=dict(view["shared_faceup"]))
        if viewer is not None:
            down = view["face_down"][viewer]
            if isinstance(down, str):
                table.extras.append((down, "face down"))
            if view["fow_drawn"]:
                table.extras.append((view["fow_drawn"], "keep or give?"))
        for side in SIDES:
            name = side.value
            if name != viewer:
                count = view["hand_sizes"][name]
                if count:
                    table.backs.append(f"{side.label} hand\n{count} card{'s' * (count != 1)}")
                if view["face_down"][name] is True:
                    table.backs.append(f"{side.label} initiative card\nface down")
            table.played += [(card, name) for card in view["table"][name]]
        table.score = self._score_lines(view)
        return table

    def _score_lines(self, view: dict[str, Any]) -> list[str]:
        """The final score: the winner, the reason, each side's points by cause (the rules'
        Result and `vp_causes`)."""
        outcome = view["outcome"]
        if outcome is None:
            return []
        winner = outcome["winner"]
        lines = [f"{self.side_names.get(winner, winner)} side wins" if winner else "A draw",
                 outcome["reason"] + "."]
        for side in SIDES:
            causes = view["vp_causes"][side.value]
            total = view["tracks"][side.value]["vp"]
            lines.append(f"{side.label} side: {total} VP:")
            order = [c for c in VP_CAUSES if c in causes] + [c for c in causes
                                                              if c not in VP_CAUSES]
            lines += [f"  {cause}: {causes[cause]}" for cause in order if causes[cause]]
            if not any(causes.values()):
                lines.append("  no points")
        return lines

    def _space_tooltips(self, view: dict[str, Any]) -> dict[str, str]:
        tips: dict[str, str] = {f"area-{a}": f"Area {a} of the church map" for a in
                                self.data.areas}
        cards = self.data.cards
        for side in SIDES:
            pile = view["discards"][side.value]
            titles = ", ".join(f"'{cards[c].title}'" for c in pile) or "empty"
            tips[f"discard-{side.value}"] = f"{side.label} discard pile ({len(pile)}): {titles}"
            tips[f"deck-{side.value}"] = (f"{side.label} draw deck: "
                                          f"{cards_count(view['deck_sizes'][side.value])}")
            tips[f"fow-deck-{side.value}"] = (
                f"{side.label} Fog of War deck, on the {side.enemy.label} side's board: "
                f"{cards_count(view['fow_deck_sizes'][side.value])}")
        tips["shared-deck"] = f"Shared deck: {cards_count(view['shared_deck_size'])}"
        for slot, card in view["shared_faceup"].items():
            tips[f"shared-{slot}"] = (f"Shared card {slot}: '{cards[card].title}'" if card else
                                      f"Shared card space {slot}: empty")
        return tips

    # -- clicks --------------------------------------------------------------------------------

    def on_click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        """A menu of what may be done at the place clicked (greyed items say why not); a
        selection for a counter that moves; a plain placement plays at once (DESIGN.md §8)."""
        answer = clicks.click(self.where, target, selection, legal,
                              menus.maker(self.where, self.action_label))
        if selection is not None:
            return answer
        return menus.with_trench_row(self.where, target, answer, self.action_label)

    def no_effect(self, action: Action) -> str | None:
        """Why an event card played now would change nothing (the screen asks first; the other
        answers that would change nothing are greyed in their menus)."""
        if not isinstance(action, PlayCard):
            return None
        return menus.idle(self.view, action)

    def action_targets(self, action: Action) -> list[str]:
        """The board targets that play `action` (the hint marks them)."""
        pairs = clicks.two_step(self.where, action)
        return [*clicks.one_step(self.where, action), *(t for pair in pairs for t in pair)]

    def board_actions(self, legal: list[Action]) -> list[Action]:
        """The actions made on the board; the targets that play them are marked meanwhile."""
        self.board.marks = clicks.marks(self.where, legal)
        return clicks.on_board(self.where, legal)

    def highlight_style(self, target: str) -> str | None:
        return "attack" if target.startswith("area-") and "attack" in self.view.get(
            "decision", {}).get("kind", "") else None

    # -- the side panel ------------------------------------------------------------------------

    def status(self, view: Any) -> list[tuple[str, str]]:
        turns = int(self.data.tables["turns"])
        phase = Phase(view["phase"])
        title = TITLES.get(phase, "Game over")
        lines = [("Turn", f"{view['turn']} of {turns} — {title}")]
        if view["initiative"]:
            lines.append(("Initiative", f"{Side(view['initiative']).label} side"))
        for side in SIDES:
            t = view["tracks"][side.value]
            held = view["hand_sizes"][side.value]
            lines.append((side.label, f"supply {t['supply']}, morale {t['morale']}, "
                                      f"{t['vp']} VP, {held} card{'s' * (held != 1)}"))
        points = view["action_points"]
        if points is not None:
            lines.append(("Action points", f"{points['ap']} left ({Side(points['side']).label})"))
        power = view["foreign_power"]
        if power["power"] != "none":
            who = "Spain" if power["power"] == "spain" else "United States"
            strength = self.data.tables["foreign_power"]["spain_strength"] \
                if power["power"] == "spain" else power["us_strength"]
            lines.append(("Luzón", f"{who} (strength {strength}) on space {power['space']}"))
        if view["persistence"]:
            lines.append(("Persistence", "active"))
        if view["outcome"] is not None:
            for side in SIDES:
                causes = view["vp_causes"][side.value]
                parts = ", ".join(f"{c} {v}" for c, v in causes.items() if v) or "none"
                lines.append((f"{side.label} score", f"{view['tracks'][side.value]['vp']}: "
                                                     f"{parts}"))
        return lines

    def hand(self, view: Any) -> list[str]:
        cards = self.data.cards
        return [f"{cards[c].ap} AP · init {cards[c].initiative} · {cards[c].title}"
                for c in view["hand"]]

    def action_label(self, action: Action) -> str:
        return action_label(self.data, self.view, action)

    def player_aid(self) -> Sequence[AidPage]:
        return aid.pages(self.data.tables)

    def irreversible(self, action: Action) -> bool:
        """An answer that draws, reveals, rolls or plays a card (`menus.irreversible`)."""
        return bool(self.view) and menus.irreversible(self.data, self.view, action)

    # -- the card viewer, the legend and the log (GameUIExtras) --------------------------------

    def card_face(self, target: str) -> CardFace | None:
        """The card under `target` as the viewer may see it (a back for hidden cards)."""
        return faces.card_at(self.data, self.view, self.viewer, target)

    def all_card_faces(self) -> Sequence[CardFace]:
        """Every card of the scenario, for the viewer's tests."""
        return [faces.face(self.data, card) for card in self.data.cards]

    def legend(self) -> Sequence[tuple[str, str]]:
        return faces.legend()

    def place_name(self, text: str) -> str:
        return faces.place_name(self.data, text)


def create(plugin: GamePlugin, scenario: Scenario) -> BalerUI:
    """The factory the plugin names in `ui`."""
    return BalerUI(plugin, scenario)
