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
from engine.ai.search import Budget, Settings, seat
from engine.core.actions import Action
from engine.core.hexgrid import Hex
from guerra.ai.deploy import (
    choose_africa,
    choose_conversion,
    choose_placement,
    choose_readaptation,
)
from guerra.ai.fields import FieldCache, Fields
from guerra.ai.fights import choose_combat
from guerra.ai.moves import _priority, _score, _strait_needed, choose_movement
from guerra.ai.value import evaluate
from guerra.rules.actions import MoveTo, Select, SetOptions
from guerra.rules.data import Kind
from guerra.rules.state import GuerraState, Phase, side_of_seat

OPTIONS = SetOptions("advanced", 1, 1, True)
"""What the computer picks when it sits in the Nationalist seat at the start: the full game
(section 4) for two players, a tie ending the game (section 5d)."""

__all__ = ["GuerraAgent", "easy", "hard", "normal"]


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

    def rank(self, rules: Any, state: GuerraState, legal: list[Action]) -> list[Action]:
        """The legal answers best first for the search (engine.ai.policy): this policy's answer,
        then, in the movement phase, the other counters by the order they would move in and
        the selected counter's other hexes by their score; otherwise the answer alone (the
        search orders the rest at random)."""
        first = self.choose(rules, state, legal)
        seat = state.decision.player
        if state.phase is not Phase.MOVEMENT or seat is None:
            return [first]
        fields = self._fields.fields(state, side_of_seat(seat))
        rest = [a for a in without_concessions(legal) if a != first]
        rest.sort(key=lambda a: movement_worth(state, a, fields), reverse=True)
        return [first, *rest]


def movement_worth(state: GuerraState, action: Action, fields: Fields) -> float:
    """What the movement step `action` is worth as `choose_movement` weighs it, for the search's
    ranking (`GuerraAgent.rank`): a selection by its counter's order of moving, a hex for the
    selected land counter by its score (staying scored where it stands), the end of the
    movement below every counter that would move."""
    if state.selected is not None:
        unit = state.units[state.selected]
        if unit.kind not in (Kind.ARMY, Kind.GARRISON) or unit.hex is None:
            return 0.0
        if isinstance(action, MoveTo):
            h = Hex(action.q, action.r)
            return _score(state, unit, h, state.reach.get(h), fields)
        return _score(state, unit, unit.hex, None, fields)
    if isinstance(action, Select):
        unit = state.units[action.unit]
        side = side_of_seat(state.player)
        priority = _priority(state, unit, side, fields, _strait_needed(state, side))
        return -1e9 if priority is None else priority
    return -1e8


SETTINGS = Settings(horizon=16)
POLICY = GuerraAgent
"""The heuristics the search plays its rollouts with (engine.speed reads it by name)."""

"""The search plays 16 actions on beyond a new node (a stretch of moves or the combats of a
half-turn); Guerra's actions are the dearest of the three games to play out."""


def easy(side: str, seed: int) -> Seat:
    """The Easy level: the heuristics over the seat's observation."""
    return Seat(Easy(GuerraAgent, side, seed), side)


def normal(side: str, seed: int, budget: Budget | None = None) -> Seat:
    """The Normal level: the tree search over the heuristics, 2 s a decision on both cores."""
    return seat("normal", GuerraAgent, evaluate, side, seed, budget, SETTINGS)


def hard(side: str, seed: int, budget: Budget | None = None) -> Seat:
    """The Hard level: the same search, 8 s a decision on both cores."""
    return seat("hard", GuerraAgent, evaluate, side, seed, budget, SETTINGS)
