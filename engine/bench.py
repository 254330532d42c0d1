"""`wargames bench`: how fast and frugal the app is on this machine, on the real game screens.

Each game screen is measured in a process of its own (`engine.bench_screen`: 1920x1080, dummy
video driver, a mid-game state reached by seeded random play): idle CPU of the real loop, pan
and zoom frame CPU (p50/p95/p99), click-to-highlight, the panel refresh at action 0 and at the
end of a whole game, peak memory. Start-up figures come from fresh processes (`wargames --help`,
`wargames validate` of each shipped scenario, importing the launcher), playouts from seeded
random games without the invariant checks, and the search's rollouts (actions a CPU second, the
heuristics' and random answers, engine.speed) from positions of an Easy game. Every figure is
CPU time, so other work sharing the machine inflates it little; wall times would not be
comparable.

Results print as a Markdown table. `--out FILE` writes them into FILE between the lines
`<!-- bench:results -->` and `<!-- /bench:results -->` (the whole file when it has no such
lines) and the figures as JSON beside it (FILE with the suffix .json); `--check JSON` compares
a new run with such figures and fails when one is more than twice as large (and by more than a
small absolute slack), which is what `make bench-check` runs.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

START = "<!-- bench:results -->"
END = "<!-- /bench:results -->"
SCREENS = ("baler", "filipinas", "guerra")
MANIFESTS = {
    "baler": "baler/siege.yaml",
    "filipinas": "filipinas/standard.yaml",
    "guerra": "guerra/july_1936.yaml",
}
"""The shipped scenario validated per game, under scenarios/."""
CLI = "import sys; from engine.cli import main; sys.exit(main(sys.argv[1:]))"
"""What the `wargames` script runs."""
TARGETS = {
    "idle_cpu_pct": 2.0,
    "frame_p95_ms": 8.0,
    "frame_p99_ms": 16.0,
    "click_ms": 8.0,
    "peak_rss_mb": 150.0,
    "help_s": 0.15,
    "validate_s": 0.5,
}
PLAYOUT_TARGET = {"baler": 0.03, "filipinas": 0.03, "guerra": 0.5}
SLACK = {"_pct": 1.0, "_ms": 2.0, "_mb": 20.0, "_s": 0.05, "_us": 20.0}
"""Absolute slack by unit for `--check`, so tiny figures do not fail on noise."""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # Python's bytecode cache is written as an installed program's would be: a machine that
    # sets PYTHONDONTWRITEBYTECODE would otherwise time every import compiling from source
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def _child_cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one run of `args` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median_cpu(args: list[str], repeat: int) -> float:
    return round(statistics.median(_child_cpu(args) for _ in range(repeat)), 3)


def _screen(what: str, idle: float) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "engine.bench_screen", what, str(idle)],
                         env=_env(), capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"bench of {what} failed:\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _playouts(game: str, seeds: int) -> float:
    """Median CPU seconds of one whole random game (no invariant checks)."""
    from engine import plugins
    from engine.ai.agent import RandomAgent
    from engine.loading import load_game_scenario
    from engine.sim import playout

    plugin = plugins.get(game)
    scenario = load_game_scenario(plugin)
    samples = []
    for seed in range(1, seeds + 1):
        agents = {side: RandomAgent(seed + i, side) for i, side in enumerate(plugin.sides)}
        start = time.thread_time()
        playout(plugin, scenario, seed, agents, check=False)
        samples.append(time.thread_time() - start)
    return round(statistics.median(samples), 3)


def rollouts(game: str, quick: bool = False) -> dict[str, Any]:
    """Actions a CPU second of the search's rollouts (engine.speed), heuristic and random:
    the median of three runs over the same positions (one run when `quick`)."""
    from engine.speed import measure as rollout_rates

    runs = [rollout_rates(game, 12, 4) for _ in range(1 if quick else 3)]
    return {name: statistics.median(r[name] for r in runs)
            for name in ("heuristic_aps", "random_aps")}


def measure(quick: bool = False) -> dict[str, Any]:
    """Every figure, by game where it is per game."""
    idle = 2.0 if quick else 10.0
    reps = 1 if quick else 5
    from engine.paths import SCENARIOS

    wargames = [sys.executable, "-c", CLI]
    figures: dict[str, Any] = {
        "launcher": _screen("launcher", idle),
        "help_s": _median_cpu([*wargames, "--help"], reps),
        "import_launcher_s": _median_cpu(
            [sys.executable, "-c", "import engine.ui.launcher"], reps),
        "python_s": _median_cpu([sys.executable, "-c", "pass"], reps),
        "games": {},
    }
    for game in SCREENS:
        screen = _screen(game, idle)
        manifest = str(SCENARIOS / MANIFESTS[game])
        screen["validate_s"] = _median_cpu([*wargames, "validate", manifest], max(1, reps - 2))
        screen["playout_s"] = _playouts(game, 1 if quick else (3 if game == "guerra" else 9))
        screen["rollouts"] = rollouts(game, quick)
        figures["games"][game] = screen
    return figures


def _machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    except OSError:
        pass
    import pygame

    load = ", ".join(f"{v:.1f}" for v in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"{model or platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"{platform.system()} {platform.release()}, Python {platform.python_version()}, "
            f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})"
            f"; load average at the start {load}")


def rollout_cells(rates: dict[str, Any]) -> str:
    return f"{rates['heuristic_aps']:,.0f} / {rates['random_aps']:,.0f}"


def rollout_table(quick: bool = False) -> str:
    """The search's rollout rates alone, per game (`wargames bench --rollouts`)."""
    lines = ["| game | heuristic rollouts, actions a CPU s | random rollouts, actions a CPU s |",
             "| --- | --- | --- |"]
    for game in SCREENS:
        rates = rollouts(game, quick)
        lines.append(f"| {game} | {rates['heuristic_aps']:,.0f} | {rates['random_aps']:,.0f} |")
    return "\n".join(lines)


def _ok(value: float | None, target: float) -> str:
    if value is None:
        return "—"
    return f"{value:g} ✓" if value <= target else f"{value:g} ✗"


def table(figures: dict[str, Any], machine: str) -> str:
    """The results as Markdown, one column per game, each figure beside its target."""
    games = figures["games"]
    head = "| figure | target | " + " | ".join(games) + " |"
    rows = [head, "| --- | --- |" + " --- |" * len(games)]

    def row(label: str, target: str, cells: list[str]) -> None:
        rows.append(f"| {label} | {target} | " + " | ".join(cells) + " |")

    row("idle window, % of a core (10 s of `App.run`)", "≤ 2",
        [_ok(g["idle_cpu_pct"], TARGETS["idle_cpu_pct"]) for g in games.values()])
    row("pan + zoom + dice frames, CPU ms p50", "",
        [f"{g['frame_ms']['p50']:g}" for g in games.values()])
    row("pan + zoom + dice frames, CPU ms p95", "≤ 8",
        [_ok(g["frame_ms"]["p95"], TARGETS["frame_p95_ms"]) for g in games.values()])
    row("pan + zoom + dice frames, CPU ms p99", "≤ 16",
        [_ok(g["frame_ms"]["p99"], TARGETS["frame_p99_ms"]) for g in games.values()])
    row("of which panning only, p95 / p99", "",
        [f"{g['pan_ms']['p95']:g} / {g['pan_ms']['p99']:g}" for g in games.values()])
    row("of which zooming only, p95 / p99", "",
        [f"{g['zoom_ms']['p95']:g} / {g['zoom_ms']['p99']:g}" for g in games.values()])
    row("click on a counter → targets drawn, CPU ms", "≤ 8",
        [_ok(g["click_ms"], TARGETS["click_ms"]) for g in games.values()])
    row("one refresh at action 0 / mid-game / end, CPU ms", "flat",
        [f"{g['refresh_ms']['start']:g} / {g['refresh_ms']['mid']:g} / {g['refresh_ms']['end']:g}"
         f" (action {g['mid_action']} and {g['actions']})" for g in games.values()])
    row("whole random playout, CPU s", "≤ 0.03 / 0.03 / 0.5",
        [_ok(g["playout_s"], PLAYOUT_TARGET[name]) for name, g in games.items()])
    row("search rollouts, actions a CPU s: heuristics / random", "",
        [rollout_cells(g["rollouts"]) for g in games.values()])
    row("`wargames validate` of the scenario, CPU s", "≤ 0.5",
        [_ok(g["validate_s"], TARGETS["validate_s"]) for g in games.values()])
    row("peak memory in the game, MB", "≤ 150",
        [_ok(g["peak_rss_mb"], TARGETS["peak_rss_mb"]) for g in games.values()])
    launcher = figures["launcher"]
    lines = [
        f"Machine: {machine}.",
        "",
        *rows,
        "",
        "| start-up figure | target | measured |",
        "| --- | --- | --- |",
        f"| `wargames --help`, CPU s | ≤ 0.15 | {_ok(figures['help_s'], TARGETS['help_s'])} |",
        f"| `python -c 'import engine.ui.launcher'`, CPU s | | {figures['import_launcher_s']:g} |",
        f"| `python -c pass` (the interpreter alone), CPU s | | {figures['python_s']:g} |",
        f"| launcher idle, % of a core | ≤ 2 | "
        f"{_ok(launcher['idle_cpu_pct'], TARGETS['idle_cpu_pct'])} |",
        f"| launcher peak memory, MB | | {launcher['peak_rss_mb']:g} |",
    ]
    return "\n".join(lines)


def _flat(figures: dict[str, Any]) -> dict[str, float]:
    """The figures `--check` compares, by name."""
    out: dict[str, float] = {"help_s": figures["help_s"],
                             "launcher_idle_cpu_pct": figures["launcher"]["idle_cpu_pct"]}
    for game, g in figures["games"].items():
        out[f"{game}_idle_cpu_pct"] = g["idle_cpu_pct"]
        out[f"{game}_frame_p95_ms"] = g["frame_ms"]["p95"]
        out[f"{game}_frame_p99_ms"] = g["frame_ms"]["p99"]
        if g["click_ms"] is not None:
            out[f"{game}_click_ms"] = g["click_ms"]
        out[f"{game}_refresh_end_ms"] = g["refresh_ms"]["end"]
        out[f"{game}_playout_s"] = g["playout_s"]
        if "rollouts" in g:
            # rates: a slower run has fewer actions a second, so `--check` compares the
            # seconds an action takes
            for name, rate in g["rollouts"].items():
                if rate:
                    out[f"{game}_rollout_{name.removesuffix('_aps')}_us"] = round(1e6 / rate, 1)
        out[f"{game}_validate_s"] = g["validate_s"]
        out[f"{game}_peak_rss_mb"] = g["peak_rss_mb"]
    return out


def check(figures: dict[str, Any], committed: dict[str, float]) -> list[str]:
    """The figures more than twice their committed value (beyond the absolute slack)."""
    problems = []
    for name, new in _flat(figures).items():
        old = committed.get(name)
        if old is None:
            continue
        slack = next((v for unit, v in SLACK.items() if name.endswith(unit)), 0.0)
        if new > 2 * old + slack:
            problems.append(f"{name}: {new:g} against {old:g} committed")
    return problems


def write(out: Path, text: str, figures: dict[str, Any]) -> None:
    """Put `text` between the markers of `out` (or make it the whole file) and the figures
    into `out` with the suffix .json."""
    block = f"{START}\n{text}\n{END}"
    try:
        current = out.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = ""
    if START in current and END in current:
        before = current.split(START, 1)[0]
        after = current.split(END, 1)[1]
        new = before + block + after
    else:
        new = f"# Benchmarks\n\n{block}\n"
    out.write_text(new, encoding="utf-8")
    out.with_suffix(".json").write_text(json.dumps(_flat(figures), indent=1) + "\n",
                                        encoding="utf-8")


def run_bench(out: str | None, check_against: str | None = None, quick: bool = False,
              only_rollouts: bool = False) -> int:
    """Measure, print the table, write or check; 1 when a check fails. `only_rollouts` prints
    the search's rollout rates alone."""
    if only_rollouts:
        print(f"Machine: {_machine()}.\n")
        print(rollout_table(quick))
        return 0
    machine = _machine()
    figures = measure(quick)
    text = table(figures, machine)
    print(text)
    if out:
        write(Path(out), text, figures)
    if check_against:
        committed = json.loads(Path(check_against).read_text(encoding="utf-8"))
        problems = check(figures, committed)
        for problem in problems:
            print(f"slower than committed: {problem}", file=sys.stderr)
        return 1 if problems else 0
    return 0
