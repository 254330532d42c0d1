"""How a position of La Guerra de España stands for a seat's side, as a chance of winning: what
the Normal level's rollouts end on (engine.ai.search).

The game is decided by provinces (35 win at the end of any turn, section 5c) and, after turn
16, by the population factors of the provinces owned, more than 30 apart (section 5d). The lead
counted here is the population difference plus two factors a province, turned into a chance by
a logistic of 15 factors (half the final margin).
"""

from __future__ import annotations

from engine.ai.search import squash, terminal_value
from guerra.rules.provinces import owned
from guerra.rules.state import GuerraState, side_of_seat
from guerra.rules.victory import population_score

SCALE = 15.0
PROVINCE = 2.0


def lead(state: GuerraState, seat: str) -> float:
    side = side_of_seat(seat)
    enemy = side.enemy
    population = population_score(state, side) - population_score(state, enemy)
    provinces = len(owned(state, side)) - len(owned(state, enemy))
    return population + PROVINCE * provinces


def evaluate(state: GuerraState, seat: str) -> float:
    """The chance the seat's side wins from `state`: 1, 0 or ½ once the game is over."""
    if state.outcome is not None:
        return terminal_value(state.outcome, side_of_seat(seat).value)
    return squash(lead(state, seat), SCALE)
