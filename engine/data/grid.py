"""Large grids as text rows with a legend (DESIGN.md §4), like Wesnoth's map files.

A board's terrain (or provinces) is a YAML literal block, one character per cell, and a legend
says what each character means:

    legend: {".": clear, f: forest, "^": hills}
    terrain: |
      ..ff^^
      .~~f^.

In a literal block each source line is one row, so every cell has an exact line and column in
the file: the rows start on the line after the `|`, at the block's indentation.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.data.yamlio import LoadedDoc, Problem, YamlPath


def parse_grid(
    doc: LoadedDoc,
    path: YamlPath,
    legend: Mapping[str, str],
    *,
    allow_space: bool = False,
) -> tuple[list[str], list[Problem]]:
    """The rows of the literal block at `path`, and a problem for each bad cell or row.

    `legend` maps each cell character to its name (named in messages). Without `allow_space`
    every row must be as wide as the first. With it a space is an empty cell (off the map) and
    short rows are padded with spaces, since editors strip trailing spaces; a block whose first
    row starts with a space then needs an indentation indicator (`|2`).
    """
    try:
        value = doc.value(path)
    except KeyError:
        return [], [doc.problem(path[:-1], f"missing key {path[-1]!r}" if path else "no grid")]
    line, col = doc.mark(path)
    if not isinstance(value, str) or doc.source_line(line)[col - 1 : col] != "|":
        message = "expected a literal block ('|') with one row of cells per line"
        return [], [doc.problem(path, message)]
    rows = value.split("\n")
    if rows[-1] == "":
        rows.pop()
    allowed = set(legend)
    width = len(rows[0]) if rows else 0
    if allow_space:
        allowed.add(" ")
        width = max(map(len, rows), default=0)
    key = ", ".join(f"{char!r} {name}" for char, name in legend.items())
    problems: list[Problem] = []
    for i, row in enumerate(rows):
        row_line = line + 1 + i
        indent = len(doc.source_line(row_line)) - len(row)
        if not allowed.issuperset(row):
            for c, char in enumerate(row):
                if char not in allowed:
                    message = f"unknown cell {char!r} (legend: {key})"
                    problems.append(doc.problem_at(row_line, indent + c + 1, message))
        if len(row) < width and allow_space:
            rows[i] = row.ljust(width)
        elif len(row) != width:
            message = f"row {i + 1} has {len(row)} cells, expected {width} like row 1"
            problems.append(doc.problem_at(row_line, indent + min(len(row), width) + 1, message))
    return rows, problems
