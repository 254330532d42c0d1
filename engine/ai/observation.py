"""What a computer opponent is given: its side's observation, never the true state.

An `Observation` holds the side's `view`, the legal answers, the public log and a sampler. The
sampler keeps no reference to the true state: when the observation is built, the state is
determinized once (`rules.determinize`, RulesExtras in engine.core.game), so the copy it keeps
already has every card, bag order and die the side may not see redrawn at random; each
`sample(rng)` redraws them again from that copy. Whatever an agent does with an observation,
the hidden parts of the real game are out of its reach.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.game import Rules
from engine.core.sampling import public_determinize

Determinize = Callable[[Any, str, random.Random], Any]


def determinizer(rules: Rules[Any]) -> Determinize:
    """The game's `determinize`, or `public_determinize` for a game that declares none."""
    found: Determinize | None = getattr(rules, "determinize", None)
    return found if found is not None else public_determinize


class Sampler:
    """Draws full states consistent with one side's view. Built from a state it has already
    determinized, so it holds nothing the side may not know."""

    __slots__ = ("_base", "_determinize", "_side")

    def __init__(self, rules: Rules[Any], state: Any, side: str) -> None:
        self._determinize = determinizer(rules)
        self._side = side
        self._base = self._determinize(state, side, random.Random(0))

    def __call__(self, rng: random.Random) -> Any:
        return self._determinize(self._base, self._side, rng)

    @property
    def base(self) -> Any:
        """The state drawn once from the side's view, every sample is redrawn from."""
        return self._base


@dataclass(frozen=True, slots=True)
class Observation:
    """One decision as the deciding side sees it (issue 11: "it never sees what its side may
    not see")."""

    rules: Rules[Any]
    side: str
    view: Any
    legal: tuple[Action, ...]
    kind: str
    log: tuple[str, ...] = ()
    sampler: Sampler | None = field(default=None, repr=False)
    table: bool = False
    """A choice the people at the table make together before play (engine.core.game.Decision:
    the level of play, the number of players), not a move of the game."""

    def sample(self, rng: random.Random) -> Any:
        """A full state consistent with the view, its hidden parts drawn with `rng`."""
        if self.sampler is None:
            raise ValueError("this observation carries no sampler")
        return self.sampler(rng)


def observe(rules: Rules[Any], state: Any, legal: list[Action],
            log: tuple[str, ...] = ()) -> Observation:
    """The observation of the side deciding now in `state`."""
    side = state.decision.player
    if side is None:
        raise ValueError("nobody decides: the game is over")
    return Observation(
        rules=rules, side=side, view=rules.view(state, side), legal=tuple(legal),
        kind=state.decision.kind, log=log, sampler=Sampler(rules, state, side),
        table=state.decision.table,
    )
