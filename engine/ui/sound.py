"""Sound effects, synthesised with numpy so the project ships no sound files: a short dice rattle.

The mixer is optional. When it cannot start (no sound card, a headless machine, the dummy audio
driver refusing) every sound is skipped and one line says so on the console; what the sound
library prints while it tries (a page of ALSA errors without a sound card) is kept off the
console. Nothing else in the app depends on audio.
numpy is imported only when the first rattle is made (it cost 130-200 ms of the start-up).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    import numpy as np

RATE = 44100
SOUND_OFF = "Sound is off: no sound device could be opened."


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's standard error (file descriptor 2, where C libraries print) sent to the
    null device for the block."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def rattle_samples(rate: int = RATE, seed: int = 7, duration: float = 0.5) -> np.ndarray:
    """Mono samples in [-1, 1] of dice rattling in a cup and landing: clicks that come faster and
    softer, each a burst of noise with a short ringing 'clack', then two final knocks."""
    import numpy as np

    rng = np.random.default_rng(seed)
    n = int(rate * duration)
    out = np.zeros(n, dtype=np.float64)
    times = np.sort(rng.uniform(0.0, duration * 0.62, 11))
    times = np.concatenate([times, [duration * 0.72, duration * 0.8]])
    gains = np.concatenate([rng.uniform(0.25, 0.6, 11), [0.9, 0.55]])
    click_len = int(rate * 0.03)
    t = np.arange(click_len) / rate
    for start, gain in zip(times, gains, strict=True):
        i = int(start * rate)
        length = min(click_len, n - i)
        if length <= 0:
            continue
        noise = rng.standard_normal(length) * np.exp(-t[:length] / 0.003)
        pitch = rng.uniform(1800, 3600)
        ring = np.sin(2 * np.pi * pitch * t[:length]) * np.exp(-t[:length] / 0.006)
        out[i:i + length] += gain * (0.45 * noise + 0.55 * ring)
    peak = float(np.max(np.abs(out))) or 1.0
    return out / peak * 0.8


class Sound:
    """The app's sound effects and the mute toggle (key M)."""

    def __init__(self, muted: bool = False, audio: bool = True) -> None:
        self.muted = muted
        self.available = audio and self._start_mixer()
        self._rattle: pygame.mixer.Sound | None = None

    @staticmethod
    def _start_mixer() -> bool:
        if pygame.mixer.get_init():
            return True
        started = False
        with _quiet_stderr():
            try:
                pygame.mixer.pre_init(RATE, -16, 2, 512)
                pygame.mixer.init()
                started = bool(pygame.mixer.get_init())
            except pygame.error:
                started = False
        if not started:
            print(SOUND_OFF, file=sys.stderr)
        return started

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns True when now muted."""
        self.muted = not self.muted
        if self.muted and self.available:
            pygame.mixer.stop()
        return self.muted

    def dice(self) -> None:
        """Play the dice rattle (skipped when muted or without a mixer)."""
        if self.muted or not self.available:
            return
        if self._rattle is None:
            self._rattle = self._make(rattle_samples(self._rate()))
        if self._rattle is not None:
            self._rattle.play()

    def _rate(self) -> int:
        init = pygame.mixer.get_init()
        return init[0] if init else RATE

    def _make(self, mono: np.ndarray) -> pygame.mixer.Sound | None:
        import numpy as np

        init = pygame.mixer.get_init()
        if not init:
            return None
        _, fmt, channels = init
        if fmt == -16:
            data = (mono * 32767).astype(np.int16)
        elif fmt == 16:
            data = ((mono + 1.0) * 32767.5).astype(np.uint16)
        else:
            data = mono.astype(np.float32)
        frames = np.repeat(data[:, None], channels, axis=1) if channels > 1 else data
        try:
            return pygame.sndarray.make_sound(np.ascontiguousarray(frames))
        except (pygame.error, ValueError):
            self.available = False
            return None
