"""How a position of Heroes of Baler stands for a side, as a chance of winning: what the
Normal level's rollouts end on (engine.ai.search).

The game is won on victory points (rulebook "Objective"). The chance is a logistic of the
victory point lead, the worth of the tracks (baler.ai.judge's worth of each track point) and of
the lowered church walls, and the turn, with weights fitted to who won 250 games of Easy
against Easy (`python tools/ai_value_fit.py`, docs/ai.md "Evaluation"). Held out, it ranks the
positions of other games better than the hand-set lead it replaced (AUC 0.83 against 0.73 over
the whole game) and is calibrated where that one said 84 % for a side that won 46 %.
"""

from __future__ import annotations

import math

from baler.ai.judge import (
    PHILIPPINE_MORALE,
    PHILIPPINE_SUPPLY,
    SPANISH_MORALE,
    SPANISH_SUPPLY,
    track_worth,
)
from baler.rules.state import DESTROYED, BalerState, Side
from engine.ai.search import terminal_value

WEIGHTS = {
    "vp": 0.362,
    "spanish_supply": 0.174,
    "spanish_morale": 0.141,
    "philippine_supply": -0.304,
    "philippine_morale": 0.0,
    "walls": -0.173,
    "turn": 0.408,
    "bias": -2.256,
}
"""Log-odds of a Spanish win per unit of each feature (`features`). Philippine Morale is left
out: its fitted weight was small and of the wrong sign (+0.15 for Spain) and dropping it
changed nothing held out."""

TRACKS = {
    Side.SPANISH: (SPANISH_SUPPLY, SPANISH_MORALE),
    Side.PHILIPPINE: (PHILIPPINE_SUPPLY, PHILIPPINE_MORALE),
}


def track_value(level: int, table: tuple[float, ...]) -> float:
    """The worth of a 0-6 track at `level`: its points counted from 0 up."""
    return sum(track_worth(k, table) for k in range(level))


def wall_value(st: BalerState) -> float:
    """The Philippine gain from lowered church walls: a level is a point, Destroyed more."""
    worth = 0.0
    for level in st.walls.values():
        worth += level + (2.5 if level >= DESTROYED else 0.0)
    return worth


def features(st: BalerState) -> dict[str, float]:
    """What the evaluation reads, from the Spanish side."""
    es, ph = Side.SPANISH, Side.PHILIPPINE
    return {
        "vp": float(st.vp[es] - st.vp[ph]),
        "spanish_supply": track_value(st.supply[es], SPANISH_SUPPLY),
        "spanish_morale": track_value(st.morale[es], SPANISH_MORALE),
        "philippine_supply": track_value(st.supply[ph], PHILIPPINE_SUPPLY),
        "philippine_morale": track_value(st.morale[ph], PHILIPPINE_MORALE),
        "walls": wall_value(st),
        "turn": float(st.turn),
    }


def spanish_logit(st: BalerState) -> float:
    """The log-odds of a Spanish win."""
    found = features(st)
    return WEIGHTS["bias"] + sum(WEIGHTS[k] * v for k, v in found.items())


def evaluate(st: BalerState, side: str) -> float:
    """The chance `side` wins from `st`: 1 or 0 once the game is over."""
    if st.outcome is not None:
        return terminal_value(st.outcome, side)
    chance = 1.0 / (1.0 + math.exp(-spanish_logit(st)))
    return chance if side == Side.SPANISH.value else 1.0 - chance
