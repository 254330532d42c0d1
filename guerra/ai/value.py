"""How a position of La Guerra de España stands for a seat's side, as a chance of winning: what
the Normal level's rollouts end on (engine.ai.search).

The game is decided by provinces (35 win at the end of any turn, section 5c) and, after turn
16, by the population factors of the provinces owned, more than 30 apart (section 5d). The
chance is a logistic of the population and province leads, the turn, the population lead
weighted by how near turn 16 is, and the lead in land counters on the map, with weights fitted
to who won 200 games of Easy against Easy (`python tools/ai_value_fit.py --game guerra`,
docs/ai.md "Evaluation"). Held out, it ranks positions better than the lead it replaced (the
population lead plus two a province, over a scale of 15), most of all early in the game (AUC
0.73 against 0.54 in the first fifth), where that one did not see the counters at all.
"""

from __future__ import annotations

import math

from engine.ai.search import terminal_value
from guerra.rules.data import Side
from guerra.rules.provinces import owned
from guerra.rules.state import GuerraState, Where, side_of_seat
from guerra.rules.victory import population_score

WEIGHTS = {
    "population": -0.059,
    "provinces": 0.09,
    "turn": 0.289,
    "population_late": 0.213,
    "land": 0.347,
    "bias": -0.409,
}
"""Log-odds of a Nationalist win per unit of each feature (`features`). A population factor
counts for little early and for 0.15 at turn 16 (population weighted by turn / 16); a land
counter more on the map counts 0.35, as much as four provinces."""


def features(state: GuerraState) -> dict[str, float]:
    """What the evaluation reads, from the Nationalist side: the population and province leads,
    the turn, the population lead weighted by how near turn 16 is, and the lead in land
    counters on the map."""
    nat, rep = Side.NATIONALIST, Side.REPUBLICAN
    population = population_score(state, nat) - population_score(state, rep)
    land = 0
    for unit in state.units.values():
        if unit.kind.is_land and unit.where is Where.MAP:
            land += 1 if unit.side is nat else -1
    return {
        "population": float(population),
        "provinces": float(len(owned(state, nat)) - len(owned(state, rep))),
        "turn": float(state.turn),
        "population_late": population * state.turn / 16.0,
        "land": float(land),
    }


def nationalist_logit(state: GuerraState) -> float:
    """The log-odds of a Nationalist win."""
    found = features(state)
    return WEIGHTS["bias"] + sum(WEIGHTS[k] * v for k, v in found.items())


def evaluate(state: GuerraState, seat: str) -> float:
    """The chance the seat's side wins from `state`: 1, 0 or ½ once the game is over."""
    side = side_of_seat(seat)
    if state.outcome is not None:
        return terminal_value(state.outcome, side.value)
    chance = 1.0 / (1.0 + math.exp(-nationalist_logit(state)))
    return chance if side is Side.NATIONALIST else 1.0 - chance
