"""Heuristic policies: a game's rules of thumb over a full state, and the Easy level that plays
them over a sampled state.

A policy reads a whole state, so it is only ever given one drawn by an observation's sampler
(Easy, below) or reached inside a search's rollout from such a sample (engine.ai.search): it
never sees the real game's hidden parts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from engine.ai.observation import Observation
from engine.core.actions import Action
from engine.core.game import Rules


class Policy(Protocol):
    """A game's heuristic player for one side; `reseed` restarts its tie-breaking PRNG.

    A policy may also offer `rank(rules, state, legal) -> list[Action]`: the legal answers best
    first, `choose`'s answer leading, as far as its scoring tells them apart (the search widens
    its tree in that order; `ranking` falls back on the answer alone when it has none)."""

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action: ...

    def reseed(self, seed: int) -> None: ...


PolicyFactory = Callable[[str, int], Policy]
"""Builds a policy for a side (the game's side or seat name) with a seed."""


def policy_choice(policy: Policy, rules: Rules[Any], state: Any,
                  legal: list[Action]) -> Action:
    """The policy's answer, kept to `legal` (the sampled state's own list is not consulted)."""
    action = policy.choose(rules, state, legal)
    # most policies hand back one of the listed objects: found by identity first, which spares
    # comparing it field by field with every answer listed before it
    if not any(a is action for a in legal) and action not in legal:
        raise ValueError(f"the heuristics answered {action.describe()}, which is not legal")
    return action


def ranking(policy: Policy, rules: Rules[Any], state: Any, legal: list[Action],
            rng: random.Random) -> list[Action]:
    """`legal` best first for the search: the policy's own `rank` where it has one, else its
    answer first and the others in a random order (drawn with `rng`). Whatever the policy
    ranks, every legal answer appears once, and only those."""
    own = getattr(policy, "rank", None)
    if own is not None:
        ordered: list[Action] = []
        seen: set[Action] = set()
        allowed = set(legal)
        for action in own(rules, state, legal):
            if action in allowed and action not in seen:
                seen.add(action)
                ordered.append(action)
        rest = [a for a in legal if a not in seen]
    else:
        first = policy_choice(policy, rules, state, legal)
        ordered = [first]
        rest = [a for a in legal if a != first]
    rng.shuffle(rest)
    return ordered + rest


def reason_of(policy: Policy, action: Action, kind: str) -> str:
    """The policy's own one-line reason if it gives one, else what was answered to what."""
    own = getattr(policy, "last_reason", "")
    if isinstance(own, str) and own:
        return own
    return f"{action.describe()}: the heuristics' best answer to {kind}"


class Easy:
    """The Easy level: the game's heuristics over one state drawn from the observation."""

    def __init__(self, policy: PolicyFactory, side: str, seed: int) -> None:
        self.policy = policy(side, seed)
        self.rng = random.Random(seed)
        self.last_reason = ""
        self.last_detail = ""
        self.last_values: tuple[Any, ...] = ()

    def decide(self, observation: Observation) -> Action:
        state = observation.sample(self.rng)
        action = policy_choice(self.policy, observation.rules, state, list(observation.legal))
        self.last_reason = reason_of(self.policy, action, observation.kind)
        return action
