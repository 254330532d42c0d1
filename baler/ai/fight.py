"""The computer opponent in combat: which areas to shoot, which die to modify and with what,
what to sabotage, who takes a wound, and the Persistence marker on single rolls (rulebook
"Shooting", "Incursion", "Artillery", "Combat modifiers", "Persistence")."""

from __future__ import annotations

from typing import Any

from baler.ai.judge import (
    actions_done,
    artillery_worth,
    game_ends_this_upkeep,
    incursion_worth,
    shooting_worth,
    unit_worth,
)
from baler.rules.actions import Choose, Done, ModifyDie
from baler.rules.dicepool import dice_in_play
from baler.rules.incursion import Incursion
from baler.rules.reactions import idle_modification, successes_count
from baler.rules.state import BalerState, Kind, Side
from engine.core.actions import Action

MODIFIER_COST = {"card": 0.0, "leader": 0.0, "command": 0.25, "persistence": 0.45}
"""What spending each modifier costs beyond the die (morale is priced by its track)."""


def face_worth(kind: str, side: str, attacker: str, face: int, successes: bool = True) -> float:
    """What one die showing `face` is worth to its owner in this kind of combat (`successes`
    False: an incursion where a success changes nothing, baler.rules.reactions
    `successes_count`)."""
    attacking = side == attacker
    if kind == "shooting":
        return {6: 1.4, 5: 0.6}.get(face, 0.0)
    if kind == "incursion":
        worth = 1.0 if face >= 5 and successes else 0.0
        if face == 1:
            # every 1 wounds an attacker: bad for the attacker, good for the defender
            worth += -0.5 if attacking else 0.5
        return worth
    if kind == "artillery":
        worth = 1.0 if face >= 4 else 0.0
        return worth + (0.4 if attacking and face == 6 else 0.0)
    return 1.0 if face >= 5 and successes else 0.0


def _gain(kind: str, side: str, attacker: str, face: int, how: str,
          successes: bool = True) -> float:
    now = face_worth(kind, side, attacker, face, successes)
    if how == "plus1":
        return face_worth(kind, side, attacker, min(6, face + 1), successes) - now
    return sum(face_worth(kind, side, attacker, f, successes) for f in range(1, 7)) / 6 - now


def successes_matter(st: BalerState, side: Side) -> bool:
    """Whether a success more can change the combat open now: in an incursion, not when the
    attacker has nothing to sabotage, nor for a defender who already cancels every attacker
    success (net successes, rulebook "Incursion / 5. Target announcement")."""
    task = st.stack[-1] if st.stack else None
    if not isinstance(task, Incursion):
        return True
    return successes_count(st, task, side)


def territorial_success_matters(st: BalerState, table: dict[str, Any], side: Side) -> bool:
    """In a combat on the territorial control map only who has more successes counts, not by
    how many (rulebook "Combat on the territorial control map"). Once the other side's dice
    are known, a success more is worth a modifier only when it can still turn the outcome: a
    tie into a win, or a deficit that the dice one pip short of a success could still close
    (one success short always counts). A defence already winning, or losing by more than those
    dice can make up, spends nothing on the dice. A success is a face of the scenario's
    `tcm_combat_success`, as the rules count it."""
    own = next((p for p in table["pools"] if p["side"] == side.value), None)
    other = next((p for p in table["pools"] if p["side"] != side.value), None)
    if own is None or other is None or not other["values"]:
        return True  # the other side has not rolled yet
    faces = st.data.tables["tcm_combat_success"]
    mine = sum(1 for v in own["values"] if v in faces)
    theirs = sum(1 for v in other["values"] if v in faces)
    short = theirs - mine
    if short < 0:
        return False
    near = sum(1 for v in own["values"] if v not in faces and v + 1 in faces)
    return short == 0 or short <= max(1, near)


def defence_useful(st: BalerState, table: dict[str, object], side: Side) -> bool:
    """As incursion defender, only a success that cancels an attacker success is worth a
    modifier: once the defence already cancels them all, or the attacker has none or nothing
    to sabotage, a better defence die is worth nothing, and raising a 1 loses the wound it
    inflicts."""
    if table["kind"] != "incursion" or table["attacker"] == side.value:
        return True
    return successes_matter(st, side)


LAST_MORALE_COST = 0.15
"""A level of morale spent on a die once no combat but this one and the Upkeep's is left
before the game ends: it can only break a tie of victory points then."""


def morale_price(st: BalerState, side: Side) -> float:
    """What a level of morale spent on a die costs: dearer as the track runs low, and little
    once the game ends at this turn's Upkeep and no phase but the Upkeep is left to spend it
    in, when a success is worth its victory points and morale only breaks a tie."""
    if actions_done(st) and game_ends_this_upkeep(st):
        return LAST_MORALE_COST
    return 0.5 if st.morale[side] >= 4 else 0.9 if st.morale[side] >= 2 else 1.6


def modify_dice(st: BalerState, side: Side, legal: list[Action]) -> Action:
    """The modification that gains most over its cost, or Done when none pays (nothing pays
    for an incursion defender who already cancels every attacker success)."""
    table = dice_in_play(st)
    pool = None
    if table is not None:
        pool = next((p for p in table["pools"] if p["side"] == side.value), None)
    if table is None or pool is None or not defence_useful(st, table, side):
        return next(a for a in legal if isinstance(a, Done))
    best: tuple[float, Action] = (0.08, Done())
    morale_cost = morale_price(st, side)
    successes = successes_matter(st, side)
    if table["kind"] == "territorial":
        successes = territorial_success_matters(st, table, side)
    for action in legal:
        if not isinstance(action, ModifyDie) or idle_modification(st, action) is not None:
            continue
        face = pool["values"][action.index]
        gain = _gain(table["kind"], side.value, table["attacker"], face, action.how, successes)
        cost = morale_cost if action.source == "morale" else MODIFIER_COST.get(action.source, 0.3)
        if gain - cost > best[0]:
            best = (gain - cost, action)
    return best[1]


def single_roll(st: BalerState, legal: list[Action]) -> Action:
    """Persistence on a supply, attrition or assault roll: reroll a 1 or 2, else keep it."""
    table = dice_in_play(st)
    value = table["pools"][0]["values"][0] if table is not None else 6
    if value <= 2:
        for action in legal:
            if isinstance(action, ModifyDie) and action.how == "reroll":
                return action
    return next(a for a in legal if isinstance(a, Done))


def shooting_area(st: BalerState, side: Side, legal: list[Action]) -> Action:
    """Of the areas still free, the one where shooting pays best (the shootings are
    mandatory, so the least bad when none pays)."""
    return max(legal, key=lambda a: shooting_worth(st, side, a.target)
               if isinstance(a, Choose) else -99.0)


def incursion_target(st: BalerState, legal: list[Action]) -> Action:
    """An artillery piece (a VP and the gun gone) before a trench section."""
    for action in legal:
        if isinstance(action, Choose) and action.target in st.data.artillery_posts.values():
            return action
    return legal[0]


def wounded_attacker(st: BalerState, legal: list[Action]) -> Action:
    """The attacker worth least takes the wound."""
    return min(legal, key=lambda a: unit_worth(st, a.target) if isinstance(a, Choose) else 99.0)


def tcm_loss(st: BalerState, legal: list[Action]) -> Action:
    """A soldier before a leader, the weakest first."""
    def worth(action: Action) -> float:
        if not isinstance(action, Choose):
            return 99.0
        info = st.data.units[action.target]
        return info.combat + (3.0 if info.kind is Kind.LEADER else 0.0)

    return min(legal, key=worth)


def attack_worth(st: BalerState, side: Side, kind: str, area: str, extra: int = 0,
                 bonus: int = 0, rerolls: int = 0) -> float:
    """An attack of `kind` in `area` with an event's modifiers (see baler.ai.judge)."""
    if kind == "shooting":
        return shooting_worth(st, side, area, extra, bonus, rerolls)
    if kind == "incursion":
        return incursion_worth(st, side, area, extra, bonus, rerolls)
    return artillery_worth(st, area, extra, rerolls)
