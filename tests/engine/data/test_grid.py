"""Grids as text rows with a legend (DESIGN.md §4): problems at each cell's line and column."""

from __future__ import annotations

from engine.data.grid import parse_grid
from engine.data.yamlio import LoadedDoc, parse_yaml

LEGEND = {".": "clear", "f": "forest", "^": "hills"}


def board(text: str) -> LoadedDoc:
    return parse_yaml(text.encode(), "board.yaml")


def test_rows_of_a_literal_block() -> None:
    doc = board("game: demo\nmap:\n  terrain: |\n    ..f\n    f^.\nafter: 1\n")
    assert parse_grid(doc, ("map", "terrain"), LEGEND) == (["..f", "f^."], [])


def test_a_character_outside_the_legend_is_reported_at_its_line_and_column() -> None:
    doc = board("game: demo\nmap:\n  terrain: |\n    ..f\n    fx.\n    ..?\n")
    rows, problems = parse_grid(doc, ("map", "terrain"), LEGEND)
    assert rows == ["..f", "fx.", "..?"]
    assert [p.render() for p in problems] == [
        "board.yaml:5:6: unknown cell 'x' (legend: '.' clear, 'f' forest, '^' hills)\n"
        "    5 |     fx.\n"
        "      |      ^",
        "board.yaml:6:7: unknown cell '?' (legend: '.' clear, 'f' forest, '^' hills)\n"
        "    6 |     ..?\n"
        "      |       ^",
    ]


def test_ragged_rows_are_reported_where_they_differ() -> None:
    doc = board("terrain: |\n  ...\n  ..\n  ....\n")
    rows, problems = parse_grid(doc, ("terrain",), LEGEND)
    assert [(p.line, p.col, p.message) for p in problems] == [
        (3, 5, "row 2 has 2 cells, expected 3 like row 1"),
        (4, 6, "row 3 has 4 cells, expected 3 like row 1"),
    ]


def test_with_spaces_allowed_short_rows_are_padded() -> None:
    doc = board("terrain: |2\n   ..\n  ....\n  .\n")
    rows, problems = parse_grid(doc, ("terrain",), LEGEND, allow_space=True)
    assert (rows, problems) == ([" .. ", "....", ".   "], [])
    rows, problems = parse_grid(doc, ("terrain",), LEGEND)
    assert [(p.line, p.col, p.message[:14]) for p in problems] == [
        (2, 3, "unknown cell '"),
        (3, 6, "row 2 has 4 ce"),
        (4, 4, "row 3 has 1 ce"),
    ]


def test_a_grid_must_be_a_literal_block() -> None:
    doc = board("terrain: '..f'\n")
    assert [(p.line, p.col, p.message) for p in parse_grid(doc, ("terrain",), LEGEND)[1]] == [
        (1, 10, "expected a literal block ('|') with one row of cells per line")
    ]
    missing = parse_grid(board("map: {}\n"), ("map", "terrain"), LEGEND)[1]
    assert [(p.line, p.col, p.message) for p in missing] == [(1, 6, "missing key 'terrain'")]


def test_a_large_grid_parses_cleanly() -> None:
    rows = [(".f^" * 27)[:80] for _ in range(60)]
    doc = board("terrain: |\n" + "".join(f"  {row}\n" for row in rows))
    assert parse_grid(doc, ("terrain",), LEGEND) == (rows, [])
