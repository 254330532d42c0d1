"""Checks a scenario designer trips over, shared by the games' `checks` modules (issue 12):
die and track tables with gaps or overlaps, rows keyed twice, declared totals that the data does
not add up to, and places no path reaches.

Each helper returns `Problem`s at the YAML place they are about (file:line:col, the line quoted),
so `wargames validate` and F5 in a game show them like every other error. The games decide where
each concept exists in their data; these helpers only do the counting.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from engine.data.yamlio import LoadedDoc, Problem, YamlPath

__all__ = ["band_problems", "components", "declared_total", "index_of", "keyed_rows", "span",
           "span_ranges"]

K = TypeVar("K", bound=Hashable)


def span(values: Iterable[int]) -> str:
    """Integers as short ranges: [1, 2, 3, 7] -> "1-3, 7"."""
    ordered = sorted(set(values))
    ranges: list[tuple[int, int]] = []
    for v in ordered:
        if ranges and ranges[-1][1] == v - 1:
            ranges[-1] = (ranges[-1][0], v)
        else:
            ranges.append((v, v))
    return span_ranges(ranges)


def span_ranges(ranges: Iterable[tuple[int, int]]) -> str:
    """Ranges of integers, in order, as text: [(1, 3), (7, 7)] -> "1-3, 7"."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


MAX_OVERLAPS = 100
"""Overlapping bands of one table reported (each names the earlier band, found by a scan)."""


def band_problems(doc: LoadedDoc, path: YamlPath, bands: Sequence[tuple[int, int]], low: int,
                  high: int, what: str) -> list[Problem]:
    """A table of bands (`from`-`to` rows, as in "4-6: 2 cards") must read every value from
    `low` to `high` once: a band whose `from` is above its `to`, a value read by two bands
    (reported on the later one) or by none, or a band reaching outside the range.

    The bands are handled as ranges, never value by value, so a band of a billion values
    costs what a band of three does."""
    problems: list[Problem] = []
    starts: list[int] = []
    ends: list[int] = []
    """The values read so far, as sorted disjoint ranges."""
    seen: list[tuple[int, int, int]] = []
    """Each band so far, within the range, and its index."""
    overlaps = 0
    for i, (start, end) in enumerate(bands):
        if start > end:
            problems.append(doc.problem((*path, i, "from"),
                                        f"this {what} band starts at {start}, above its end {end}"))
            continue
        outside = [(a, b) for a, b in ((start, min(end, low - 1)), (max(start, high + 1), end))
                   if a <= b]
        if outside:
            problems.append(doc.problem((*path, i), f"this {what} band reads "
                                        f"{span_ranges(outside)}, outside {low}-{high}"))
        a, b = max(start, low), min(end, high)
        if a > b:
            continue
        first = bisect.bisect_left(ends, a)
        last = bisect.bisect_right(starts, b)
        if first < last and overlaps < MAX_OVERLAPS:
            overlaps += 1
            twice = [(max(a, s), min(b, e)) for s, e in zip(starts[first:last],
                                                            ends[first:last], strict=True)]
            value = twice[0][0]
            earlier = next(j for x, y, j in seen if x <= value <= y)
            line = doc.mark((*path, earlier))[0]
            problems.append(doc.problem((*path, i), f"{what} {span_ranges(twice)} also read by "
                                        f"the band at line {line} (bands overlap)"))
        if first < last:
            a, b = min(a, starts[first]), max(b, ends[last - 1])
        starts[first:last] = [a]
        ends[first:last] = [b]
        seen.append((max(start, low), min(end, high), i))
    missing: list[tuple[int, int]] = []
    below = low
    for s, e in zip(starts, ends, strict=True):
        if s > below:
            missing.append((below, s - 1))
        below = e + 1
    if below <= high:
        missing.append((below, high))
    if missing:
        problems.append(doc.problem(path, f"no band reads {what} {span_ranges(missing)} (a gap "
                                    f"in {low}-{high})"))
    return problems


def keyed_rows(doc: LoadedDoc, path: YamlPath, keys: Sequence[K], what: str,
               expected: Iterable[K] | None = None, field: str | None = None,
               name: Callable[[K], str] = str, gap_note: str = "") -> list[Problem]:
    """Rows looked up by a key (a die result, a turn, a grid cell): a key given twice (an
    overlap, reported on the later row) and, with `expected`, a key no row has (a gap). `field`
    names the key's field in each row, so the problem points at it; `name` writes a key. An
    `expected` range of integers is compared as a range (a turn track numbered up to a billion
    is not walked turn by turn)."""
    problems: list[Problem] = []
    first: dict[K, int] = {}
    for i, key in enumerate(keys):
        if key in first:
            where = (*path, i, field) if field else (*path, i)
            line = doc.mark((*path, first[key]))[0]
            problems.append(doc.problem(where, f"{what} {name(key)} is given twice (first at "
                                        f"line {line}); the table is read once per {what}"))
        else:
            first[key] = i
    if isinstance(expected, range) and expected.step == 1:
        gaps = _range_gaps(expected, first)
        if gaps:
            problems.append(doc.problem(path, f"{what} {span_ranges(gaps)}: none given (a gap"
                                        f"{'; ' + gap_note if gap_note else ''})"))
    elif expected is not None:
        missing = [k for k in expected if k not in first]
        if missing:
            numbers = [k for k in missing if isinstance(k, int)]
            listed = span(numbers) if len(numbers) == len(missing) \
                else ", ".join(name(k) for k in missing)
            problems.append(doc.problem(path, f"{what} {listed}: none given (a gap"
                                        f"{'; ' + gap_note if gap_note else ''})"))
    return problems


def _range_gaps(expected: range, keys: Iterable[object]) -> list[tuple[int, int]]:
    """The parts of `expected` (step 1) that none of `keys` falls in, as ranges."""
    found = sorted(k for k in keys if isinstance(k, int) and k in expected)
    gaps: list[tuple[int, int]] = []
    below = expected.start
    for k in found:
        if k > below:
            gaps.append((below, k - 1))
        below = k + 1
    if below < expected.stop:
        gaps.append((below, expected.stop - 1))
    return gaps


def declared_total(doc: LoadedDoc, path: YamlPath, declared: int, found: int,
                   what: str) -> list[Problem]:
    """A total the data declares (a deck's size) against what it holds."""
    if declared == found:
        return []
    return [doc.problem(path, f"declares {declared} {what}, but {found} are listed")]


def components(nodes: Iterable[K], edges: Iterable[tuple[K, K]]) -> list[set[K]]:
    """The connected groups of an undirected graph, the largest first (ties: first seen)."""
    neighbours: dict[K, set[K]] = {n: set() for n in nodes}
    for a, b in edges:
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    seen: set[K] = set()
    groups: list[set[K]] = []
    for start in neighbours:
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            for n in neighbours[todo.pop()]:
                if n not in group:
                    group.add(n)
                    todo.append(n)
        seen |= group
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


def index_of(items: Sequence[Mapping[str, object]], key: str = "id") -> dict[object, int]:
    """Position of each item by its `key`, for pointing a problem at the item."""
    return {item.get(key): i for i, item in enumerate(items) if isinstance(item, Mapping)}
