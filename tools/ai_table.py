"""The strength table of the computer opponents (docs/ai.md), by one command:

    python tools/ai_table.py --games 200 --budget 2s --hard-budget 8s --jobs 2 \
        --out docs/ai-table.md

For every side of every game it plays Normal against Easy, Hard against Normal and Easy against
random, and in Filipinas Easy and Normal Filipinos against the rulebook's solo bot (solo
scenario). Game i of a cell uses seed SEED+i; the agents' seeds are derived from it, so a cell
is reproduced exactly with budgets of iterations ("300i": iterations a tree, two trees grown one
after the other in the game's process, as the two worker processes would grow them); with a time
budget ("2s") the trees grow in worker processes and the choices depend on the machine.
Games run in parallel processes; a progress bar goes to stderr. `--only GAME` and `--games-for
GAME=N` cut the work to what a session can afford; the table says how many games each cell had.
`--against LEVEL` plays the chosen cells against another level: `--tested normal --against easy
--only baler` is the table's Normal cells, `--tested easy --against easy` Easy against Easy on
the same seeds and agent seeds (the baseline a Normal cell is read against, game by game; a
level against itself plays one cell a game, its first side's, whose losses are the other
side's wins).
With `--log FILE` every finished game is appended to FILE, and a game FILE already holds (same
cell, same seed) is counted from it instead of played again: a run stopped early goes on where
it stopped when the same command is given again (keep one log per budget).
`--set NAME=VALUE` (repeatable) changes one of the tested search level's settings
(engine.ai.tree.Settings, e.g. `--set horizon=4 --set turn_end=false`), to play a trial
setting's cells without changing the code (keep its games in a log of their own);
`--evaluate MODULE:FUNCTION` the same for another evaluation (filipinas.ai:fitted_evaluate).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from engine import plugins
from engine.ai.registry import make_agent
from engine.ai.search import Budget, Search, try_out
from engine.ai.stats import percentile, wilson
from engine.ai.tree import evaluation_named, setting_overrides
from engine.loading import load_game_scenario
from engine.paths import scenario_path
from engine.sim import playout

SEARCHING = ("normal", "hard")
PLAYING = {"guerra": ("nationalist", "republican")}
"""Sides that get a cell: Guerra's second seats play only in games of 3 or 4 (section 4) and
are played at their side's level."""


@dataclass(frozen=True, slots=True)
class Cell:
    game: str
    side: str
    tested: str
    opponent: str
    scenario: str = ""

    @property
    def label(self) -> str:
        return f"{self.tested} {self.side} vs {self.opponent}"


@dataclass(slots=True)
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    errors: int = 0
    times: list[float] = field(default_factory=list)


def cells(games: list[str]) -> list[Cell]:
    found: list[Cell] = []
    for game in games:
        plugin = plugins.get(game)
        for side in PLAYING.get(game, plugin.sides):
            found.append(Cell(game, side, "normal", "easy"))
            found.append(Cell(game, side, "hard", "normal"))
            found.append(Cell(game, side, "easy", "random"))
        if game == "filipinas":
            for level in ("easy", "normal"):
                found.append(Cell(game, "filipino", level, "bot", "filipinas/solo.yaml"))
    return found


def team(side: str) -> str:
    return side.removesuffix("_2")


def key(cell: Cell) -> str:
    """How a `--log` line names its cell."""
    return (f"{cell.game} {cell.scenario or '-'} {cell.tested} {cell.side} "
            f"vs {cell.opponent}")


_SCENARIOS: dict[tuple[str, str], Any] = {}


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game of a cell, as `--log` writes it."""

    cell: Cell
    seed: int
    outcome: str
    times: list[float]
    simulations: list[int]
    switched: int

    def line(self) -> str:
        simulations = sorted(self.simulations)
        median = simulations[len(simulations) // 2] if simulations else 0
        return (f"{key(self.cell)} seed {self.seed}: "
                f"{self.outcome}; {self.cell.tested} decisions {len(self.times)}, "
                f"other than the heuristics {self.switched}, median simulations {median}")


def logged(path: str | None) -> dict[tuple[str, int], str]:
    """The outcomes a `--log` file already holds, by the cell's part of its line and the seed;
    a seed logged twice counts once."""
    found: dict[tuple[str, int], str] = {}
    if not path or not Path(path).exists():
        return found
    for text in Path(path).read_text(encoding="utf-8").splitlines():
        head, _, tail = text.partition(": ")
        where, _, seed = head.rpartition(" seed ")
        outcome = tail.partition(";")[0]
        if where and seed.isdigit() and outcome in ("win", "draw", "loss", "error"):
            found[(where, int(seed))] = outcome
    return found


def play_one(job: tuple[Any, ...]) -> Played:
    """One game of a cell: "win" | "draw" | "loss" | "error", and what the tested search level
    did. The job is (cell, seed, Normal's budget[, Hard's budget[, settings changed[,
    evaluation]]])."""
    cell, seed, budget_text = job[:3]
    hard_text = job[3] if len(job) > 3 else "8s"
    overrides: dict[str, Any] = job[4] if len(job) > 4 else {}
    evaluation: str = job[5] if len(job) > 5 else ""
    plugin = plugins.get(cell.game)
    key = (cell.game, cell.scenario)
    if key not in _SCENARIOS:
        path = scenario_path(cell.scenario) if cell.scenario else None
        _SCENARIOS[key] = load_game_scenario(plugin, path)
    budgets = {"normal": Budget.parse(budget_text), "hard": Budget.parse(hard_text)}
    agents = {}
    for i, side in enumerate(plugin.sides):
        level = cell.tested if team(side) == team(cell.side) else cell.opponent
        agents[side] = make_agent(plugin, level, side, seed * 10 + i, budgets.get(level))
        decider = getattr(agents[side], "decider", None)
        if level == cell.tested and isinstance(decider, Search):
            try_out(decider, overrides, evaluation)
    try:
        session = playout(plugin, _SCENARIOS[key], seed, agents, check=False)
    except Exception:  # a broken game is counted, reported, and the table goes on
        return Played(cell, seed, "error", [], [], 0)
    result = session.result()
    assert result is not None
    times: list[float] = []
    simulations: list[int] = []
    switched = 0
    for side, agent in agents.items():
        if team(side) == team(cell.side) and cell.tested in SEARCHING:
            decider = getattr(agent, "decider", None)
            times += getattr(decider, "times", [])
            simulations += getattr(decider, "simulations", [])
            switched += getattr(decider, "switched", 0)
    if result.winner is None:
        outcome = "draw"
    else:
        outcome = "win" if result.winner == team(cell.side) else "loss"
    return Played(cell, seed, outcome, times, simulations, switched)


def finished(jobs: list[tuple[Any, ...]], processes: int) -> Iterator[Played]:
    """The jobs' games as they finish: in worker processes, or in this one for a single job
    (no process is forked then, so a caller whose process holds threads, a test run for one,
    cannot leave a forked worker waiting)."""
    if processes <= 1:
        yield from map(play_one, jobs)
        return
    with Pool(processes) as pool:
        yield from pool.imap_unordered(play_one, jobs)


def bar(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    spent = time.perf_counter() - start
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
                     f"{spent:.0f} s")
    sys.stderr.flush()


def table(tallies: dict[Cell, Tally], args: argparse.Namespace) -> str:
    lines = [
        "| game | tested side and level | against | games | wins | draws | losses | errors "
        "| win rate | 95 % interval |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    all_times: dict[tuple[str, str], list[float]] = {}
    for cell, t in tallies.items():
        low, high = wilson(t.wins, t.games - t.errors)
        rate = t.wins / (t.games - t.errors) if t.games > t.errors else 0.0
        where = f" ({cell.scenario})" if cell.scenario else ""
        lines.append(f"| {cell.game}{where} | {cell.tested} {cell.side} | {cell.opponent} "
                     f"| {t.games} | {t.wins} | {t.draws} | {t.losses} | {t.errors} "
                     f"| {rate:.0%} | {low:.0%}-{high:.0%} |")
        if cell.tested in SEARCHING:
            all_times.setdefault((cell.game, cell.tested), []).extend(t.times)
    lines += ["", "The tested search level's time per decision (decisions with more than one "
              "answer, in the games played by this run: the games read back from a log carry "
              "no times):", "",
              "| game | level | decisions | p50 | p95 | max |",
              "| --- | --- | --- | --- | --- | --- |"]
    for (game, level), times in all_times.items():
        if times:
            lines.append(f"| {game} | {level} | {len(times)} | {percentile(times, 0.5):.3f} s "
                         f"| {percentile(times, 0.95):.3f} s | {max(times):.3f} s |")
    command = " ".join(["python tools/ai_table.py", *sys.argv[1:]])
    head = [f"Produced by `{command}` (Normal {args.budget}, Hard {args.hard_budget}, seeds "
            f"{args.seed} and on, {args.jobs} processes, {os.cpu_count()} cores).", ""]
    return "\n".join(head + lines) + "\n"


def count(t: Tally, outcome: str, times: list[float] | None = None) -> None:
    t.games += 1
    t.times += times or []
    if outcome == "win":
        t.wins += 1
    elif outcome == "draw":
        t.draws += 1
    elif outcome == "loss":
        t.losses += 1
    else:
        t.errors += 1


def trial_arguments(parser: argparse.ArgumentParser, whose: str,
                    evaluate: bool = True) -> None:
    """`--set NAME=VALUE` (repeatable) and, with `evaluate`, `--evaluate MODULE:FUNCTION`: the
    trial of a search setting or evaluation, for this tool and the other tools that weigh the
    search (`whose` names the search they change, in the help)."""
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help=f"change one of {whose} settings (engine.ai.tree.Settings) for "
                             "a trial (repeatable)")
    if evaluate:
        parser.add_argument("--evaluate", default="", metavar="MODULE:FUNCTION",
                            help=f"another evaluation for {whose} rollouts to end on (e.g. "
                                 "filipinas.ai:fitted_evaluate), for a trial")


def trial_of(parser: argparse.ArgumentParser,
             args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """The settings changed and the evaluation named by `trial_arguments`' options; a setting
    the search lacks, a value of the wrong kind or a name that is no evaluation ends the tool
    with one line (the parser's usage error)."""
    evaluation = getattr(args, "evaluate", "")
    try:
        overrides = setting_overrides(args.set)
        if evaluation:
            evaluation_named(evaluation)
    except ValueError as error:
        parser.error(f"--set or --evaluate: {error}")
    return overrides, evaluation


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per cell")
    parser.add_argument("--games-for", action="append", default=[], metavar="GAME=N",
                        help="games per cell for one game (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", default="2s", help="Normal's budget: 2s or 300i")
    parser.add_argument("--hard-budget", default="8s", help="Hard's budget: 8s or 1200i")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", default=[], metavar="GAME")
    parser.add_argument("--tested", action="append", default=[], metavar="LEVEL",
                        help="only the cells that test this level (repeatable)")
    parser.add_argument("--side", action="append", default=[], metavar="SIDE",
                        help="only the cells of this tested side (repeatable)")
    parser.add_argument("--against", metavar="LEVEL",
                        help="play the chosen cells against this level instead (easy: the "
                             "Easy-against-Easy baseline on the very seeds of the Normal cells)")
    parser.add_argument("--out", help="write the Markdown table here (default: stdout)")
    parser.add_argument("--log", help="append a line per finished game to this file")
    trial_arguments(parser, "the tested search level's")
    args = parser.parse_args(argv)
    overrides, evaluation = trial_of(parser, args)
    Budget.parse(args.budget)
    Budget.parse(args.hard_budget)
    per_game = {k: int(v) for k, _, v in (e.partition("=") for e in args.games_for)}
    games = args.only or list(plugins.discover())
    todo = [c for c in cells(games) if (not args.tested or c.tested in args.tested)
            and (not args.side or c.side in args.side)]
    if args.against:
        # the solo scenario's cells are there to meet the bot; a level against itself plays
        # the same games whichever side is tested, so its first side's cell alone is played
        todo = [replace(c, opponent=args.against) for c in todo if not c.scenario]
        same = {(c.game, c.tested): c for c in reversed(todo) if c.tested == c.opponent}
        todo = [c for c in todo if c.tested != c.opponent or same[(c.game, c.tested)] == c]
    # seed by seed across the cells: a run stopped early (its --log kept) leaves every cell
    # with about as many games
    most = max((per_game.get(c.game, args.games) for c in todo), default=0)
    wanted = [(c, args.seed + i, args.budget, args.hard_budget, overrides, evaluation)
              for i in range(most)
              for c in todo if i < per_game.get(c.game, args.games)]
    tallies = {c: Tally() for c in todo}
    before = logged(args.log)
    jobs = []
    for job in wanted:
        outcome = before.get((key(job[0]), job[1]))
        if outcome is None:
            jobs.append(job)
        else:
            count(tallies[job[0]], outcome)
    if len(jobs) < len(wanted):
        sys.stderr.write(f"already in {args.log}: {len(wanted) - len(jobs)} of the "
                         f"{len(wanted)} games; {len(jobs)} to play\n")
    start = time.perf_counter()
    bar(0, len(jobs), start)
    for done, played in enumerate(finished(jobs, args.jobs), 1):
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(played.line() + "\n")
        count(tallies[played.cell], played.outcome, played.times)
        bar(done, len(jobs), start)
    sys.stderr.write("\n")
    text = table(tallies, args)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
