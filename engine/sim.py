"""Headless playouts (`wargames simulate`) and the checks the soak and contract tests share."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

from engine.ai import registry
from engine.ai.agent import Agent
from engine.core.game import GamePlugin, Scenario
from engine.core.session import Session

MAX_ACTIONS = 100_000


class PlayoutError(Exception):
    """A playout that broke a rule of the contract (an invariant, an endless game)."""


@dataclass(slots=True)
class Summary:
    game: str
    games: int = 0
    completed: int = 0
    errors: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "wins": self.wins,
            "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns else 0,
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else 0,
        }


def make_agent(plugin: GamePlugin, name: str, side: str, seed: int) -> Agent:
    """An agent by level name (engine.ai.registry): "random", "easy", "normal", a game's own
    such as Filipinas' "bot", "ai" (the old name of easy) or "computer" (the default level)."""
    try:
        return registry.make_agent(plugin, name, side, seed)
    except registry.UnknownLevel as err:
        raise ValueError(str(err)) from None


def playout(
    plugin: GamePlugin,
    scenario: Scenario,
    seed: int,
    agents: Mapping[str, Agent],
    check: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> Session:
    """Play one game to its end; with `check`, test the invariants after every action."""
    session = Session(plugin.rules, scenario, seed)
    rules = plugin.rules
    while session.result() is None:
        legal = rules.legal_actions(session.state)
        if not legal:
            raise PlayoutError("no legal action but the game has no result")
        if len(session.history) >= max_actions:
            raise PlayoutError(f"no result after {max_actions} actions")
        side = session.state.decision.player
        action = agents[side].choose(rules, session.state, legal)
        session.play(action, check_legal=False)
        if check:
            broken = rules.check_invariants(session.state)
            if broken:
                raise PlayoutError(
                    f"after action {len(session.history)} ({action.describe()}): "
                    + "; ".join(broken)
                )
    return session


def simulate(
    plugin: GamePlugin,
    scenario: Scenario,
    games: int,
    seed: int,
    agent_names: list[str],
    err: TextIO,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Run `games` playouts with seeds seed, seed+1, …; errors are counted and reported to `err`."""
    names = {side: agent_names[i % len(agent_names)] for i, side in enumerate(plugin.sides)}
    summary = Summary(plugin.id, wins={**{s: 0 for s in plugin.sides}, "draw": 0})
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        summary.games += 1
        try:
            agents = {s: make_agent(plugin, n, s, game_seed) for s, n in names.items()}
            session = playout(plugin, scenario, game_seed, agents)
        except Exception:
            summary.errors += 1
            err.write(f"seed {game_seed}: playout failed\n{traceback.format_exc()}\n")
        else:
            result = session.result()
            assert result is not None
            summary.completed += 1
            summary.wins[result.winner or "draw"] += 1
            summary.turns.append(session.state.turn)
            summary.actions += len(session.history)
        if progress:
            progress(i + 1)
    summary.seconds = time.perf_counter() - start
    return summary
