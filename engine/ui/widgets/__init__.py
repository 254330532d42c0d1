"""The engine's small widget set (one widget per module, each with `process_event(event) -> bool`
and `draw(surface)`, after pygame_gui), plus what they share: the chrome palette, font sizes
scaled by the UI scale, and word wrapping.

The chrome reads like a printed player aid: ink on paper, with the table colour around the board.
"""

from __future__ import annotations

import pygame

from engine.ui import colors
from engine.ui.fonts import font

PANEL = colors.PAPER
PANEL_EDGE = colors.INK_SOFT
TEXT = colors.INK
MUTED = colors.INK_SOFT
HEADER = colors.INK
HEADER_TEXT = colors.PAPER
BUTTON = colors.PAPER_DARK
BUTTON_HOVER = colors.lighter(colors.PAPER_DARK, 0.45)
BUTTON_PRESSED = colors.darker(colors.PAPER_DARK, 0.15)
BUTTON_DISABLED = colors.mix(colors.PAPER, colors.PAPER_DARK, 0.4)
PRIMARY = colors.INK
PRIMARY_HOVER = colors.lighter(colors.INK, 0.2)
ACCENT = (160, 40, 30)
"""Rule lines and the undo-barrier mark: the red of a printed rules summary."""

BODY = 17
SMALL = 15
TITLE = 22
"""Font sizes in pixels at UI scale 1 (the scale grows them on large windows and on request)."""


def px(value: float, scale: float) -> int:
    """`value` pixels at UI scale 1, scaled and rounded (at least 1)."""
    return max(1, round(value * scale))


def text_font(size: float, scale: float, bold: bool = False) -> pygame.font.Font:
    """The shipped font at `size` (unscaled pixels) times the UI scale."""
    return font(px(size, scale), bold)


WRAP_CACHE = 1024
"""Wrapped texts remembered: the panel, the prompt and its buttons wrap the same few dozen
texts on every layout and frame, and measuring them was most of a click's cost (issue 10)."""
WRAP_CACHE_TEXT = 2000
"""Longer texts are wrapped afresh each time rather than kept."""

_wrapped: dict[tuple[str, pygame.font.Font, int], tuple[str, ...]] = {}


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` pixels, at spaces where possible; explicit
    newlines start new lines. A single word wider than `width` is cut by characters.

    Any text can be drawn (DESIGN.md §8): lone surrogates (a file name that is not UTF-8) and
    NUL bytes, which the font refuses, become '?'. A word far wider than the line is cut by an
    exponential then binary search from the previous cut, a few measures per line, so a 1 MB
    word takes milliseconds rather than one measure per character. The lines of the last
    `WRAP_CACHE` short texts are remembered (by font and width).
    """
    key = (text, fnt, width)
    lines = _wrapped.get(key)
    if lines is None:
        lines = tuple(_wrap(text, fnt, width))
        if len(text) <= WRAP_CACHE_TEXT:
            if len(_wrapped) >= WRAP_CACHE:
                del _wrapped[next(iter(_wrapped))]
            _wrapped[key] = lines
    return list(lines)


def _wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    text = text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "?")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if fnt.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            cut = _first_guess(word, fnt, width)
            start = 0
            while True:
                # the word is not sliced as it is cut: a copy per line would cost O(n²)
                cut = _fit(word, start, fnt, width, cut)
                if start + cut >= len(word):
                    break
                lines.append(word[start:start + cut])
                start += cut
            line = word[start:]
        lines.append(line)
    return lines


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    """`text` on one line no wider than `width` pixels: whole when it fits, else cut at a word
    (or, for a single long word, a character) and ended with "…", so a cut never passes for
    the whole."""
    lines = wrap(text, fnt, width)
    if len(lines) == 1:
        return lines[0]
    words = lines[0].split(" ")
    while len(words) > 1:
        candidate = " ".join(words).rstrip(" ·,;:-—") + "…"
        if fnt.size(candidate)[0] <= width:
            return candidate
        words.pop()
    head = words[0]
    while head and fnt.size(head + "…")[0] > width:
        head = head[:-1]
    return head + "…"


def _first_guess(word: str, fnt: pygame.font.Font, width: int) -> int:
    sample = word[:64]
    return max(1, width * len(sample) // max(1, fnt.size(sample)[0]))


def _fit(word: str, start: int, fnt: pygame.font.Font, width: int, guess: int) -> int:
    """The length of the longest part of `word` from `start` (at least one character) that
    fits in `width` pixels, searched outwards from `guess` and then by halves."""
    n = len(word) - start

    def fits(k: int) -> bool:
        return k <= 1 or fnt.size(word[start:start + k])[0] <= width

    step = 1
    if fits(min(guess, n)):
        lo = min(guess, n)
        while lo < n and fits(min(n, lo + step)):
            lo, step = min(n, lo + step), step * 2
        if lo >= n:
            return n
        hi = min(n, lo + step)
    else:
        hi = min(guess, n)
        while not fits(max(1, hi - step)):
            hi, step = max(1, hi - step), step * 2
        lo = max(1, hi - step)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


TEXT_CACHE = 256
"""Rendered lines remembered (a few megabytes at most): a prompt and its buttons show the same
lines frame after frame."""

_rendered: dict[tuple[str, pygame.font.Font, tuple[int, ...]], pygame.Surface] = {}


def rendered(text: str, fnt: pygame.font.Font, color: tuple[int, int, int]) -> pygame.Surface:
    """`text` rendered (antialiased) in `color`, from a cache of the last `TEXT_CACHE` lines.
    The surface is shared: blit it, never draw on it."""
    key = (text, fnt, tuple(color))
    img = _rendered.get(key)
    if img is None:
        img = fnt.render(text, True, color)
        if len(_rendered) >= TEXT_CACHE:
            del _rendered[next(iter(_rendered))]
        _rendered[key] = img
    return img


def blit_lines(
    surface: pygame.Surface,
    lines: list[str],
    fnt: pygame.font.Font,
    color: tuple[int, int, int],
    topleft: tuple[int, int],
    *,
    center_width: int | None = None,
) -> int:
    """Draw `lines` downwards from `topleft` (centred in `center_width` when given); returns the
    y just below the last line."""
    x, y = topleft
    step = fnt.get_linesize()
    for line in lines:
        img = rendered(line, fnt, color)
        dx = (center_width - img.get_width()) // 2 if center_width is not None else 0
        surface.blit(img, (x + dx, y))
        y += step
    return y
