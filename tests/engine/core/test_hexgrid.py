"""Hex grid math: worked examples and properties of the Red Blob Games hexagon guide's functions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.hexgrid import (
    EVEN,
    ODD,
    Hex,
    Offset,
    OffsetCoord,
    StepCost,
    hex_diagonal_neighbor,
    hex_direction,
    hex_distance,
    hex_length,
    hex_lerp,
    hex_linedraw,
    hex_neighbor,
    hex_neighbors,
    hex_path,
    hex_range,
    hex_reachable,
    hex_ring,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_spiral,
    qoffset_from_cube,
    qoffset_to_cube,
    roffset_from_cube,
    roffset_to_cube,
)

coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)
radii = st.integers(0, 6)
offsets = st.sampled_from([EVEN, ODD])
FAST = settings(max_examples=60, deadline=None)


def test_s_completes_cube_coordinates() -> None:
    assert Hex(3, -5).s == 2


def test_arithmetic() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, -2).scale(3) == Hex(3, -6)


def test_neighbors_in_direction_order() -> None:
    assert hex_neighbor(Hex(1, -2), 2) == Hex(1, -3)
    assert hex_neighbor(Hex(1, -2), 8) == Hex(1, -3)
    assert hex_direction(-1) == hex_direction(5)
    assert hex_neighbors(Hex(0, 0))[0] == Hex(1, 0)


def test_diagonal_neighbor() -> None:
    assert hex_diagonal_neighbor(Hex(1, -2), 1) == Hex(2, -4)
    for i in range(6):
        assert hex_diagonal_neighbor(Hex(0, 0), i) == hex_direction(i) + hex_direction(i + 1)


def test_distance_example() -> None:
    assert hex_distance(Hex(3, -7), Hex(0, 0)) == 7
    assert hex_length(Hex(3, -7)) == 7


def test_round_examples() -> None:
    a, b, c = (0.0, 0.0), (1.0, -1.0), (0.0, -1.0)
    mixed = (
        a[0] * 0.4 + b[0] * 0.3 + c[0] * 0.3,
        a[1] * 0.4 + b[1] * 0.3 + c[1] * 0.3,
    )
    assert hex_round(*mixed) == Hex(0, 0)
    assert hex_round(*hex_lerp((0.0, 0.0), (10.0, -20.0), 0.5)) == Hex(5, -10)


def test_linedraw_example() -> None:
    assert hex_linedraw(Hex(0, 0), Hex(1, -5)) == [
        Hex(0, 0),
        Hex(0, -1),
        Hex(0, -2),
        Hex(1, -3),
        Hex(1, -4),
        Hex(1, -5),
    ]


def test_rotate_example() -> None:
    assert hex_rotate_right(Hex(1, -3)) == Hex(3, -2)
    assert hex_rotate_left(Hex(1, -3)) == Hex(-2, -1)


def test_offset_examples() -> None:
    a, b = Hex(3, 4), OffsetCoord(1, -3)
    assert qoffset_from_cube(EVEN, a) == OffsetCoord(3, 6)
    assert qoffset_from_cube(ODD, a) == OffsetCoord(3, 5)
    assert roffset_from_cube(EVEN, a) == OffsetCoord(5, 4)
    assert roffset_from_cube(ODD, a) == OffsetCoord(5, 4)
    assert qoffset_to_cube(EVEN, b) == Hex(1, -4)
    assert qoffset_to_cube(ODD, b) == Hex(1, -3)
    assert roffset_to_cube(EVEN, b) == Hex(2, -3)
    assert roffset_to_cube(ODD, b) == Hex(3, -3)


def test_spiral_is_range_from_the_centre_outwards() -> None:
    spiral = hex_spiral(Hex(2, 1), 3)
    assert spiral[0] == Hex(2, 1)
    assert sorted(spiral) == hex_range(Hex(2, 1), 3)
    assert [hex_distance(Hex(2, 1), h) for h in spiral] == sorted(
        hex_distance(Hex(2, 1), h) for h in spiral
    )


@FAST
@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)


@FAST
@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@FAST
@given(hexes)
def test_neighbors_at_distance_one(h: Hex) -> None:
    neighbours = hex_neighbors(h)
    assert len(set(neighbours)) == 6
    assert all(hex_distance(h, n) == 1 for n in neighbours)
    assert all(hex_distance(h, hex_diagonal_neighbor(h, i)) == 2 for i in range(6))


@FAST
@given(hexes, radii)
def test_ring_size_and_distance(center: Hex, radius: int) -> None:
    ring = hex_ring(center, radius)
    assert len(set(ring)) == max(1, 6 * radius)
    assert all(hex_distance(center, h) == radius for h in ring)


@FAST
@given(hexes, radii)
def test_range_size_and_distance(center: Hex, n: int) -> None:
    hexes_in_range = hex_range(center, n)
    assert len(set(hexes_in_range)) == 3 * n * (n + 1) + 1
    assert all(hex_distance(center, h) <= n for h in hexes_in_range)


@FAST
@given(hexes, hexes)
def test_linedraw_is_contiguous(a: Hex, b: Hex) -> None:
    line = hex_linedraw(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(x, y) == 1 for x, y in zip(line, line[1:], strict=False))


@FAST
@given(st.floats(-50, 50), st.floats(-50, 50))
def test_round_picks_the_nearest_centre(fq: float, fr: float) -> None:
    h = hex_round(fq, fr)

    def gap(q: float, r: float) -> float:
        return max(abs(q - fq), abs(r - fr), abs((-q - r) - (-fq - fr)))

    assert gap(h.q, h.r) <= min(gap(n.q, n.r) for n in hex_neighbors(h)) + 1e-9


@FAST
@given(offsets, hexes)
def test_offset_round_trips_from_cube(offset: Offset, h: Hex) -> None:
    assert qoffset_to_cube(offset, qoffset_from_cube(offset, h)) == h
    assert roffset_to_cube(offset, roffset_from_cube(offset, h)) == h


@FAST
@given(offsets, coords, coords)
def test_offset_round_trips_from_offset(offset: Offset, col: int, row: int) -> None:
    c = OffsetCoord(col, row)
    assert qoffset_from_cube(offset, qoffset_to_cube(offset, c)) == c
    assert roffset_from_cube(offset, roffset_to_cube(offset, c)) == c


@FAST
@given(hexes)
def test_rotate_six_times_is_identity(h: Hex) -> None:
    left, right = h, h
    for _ in range(6):
        left, right = hex_rotate_left(left), hex_rotate_right(right)
    assert left == h and right == h
    assert hex_rotate_left(hex_rotate_right(h)) == h
    assert hex_length(hex_rotate_left(h)) == hex_length(h)


# --- path search -----------------------------------------------------------------------------

BOARD = hex_range(Hex(0, 0), 3)
terrain_costs = st.lists(
    st.sampled_from([None, 1, 1, 2, 3]), min_size=len(BOARD), max_size=len(BOARD)
)
board_hexes = st.sampled_from(BOARD)


def entry_cost(terrain: dict[Hex, int | None]) -> StepCost:
    """Cost of a step is the entered hex's terrain; off the board or None is blocked."""

    def cost(a: Hex, b: Hex) -> float | None:
        return terrain.get(b)

    return cost


def oracle(
    start: Hex, terrain: dict[Hex, int | None], stop: frozenset[Hex] = frozenset()
) -> dict[Hex, float]:
    """Least cost to every hex by repeated relaxation of every step until nothing improves."""
    best: dict[Hex, float] = {start: 0}
    changed = True
    while changed:
        changed = False
        for a in list(best):
            if a != start and a in stop:
                continue
            for b in hex_neighbors(a):
                c = terrain.get(b)
                if c is not None and best[a] + c < best.get(b, math.inf):
                    best[b] = best[a] + c
                    changed = True
    return best


@FAST
@given(terrain_costs, board_hexes, board_hexes)
def test_path_is_cheapest_and_costs_its_steps(
    costs: list[int | None], start: Hex, goal: Hex
) -> None:
    terrain = dict(zip(BOARD, costs, strict=True))
    cost = entry_cost(terrain)
    expected = oracle(start, terrain)
    for min_step in (0.0, 1.0):
        found = hex_path(start, goal, cost, min_step_cost=min_step)
        if goal not in expected:
            assert found is None
            continue
        assert found is not None
        path, total = found
        assert path[0] == start and path[-1] == goal
        assert total == sum(terrain[b] or 0 for b in path[1:])
        assert all(terrain[b] is not None for b in path[1:])
        assert all(hex_distance(a, b) == 1 for a, b in zip(path, path[1:], strict=False))
        assert total == expected[goal]


def test_path_to_self_is_free() -> None:
    assert hex_path(Hex(0, 0), Hex(0, 0), lambda a, b: None) == ([Hex(0, 0)], 0)


def test_path_goes_around_a_blocked_hex() -> None:
    terrain: dict[Hex, int | None] = {h: 1 for h in BOARD}
    terrain[Hex(1, 0)] = None
    found = hex_path(Hex(0, 0), Hex(2, 0), entry_cost(terrain))
    assert found is not None
    path, total = found
    assert Hex(1, 0) not in path
    assert total == 3


def test_path_may_end_in_but_not_cross_a_stop_hex() -> None:
    terrain: dict[Hex, int | None] = {h: 1 for h in BOARD}
    zoc = {Hex(1, 0)}
    found = hex_path(Hex(0, 0), Hex(2, 0), entry_cost(terrain), stop=zoc.__contains__)
    assert found is not None and Hex(1, 0) not in found[0]
    assert hex_path(Hex(0, 0), Hex(1, 0), entry_cost(terrain), stop=zoc.__contains__) == (
        [Hex(0, 0), Hex(1, 0)],
        1,
    )


def test_negative_cost_is_refused() -> None:
    with pytest.raises(ValueError, match="negative step cost"):
        hex_reachable(Hex(0, 0), 5, lambda a, b: -1)


@FAST
@given(terrain_costs, board_hexes, st.integers(0, 6), st.sets(board_hexes, max_size=8))
def test_reachable_respects_budget_and_stop(
    costs: list[int | None], start: Hex, budget: int, stop: set[Hex]
) -> None:
    terrain = dict(zip(BOARD, costs, strict=True))
    stops = frozenset(stop)
    reached = hex_reachable(start, budget, entry_cost(terrain), stop=stops.__contains__)
    expected = {h: c for h, c in oracle(start, terrain, stops).items() if c <= budget}
    assert reached == expected


def test_reachable_stops_in_control_zone() -> None:
    terrain: dict[Hex, int | None] = {h: 1 for h in BOARD}
    zoc = {Hex(1, 0), Hex(1, -1)}
    reached = hex_reachable(Hex(1, 0), 2, entry_cost(terrain), stop=zoc.__contains__)
    # The unit starts in a control zone and may leave it; entering another one ends its move.
    assert Hex(3, 0) in reached
    assert Hex(1, -1) in reached and Hex(1, -3) not in reached
