"""Movement: two movements per action, of any types (rulebook "Movement", "Types of movement",
"Leaders into command posts", "Territorial control map (Philippine side only)").

Only the movements the rulebook describes exist (GAP-BAL-46): detachment to guard post, a draw
from the bag, a swap of two guard posts, an artillery piece to another artillery post, a leader
from its detachment space into a command post (or, kept in reserve there, activated: GAP-BAL-24),
and, for a complete movement action, placing troops on or advancing them across the territorial
control map.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actions import Choose, Done, Move, PlaceUnit
from baler.rules.leaders import activate, may_take_post, movable, role_of
from baler.rules.picks import empty_artillery_posts
from baler.rules.queries import bag, factors_text, soldier_spaces, tcm_position, tcm_units
from baler.rules.state import BAGS, BalerState, Kind, Side
from baler.rules.tasks import Task, decide, moved, pop, push, say
from baler.rules.tcm import MANILA, TcmCombat, move_stack
from engine.core.actions import Action, CardDrawn, Event
from engine.core.game import Decision

CHOOSE, BAG_DRAWN, TCM_PLACE = 0, 1, 2


def detachment_spaces(st: BalerState, side: Side) -> tuple[str, ...]:
    if side is Side.SPANISH:
        return tuple(st.data.detachment)
    return (*st.data.ph_leader_spaces, *st.data.barracks)


def detachment_units(st: BalerState, side: Side) -> list[str]:
    return [u for space in detachment_spaces(st, side) for u in st.units_at(space)]


def displace(st: BalerState, space: str, ev: list[Event]) -> None:
    """An occupant pushed off its space: a soldier into the bag, a leader to its detachment."""
    for unit in list(st.units_at(space)):
        info = st.data.units[unit]
        dest = info.home if info.kind is Kind.LEADER else BAGS[info.side]
        moved(st, unit, dest, ev, "displaced")


def tcm_candidates(st: BalerState) -> list[str]:
    """Units that may go onto the territorial control map: barracks soldiers and, unless the
    scenario option forbids it, leaders in their detachment spaces (GAP-BAL-04, GAP-BAL-21);
    bag soldiers are drawn at random."""
    kinds = (Kind.SOLDIER, Kind.LEADER) if st.data.options.leaders_on_tcm else (Kind.SOLDIER,)
    return [u for u in detachment_units(st, Side.PHILIPPINE)
            if st.data.units[u].kind in kinds and movable(st, u)]


def tcm_target_space(st: BalerState) -> int:
    """Where placed troops go: the stack's space, or the space before the foreign power."""
    pos = tcm_position(st)
    return pos if pos is not None else max(1, st.power_space - 1)


_move = functools.cache(Move)
"""Moves are frozen values: the lists of choices share one object per distinct move."""


@dataclass(slots=True)
class MovementTask(Task):
    side: str = ""
    moves_left: int = 2
    step: int = CHOOSE
    drawn: str = ""
    tcm_left: int = 0

    section: ClassVar[str] = "Movement"

    def options(self, st: BalerState) -> list[Action]:
        side = Side(self.side)
        posts = st.data.side_posts(side)
        found: list[Action] = []
        for unit in detachment_units(st, side):
            if movable(st, unit):
                found.extend(_move("post", unit, p) for p in posts)
        if bag(st, side):
            found.append(_move("bag"))
        manned = [p for p in posts if st.units_at(p)]
        for i, a in enumerate(manned):
            for b in manned[i + 1:]:
                found.append(_move("swap", a, b))
        if side is Side.PHILIPPINE:
            free = empty_artillery_posts(st)
            for post in st.data.artillery_posts.values():
                gun = st.occupant(post)
                if gun is not None:
                    found.extend(_move("artillery", gun, p) for p in free)
        # Only the side's empty command posts can take a leader (may_take_post checks the rest).
        free = [p for p, (s, _) in st.data.command_posts.items()
                if s is side and not st.units_at(p)]
        for unit in detachment_units(st, side) if free else ():
            if st.data.units[unit].kind is Kind.LEADER:
                found.extend(_move("command", unit, p) for p in free if may_take_post(st, unit, p))
        for post, (s, role) in st.data.command_posts.items():
            leader = st.occupant(post)
            if s is side and role != "military" and leader and leader not in st.exhausted:
                found.append(_move("activate", leader, post))
        if side is Side.PHILIPPINE and self.moves_left >= 2:
            found.extend(self._tcm_options(st))
        return found

    def _tcm_options(self, st: BalerState) -> list[Action]:
        found: list[Action] = []
        limit = int(st.data.tables["tcm_stack_limit"])
        if len(tcm_units(st)) < limit and (bag(st, Side.PHILIPPINE) or tcm_candidates(st)):
            found.append(Move("tcm-place"))
        pos = tcm_position(st)
        if pos is not None:
            last = min(st.power_space, MANILA - 1)
            found.extend(
                Move("tcm-advance", dest=st.data.tcm[s - 1]) for s in range(pos + 1, last + 1)
            )
        return found

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if self.step == CHOOSE:
            if self.moves_left <= 0 or not self.options(st):
                pop(st, self)
                return None
            return decide(side, "movement", f"Choose a movement ({self.moves_left} left)",
                          self.section)
        if self.step == BAG_DRAWN:
            return decide(side, "place-drawn", f"Place {st.name(self.drawn)} "
                          f"({factors_text(st, self.drawn)}), drawn from the bag",
                          "Types of movement")
        if self.tcm_left <= 0 or not (bag(st, side) or tcm_candidates(st)):
            self.step = CHOOSE
            return self.run(st, ev)
        return decide(side, "tcm-place", "Choose a unit for the territorial control map",
                      "Philippine troops movement")

    def legal(self, st: BalerState) -> list[Action]:
        side = Side(self.side)
        if self.step == CHOOSE:
            return [*self.options(st), Done()]
        if self.step == BAG_DRAWN:
            dests = [*st.data.side_posts(side), *soldier_spaces(st, side), BAGS[side]]
            return [PlaceUnit(self.drawn, d) for d in dests]
        found: list[Action] = [Choose(u) for u in tcm_candidates(st)]
        if bag(st, side):
            found.append(Choose(BAGS[side]))
        return [*found, Done()]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        side = Side(self.side)
        if isinstance(action, Done):
            if self.step == TCM_PLACE:
                self.step = CHOOSE
            else:
                self.moves_left = 0
            return
        if self.step == BAG_DRAWN:
            assert isinstance(action, PlaceUnit)
            if action.dest != BAGS[side]:
                displace(st, action.dest, ev)
                moved(st, self.drawn, action.dest, ev, "drawn from the bag")
            else:
                say(ev, f"{st.name(self.drawn)} goes back into the bag")
            self.drawn = ""
            self.step = CHOOSE
            return
        if self.step == TCM_PLACE:
            assert isinstance(action, Choose)
            unit = action.target
            if unit == BAGS[side]:
                unit = st.dice.draw(list(bag(st, side)))
                ev.append(CardDrawn("A soldier is drawn from the Philippine bag", item=unit,
                                    source=BAGS[side]))
            moved(st, unit, st.data.tcm[tcm_target_space(st) - 1], ev,
                  "onto the territorial control map")
            self.tcm_left -= 1
            return
        assert isinstance(action, Move)
        self.moves_left -= 2 if action.kind.startswith("tcm") else 1
        self._move(st, side, action, ev)

    def _move(self, st: BalerState, side: Side, action: Move, ev: list[Event]) -> None:
        kind = action.kind
        if kind == "post":
            displace(st, action.dest, ev)
            moved(st, action.unit, action.dest, ev, "movement")
        elif kind == "bag":
            self.drawn = st.dice.draw(list(bag(st, side)))
            ev.append(CardDrawn(f"The {side.label} side draws {st.name(self.drawn)} from its bag",
                                item=self.drawn, source=BAGS[side]))
            self.step = BAG_DRAWN
        elif kind == "swap":
            a, b = st.occupant(action.unit), st.occupant(action.dest)
            assert a is not None and b is not None
            st.place(a, action.dest)
            st.place(b, action.unit)
            say(ev, f"{st.name(a)} and {st.name(b)} swap guard posts")
        elif kind == "artillery":
            moved(st, action.unit, action.dest, ev, "artillery moves")
        elif kind == "command":
            moved(st, action.unit, action.dest, ev, "into the command area")
            role = role_of(st, action.dest)
            if role != "military":
                push(st, *activate(st, action.unit, role, ev))
        elif kind == "activate":
            push(st, *activate(st, action.unit, role_of(st, action.dest), ev))
        elif kind == "tcm-place":
            limit = int(st.data.tables["tcm_stack_limit"])
            self.tcm_left = limit - len(tcm_units(st))
            self.step = TCM_PLACE
        else:
            dest = st.data.tcm.index(action.dest) + 1
            pos = tcm_position(st)
            assert pos is not None
            if dest == st.power_space:
                push(st, TcmCombat(attacker="philippine", from_space=pos, target=dest))
            else:
                move_stack(st, dest, ev, "advances toward Manila")
