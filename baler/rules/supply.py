"""The supply action (rulebook "Supply") and the Persistence marker on a single roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actions import Done, ModifyDie
from baler.rules.queries import tcm_modifier
from baler.rules.state import BalerState, Side
from baler.rules.tasks import Task, decide, morale_change, pop, roll, say, supply_change
from engine.core.actions import Action, DiceRolled, Event
from engine.core.game import Decision


def persistence_actions(st: BalerState, side: Side, value: int) -> list[Action]:
    """Using an active Persistence marker on a Philippine roll, outside combat too (rulebook
    "Persistence"; GAP-BAL-40: every Philippine die it can change but casualty locations)."""
    if side is not Side.PHILIPPINE or not st.persistence:
        return []
    found: list[Action] = [ModifyDie(0, "reroll", "persistence")]
    if value < 6:
        found.insert(0, ModifyDie(0, "plus1", "persistence"))
    return [*found, Done()]


def use_persistence(st: BalerState, value: int, action: ModifyDie, ev: list[Event]) -> int:
    st.persistence = False
    if action.how == "plus1":
        say(ev, f"The Philippine side spends Persistence: {value} becomes {value + 1}")
        return value + 1
    new = st.dice.roll_one(purpose="reroll (persistence)")
    ev.append(DiceRolled(f"The Philippine side spends Persistence to reroll a {value}: {new}",
                         values=(new,), purpose="reroll"))
    return new


def clamp_die(value: int) -> int:
    """Modified results below 1 read as 1 and above 6 as 6 (GAP-BAL-08)."""
    return max(1, min(6, value))


@dataclass(slots=True)
class SupplyRoll(Task):
    """Roll on the side's supply table (rulebook "Spanish supply action", "Philippine supply
    action": the Philippine die takes the territorial control map modifier)."""

    side: str = ""
    value: int = 0

    section: ClassVar[str] = "Supply"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if not self.value:
            self.value = roll(st, 1, "supply", f"{side.label} side", ev)[0]
        if persistence_actions(st, side, self.value):
            return decide(side, "persistence", "Use the Persistence marker on this roll?",
                          self.section)
        self._apply(st, ev)
        return None

    def single_roll(self) -> tuple[str, int] | None:
        return ("Supply roll", self.value) if self.value else None

    def legal(self, st: BalerState) -> list[Action]:
        return persistence_actions(st, Side(self.side), self.value)

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, ModifyDie):
            self.value = use_persistence(st, self.value, action, ev)
        self._apply(st, ev)

    def _apply(self, st: BalerState, ev: list[Event]) -> None:
        side = Side(self.side)
        if side is Side.SPANISH:
            outcome = st.data.tables["spanish_supply_action"][self.value - 1]
            if outcome["supply"]:
                supply_change(st, side, int(outcome["supply"]), ev, "supply action")
            if outcome["morale"]:
                morale_change(st, side, int(outcome["morale"]), ev, "supply action")
            if not outcome["supply"] and not outcome["morale"]:
                say(ev, "The supply roll brings nothing")
        else:
            modified = clamp_die(self.value + tcm_modifier(st))
            gain = int(st.data.tables["philippine_supply_action"][modified - 1])
            supply_change(st, side, gain, ev, f"supply action, modified roll {modified}")
        pop(st, self)
