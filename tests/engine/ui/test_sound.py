"""Without a sound device the app starts quietly: what the sound library prints while it tries
is kept off the console, and one line says that sound is off."""

from __future__ import annotations

import os

import pygame
import pytest

from engine.ui import sound
from engine.ui.sound import SOUND_OFF, Sound


def test_no_sound_device_is_one_line_on_the_console(monkeypatch: pytest.MonkeyPatch,
                                                    capfd: pytest.CaptureFixture[str]) -> None:
    def failing_init(*args: object, **kwargs: object) -> None:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("No such audio device")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "pre_init", lambda *a, **k: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", failing_init)
    capfd.readouterr()
    assert not Sound().available
    out, err = capfd.readouterr()
    assert err == SOUND_OFF + "\n" and out == ""
    os.write(2, b"after\n")  # the console is back
    assert capfd.readouterr().err == "after\n"


def test_audio_off_never_tries_the_mixer(capfd: pytest.CaptureFixture[str]) -> None:
    capfd.readouterr()
    assert not Sound(audio=False).available
    assert capfd.readouterr().err == ""
