"""Leaders in the command area (rulebook "Leaders into command posts", "Spanish leaders",
"Philippine leaders")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actions import ModifyDie
from baler.rules.picks import PickTask, PlaceArtillery, patients_of
from baler.rules.state import BalerState, Kind, Side
from baler.rules.supply import persistence_actions, use_persistence
from baler.rules.tasks import Task, decide, morale_change, pop, push, roll, say
from engine.core.actions import Action, Event
from engine.core.game import Decision


def role_of(st: BalerState, post: str) -> str:
    return st.data.command_posts[post][1]


def movable(st: BalerState, unit: str) -> bool:
    """Whether a movement may move `unit` this turn. A leader activated in a command space is
    exhausted and "cannot be used again or moved for the remainder of the turn" (rulebook
    "Leaders", BAL-049): wherever he stands, in his command post or back in his detachment
    after the infirmary, until the Leaders step of the Upkeep turns him face up."""
    return unit not in st.exhausted


def may_take_post(st: BalerState, leader: str, post: str) -> bool:
    """Spanish leaders take only the post of their own type; Philippine leaders any post; one
    leader per post; a disabled leader never enters the command area, nor does a leader still
    exhausted this turn (one who fell ill in his command post and was healed: rulebook
    "Leaders", "cannot be used again ... for the remainder of the turn", BAL-049)."""
    info = st.data.units[leader]
    side, role = st.data.command_posts[post]
    if info.kind is not Kind.LEADER or side is not info.side:
        return False
    if leader in st.disabled or leader in st.exhausted:
        return False
    if st.units_at(post):
        return False
    return side is Side.PHILIPPINE or info.leader_type == role


def activate(st: BalerState, leader: str, role: str, ev: list[Event]) -> list[Task]:
    """Apply a non-military command post's effect and exhaust the leader; returns the choices
    it needs (rulebook "Medical leader", "Religious leader", "Leadership", "US Support")."""
    info = st.data.units[leader]
    st.exhausted.add(leader)
    tables = st.data.tables
    if role == "medical":
        say(ev, f"{info.name} tends the wounded (medical command post)")
        if patients_of(st):
            return [PickTask(side=Side.SPANISH.value, purpose="heal", optional=False)]
        say(ev, "The infirmary is empty")
        return []
    if role == "religious":
        amount = int(tables["religious_morale"])
        if st.turn <= info.early_until_turn:
            amount = info.early_morale_boost
        morale_change(st, Side.SPANISH, amount, ev, f"{info.name} in the religious command post")
        return []
    if role == "leadership":
        amount = int(tables["leadership_morale_by_rank"][info.rank - 1])
        morale_change(st, Side.PHILIPPINE, amount, ev, f"{info.name} in the leadership post")
        return []
    if role == "us-support":
        support = tables["us_support"]
        if st.turn <= int(support["certain_until_turn"]):
            return [PlaceArtillery()]
        return [UsSupportRoll()]
    return []


@dataclass(slots=True)
class UsSupportRoll(Task):
    """Turns 4-6: a die, 3-6 places an artillery piece from the reserve (rulebook "US
    Support"); the Philippine Persistence marker may change it (rulebook "Persistence": "at any
    time during the turn ... to reroll or add 1 to a die result")."""

    value: int = 0

    section: ClassVar[str] = "US Support"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if not self.value:
            self.value = roll(st, 1, "US support", "Philippine side", ev)[0]
        if persistence_actions(st, Side.PHILIPPINE, self.value):
            return decide(Side.PHILIPPINE, "persistence", "Use the Persistence marker on the "
                          "US Support roll?", self.section)
        self._finish(st, ev)
        return None

    def single_roll(self) -> tuple[str, int] | None:
        return ("US Support roll", self.value) if self.value else None

    def legal(self, st: BalerState) -> list[Action]:
        return persistence_actions(st, Side.PHILIPPINE, self.value)

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, ModifyDie):
            self.value = use_persistence(st, self.value, action, ev)
        self._finish(st, ev)

    def _finish(self, st: BalerState, ev: list[Event]) -> None:
        pop(st, self)
        if min(6, self.value) in st.data.tables["us_support"]["success_from_turn_4"]:
            push(st, PlaceArtillery())
        else:
            say(ev, "No artillery arrives this time")
