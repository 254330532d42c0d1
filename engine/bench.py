"""`wargames bench`: how fast the rules play and the boards draw, on this machine.

Measures, for each installed game: scenario load time, random-playout actions per second
(legal_actions + apply), and state_hash time; and for the UI: one frame of a 3,000-hex board
with 300 counters at a cached zoom, with the dummy video driver. Results go to stdout as a
Markdown table and, with --out, into a file (docs/benchmarks.md).
"""

from __future__ import annotations

import io
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from engine import plugins
from engine.loading import load_game_scenario
from engine.sim import simulate


def _time(fn: Callable[[], object], repeat: int = 5) -> float:
    """Median seconds of `repeat` calls."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _rules_rows() -> list[str]:
    rows = []
    for game, plugin in plugins.discover().items():
        start = time.perf_counter()
        scenario = load_game_scenario(plugin)
        load = time.perf_counter() - start
        summary = simulate(plugin, scenario, 20, 1, ["random"], io.StringIO())
        result = summary.as_json()
        rows.append(
            f"| {game} | {load * 1000:.1f} ms | {result['actions_per_second']:,} actions/s "
            f"| {result['mean_turns']} | {summary.errors} |"
        )
    return rows


def _frame_ms() -> tuple[float, float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from engine.core.hexgrid import EVEN, OffsetCoord, roffset_to_cube
    from engine.ui.adapter import CounterSpec
    from engine.ui.camera import Camera
    from engine.ui.hexmap import CellStyle, HexMapView, hex_id
    from engine.ui.layout import LAYOUT_POINTY, Layout

    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    cells = {
        roffset_to_cube(EVEN, OffsetCoord(c, r)): CellStyle(
            (200, 190, 150) if (c * 7 + r * 3) % 11 else (150, 130, 100),
            "mountain" if (c + r) % 13 == 0 else "",
            region=str((c // 8) * 10 + r // 8),
        )
        for c in range(60)
        for r in range(50)
    }
    view = HexMapView(Layout(LAYOUT_POINTY, (14.0, 14.0), (0.0, 0.0)), cells)
    hexes = list(cells)
    view.set_counters({
        hex_id(hexes[i * 9]): [CounterSpec(f"u{i}", f"Unit {i}", (220, 200, 60), factors="2")]
        for i in range(300)
    })
    camera = Camera(screen.get_rect(), view.world_size)
    camera.zoom_at((640, 400), 2.0)

    def frame() -> None:
        screen.fill((0, 0, 0))
        view.draw(screen, camera, None, {})

    build = _time(frame, 1)
    cached = _time(frame, 30)
    pygame.quit()
    return build * 1000, cached * 1000


def run_bench(out: str | None) -> int:
    lines = [
        "# Benchmarks",
        "",
        f"Measured by `wargames bench` on {platform.machine()}, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores.",
        "",
        "## Rules (20 random playouts per game, invariants checked after every action)",
        "",
        "| game | scenario load | playout speed | mean turns | errors |",
        "| --- | --- | --- | --- | --- |",
        *_rules_rows(),
        "",
        "## Drawing (3,000-hex board, 300 counters, 1280x800, dummy video driver)",
        "",
    ]
    first, cached = _frame_ms()
    lines += [
        "| first frame at a new zoom (tiles built) | frame at a cached zoom |",
        "| --- | --- |",
        f"| {first:.1f} ms | {cached:.2f} ms |",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if out:
        Path(out).write_text(text + "\n", encoding="utf-8")
    return 0
