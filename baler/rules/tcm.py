"""The territorial control map of Luzón: Philippine troops, the foreign power (Spain, then the
United States) and their combats (rulebook "Territorial control map", "The United States and
the Territorial control map").

Spaces are numbered 1 (Baler) to 5 (Manila). The Philippine stack never enters Manila and the
foreign power never enters Baler. During a combat nobody moves; the outcome sets the final
spaces (a mover that is repelled simply stays where it came from).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules.actions import Choose, Done, ModifyDie
from baler.rules.modifiers import TCM_SOURCES, Pool, apply_modifier, modifier_actions, new_pool
from baler.rules.queries import combat_factor, tcm_position, tcm_units
from baler.rules.state import BAGS, BalerState, Kind, Side
from baler.rules.supply import persistence_actions, use_persistence
from baler.rules.tasks import Task, decide, moved, pop, push, roll, say
from engine.core.actions import Action, Event
from engine.core.game import Decision

MANILA = 5
STRENGTH_DIE, ADVANCE_DIE, ADVANCING = 1, 2, 3
"""The steps of `UsAdvance` after its start: each die waits for the Persistence marker."""


def power_name(st: BalerState) -> str:
    return "Spain" if st.power == "spain" else "the United States"


def power_strength(st: BalerState) -> int:
    if st.power == "spain":
        return int(st.data.tables["foreign_power"]["spain_strength"])
    return st.us_strength


def place_us(st: BalerState, ev: list[Event]) -> None:
    """The Spanish power marker leaves the game and the US marker enters Manila showing 4
    (GAP-BAL-01: when, is a scenario option)."""
    st.power = "us"
    st.power_space = MANILA
    st.us_strength = int(st.data.tables["foreign_power"]["us_start_strength"])
    say(ev, f"The Spanish power marker leaves the territorial control map; the US marker enters "
            f"Manila with strength {st.us_strength}")


def move_stack(st: BalerState, space: int, ev: list[Event], why: str) -> None:
    dest = st.data.tcm[space - 1]
    for unit in tcm_units(st):
        if st.loc[unit] != dest:
            moved(st, unit, dest, ev, why)


def lose_unit(st: BalerState, unit: str, ev: list[Event]) -> None:
    """A Philippine unit lost on the map goes to the bag, a leader to its detachment space."""
    info = st.data.units[unit]
    dest = info.home if info.kind is Kind.LEADER else BAGS[Side.PHILIPPINE]
    moved(st, unit, dest, ev, "lost on the territorial control map")


@dataclass(slots=True)
class TcmCombat(Task):
    """One combat on the map (rulebook "Combat on the territorial control map"): each side
    rolls one die per strength point, at most 5; 5 and 6 succeed; only the Philippine side may
    modify (morale, on several dice, and Persistence: GAP-BAL-18, GAP-BAL-47)."""

    attacker: str = "philippine"  # "philippine" or "power"
    from_space: int = 0
    target: int = 0
    step: int = 0
    ph: Pool | None = None
    foreign: list[int] = field(default_factory=list)
    result: str = ""

    section: ClassVar[str] = "Combat on the territorial control map"

    def _roll_ph(self, st: BalerState, ev: list[Event]) -> None:
        n = min(sum(combat_factor(st, u) for u in tcm_units(st)),
                int(st.data.tables["max_combat_dice"]))
        values = roll(st, n, "territorial combat", "Philippine side", ev)
        self.ph = new_pool(st, Side.PHILIPPINE, values, map_leader=False, sources=TCM_SOURCES,
                           morale_multi=True)

    def _roll_power(self, st: BalerState, ev: list[Event]) -> None:
        n = min(power_strength(st), int(st.data.tables["max_combat_dice"]))
        self.foreign = roll(st, n, "territorial combat",
                            f"Spanish player for {power_name(st)}", ev)

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        ph_first = self.attacker == "philippine"
        if self.step == 0:
            say(ev, f"Combat on the territorial control map, space {self.target}: "
                    f"{'the Philippine side' if ph_first else power_name(st)} attacks")
            if ph_first:
                self._roll_ph(st, ev)
            else:
                self._roll_power(st, ev)
                self._roll_ph(st, ev)
            self.step = 1
        if self.step == 1:
            assert self.ph is not None
            if modifier_actions(st, self.ph):
                return decide(Side.PHILIPPINE, "modify-dice", "Modify your dice, or finish",
                              self.section)
            self.step = 2
        if self.step == 2:
            if ph_first:
                self._roll_power(st, ev)
            self.step = 3
            self._outcome(st, ev)
        if self.step == 4:
            units = tcm_units(st)
            if len(units) > 1:
                return decide(Side.PHILIPPINE, "tcm-loss", "Choose the unit you lose",
                              self.section)
            if units:
                lose_unit(st, units[0], ev)
            self._us_wins(st, ev)
        pop(st, self)
        return None

    def legal(self, st: BalerState) -> list[Action]:
        if self.step == 1:
            assert self.ph is not None
            return [*modifier_actions(st, self.ph), Done()]
        if self.step == 4:
            return [Choose(u) for u in tcm_units(st)]
        return []

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if self.step == 1:
            assert self.ph is not None
            if isinstance(action, ModifyDie):
                apply_modifier(st, self.ph, action, ev)
            else:
                self.step = 2
        else:
            assert isinstance(action, Choose)
            lose_unit(st, action.target, ev)
            self._us_wins(st, ev)
            self.step = 5

    def _outcome(self, st: BalerState, ev: list[Event]) -> None:
        assert self.ph is not None
        faces = st.data.tables["tcm_combat_success"]
        ph = self.ph.count(faces)
        foreign = sum(1 for v in self.foreign if v in faces)
        say(ev, f"Philippine successes {ph}, {power_name(st)} {foreign}")
        if foreign > ph:
            if st.power == "spain":
                say(ev, "Spain holds: the Philippine stack goes back where it came from")
                self.step = 5
            else:
                say(ev, "The United States win: the Philippine side loses a unit and retreats")
                self.step = 4
        elif ph > foreign:
            if self.attacker == "power":
                say(ev, "The US attack is repelled: the marker goes back where it came from")
            else:
                st.power_space = min(MANILA, self.target + 1)
                move_stack(st, self.target, ev, "advances after the victory")
                say(ev, f"{power_name(st)} retreats to space {st.power_space}")
            self.step = 5
        else:
            say(ev, "A tie: the side that moved goes back where it came from")
            self.step = 5

    def _us_wins(self, st: BalerState, ev: list[Event]) -> None:
        """The Philippine stack retreats one space toward Baler and the US takes the space the
        Philippine troops held (GAP-BAL-47: after a failed Philippine attack, counted from the
        space the stack attacked from)."""
        held = self.from_space if self.attacker == "philippine" else self.target
        if tcm_units(st):
            move_stack(st, max(1, held - 1), ev, "retreats toward Baler")
        if held >= 2:
            st.power_space = held
        say(ev, f"The US marker stands on space {st.power_space}")


@dataclass(slots=True)
class UsAdvance(Task):
    """The US strength and advance rolls, then the advance step by step, fighting whenever it
    enters the Philippine space; steps that would enter Baler are lost (rulebook "The United
    States and the Territorial control map"; GAP-BAL-47). The Philippine side rolls both dice
    ("the Philippine side, after resolving the attrition, rolls two dice"), so its active
    Persistence marker may change each of them (rulebook "Persistence"; GAP-BAL-40)."""

    step: int = 0
    steps_left: int = 0
    value: int = 0

    section: ClassVar[str] = "The United States and the Territorial control map"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if self.step == 0:
            if st.power != "us":
                pop(st, self)
                return None
            self.value = roll(st, 1, "US strength", "Philippine side", ev)[0]
            self.step = STRENGTH_DIE
        if self.step == STRENGTH_DIE:
            if persistence_actions(st, Side.PHILIPPINE, self.value):
                return decide(Side.PHILIPPINE, "persistence", "Use the Persistence marker on "
                              "the US strength die?", self.section)
            self._read_die(st, ev)
        if self.step == ADVANCE_DIE:
            if not self.value:
                self.value = roll(st, 1, "US advance", "Philippine side", ev)[0]
            if persistence_actions(st, Side.PHILIPPINE, self.value):
                return decide(Side.PHILIPPINE, "persistence", "Use the Persistence marker on "
                              "the US advance die?", self.section)
            self._read_die(st, ev)
        while self.steps_left > 0:
            self.steps_left -= 1
            nxt = st.power_space - 1
            if nxt < 2:
                say(ev, "The US marker cannot enter Baler")
                self.steps_left = 0
                break
            if tcm_position(st) == nxt:
                push(st, TcmCombat(attacker="power", from_space=st.power_space, target=nxt))
                return None
            st.power_space = nxt
            say(ev, f"The US marker advances to space {nxt}")
        pop(st, self)
        return None

    def _read_die(self, st: BalerState, ev: list[Event]) -> None:
        """Read the die on the waiting step's table and go on to the next step."""
        tables = st.data.tables["foreign_power"]
        if self.step == STRENGTH_DIE:
            st.us_strength = int(tables["us_strength_by_roll"][min(6, self.value) - 1])
            self.step = ADVANCE_DIE
        else:
            self.steps_left = int(tables["us_steps_by_roll"][min(6, self.value) - 1])
            say(ev, f"The US marker shows strength {st.us_strength} and advances "
                    f"{self.steps_left} step(s)")
            self.step = ADVANCING
        self.value = 0

    def single_roll(self) -> tuple[str, int] | None:
        if self.value and self.step in (STRENGTH_DIE, ADVANCE_DIE):
            return ("US strength die" if self.step == STRENGTH_DIE else "US advance die",
                    self.value)
        return None

    def legal(self, st: BalerState) -> list[Action]:
        if self.value and self.step in (STRENGTH_DIE, ADVANCE_DIE):
            return persistence_actions(st, Side.PHILIPPINE, self.value)
        return []

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, ModifyDie):
            self.value = use_persistence(st, self.value, action, ev)
        self._read_die(st, ev)
