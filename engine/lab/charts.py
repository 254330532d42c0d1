"""The report's PNG charts (matplotlib, Agg, no pyplot state).

Every chart is drawn under matplotlib's default style (a user's matplotlibrc does not change a
report) and saved without the "Software" text chunk, so the same records give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from matplotlib import style
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from engine.lab.stats import Band, Rate

# Colour-blind-safe (Okabe-Ito); one colour per side in seat order, grey for draws and tracks
# of neither side, hatching for the compared scenario.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
NEUTRAL = "#7F7F7F"
DPI = 100


def colour(side: str, sides: Sequence[str]) -> str:
    return PALETTE[sides.index(side) % len(PALETTE)] if side in sides else NEUTRAL


def _figure(width: float, height: float) -> Figure:
    figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _save(figure: Figure, path: Path) -> None:
    figure.savefig(path, format="png", dpi=DPI, metadata={"Software": None})


def win_rates(path: Path, groups: Sequence[tuple[str, Mapping[str, Rate]]],
              names: Mapping[str, str], sides: Sequence[str]) -> None:
    """Bars of each side's win rate (and draws) with their 95 % intervals, one group of bars
    per scenario."""
    with style.context("default"):
        figure = _figure(7.5, 4.2)
        axes = figure.add_subplot()
        keys = list(groups[0][1])
        width = 0.8 / len(groups)
        for g, (label, rates) in enumerate(groups):
            for k, key in enumerate(keys):
                rate = rates[key]
                x = k + (g - (len(groups) - 1) / 2) * width
                axes.bar(x, 100 * rate.value, width * 0.92, color=colour(key, sides),
                         hatch="//" if g else None, edgecolor="white" if g else None,
                         label=label if k == 0 and len(groups) > 1 else None)
                axes.errorbar(x, 100 * rate.value, yerr=[[100 * (rate.value - rate.low)],
                              [100 * (rate.high - rate.value)]], color="black", capsize=5)
                axes.annotate(f"{100 * rate.value:.0f} %", (x, 100 * rate.high),
                              textcoords="offset points", xytext=(0, 4), ha="center", fontsize=9)
        axes.set_xticks(range(len(keys)), [names.get(k, k) for k in keys])
        axes.set_ylim(0, 112)
        axes.set_ylabel("games won (%)")
        axes.set_title("Win rate with 95 % Wilson interval")
        if len(groups) > 1:
            axes.legend(loc="upper right", fontsize=8)
        _save(figure, path)


def lengths(path: Path, groups: Sequence[tuple[str, Sequence[int]]]) -> None:
    """How many games lasted each number of turns."""
    with style.context("default"):
        figure = _figure(7.5, 3.6)
        axes = figure.add_subplot()
        values = [t for _, turns in groups for t in turns] or [0]
        first, last = min(values), max(values)
        width = 0.8 / len(groups)
        for g, (label, turns) in enumerate(groups):
            counts = [sum(1 for t in turns if t == n) for n in range(first, last + 1)]
            xs = [n + (g - (len(groups) - 1) / 2) * width for n in range(first, last + 1)]
            axes.bar(xs, counts, width * 0.92, color=PALETTE[g % len(PALETTE)],
                     label=label if len(groups) > 1 else None)
        axes.set_xticks(range(first, last + 1))
        axes.set_xlabel("turn the game ended in")
        axes.set_ylabel("games")
        axes.set_title("Game length")
        if len(groups) > 1:
            axes.legend(fontsize=8)
        _save(figure, path)


def scores(path: Path, title: str, bands: Sequence[Band], names: Mapping[str, str],
           sides: Sequence[str]) -> None:
    """One panel per metric: each side's median at the end of every turn, with the band between
    the first and third quartiles."""
    metrics = list(dict.fromkeys(b.metric for b in bands))
    with style.context("default"):
        figure = _figure(7.5, 2.6 * len(metrics) + 0.4)
        figure.suptitle(title)
        panels = figure.subplots(len(metrics), 1, squeeze=False, sharex=True)[:, 0]
        for axes, metric in zip(panels, metrics, strict=True):
            for band in (b for b in bands if b.metric == metric):
                tint = colour(band.side, sides)
                label = names.get(band.side, band.side) if band.side else "track"
                axes.fill_between(band.turns, band.q1, band.q3, color=tint, alpha=0.25,
                                  linewidth=0)
                axes.plot(band.turns, band.median, color=tint, marker="o", markersize=3,
                          label=f"{label} (median, quartiles)")
            axes.set_ylabel(metric)
            axes.grid(alpha=0.3)
            axes.legend(fontsize=8, loc="best")
        turns = sorted({t for b in bands for t in b.turns})
        if turns:
            panels[-1].set_xticks(turns)
        panels[-1].set_xlabel("end of turn")
        _save(figure, path)


def endings(path: Path, groups: Sequence[tuple[str, Sequence[tuple[str, str, int]]]],
            names: Mapping[str, str], sides: Sequence[str]) -> None:
    """How the games ended: one bar per (winner, way of ending), coloured by the winner."""
    rows = list(dict.fromkeys((w, f) for _, found in groups for w, f, _ in found))
    with style.context("default"):
        figure = _figure(9, 0.45 * len(rows) * len(groups) + 1.4)
        axes = figure.add_subplot()
        height = 0.8 / len(groups)
        for g, (label, found) in enumerate(groups):
            count = {(w, f): n for w, f, n in found}
            for r, row in enumerate(rows):
                y = r + (g - (len(groups) - 1) / 2) * height
                n = count.get(row, 0)
                axes.barh(y, n, height * 0.92, color=colour(row[0], sides),
                          hatch="//" if g else None, edgecolor="white" if g else None)
                axes.annotate(f"{n}" + (f" ({label})" if len(groups) > 1 else ""), (n, y),
                              textcoords="offset points", xytext=(3, 0), va="center",
                              fontsize=8)
        axes.set_yticks(range(len(rows)),
                        [_wrap(f"{names.get(w, w.title())}: {f}") for w, f in rows], fontsize=8)
        axes.invert_yaxis()
        axes.set_xlabel("games")
        axes.set_title("How the games ended")
        axes.margins(x=0.15)
        _save(figure, path)


def _wrap(text: str, width: int = 48) -> str:
    """Break a long ending at spaces so it fits beside the bars."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)
