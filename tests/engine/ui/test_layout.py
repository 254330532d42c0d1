"""Hex <-> pixel layout: round trips, corners and bounds for pointy-top and flat-top grids."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.hexgrid import EVEN, ODD, Hex, OffsetCoord, qoffset_to_cube, roffset_to_cube
from engine.ui.layout import (
    LAYOUT_FLAT,
    LAYOUT_POINTY,
    Layout,
    bounds,
    hex_corner_offset,
    hex_to_pixel,
    pixel_to_hex,
    pixel_to_hex_fractional,
    polygon_corners,
)

FAST = settings(max_examples=60, deadline=None)
coords = st.integers(-50, 50)
hexes = st.builds(Hex, coords, coords)
orientations = st.sampled_from([LAYOUT_POINTY, LAYOUT_FLAT])
sizes = st.floats(1.0, 200.0)
origins = st.floats(-1000.0, 1000.0)
layouts = st.builds(Layout, orientations, st.tuples(sizes, sizes), st.tuples(origins, origins))
square_layouts = st.builds(
    lambda o, s, origin: Layout(o, (s, s), origin),
    orientations,
    sizes,
    st.tuples(origins, origins),
)


def test_origin_hex_sits_at_origin() -> None:
    layout = Layout(LAYOUT_POINTY, (10.0, 10.0), (35.0, 71.0))
    assert hex_to_pixel(layout, Hex(0, 0)) == (35.0, 71.0)


def test_pointy_neighbours_side_by_side() -> None:
    layout = Layout(LAYOUT_POINTY, (10.0, 10.0), (0.0, 0.0))
    x, y = hex_to_pixel(layout, Hex(1, 0))
    assert x == pytest.approx(10.0 * math.sqrt(3.0)) and y == pytest.approx(0.0)
    # Pointy-top hexes have a corner straight up.
    assert any(
        cx == pytest.approx(0.0) and cy == pytest.approx(-10.0)
        for cx, cy in polygon_corners(layout, Hex(0, 0))
    )


def test_flat_neighbours_stacked() -> None:
    layout = Layout(LAYOUT_FLAT, (10.0, 10.0), (0.0, 0.0))
    x, y = hex_to_pixel(layout, Hex(0, 1))
    assert x == pytest.approx(0.0) and y == pytest.approx(10.0 * math.sqrt(3.0))
    assert hex_corner_offset(layout, 0) == pytest.approx((10.0, 0.0))


def test_even_rows_and_columns_are_the_shifted_ones() -> None:
    pointy = Layout(LAYOUT_POINTY, (10.0, 10.0), (0.0, 0.0))
    flat = Layout(LAYOUT_FLAT, (10.0, 10.0), (0.0, 0.0))

    def x_of(h: Hex) -> float:
        return hex_to_pixel(pointy, h)[0]

    def y_of(h: Hex) -> float:
        return hex_to_pixel(flat, h)[1]

    top, below = OffsetCoord(0, 0), OffsetCoord(0, 1)
    assert x_of(roffset_to_cube(EVEN, top)) > x_of(roffset_to_cube(EVEN, below))
    assert x_of(roffset_to_cube(ODD, top)) < x_of(roffset_to_cube(ODD, below))
    left, right = OffsetCoord(0, 0), OffsetCoord(1, 0)
    assert y_of(qoffset_to_cube(EVEN, left)) > y_of(qoffset_to_cube(EVEN, right))
    assert y_of(qoffset_to_cube(ODD, left)) < y_of(qoffset_to_cube(ODD, right))


@FAST
@given(layouts, hexes)
def test_pixel_to_hex_inverts_hex_to_pixel(layout: Layout, h: Hex) -> None:
    assert pixel_to_hex(layout, *hex_to_pixel(layout, h)) == h
    fq, fr = pixel_to_hex_fractional(layout, *hex_to_pixel(layout, h))
    assert fq == pytest.approx(h.q, abs=1e-6) and fr == pytest.approx(h.r, abs=1e-6)


@FAST
@given(layouts, hexes, st.floats(0.0, 0.85), st.integers(0, 5))
def test_points_inside_a_hex_map_to_it(layout: Layout, h: Hex, t: float, corner: int) -> None:
    cx, cy = hex_to_pixel(layout, h)
    dx, dy = hex_corner_offset(layout, corner)
    assert pixel_to_hex(layout, cx + t * dx, cy + t * dy) == h


@FAST
@given(square_layouts, hexes)
def test_six_corners_at_size_from_centre(layout: Layout, h: Hex) -> None:
    corners = polygon_corners(layout, h)
    cx, cy = hex_to_pixel(layout, h)
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(layout.size[0])


@FAST
@given(layouts, hexes)
def test_squashed_corners_lie_on_the_size_ellipse(layout: Layout, h: Hex) -> None:
    cx, cy = hex_to_pixel(layout, h)
    sx, sy = layout.size
    for x, y in polygon_corners(layout, h):
        assert ((x - cx) / sx) ** 2 + ((y - cy) / sy) ** 2 == pytest.approx(1.0)


@FAST
@given(layouts, st.lists(hexes, min_size=1, max_size=10))
def test_bounds_hold_every_corner(layout: Layout, some: list[Hex]) -> None:
    min_x, min_y, max_x, max_y = bounds(layout, some)
    corners = [c for h in some for c in polygon_corners(layout, h)]
    assert min(x for x, _ in corners) == pytest.approx(min_x)
    assert min(y for _, y in corners) == pytest.approx(min_y)
    assert max(x for x, _ in corners) == pytest.approx(max_x)
    assert max(y for _, y in corners) == pytest.approx(max_y)


def test_bounds_of_nothing() -> None:
    with pytest.raises(ValueError):
        bounds(Layout(LAYOUT_FLAT, (1.0, 1.0), (0.0, 0.0)), [])
