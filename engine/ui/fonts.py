"""The fonts shipped in assets/fonts (DejaVu), cached by size; never a system font."""

from __future__ import annotations

from functools import lru_cache

import pygame

from engine.paths import ASSETS

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, condensed: bool = False) -> pygame.font.Font:
    """A shipped font at `size` pixels (clamped to at least 6)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(ASSETS / "fonts" / _FILES[(bold, condensed)]), max(6, size))
