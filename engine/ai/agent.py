"""The agent protocols, the engine adapter that turns a state into an observation, and the
random agent.

Callers (the game screen, `wargames simulate`) ask `agent.choose(rules, state, legal)`. The
levels of play are `Decider`s: they answer `decide(observation)` and never receive the state.
`Seat` stands between the two: it builds the deciding side's `Observation` (engine.ai.
observation) and hands only that to its decider.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from engine.ai.observation import Observation, observe
from engine.core.actions import Action
from engine.core.game import Rules


class Agent(Protocol):
    """Chooses one of the legal actions for the side it plays."""

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action: ...


class Decider(Protocol):
    """A level of play: chooses from an observation and says why in one short plain line
    (`last_reason`, shown in the game log). A level may also keep `last_detail` (the
    statistics behind the choice, "" when there are none) and `last_values` (a search's root
    answers with their visits and mean values, engine.ai.tree.Answer); `Seat` copies both."""

    last_reason: str

    def decide(self, observation: Observation) -> Action: ...


def without_concessions(legal: list[Action]) -> list[Action]:
    """The legal actions that do not give the game away, or all of them if only concessions are
    left."""
    playing = [a for a in legal if not a.concession]
    return playing or legal


NoEffect = Callable[[Any, Action], "str | None"]
"""A game's `no_effect_reason(state, action)` (engine.core.game RulesExtras)."""


def no_effect_query(rules: Rules[Any]) -> NoEffect | None:
    """The game's `no_effect_reason`, None when it has none."""
    query: NoEffect | None = getattr(rules, "no_effect_reason", None)
    return query


def useful_answers(query: NoEffect | None, state: Any, legal: list[Action]) -> list[Action]:
    """The legal answers that change something now by the game's `no_effect_reason` `query`,
    or all of them when none does or there is no query: an answer that changes nothing is
    never chosen while a useful one exists (DESIGN.md §9). The query reads only what the
    deciding side may see, so any state drawn from its observation gives the same list."""
    if query is None:
        return legal
    found = [a for a in legal if query(state, a) is None]
    return found or legal


class Seat:
    """The engine adapter: `choose(rules, state, legal)` for the callers, an observation for
    the decider. A decision with a single answer (concessions aside) is played at once."""

    def __init__(self, decider: Decider, side: str) -> None:
        self.decider = decider
        self.side = side
        self.last_reason = ""
        self.last_detail = ""
        self.last_values: tuple[Any, ...] = ()

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action:
        options = without_concessions(legal)
        if len(options) == 1:
            self.last_reason = f"{options[0].describe()}: the only answer"
            self.last_detail = ""
            self.last_values = ()
            return options[0]
        action = self.decider.decide(observe(rules, state, legal))
        self.last_reason = self.decider.last_reason
        self.last_detail = getattr(self.decider, "last_detail", "")
        self.last_values = tuple(getattr(self.decider, "last_values", ()))
        return action


class RandomAgent:
    """Picks uniformly among the legal actions with its own PRNG (never the game's dice); it
    never concedes while anything else is legal. It reads nothing but the legal answers."""

    def __init__(self, seed: int = 0, side: str | None = None) -> None:
        self._rng = random.Random(seed)
        self.side = side
        self.last_reason = ""
        self.last_detail = ""
        self.last_values: tuple[Any, ...] = ()

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action:
        options = without_concessions(legal)
        action = options[self._rng.randrange(len(options))]
        self.last_reason = f"{action.describe()}: picked at random"
        return action
