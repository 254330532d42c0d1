"""How many actions a second the search's rollouts play (`wargames bench`, docs/benchmarks.md).

The positions are those of one game of Easy against Easy (seed 1), taken every `every` actions.
From each one, as the search plays them: the observation of the side to decide is built, a
state is drawn from it, the game's heuristics (or random answers) play on for the search's
horizon, and the game's evaluation reads the end. The figure is the actions played over the CPU
seconds of the whole rollout (drawing the state and the evaluation included).

    python -m engine.speed baler --positions 12 --rollouts 4
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.agent import RandomAgent
from engine.ai.observation import observe
from engine.ai.policy import Policy
from engine.core.game import GamePlugin, Rules, Scenario


@dataclass(frozen=True, slots=True)
class Rate:
    """Actions a CPU second over `rollouts` rollouts of `actions` actions in all."""

    actions: int
    seconds: float
    rollouts: int

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0


class _Random:
    """A random policy with the `Policy` protocol (never a concession while others are legal)."""

    def __init__(self, side: str, seed: int) -> None:
        self.agent = RandomAgent(seed, side)

    def choose(self, rules: Rules[Any], state: Any, legal: list[Any]) -> Any:
        return self.agent.choose(rules, state, legal)

    def reseed(self, seed: int) -> None:
        self.agent = RandomAgent(seed, self.agent.side)


def positions(plugin: GamePlugin, scenario: Scenario, count: int, every: int,
              seed: int = 1) -> list[Any]:
    """`count` states of one Easy-against-Easy game, every `every` actions (a decision with more
    than one answer each), copied as they stood."""
    from engine.ai.registry import make_agent
    from engine.core.session import Session

    agents = {s: make_agent(plugin, "easy", s, seed * 10 + i)
              for i, s in enumerate(plugin.sides)}
    session = Session(plugin.rules, scenario, seed, lazy_checkpoints=True)
    rules = session.rules
    found: list[Any] = []
    from engine.core.sampling import copy_state

    while session.result() is None and len(found) < count:
        legal = rules.legal_actions(session.state)
        if len(session.history) % every == 0 and len(legal) > 1:
            found.append(copy_state(session.state))
        player = session.state.decision.player
        session.play(agents[player].choose(rules, session.state, legal), check_legal=False)
    return found


def rollout_rate(plugin: GamePlugin, states: list[Any], rollouts: int, horizon: int,
                 policy: Callable[[str, int], Policy], evaluate: Callable[[Any, str], float],
                 seed: int = 0) -> Rate:
    """Rollouts from each of `states` as the search plays them; CPU time of this thread."""
    from engine.ai.search import play_on

    rules = plugin.rules
    rng = random.Random(seed)
    actions = 0
    spent = 0.0
    done = 0
    policies: dict[str, Policy] = {}

    def policy_of(player: str) -> Policy:
        if player not in policies:
            policies[player] = policy(player, seed)
        return policies[player]

    for state in states:
        observation = observe(rules, state, rules.legal_actions(state))
        for _ in range(rollouts):
            start = time.thread_time()
            sample = observation.sample(rng)
            for p in policies.values():
                p.reseed(rng.getrandbits(62))
            actions += play_on(rules, sample, policy_of, horizon)
            evaluate(sample, observation.side)
            spent += time.thread_time() - start
            done += 1
    return Rate(actions, spent, done)


@dataclass(frozen=True, slots=True)
class Kit:
    """What the rollouts of a game need: its heuristics, evaluation and horizon."""

    policy: Callable[[str, int], Policy]
    evaluate: Callable[[Any, str], float]
    horizon: int
    every: int


EVERY = {"baler": 12, "filipinas": 6, "guerra": 60}
"""Actions of the Easy game between two positions measured, per game (its length)."""


def kit(game: str) -> Kit:
    """The game's rollout parts, as its Normal level uses them: the module behind the plugin's
    `normal` level names its heuristics `POLICY`, its `evaluate` and its `SETTINGS` (read by
    name, so the engine imports no game)."""
    from engine import plugins

    plugin = plugins.get(game)
    ref = plugin.agents.get("normal")
    if ref is None:
        raise ValueError(f"no rollout kit for {game}")
    module = importlib.import_module(ref.partition(":")[0])
    return Kit(module.POLICY, module.evaluate, module.SETTINGS.horizon, EVERY.get(game, 12))


def measure(game: str, count: int = 12, rollouts: int = 4) -> dict[str, float]:
    """Heuristic and random rollouts' actions a CPU second from `count` positions."""
    from engine import plugins
    from engine.loading import load_game_scenario

    plugin = plugins.get(game)
    scenario = load_game_scenario(plugin)
    parts = kit(game)
    states = positions(plugin, scenario, count, parts.every)
    heuristic = rollout_rate(plugin, states, rollouts, parts.horizon, parts.policy,
                             parts.evaluate)
    randomly = rollout_rate(plugin, states, rollouts, parts.horizon, _Random, parts.evaluate)
    return {"heuristic_aps": round(heuristic.per_second),
            "random_aps": round(randomly.per_second),
            "positions": len(states)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["baler", "filipinas", "guerra"])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--rollouts", type=int, default=4)
    args = parser.parse_args(argv)
    for game in args.games:
        print(game, measure(game, args.positions, args.rollouts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
