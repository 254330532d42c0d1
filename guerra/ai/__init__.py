"""The computer opponent of La Guerra de España: `GuerraAgent` plays any seat of either side.

It chooses only among the legal actions, greedily, one decision at a time, with a heuristic
over the rules' state and queries: the pull of the provinces it does not own, the capitals it
can take or must hold, the odds of each combat (`odds`). Movements are in `moves`, combats in
`fights`, placements, conversions and the air force in `deploy`. It never surrenders (section
5a); its own seeded random only breaks ties between equal choices.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.agent import Seat, without_concessions
from engine.ai.policy import Easy
from engine.ai.search import Budget, Normal, Settings
from engine.core.actions import Action
from guerra.ai.deploy import (
    choose_africa,
    choose_conversion,
    choose_placement,
    choose_readaptation,
)
from guerra.ai.fields import FieldCache
from guerra.ai.fights import choose_combat
from guerra.ai.moves import choose_movement
from guerra.ai.value import evaluate
from guerra.rules.actions import SetOptions
from guerra.rules.state import GuerraState, Phase, side_of_seat

OPTIONS = SetOptions("advanced", 1, 1, True)
"""What the computer picks when it sits in the Nationalist seat at the start: the full game
(section 4) for two players, a tie ending the game (section 5d)."""

__all__ = ["GuerraAgent", "easy", "normal"]


class GuerraAgent:
    """A computer player for one seat (any seat works: it reads the deciding seat)."""

    def __init__(self, side: str | None = None, seed: int = 0) -> None:
        self.side = side
        self._rng = random.Random(seed)
        self._fields = FieldCache()

    def reseed(self, seed: int) -> None:
        self._rng.seed(seed)

    def choose(self, rules: Any, state: GuerraState, legal: list[Action]) -> Action:
        options = without_concessions(legal)
        if len(options) == 1:
            return options[0]
        phase = state.phase
        if phase is Phase.OPTIONS:
            return OPTIONS if OPTIONS in options else options[0]
        if phase is Phase.AFRICA:
            return choose_africa(state, options)
        seat = state.decision.player
        assert seat is not None
        fields = self._fields.fields(state, side_of_seat(seat))
        if phase in (Phase.POPULATION, Phase.FIXED):
            action = choose_placement(state, options, fields)
        elif phase is Phase.CONVERSION:
            action = choose_conversion(state, options, fields)
        elif phase is Phase.MOVEMENT:
            action = choose_movement(state, options, fields)
        elif phase is Phase.COMBAT:
            action = choose_combat(state, options)
        else:
            action = choose_readaptation(state, options, fields)
        return action if action in options else self._rng.choice(options)


SETTINGS = Settings(candidates=4, horizon=16)
"""Normal looks 16 actions ahead (a stretch of moves or the combats of a half-turn) at four
candidate answers; Guerra's actions are the dearest of the three games to play out."""


def easy(side: str, seed: int) -> Seat:
    """The Easy level: the heuristics over the seat's observation."""
    return Seat(Easy(GuerraAgent, side, seed), side)


def normal(side: str, seed: int, budget: Budget | None = None) -> Seat:
    """The Normal level: rollouts of the heuristics from the seat's observation."""
    return Seat(Normal(GuerraAgent, evaluate, side, seed, budget, SETTINGS), side)
