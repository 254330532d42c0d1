"""The sequence of play as a state machine (rulebook "Game sequence"): the phases of a turn in
order, each pushing its procedures; the initiative side acts first except in the Second
Shootings (GAP-BAL-19: attrition too goes in initiative order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actionphase import ActionPhaseTask
from baler.rules.attrition import PhilippineAttrition, SpanishAttrition
from baler.rules.events import EventPhaseTask
from baler.rules.initiative import InitiativeTask
from baler.rules.shootings import ShootingsPhase
from baler.rules.state import SIDES, BalerState, Phase, Side
from baler.rules.tasks import Task, push
from baler.rules.upkeep import UpkeepTask
from engine.core.actions import Event, PhaseStarted
from engine.core.game import Decision

ORDER = (
    Phase.INITIATIVE,
    Phase.EVENTS,
    Phase.ATTRITION,
    Phase.FIRST_SHOOTINGS,
    Phase.ACTION,
    Phase.SECOND_SHOOTINGS,
    Phase.UPKEEP,
)
TITLES = {
    Phase.INITIATIVE: "Phase 1 - Initiative",
    Phase.EVENTS: "Phase 2 - Events",
    Phase.ATTRITION: "Phase 3 - Attrition",
    Phase.FIRST_SHOOTINGS: "Phase 4 - First Shootings",
    Phase.ACTION: "Phase 5 - Action",
    Phase.SECOND_SHOOTINGS: "Phase 6 - Second Shootings",
    Phase.UPKEEP: "Phase 7 - Upkeep",
}


def attrition_task(side: Side) -> SpanishAttrition | PhilippineAttrition:
    return SpanishAttrition() if side is Side.SPANISH else PhilippineAttrition()


@dataclass(slots=True)
class GameTask(Task):
    """The bottom of the stack: starts each phase of each turn in order."""

    step: int = 0

    section: ClassVar[str] = "Game sequence"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        phase = ORDER[self.step]
        self.step = (self.step + 1) % len(ORDER)
        st.phase = phase
        for side in SIDES:
            st.attacked[side] = set()
        ev.append(PhaseStarted(f"Turn {st.turn}: {TITLES[phase]}", phase=phase.value,
                               turn=st.turn))
        if phase is Phase.INITIATIVE:
            push(st, InitiativeTask())
            return None
        first, second = st.turn_order()
        if phase is Phase.EVENTS:
            push(st, EventPhaseTask(side=first.value), EventPhaseTask(side=second.value))
        elif phase is Phase.ATTRITION:
            push(st, attrition_task(first), attrition_task(second))
        elif phase is Phase.FIRST_SHOOTINGS:
            push(st, ShootingsPhase(side=first.value))
        elif phase is Phase.ACTION:
            push(st, ActionPhaseTask(side=first.value), ActionPhaseTask(side=second.value))
        elif phase is Phase.SECOND_SHOOTINGS:
            push(st, ShootingsPhase(side=second.value, second=True))
        else:
            push(st, UpkeepTask())
        return None
