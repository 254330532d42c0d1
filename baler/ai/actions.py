"""The computer opponent's action phase: each legal action is given a worth from the position
(rulebook "Action phase", "Basic actions", "Special actions"); the best one is played while it
is worth more than the points it costs, the remaining points are spent on what still pays,
and the phase ends when nothing does."""

from __future__ import annotations

from baler.ai.deploy import area_needs, command_worth, move_worth
from baler.ai.fight import attack_worth
from baler.ai.judge import morale_worth, supply_worth, trench_worth
from baler.rules import infirmary
from baler.rules.actionphase import ActionPhaseTask
from baler.rules.actions import Done, Move, TakeAction
from baler.rules.movement import MovementTask
from baler.rules.queries import artillery_in_area, engaged, tcm_position
from baler.rules.state import BalerState, Side
from baler.rules.victory import destroyed_areas
from engine.core.actions import Action

SPANISH_SUPPLY_ROLL = 0.83
"""Average supply a Spanish supply action brings (table: 0, 0, 1, 1, 1, 2)."""


def _phase(st: BalerState) -> ActionPhaseTask | None:
    top = st.stack[-1] if st.stack else None
    return top if isinstance(top, ActionPhaseTask) else None


def movement_worth(st: BalerState, side: Side) -> float:
    """The two best movements open now, as a movement action would make them."""
    probe = MovementTask(side=side.value, moves_left=2)
    needs = area_needs(st, side)
    worths = sorted((move_worth(st, side, a, needs) for a in probe.options(st)
                     if isinstance(a, Move)), reverse=True)
    return sum(w for w in worths[:2] if w > 0)


def supply_action_worth(st: BalerState, side: Side) -> float:
    if side is Side.SPANISH:
        return supply_worth(st, side, 1) * SPANISH_SUPPLY_ROLL - morale_worth(st, side, -1) / 6
    pos = tcm_position(st)
    average = 1.6 + 0.3 * ((pos or 1) - 2)
    return supply_worth(st, side, 1) * max(1.0, average)


def surveillance_worth(st: BalerState, side: Side, area: str) -> float:
    """A marker where the enemy is strongest (it helps in the shootings to come)."""
    foe = sum(st.data.units[u].combat for u in engaged(st, side.enemy, area, with_artillery=True))
    return 0.25 + 0.05 * foe


def heal_worth(st: BalerState, count: int) -> float:
    patients = len(infirmary.patients(st))
    crowded = 1.0 if patients >= st.beds_open - 1 else 0.0
    return min(count, patients) * (0.9 + 0.5 * crowded)


def repair_worth(st: BalerState, area: str) -> float:
    """A level of wall won back: worth the level the enemy must take again, more where a gun
    can bring the walls down two levels at a time, and most when a second destroyed area
    would end the game."""
    level = st.walls[area]
    worth = (0.0, 2.6, 4.5)[min(level, 2)]
    if artillery_in_area(st, area) is not None:
        worth *= 1.5
    if level == 2 and destroyed_areas(st) >= 1:
        worth += 4.0
    return worth


def action_worth(st: BalerState, side: Side, action: TakeAction) -> float:
    """What one basic or special action is worth now, before its cost."""
    name = action.name
    if name.startswith("attack-"):
        return attack_worth(st, side, name.removeprefix("attack-"), action.area)
    if name == "movement":
        return movement_worth(st, side)
    if name == "surveillance":
        return surveillance_worth(st, side, action.area)
    if name == "supply":
        return supply_action_worth(st, side)
    if name == "repair":
        if side is Side.SPANISH:
            return repair_worth(st, action.area) + supply_worth(st, side, -1)
        return 1.2 + 0.15 * sum(1 for s in st.trenches.values() if s == "operational")
    if name == "expand-infirmary":
        patients = len(infirmary.patients(st))
        return 1.6 if patients >= st.beds_open - 1 else 0.3
    if name == "heal-two":
        return heal_worth(st, 2)
    if name == "heal-one":
        leader = st.data.units[action.target].kind.value == "leader"
        return heal_worth(st, 1) + (0.8 if leader else 0.0)
    if name == "uss-yorktown":
        return 0.6 if tcm_position(st) is not None else 0.0
    if name == "raise-morale":
        return morale_worth(st, side, int(st.data.tables["raise_morale"]))
    if name in ("trench-1", "trench-2"):
        cost = int(st.data.tables["trench"]["supply_cost"])
        return trench_worth(st, cost) + supply_worth(st, side, -cost)
    if name == "persistence":
        return 0.7
    return 0.0


def choose_action(st: BalerState, side: Side, legal: list[Action]) -> Action:
    """The action with the best worth over cost, if it pays; points left at the end of the
    phase are lost, so the bar drops to any positive worth when the points cannot be saved."""
    phase = _phase(st)
    done = next(a for a in legal if isinstance(a, Done))
    if phase is None:
        return done
    best: tuple[float, Action] = (0.05, done)
    for action in legal:
        if not isinstance(action, TakeAction):
            continue
        cost = phase.cost(st, action.name)
        if cost is None:
            continue
        worth = action_worth(st, side, action)
        if worth <= 0:
            continue
        score = worth - 0.25 * cost
        if score > best[0]:
            best = (score, action)
    return best[1]


def leader_acts(st: BalerState, side: Side, leader: str) -> bool:
    """A leader who stays in a command post acts now when his effect pays."""
    return command_worth(st, side, leader, st.loc[leader]) > 0.2
