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

from collections.abc import Callable

from baler.ai.judge import (
    PHILIPPINE_MORALE,
    PHILIPPINE_SUPPLY,
    SPANISH_MORALE,
    SPANISH_SUPPLY,
    track_worth,
)
from baler.rules.infirmary import patients
from baler.rules.state import DESTROYED, ELIMINATED_BY, BalerState, Side
from engine.ai.search import fitted_chance, terminal_value

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


def evaluate(st: BalerState, side: str) -> float:
    """The chance `side` wins from `st`: 1 or 0 once the game is over."""
    return side_chance(st, side, features, WEIGHTS)


def side_chance(st: BalerState, side: str, read: Callable[[BalerState], dict[str, float]],
                weights: dict[str, float]) -> float:
    """The chance `side` wins from `st` by the Spanish log-odds `weights` of the features
    `read` finds: 1 or 0 once the game is over."""
    if st.outcome is not None:
        return terminal_value(st.outcome, side)
    chance = fitted_chance(read(st), weights)
    return chance if side == Side.SPANISH.value else 1.0 - chance


RICH_WEIGHTS: dict[str, float] = {
    "vp": 0.501,
    "spanish_supply": 0.229,
    "spanish_morale": 0.257,
    "philippine_supply": -0.109,
    "philippine_morale": 0.0,
    "walls": -0.123,
    "turn": 0.425,
    "spanish_lost": -0.222,
    "philippine_lost": 0.268,
    "patients": -0.158,
    "trenches": 0.014,
    "spanish_hand": 0.022,
    "philippine_hand": -0.121,
    "spanish_firepower": 0.08,
    "philippine_firepower": -0.151,
    "bias": -4.524,
}
"""Log-odds of a Spanish win per unit of each of `rich_features`, fitted as `WEIGHTS` were to
400 games of Easy against Easy (`python tools/ai_value_fit.py --game baler-rich --games 400
--seed 2000`; Philippine Morale left out again); held out, log loss 0.518 against 0.554 and
AUC 0.807 against 0.795 for the evaluation in use. A trial, not the evaluation in use."""


def rich_features(st: BalerState) -> dict[str, float]:
    """`features` and what else a position shows of the siege: the units each side lost, the
    Spanish patients, the working trenches, the cards in each hand, the fire each side has
    the upper hand with."""
    es, ph = Side.SPANISH, Side.PHILIPPINE
    fire = {es: 0, ph: 0}
    for area, level in st.firepower.items():
        favoured = st.firepower_side.get(area)
        if favoured is not None:
            fire[favoured] += level
    return {
        **features(st),
        "spanish_lost": float(len(st.at.get(ELIMINATED_BY[es], ()))),
        "philippine_lost": float(len(st.at.get(ELIMINATED_BY[ph], ()))),
        "patients": float(len(patients(st))),
        "trenches": float(sum(1 for v in st.trenches.values() if v == "operational")),
        "spanish_hand": float(len(st.hands.get(es, ()))),
        "philippine_hand": float(len(st.hands.get(ph, ()))),
        "spanish_firepower": float(fire[es]),
        "philippine_firepower": float(fire[ph]),
    }


def rich_evaluate(st: BalerState, side: str) -> float:
    """As `evaluate`, on `rich_features` with `RICH_WEIGHTS` (a trial: `--evaluate
    baler.ai.value:rich_evaluate`)."""
    return side_chance(st, side, rich_features, RICH_WEIGHTS)
