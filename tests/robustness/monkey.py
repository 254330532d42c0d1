"""A GUI monkey for the robustness suites (issue 25): random real pygame events through the app
loop with the dummy video driver, counting what goes wrong instead of stopping at it.

A gesture is what a hand sends: a click (left, right, middle, sometimes double), a drag, wheel
turns, a key (arrows, letters, digits, Enter, Esc, Tab, F1-F12, with Ctrl, Shift or Alt now and
then), a window resize (from 480x360 to 1920x1080), a pause of a second or so (the computer
moves, dice settle, tooltips come up) or a pointer move. Each `App.step` runs under a wall-clock
alarm: a step of more than `HANG` seconds is a hang. An exception out of a step is a traceback
(`App.run` would show the crash screen; here it is counted, and the run starts again on a new
window). A check given by the caller looks at the screen after every gesture for hidden
information shown to the wrong person (`peek_game`, `peek_replay`).
"""

from __future__ import annotations

import random
import shutil
import signal
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from engine import plugins
from engine.ai.agent import RandomAgent
from engine.core.saves import write_save
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.paths import scenario_path
from engine.ui import hotseat
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.launcher import Launcher
from engine.ui.replay_scene import ReplayScene
from engine.ui.widgets.button import Button

DT = 1 / 60
HANG = 10.0
"""Wall-clock seconds after which one step counts as a hang."""
OUTSIDE = 25
"""Gestures the monkey may spend on other screens (the launcher after "Main menu", a replay
opened from it) before the run starts again on its own screen."""

SIZES = ((480, 360), (640, 480), (800, 600), (1024, 700), (1280, 800), (1600, 900),
         (1920, 1080), (700, 1000))
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE,
        pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_COMMA, pygame.K_PERIOD,
        pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_9,
        pygame.K_a, pygame.K_d, pygame.K_e, pygame.K_f, pygame.K_h, pygame.K_l, pygame.K_m,
        pygame.K_n, pygame.K_o, pygame.K_p, pygame.K_r, pygame.K_s, pygame.K_u, pygame.K_w,
        pygame.K_x, pygame.K_y, pygame.K_z,
        pygame.K_F1, pygame.K_F2, pygame.K_F5, pygame.K_F11, pygame.K_F12)
MODS = (0, 0, 0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT,
        pygame.KMOD_CTRL | pygame.KMOD_SHIFT)


class Hang(Exception):
    """A step ran longer than `HANG` seconds."""


@dataclass
class Report:
    """What one monkey run met."""

    name: str
    events: int = 0
    """Gestures sent."""
    steps: int = 0
    restarts: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    peeks: list[str] = field(default_factory=list)
    """Hidden information shown to a person who may not see it."""
    scenes: Counter[str] = field(default_factory=Counter)
    """Gestures per kind of screen they reached."""
    slowest: float = 0.0
    """The longest step, wall-clock seconds."""
    actions: int = 0
    """Actions played on the game screens the monkey drove (by it or by the computer)."""
    handoffs: int = 0
    """Hand-off screens met."""
    _seen: int = 0
    _handoff: object = None

    def add(self, other: Report) -> None:
        self.events += other.events
        self.steps += other.steps
        self.restarts += other.restarts
        self.tracebacks += other.tracebacks
        self.hangs += other.hangs
        self.peeks += other.peeks
        self.scenes.update(other.scenes)
        self.slowest = max(self.slowest, other.slowest)
        self.actions += other.actions
        self.handoffs += other.handoffs

    def look(self, scene: Any) -> None:
        """Count the actions and hand-offs of the screen after a gesture."""
        session = scene.session if isinstance(scene, GameScene) else None
        if session is not None and len(session.history) > self._seen:
            self.actions += len(session.history) - self._seen
            self._seen = len(session.history)
        handoff = getattr(scene, "handoff", None)
        if handoff is not None and handoff is not self._handoff:
            self.handoffs += 1
        self._handoff = handoff

    def new_window(self) -> None:
        self._seen, self._handoff = 0, None

    def problems(self) -> str:
        """Every traceback, hang and peek, one block each ("" when there is none)."""
        blocks = [f"traceback: {t}" for t in self.tracebacks]
        blocks += [f"hang: {h}" for h in self.hangs] + [f"peek: {p}" for p in self.peeks]
        return "\n\n".join(blocks)

    def distinct_tracebacks(self) -> Counter[str]:
        """Tracebacks by their last line and the place that raised."""
        return Counter(t.splitlines()[-1] + " @ " + _place(t) for t in self.tracebacks)


def _place(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("File ")]
    return lines[-1] if lines else "?"


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"a step ran over {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


Gesture = tuple[list[pygame.event.Event], int, tuple[int, int] | None]
AIMED = 0.6
"""The share of clicks aimed at something clickable on screen (a button, a menu row, a card of
the hand, a counter): blind clicks alone seldom reach the prompt's buttons, and a monkey that
never plays would never meet a hand-off, a reveal or the end of a game."""


FOLLOW = 0.7
"""How often a menu or dialog a gesture opened gets one of its rows or buttons clicked at once
(a person who opens a menu mostly picks from it)."""


def _popup(app: App) -> object | None:
    """The menu or dialog open now, if any."""
    scene = app.scene
    if scene is None:
        return None
    return scene.dialog or getattr(scene, "menu", None)


Targets = tuple[list[pygame.Rect], list[pygame.Rect], list[pygame.Rect]]


def targets(app: App) -> Targets:
    """The clickable places on screen now: the prompt's buttons; what else answers a question
    (the buttons and rows of the dialog or menu when one is open, else those of the screen's
    parts, and the board's marked targets); the counters on the board."""
    scene = app.scene
    if scene is None:
        return [], [], []
    area = pygame.Rect((0, 0), app.size)

    def shown(rects: list[pygame.Rect]) -> list[pygame.Rect]:
        return [r for r in rects if r.width > 0 and r.height > 0 and area.colliderect(r)]

    if scene.dialog is not None:
        return [], shown(_clickable(scene.dialog, 2)), []
    menu = getattr(scene, "menu", None)
    if menu is not None:
        return [], shown(_clickable(menu, 1)), []
    owner = getattr(scene, "gameui", None) or getattr(scene, "kit", None)
    board = getattr(owner, "board", None)
    marked = set(getattr(scene, "highlight", ())) | set(getattr(board, "marks", {}))
    counters: set[str] = set()
    for part in [board, *(vars(board).values() if board is not None else ())]:
        stacks = getattr(part, "stacks", None)
        if stacks is not None and hasattr(stacks, "placements"):
            counters |= set(stacks.placements())
    prompt = getattr(scene, "prompt", None)
    asked = shown(_clickable(prompt, 1)) if prompt is not None else []
    return asked, shown(_clickable(scene, 2) + _on_board(scene, board, marked)), \
        shown(_on_board(scene, board, counters))


def _on_board(scene: Any, board: Any, ids: set[str]) -> list[pygame.Rect]:
    """Small squares around the board targets `ids` (a game's, a replay's or the editor's)."""
    camera = getattr(scene, "camera", None)
    if board is None or camera is None:
        return []
    rects = []
    for target in sorted(ids)[:400]:
        anchor = board.anchor(target)
        if anchor is not None:
            x, y = camera.world_to_screen(*anchor)
            rects.append(pygame.Rect(round(x) - 4, round(y) - 4, 9, 9))
    return [r for r in rects if camera.viewport.colliderect(r)]


def _clickable(obj: Any, depth: int) -> list[pygame.Rect]:
    if isinstance(obj, Button):
        return [obj.rect]
    if isinstance(obj, pygame.Rect):
        return []
    if isinstance(obj, list | tuple):
        return [r for item in obj[:200] for r in _clickable(item, depth)]
    found: list[pygame.Rect] = []
    for name in ("row_rects", "hand_rects"):
        rects = getattr(obj, name, None)
        if isinstance(rects, list):
            found += [r for r in rects if isinstance(r, pygame.Rect)]
    if depth == 0 or not hasattr(obj, "__dict__") or isinstance(obj, App):
        return found
    for value in vars(obj).values():
        if isinstance(value, Button | list | tuple) or (
                hasattr(value, "__dict__") and type(value).__module__.startswith("engine.ui")):
            found += _clickable(value, depth - 1)
    return found


def gesture(rng: random.Random, app: App) -> Gesture:
    """One random gesture: its events, the steps to run after posting them, and a new window
    size (None: the size stays)."""
    w, h = app.size
    pos = (rng.randrange(w), rng.randrange(h))
    kind = rng.choices(("click", "drag", "wheel", "key", "move", "rest", "resize", "double",
                        "answer"), weights=(40, 8, 8, 22, 10, 6, 2, 4, 8))[0]
    if kind == "click" and rng.random() < AIMED:
        # the prompt's buttons first (they move the game on), then the other answers, then
        # the counters (a selection)
        asked, answers, counters = targets(app)
        draw = rng.random()
        aims = asked if asked and draw < 0.5 else answers if answers and draw < 0.8 \
            else counters or answers or asked
        if aims:
            rect = rng.choice(aims)
            pos = (rng.randrange(rect.left, rect.right), rng.randrange(rect.top, rect.bottom))
            pos = (min(max(pos[0], 0), w - 1), min(max(pos[1], 0), h - 1))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind in ("click", "double"):
        button = rng.choice((1, 1, 1, 1, 3, 3, 2))
        press = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
        return [motion, *press, *(press if kind == "double" else [])], 1, None
    if kind == "drag":
        button = rng.choice((1, 1, 3, 2))
        events = [motion, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
        x, y = pos
        held = (button == 1, button == 2, button == 3)
        for _ in range(rng.randrange(2, 9)):
            x = min(w + 40, max(-40, x + rng.randrange(-120, 121)))
            y = min(h + 40, max(-40, y + rng.randrange(-120, 121)))
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                             buttons=held))
        return [*events, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=button)], \
            1, None
    if kind == "wheel":
        y = rng.choice((-5, -2, -1, -1, 1, 1, 2, 5))
        return [motion, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                           precise_x=0.0, precise_y=float(y))], 1, None
    if kind == "key":
        key = rng.choice(KEYS) if rng.random() < 0.7 else rng.choice(
            (pygame.K_RETURN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE))
        mod = rng.choice(MODS)
        if key == pygame.K_F12 and rng.random() < 0.8:
            key = pygame.K_RIGHT  # screenshots: now and then, not a folder full
        name = pygame.key.name(key)
        text = name if len(name) == 1 and not mod & pygame.KMOD_CTRL else ""
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text,
                                   scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)], \
            1, None
    if kind == "rest":
        return [], rng.randrange(20, 90), None
    if kind == "answer":
        return [], 0, None
    if kind == "resize":
        return [], 1, rng.choice(SIZES)
    return [motion], 1, None


class Monkey:
    """Drives the window `start()` opens with `gestures` random gestures; `check(app)` returns
    a description of hidden information shown, if any. `home(scene)` says whether a screen is
    one the run is about; after `outside` gestures elsewhere it starts again."""

    def __init__(self, name: str, start: Callable[[], App], home: Callable[[Any], bool],
                 check: Callable[[App], str | None] | None = None, seed: int = 1,
                 outside: int = OUTSIDE) -> None:
        self.report = Report(name)
        self.start = start
        self.home = home
        self.check = check
        self.rng = random.Random(seed)
        self.app: App | None = None
        self.outside = 0
        self.away = outside

    def _open(self) -> App:
        if self.app is not None:
            self._close()
            self.report.restarts += 1
        self.app = self.start()
        self.report.new_window()
        pygame.event.clear()
        self.outside = 0
        return self.app

    def _close(self) -> None:
        app, self.app = self.app, None
        if app is None:
            return
        pygame.event.clear()
        try:
            with _alarm(HANG):
                app.close()
        except Exception:  # a scene that cannot even close: the next window starts afresh
            pygame.display.quit()

    def _step(self, app: App) -> bool:
        """One step; False when it raised or hung (recorded) and the run must start again."""
        begun = time.perf_counter()
        try:
            with _alarm(HANG):
                app.step(DT)
        except Hang:
            self.report.hangs.append(f"{self._where(app)}\n{traceback.format_exc(limit=-12)}")
            return False
        except Exception:
            self.report.tracebacks.append(f"{self._where(app)}\n{traceback.format_exc()}")
            return False
        finally:
            self.report.slowest = max(self.report.slowest, time.perf_counter() - begun)
            self.report.steps += 1
        if not app.running:  # a Quit from a menu: this window has nowhere else to go
            app.running = True
        return True

    def _answer(self, app: App) -> bool:
        """The hand plays: when a person is to decide on the game screen and nothing covers it,
        a random legal answer through `GameScene.play`, the path a prompt button's click takes
        (blind clicks reach the prompt too seldom to carry a game to its later turns)."""
        scene = app.scene
        if not isinstance(scene, GameScene) or scene.dialog is not None \
                or scene.menu is not None or scene.animations or not scene._my_turn():
            return self._step(app)
        legal = scene.session.legal_actions()
        if legal:
            try:
                with _alarm(HANG):
                    scene.play(self.rng.choice(legal))
            except Exception:
                self.report.tracebacks.append(f"playing an answer\n{traceback.format_exc()}")
                return False
        return self._step(app)

    def _follow(self, app: App) -> bool:
        """Click one of the rows or buttons of the menu or dialog the last gesture opened."""
        _, answers, _ = targets(app)
        if not answers:
            return True
        rect = self.rng.choice(answers)
        pos = rect.center
        for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
            pygame.event.post(event)
        return self._step(app)

    @staticmethod
    def _where(app: App) -> str:
        scene = app.scene
        return f"on {type(scene).__name__ if scene is not None else 'no screen'}"

    def run(self, gestures: int) -> Report:
        app = self._open()
        try:
            for _ in range(gestures):
                self.report.events += 1
                if not self._gesture(app) or not self._look(app):
                    app = self._open()
        finally:
            self._close()
        return self.report

    def _gesture(self, app: App) -> bool:
        """Send one gesture and run its steps; False when a step raised or hung."""
        events, steps, size = gesture(self.rng, app)
        if size is not None:
            # what the window system does to the window's surface before it sends the event
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        if not events and steps == 0:
            return self._answer(app)
        for event in events:
            pygame.event.post(event)
        opened = _popup(app)
        ok = all(self._step(app) for _ in range(steps))
        if ok and events and _popup(app) not in (None, opened) and self.rng.random() < FOLLOW:
            ok = self._follow(app)
        return ok

    def _look(self, app: App) -> bool:
        """Count what is on screen and check it; False when the run must start again (a check
        that raised, or too long away from its own screens)."""
        scene = app.scene
        self.report.scenes[type(scene).__name__ if scene is not None else "none"] += 1
        if scene is not None and scene.dialog is not None:
            self.report.scenes[f"(dialog: {scene.dialog.title[:30]})"] += 1
        self.report.look(scene)
        if self.check is not None:
            try:
                peek = self.check(app)
            except Exception:
                self.report.tracebacks.append(f"checking the screen\n{traceback.format_exc()}")
                return False
            if peek:
                self.report.peeks.append(f"{self._where(app)}: {peek}")
        if not self.home(scene):
            self.outside += 1
            return self.outside < self.away
        return True


# --- what the screen may show ---------------------------------------------------------------------

@dataclass
class Handed:
    """The side the hand-off screen last passed the screen to (None: none yet)."""

    side: str | None = None


def peek_game(handed: Handed) -> Callable[[App], str | None]:
    """The check of a game screen: a side's own view is on screen only for a person playing
    that side (never a computer's), in hot-seat only after the hand-off screen passed it to
    them (a side whose view hides nothing excepted), and the panel's hand is that side's."""

    def check(app: App) -> str | None:
        scene = app.scene
        if not isinstance(scene, GameScene):
            return None
        if scene.handoff is not None:
            handed.side = scene.handoff.side
            if scene.replay is None:
                return None  # the black screen, or that side's own summary
        viewer = scene.replay.viewer if scene.replay is not None else scene.viewer
        rules, state = scene.session.rules, scene.session.state
        if viewer is None:
            if scene.panel.hand is not None and scene.replay is None:
                return f"a hand on the public view: {scene.panel.hand}"
            return None
        humans = [s for s in scene.plugin.sides if scene.players.get(s) == "human"]
        if viewer not in humans:
            return f"the view of {viewer}, a computer's side"
        if len(humans) >= 2 and viewer != handed.side \
                and hotseat.holds_secrets(rules, state, viewer):
            return f"{viewer}'s own view without the hand-off screen (last passed to " \
                   f"{handed.side})"
        if scene.replay is None and scene.panel.hand is not None:
            return _foreign_hand(scene, viewer)
        return None

    return check


def _foreign_hand(scene: GameScene, viewer: str) -> str | None:
    """The panel's hand unless it is `viewer`'s now or at one of the last positions (the panel
    waits for the dice to settle before it shows the new position)."""
    rules, session = scene.session.rules, scene.session
    shown = list(scene.panel.hand or [])
    if shown == list(scene.gameui.hand(rules.view(session.state, viewer))):
        return None
    length = len(session.history)
    for n in range(length - 1, max(-1, length - 10), -1):
        if shown == list(scene.gameui.hand(rules.view(session.state_at(n), viewer))):
            return None
    return f"a hand that is not {viewer}'s: {shown}"


def peek_replay(handed: Handed) -> Callable[[App], str | None]:
    """The check of a replay: an unfinished game shows no computer's side, and in hot-seat a
    side's view only after the hand-off screen passed it to that side."""

    def check(app: App) -> str | None:
        scene = app.scene
        if not isinstance(scene, ReplayScene) or scene.finished:
            return None
        if scene.handoff is not None:
            handed.side = scene.handoff.side
            return None
        if scene.choosing or scene.viewer is None:
            return None if scene.panel.hand is None or scene.choosing \
                else f"a hand on the public view: {scene.panel.hand}"
        if scene.viewer not in scene.humans:
            return f"the view of {scene.viewer}, a computer's side"
        if len(scene.humans) >= 2 and scene.viewer != handed.side:
            return f"{scene.viewer}'s own view without the hand-off screen"
        return None

    return check


# --- the windows the monkey drives ----------------------------------------------------------------

GAMES = ("baler", "filipinas", "guerra")
KINDS = ("computer", "hotseat", "watch")
"""Against the computer (the first side human), hot-seat (every side human), computer against
computer."""


def players_of(plugin: Any, kind: str) -> dict[str, str]:
    if kind == "hotseat":
        return {side: "human" for side in plugin.sides}
    if kind == "watch":
        return {side: "computer" for side in plugin.sides}
    return {side: "human" if i == 0 else "computer" for i, side in enumerate(plugin.sides)}


def _window(size: tuple[int, int] = (1280, 800)) -> App:
    app = App(size, audio=False)
    app.home = lambda: Launcher(app, load_game_scenario)
    return app


def game_window(game: str, kind: str, seed: int) -> Callable[[], App]:
    """A new window on a new game of `game` played by `kind`; the computer sides play at
    random (quick), the dice speed varies, autosaves are written (to the user data folder)."""
    plugin = plugins.get(game)
    scenario = load_game_scenario(plugin)
    runs = iter(range(10**9))

    def start() -> App:
        n = next(runs)
        app = _window()
        app.settings.dice_speed = (0, 1, 2)[n % 3]
        session = Session(plugin.rules, scenario, seed * 1000 + n, fresh=True)
        players = players_of(plugin, kind)
        agents = {side: RandomAgent(seed + i, side) for i, side in enumerate(plugin.sides)
                  if players[side] == "computer"}
        app.push(GameScene(app, plugin, session, players, agents))
        app.step(DT)
        return app

    return start


def unfinished_save(game: str, kind: str, folder: Path, seed: int = 5) -> tuple[Path, Session]:
    """A game of `kind` played at random for a while and saved while a side other than the
    first (a computer's against the computer) is to move, so "the side to move" is the wrong
    view for a replay."""
    plugin = plugins.get(game)
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    players = players_of(plugin, kind)
    rng = random.Random(seed)
    target = plugin.sides[0]
    while len(session.history) < 40 or session.decision.player in (None, target):
        legal = session.legal_actions()
        assert legal and session.result() is None, "the game ended before the save"
        session.play(rng.choice(legal))
    path = folder / f"{game}-{kind}.json"
    write_save(path, session, players)
    return path, session


def replay_window(path: Path) -> Callable[[], App]:
    """A new window on the launcher's Replay of the save at `path`."""

    def start() -> App:
        app = _window()
        launcher = Launcher(app, load_game_scenario)
        app.push(launcher)
        app.step(DT)
        launcher.open_save(path, replay=True)
        app.step(DT)
        return app

    return start


def editor_window(game: str, folder: Path) -> Callable[[], App]:
    """A new window on the position editor of a copy of `game`'s default scenario (Ctrl+S
    writes beside the copy)."""
    from engine.editing import PositionEdits
    from engine.ui.editor import EditorScene

    plugin = plugins.get(game)
    manifest = scenario_path(load_game_scenario(plugin).path)
    runs = iter(range(10**9))

    def start() -> App:
        copy = folder / f"{game}-{next(runs)}"
        shutil.copytree(manifest.parent, copy)
        scenario = load_game_scenario(plugin, copy / manifest.name)
        app = _window()
        app.push(EditorScene(app, plugin, PositionEdits(plugin, scenario),
                             copy / "edited.yaml"))
        app.step(DT)
        return app

    return start


def on_game(game: str) -> Callable[[Any], bool]:
    """The home of a game screen run: a game screen of `game` (another game started from the
    launcher is not)."""
    return lambda scene: isinstance(scene, GameScene) and scene.plugin.id == game


def on(kind: type) -> Callable[[Any], bool]:
    return lambda scene: isinstance(scene, kind)
