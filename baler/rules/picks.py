"""Small choices shared by events, actions and leaders: place a surveillance marker, repair,
heal a patient, build or destroy a trench section, place artillery from the reserve."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from baler.rules import infirmary
from baler.rules.actions import Choose, Done, PlaceUnit
from baler.rules.queries import empty_soldier_spaces, manpower, reserve
from baler.rules.state import BalerState, Kind, Side
from baler.rules.tasks import Task, decide, moved, pop, push, say, supply_change
from baler.rules.walls import raise_walls, repairable
from engine.core.actions import Action, Event
from engine.core.game import Decision

# --- option finders, by purpose ------------------------------------------------------------


def surveillance_areas(st: BalerState, side: Side) -> list[str]:
    """Areas without a marker of this side, while it still has one in reserve (rulebook
    "Surveillance")."""
    if len(st.surveillance[side]) >= int(st.data.tables["surveillance"]["markers"]):
        return []
    return [a for a in st.data.areas if a not in st.surveillance[side]]


def area_manpower(st: BalerState, side: Side, area: str) -> int:
    return manpower(st, st.side_units_in_area(side, area))


def repair_targets(st: BalerState, side: Side, supply_cost: int) -> list[str]:
    """Spanish: areas whose walls are Damaged or Wrecked with 4 manpower on their posts;
    Philippine: sabotaged trench sections in an area with 5 manpower (rulebook "Repair";
    GAP-BAL-10). Repair needs the supply it costs."""
    if st.supply[side] < supply_cost:
        return []
    table = st.data.tables["repair"]
    if side is Side.SPANISH:
        need = int(table["spanish_manpower"])
        return [
            a for a in st.data.areas if repairable(st, a) and area_manpower(st, side, a) >= need
        ]
    need = int(table["philippine_manpower"])
    return [
        t
        for t, state in sorted(st.trenches.items())
        if state == "sabotaged" and area_manpower(st, side, st.data.trench_spaces[t][0]) >= need
    ]


def build_targets(st: BalerState, supply_cost: int) -> list[str]:
    """Empty trench spaces where the Philippine units on the posts beside it total 5 manpower
    (rulebook "Trench section I"; GAP-BAL-48)."""
    if st.supply[Side.PHILIPPINE] < supply_cost:
        return []
    need = int(st.data.tables["trench"]["manpower"])
    found = []
    for space, (_, beside) in st.data.trench_spaces.items():
        if space in st.trenches:
            continue
        units = [u for post in beside for u in st.units_at(post)]
        if manpower(st, units) >= need:
            found.append(space)
    return found


def patients_of(st: BalerState) -> list[str]:
    return [u for _, u in infirmary.patients(st)]


def own_exhausted_leaders(st: BalerState, side: Side) -> list[str]:
    return sorted(
        u for u in st.exhausted
        if st.data.units[u].side is side and st.loc[u] in st.data.command_posts
    )


def trenches_in_state(st: BalerState, state: str) -> list[str]:
    return sorted(t for t, s in st.trenches.items() if state == "any" or s == state)


# --- doing it ------------------------------------------------------------------------------


def do_repair(st: BalerState, side: Side, target: str, supply_cost: int, ev: list[Event]) -> None:
    if supply_cost:
        supply_change(st, side, -supply_cost, ev, "repair")
    if side is Side.SPANISH:
        raise_walls(st, target, ev, "repair")
    else:
        st.trenches[target] = "operational"
        say(ev, f"{st.name(target)}: the trench section is repaired")


def do_build(st: BalerState, target: str, supply_cost: int, ev: list[Event]) -> None:
    if supply_cost:
        supply_change(st, Side.PHILIPPINE, -supply_cost, ev, "trench section")
    st.trenches[target] = "operational"
    say(ev, f"{st.name(target)}: a trench section is built")


def heal_one(st: BalerState, unit: str, ev: list[Event]) -> None:
    """Heal a patient of choice: a leader to its detachment space; a soldier to a free
    detachment space of the player's choice, or into the bag if none is free (rulebook
    "Healing units", "Medical leader")."""
    if st.data.units[unit].kind is Kind.LEADER or not empty_soldier_spaces(st, Side.SPANISH):
        infirmary.discharge(st, unit, None, ev, "healed")
    else:
        push(st, PlaceHealed(unit=unit))


@dataclass(slots=True)
class PickTask(Task):
    """Choose, `count` times, one option of a kind (an area, a trench, a patient...)."""

    side: str = ""
    purpose: str = ""
    count: int = 1
    optional: bool = True
    cost: int = 0
    only: str = "any"

    section: ClassVar[str] = "Events"

    def options(self, st: BalerState) -> list[str]:
        side = Side(self.side)
        finders: dict[str, Callable[[], list[str]]] = {
            "surveillance": lambda: surveillance_areas(st, side),
            "repair": lambda: repair_targets(st, side, self.cost),
            "build-trench": lambda: build_targets(st, self.cost),
            "heal": lambda: patients_of(st),
            "destroy-trench": lambda: trenches_in_state(st, self.only),
            "ready-leader": lambda: own_exhausted_leaders(st, side),
        }
        return finders[self.purpose]()

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if self.count <= 0 or not self.options(st):
            pop(st, self)
            return None
        return decide(Side(self.side), f"pick-{self.purpose}", f"Choose: {self.purpose}",
                      self.section)

    def legal(self, st: BalerState) -> list[Action]:
        found: list[Action] = [Choose(o) for o in self.options(st)]
        return [*found, Done()] if self.optional else found

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, Done):
            self.count = 0
            return
        assert isinstance(action, Choose)
        self.count -= 1
        side, target = Side(self.side), action.target
        if self.purpose == "surveillance":
            st.surveillance[side].add(target)
            say(ev, f"{side.label} surveillance marker placed in area {target}")
        elif self.purpose == "repair":
            do_repair(st, side, target, self.cost, ev)
        elif self.purpose == "build-trench":
            do_build(st, target, self.cost, ev)
        elif self.purpose == "heal":
            heal_one(st, target, ev)
        elif self.purpose == "destroy-trench":
            del st.trenches[target]
            say(ev, f"{st.name(target)}: the trench section is destroyed and removed")
        else:
            st.exhausted.discard(target)
            say(ev, f"{st.name(target)} is ready again")


@dataclass(slots=True)
class PlaceHealed(Task):
    """Put a healed Spanish soldier on a free detachment space of the player's choice."""

    unit: str = ""

    section: ClassVar[str] = "Healing units"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        spaces = empty_soldier_spaces(st, Side.SPANISH)
        if len(spaces) <= 1:
            infirmary.discharge(st, self.unit, spaces[0] if spaces else None, ev, "healed")
            pop(st, self)
            return None
        return decide(Side.SPANISH, "place-healed", f"Choose a detachment space for "
                      f"{st.name(self.unit)}", self.section)

    def legal(self, st: BalerState) -> list[Action]:
        return [PlaceUnit(self.unit, s) for s in empty_soldier_spaces(st, Side.SPANISH)]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        assert isinstance(action, PlaceUnit)
        infirmary.discharge(st, self.unit, action.dest, ev, "healed")
        pop(st, self)


def empty_artillery_posts(st: BalerState) -> list[str]:
    return [p for p in st.data.artillery_posts.values() if not st.units_at(p)]


@dataclass(slots=True)
class PlaceArtillery(Task):
    """Place an artillery piece of the reserve on an empty artillery post; no trench needs to
    be built beside it (rulebook "US Support")."""

    section: ClassVar[str] = "US Support"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if not reserve(st) or not empty_artillery_posts(st):
            say(ev, "No artillery piece can be placed")
            pop(st, self)
            return None
        return decide(Side.PHILIPPINE, "place-artillery", "Place an artillery piece from the "
                      "reserve", self.section)

    def legal(self, st: BalerState) -> list[Action]:
        return [PlaceUnit(u, p) for u in reserve(st) for p in empty_artillery_posts(st)]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        assert isinstance(action, PlaceUnit)
        moved(st, action.unit, action.dest, ev, "placed from the artillery reserve")
        pop(st, self)
