"""The Normal and Hard levels: an information-set Monte Carlo tree search (engine.ai.tree) from
the side's observation, on both cores, within a budget.

A decision grows `Budget.trees` trees from the same observation, each from its own seed, and
merges their roots (root parallelism): the answer taken most often over all of them is played,
ties going to the heuristics' ranking. Under a time budget the trees grow in worker processes
started once and kept (engine.ai.workers), so the process that asked (the game window) keeps
drawing while they think; under a budget of iterations they grow one after the other in this
process, which plays the very same game for the same seed on any machine (tests and the
strength table). A budget too small to leave the root's first answer plays the heuristics'
answer, as Easy does.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.ai.agent import Seat
from engine.ai.observation import Observation
from engine.ai.policy import PolicyFactory
from engine.ai.tree import (
    Answer,
    Evaluate,
    Job,
    RootStats,
    Settings,
    evaluation_named,
    grow,
    merge,
    play_on,
    terminal_value,
)
from engine.core.actions import Action

__all__ = ["HARD", "NORMAL", "Budget", "Evaluate", "Search", "Settings", "fitted_chance", "play_on",
           "seat", "squash", "terminal_value"]

MARGIN = 0.25
"""Seconds of a time budget kept back from the trees: a worker's last iteration may run past
its estimate, and its root must still come back and be merged within the budget."""
WAIT = 0.1
"""Seconds before the end of a time budget after which a worker's root is no longer waited
for: the caller's own answer (the heuristics') is played instead."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search thinks per real decision: `seconds` of wall clock (play), or a fixed
    number of `iterations` per tree (tests and reproducible tables), with whichever ends first
    when both are given; `trees` grown from their own seeds (one per core)."""

    seconds: float | None = 2.0
    iterations: int | None = None
    trees: int = 2

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds or iterations")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a budget's seconds must be positive")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least one iteration")
        if self.trees < 1:
            raise ValueError("a budget needs at least one tree")

    @classmethod
    def parse(cls, text: str, trees: int = 2) -> Budget:
        """"2s" (seconds) or "300i" (iterations a tree), as written on a command line."""
        value = text.strip().lower()
        try:
            if value.endswith("s"):
                return cls(seconds=float(value[:-1]), trees=trees)
            if value.endswith("i"):
                return cls(seconds=None, iterations=int(value[:-1]), trees=trees)
        except ValueError:
            pass
        raise ValueError(f"a budget looks like 2s (seconds) or 300i (iterations a tree), "
                         f"not {text!r}")

    @property
    def parallel(self) -> bool:
        """Whether the trees grow in worker processes: only under a time budget, where the
        game's result depends on the machine anyway."""
        return self.seconds is not None and self.trees > 1


NORMAL = Budget(seconds=2.0)
HARD = Budget(seconds=8.0)
"""The budgets the levels play with: both cores, 2 s and 8 s a decision."""
LEVELS = {"normal": NORMAL, "hard": HARD}


def try_out(search: Search, overrides: dict[str, Any], evaluation: str = "") -> None:
    """A trial for the tools that weigh the search (`--set`, `--evaluate`): `search` with the
    settings `overrides` names changed and, given `module:function`, another evaluation."""
    search.settings = replace(search.settings, **overrides)
    if evaluation:
        search.evaluate = evaluation_named(evaluation)


def seat(level: str, policy: PolicyFactory, evaluate: Evaluate, side: str, seed: int,
         budget: Budget | None = None, settings: Settings | None = None) -> Seat:
    """A game's Normal or Hard seat: the search over its heuristics and evaluation, at the
    level's budget unless another is given (tests and tables)."""
    return Seat(Search(policy, evaluate, side, seed, budget or LEVELS[level], settings, level),
                side)


def lead_in_errors(chosen: Answer, prior: Answer) -> float:
    """`chosen`'s lead over `prior` in standard errors of that lead (infinite where the
    values brought back did not vary)."""
    error = math.hypot(chosen.error, prior.error)
    lead = chosen.mean - prior.mean
    if error == 0.0:
        return math.copysign(math.inf, lead) if lead else 0.0
    return lead / error


def overrules(chosen: Answer, prior: Answer, settings: Settings) -> bool:
    """Whether the search's most visited answer `chosen` leads the heuristics' answer `prior`
    by enough to be played instead: by `Settings.overrule_margin` in the chance of winning and
    by `Settings.overrule_z` standard errors."""
    if chosen.mean - prior.mean < settings.overrule_margin:
        return False
    return not settings.overrule_z or lead_in_errors(chosen, prior) >= settings.overrule_z


def squash(advantage: float, scale: float) -> float:
    """An advantage in the game's own points as a chance of winning (logistic)."""
    return 1.0 / (1.0 + math.exp(-advantage / scale))


def fitted_chance(found: Mapping[str, float], weights: Mapping[str, float]) -> float:
    """The chance of winning a logistic fitted by `tools/ai_value_fit.py` gives: `weights` are
    log-odds a unit of each feature of `found` they name, and "bias" the constant."""
    logit = weights["bias"] + sum(w * found[k] for k, w in weights.items() if k != "bias")
    return squash(logit, 1.0)


class Search:
    """The Normal or Hard level for one side: `decide(observation)` grows the trees and plays
    the most visited root answer."""

    def __init__(self, policy: PolicyFactory, evaluate: Evaluate, side: str, seed: int,
                 budget: Budget | None = None, settings: Settings | None = None,
                 level: str = "normal") -> None:
        self.factory = policy
        self.evaluate = evaluate
        self.side = side
        self.level = level
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.settings = settings or Settings()
        self.last_reason = ""
        self.last_detail = ""
        self.last_values: tuple[Answer, ...] = ()
        """The root answers the last decision considered, most visited first: each with its
        visits over every tree and its mean value (the side's chance of winning, 0-1)."""
        self.times: list[float] = []
        """Seconds spent on each real decision (the table of time per decision)."""
        self.simulations: list[int] = []
        """Iterations each real decision had, over every tree."""
        self.switched = 0
        """Real decisions where the search chose another answer than the heuristics'."""
        self.clock: Callable[[], float] = time.perf_counter
        if self.budget.parallel:
            from engine.ai import workers

            workers.warm(self.budget.trees)

    def decide(self, observation: Observation) -> Action:
        start = self.clock()
        stats = self._grow(observation, start)
        answers = merge(stats)
        chosen = answers[0]
        prior = min(answers, key=lambda a: a.rank)
        if chosen is not prior and prior.visits and not overrules(chosen, prior, self.settings):
            chosen = prior  # the search's lead is within its margin: the heuristics' answer
        simulations = sum(s.iterations for s in stats)
        self.last_values = tuple(answers)
        self.simulations.append(simulations)
        self.switched += chosen.action != prior.action
        self.last_reason, self.last_detail = self._explain(chosen, prior, answers, simulations,
                                                           len(stats), observation.table)
        self.times.append(self.clock() - start)
        return chosen.action

    def _jobs(self, observation: Observation, deadline: float | None) -> list[Job]:
        sampler = observation.sampler
        if sampler is None:
            raise ValueError("a search needs an observation with a sampler")
        budget = self.budget
        return [Job(observation.rules, observation.side, sampler, observation.legal,
                    self.factory, self.evaluate, self.settings, self.rng.getrandbits(62),
                    budget.iterations, deadline)
                for _ in range(budget.trees)]

    def _grow(self, observation: Observation, start: float) -> list[RootStats]:
        budget = self.budget
        if observation.table:
            # the game's options are the table's to agree on, not a move to search: the
            # heuristics' answer (Guerra's full game for two, a tie ending it)
            return [grow(replace(self._jobs(observation, None)[0], iterations=0))]
        if budget.seconds is None:
            return [grow(job) for job in self._jobs(observation, None)]
        # deadlines on time.monotonic, which the worker processes share
        began = time.monotonic() - (self.clock() - start)
        end = began + budget.seconds - MARGIN
        jobs = self._jobs(observation, end)
        answer: list[RootStats] = []

        def heuristics_answer() -> None:
            # ranked while the workers think: what is played if none of them answers in time
            answer.append(grow(replace(jobs[0], iterations=0)))

        if budget.parallel:
            from engine.ai import workers

            found = workers.run(jobs, began + budget.seconds - WAIT, heuristics_answer)
            if found is not None:
                return found
        else:
            heuristics_answer()
        if end - time.monotonic() < budget.seconds / 4:
            return answer  # no root came back and the time is nearly gone
        found = []
        for job in jobs:
            left = (end - time.monotonic()) / (budget.trees - len(found))
            found.append(grow(replace(job, deadline=time.monotonic() + max(0.0, left))))
        return found

    @staticmethod
    def _explain(chosen: Answer, prior: Answer, answers: list[Answer], simulations: int,
                 trees: int, table: bool = False) -> tuple[str, str]:
        """The plain reason and the statistics behind it."""
        name = chosen.action.describe()
        if len(answers) == 1:
            return f"{name}: the only answer that changes anything now", ""
        if simulations == 0 and table:
            return f"{name}: the heuristics' choice of the game's options", ""
        if simulations == 0:
            return f"{name}: the heuristics' answer, no time left to search", ""
        if chosen.action == prior.action:
            reason = f"{name}: the heuristics' answer, kept by the search"
        else:
            reason = f"{name}: the search preferred it to {prior.action.describe()}"
        tried = sum(1 for a in answers if a.visits)
        others = tried - 1
        detail = (f"{simulations} simulations on {trees} {'tree' if trees == 1 else 'trees'}; "
                  f"about {chosen.mean:.0%} to win after it ({chosen.visits} visits)")
        if others == 1:
            detail += "; one other answer tried"
        elif others > 1:
            detail += f"; {others} other answers tried"
        return reason, detail
