"""The agent protocol and the random agent; agents choose among `legal_actions` like players."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.game import Rules


class Agent(Protocol):
    """Chooses one of the legal actions for the side it plays."""

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action: ...


def without_concessions(legal: list[Action]) -> list[Action]:
    """The legal actions that do not give the game away, or all of them if only concessions are
    left."""
    playing = [a for a in legal if not a.concession]
    return playing or legal


class RandomAgent:
    """Picks uniformly among the legal actions with its own PRNG (never the game's dice); it
    never concedes while anything else is legal."""

    def __init__(self, seed: int = 0, side: str | None = None) -> None:
        self._rng = random.Random(seed)
        self.side = side

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action:
        options = without_concessions(legal)
        return options[self._rng.randrange(len(options))]
