"""One game screen (or the launcher) measured in a process of its own, for `wargames bench`.

`python -m engine.bench_screen GAME` opens the real game screen at 1920x1080 with the dummy
video driver on a mid-game state reached by seeded random play, drives it with posted pygame
events through `App.step`, and prints one JSON object: CPU time per frame while panning and
zooming (with a counter selected and a stack fanned), click-to-highlight CPU, the cost of one
panel refresh at action 0, mid-game and at the end of a whole game, idle CPU over a run of the
real loop, and the process's peak resident memory. `python -m engine.bench_screen launcher`
measures the launcher's idle CPU and memory. A process per screen keeps each figure clean of the
caches and memory of the others. Only CPU time is reported (`time.thread_time` for the UI
thread, `time.process_time` for the idle loop), so other work on the machine does not count.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine import plugins  # noqa: E402
from engine.ai.agent import RandomAgent  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.core.game import GamePlugin  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402

SIZE = (1920, 1080)
DT = 1 / 60
SEED = 1
MAX_ACTIONS = 20_000


def percentile(samples: list[float], p: float) -> float:
    """The `p`-th percentile (nearest rank) of `samples`."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def summary_ms(samples: list[float]) -> dict[str, float]:
    """p50, p95, p99 and the maximum of CPU seconds, in milliseconds."""
    return {
        "p50": round(percentile(samples, 50) * 1000, 2),
        "p95": round(percentile(samples, 95) * 1000, 2),
        "p99": round(percentile(samples, 99) * 1000, 2),
        "max": round(max(samples) * 1000, 2),
        "n": len(samples),
    }


def full_game(plugin: GamePlugin, session: Session) -> list[Action]:
    """Play `session` to its end with seeded random agents; the actions played, in order."""
    agents = {side: RandomAgent(SEED + i, side) for i, side in enumerate(plugin.sides)}
    rules = session.rules
    played: list[Action] = []
    while session.result() is None and len(played) < MAX_ACTIONS:
        legal = rules.legal_actions(session.state)
        if not legal:
            break
        side = session.state.decision.player
        agent = agents.get(side) or agents[plugin.sides[0]]
        action = agent.choose(rules, session.state, legal)
        session.play(action, check_legal=False)
        played.append(action)
    return played


def mid_game(plugin: GamePlugin, scenario: Any, actions: list[Action]) -> Session:
    """The same game replayed to its middle, then on to the first decision of a side where a
    click on one of its counters marks targets on the board (so a click can be measured)."""
    from engine.ui.game_scene import build_gameui

    session = Session(plugin.rules, scenario, SEED)
    for action in actions[: len(actions) // 2]:
        session.play(action, check_legal=False)
    gameui = build_gameui(plugin, session)
    fallback: int | None = None
    for nxt in actions[len(actions) // 2:]:
        player = session.decision.player
        if player in plugin.sides and not session.decision.table:
            fallback = len(session.history) if fallback is None else fallback
            gameui.sync(plugin.rules.view(session.state, player), player)
            if _selectable(gameui, session.legal_actions()) is not None:
                return session
        session.play(nxt, check_legal=False)
    # no such decision in the second half: back to the first decision of a side
    if fallback is not None:
        session.rewind(fallback)
    return session


def _selectable(gameui: Any, legal: list[Action]) -> str | None:
    """A counter of the board whose click selects it and marks targets."""
    for specs in _stacks_of(gameui.board)._stacks.values():
        for spec in specs:
            click = gameui.on_click(spec.id, None, legal)
            if click.select is not None and click.highlight:
                return str(spec.id)
    return None


def _cpu(fn: Callable[[], object]) -> float:
    start = time.thread_time()
    fn()
    return time.thread_time() - start


def _post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def _motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def _frames(app: Any, batches: Iterable[list[pygame.event.Event]]) -> list[float]:
    """CPU seconds of one `App.step` per batch of posted events."""
    samples = []
    for batch in batches:
        _post(*batch)
        samples.append(_cpu(lambda: app.step(DT)))
    return samples


def _counter_targets(scene: Any) -> tuple[str | None, str | None]:
    """A counter whose click selects it with targets marked, and a location holding a stack of
    two or more counters (to fan out), visible on screen, if the position has them."""
    board = scene.gameui.board
    view = scene.camera.viewport
    fan = None
    for loc, specs in _stacks_of(board)._stacks.items():
        anchor = board.anchor(loc)
        if len(specs) >= 2 and anchor is not None \
                and view.collidepoint(scene.camera.world_to_screen(*anchor)):
            fan = loc
            break
    selectable = _selectable(scene.gameui, scene.session.legal_actions())
    if selectable is not None:
        anchor = board.anchor(selectable)
        if anchor is not None:
            scene.camera.center_on(anchor)
    return selectable, fan


def _stacks_of(board: Any) -> Any:
    """The `CounterStacks` of a board view, or of the stacked board a game's view wraps."""
    if hasattr(board, "stacks"):
        return board.stacks
    for value in vars(board).values():
        if hasattr(value, "stacks"):
            return value.stacks
    raise LookupError(f"{type(board).__name__} has no counter stacks")


def _screen_pos(scene: Any, target: str) -> tuple[int, int]:
    anchor = scene.gameui.board.anchor(target)
    x, y = scene.camera.world_to_screen(*anchor)
    return round(x), round(y)


def measure_game(game: str, idle_seconds: float) -> dict[str, Any]:
    from engine.ui.app import App
    from engine.ui.game_scene import GameScene

    plugin = plugins.get(game)
    scenario = load_game_scenario(plugin)
    start = time.thread_time()
    finished = Session(plugin.rules, scenario, SEED)
    actions = full_game(plugin, finished)
    playout_cpu = time.thread_time() - start
    played = len(actions)
    session = mid_game(plugin, scenario, actions)
    decider = session.decision.player
    players = {s: "human" if s == decider else "computer" for s in plugin.sides}
    app = App(SIZE, audio=False)
    app.settings.dice_speed = 1
    pygame.event.clear()

    def screen(on: Session) -> Any:
        return GameScene(app, plugin, on, players, agents={}, autosave=False)

    refresh: dict[str, float] = {}
    for label, on in (("start", Session(plugin.rules, scenario, SEED)), ("mid", session),
                      ("end", finished)):
        probe = screen(on)
        probe.refresh()
        refresh[label] = round(statistics.median(_cpu(probe.refresh) for _ in range(15)) * 1000,
                               2)
        probe.close()
    del probe, finished, actions  # the screen alone counts for the peak memory
    gc.collect()
    _reset_peak_rss()
    scene = screen(session)
    app.push(scene)
    for _ in range(3):
        app.step(DT)
    selectable, fan = _counter_targets(scene)
    centre = scene.camera.viewport.center

    click_samples = []
    if selectable is not None:
        for _ in range(7):
            pos = _screen_pos(scene, selectable)
            _post(_motion(pos))
            app.step(DT)
            _post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            click_samples.append(_cpu(lambda: app.step(DT)))
            _post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
            app.step(DT)
            if scene.dialog is not None:
                scene.dialog = None
        # leave the counter selected for the frames below
        pos = _screen_pos(scene, selectable)
        _post(_motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(DT)
    rest = _screen_pos(scene, fan) if fan is not None else centre
    _post(_motion(rest))
    app.step(DT)

    # Panning with the arrow keys while the pointer rests over a stack (fanned), then a drag
    # with the right button, then the wheel turned in bursts, each burst followed by the frames
    # after it (where a view may refine its picture).
    keys = [pygame.K_LEFT] * 30 + [pygame.K_UP] * 30 + [pygame.K_RIGHT] * 30 + [pygame.K_DOWN] * 30
    pan = _frames(app, ([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")]
                        for k in keys))
    drag: list[list[pygame.event.Event]] = [
        [_motion(centre), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)]]
    x, y = centre
    for i in range(160):
        dx = 9 if (i // 40) % 2 == 0 else -9
        dy = 5 if (i // 20) % 2 == 0 else -5
        x, y = x + dx, y + dy
        drag.append([_motion((x, y), (0, 0, 1))])
    drag.append([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3)])
    pan += _frames(app, drag)
    zoom: list[float] = []
    _post(_motion(centre))
    app.step(DT)
    for direction in (1, 1, -1, -1, -1, 1):
        burst = [[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, flipped=False,
                                     precise_x=0.0, precise_y=float(direction))]
                 for _ in range(4)]
        zoom += _frames(app, burst + [[] for _ in range(30)])
    frames = pan + zoom

    dice = _dice_frames(app, scene)

    idle = _idle(app, idle_seconds)
    app.close()
    return {
        "game": game,
        "actions": played,
        "mid_action": len(session.history),
        "playout_cpu_s": round(playout_cpu, 3),
        "refresh_ms": refresh,
        "click_ms": round(statistics.median(click_samples) * 1000, 2) if click_samples else None,
        "pan_ms": summary_ms(pan),
        "zoom_ms": summary_ms(zoom),
        "frame_ms": summary_ms(frames + dice),
        "dice_ms": summary_ms(dice) if dice else None,
        "idle_cpu_pct": idle,
        "peak_rss_mb": _peak_rss_mb(),
    }


def _dice_frames(app: Any, scene: Any) -> list[float]:
    """Frames while a roll of two dice tumbles over the board, the view panning."""
    from engine.core.actions import DiceRolled
    from engine.ui.dice_anim import DiceAnimation

    scene.animations.append(DiceAnimation(DiceRolled(text="Two dice: 3 and 5", values=(3, 5)), 1))
    centre = scene.camera.viewport.center
    _post(_motion(centre), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    x, y = centre
    samples = []
    for i in range(120):
        if not scene.animations:
            break
        x += 6 if (i // 30) % 2 == 0 else -6
        _post(_motion((x, y), (0, 0, 1)))
        samples.append(_cpu(lambda: app.step(DT)))
    _post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    app.step(DT)
    scene.animations.clear()
    return samples


def _idle(app: Any, seconds: float) -> float:
    """Percent of one core the real loop (`App.run`) uses while nothing happens."""
    for _ in range(30):
        app.step(DT)
    pygame.event.clear()
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), round(seconds * 1000), loops=1)
    wall = time.perf_counter()
    cpu = time.process_time()
    app.running = True
    app.run()
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return round(100 * cpu / wall, 2)


def _reset_peak_rss() -> None:
    """Start the peak-memory count afresh (Linux), so the states the benchmark replayed to
    reach its positions do not count as the game screen's memory."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5", encoding="ascii")


def _peak_rss_mb() -> float:
    """Peak resident memory since the last reset (VmHWM), or of the whole process."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def measure_launcher(idle_seconds: float) -> dict[str, Any]:
    from engine.loading import load_game_scenario as loader
    from engine.ui.app import App
    from engine.ui.launcher import Launcher

    app = App(SIZE, audio=False)
    pygame.event.clear()
    app.push(Launcher(app, loader))
    idle = _idle(app, idle_seconds)
    app.close()
    return {"game": "launcher", "idle_cpu_pct": idle, "peak_rss_mb": _peak_rss_mb()}


def main(argv: list[str]) -> int:
    what = argv[0]
    idle = float(argv[1]) if len(argv) > 1 else 10.0
    result = measure_launcher(idle) if what == "launcher" else measure_game(what, idle)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
