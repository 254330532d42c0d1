"""Start-up of a real window under Xvfb, against a fixed reference, alternating runs.

    apt-get install -y xvfb xdotool imagemagick     # once, as root
    .venv/bin/python tools/startup.py --runs 5

For each subject (the launcher, `wargames play GAME` for each game, and the reference: a bare
pygame-ce program that opens a window and fills it) the script starts the program on a private
Xvfb display and records: when the window is mapped (`xdotool search --classname`, asked
every 20 ms), when its first stable frame is on screen (the first of screenshots that stay
identical for a second, not counting the splash that shows the app's name while a scenario
loads),
the idle CPU of the process over the next seconds and its peak memory (VmHWM). Subjects
alternate run by run and the medians are printed as a Markdown table, with each time as a ratio
to the reference's in the same run. When Battle for Wesnoth is installed (`wesnoth-1.16` or
`wesnoth` on the PATH or in /usr/games; Debian: `apt-get install -y wesnoth-1.16`), its main
menu and its test map (`-t`) are measured in the same alternation, windowed at the same size,
without sound, with user data in a temporary folder, and each time of ours is also given as a
ratio to Wesnoth's: the launcher to its menu, a game's map to its test map. Every subject first
runs once untimed, so caches on disk (Python's bytecode, Wesnoth's game-config cache) are warm
for all. `--shots DIR` saves each subject's first stable frame as a PNG, to check that what was
timed is the menu or the map and not a loading screen.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DISPLAY = ":97"
SIZE = (1600, 1000)
COMPUTER = {"baler": ["philippine"], "filipinas": ["spain"],
            "guerra": ["republican", "nationalist_2", "republican_2"]}
"""Sides the computer plays, so the game opens on the map rather than a hot-seat hand-off."""
REFERENCE = (
    "import pygame; pygame.display.init(); s = pygame.display.set_mode((1600, 1000)); "
    "s.fill((60, 90, 60)); pygame.display.flip()\n"
    "while not any(e.type == pygame.QUIT for e in pygame.event.get()): pygame.time.wait(50)"
)


MENU = "Wesnoth 1.16 main menu"
TEST_MAP = "Wesnoth 1.16 test map (-t)"

SPLASH_SHARE = 0.9
"""A window at least this much of the table's colour is the app's splash (its name while it
loads), not a drawn launcher or map: it does not count as the first stable frame."""
TABLE = bytes((58, 56, 52))
"""`engine.ui.colors.TABLE`, as the screenshot's RGB bytes."""


def _shot() -> tuple[str, bool]:
    """The screen's digest, and whether it is the splash."""
    raw = subprocess.run(["import", "-display", DISPLAY, "-window", "root", "rgb:-"],
                         capture_output=True, check=False).stdout
    # of the window's pixels: the screen around a window smaller than it is black
    shown = len(raw) - 3 * raw.count(b"\x00\x00\x00")
    splash = shown > 0 and raw.count(TABLE) * 3 >= SPLASH_SHARE * shown
    return hashlib.sha1(raw).hexdigest(), splash


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wesnoth() -> str | None:
    """Battle for Wesnoth's program, if installed."""
    for name in ("wesnoth-1.16", "wesnoth"):
        found = shutil.which(name) or shutil.which(name, path="/usr/games")
        if found:
            return found
    return None


def run_once(name: str, argv: list[str], idle: float,
             shot_to: Path | None = None) -> dict[str, float]:
    env = dict(os.environ, DISPLAY=DISPLAY, SDL_VIDEO_X11_WMCLASS=f"startup-{name}",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up run writes the bytecode cache
    # the pointer rests in the top right corner (a panel's title in every game): left in the
    # screen's middle, it raises a tooltip a second after the map is drawn and puts off the
    # first stable frame
    subprocess.run(["xdotool", "mousemove", str(SIZE[0] - 1), "0"], env=env, check=False,
                   capture_output=True)
    blank, _ = _shot()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        # polled every 20 ms: `xdotool search --sync` looks only every half second
        while time.perf_counter() - start < 60:
            found = subprocess.run(["xdotool", "search", "--classname", f"startup-{name}"],
                                   env=env, capture_output=True, check=False).stdout.strip()
            if found:
                break
            time.sleep(0.02)
        mapped = time.perf_counter() - start
        last, since, stable = blank, mapped, None
        while time.perf_counter() - start < 60:
            now = time.perf_counter() - start
            shot, splash = _shot()
            if shot != last:
                last, since = shot, now
            elif shot != blank and not splash and now - since >= 1.0:
                stable = since
                if shot_to is not None:
                    subprocess.run(["import", "-display", DISPLAY, "-window", "root",
                                    str(shot_to)], check=False)
                break
        ticks = _cpu_ticks(proc.pid)
        time.sleep(idle)
        idle_pct = 100 * (_cpu_ticks(proc.pid) - ticks) / os.sysconf("SC_CLK_TCK") / max(idle, 1e-9)
        return {"mapped": mapped, "drawn": stable if stable is not None else float("nan"),
                "idle_pct": idle_pct, "peak_mb": _peak_mb(proc.pid)}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # Wesnoth in a game may not end on SIGTERM
            proc.kill()
            proc.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--games", default="baler,filipinas,guerra")
    parser.add_argument("--shots", type=Path, help="save each first stable frame here")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"{tool} is missing: apt-get install -y xvfb xdotool imagemagick",
                  file=sys.stderr)
            return 2
    wargames = [sys.executable, "-c",
                "import sys; from engine.cli import main; sys.exit(main(sys.argv[1:]))"]
    subjects = {"reference (bare pygame-ce window)": [sys.executable, "-c", REFERENCE],
                "launcher": wargames}
    for game in filter(None, args.games.split(",")):
        ai = [arg for side in COMPUTER.get(game, []) for arg in ("--ai", side)]
        subjects[f"wargames play {game}"] = [*wargames, "play", game, "--seed", "1", *ai]
    peer = wesnoth()
    scratch = Path(tempfile.mkdtemp(prefix="startup-wesnoth-"))
    if peer is not None:
        base = [peer, "--nosound", "--windowed", "--resolution", f"{SIZE[0]}x{SIZE[1]}",
                "--userdata-dir", str(scratch / "data"),
                "--userconfig-dir", str(scratch / "config")]
        subjects[MENU] = base
        subjects[TEST_MAP] = [*base, "-t"]
    else:
        print("Battle for Wesnoth is not installed: ratios to the reference only "
              "(apt-get install -y wesnoth-1.16 adds them).", file=sys.stderr)
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    # -noreset: by default Xvfb starts afresh whenever its last client leaves, which puts the
    # pointer back in the screen's middle between runs (over the map, where it raises a
    # tooltip half a second after the map is drawn) and makes every run pay for the reset
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
                             "-nolisten", "tcp", "-noreset"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    results: dict[str, list[dict[str, float]]] = {name: [] for name in subjects}
    try:
        time.sleep(1.0)
        for i, argv in enumerate(subjects.values()):  # warm-up, untimed
            run_once(str(i), argv, 0.0)
        for run in range(args.runs):
            for i, (name, argv) in enumerate(subjects.items()):
                shot = None
                if args.shots is not None and run == args.runs - 1:
                    shot = args.shots / f"{name.replace(' ', '-').replace('/', '')}.png"
                results[name].append(run_once(str(i), argv, args.idle, shot))
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
        shutil.rmtree(scratch, ignore_errors=True)
    ref = results["reference (bare pygame-ce window)"]
    ref_mapped = statistics.median(r["mapped"] for r in ref)
    ref_drawn = statistics.median(r["drawn"] for r in ref)
    print(f"Xvfb {SIZE[0]}x{SIZE[1]}, {args.runs} alternating runs, medians; load average "
          f"{os.getloadavg()[0]:.1f}.\n")
    peers = {name: (statistics.median(r["mapped"] for r in results[name]),
                    statistics.median(r["drawn"] for r in results[name]))
             for name in (MENU, TEST_MAP) if name in results}

    def versus(name: str, index: int, value: float) -> str:
        """The ratio to Wesnoth's menu (the launcher) or test map (a game), or a dash."""
        against = MENU if name == "launcher" else TEST_MAP if name.startswith("wargames") else ""
        return f"{value / peers[against][index]:.2f}" if against in peers else "–"

    print("| subject | window mapped | × reference | × Wesnoth | first stable frame "
          "| × reference | × Wesnoth | idle % of a core | peak MB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, runs in results.items():
        mapped = statistics.median(r["mapped"] for r in runs)
        drawn = statistics.median(r["drawn"] for r in runs)
        print(f"| {name} | {mapped:.2f} s | {mapped / ref_mapped:.2f} "
              f"| {versus(name, 0, mapped)} | {drawn:.2f} s | {drawn / ref_drawn:.2f} "
              f"| {versus(name, 1, drawn)} "
              f"| {statistics.median(r['idle_pct'] for r in runs):.1f} "
              f"| {max(r['peak_mb'] for r in runs):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
