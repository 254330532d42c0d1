"""Filling empty spaces from the bag, one random draw at a time (rulebook "Man the posts"; also
the events that bring reinforcements to the guard posts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actions import PlaceUnit
from baler.rules.queries import bag, empty_posts, empty_soldier_spaces, factors_text
from baler.rules.state import BAGS, BalerState, Side
from baler.rules.tasks import Task, decide, moved, pop, say
from engine.core.actions import Action, CardDrawn, Event
from engine.core.game import Decision


@dataclass(slots=True)
class ManPosts(Task):
    """Draw a unit, place it on an empty space of the player's choice, repeat until no space
    of that kind is empty, the bag is empty (GAP-BAL-43) or `limit` units are placed."""

    side: str = ""
    target: str = "posts"  # "posts" or "detachment"
    limit: int = 0  # 0: no limit
    placed: int = 0
    drawn: str = ""

    section: ClassVar[str] = "Man the posts"

    def spaces(self, st: BalerState) -> list[str]:
        side = Side(self.side)
        if self.target == "posts":
            return empty_posts(st, side)
        return empty_soldier_spaces(st, side)

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        spaces = self.spaces(st)
        if not self.drawn:
            done = self.limit > 0 and self.placed >= self.limit
            if done or not spaces or not bag(st, side):
                if spaces and not bag(st, side):
                    say(ev, f"The {side.label} bag is empty: {len(spaces)} space(s) stay empty")
                pop(st, self)
                return None
            self.drawn = st.dice.draw(list(bag(st, side)))
            ev.append(CardDrawn(f"The {side.label} side draws {st.name(self.drawn)} from its bag",
                                item=self.drawn, source=BAGS[side]))
        if len(spaces) == 1:
            self._place(st, spaces[0], ev)
            return self.run(st, ev)
        where = "guard post" if self.target == "posts" else "detachment space"
        return decide(side, "man-posts", f"Place {st.name(self.drawn)} "
                      f"({factors_text(st, self.drawn)}) on an empty {where}",
                      self.section)

    def legal(self, st: BalerState) -> list[Action]:
        return [PlaceUnit(self.drawn, s) for s in self.spaces(st)]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        assert isinstance(action, PlaceUnit)
        self._place(st, action.dest, ev)

    def _place(self, st: BalerState, space: str, ev: list[Event]) -> None:
        moved(st, self.drawn, space, ev, "drawn from the bag")
        self.drawn = ""
        self.placed += 1
