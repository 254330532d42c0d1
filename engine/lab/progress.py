"""A one-line progress bar with an ETA, drawn on a terminal only: piped or captured output (CI
logs, tests) gets nothing, so no carriage returns end up in a log."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

WIDTH = 28
REDRAW_SECONDS = 0.2


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def bar_text(label: str, done: int, total: int, elapsed: float) -> str:
    """`label  37/100 [##########.........]  37%  0:12 elapsed, ETA 0:20`."""
    filled = WIDTH * done // total if total else WIDTH
    eta = _clock(elapsed / done * (total - done)) if done else "?"
    percent = 100 * done // total if total else 100
    return (f"{label} {done:>{len(str(total))}}/{total} [{'#' * filled}{'.' * (WIDTH - filled)}]"
            f" {percent:3d}%  {_clock(elapsed)} elapsed, ETA {eta}")


class Progress:
    """Call with the number of games done; `close()` ends the line."""

    def __init__(self, label: str, total: int, stream: TextIO,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total, self.stream, self.clock = label, total, stream, clock
        self.start = clock()
        self.enabled = stream.isatty()
        self._drawn_at: float | None = None

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if done < self.total and self._drawn_at is not None and (
                now - self._drawn_at < REDRAW_SECONDS):
            return
        self._drawn_at = now
        self.stream.write("\r" + bar_text(self.label, done, self.total, now - self.start))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._drawn_at is not None:
            self.stream.write("\n")
            self.stream.flush()
