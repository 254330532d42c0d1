"""Checks a scenario designer trips over, shared by the games' `checks` modules (issue 12):
die and track tables with gaps or overlaps, rows keyed twice, declared totals that the data does
not add up to, and places no path reaches.

Each helper returns `Problem`s at the YAML place they are about (file:line:col, the line quoted),
so `wargames validate` and F5 in a game show them like every other error. The games decide where
each concept exists in their data; these helpers only do the counting.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from engine.data.yamlio import LoadedDoc, Problem, YamlPath

__all__ = ["band_problems", "components", "declared_total", "index_of", "keyed_rows", "span"]

K = TypeVar("K", bound=Hashable)


def span(values: Iterable[int]) -> str:
    """Integers as short ranges: [1, 2, 3, 7] -> "1-3, 7"."""
    ordered = sorted(set(values))
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        parts.append(str(ordered[i]) if i == j else f"{ordered[i]}-{ordered[j]}")
        i = j + 1
    return ", ".join(parts)


def band_problems(doc: LoadedDoc, path: YamlPath, bands: Sequence[tuple[int, int]], low: int,
                  high: int, what: str) -> list[Problem]:
    """A table of bands (`from`-`to` rows, as in "4-6: 2 cards") must read every value from
    `low` to `high` once: a band whose `from` is above its `to`, a value read by two bands
    (reported on the later one) or by none, or a band reaching outside the range."""
    problems: list[Problem] = []
    owner: dict[int, int] = {}
    for i, (start, end) in enumerate(bands):
        if start > end:
            problems.append(doc.problem((*path, i, "from"),
                                        f"this {what} band starts at {start}, above its end {end}"))
            continue
        outside = [v for v in range(start, end + 1) if not low <= v <= high]
        if outside:
            problems.append(doc.problem((*path, i), f"this {what} band reads {span(outside)}, "
                                        f"outside {low}-{high}"))
        twice = [v for v in range(max(start, low), min(end, high) + 1) if v in owner]
        if twice:
            first = doc.mark((*path, owner[twice[0]]))[0]
            problems.append(doc.problem((*path, i), f"{what} {span(twice)} also read by the band "
                                        f"at line {first} (bands overlap)"))
        for v in range(max(start, low), min(end, high) + 1):
            owner.setdefault(v, i)
    missing = [v for v in range(low, high + 1) if v not in owner]
    if missing:
        problems.append(doc.problem(path, f"no band reads {what} {span(missing)} (a gap in "
                                    f"{low}-{high})"))
    return problems


def keyed_rows(doc: LoadedDoc, path: YamlPath, keys: Sequence[K], what: str,
               expected: Iterable[K] | None = None, field: str | None = None,
               name: Callable[[K], str] = str, gap_note: str = "") -> list[Problem]:
    """Rows looked up by a key (a die result, a turn, a grid cell): a key given twice (an
    overlap, reported on the later row) and, with `expected`, a key no row has (a gap). `field`
    names the key's field in each row, so the problem points at it; `name` writes a key."""
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
    if expected is not None:
        missing = [k for k in expected if k not in first]
        if missing:
            numbers = [k for k in missing if isinstance(k, int)]
            listed = span(numbers) if len(numbers) == len(missing) \
                else ", ".join(name(k) for k in missing)
            problems.append(doc.problem(path, f"{what} {listed}: none given (a gap"
                                        f"{'; ' + gap_note if gap_note else ''})"))
    return problems


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
