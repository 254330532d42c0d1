"""A search level's time per real decision, at the budget it plays with (docs/ai.md
"Strength"):

    python tools/ai_timing.py --level normal --budget 2s --decisions 15 \
        --skip-for baler=0,120 --skip-for filipinas=0,30 --skip-for guerra=0,600

For every side of every game (Guerra: the two first seats), a game is played from `--seed` by
the Easy level on every seat; from action SKIP of the game on, the tested side is played by the
level (Normal or Hard, its trees in worker processes under a time budget) until it has made
`--decisions` real decisions (those with more than one answer, the only ones it thinks about),
and the game stops there. Several `--skip` values sample the opening and the middle game.
Prints a Markdown table of p50, p95 and max seconds per decision and the simulations each
decision had (median and range, over both trees), with the load average before and after: a
time budget is wall clock, so the figures depend on what else the machine is doing.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_table import PLAYING, team, trial_arguments, trial_of  # noqa: E402

from engine import plugins  # noqa: E402
from engine.ai import workers  # noqa: E402
from engine.ai.agent import Seat  # noqa: E402
from engine.ai.registry import make_agent  # noqa: E402
from engine.ai.search import LEVELS, Budget, Search, try_out  # noqa: E402
from engine.ai.stats import percentile  # noqa: E402
from engine.core.game import GamePlugin, Scenario  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402


def sample(plugin: GamePlugin, scenario: Scenario, side: str, seed: int, skip: int,
           decisions: int, budget: Budget, level: str = "normal",
           overrides: dict[str, Any] | None = None) -> tuple[list[float], list[int]]:
    """The seconds and simulations of the level's first `decisions` real decisions from
    action `skip` (with `overrides`, the search's settings changed by name)."""
    easy = {s: make_agent(plugin, "easy", s, seed * 10 + i)
            for i, s in enumerate(plugin.sides)}
    normal = {s: make_agent(plugin, level, s, seed * 10 + i, budget)
              for i, s in enumerate(plugin.sides) if team(s) == team(side)}
    if budget.parallel:
        # the first decision should not find the worker processes still starting
        workers.ready(budget.trees)
    session = Session(plugin.rules, scenario, seed, lazy_checkpoints=True)
    rules = session.rules
    deciders = [a.decider for a in normal.values()
                if isinstance(a, Seat) and isinstance(a.decider, Search)]
    for decider in deciders:
        try_out(decider, overrides or {})
    while session.result() is None:
        if sum(len(d.times) for d in deciders) >= decisions:
            break
        legal = rules.legal_actions(session.state)
        player = session.state.decision.player
        agents = normal if len(session.history) >= skip else easy
        agent = agents.get(player, easy[player])
        session.play(agent.choose(rules, session.state, legal), check_legal=False)
    times = [t for d in deciders for t in d.times]
    simulations = [r for d in deciders for r in d.simulations]
    return times, simulations


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", choices=("normal", "hard"))
    parser.add_argument("--budget", default="", help="default: the level's (2s, 8s)")
    parser.add_argument("--decisions", type=int, default=30,
                        help="decisions of the level timed per side and skip")
    parser.add_argument("--skip", default="0", help="comma-separated action counts")
    parser.add_argument("--skip-for", action="append", default=[], metavar="GAME=A,B",
                        help="the skips for one game (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[], metavar="GAME")
    parser.add_argument("--side", action="append", default=[], metavar="SIDE",
                        help="only this side (repeatable)")
    trial_arguments(parser, "the search's", evaluate=False)
    args = parser.parse_args(argv)
    overrides, _ = trial_of(parser, args)
    budget = Budget.parse(args.budget) if args.budget else LEVELS[args.level]
    skips = {game: [int(s) for s in text.split(",")]
             for game, _, text in (e.partition("=") for e in args.skip_for)}
    default_skips = [int(s) for s in args.skip.split(",")]
    games = args.only or list(plugins.discover())
    load_before = os.getloadavg()[0]
    lines = ["| game | level | decisions | p50 | p95 | max | simulations: median | "
             "simulations: range |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for game in games:
        times: list[float] = []
        simulations: list[int] = []
        plugin = plugins.get(game)
        scenario = load_game_scenario(plugin)
        for side in PLAYING.get(game, plugin.sides):
            if args.side and side not in args.side:
                continue
            for skip in skips.get(game, default_skips):
                t, r = sample(plugin, scenario, side, args.seed, skip, args.decisions, budget,
                              args.level, overrides)
                times += t
                simulations += r
                sys.stderr.write(f"{game} {side} from action {skip}: {len(t)} decisions\n")
        if not times:
            continue
        simulations.sort()
        lines.append(f"| {game} | {args.level} | {len(times)} | {percentile(times, 0.5):.2f} s "
                     f"| {percentile(times, 0.95):.2f} s | {max(times):.2f} s "
                     f"| {simulations[len(simulations) // 2]} "
                     f"| {simulations[0]}-{simulations[-1]} |")
    load_after = os.getloadavg()[0]
    command = " ".join(["python tools/ai_timing.py", *sys.argv[1:]])
    print(f"Produced by `{command}` (load average {load_before:.1f} before, "
          f"{load_after:.1f} after, {os.cpu_count()} cores).\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
