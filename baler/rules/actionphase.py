"""Phase 5 - Action: the cards left in hand give action points, spent on basic actions (1 AP, a
second time 2 AP, never a third) and special actions (2 AP, once) (rulebook "Action phase",
"Action types", "Basic actions", "Special actions")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules import infirmary
from baler.rules.actions import Done, TakeAction
from baler.rules.attacks import KINDS, attack_options, launch
from baler.rules.cards import put_away, usable
from baler.rules.movement import MovementTask
from baler.rules.picks import (
    build_targets,
    do_build,
    do_repair,
    heal_one,
    repair_targets,
    surveillance_areas,
)
from baler.rules.queries import us_activation_allowed
from baler.rules.state import BalerState, Side
from baler.rules.supply import SupplyRoll
from baler.rules.tasks import Task, decide, morale_change, pop, push, say
from baler.rules.tcm import UsAdvance
from engine.core.actions import Action, Event, Revealed
from engine.core.game import Decision

BASIC = {"attack", "movement", "surveillance", "supply", "repair"}
TRENCH_ACTIONS = ("trench-1", "trench-2")
"""The two Philippine special actions Trench section I and Trench section II, in order."""


def category(name: str) -> str:
    """Shooting, incursion and artillery are all the basic action Attack (BAL-109); both
    options of Heal units are one special action."""
    if name.startswith("attack-"):
        return "attack"
    if name.startswith("heal-"):
        return "heal"
    return name


@dataclass(slots=True)
class ActionPhaseTask(Task):
    side: str = ""
    step: int = 0
    ap: int = 0
    uses: dict[str, int] = field(default_factory=dict)

    section: ClassVar[str] = "Action phase"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if self.step == 0:
            self._reveal(st, ev)
            self.step = 1
        if self._any_option(st):
            return decide(side, "action", f"Spend your action points ({self.ap} left), or end "
                          "your action phase", self.section)
        self._end(st, ev)
        return None

    def _reveal(self, st: BalerState, ev: list[Event]) -> None:
        """All remaining cards go face up; enemy Fog of War cards are blanks and are
        discarded at once (rulebook "Action phase")."""
        side = Side(self.side)
        hand = list(st.hands[side])
        st.hands[side] = []
        ev.append(Revealed(f"The {side.label} side reveals its hand for the action phase",
                           items=tuple(hand)))
        for card in hand:
            if usable(st, side, card):
                st.table[side].append(card)
                self.ap += st.data.cards[card].ap
            else:
                st.discards[side].append(card)
                say(ev, f"'{st.data.cards[card].title}' is an enemy Fog of War card: discarded")
        say(ev, f"The {side.label} side has {self.ap} action point(s)")

    def cost(self, st: BalerState, name: str) -> int | None:
        """AP for this action now, None if no longer allowed this phase."""
        table = st.data.tables["actions"]
        used = self.uses.get(category(name), 0)
        if category(name) in BASIC:
            if used >= int(table["basic_max_uses"]):
                return None
            return int(table["basic_cost"] if used == 0 else table["repeat_cost"])
        return None if used else int(table["special_cost"])

    def _candidates(self, st: BalerState) -> list[TakeAction]:
        side = Side(self.side)
        found: list[TakeAction] = list(attack_options(st, side, KINDS))
        found.append(TakeAction("movement"))
        found.extend(TakeAction("surveillance", a) for a in surveillance_areas(st, side))
        found.append(TakeAction("supply"))
        cost = int(st.data.tables["repair"]["supply_cost"])
        if side is Side.SPANISH:
            found.extend(TakeAction("repair", area=a) for a in repair_targets(st, side, cost))
            if st.beds_open < len(st.data.beds):
                found.append(TakeAction("expand-infirmary"))
            patients = [u for _, u in infirmary.patients(st)]
            if patients:
                found.append(TakeAction("heal-two"))
                found.extend(TakeAction("heal-one", target=u) for u in patients)
            if us_activation_allowed(st):
                found.append(TakeAction("uss-yorktown"))
        else:
            found.extend(
                TakeAction("repair", area=st.data.trench_spaces[t][0], target=t)
                for t in repair_targets(st, side, cost)
            )
            found.extend(self._trench_candidates(st))
            if not st.persistence:
                found.append(TakeAction("persistence"))
        found.append(TakeAction("raise-morale"))
        return found

    def _trench_candidates(self, st: BalerState) -> list[TakeAction]:
        """Trench section I, then Trench section II: at most `trench.per_phase` (2) sections
        per Action phase (rulebook "Trench section II"; GAP-BAL-48: II only after I)."""
        table = st.data.tables["trench"]
        built = sum(self.uses.get(name, 0) for name in TRENCH_ACTIONS)
        if built >= min(int(table["per_phase"]), len(TRENCH_ACTIONS)):
            return []
        name = TRENCH_ACTIONS[built]
        return [TakeAction(name, target=t) for t in build_targets(st, int(table["supply_cost"]))]

    def _options(self, st: BalerState) -> list[Action]:
        affordable: dict[str, bool] = {}
        found: list[Action] = []
        for action in self._candidates(st):
            name = category(action.name)
            ok = affordable.get(name)
            if ok is None:
                cost = self.cost(st, action.name)
                ok = affordable[name] = cost is not None and cost <= self.ap
            if ok:
                found.append(action)
        return found

    def _any_option(self, st: BalerState) -> bool:
        """Whether any action is affordable: movement, supply and raise the morale are always
        candidates, so the full list is built only once they are spent."""
        for always in ("movement", "supply", "raise-morale"):
            cost = self.cost(st, always)
            if cost is not None and cost <= self.ap:
                return True
        return bool(self._options(st))

    def legal(self, st: BalerState) -> list[Action]:
        return [*self._options(st), Done()]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, Done):
            self._end(st, ev)
            return
        assert isinstance(action, TakeAction)
        side = Side(self.side)
        cost = self.cost(st, action.name)
        assert cost is not None
        self.ap -= cost
        self.uses[category(action.name)] = self.uses.get(category(action.name), 0) + 1
        say(ev, f"{side.label} action: {action.describe()} ({cost} AP, {self.ap} left)")
        name = action.name
        if name.startswith("attack-"):
            push(st, launch(st, side, name.removeprefix("attack-"), action.area))
        elif name == "movement":
            moves = int(st.data.tables["actions"]["movements_per_action"])
            push(st, MovementTask(side=self.side, moves_left=moves))
        elif name == "surveillance":
            st.surveillance[side].add(action.area)
            say(ev, f"{side.label} surveillance marker placed in area {action.area}")
        elif name == "supply":
            push(st, SupplyRoll(side=self.side))
        elif name == "repair":
            cost_supply = int(st.data.tables["repair"]["supply_cost"])
            do_repair(st, side, action.target or action.area, cost_supply, ev)
        elif name == "expand-infirmary":
            infirmary.expand(st, ev)
        elif name == "heal-two":
            infirmary.heal_two_lowest(st, ev)
        elif name == "heal-one":
            heal_one(st, action.target, ev)
        elif name == "uss-yorktown":
            push(st, UsAdvance())
        elif name == "raise-morale":
            morale_change(st, side, int(st.data.tables["raise_morale"]), ev, "raise the morale")
        elif name in TRENCH_ACTIONS:
            do_build(st, action.target, int(st.data.tables["trench"]["supply_cost"]), ev)
        elif name == "persistence":
            st.persistence = True
            say(ev, "The Philippine Persistence marker is flipped to its active side")

    def _end(self, st: BalerState, ev: list[Event]) -> None:
        """Unspent action points are lost; the cards used are put away."""
        side = Side(self.side)
        for card in list(st.table[side]):
            st.table[side].remove(card)
            put_away(st, side, card, ev)
        pop(st, self)

