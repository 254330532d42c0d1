"""The application: pygame start-up, the window, the frame loop, the scene stack and global keys.

`App.step()` handles the pending events and draws a frame when one is needed, so tests post real
pygame events and step the real loop; `App.run()` steps until the window closes. Global keys:
F11 fullscreen, F12 screenshot into the user data folder, Ctrl +/Ctrl -/Ctrl 0 UI scale, M mute.

Redraw on change (DESIGN.md §8): a frame is drawn only when the scene needs it (see
`engine.ui.scene`), after input, or while a toast fades; otherwise `run` sleeps until an event
or the next moment a scene or toast asked to be woken, so an idle window costs next to nothing.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import paths
from engine.core.files import NO_SUCH_FILE, FileRefused, read_limited
from engine.ui import colors
from engine.ui.sound import Sound
from engine.ui.widgets.toast import ToastStack

if TYPE_CHECKING:
    from engine.ui.widgets.dialog import Dialog

DEFAULT_SIZE = (1600, 1000)
MIN_SIZE = (800, 560)
FPS = 60
IDLE_WAIT = 1.0
"""Longest sleep, in seconds, of an idle loop between two looks at its scenes."""
POLL_SLICE = 0.015
"""Seconds between two looks at the event queue of an idle loop. `pygame.event.wait` does not
sleep for real (measured: 2.5 % of a core under X11 and 3 % with the dummy driver for a loop
woken 13 times in 4 s); sleeping in slices and peeking costs 0.5-0.7 %, for at most this much
delay on the first event after a pause."""
TOAST_FADE = 0.4
"""Seconds a toast takes to fade out at the end of its time (drawn every frame meanwhile)."""
SCALE_STEPS = (0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.4, 1.6, 1.8, 2.0)


@dataclass(slots=True)
class Settings:
    """What the player set and what survives a restart when the app has a settings file."""

    ui_scale: float = 1.0
    dice_speed: int = 1
    """0: dice appear at once; 1: normal tumble; 2: fast."""
    muted: bool = False
    confirm_irreversible: bool = True
    """Ask once before a menu item that rolls, draws, reveals or plays a card (DESIGN.md §8)."""
    auto_pass_reactions: bool = False
    """Play the declining answer of every reaction window of a human side by itself."""
    launcher: dict[str, str] = field(default_factory=dict)
    """The launcher's last choices: "game", "scenario" and "player:<side>" (see launcher.py)."""

    @classmethod
    def load(cls, path: Path | None) -> Settings:
        """Read settings, falling back to the defaults for a missing or damaged file."""
        return cls.load_reporting(path)[0]

    @classmethod
    def load_reporting(cls, path: Path | None) -> tuple[Settings, str]:
        """The settings, and what was wrong with the file when it had to be ignored ("" when
        it was fine or simply missing). Whatever the file holds (deep nesting, a FIFO, a huge
        file, bad types), the result is usable settings (DESIGN.md §8)."""
        if path is None:
            return cls(), ""
        try:
            raw = read_limited(path, 1 << 20)
        except FileRefused as err:
            return cls(), "" if str(err) == NO_SUCH_FILE else f"Settings not read: {err}"
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return cls._from(data), ""
        except Exception:  # RecursionError, ValueError, ...: any damage means the defaults
            return cls(), f"The settings file {path} was damaged; the defaults are used."

    @classmethod
    def _from(cls, data: dict[str, object]) -> Settings:
        settings = cls()
        scale = data.get("ui_scale")
        if isinstance(scale, int | float) and 0.5 <= scale <= 2.5:
            settings.ui_scale = float(scale)
        speed = data.get("dice_speed")
        if isinstance(speed, int) and speed in (0, 1, 2):
            settings.dice_speed = speed
        settings.muted = data.get("muted") is True
        settings.confirm_irreversible = data.get("confirm_irreversible") is not False
        settings.auto_pass_reactions = data.get("auto_pass_reactions") is True
        memory = data.get("launcher")
        if isinstance(memory, dict) and len(memory) <= 32:
            settings.launcher = {k: v for k, v in memory.items() if isinstance(k, str)
                                 and isinstance(v, str) and len(k) <= 80 and len(v) <= 1024}
        return settings

    def save(self, path: Path | None) -> None:
        if path is not None:
            # imported here: the saves module brings the rules' core, which the first frame
            # does not need
            from engine.core.saves import atomic_write_text

            atomic_write_text(path, json.dumps(asdict(self), indent=1) + "\n")


def prefer_software_framebuffer() -> None:
    """Present the window without SDL's OpenGL framebuffer when no GPU is there to run it.

    SDL defaults to an accelerated framebuffer; on a machine without a GPU that is Mesa's
    software OpenGL, which was measured (NOTES.md) to cost 70-77 % of a core in an idle window
    and 100 MB of memory, against 17-22 % and 68-86 MB with SDL's plain X11 framebuffer; our
    frames are drawn in software either way. So on Linux without a GPU render node
    (/dev/dri/renderD*) SDL_FRAMEBUFFER_ACCELERATION is set to 0, unless the user set it.
    Elsewhere (and with a GPU) SDL keeps its default.
    """
    if not sys.platform.startswith("linux") or "SDL_FRAMEBUFFER_ACCELERATION" in os.environ:
        return
    try:
        gpu = any(name.startswith("renderD") for name in os.listdir("/dev/dri"))
    except OSError:
        gpu = False
    if not gpu:
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"


def _clamped_default() -> tuple[int, int]:
    """1600x1000, shrunk to fit the desktop (with room for a taskbar and window frame)."""
    sizes = pygame.display.get_desktop_sizes()
    if not sizes:
        return DEFAULT_SIZE
    dw, dh = sizes[0]
    return (max(MIN_SIZE[0], min(DEFAULT_SIZE[0], dw - 40)),
            max(MIN_SIZE[1], min(DEFAULT_SIZE[1], dh - 80)))


class Scene:
    """Base class of the app's screens; subclasses override the four hooks they need."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.dialog: Dialog | None = None
        self.dirty = True
        """The window must be drawn again (cleared by `App.draw`)."""

    @property
    def animating(self) -> bool:
        """True while every frame differs from the last: the app updates and draws the scene
        at the full frame rate."""
        return False

    @property
    def typing(self) -> bool:
        """True while a text field of the scene takes the keys: a letter typed there is
        text, never one of the window's shortcuts (M for the sound)."""
        return False

    @property
    def opaque(self) -> bool:
        """True when `draw` covers every pixel of the window, so the app need not clear it
        first (a full-window fill is a millisecond of a frame at 1920x1080)."""
        return False

    def draw_motion(self, surface: pygame.Surface) -> bool:
        """Redraw only the part that moves, over the last frame, for a frame that is due only
        because the scene is `animating` (nothing else changed since the last full frame);
        False when the scene cannot, and the app draws the whole window."""
        return False

    def needs_redraw(self) -> bool:
        """Whether the next frame must be drawn."""
        return self.dirty or self.animating

    def wake_in(self) -> float | None:
        """Seconds until `update` must run again even if no event comes; None: only on events
        (or while `animating`)."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True when the scene used it."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole window."""

    def toast_keep_clear(self) -> list[pygame.Rect]:
        """Parts of the window toasts must not cover (buttons, a mini-map, a hand of cards)."""
        return []

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the UI scale changed): lay the widgets out again."""

    def intercept_quit(self) -> bool:
        """The window is being closed: True when the scene asks the player first (unsaved
        work) instead of letting the app quit at once."""
        return False

    def close(self) -> None:
        """The scene leaves the app for good: release what it holds (threads, files)."""

    def show_dialog(self, dialog: Dialog) -> None:
        """Open a modal dialog over this scene (replacing any open one)."""
        self.dialog = dialog
        self.dirty = True
        dialog.layout(pygame.Rect((0, 0), self.app.size), self.app.scale)


class App:
    """Owns the window and runs the scenes; a scene reaches it as `scene.app`."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        title: str = "Wargames",
        settings_path: Path | None = None,
        audio: bool = True,
    ) -> None:
        """`size` None opens 1600x1000 shrunk to the desktop; `settings_path` None keeps the
        settings for this run only; `audio` False never starts the mixer (headless renders)."""
        prefer_software_framebuffer()
        pygame.display.init()
        pygame.font.init()
        self.settings_path = settings_path
        self.settings, settings_problem = Settings.load_reporting(settings_path)
        self.sound = Sound(muted=self.settings.muted, audio=audio)
        pygame.display.set_caption(title)
        self._windowed_size = size if size is not None else _clamped_default()
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.toasts = ToastStack()
        self.running = True
        self.exit_code = 0
        self.home: Callable[[], Scene] | None = None
        """Builds the scene that "New game" returns to (the launcher)."""
        self.dirty = True
        """The window must be drawn again for a reason of the app's own (a toast came or went,
        the layout changed, a scene was pushed or popped)."""
        self.frames = 0
        """Frames drawn so far (benchmarks and tests count them)."""
        self.now = 0.0
        """Seconds the loop has run, advanced by each `step` before its events (by the dt
        given, in tests): what "a moment ago" means for the screens."""
        self.on_crash: Callable[[Exception], None] | None = None
        """The error boundary around the loop (engine/ui/crash.py); None lets errors through."""
        self._layout_overlays()
        if settings_problem:
            # said once: the defaults are written over the damaged file
            self.toast(settings_problem, "error")
            self._save_settings()

    # --- geometry ------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """The UI scale: the player's setting times a factor for the window size, so text stays
        readable from 1280x800 (never below 0.9) to large screens."""
        w, h = self.size
        auto = max(0.9, min(1.6, min(w / DEFAULT_SIZE[0], h / DEFAULT_SIZE[1])))
        return self.settings.ui_scale * auto

    def _layout_overlays(self) -> None:
        self.toasts.layout(pygame.Rect((0, 0), self.size), self.scale)

    def _relayout(self) -> None:
        self.dirty = True
        self._layout_overlays()
        for scene in self.scenes:
            scene.on_resize(self.size)
            if scene.dialog is not None:
                scene.dialog.layout(pygame.Rect((0, 0), self.size), self.scale)

    # --- scene stack ---------------------------------------------------------------------------

    @property
    def scene(self) -> Scene | None:
        """The scene on top, which gets the events and draws the window."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.dirty = True
        self.scenes.append(scene)
        scene.on_resize(self.size)

    def pop(self) -> Scene:
        """Remove the top scene; with none left the app stops."""
        scene = self.scenes.pop()
        scene.close()
        self.dirty = True
        if not self.scenes:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        if self.scenes:
            self.scenes.pop().close()
        self.push(scene)

    def go_home(self) -> None:
        """Back to the launcher (or quit when the app was started without one)."""
        if self.home is None:
            self.quit()
            return
        self._close_scenes()
        self.push(self.home())

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    # --- messages, settings --------------------------------------------------------------------

    def toast(self, text: str, kind: str = "info") -> None:
        """Show a timed message at the bottom of the window."""
        self.toasts.push(text, kind)
        self.dirty = True

    def set_ui_scale(self, value: float) -> None:
        self.settings.ui_scale = value
        self._save_settings()
        self._relayout()
        self.toast(f"UI scale {round(value * 100)}%")

    def _step_scale(self, direction: int) -> None:
        current = self.settings.ui_scale
        if direction > 0:
            bigger = [s for s in SCALE_STEPS if s > current + 1e-6]
            value = bigger[0] if bigger else SCALE_STEPS[-1]
        else:
            smaller = [s for s in SCALE_STEPS if s < current - 1e-6]
            value = smaller[-1] if smaller else SCALE_STEPS[0]
        self.set_ui_scale(value)

    def set_dice_speed(self, speed: int) -> None:
        self.settings.dice_speed = speed
        self._save_settings()

    def _save_settings(self) -> None:
        try:
            self.settings.save(self.settings_path)
        except OSError as err:
            self.toast(f"Could not save the settings: {err}", "error")

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        else:
            self._windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._relayout()

    def save_screenshot(self, path: Path | str) -> None:
        """Write the last drawn frame to `path` as PNG; raises OSError when it cannot."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            pygame.image.save(self.screen, str(path))
        except pygame.error as err:
            raise OSError(f"cannot write {path}: {err}") from err

    def screenshot(self) -> Path | None:
        """F12: save the window into the user data folder and say where."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        folder = paths.user_data() / "screenshots"
        path = folder / f"wargames-{stamp}.png"
        n = 2
        while path.exists():
            path = folder / f"wargames-{stamp}-{n}.png"
            n += 1
        try:
            self.save_screenshot(path)
        except OSError as err:
            self.toast(f"Screenshot failed: {err}", "error")
            return None
        self.toast(f"Screenshot saved to {path}")
        return path

    # --- the loop ------------------------------------------------------------------------------

    def _global_key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.key == pygame.K_F12:
            self.screenshot()
        elif ctrl and event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            self._step_scale(+1)
        elif ctrl and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._step_scale(-1)
        elif ctrl and event.key in (pygame.K_0, pygame.K_KP_0):
            self.set_ui_scale(1.0)
        elif event.key == pygame.K_m and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                and not (self.scene is not None and self.scene.typing):
            muted = self.sound.toggle_mute()
            self.settings.muted = muted
            self._save_settings()
            self.toast("Sound off" if muted else "Sound on")
        else:
            return False
        return True

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.scene is None or not self.scene.intercept_quit():
                self.quit()
            self.dirty = True
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.fullscreen:
                self._windowed_size = self.size
            self._relayout()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            # the window system may have lost what was on screen
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and self._global_key(event):
            self.dirty = True
            return
        if self.toasts.process_event(event):
            self.dirty = True
            return
        scene = self.scene
        if scene is None:
            return
        if scene.dialog is not None:
            scene.dialog.process_event(event)
            if scene.dialog is not None and scene.dialog.closed:
                scene.dialog = None
        else:
            scene.handle_event(event)
        # the safe default: whatever the scene or its dialog did with the event is drawn
        scene.dirty = True

    def step(self, dt: float | None = None) -> None:
        """Handle the pending events, advance `dt` seconds (measured, at most 60 frames a
        second, when None) and draw a frame if anything changed."""
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        self.now += dt  # before the events: a click after a long idle wait is late too
        dt = min(dt, 0.25)
        for event in pygame.event.get():
            self._dispatch(event)
            if not self.running:
                return
        scene = self.scene
        if scene is not None:
            if scene.dialog is not None and scene.dialog.closed:
                scene.dialog = None
                scene.dirty = True
            scene.update(dt)
        shown = len(self.toasts.toasts)
        self.toasts.update(dt)
        if len(self.toasts.toasts) != shown:
            self.dirty = True
        if self.needs_redraw():
            if not self._draw_motion():
                self.draw()
            pygame.display.flip()

    def _draw_motion(self) -> bool:
        """A frame due only to the scene's animation, drawn by the scene over the last one
        (the side panel of a game is not drawn again while its board refines a zoom). Never
        with a dialog or a toast on screen, which lie over every part of the window."""
        scene = self.scene
        if scene is None or self.dirty or scene.dirty or scene.dialog is not None \
                or self.toasts.toasts or not scene.animating:
            return False
        if not scene.draw_motion(self.screen):
            return False
        self.frames += 1
        return True

    def needs_redraw(self) -> bool:
        """Whether the next frame must be drawn: the app's or the scene's reason, or a toast
        fading out."""
        scene = self.scene
        return self.dirty or (scene is not None and scene.needs_redraw()) \
            or self._toast_wait() == 0.0

    def _toast_wait(self) -> float | None:
        """Seconds until a toast starts to fade (0 while one fades), None without toasts."""
        waits = [max(0.0, t.duration - TOAST_FADE - t.age) for t in self.toasts.toasts]
        return min(waits, default=None)

    def timeout(self) -> float:
        """How long the loop may sleep waiting for an event: 0 while something animates, else
        until the next wake-up a scene or toast asked for (at most IDLE_WAIT)."""
        if self.needs_redraw():
            return 0.0
        waits = [IDLE_WAIT]
        scene = self.scene
        if scene is not None:
            wake = scene.wake_in()
            if wake is not None:
                waits.append(wake)
        toast = self._toast_wait()
        if toast is not None:
            waits.append(toast)
        return max(0.0, min(waits))

    def draw(self) -> None:
        """Draw the top scene, its dialog and the toasts onto the window surface."""
        scene = self.scene
        if scene is None or not scene.opaque:
            self.screen.fill(colors.TABLE)
        if scene is not None:
            scene.draw(self.screen)
            if scene.dialog is not None:
                scene.dialog.draw(self.screen)
            scene.dirty = False
        self.toasts.keep_clear = scene.toast_keep_clear() if scene is not None else []
        self.toasts.draw(self.screen)
        self.dirty = False
        self.frames += 1

    def splash(self, text: str) -> None:
        """Show the app's name and `text` at once, before a slow first scene is built (the
        launcher imports every game), so the window is never blank while it loads."""
        from engine.ui.fonts import font

        self.screen.fill(colors.TABLE)
        w, h = self.size
        title = font(round(40 * self.scale), bold=True).render("Wargames", True, colors.PAPER)
        note = font(round(17 * self.scale)).render(text, True, colors.PAPER_DARK)
        self.screen.blit(title, title.get_rect(midbottom=(w // 2, h // 2)))
        self.screen.blit(note, note.get_rect(midtop=(w // 2, h // 2 + round(12 * self.scale))))
        pygame.display.flip()
        self.dirty = True

    def run(self) -> int:
        """Run until the window is closed or a scene quits; returns the exit code. Between
        frames the loop sleeps until an event or a requested wake-up."""
        self.clock.tick()
        while self.running:
            try:
                wait = self.timeout()
                if wait > 0:
                    self._wait(wait)
                self.step()
            except Exception as err:
                if self.on_crash is None:
                    raise
                self.on_crash(err)
                self.dirty = True
        return self.exit_code

    def _wait(self, seconds: float) -> None:
        """Sleep until an event comes or `seconds` pass (the events stay queued for `step`)."""
        deadline = time.perf_counter() + seconds
        while not pygame.event.peek():
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            time.sleep(min(POLL_SLICE, left))

    def _close_scenes(self) -> None:
        while self.scenes:
            self.scenes.pop().close()

    def close(self) -> None:
        """Close the scenes and the window (the font module stays up: cached fonts remain
        usable)."""
        self._close_scenes()
        pygame.display.quit()
