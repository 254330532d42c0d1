"""Phases 4 and 6 - First and Second Shootings: two mandatory shootings each (rulebook "First
shootings phase", "Second Shootings Phase")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules.actions import Choose
from baler.rules.combat import Shooting
from baler.rules.state import BalerState, Side
from baler.rules.tasks import Task, decide, pop, push, say
from engine.core.actions import Action, Event
from engine.core.game import Decision


@dataclass(slots=True)
class ShootingsPhase(Task):
    """The initiative side picks two areas (first shootings); the other side shoots in the two
    areas left (second shootings). Markers go down first, then the shootings are resolved in
    the order the shooter chooses; shootings with nobody to shoot at have no effect."""

    side: str = ""
    second: bool = False
    areas: list[str] = field(default_factory=list)

    section: ClassVar[str] = "First shootings phase"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if self.second and not self.areas:
            self.areas = [a for a in st.data.areas if a not in st.shooting_markers]
            self._mark(st, self.areas, ev)
        phase = self.phase_name()
        if len(self.areas) < 2 and self._free(st):
            return decide(side, "shooting-area", f"{phase}: choose shooting area "
                          f"{len(self.areas) + 1} of 2", phase)
        if len(self.areas) == 2:
            return decide(side, "shooting-order", f"{phase}: choose the shooting to resolve "
                          "first", phase)
        pop(st, self)
        push(st, *(Shooting(attacker=self.side, area=a) for a in self.areas))
        return None

    def phase_name(self) -> str:
        """The phase by its rulebook name: first or second shootings."""
        return "Second shootings phase" if self.second else "First shootings phase"

    def _free(self, st: BalerState) -> list[str]:
        return [a for a in st.data.areas if a not in st.shooting_markers]

    def _mark(self, st: BalerState, areas: list[str], ev: list[Event]) -> None:
        for area in areas:
            st.shooting_markers[area] = Side(self.side)
            say(ev, f"{Side(self.side).label} shooting marker placed in area {area}")

    def legal(self, st: BalerState) -> list[Action]:
        if len(self.areas) < 2 and not self.second:
            return [Choose(a) for a in self._free(st)]
        return [Choose(a) for a in self.areas]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        assert isinstance(action, Choose)
        if len(self.areas) < 2 and not self.second:
            self.areas.append(action.target)
            self._mark(st, [action.target], ev)
            return
        first = action.target
        rest = [a for a in self.areas if a != first]
        pop(st, self)
        push(st, *(Shooting(attacker=self.side, area=a) for a in [first, *rest]))
