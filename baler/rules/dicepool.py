"""The dice lying on the table while a decision waits for them: a combat's two pools (rulebook
"Attack", "Combat on the territorial control map") or a single roll the Persistence marker may
change (supply, attrition, an assault on the walls, US Support, a leader's Upkeep die, a
surveillance die). Dice are public, so every viewer sees them;
the board draws them so a player can click the die to modify or reroll."""

from __future__ import annotations

from typing import Any

from baler.rules.artillery import ArtilleryAttack
from baler.rules.combat import AreaCombat
from baler.rules.incursion import Incursion
from baler.rules.modifiers import Pool
from baler.rules.state import BalerState, Side
from baler.rules.tasks import Task
from baler.rules.tcm import TcmCombat, power_name


def _pool(side: str, label: str, pool: Pool | None) -> dict[str, Any] | None:
    if pool is None:
        return None
    return {"side": side, "label": label, "values": list(pool.values),
            "modified": list(pool.modified)}


def _area_combat(task: AreaCombat) -> dict[str, Any]:
    kind = ("artillery" if isinstance(task, ArtilleryAttack)
            else "incursion" if isinstance(task, Incursion) else "shooting")
    att, dfn = task.att_side, task.def_side
    pools = [
        _pool(att.value, f"{att.label} (attacker)", task.att),
        _pool(dfn.value, f"{dfn.label} (defender)", task.dfn),
    ]
    return {
        "kind": kind,
        "title": f"{att.label} {kind} in area {task.area}",
        "area": task.area,
        "attacker": att.value,
        "firepower": [task.fp, task.fp_side or None] if task.uses_firepower else None,
        "pools": [p for p in pools if p is not None],
    }


def _tcm_combat(st: BalerState, task: TcmCombat) -> dict[str, Any]:
    ph = Side.PHILIPPINE
    pools = [_pool(ph.value, "Philippine troops", task.ph)]
    if task.foreign:
        n = len(task.foreign)
        pools.append({"side": "power", "label": power_name(st), "values": list(task.foreign),
                      "modified": [False] * n})
    return {
        "kind": "territorial",
        "title": f"Combat on the territorial control map, space {task.target}",
        "area": "",
        "attacker": ph.value if task.attacker == "philippine" else "power",
        "firepower": None,
        "pools": [p for p in pools if p is not None],
    }


def _single(task: Task, title: str, value: int) -> dict[str, Any]:
    side = getattr(task, "side", "") or Side.PHILIPPINE.value
    return {
        "kind": "roll",
        "title": title,
        "area": getattr(task, "area", ""),
        "attacker": side,
        "firepower": None,
        "pools": [{"side": side, "label": Side(side).label, "values": [value],
                   "modified": [False]}],
    }


def dice_in_play(st: BalerState) -> dict[str, Any] | None:
    """The dice of the procedure in progress nearest the top of the stack, as plain data
    (kind, title, area, attacker, firepower [level, side], pools of {side, label, values,
    modified}); None when no dice are on the table."""
    for task in reversed(st.stack):
        if isinstance(task, AreaCombat) and (task.att is not None or task.dfn is not None):
            return _area_combat(task)
        if isinstance(task, TcmCombat) and (task.ph is not None or task.foreign):
            return _tcm_combat(st, task)
        single = task.single_roll()
        if single is not None:
            return _single(task, *single)
    return None
