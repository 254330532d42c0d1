"""The statistics of a balance report: win rates with Wilson intervals, the difference of two
win rates (Newcombe's interval built from the two Wilson intervals), quartiles of a score by
turn, how games ended, and which action kinds go with a change in the win rate."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.lab.records import GameRecord

Z95 = 1.959963984540054  # the two-sided 95 % point of the normal distribution


@dataclass(frozen=True, slots=True)
class Rate:
    """`wins` of `games`, with the 95 % Wilson score interval [low, high]."""

    wins: int
    games: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.wins / self.games if self.games else 0.0


def wilson(wins: int, games: int, z: float = Z95) -> Rate:
    """Wilson's score interval: unlike p ± z·√(p(1-p)/n) it stays inside [0, 1] and does not
    collapse to a point at 0 or n wins, which balance runs often produce."""
    if games == 0:
        return Rate(0, 0, 0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return Rate(wins, games, low, high)


@dataclass(frozen=True, slots=True)
class Difference:
    """a - b with its 95 % interval."""

    value: float
    low: float
    high: float


def difference(a: Rate, b: Rate) -> Difference:
    """Newcombe's hybrid score interval for the difference of two independent proportions
    (method 10 of Newcombe 1998), from the Wilson interval of each."""
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Difference(d, max(-1.0, low), min(1.0, high))


def completed(records: Sequence[GameRecord]) -> list[GameRecord]:
    return [r for r in records if r.completed]


def win_rates(records: Sequence[GameRecord], factions: Sequence[str]) -> dict[str, Rate]:
    """Per side and for draws ("draw"), over the completed games."""
    games = completed(records)
    counts = Counter(r.winner or "draw" for r in games)
    return {k: wilson(counts[k], len(games)) for k in [*factions, "draw"]}


_SECTION = re.compile(r"\((?:section |§)?[0-9][0-9a-z.]*[^()]*\)")
_NUMBER = re.compile(r"\d+")


def reason_family(reason: str) -> str:
    """A result's reason with its numbers replaced by "N" (cited sections kept): "Spain
    surrenders with Morale 3 and 2 cities taken (5.3.1)" and "… Morale 4 and 1 city …" are one
    way of ending. Only digits change: "1 city" and "2 cities" stay two families."""
    kept: list[str] = []
    last = 0
    for match in _SECTION.finditer(reason):
        kept.append(_NUMBER.sub("N", reason[last:match.start()]))
        kept.append(match.group())
        last = match.end()
    kept.append(_NUMBER.sub("N", reason[last:]))
    return "".join(kept)


def endings(records: Sequence[GameRecord]) -> list[tuple[str, str, int]]:
    """(winner or "draw", reason family, games), most frequent first, ties by name."""
    counts = Counter((r.winner or "draw", reason_family(r.reason)) for r in completed(records))
    return sorted(((w, f, n) for (w, f), n in counts.items()), key=lambda t: (-t[2], t[0], t[1]))


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile), linear interpolation between order statistics
    (numpy's default), computed here so it is the same everywhere."""
    ordered = sorted(values)

    def at(q: float) -> float:
        pos = q * (len(ordered) - 1)
        below = math.floor(pos)
        above = min(below + 1, len(ordered) - 1)
        return ordered[below] + (ordered[above] - ordered[below]) * (pos - below)

    return at(0.25), at(0.5), at(0.75)


@dataclass(frozen=True, slots=True)
class Band:
    """One side's score on one metric, turn by turn: the quartiles over the games still going
    at the end of that turn (a finished game stops counting)."""

    metric: str
    side: str
    turns: tuple[int, ...]
    q1: tuple[float, ...]
    median: tuple[float, ...]
    q3: tuple[float, ...]
    games: tuple[int, ...]


def score_bands(records: Sequence[GameRecord]) -> list[Band]:
    """Every (metric, side) the games reported, in the order the game first named them."""
    series: dict[tuple[str, str], dict[int, list[float]]] = {}
    for record in completed(records):
        for turn, board in record.scores:
            for metric, values in board.items():
                for side, value in values.items():
                    series.setdefault((metric, side), {}).setdefault(turn, []).append(value)
    bands = []
    for (metric, side), by_turn in series.items():
        turns = tuple(sorted(by_turn))
        qs = [quartiles(by_turn[t]) for t in turns]
        bands.append(Band(metric, side, turns, tuple(q[0] for q in qs),
                          tuple(q[1] for q in qs), tuple(q[2] for q in qs),
                          tuple(len(by_turn[t]) for t in turns)))
    return bands


@dataclass(frozen=True, slots=True)
class Decisive:
    """An action kind and the win rate of `side` in the games where it was chosen at least once
    (`present` games, `uses` times in all) against the games where it was not (`absent`)."""

    kind: str
    side: str
    present: int
    absent: int
    uses: int
    with_kind: float
    without_kind: float

    @property
    def change(self) -> float:
        return self.with_kind - self.without_kind


def decisive(records: Sequence[GameRecord], factions: Sequence[str], top: int = 10,
             ) -> list[Decisive]:
    """The `top` action kinds whose presence goes with the largest change in a side's win rate.

    A kind chosen in (nearly) every game or (nearly) none says nothing, so a kind counts only
    when it is present in, and absent from, at least max(3, 5 % of the games) games each, and
    only when it changes some side's win rate (when one side wins every game, none does). This
    is a correlation over the games played, not a cause: a kind can mark a game already won."""
    games = completed(records)
    floor = max(3, math.ceil(0.05 * len(games)))
    uses: Counter[str] = Counter()
    present: Counter[str] = Counter()
    for record in games:
        uses.update(record.kinds)
        present.update(record.kinds.keys())
    found = []
    for kind in sorted(present):
        n_with = present[kind]
        n_without = len(games) - n_with
        if n_with < floor or n_without < floor:
            continue
        best: Decisive | None = None
        for side in factions:
            won_with = sum(1 for r in games if kind in r.kinds and r.winner == side)
            won_without = sum(1 for r in games if kind not in r.kinds and r.winner == side)
            entry = Decisive(kind, side, n_with, n_without, uses[kind], won_with / n_with,
                             won_without / n_without)
            if best is None or abs(entry.change) > abs(best.change):
                best = entry
        assert best is not None
        if best.change:
            found.append(best)
    found.sort(key=lambda d: (-abs(d.change), d.kind))
    return found[:top]
