"""How a position of Heroes of Baler stands for a side, as a chance of winning: what the
Normal level's rollouts end on (engine.ai.search).

The game is won on victory points (rulebook "Objective"): the lead in points, plus what the
tracks and walls will be worth (baler.ai.judge's worth of track points and wall levels, in
victory points), turned into a chance by a logistic of 5 points (a third of the 15-point lead
that ends the game at once).
"""

from __future__ import annotations

from baler.ai.judge import (
    PHILIPPINE_MORALE,
    PHILIPPINE_SUPPLY,
    SPANISH_MORALE,
    SPANISH_SUPPLY,
    track_worth,
)
from baler.rules.state import DESTROYED, BalerState, Side
from engine.ai.search import squash, terminal_value

SCALE = 5.0

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


def lead(st: BalerState, side: Side) -> float:
    """The side's lead in victory points and their equivalents."""
    enemy = side.enemy
    points = float(st.vp[side] - st.vp[enemy])
    for s, sign in ((side, 1.0), (enemy, -1.0)):
        supply, morale = TRACKS[s]
        points += sign * (track_value(st.supply[s], supply) + track_value(st.morale[s], morale))
    walls = wall_value(st)
    return points + (walls if side is Side.PHILIPPINE else -walls)


def evaluate(st: BalerState, side: str) -> float:
    """The chance `side` wins from `st`: 1 or 0 once the game is over."""
    if st.outcome is not None:
        return terminal_value(st.outcome, side)
    return squash(lead(st, Side(side)), SCALE)
