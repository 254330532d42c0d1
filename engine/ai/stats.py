"""Figures for the strength table (docs/ai.md): win rates with 95 % confidence intervals and
percentiles of the time per decision."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval at 95 % for `wins` out of `games` (0-1 bounds); (0, 1) for no
    games. Unlike the normal approximation it stays inside 0-1 and holds for small samples."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The `q` quantile (0-1) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]
