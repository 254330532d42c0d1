"""The agent protocol and the random agent; agents choose among `legal_actions` like players."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.game import Rules


class Agent(Protocol):
    """Chooses one of the legal actions for the side it plays."""

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions with its own PRNG (never the game's dice)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]
