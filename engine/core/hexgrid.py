"""Hex grid math in cube coordinates, with the names and algorithms of the Red Blob Games hexagon
guide: `Hex` (q + r + s = 0), neighbours, distance, rounding, line drawing, ranges, rings,
rotation, offset coordinates for labels and YAML, and cheapest-path search over a hex map.

A fractional hex (the result of `hex_lerp` or of a pixel lookup) is a plain `(q, r)` pair of
floats; `hex_round` turns it into the `Hex` that contains it. What sits on a hex lives in a
`dict[Hex, ...]` kept by the caller, never inside `Hex`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from engine.core.graphsearch import cheapest_path, reachable

FractionalHex = tuple[float, float]
"""A point in hex space as fractional (q, r); s is -q - r."""

StepCost = Callable[["Hex", "Hex"], float | None]
"""Cost of stepping from the first hex to the adjacent second one; None means the step is
blocked (off-map, sea, occupied...). Costs must not be negative."""

StopRule = Callable[["Hex"], bool]
"""True for a hex a unit may enter but not leave in the same move (an enemy control zone)."""


class Hex(NamedTuple):
    """A hex in cube coordinates; only q and r are stored because s = -q - r.

    Ordered by (q, r) so collections of hexes sort the same way on every run. A named tuple,
    not a dataclass: maps and sets keyed by hexes are the hot paths of the hex-map rules, and a
    tuple hashes and compares in C (a dataclass's generated `__hash__` and `__eq__` are Python
    calls). Its hash is that of the pair (q, r), as the dataclass's was, so sets and dicts of
    hexes iterate in the same order as before; `stable_hash` still writes it as {q, r}.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, so that q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, other: object) -> Hex:
        raise TypeError("a hex is not a sequence to repeat; use scale(k)")

    def __rmul__(self, other: object) -> Hex:
        raise TypeError("a hex is not a sequence to repeat; use scale(k)")

    def scale(self, k: int) -> Hex:
        """This hex as a vector multiplied by `k` (the guide's hex_scale)."""
        return Hex(self.q * k, self.r * k)

    def __copy__(self) -> Hex:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Hex:
        return self


_DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
_DIAGONALS = (Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2), Hex(1, 1))


def hex_direction(i: int) -> Hex:
    """The unit vector of direction `i`, counter-clockwise from +q; `i` is taken modulo 6 so a
    caller can turn by adding or subtracting."""
    return _DIRECTIONS[i % 6]


def hex_neighbor(h: Hex, i: int) -> Hex:
    """The hex next to `h` in direction `i` (modulo 6)."""
    return h + _DIRECTIONS[i % 6]


def hex_neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes next to `h`, in direction order 0..5."""
    q, r = h
    return (Hex(q + 1, r), Hex(q + 1, r - 1), Hex(q, r - 1),
            Hex(q - 1, r), Hex(q - 1, r + 1), Hex(q, r + 1))


def hex_diagonal_neighbor(h: Hex, i: int) -> Hex:
    """The hex two steps away across the corner between directions `i` and `i + 1` (modulo 6)."""
    return h + _DIAGONALS[i % 6]


def hex_length(h: Hex) -> int:
    """Number of steps from the origin to `h`."""
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between `a` and `b` on an empty grid."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_round(fq: float, fr: float) -> Hex:
    """The hex containing the fractional point (fq, fr).

    Rounds all three cube coordinates, then recomputes the one that moved most so the result
    keeps q + r + s == 0.
    """
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def hex_lerp(a: FractionalHex, b: FractionalHex, t: float) -> FractionalHex:
    """The fractional point a fraction `t` of the way from `a` to `b`."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# Shifting both ends off the grid lines keeps a line that runs exactly along an edge between two
# hexes from rounding to one side at some steps and to the other side at others.
_NUDGE = 1e-6


def hex_linedraw(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from `a` to `b` passes through, `a` and `b` included; there are
    hex_distance(a, b) + 1 of them and each is adjacent to the next."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    start = (a.q + _NUDGE, a.r + _NUDGE)
    end = (b.q + _NUDGE, b.r + _NUDGE)
    return [hex_round(*hex_lerp(start, end, i / n)) for i in range(n + 1)]


def hex_range(center: Hex, n: int) -> list[Hex]:
    """Every hex within `n` steps of `center` (3n(n+1) + 1 hexes), sorted by (q, r)."""
    return [
        Hex(center.q + dq, center.r + dr)
        for dq in range(-n, n + 1)
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1)
    ]


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` steps from `center` (6 * radius of them; just `center` for
    radius 0), walking once around the ring."""
    if radius == 0:
        return [center]
    ring: list[Hex] = []
    h = center + _DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            ring.append(h)
            h = h + _DIRECTIONS[side]
    return ring


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """The same hexes as hex_range, ordered from `center` outwards ring by ring."""
    spiral = [center]
    for k in range(1, radius + 1):
        spiral.extend(hex_ring(center, k))
    return spiral


def hex_rotate_left(h: Hex) -> Hex:
    """`h` turned 60 degrees counter-clockwise about the origin."""
    return Hex(-h.s, -h.q)


def hex_rotate_right(h: Hex) -> Hex:
    """`h` turned 60 degrees clockwise about the origin."""
    return Hex(-h.r, -h.s)


@dataclass(frozen=True, slots=True)
class OffsetCoord:
    """Column and row as printed on a map or written in YAML; convert to `Hex` for any math."""

    col: int
    row: int


class Offset(IntEnum):
    """Which alternate rows (pointy-top) or columns (flat-top) are pushed out by half a hex."""

    EVEN = 1
    ODD = -1


EVEN = Offset.EVEN
ODD = Offset.ODD


def qoffset_from_cube(offset: Offset, h: Hex) -> OffsetCoord:
    """Offset coordinates of `h` on a flat-top map whose odd or even columns are shifted down."""
    return OffsetCoord(h.q, h.r + (h.q + offset * (h.q & 1)) // 2)


def qoffset_to_cube(offset: Offset, c: OffsetCoord) -> Hex:
    """The hex at column/row `c` of a flat-top map whose odd or even columns are shifted down."""
    return Hex(c.col, c.row - (c.col + offset * (c.col & 1)) // 2)


def roffset_from_cube(offset: Offset, h: Hex) -> OffsetCoord:
    """Offset coordinates of `h` on a pointy-top map whose odd or even rows are shifted right."""
    return OffsetCoord(h.q + (h.r + offset * (h.r & 1)) // 2, h.r)


def roffset_to_cube(offset: Offset, c: OffsetCoord) -> Hex:
    """The hex at column/row `c` of a pointy-top map whose odd or even rows are shifted right."""
    return Hex(c.col - (c.row + offset * (c.row & 1)) // 2, c.row)


def hex_path(
    start: Hex,
    goal: Hex,
    cost: StepCost,
    *,
    stop: StopRule | None = None,
    min_step_cost: float = 0.0,
) -> tuple[list[Hex], float] | None:
    """The cheapest route from `start` to `goal` and its total cost, or None if none exists.

    A* search: `cost` prices each step and blocks with None; a hex for which `stop` is true may
    end the route but not be passed through (the start hex is exempt, having not been entered).
    `min_step_cost` is a lower bound on every step's cost: a positive bound lets hex distance
    guide the search, while the default 0 searches plainly and is right for any costs. A bound
    above the real cheapest step may return a route that is not the cheapest.
    """

    def estimate(h: Hex) -> float:
        return min_step_cost * hex_distance(h, goal)

    heuristic = estimate if min_step_cost else None
    return cheapest_path(start, goal, hex_neighbors, cost, stop, heuristic)


def hex_reachable(
    start: Hex,
    budget: float,
    cost: StepCost,
    *,
    stop: StopRule | None = None,
) -> dict[Hex, float]:
    """Every hex reachable from `start` spending at most `budget`, with the least cost spent to
    reach it (`start` itself at 0).

    Dijkstra search with the same `cost` and `stop` rules as hex_path: a hex where `stop` is
    true is reached but not moved through, except the start hex.
    """
    return reachable(start, budget, hex_neighbors, cost, stop)
