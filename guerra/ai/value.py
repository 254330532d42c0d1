"""How a position of La Guerra de España stands for a seat's side, as a chance of winning: what
the Normal level's rollouts end on (engine.ai.search).

The game is decided by provinces (35 win at the end of any turn, section 5c) and, after turn
16, by the population factors of the provinces owned, more than 30 apart (section 5d). The lead
counted here is the population difference plus two factors a province, turned into a chance by
a logistic of 15 factors (half the final margin).

A logistic fitted to who won 200 games of Easy against Easy (`features`, `python
tools/ai_value_fit.py --game guerra`) predicts the winner far better, early above all, but
Normal played worse with it in the games tried (docs/ai.md, "Evaluation"), so it is not used.
"""

from __future__ import annotations

from engine.ai.search import squash, terminal_value
from guerra.rules.data import Side
from guerra.rules.provinces import owned
from guerra.rules.state import GuerraState, Where, side_of_seat
from guerra.rules.victory import population_score

SCALE = 15.0
PROVINCE = 2.0


def lead(state: GuerraState, seat: str) -> float:
    """The population lead of the seat's side plus two factors a province of lead."""
    side = side_of_seat(seat)
    enemy = side.enemy
    population = population_score(state, side) - population_score(state, enemy)
    provinces = len(owned(state, side)) - len(owned(state, enemy))
    return population + PROVINCE * provinces


def features(state: GuerraState) -> dict[str, float]:
    """What a fit of the evaluation reads (tools/ai_value_fit.py --game guerra), from the
    Nationalist side: the population and province leads, the turn, the population lead
    weighted by how near turn 16 is, and the lead in land counters on the map."""
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


def evaluate(state: GuerraState, seat: str) -> float:
    """The chance the seat's side wins from `state`: 1, 0 or ½ once the game is over."""
    if state.outcome is not None:
        return terminal_value(state.outcome, side_of_seat(seat).value)
    return squash(lead(state, seat), SCALE)
