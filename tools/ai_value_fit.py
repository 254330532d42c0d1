"""Fits the weights of a game's evaluation (what Normal's rollouts end on) to who won games of
Easy against Easy, and compares it held out with the evaluation in use:

    python tools/ai_value_fit.py --games 250 --seed 2000
    python tools/ai_value_fit.py --game guerra --games 200 --seed 2000 --jobs 2

Every fifth action of each game (Guerra: every 25th) is a sample: the evaluation's features
(`<game>.ai.value.features`, from the first side's view: Spanish, Nationalist) and whether that
side won; drawn games are left out. Games of even seed are fitted (logistic regression, Newton's
method, a little L2), games of odd seed test; the log loss and the AUC (the chance that a
position of a game the side won is rated above one of a game it lost) are printed by fifths of
the game, for the fitted weights and for the game's `evaluate` as it stands.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from multiprocessing import Pool
from types import ModuleType
from typing import Any, cast

import numpy as np

from engine import plugins
from engine.ai.registry import make_agent
from engine.core.session import Session
from engine.loading import load_game_scenario


@dataclass(frozen=True)
class Fitted:
    """What the tool needs of a game: its plugin, its value module, its first side, how often to
    sample."""

    game: str
    module: str
    side: str
    every: int
    leave_out: tuple[str, ...] = ()
    features: str = "features"
    """The function of `module` that reads a position's features."""

    def value(self) -> ModuleType:
        return importlib.import_module(self.module)

    def features_of(self, state: Any) -> dict[str, float]:
        return cast(dict[str, float], getattr(self.value(), self.features)(state))


GAMES = {
    "baler": Fitted("baler", "baler.ai.value", "spanish", 5, ("philippine_morale",)),
    "baler-rich": Fitted("baler", "baler.ai.value", "spanish", 5, ("philippine_morale",),
                         "rich_features"),
    "guerra": Fitted("guerra", "guerra.ai.value", "nationalist", 25),
    "filipinas": Fitted("filipinas", "filipinas.ai", "filipino", 3),
}


def game_samples(job: tuple[str, int]) -> list[tuple[int, float, list[float], float, float]]:
    """One game of Easy against Easy: (seed, progress, features, evaluation in use, first
    side's win) every `every` actions; nothing for a drawn game."""
    game, seed = job
    spec = GAMES[game]
    value = spec.value()
    plugin = plugins.get(spec.game)
    scenario = load_game_scenario(plugin, None)
    rules = plugin.rules
    agents = {s: make_agent(plugin, "easy", s, seed * 10 + i)
              for i, s in enumerate(plugin.sides)}
    session = Session(rules, scenario, seed, lazy_checkpoints=True)
    found: list[tuple[int, list[float], float]] = []
    while session.result() is None:
        state = session.state
        legal = rules.legal_actions(state)
        session.play(agents[state.decision.player].choose(rules, state, legal),
                     check_legal=False, listed=True)
        if len(session.history) % spec.every == 0 and session.result() is None:
            f = spec.features_of(session.state)
            found.append((len(session.history), list(f.values()),
                          value.evaluate(session.state, spec.side)))
    result = session.result()
    assert result is not None
    if result.winner is None:
        return []
    win = 1.0 if result.winner == spec.side else 0.0
    return [(seed, k / len(session.history), row, now, win) for k, row, now in found]


def samples(game: str, first: int, games: int, jobs: int = 1) -> tuple[list[int], list[float],
                                                              list[list[float]], list[float],
                                                              list[float]]:
    seeds, progress, rows, current, won = [], [], [], [], []
    with Pool(jobs) as pool:
        wanted = [(game, seed) for seed in range(first, first + games)]
        for done, found in enumerate(pool.imap(game_samples, wanted), 1):
            for seed, part, row, now, win in found:
                seeds.append(seed)
                progress.append(part)
                rows.append(row)
                current.append(now)
                won.append(win)
            sys.stderr.write(f"\r{done}/{games} games")
    sys.stderr.write("\n")
    return seeds, progress, rows, current, won


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (p - y) + l2 * w
        hess = (xb.T * (p * (1 - p))) @ xb + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    pos, neg = p[y == 1], p[y == 0]
    if not len(pos) or not len(neg):
        return loss, float("nan")
    auc = float(np.mean(pos[:, None] > neg[None, :]) + 0.5 * np.mean(pos[:, None] == neg[None, :]))
    return loss, auc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="baler")
    parser.add_argument("--games", type=int, default=250)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--leave-out", action="append", default=None, metavar="FEATURE",
                        help="features kept at weight 0 (Baler: philippine_morale)")
    args = parser.parse_args(argv)
    spec = GAMES[args.game]
    leave_out = spec.leave_out if args.leave_out is None else tuple(args.leave_out)
    seeds, progress, rows, current, won = samples(args.game, args.seed, args.games, args.jobs)
    plugin = plugins.get(spec.game)
    start = plugin.rules.new_game(load_game_scenario(plugin, None), 1)
    names = list(spec.features_of(start))
    keep = [i for i, n in enumerate(names) if n not in leave_out]
    x = np.array(rows)[:, keep]
    y, s, prog, now = np.array(won), np.array(seeds), np.array(progress), np.array(current)
    train = s % 2 == 0
    w = fit(x[train], y[train])
    fitted = {names[i]: round(float(v), 3) for i, v in zip(keep, w[:-1], strict=True)}
    print("weights:", {**fitted, "bias": round(float(w[-1]), 3)})
    test = ~train
    p = 1 / (1 + np.exp(-(np.hstack([x[test], np.ones((test.sum(), 1))]) @ w)))
    print(f"{len(y)} samples, {int(train.sum())} fitted, {int(test.sum())} held out")
    print("| part of the game | samples | fitted log loss / AUC | in use log loss / AUC |")
    print("| --- | --- | --- | --- |")
    for low, high in ((0, .2), (.2, .4), (.4, .6), (.6, .8), (.8, 1.01), (0, 1.01)):
        part = (prog[test] >= low) & (prog[test] < high)
        a = scores(p[part], y[test][part])
        b = scores(now[test][part], y[test][part])
        print(f"| {low:.0%}-{min(high, 1):.0%} | {int(part.sum())} | {a[0]:.3f} / {a[1]:.3f} "
              f"| {b[0]:.3f} / {b[1]:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
