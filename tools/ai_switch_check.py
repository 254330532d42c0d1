"""Are Normal's switches right? A check of the search against play to the end (docs/ai.md):

    python tools/ai_switch_check.py --game baler --side spanish --seeds 1-16 --budget 100i

It plays the games of the strength table's cell "Normal SIDE against Easy" (same seeds, same
agents). At every decision where Normal overruled the heuristics it weighs the two answers
twice:

- the search's estimate: the mean value of Normal's answer at the root of its trees less the
  mean value of the heuristics' answer there (each from drawn positions, the tree and its
  rollouts, the evaluation);
- the check: both answers played from the real position to the end of the game, `--pairs`
  times, each pair with the same fresh dice, the heuristics playing every side; the mean
  difference of the results (1 a win, ½ a draw).

With `--from drawn` the pairs start instead from the search's own drawn positions: the side's
observation of the real position, its hidden parts redrawn for each pair as the search redraws
them. The two checks side by side tell whether the search is misled by what it cannot see (the
drawn positions disagree with the real one) or by its horizon and evaluation (both checks agree
that the switches are worth less than the search believed).

The check plays the game's own Easy continuation from the real position, so its mean over the
switches of a game is what the switches add to the side's chance of winning against Easy (the
performance difference of the two levels, decision by decision): if the search's estimates are
much larger than the check, the search is fooled by its horizon, its evaluation or chance, and
its switches are worth little however often it makes them. The real position is read by this
tool only, after Normal has chosen; Normal itself sees what its side may see.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_table import trial_arguments, trial_of  # noqa: E402

from engine import plugins  # noqa: E402
from engine.ai.observation import Observation, observe  # noqa: E402
from engine.ai.policy import Policy  # noqa: E402
from engine.ai.registry import make_agent  # noqa: E402
from engine.ai.search import Budget, Search, lead_in_errors, play_on, try_out  # noqa: E402
from engine.ai.tree import Answer  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.core.sampling import reseed_dice  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402

MAX_ACTIONS = 20_000
"""A rollout to the end stops here (no game of the three comes near it) and is scored by the
evaluation."""


@dataclass(frozen=True, slots=True)
class Switch:
    """One decision where Normal overruled the heuristics, as the check found it."""

    seed: int
    number: int
    kind: str
    estimate: float
    check: float
    errors: float = 0.0
    """The search's lead in standard errors of that lead (`engine.ai.search.lead_in_errors`)."""

    def line(self) -> str:
        return (f"seed {self.seed} decision {self.number} {self.kind}: "
                f"search {self.estimate:+.3f} ({self.errors:+.1f} s.e.), "
                f"to the end {self.check:+.3f}")


def to_the_end(rules: Any, normal: Search, state: Any, action: Action, seed: int,
               drawn: Observation | None = None) -> float:
    """`action` from a copy of the real `state` with fresh dice (or, given the side's
    observation `drawn`, from a position drawn from it), then the heuristics for every side
    until the game ends: the side's result (1, ½ or 0)."""
    if drawn is not None:
        played = drawn.sample(random.Random(seed))
    else:
        played = copy.deepcopy(state)
        reseed_dice(played, random.Random(seed))
    rules.apply(played, action)
    policies: dict[str, Policy] = {}

    def policy_of(player: str) -> Policy:
        if player not in policies:
            policies[player] = normal.factory(player, seed + len(policies))
        return policies[player]

    play_on(rules, played, policy_of, MAX_ACTIONS)
    return normal.evaluate(played, normal.side)


def paired_gain(rules: Any, normal: Search, state: Any, chosen: Action, prior: Action, pairs: int,
                base: int, drawn: Observation | None = None) -> float:
    """The mean of `pairs` paired differences, chosen minus prior, each pair on its own dice
    (and, from drawn positions, its own draw)."""
    total = 0.0
    for k in range(pairs):
        total += (to_the_end(rules, normal, state, chosen, base + k, drawn)
                  - to_the_end(rules, normal, state, prior, base + k, drawn))
    return total / pairs


def estimate(answers: tuple[Answer, ...], chosen: Action) -> tuple[float, float]:
    """The search's own estimate of what `chosen` gains over the heuristics' answer (the root
    answer ranked first): the difference of their mean values, and that difference in its
    standard errors."""
    prior = min(answers, key=lambda a: a.rank)
    mine = next(a for a in answers if a.action == chosen)
    return mine.mean - prior.mean, lead_in_errors(mine, prior)


def check_game(job: tuple[Any, ...]) -> list[Switch]:
    """Play one game of the cell and check every switch of its Normal side, from the real
    position (`start` "real") or from positions drawn from the side's observation ("drawn");
    the seventh item of the job, if any, changes the game's search settings (`--set`), the
    eighth its evaluation (`--evaluate`)."""
    game, side, seed, budget, pairs, start = job[:6]
    overrides: dict[str, Any] = job[6] if len(job) > 6 else {}
    evaluation: str = job[7] if len(job) > 7 else ""
    plugin = plugins.get(game)
    rules = plugin.rules
    scenario = load_game_scenario(plugin, None)
    agents = {s: make_agent(plugin, "normal" if s == side else "easy", s, seed * 10 + i,
                            Budget.parse(budget))
              for i, s in enumerate(plugin.sides)}
    normal = getattr(agents[side], "decider", None)
    if not isinstance(normal, Search):
        raise SystemExit(f"{game} {side}: Normal is not a search here")
    try_out(normal, overrides, evaluation)
    session = Session(rules, scenario, seed, lazy_checkpoints=True)
    found: list[Switch] = []
    number = 0
    while session.result() is None:
        state = session.state
        legal = rules.legal_actions(state)
        player = state.decision.player
        if not legal or player is None:
            break
        decided = len(normal.times)
        action = agents[player].choose(rules, state, legal)
        if player == side and len(normal.times) > decided:
            number += 1
            answers = normal.last_values
            prior = min(answers, key=lambda a: a.rank).action
            if action != prior:
                drawn = observe(rules, state, legal) if start == "drawn" else None
                check = paired_gain(rules, normal, state, action, prior, pairs,
                                    seed * 100_000 + number * 1_000, drawn)
                lead, errors = estimate(answers, action)
                found.append(Switch(seed, number, state.decision.kind, lead, check, errors))
        session.play(action, check_legal=False, listed=True)
    return found


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (0 under two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, spread / math.sqrt(n)


def summary(switches: list[Switch], games: int) -> str:
    lines = [f"{len(switches)} switches in {games} games "
             f"({len(switches) / max(games, 1):.1f} a game)"]
    est, est_err = mean_and_error([s.estimate for s in switches])
    chk, chk_err = mean_and_error([s.check for s in switches])
    lines.append(f"a switch: search {est:+.3f} (± {est_err:.3f}), "
                 f"to the end {chk:+.3f} (± {chk_err:.3f})")
    lines.append(f"a game: to the end {chk * len(switches) / max(games, 1):+.3f} "
                 "(what the switches add to the chance of winning)")
    by_kind: dict[str, list[Switch]] = defaultdict(list)
    for s in switches:
        by_kind[s.kind].append(s)
    for kind, rows in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        k_est = sum(r.estimate for r in rows) / len(rows)
        k_chk = sum(r.check for r in rows) / len(rows)
        lines.append(f"  {kind:24} {len(rows):4}  search {k_est:+.3f}  to the end {k_chk:+.3f}")
    # what a stricter overrule rule would have kept (Settings.overrule_margin, overrule_z)
    for name, kept in ([(f"led by {z} s.e. or more", [s for s in switches if s.errors >= z])
                        for z in (1, 2, 3)]
                       + [(f"led by {m:.2f} or more", [s for s in switches if s.estimate >= m])
                          for m in (0.10, 0.15)]):
        if kept:
            k_chk, k_err = mean_and_error([s.check for s in kept])
            lines.append(f"{name}: {len(kept)}, to the end {k_chk:+.3f} (± {k_err:.3f}) each, "
                         f"{k_chk * len(kept) / max(games, 1):+.3f} a game")
    return "\n".join(lines)


def seeds_of(text: str) -> list[int]:
    """"1-16" or "3,5,8"."""
    if "-" in text:
        low, _, high = text.partition("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",") if part]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=plugins.available())
    parser.add_argument("--side", required=True)
    parser.add_argument("--seeds", default="1-10", help="game seeds: 1-16 or 3,5,8")
    parser.add_argument("--budget", default="100i", help="Normal's budget: 100i or 2s")
    parser.add_argument("--pairs", type=int, default=40, help="paired plays to the end a switch")
    parser.add_argument("--from", dest="start", choices=("real", "drawn"), default="real",
                        help="play the pairs from the real position or from positions drawn "
                             "from the side's observation, as the search draws them")
    parser.add_argument("--jobs", type=int, default=1)
    trial_arguments(parser, "the game's search")
    args = parser.parse_args(argv)
    overrides, evaluation = trial_of(parser, args)
    plugin = plugins.get(args.game)
    if args.side not in plugin.sides:
        parser.error(f"{args.game} has the sides {', '.join(plugin.sides)}")
    seeds = seeds_of(args.seeds)
    jobs = [(args.game, args.side, seed, args.budget, args.pairs, args.start, overrides,
             evaluation) for seed in seeds]
    switches: list[Switch] = []
    start = time.perf_counter()
    with Pool(max(1, args.jobs)) as pool:
        for done, found in enumerate(pool.imap(check_game, jobs), start=1):
            switches += found
            for s in found:
                print(s.line(), flush=True)
            sys.stderr.write(f"\r{done}/{len(jobs)} games, {time.perf_counter() - start:.0f} s")
            sys.stderr.flush()
    sys.stderr.write("\n")
    changed = "".join(f" --set {text}" for text in args.set)
    if args.evaluate:
        changed += f" --evaluate {args.evaluate}"
    print(f"python tools/ai_switch_check.py --game {args.game} --side {args.side} "
          f"--seeds {args.seeds} --budget {args.budget} --pairs {args.pairs} --from {args.start}"
          f"{changed}")
    print(summary(switches, len(seeds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
