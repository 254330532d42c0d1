"""Start-up of real windows under Xvfb, ours against Battle for Wesnoth 1.16, alternating runs.

    apt-get install -y xvfb wesnoth-1.16     # once, as root
    .venv/bin/python tools/startup.py --runs 5 --frames docs/startup-frames

Every subject runs on a private Xvfb screen of 1600x1000 and asks for a window of exactly that
size: our launcher and `wargames play GAME` with `--size 1600x1000`, a bare pygame-ce program
that opens such a window and fills it (the reference: the floor of any pygame-ce program), and,
when Battle for Wesnoth is installed (`wesnoth-1.16` or `wesnoth` on the PATH or in /usr/games),
its main menu and its test scenario (`-t`) with `--windowed --resolution 1600x1000 --nosound`.
The window size each subject got is printed with the figures.

What each timer times, from the moment the program is started:
- "window mapped": the subject's window (found by its X class, SDL_VIDEO_X11_WMCLASS) is
  viewable, asked every 20 ms through Xlib in this process.
- "first paint": the screen first differs from the empty screen before the start: for our app
  that is its splash (its name while the games or the scenario load), for Wesnoth its loading
  screen; given for information, never the figure compared.
- "drawn": the first moment of the first picture that then stays identical for a second and is
  neither the empty screen nor a loading screen (a picture one colour covers 90 % of: our
  splash, the app's name on the table's colour; Wesnoth's logo and a line on black). For
  Wesnoth's menu that is the menu with its tip of the day, for its test map the map with the
  objectives box; for the launcher its list of games; for a game the board with its side
  panel. The games are started against the computer (`COMPUTER`: every side but the first, as
  the launcher proposes), so the first screen is the first human side's board: Baler's and
  Filipinas' hot-seat games open on a hand-off screen instead, which is not timed here.
- "idle": CPU of the process over `--idle` seconds after the drawn picture; "peak": its VmHWM.

Wesnoth keeps a game-config cache in its user data folder (`cache/`), and our games keep the
scenarios they checked (`engine.scenario_cache`, in XDG_CACHE_HOME). Each is measured twice in
the same alternation: warm (a folder whose cache an untimed first run filled) and cold (the
cache removed before every run, as on the first start after an installation or an update).
Python's bytecode cache is warm for ours (the untimed first run writes it; this machine's
PYTHONDONTWRITEBYTECODE is dropped for the children), as Wesnoth's program is compiled.

Each round runs every subject once, in order; the table gives medians of `--runs` rounds, and
the load average before and after.

`--frames DIR` writes, for the last round, each subject's timed picture and its first paint as
PNG at half size (`<subject>-drawn.png`, `<subject>-first-paint.png`) and the table itself as
`DIR/README.md`, so anyone can look at what was timed.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DISPLAY = ""
"""The Xvfb display the run started (a free one)."""
SIZE = (1600, 1000)
STABLE = 1.0
"""Seconds a picture must stay unchanged to be the drawn one."""
POLL = 0.02
COMPUTER = {"baler": ["philippine"], "filipinas": ["spain"],
            "guerra": ["republican", "nationalist_2", "republican_2"]}
"""Sides the computer plays (every side but the first, the launcher's default), so the game
opens on the first side's board rather than a hot-seat hand-off."""
REFERENCE = (
    "import os; os.environ['SDL_FRAMEBUFFER_ACCELERATION'] = '0'\n"
    "import pygame; pygame.display.init(); s = pygame.display.set_mode((1600, 1000)); "
    "s.fill((60, 90, 60)); pygame.display.flip()\n"
    "while not any(e.type == pygame.QUIT for e in pygame.event.get()): pygame.time.wait(50)"
)
LOADING_SHARE = 0.9
"""A picture whose commonest colour covers at least this share of the screen is a loading
screen (our splash: the app's name on the table's colour, 99.6 %; Wesnoth's: its logo and a
line of text on black, 98.5 %), never the drawn menu or map (the launcher's commonest colour
covers 56 %, a map's 3-21 %, Wesnoth's menu 0.4 %)."""
EMPTY_SHARE = 0.999
"""A picture of one colour (an empty window) is not a first paint."""

MENU = "Wesnoth 1.16 main menu"
TEST_MAP = "Wesnoth 1.16 test map (-t)"
REF = "reference (bare pygame-ce window)"
LAUNCHER = "launcher"


# --- Xlib, through ctypes: no process started per look --------------------------------------

class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_char)),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


class _XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("border_width", ctypes.c_int),
                ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("class_", ctypes.c_int),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


class _XClassHint(ctypes.Structure):
    _fields_ = [("res_name", ctypes.c_void_p), ("res_class", ctypes.c_void_p)]


_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
_IGNORE = _ERROR_HANDLER(lambda display, event: 0)
"""A window may go between two calls: its error is ignored, not fatal."""
IS_VIEWABLE = 2
Z_PIXMAP = 2


class Screen:
    """The Xvfb screen as this process sees it: windows by class, pictures of the screen."""

    def __init__(self, display: str) -> None:
        x11 = ctypes.util.find_library("X11")
        if x11 is None:
            raise OSError("libX11 is missing: apt-get install -y libx11-6")
        self.x = x = ctypes.cdll.LoadLibrary(x11)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                                 ctypes.POINTER(ctypes.c_uint)]
        x.XGetClassHint.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                    ctypes.POINTER(_XClassHint)]
        x.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                           ctypes.POINTER(_XWindowAttributes)]
        x.XGetImage.restype = ctypes.POINTER(_XImage)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XSetErrorHandler(_IGNORE)
        self.display = x.XOpenDisplay(display.encode())
        if not self.display:
            raise OSError(f"cannot open the X display {display}")
        self.root = x.XDefaultRootWindow(self.display)

    def window(self, wm_class: str) -> tuple[int, int] | None:
        """The size of the viewable top-level window of that class, None while there is none."""
        x = self.x
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children = ctypes.POINTER(ctypes.c_ulong)()
        count = ctypes.c_uint()
        if not x.XQueryTree(self.display, self.root, ctypes.byref(root), ctypes.byref(parent),
                            ctypes.byref(children), ctypes.byref(count)):
            return None
        try:
            for i in range(count.value):
                hint = _XClassHint()
                if not x.XGetClassHint(self.display, children[i], ctypes.byref(hint)):
                    continue
                names = {ctypes.string_at(p) for p in (hint.res_name, hint.res_class) if p}
                for p in (hint.res_name, hint.res_class):
                    if p:
                        x.XFree(p)
                if wm_class.encode() not in names:
                    continue
                attrs = _XWindowAttributes()
                if x.XGetWindowAttributes(self.display, children[i], ctypes.byref(attrs)) \
                        and attrs.map_state == IS_VIEWABLE:
                    return attrs.width, attrs.height
        finally:
            if children:
                x.XFree(children)
        return None

    def picture(self) -> bytes:
        """The whole screen, 4 bytes a pixel (blue, green, red, unused)."""
        image = self.x.XGetImage(self.display, self.root, 0, 0, SIZE[0], SIZE[1],
                                 0xFFFFFFFF, Z_PIXMAP)
        if not image:
            return b""
        try:
            raw = ctypes.string_at(image.contents.data, image.contents.bytes_per_line * SIZE[1])
        finally:
            self.x.XFree(image.contents.data)
            self.x.XFree(image)
        return raw


def top_share(raw: bytes) -> float:
    """The share of the screen its commonest colour covers (every fifth pixel counted)."""
    import numpy as np

    pixels = np.frombuffer(raw, np.uint32)[::5] & 0xFFFFFF
    _, counts = np.unique(pixels, return_counts=True)
    return float(counts.max()) / len(pixels)


def save_png(raw: bytes, path: Path) -> None:
    """The picture at half size (a map's picture at full size is 1-2 MB)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import numpy as np
    import pygame

    rgb = np.frombuffer(raw, np.uint8).reshape(-1, 4)[:, 2::-1].tobytes()
    picture = pygame.image.frombuffer(rgb, SIZE, "RGB")
    small = pygame.transform.smoothscale(picture, (SIZE[0] // 2, SIZE[1] // 2))
    pygame.image.save(small, str(path))


# --- one run ---------------------------------------------------------------------------------

@dataclass
class Run:
    mapped: float = float("nan")
    first_paint: float = float("nan")
    drawn: float = float("nan")
    idle_pct: float = float("nan")
    peak_mb: float = float("nan")
    size: tuple[int, int] | None = None
    pictures: dict[str, bytes] = field(default_factory=dict)


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run_once(screen: Screen, name: str, argv: list[str], idle: float,
             env_extra: dict[str, str] | None = None, keep: bool = False,
             uniform: bool = False) -> Run:
    """One start of `argv`, timed (`uniform`: the drawn picture may be of one colour, as the
    reference's is)."""
    wm_class = f"startup-{name}"
    env = dict(os.environ, DISPLAY=DISPLAY, SDL_VIDEO_X11_WMCLASS=wm_class,
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **(env_extra or {}))
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up run writes the bytecode cache
    # the pointer rests in the top right corner (a panel's title in every game): over the map
    # it raises a tooltip a second after the map is drawn
    subprocess.run(["xdotool", "mousemove", str(SIZE[0] - 1), "0"], env=env, check=False,
                   capture_output=True)
    blank = screen.picture()
    result = Run()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, preexec_fn=_die_with_us)
    try:
        last, since = blank, 0.0
        while (now := time.perf_counter() - start) < 60 and proc.poll() is None:
            if result.size is None:
                result.size = screen.window(wm_class)
                if result.size is not None:
                    result.mapped = time.perf_counter() - start
            picture = screen.picture()
            now = time.perf_counter() - start
            if picture != last:
                last, since = picture, now
                if result.first_paint != result.first_paint and picture != blank \
                        and top_share(picture) < EMPTY_SHARE:
                    result.first_paint = now
                    if keep:
                        result.pictures["first-paint"] = picture
            elif picture != blank and now - since >= STABLE \
                    and (uniform or top_share(picture) < LOADING_SHARE):
                result.drawn = since
                if keep:
                    result.pictures["drawn"] = picture
                break
            time.sleep(POLL)
        if proc.poll() is None:
            result.size = screen.window(wm_class) or result.size
            ticks = _cpu_ticks(proc.pid)
            time.sleep(idle)
            result.idle_pct = 100 * (_cpu_ticks(proc.pid) - ticks) / os.sysconf("SC_CLK_TCK") \
                / max(idle, 1e-9)
            result.peak_mb = _peak_mb(proc.pid)
        return result
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # Wesnoth in a game may not end on SIGTERM
            proc.kill()
            proc.wait(timeout=10)


def _die_with_us() -> None:
    """In a child before it runs: end it when this script ends, however it ends."""
    ctypes.CDLL(None).prctl(1, 15)  # PR_SET_PDEATHSIG, SIGTERM


def wesnoth() -> str | None:
    """Battle for Wesnoth's program, if installed."""
    for name in ("wesnoth-1.16", "wesnoth"):
        found = shutil.which(name) or shutil.which(name, path="/usr/games")
        if found:
            return found
    return None


@dataclass
class Subject:
    name: str
    argv: list[str]
    cold_cache: Path | None = None
    """Removed before every run (Wesnoth's game-config cache, for its cold figures)."""
    env: dict[str, str] = field(default_factory=dict)


def subjects(games: list[str], scratch: Path) -> list[Subject]:
    width, height = SIZE
    wargames = [sys.executable, "-c",
                "import sys; from engine.cli import main; sys.exit(main(sys.argv[1:]))"]
    found = [Subject(REF, [sys.executable, "-c", REFERENCE]),
             Subject(LAUNCHER, [*wargames, "--size", f"{width}x{height}"])]
    for cache in ("warm", "cold"):
        env = {"XDG_CACHE_HOME": str(scratch / f"ours-{cache}")}
        cold = scratch / "ours-cold" if cache == "cold" else None
        for game in games:
            ai = [arg for side in COMPUTER.get(game, []) for arg in ("--ai", side)]
            found.append(Subject(f"wargames play {game}, {cache} cache",
                                 [*wargames, "play", game, "--size", f"{width}x{height}",
                                  "--seed", "1", *ai], cold, env))
    peer = wesnoth()
    if peer is None:
        print("Battle for Wesnoth is not installed: ratios to the reference only "
              "(apt-get install -y wesnoth-1.16 adds them).", file=sys.stderr)
        return found
    for cache in ("warm", "cold"):
        data = scratch / cache
        base = [peer, "--nosound", "--windowed", "--resolution", f"{width}x{height}",
                "--userdata-dir", str(data / "data"), "--userconfig-dir", str(data / "config")]
        env = {"XDG_CACHE_HOME": str(scratch / "xdg-cache")}  # Mesa's shader cache: warm
        cold = data / "data" / "cache" if cache == "cold" else None
        found.append(Subject(f"{MENU}, {cache} cache", base, cold, env))
        found.append(Subject(f"{TEST_MAP}, {cache} cache", [*base, "-t"], cold, env))
    return found


def slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-").replace("--", "-")


def table(results: dict[str, list[Run]], runs: int, loads: tuple[float, float]) -> str:
    def med(name: str, key: str) -> float:
        values = [getattr(r, key) for r in results[name]]
        values = [v for v in values if v == v]
        return statistics.median(values) if values else float("nan")

    peers = {f"{peer}, {cache} cache": (med(f"{peer}, {cache} cache", "mapped"),
                                        med(f"{peer}, {cache} cache", "drawn"))
             for peer in (MENU, TEST_MAP) for cache in ("warm", "cold")
             if f"{peer}, {cache} cache" in results}

    def ratio(name: str, index: int, value: float, cache: str) -> str:
        peer = MENU if name == LAUNCHER else TEST_MAP if name.startswith("wargames") else ""
        key = f"{peer}, {cache} cache"
        return f"{value / peers[key][index]:.2f}" if key in peers else "–"

    lines = [f"Xvfb {SIZE[0]}x{SIZE[1]}, medians of {runs} alternating rounds; load average "
             f"{loads[0]:.1f} before, {loads[1]:.1f} after.", "",
             "| subject | window | mapped | × Wesnoth warm / cold | first paint | drawn "
             "| × Wesnoth warm / cold | idle % of a core | peak MB |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, found in results.items():
        sizes = {r.size for r in found if r.size}
        size = ", ".join(f"{w}x{h}" for w, h in sorted(sizes)) or "none"
        mapped, drawn = med(name, "mapped"), med(name, "drawn")
        failed = sum(1 for r in found if r.drawn != r.drawn)
        note = f" ({failed} of {len(found)} never settled)" if failed else ""
        lines.append(
            f"| {name} | {size} | {mapped:.3f} s | {ratio(name, 0, mapped, 'warm')} / "
            f"{ratio(name, 0, mapped, 'cold')} | {med(name, 'first_paint'):.3f} s "
            f"| {drawn:.3f} s{note} | {ratio(name, 1, drawn, 'warm')} / "
            f"{ratio(name, 1, drawn, 'cold')} | {med(name, 'idle_pct'):.1f} "
            f"| {max((r.peak_mb for r in found if r.peak_mb == r.peak_mb), default=0):.0f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=3.0)
    parser.add_argument("--games", default="baler,filipinas,guerra")
    parser.add_argument("--only", help="subjects whose name contains this text (and the "
                        "reference)")
    parser.add_argument("--frames", type=Path,
                        help="write the last round's timed pictures and the table here")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            print(f"{tool} is missing: apt-get install -y xvfb xdotool", file=sys.stderr)
            return 2
    scratch = Path(tempfile.mkdtemp(prefix="startup-"))
    chosen = subjects([g for g in args.games.split(",") if g], scratch)
    if args.only:
        chosen = [s for s in chosen if s.name == REF or args.only in s.name]
    if args.frames is not None:
        args.frames.mkdir(parents=True, exist_ok=True)
    # -noreset: by default Xvfb starts afresh whenever its last client leaves, which puts the
    # pointer back in the screen's middle between runs
    # -displayfd: Xvfb takes a free display number and says which (others may run theirs)
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                             f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp", "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            pass_fds=(write,), preexec_fn=_die_with_us)
    os.close(write)
    results: dict[str, list[Run]] = {s.name: [] for s in chosen}
    try:
        global DISPLAY
        with os.fdopen(read) as said:
            DISPLAY = f":{said.readline().strip()}"
        screen = Screen(DISPLAY)
        for i, subject in enumerate(chosen):  # warm-up, untimed: fills every cache
            run_once(screen, str(i), subject.argv, 0.0, subject.env, uniform=subject.name == REF)
        before = os.getloadavg()[0]
        for round_ in range(args.runs):
            last = round_ == args.runs - 1
            for i, subject in enumerate(chosen):
                if subject.cold_cache is not None:
                    shutil.rmtree(subject.cold_cache, ignore_errors=True)
                run = run_once(screen, str(i), subject.argv, args.idle, subject.env,
                               keep=last and args.frames is not None,
                               uniform=subject.name == REF)
                results[subject.name].append(run)
                if args.frames is not None:
                    for kind, picture in run.pictures.items():
                        save_png(picture, args.frames / f"{slug(subject.name)}-{kind}.png")
                print(f"round {round_ + 1} {subject.name}: mapped {run.mapped:.3f} "
                      f"drawn {run.drawn:.3f} size {run.size}", file=sys.stderr, flush=True)
        after = os.getloadavg()[0]
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
        shutil.rmtree(scratch, ignore_errors=True)
    text = table(results, args.runs, (before, after))
    print(text)
    if args.frames is not None:
        (args.frames / "README.md").write_text(
            "# Start-up: the pictures timed\n\nWritten by `python tools/startup.py --frames "
            f"{args.frames}` (the last round; half size). `*-drawn.png` is the picture each "
            "\"drawn\" time is the first moment of; `*-first-paint.png` the first picture "
            "on screen after the start (our splash, Wesnoth's loading screen).\n\n"
            + text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
