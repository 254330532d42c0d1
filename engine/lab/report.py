"""`wargames simulate --report DIR`: DIR/report.md and its PNG charts.

The report holds no time, date, machine or absolute path, so the same seeds give the same bytes
(the charts are saved without metadata, engine/lab/charts.py). With two scenarios (`--against`)
every table and chart shows both, and the win rates get their difference with its interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import mean, median

from engine.lab import charts
from engine.lab.records import GameRecord, Matchup
from engine.lab.stats import (
    Rate,
    completed,
    decisive,
    difference,
    endings,
    score_bands,
    win_rates,
)


@dataclass(frozen=True, slots=True)
class Run:
    """One scenario's games."""

    matchup: Matchup
    records: Sequence[GameRecord]
    label: str = ""


def _labelled(runs: Sequence[Run]) -> list[Run]:
    """Name each run by its scenario file, or by the scenario's own name when two files share
    a file name (two folders), or by its place when both names are equal too."""
    for naming in (lambda r: Path(r.matchup.scenario.path).name, lambda r: r.matchup.scenario.name):
        labels = [naming(r) for r in runs]
        if len(set(labels)) == len(labels):
            break
    else:
        labels = ["scenario", "against"][: len(runs)]
    return [Run(r.matchup, r.records, label) for r, label in zip(runs, labels, strict=True)]


def _pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def _interval(rate: Rate) -> str:
    return f"{_pct(rate.low)} to {_pct(rate.high)}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def write_report(folder: Path, runs: Sequence[Run], command: str) -> Path:
    """Write report.md and the charts into `folder` (created if needed); returns report.md."""
    folder.mkdir(parents=True, exist_ok=True)
    runs = _labelled(runs)
    first = runs[0].matchup
    plugin = first.plugin
    sides = first.factions
    names = {**plugin.side_names, "draw": "Draw"}
    seeds = [r.seed for r in runs[0].records]
    out: list[str] = [f"# Balance report: {plugin.title}", ""]
    for n, run in enumerate(runs):
        sc = run.matchup.scenario
        role = "Scenario" if n == 0 else "Against"
        out.append(f"- {role}: **{sc.title}** (`{sc.path}`, sha256 `{sc.sha256[:12]}`)")
    seats = ", ".join(f"{plugin.side_names.get(s, s)} = {a}" for s, a in
                      zip(plugin.sides, _agents(first), strict=True))
    out += [f"- Agents: {seats}",
            f"- {len(seeds)} games per scenario, seeds {seeds[0]} to {seeds[-1]}",
            f"- Reproduce: `{command}`", ""]
    for run in runs:
        failed = [r for r in run.records if not r.completed]
        done = len(run.records) - len(failed)
        line = f"{run.label}: {done} games completed"
        if failed:
            line += (f", {len(failed)} failed (seeds {', '.join(str(r.seed) for r in failed)};"
                     " they count nowhere below)")
        out.append(line + ".")
    out.append("")
    _win_section(out, folder, runs, names, sides)
    _length_section(out, folder, runs)
    _score_section(out, folder, runs, names, sides)
    _ending_section(out, folder, runs, names, sides)
    _decisive_section(out, runs, names, sides)
    path = folder / "report.md"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def _agents(matchup: Matchup) -> list[str]:
    return [matchup.agents[i % len(matchup.agents)] for i in range(len(matchup.plugin.sides))]


def _win_section(out: list[str], folder: Path, runs: Sequence[Run], names: dict[str, str],
                 sides: Sequence[str]) -> None:
    rates = [win_rates(run.records, sides) for run in runs]
    out += ["## Win rate", "",
            "Share of the completed games each side won, with the 95 % Wilson score interval.",
            ""]
    head = "| side |" + "".join(f" {run.label}: wins | rate | 95 % interval |" for run in runs)
    out += [head, "| --- |" + " --- | --- | --- |" * len(runs)]
    for key in rates[0]:
        row = f"| {names.get(key, key)} |"
        for found in rates:
            rate = found[key]
            row += f" {rate.wins} of {rate.games} | {_pct(rate.value)} | {_interval(rate)} |"
        out.append(row)
    out.append("")
    if len(runs) == 2:
        out += [f"Difference {runs[0].label} minus {runs[1].label} (95 % interval, Newcombe's"
                " method from the two Wilson intervals; an interval that does not hold 0 is a"
                " change these games can tell apart from chance):", "",
                "| side | difference | 95 % interval |", "| --- | --- | --- |"]
        for key in rates[0]:
            d = difference(rates[0][key], rates[1][key])
            out.append(f"| {names.get(key, key)} | {100 * d.value:+.1f} points | "
                       f"{100 * d.low:+.1f} to {100 * d.high:+.1f} |")
        out.append("")
    charts.win_rates(folder / "win-rate.png", [(r.label, x) for r, x in zip(runs, rates,
                     strict=True)], names, sides)
    out += ["![win rate per side](win-rate.png)", ""]


def _length_section(out: list[str], folder: Path, runs: Sequence[Run]) -> None:
    out += ["## Game length", "", "| scenario | mean turns | median | shortest | longest |",
            "| --- | --- | --- | --- | --- |"]
    groups = []
    for run in runs:
        turns = [r.turns for r in completed(run.records)]
        groups.append((run.label, turns))
        if turns:
            out.append(f"| {run.label} | {mean(turns):.2f} | {median(turns):g} | {min(turns)} |"
                       f" {max(turns)} |")
    out.append("")
    charts.lengths(folder / "game-length.png", groups)
    out += ["![game length histogram](game-length.png)", ""]


def _score_section(out: list[str], folder: Path, runs: Sequence[Run], names: dict[str, str],
                   sides: Sequence[str]) -> None:
    out += ["## Score by turn", ""]
    for n, run in enumerate(runs):
        bands = score_bands(run.records)
        if not bands:
            out += [f"{run.label}: the game's rules offer no per-turn score (`turn_scores`), so"
                    " there is no chart.", ""]
            continue
        name = "scores.png" if n == 0 else "scores-against.png"
        charts.scores(folder / name, f"Score by turn: {run.label}", bands, names, sides)
        if n == 0:
            out += ["The game's own scoreboard (its rules' `turn_scores`) read at the end of"
                    " every turn: the line is the median over the games still going, the band"
                    " runs from the first to the third quartile; a game that has ended stops"
                    " counting, so late turns rest on fewer games.", ""]
        out += [f"![score by turn, {run.label}]({name})", ""]


def _ending_section(out: list[str], folder: Path, runs: Sequence[Run], names: dict[str, str],
                    sides: Sequence[str]) -> None:
    found = [endings(run.records) for run in runs]
    out += ["## How the games ended", "",
            "The result's reason with its numbers replaced by N: one row per way of winning.",
            "", "| winner | ending |" + "".join(f" {run.label} |" for run in runs),
            "| --- | --- |" + " --- |" * len(runs)]
    counts = [{(w, f): c for w, f, c in group} for group in found]
    for w, f in dict.fromkeys((w, f) for group in found for w, f, _ in group):
        out.append(f"| {names.get(w, w)} | {_cell(f)} |"
                   + "".join(f" {c.get((w, f), 0)} |" for c in counts))
    out.append("")
    charts.endings(folder / "endings.png", [(r.label, x) for r, x in zip(runs, found,
                   strict=True)], names, sides)
    out += ["![how the games ended](endings.png)", ""]


def _decisive_section(out: list[str], runs: Sequence[Run], names: dict[str, str],
                      sides: Sequence[str]) -> None:
    out += ["## Ten most decisive events", ""]
    for run in runs:
        found = decisive(run.records, sides)
        if len(runs) > 1:
            out += [f"{run.label}:", ""]
        out += ["Action kinds (the deciding side, the action, and its card when it plays one)"
                " whose presence in a game goes with the largest change in a side's win rate."
                " A correlation, not a cause: an action can also mark a game already decided.",
                ""]
        if not found:
            out += ["No action kind goes with a change in the win rate: either every game ended"
                    " with the same winner, or no kind is both chosen and left out in enough"
                    " games to compare (at least 3 games, or 5 %, each way).", ""]
            continue
        out += ["| action kind | games with it | times chosen | games without | side |"
                " win rate with | without | change |",
                "| --- | --- | --- | --- | --- | --- | --- | --- |"]
        for d in found:
            out.append(f"| {_cell(d.kind)} | {d.present} | {d.uses} | {d.absent} |"
                       f" {names.get(d.side, d.side)} | {_pct(d.with_kind)} |"
                       f" {_pct(d.without_kind)} | {100 * d.change:+.1f} points |")
        out.append("")
