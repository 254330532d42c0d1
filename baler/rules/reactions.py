"""Which answers of a reaction window are worth offering (engine `RulesExtras`): the combat
modifiers (rulebook "Combat modifiers"), the Persistence marker on a single roll (rulebook
"Persistence") and a surveillance marker (rulebook "2. Surveillance").

A modification is usable when the die could end on a face worth more to its side than the face
it shows; it is better than finishing when it also costs nothing (no morale, no Persistence
marker, no leader exhausted by it) and cannot leave the die worse. What a face is worth comes
from the same tables the procedures read, as one number per effect (larger is better for the
side): a shooting die kills on a 6 and wounds on a 5; an incursion die succeeds on 5-6 and a 1
wounds an attacker; an artillery die succeeds on 4-6 and an attacking 6 is shrapnel; a
territorial combat die succeeds on 5-6; each single roll is read on its own table (the US
strength and advance dice are worth more the lower they are). Everything
used here is public (dice, morale, leaders, markers), so whether a window is offered reveals
nothing hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from baler.rules.actions import Decide, ModifyDie
from baler.rules.artillery import ArtilleryAttack
from baler.rules.attrition import PhilippineAttrition
from baler.rules.combat import ATT_MOD, DEF_MOD, SURV_ATT, SURV_DEF, AreaCombat, Shooting
from baler.rules.effects import WallAssault
from baler.rules.incursion import Incursion, spanish_targets
from baler.rules.leaders import UsSupportRoll
from baler.rules.modifiers import Pool
from baler.rules.queries import tcm_modifier, walls_destroyed
from baler.rules.state import BalerState, Side
from baler.rules.supply import SupplyRoll, clamp_die
from baler.rules.tasks import Task
from baler.rules.tcm import STRENGTH_DIE, TcmCombat, UsAdvance
from baler.rules.upkeep import LeaderUpkeep, UpkeepTask
from engine.core.actions import Action

Worth = Callable[[int], tuple[int, ...]]
"""What a die face is worth to the side that may change it: one number per effect."""

FACES = range(1, 7)
LEADER_RESULTS = ("disabled", "detachment", "stay")
"""The Leaders step's results, worst first (rulebook "Leaders": a 6 keeps the leader ready)."""


def _pool(task: Task) -> Pool | None:
    """The dice a modify-dice window lets its side change."""
    if isinstance(task, AreaCombat):
        return task.att if task.step == ATT_MOD else task.dfn if task.step == DEF_MOD else None
    if isinstance(task, TcmCombat):
        return task.ph
    return None


def _combat_worth(st: BalerState, task: Task, side: Side) -> Worth | None:
    tables = st.data.tables
    if isinstance(task, Shooting):
        kill, injury = tables["shooting"]["kill"], tables["shooting"]["injury"]
        return lambda f: (2 if f in kill else 1 if f in injury else 0,)
    if isinstance(task, Incursion):
        success, wound = tables["incursion"]["success"], tables["incursion"]["attacker_injury"]
        if not successes_count(st, task, side):
            success = ()
        if side is task.att_side:
            return lambda f: (int(f in success), int(f not in wound))
        return lambda f: (int(f in success), int(f in wound))
    if isinstance(task, ArtilleryAttack):
        success, shrapnel = (tables["artillery_attack"]["success"],
                             tables["artillery_attack"]["shrapnel"])
        if side is task.att_side:
            return lambda f: (int(f in success), int(f in shrapnel))
        return lambda f: (int(f in success),)
    if isinstance(task, TcmCombat):
        success = tables["tcm_combat_success"]
        return lambda f: (int(f in success),)
    return None


def successes_count(st: BalerState, task: Incursion, side: Side) -> bool:
    """Whether one more success for `side` can change what an incursion does. Never when the
    attacker has nothing to sabotage in the area (a Spanish incursion without an operational
    trench section or a reachable artillery piece, a Philippine one against walls already
    destroyed); for the defender, only while its successes are fewer than the attacker's
    (net successes: rulebook "Incursion / 5. Target announcement")."""
    if task.att_side is Side.SPANISH:
        if not spanish_targets(st, task.area):
            return False
    elif walls_destroyed(st, task.area):
        return False
    if side is task.att_side or task.att is None or task.dfn is None:
        return True
    success = st.data.tables["incursion"]["success"]
    return task.dfn.count(success) < task.att.count(success)


def _single_roll_worth(st: BalerState, task: Task) -> Worth | None:
    """What each face of the one die a Persistence window shows is worth."""
    tables = st.data.tables
    if isinstance(task, AreaCombat) and task.surv_waiting:
        bonus = tables["surveillance"]["bonus_by_roll"]
        return lambda f: (int(bonus[f - 1]),)
    if isinstance(task, SupplyRoll):
        gains = tables["philippine_supply_action"]
        shift = tcm_modifier(st)
        return lambda f: (int(gains[clamp_die(f + shift) - 1]),)
    if isinstance(task, PhilippineAttrition):
        losses = tables["philippine_attrition"]["supply_loss_by_roll"]
        shift = tcm_modifier(st)
        return lambda f: (-int(losses[clamp_die(f + shift) - 1]),)
    if isinstance(task, UsSupportRoll):
        success = tables["us_support"]["success_from_turn_4"]
        return lambda f: (int(f in success),)
    if isinstance(task, LeaderUpkeep):
        results = tables["leader_upkeep_by_roll"]
        return lambda f: (LEADER_RESULTS.index(results[f - 1]),)
    if isinstance(task, UsAdvance):
        foreign = tables["foreign_power"]
        read = foreign["us_strength_by_roll" if task.step == STRENGTH_DIE else "us_steps_by_roll"]
        return lambda f: (-int(read[f - 1]),)
    if isinstance(task, WallAssault) and task.table is not None:
        levels = task.table
        return lambda f: (int(levels[f - 1]),)
    return None


def _gains(worth: Worth, before: int, after: int) -> bool:
    return any(a > b for a, b in zip(worth(after), worth(before), strict=True))


def _never_worse(worth: Worth, before: int, after: int) -> bool:
    return all(a >= b for a, b in zip(worth(after), worth(before), strict=True))


def _usable(worth: Worth | None, face: int, how: str) -> bool:
    if worth is None:
        return True
    if how == "plus1":
        return _gains(worth, face, face + 1)
    return any(_gains(worth, face, f) for f in FACES)


def _better(worth: Worth | None, face: int, how: str) -> bool:
    if worth is None:
        return False
    if how == "plus1":
        return _gains(worth, face, face + 1) and _never_worse(worth, face, face + 1)
    return _usable(worth, face, how) and all(_never_worse(worth, face, f) for f in FACES)


def _free(pool: Pool | None, source: str) -> bool:
    """A modifier that costs the side nothing more: a leader on the map, the event's own
    rerolls, a command post leader already exhausted for this combat."""
    if source in ("leader", "card"):
        return True
    return source == "command" and pool is not None and pool.command_left > 0


def _worth_and_faces(st: BalerState) -> tuple[Pool | None, Worth | None, Sequence[int]]:
    """The pool a modify-dice or Persistence window lets its side change (None for a single
    roll), what each face is worth to that side, and the faces showing."""
    task = st.stack[-1]
    side = Side(str(st.decision.player))
    pool = _pool(task)
    if pool is not None:
        return pool, _combat_worth(st, task, side), pool.values
    roll = task.single_roll()
    if roll is None:
        return None, None, []
    return None, _single_roll_worth(st, task), [roll[1]]


def idle_modification(st: BalerState, action: ModifyDie) -> str | None:
    """Why modifying a die would change nothing: every face it may end on is worth what the
    face it shows is worth (a success where successes do nothing, a 3 raised to a 4 in a
    shooting)."""
    _, worth, faces = _worth_and_faces(st)
    if worth is None or action.index >= len(faces):
        return None
    face = faces[action.index]
    after = [min(6, face + 1)] if action.how == "plus1" else list(FACES)
    if any(worth(f) != worth(face) for f in after):
        return None
    if action.how == "plus1":
        return (f"a {face} raised to {min(6, face + 1)} counts the same here (rulebook "
                "\"Combat modifiers\")")
    return "whatever the die shows, it counts the same here (rulebook \"Combat modifiers\")"


def _modifications(st: BalerState, better: bool) -> list[Action]:
    task = st.stack[-1]
    pool, worth, faces = _worth_and_faces(st)
    if not faces:
        return []
    found: list[Action] = []
    for action in task.legal(st):
        if not isinstance(action, ModifyDie):
            continue
        face = faces[action.index]
        if better:
            if _free(pool, action.source) and _better(worth, face, action.how):
                found.append(action)
        elif _usable(worth, face, action.how):
            found.append(action)
    return found


def surveillance_usable(st: BalerState, task: AreaCombat) -> bool:
    """A marker's bonus counts unless its side already holds the greatest firepower advantage
    and the other side cannot take any of it away (it has no marker in the area, or has
    already left it unused) (rulebook "2. Surveillance")."""
    side = task.att_side if task.step == SURV_ATT else task.def_side
    cap = int(st.data.tables["max_firepower"])
    if task.fp_side != side.value or task.fp < cap:
        return True
    other = side.enemy
    if task.step == SURV_ATT:
        return task.area in st.surveillance[other]
    return other.value in task.surv_yes


def usable_reactions(st: BalerState) -> list[Action]:
    """The answers of the reaction window open now that can change its result for the side."""
    if st.outcome is not None or not st.stack:
        return []
    kind, task = st.decision.kind, st.stack[-1]
    if kind == "surveillance" and isinstance(task, AreaCombat) \
            and task.step in (SURV_ATT, SURV_DEF):
        return [Decide(True)] if surveillance_usable(st, task) else []
    if kind in ("modify-dice", "persistence"):
        return _modifications(st, better=False)
    return []


def better_reactions(st: BalerState) -> list[Action]:
    """The usable answers that cost nothing and cannot leave a die worse; activating a
    surveillance marker never is one (the marker goes back to the reserve)."""
    if st.outcome is None and st.stack and st.decision.kind == "modify-dice":
        return _modifications(st, better=True)
    return []


def forced_answer(st: BalerState) -> Action | None:
    """Keeping an enemy Fog of War card costs morale: a side without it must give the card away
    (rulebook "Fog of War"), which everyone can see on the morale track."""
    if st.outcome is None and st.stack and st.decision.kind == "fow-keep":
        task = st.stack[-1]
        if isinstance(task, UpkeepTask) and task.legal(st) == [Decide(False)]:
            return Decide(False)
    return None
