"""The Normal level: determinized rollouts over the legal answers, within a budget.

Each round draws one state consistent with the observation (the hidden cards, bag and deck
orders and the dice to come, redrawn by the game's `determinize`) and plays every candidate
answer from a copy of it: the candidate, then `horizon` more actions by the game's heuristics
for every side, then the game's `evaluate` (the chance the side wins, 1/0 at the end). All the
candidates of a round share the draw and the heuristics' tie-breaks (common random numbers), so
their difference measures the answers, not the luck. The heuristics' own answer is the prior:
another answer replaces it only when its paired advantage beats both a margin and `z` standard
errors. This is perfect-information Monte Carlo with a heuristic rollout policy at the root: the
flat form of OpenSpiel's information-set MCTS, with boardgame.io's MCTS bot's idea of a playout
depth and an objective instead of rollouts to the end.

The search is anytime: it stops when its budget runs out (wall-clock seconds, or a fixed number
of rounds, which makes it deterministic for a seed) and keeps only whole rounds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.agent import without_concessions
from engine.ai.observation import Observation
from engine.ai.policy import Policy, PolicyFactory, policy_choice
from engine.core.actions import Action
from engine.core.game import Result, Rules

Evaluate = Callable[[Any, str], float]
"""(state, side) -> the side's chance of winning, 0-1, counted from the position."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long Normal thinks per real decision: `seconds` of wall clock (play), or a fixed
    number of `rounds` (tests and reproducible tables). With both, whichever ends first."""

    seconds: float | None = 2.0
    rounds: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.rounds is None:
            raise ValueError("a budget needs seconds or rounds")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a budget's seconds must be positive")
        if self.rounds is not None and self.rounds < 1:
            raise ValueError("a budget needs at least one round")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """"2s" (seconds) or "16r" (rounds), as written on a command line."""
        value = text.strip().lower()
        try:
            if value.endswith("s"):
                return cls(seconds=float(value[:-1]))
            if value.endswith("r"):
                return cls(seconds=None, rounds=int(value[:-1]))
        except ValueError:
            pass
        raise ValueError(f"a budget looks like 2s (seconds) or 16r (rounds), not {text!r}")


@dataclass(frozen=True, slots=True)
class Settings:
    """How wide and deep Normal looks; each game tunes its own."""

    candidates: int = 4
    horizon: int = 24
    margin: float = 0.02
    z: float = 2.5
    """How many standard errors an answer's paired advantage must beat to replace the
    heuristics' answer. At 1, three other candidates each passed by chance about one time in
    six where none was better, and Normal did no better than Easy in Baler (11 of 20 at 24
    rounds); at 2.5 it switches in 1-6 % of its decisions instead of 10-15 % and won 54 of 92
    (docs/ai.md, "Strength")."""
    max_rounds: int = 48
    """Rounds are capped under a time budget too: past this, more rounds rarely change a
    choice, and the table of time per decision stays honest about what a decision costs."""


def terminal_value(result: Result, team: str) -> float:
    """1 for a win of `team`, 0 for a loss, ½ for a draw."""
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == team else 0.0


def squash(advantage: float, scale: float) -> float:
    """An advantage in the game's own points as a chance of winning (logistic)."""
    return 1.0 / (1.0 + math.exp(-advantage / scale))


def play_on(rules: Rules[Any], state: Any, policy_of: Callable[[str], Policy],
            limit: int) -> None:
    """Let the heuristics (`policy_of(player)`) play `state` on, at most `limit` actions, until
    the game ends or nobody is to answer."""
    # the heuristics answer from the list of this very state: applied unchecked where the game
    # offers it (engine RulesExtras), which spares building the list a second time
    apply = getattr(rules, "apply_legal", rules.apply)
    for _ in range(limit):
        if rules.result(state) is not None:
            return
        legal = rules.legal_actions(state)
        player = state.decision.player
        if not legal or player is None:
            return
        apply(state, policy_choice(policy_of(player), rules, state, legal))


class Normal:
    """The Normal level for one side."""

    def __init__(self, policy: PolicyFactory, evaluate: Evaluate, side: str, seed: int,
                 budget: Budget | None = None, settings: Settings | None = None) -> None:
        self.factory = policy
        self.evaluate = evaluate
        self.side = side
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.settings = settings or Settings()
        self.own = policy(side, seed)
        self.rollout_policies: dict[str, Policy] = {}
        self.last_reason = ""
        self.times: list[float] = []
        """Seconds spent on each real decision (the table of time per decision)."""
        self.rounds: list[int] = []
        """Whole rounds each real decision had time for."""
        self.switched = 0
        """Real decisions where the search chose another answer than the heuristics'."""
        self.last: tuple[list[Action], list[list[float]]] = ([], [])
        """The last decision's candidates (the heuristics' answer first) and each one's
        rollout values, round by round: what tools/ai_switch_check.py weighs against play to
        the end."""
        self.clock: Callable[[], float] = time.perf_counter

    # --- the decision ----------------------------------------------------------------------

    def decide(self, observation: Observation) -> Action:
        start = self.clock()
        legal = list(observation.legal)
        prior = policy_choice(self.own, observation.rules, observation.sample(self.rng), legal)
        candidates = self._candidates(observation, legal, prior)
        values = self._search(observation, candidates, start)
        action, reason = self._pick(candidates, values)
        self.last = (candidates, values)
        self.rounds.append(len(values[0]))
        self.switched += action != candidates[0]
        self.last_reason = reason
        self.times.append(self.clock() - start)
        return action

    def _candidates(self, observation: Observation, legal: list[Action],
                    prior: Action) -> list[Action]:
        """The prior, what the heuristics answer over two other draws, then other legal answers
        at random, up to `settings.candidates`."""
        options = without_concessions(legal)
        wanted = min(self.settings.candidates, len(options))
        found = [prior]
        for _ in range(2):
            if len(found) >= wanted:
                break
            self.own.reseed(self.rng.getrandbits(62))
            other = policy_choice(self.own, observation.rules, observation.sample(self.rng),
                                  legal)
            if other not in found:
                found.append(other)
        rest = [a for a in options if a not in found]
        self.rng.shuffle(rest)
        return found + rest[: wanted - len(found)]

    def _search(self, observation: Observation, candidates: list[Action],
                start: float) -> list[list[float]]:
        values: list[list[float]] = [[] for _ in candidates]
        if len(candidates) == 1:
            return values
        seconds, rounds = self.budget.seconds, self.budget.rounds
        limit = rounds if rounds is not None else self.settings.max_rounds
        deadline = start + seconds if seconds is not None else None
        longest = 0.0
        for _ in range(limit):
            began = self.clock()
            seed = self.rng.getrandbits(62)
            row: list[float] = []
            for action in candidates:
                row.append(self._rollout(observation, action, seed))
                if deadline is not None and self.clock() > deadline:
                    break
            if len(row) < len(candidates):
                break
            for column, value in zip(values, row, strict=True):
                column.append(value)
            now = self.clock()
            longest = max(longest, now - began)
            # A round that would end past the deadline is not begun: the time per decision
            # stays within the budget instead of the budget plus a round's rollouts.
            if deadline is not None and now + longest > deadline:
                break
        return values

    def _rollout(self, observation: Observation, action: Action, seed: int) -> float:
        """Play `action` in the round's draw, then the heuristics for `horizon` actions."""
        rules: Rules[Any] = observation.rules
        state = observation.sample(random.Random(seed))
        rules.apply(state, action)
        for policy in self.rollout_policies.values():
            policy.reseed(seed)

        def policy_of(player: str) -> Policy:
            if player not in self.rollout_policies:
                self.rollout_policies[player] = self.factory(player, seed)
            return self.rollout_policies[player]

        play_on(rules, state, policy_of, self.settings.horizon)
        return self.evaluate(state, observation.side)

    def _pick(self, candidates: list[Action],
              values: list[list[float]]) -> tuple[Action, str]:
        prior = candidates[0]
        rounds = len(values[0])
        if rounds == 0:
            return prior, f"{prior.describe()}: the heuristics' answer (no time to look further)"
        prior_mean = sum(values[0]) / rounds
        best, best_mean = 0, prior_mean
        for i in range(1, len(candidates)):
            if rounds < 2:
                break
            diffs = [v - p for v, p in zip(values[i], values[0], strict=True)]
            gain = sum(diffs) / rounds
            spread = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (rounds - 1))
            mean = prior_mean + gain
            if (gain > max(self.settings.margin, self.settings.z * spread / math.sqrt(rounds))
                    and mean > best_mean):
                best, best_mean = i, mean
        if best == 0:
            tried = len(candidates) - 1
            return prior, (f"{prior.describe()}: the heuristics' answer held up "
                           f"({prior_mean:.0%} over {rounds} rollouts, "
                           f"{tried} other{'s' * (tried != 1)} tried)")
        return candidates[best], (f"{candidates[best].describe()}: {best_mean:.0%} over "
                                  f"{rounds} rollouts against {prior_mean:.0%} for "
                                  f"{prior.describe()}")
