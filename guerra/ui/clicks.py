"""What a click on the board means, decision by decision (DESIGN §2: every answer that is a place
or a counter is made on the map), and the marks that show the choices of the decision now.

- Placement (sections 6, 10): click a marked hex; army or garrison is asked when both fit.
- Conversion (section 12): click a garrison, then its partner (the army counter appears on the
  hex of either: asked).
- Movement (section 7): click a counter of yours to select it (the rules then list the hexes
  it reaches: dotted for displacement, red hatched for a move into a control zone), then a
  marked hex. A counter on a port may also embark; a counter aboard lands on a marked port.
- Combat (section 8): click your counter, then the enemy counter to attack; while declaring,
  click more attackers, more defenders and your aircraft (then the counter they support).
- Losses: click the counter to lose. Readaptation: click an aircraft, then a marked hex.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action
from engine.core.hexgrid import Hex
from engine.ui.adapter import Click
from engine.ui.hexmap import hex_id, parse_hex_id
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    Convert,
    Disembark,
    Embark,
    MoveTo,
    PlaceCounter,
    Select,
    Support,
    TakeLoss,
)
from guerra.rules.setup import parse_hex
from guerra.ui.board import MINIMAP, board_id
from guerra.ui.labels import Labeller

BOARD_TYPES = (PlaceCounter, Convert, Select, MoveTo, Embark, Disembark, Attack, AddAttacker,
               AddDefender, Support, TakeLoss)
"""Actions answered on the map; every other action gets a prompt button."""


class Clicker:
    """Turns board clicks into actions for the seat deciding now."""

    def __init__(self, labels: Labeller) -> None:
        self.labels = labels
        self.view: Mapping[str, Any] = {}
        self._last_select: Click | None = None

    # --- helpers -------------------------------------------------------------------------

    def _units(self) -> Mapping[str, Any]:
        units: Mapping[str, Any] = self.view.get("units", {})
        return units

    def hex_of(self, uid: str) -> Hex | None:
        """The hex a counter stands on (a counter aboard: its naval counter's hex)."""
        units = self._units()
        u = units.get(uid)
        if u is None:
            return None
        if u["hex"]:
            return parse_hex(u["hex"])
        carrier = units.get(u["carrier"] or "")
        return parse_hex(carrier["hex"]) if carrier and carrier["hex"] else None

    def _target_hex(self, target: str) -> Hex | None:
        if target in self._units():
            return self.hex_of(target)
        return parse_hex_id(target)

    def _name(self, uid: str) -> str:
        return self.labels.short(uid)

    # --- clicks --------------------------------------------------------------------------

    def click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        if target == MINIMAP:
            # The mini-map moved the camera on the press; the selection stays as it was.
            last = self._last_select
            return last if last is not None and last.select == selection else Click()
        if target is None:
            return Click()
        click = self._click(target, selection, legal)
        self._last_select = click if click.select is not None else None
        return click

    def _click(self, target: str, selection: str | None, legal: list[Action]) -> Click:
        phase = self.view.get("phase")
        if phase == "options":
            return Click(reason="First choose the level and the players with the buttons "
                                "on the right (section 4).")
        places = [a for a in legal if isinstance(a, PlaceCounter)]
        if places:
            return self._place(target, places)
        if any(isinstance(a, Convert) for a in legal):
            return self._convert(target, selection, legal)
        if self.view.get("selected") is not None:
            return self._destination(target, legal)
        if phase in ("movement", "readaptation"):
            return self._movement(target, selection, legal)
        if phase == "combat":
            return self._combat(target, selection, legal)
        return Click(reason="Nothing is chosen on the map now: use the buttons on the right.")

    def _place(self, target: str, places: list[PlaceCounter]) -> Click:
        h = self._target_hex(target)
        fits = [a for a in places if h is not None and (a.q, a.r) == (h.q, h.r)]
        if len(fits) == 1:
            return Click(action=fits[0])
        if fits:
            return Click(choices=tuple(fits))
        if self.view.get("phase") == "africa":
            return Click(reason="The Army of Africa starts on a land hex of North Africa, up "
                                "to 4 a hex (section 6).")
        return Click(reason="A reinforcement is placed on a provincial capital of its zone "
                            "or a hex next to it, in an own province, outside enemy control "
                            "zones and within the stacking limits (section 10). The marked "
                            "hexes are the legal ones.")

    def _convert(self, target: str, selection: str | None, legal: list[Action]) -> Click:
        converts = [a for a in legal if isinstance(a, Convert)]
        pairs = [a for a in converts if selection in (a.first, a.second)
                 and target in (a.first, a.second) and target != selection]
        if pairs:
            return Click(action=pairs[0]) if len(pairs) == 1 else Click(choices=tuple(pairs))
        partners = {b for a in converts for b in (a.first, a.second)
                    if target in (a.first, a.second) and b != target}
        if partners:
            return Click(select=target, highlight=frozenset(partners))
        return Click(reason="Two garrisons of yours in own provinces of one zone convert into "
                            "an army counter (section 12): click one, then the other.")

    def _destination(self, target: str, legal: list[Action]) -> Click:
        selected = self.view["selected"]
        h = self._target_hex(target)
        if h is not None and MoveTo(h.q, h.r) in legal:
            return Click(action=MoveTo(h.q, h.r))
        if target == selected:
            return Click(reason=f"{self._name(selected)} is selected: click a marked hex, or "
                                "let it stay with the button on the right.")
        if h is not None:
            # the rules refuse it with the cause that applies there and its section (the
            # Strait's two a turn, a garrison and mountains, the distance...)
            return Click(action=MoveTo(h.q, h.r))
        return Click(reason=f"{self._name(selected)} cannot reach that hex this turn: land "
                            "counters neither pass through other counters nor leave an enemy "
                            "control zone's first hex, mountains cost 2 (section 7). The "
                            "marked hexes are the ones it reaches.")

    def _movement(self, target: str, selection: str | None, legal: list[Action]) -> Click:
        if selection is not None and selection in self._units():
            lands = [a for a in legal if isinstance(a, Disembark) and a.unit == selection]
            h = self._target_hex(target)
            fits = [a for a in lands if h is not None and (a.q, a.r) == (h.q, h.r)]
            if fits:
                return Click(action=fits[0])
        u = self._units().get(target)
        if u is None:
            return Click(reason="Click one of your counters to move it (section 7).")
        options: list[Action] = [a for a in legal if
                                 (isinstance(a, Select) and a.unit == target)
                                 or (isinstance(a, Embark) and a.unit == target)]
        lands = [a for a in legal if isinstance(a, Disembark) and a.unit == target]
        if lands:
            ports = frozenset(hex_id(Hex(a.q, a.r)) for a in lands)
            return Click(select=target, highlight=ports)
        if len(options) == 1:
            return Click(action=options[0])
        if options:
            return Click(choices=tuple(options))
        return Click(reason=self._why_not_movable(target, u))

    def _why_not_movable(self, target: str, u: Mapping[str, Any]) -> str:
        player = self.view.get("player")
        name = self._name(target)
        if u["side"] != (player or "").removesuffix("_2"):
            return f"{name} belongs to the other side."
        if u["player"] != player:
            return f"{name} is commanded by the other player of your side (section 3)."
        if self.view.get("phase") == "readaptation":
            return f"{name} cannot readapt now: only aircraft readapt, once a turn (section 7)."
        if u["moved"]:
            return f"{name} has already moved this turn (section 7)."
        if u["kind"] == "naval":
            return f"{name} cannot be used: the naval-use roll allows no more (section 7)."
        return f"{name} cannot move now."

    def _combat(self, target: str, selection: str | None, legal: list[Action]) -> Click:
        units = self._units()
        if selection is not None:
            for action in legal:
                if isinstance(action, Attack) and (action.attacker, action.defender) == \
                        (selection, target):
                    return Click(action=action)
                if isinstance(action, Support) and (action.air, action.unit) == \
                        (selection, target):
                    return Click(action=action)
        direct = [a for a in legal if (isinstance(a, AddAttacker | AddDefender | TakeLoss)
                                       and a.unit == target)]
        if direct:
            return Click(action=direct[0])
        supports = [a for a in legal if isinstance(a, Support) and target in (a.air, a.unit)]
        if supports:
            if len(supports) == 1:
                return Click(action=supports[0])
            if all(a.air == target for a in supports):
                return Click(select=target,
                             highlight=frozenset(a.unit for a in supports))
            return Click(choices=tuple(supports))
        as_attacker = [a for a in legal if isinstance(a, Attack) and a.attacker == target]
        if as_attacker:
            return Click(select=target, highlight=frozenset(a.defender for a in as_attacker))
        as_defender = [a for a in legal if isinstance(a, Attack) and a.defender == target]
        if len(as_defender) == 1:
            return Click(action=as_defender[0])
        if as_defender:
            return Click(choices=tuple(as_defender))
        if target not in units:
            return Click(reason="Click one of your counters, then the adjacent enemy counter "
                                "it attacks (section 8).")
        return Click(reason=self._why_not_fighting(target))

    def _why_not_fighting(self, target: str) -> str:
        combat = self.view.get("combat")
        name = self._name(target)
        if combat is not None:
            if combat["stage"] == "losses":
                return "Choose among the marked counters the one to lose (section 8)."
            return (f"{name} cannot join this combat: every attacker must be next to every "
                    "defender, at most 2 against 2 without stacks, each counter fights once "
                    "(section 8).")
        return (f"{name} cannot fight now: a counter attacks an adjacent enemy counter of its "
                "own kind (land, naval or air) once in its side's combat phase (section 8).")

    # --- marks ---------------------------------------------------------------------------

    def marks(self, legal: list[Action]) -> dict[str, str]:
        """Targets of the decision now and their highlight style: placements, the hexes the
        selected counter reaches, the counters that can join or suffer the combat."""
        marks: dict[str, str] = {}
        for action in legal:
            if isinstance(action, PlaceCounter):
                marks[hex_id(Hex(action.q, action.r))] = "target"
            elif isinstance(action, AddAttacker):
                marks[action.unit] = "target"
            elif isinstance(action, AddDefender | TakeLoss):
                marks[action.unit] = "attack"
            elif isinstance(action, Support):
                marks[action.air] = "target"
            elif isinstance(action, Attack):
                marks.setdefault(action.attacker, "target")
        return marks


def targets_of(action: Action, selected: str | None) -> list[str]:
    """The counters and hexes an action is about, as the board names them: the counter a
    move is for and the hex it goes to, the counters of a combat (the hint marks them)."""
    if isinstance(action, PlaceCounter | Disembark):
        unit = [action.unit] if isinstance(action, Disembark) else []
        return [*unit, hex_id(Hex(action.q, action.r))]
    if isinstance(action, MoveTo):
        return [*([selected] if selected else []), hex_id(Hex(action.q, action.r))]
    if isinstance(action, Select):
        return [action.unit]
    if isinstance(action, Embark):
        return [action.unit, action.ship]
    if isinstance(action, Attack):
        return [action.attacker, action.defender]
    if isinstance(action, Support):
        return [action.air, action.unit]
    if isinstance(action, Convert):
        return [action.first, action.second]
    if isinstance(action, AddAttacker | AddDefender | TakeLoss):
        return [action.unit]
    return []


def view_marks(view: Mapping[str, Any]) -> dict[str, str]:
    """Marks every viewer sees: the hexes the selected counter reaches (dotted for
    displacement, red hatched for a move into a control zone) and the combat in progress."""
    marks = {board_id(label): "attack" if r["fight"] else "target"
             for label, r in (view.get("reach") or {}).items()}
    selected = view.get("selected")
    if selected:
        marks[selected] = "selected"
    combat = view.get("combat")
    if combat:
        for uid in combat["attackers"]:
            marks[uid] = "selected"
        for uid in combat["defenders"]:
            marks[uid] = "attack"
        for air, _ in [*combat["attack_support"], *combat["defence_support"]]:
            marks[air] = "selected"
    return marks
