"""Phase 3 - Attrition (rulebook "Attrition Phase", "Resolving losses by beriberi", "Resolving
losses by desertion", "Philippine side attrition", "The United States and the Territorial
control map")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules.actions import Choose, ModifyDie
from baler.rules.infirmary import admit
from baler.rules.queries import bag, tcm_modifier
from baler.rules.state import ES_BAG, PH_ELIMINATED, BalerState, Kind, Side
from baler.rules.supply import clamp_die, persistence_actions, use_persistence
from baler.rules.tasks import (
    Task,
    decide,
    morale_change,
    moved,
    pop,
    push,
    roll,
    say,
    score,
    supply_change,
)
from baler.rules.tcm import UsAdvance, place_us
from engine.core.actions import Action, CardDrawn, Event
from engine.core.game import Decision


@dataclass(slots=True)
class SpanishAttrition(Task):
    """Supply roll, then beriberi from the new supply level, then desertion from morale."""

    section: ClassVar[str] = "Spanish side attrition"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        tables = st.data.tables["spanish_attrition"]
        value = roll(st, 1, "attrition", "Spanish side", ev)[0]
        supply_change(st, Side.SPANISH, -int(tables["supply_loss_by_roll"][value - 1]), ev,
                      "attrition")
        ill = int(tables["ill_by_supply"][st.supply[Side.SPANISH]])
        deserters = int(tables["deserters_by_morale"][st.morale[Side.SPANISH]])
        if ill:
            say(ev, f"Beriberi: {ill} Spanish unit(s) fall ill")
        if deserters:
            say(ev, f"Low morale: {deserters} Spanish unit(s) desert")
        pop(st, self)
        push(st, LossTask(kind="beriberi", count=ill), LossTask(kind="desertion", count=deserters))
        return None


def soldier_scan(st: BalerState, row: str, column: int) -> str | None:
    """The first occupied space from `column` leftwards, wrapping from 1 to 6."""
    grid = st.data.detachment_grid
    for k in range(6):
        unit = st.occupant(grid[(row, (column - 1 - k) % 6 + 1)])
        if unit is not None:
            return unit
    return None


def leader_scan(st: BalerState, column: int) -> list[str]:
    """The leader-row exception: from the chosen column leftwards (wrapping), the leader in his
    space or, if the space is empty, the matching leader on a guard post or in the command area;
    an eliminated or hospitalised leader sends the test one space further left. Space 6 can
    give both friars (rulebook "Resolving losses by beriberi"; GAP-BAL-42)."""
    grid = st.data.detachment_grid
    for k in range(6):
        space = grid[("1-2", (column - 1 - k) % 6 + 1)]
        here = list(st.units_at(space))
        if here:
            return here
        away = [
            u for u, info in st.data.units.items()
            if info.kind is Kind.LEADER and info.home == space
            and (st.loc[u] in st.data.posts or st.loc[u] in st.data.command_posts)
        ]
        if away:
            return away
    return []


@dataclass(slots=True)
class LossTask(Task):
    """Resolve beriberi or desertion losses: a die per loss, odd = a bag draw, even = a row
    and a column die in the detachment; bag draws first. An empty bag turns an odd result into
    a detachment loss, and a detachment loss that falls back on an empty bag is avoided
    (GAP-BAL-43)."""

    kind: str = "beriberi"
    count: int = 0
    step: int = 0
    evens: int = 0
    candidates: list[str] = field(default_factory=list)
    column: int = 0

    section: ClassVar[str] = "Resolving losses by beriberi"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if self.count <= 0:
            pop(st, self)
            return None
        if self.step == 0:
            values = roll(st, self.count, f"{self.kind}: bag or detachment", "Spanish side", ev)
            for value in values:
                if value % 2 == 1 and bag(st, Side.SPANISH):
                    self._lose(st, self._draw(st, ev), ev)
                else:
                    self.evens += 1
            self.step = 1
        while self.evens > 0 or self.candidates:
            if self.candidates:
                if len(self.candidates) > 1:
                    return decide(Side.SPANISH, "friar", "Choose which friar falls ill",
                                  self.section)
                self._lose(st, self.candidates.pop(), ev)
                continue
            self.evens -= 1
            self._detachment_loss(st, ev)
        pop(st, self)
        return None

    def legal(self, st: BalerState) -> list[Action]:
        return [Choose(u) for u in self.candidates]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        assert isinstance(action, Choose)
        self.candidates = []
        self._lose(st, action.target, ev)

    def _draw(self, st: BalerState, ev: list[Event]) -> str:
        unit = st.dice.draw(list(bag(st, Side.SPANISH)))
        ev.append(CardDrawn(f"{st.name(unit)} is drawn from the Spanish bag", item=unit,
                            source=ES_BAG))
        return unit

    def _detachment_loss(self, st: BalerState, ev: list[Event]) -> None:
        row_value = roll(st, 1, f"{self.kind}: detachment row", "Spanish side", ev)[0]
        row = st.data.tables["spanish_attrition"]["loss_row_by_roll"][row_value - 1]
        self.column = 0
        if row == "1-2" and self.kind == "desertion":
            say(ev, "Leaders never desert: a unit is drawn from the bag instead")
        else:
            self.column = roll(st, 1, f"{self.kind}: detachment column", "Spanish side", ev)[0]
            if row == "1-2":
                self.candidates = leader_scan(st, self.column)
                if self.candidates:
                    return
            else:
                unit = soldier_scan(st, row, self.column)
                if unit is not None:
                    self._lose(st, unit, ev)
                    return
            say(ev, f"Row {row} is empty: a unit is drawn from the bag instead")
        if bag(st, Side.SPANISH):
            self._lose(st, self._draw(st, ev), ev)
        else:
            say(ev, "The Spanish bag is empty: the loss is avoided")

    def _lose(self, st: BalerState, unit: str, ev: list[Event]) -> None:
        if self.kind == "beriberi":
            admit(st, unit, ev, "ill with beriberi")
            return
        moved(st, unit, PH_ELIMINATED, ev, "deserts to the Philippine side")
        no_vp = st.data.tables["spanish_attrition"]["deserter_without_vp_column"]
        if self.column == no_vp:
            say(ev, "A 6 on the column die: the desertion scores no victory point")
        else:
            score(st, Side.PHILIPPINE, int(st.data.tables["victory"]["soldier"]), ev,
                  f"{st.name(unit)} deserts", "deserters")


@dataclass(slots=True)
class PhilippineAttrition(Task):
    """Supply roll with the territorial control map modifier, morale loss from low supply, and
    in turns 4-6 the US rolls (rulebook "Philippine side attrition")."""

    step: int = 0
    value: int = 0

    section: ClassVar[str] = "Philippine side attrition"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if self.step == 0:
            self.value = roll(st, 1, "attrition", "Philippine side", ev)[0]
            self.step = 1
        if persistence_actions(st, Side.PHILIPPINE, self.value):
            return decide(Side.PHILIPPINE, "persistence", "Use the Persistence marker on this "
                          "roll?", self.section)
        self._apply(st, ev)
        return None

    def single_roll(self) -> tuple[str, int] | None:
        return ("Philippine attrition roll", self.value) if self.value else None

    def legal(self, st: BalerState) -> list[Action]:
        return persistence_actions(st, Side.PHILIPPINE, self.value)

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, ModifyDie):
            self.value = use_persistence(st, self.value, action, ev)
        self._apply(st, ev)

    def _apply(self, st: BalerState, ev: list[Event]) -> None:
        tables = st.data.tables["philippine_attrition"]
        modifier = tcm_modifier(st)
        modified = clamp_die(self.value + modifier)
        say(ev, f"Philippine attrition: {self.value} {modifier:+d} = {self.value + modifier}")
        loss = int(tables["supply_loss_by_roll"][modified - 1])
        if loss:
            supply_change(st, Side.PHILIPPINE, -loss, ev, "attrition")
        else:
            say(ev, "Philippine supply holds")
        morale_loss = int(tables["morale_loss_by_supply"][st.supply[Side.PHILIPPINE]])
        if morale_loss:
            morale_change(st, Side.PHILIPPINE, -morale_loss, ev, "low supply")
        pop(st, self)
        if st.turn in st.data.tables["foreign_power"]["us_turns"]:
            if st.power == "spain" and st.data.options.us_arrival == "attrition-turn-4":
                place_us(st, ev)
            push(st, UsAdvance())
