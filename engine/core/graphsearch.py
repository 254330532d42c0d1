"""Cheapest-route search over any map given as callbacks: the route to one goal (A*, or plain
Dijkstra without a heuristic) and every node within a budget (Dijkstra).

Hex maps (`hexgrid.hex_path`) and area maps (`AreaMap.path`) both search here. A node may be
anything hashable: a `Hex`, a space id. Of two frontier nodes with the same priority the one
found first is taken, so a search answers the same on every run (replays depend on it).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from itertools import count
from typing import Final, TypeVar

N = TypeVar("N", bound=Hashable)

Neighbors = Callable[[N], Iterable[N]]
"""The nodes one step from a node, in a fixed order (the order breaks ties)."""

StepCost = Callable[[N, N], float | None]
"""Cost of stepping from the first node to the adjacent second one; None means the step is
blocked. Costs must not be negative."""

StopRule = Callable[[N], bool]
"""True for a node a route may enter but not leave (an enemy control zone)."""

Heuristic = Callable[[N], float]
"""A lower bound on the cost still to pay from a node to the goal."""

_NO_GOAL: Final = object()


def cheapest_path(
    start: N,
    goal: N,
    neighbors: Neighbors[N],
    cost: StepCost[N],
    stop: StopRule[N] | None = None,
    heuristic: Heuristic[N] | None = None,
) -> tuple[list[N], float] | None:
    """The cheapest route from `start` to `goal` (both included) and its cost, or None.

    `cost` prices each step and blocks with None (ValueError for a negative cost); a node for
    which `stop` is true may end the route but not be passed through, except `start`, which
    was not entered. With a `heuristic` the search is A*: it finds the cheapest route when the
    heuristic never overestimates, and may return a dearer one when it does.
    """
    spent, came_from = _search(start, neighbors, cost, stop, goal=goal, heuristic=heuristic)
    if goal not in spent:
        return None
    route = [goal]
    while route[-1] in came_from:
        route.append(came_from[route[-1]])
    route.reverse()
    return route, spent[goal]


def reachable(
    start: N,
    budget: float,
    neighbors: Neighbors[N],
    cost: StepCost[N],
    stop: StopRule[N] | None = None,
) -> dict[N, float]:
    """Every node reachable from `start` spending at most `budget`, with the least cost to
    reach it (`start` at 0), in the order found; `cost` and `stop` work as in cheapest_path."""
    spent, _ = _search(start, neighbors, cost, stop, budget=budget)
    return spent


def _search(
    start: N,
    neighbors: Neighbors[N],
    cost: StepCost[N],
    stop: StopRule[N] | None,
    *,
    goal: object = _NO_GOAL,
    budget: float | None = None,
    heuristic: Heuristic[N] | None = None,
) -> tuple[dict[N, float], dict[N, N]]:
    """Best-first search from `start`, ending once `goal` is settled; returns the least cost to
    each node found and the predecessor of each on its cheapest route."""
    spent: dict[N, float] = {start: 0}
    came_from: dict[N, N] = {}
    tiebreak = count()
    frontier: list[tuple[float, int, float, N]] = [(0, next(tiebreak), 0, start)]
    while frontier:
        _, _, so_far, current = heapq.heappop(frontier)
        if so_far > spent[current]:
            continue
        if current == goal:
            break
        if current != start and stop is not None and stop(current):
            continue
        for nxt in neighbors(current):
            step = cost(current, nxt)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {current!r} to {nxt!r}")
            total = so_far + step
            if (budget is None or total <= budget) and (nxt not in spent or total < spent[nxt]):
                spent[nxt] = total
                came_from[nxt] = current
                priority = total if heuristic is None else total + heuristic(nxt)
                heapq.heappush(frontier, (priority, next(tiebreak), total, nxt))
    return spent, came_from
