"""The card viewer: any card the viewer may see, drawn from its `CardFace` at full size (a click
or right-click opens it) or enlarged next to the pointer (hover), with everything printed on it.

Nothing is cut (issue "every card readable"): each section wraps at the card's width and the card
grows as tall as its text; a card taller than the window scrolls with the wheel. `layout_card` is
the one place that decides where each line goes, so a test can check every line of every card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.adapter import CardFace

FULL_WIDTH = 460
"""Width of a card opened full size, in pixels at UI scale 1."""
HOVER_WIDTH = 320
"""Width of the enlarged card shown while the pointer rests on a card."""


@dataclass(frozen=True, slots=True)
class CardLine:
    """One laid-out line of a card: its text, its style ("title", "owner", "header", "icon",
    "heading", "body") and its rectangle on the card surface."""

    text: str
    style: str
    rect: pygame.Rect


_STYLES = {  # style -> (size at scale 1, bold)
    "title": (w.TITLE, True),
    "owner": (w.SMALL, False),
    "header": (w.SMALL, True),
    "icon": (w.SMALL, True),
    "heading": (w.BODY, True),
    "body": (w.BODY, False),
}


def style_font(style: str, scale: float) -> pygame.font.Font:
    size, bold = _STYLES[style]
    return w.text_font(size, scale, bold=bold)


def layout_card(face: CardFace, width: int, scale: float) -> tuple[list[CardLine], int]:
    """Every line of `face` on a card `width` pixels wide, and the card's height: the title band,
    the owner, the header facts, the icons, then each section (its heading bold) wrapped."""
    pad = w.px(12, scale)
    inner = max(1, width - 2 * pad)
    lines: list[CardLine] = []
    y = pad

    def put(text: str, style: str, x: int = pad, room: int = inner) -> None:
        nonlocal y
        fnt = style_font(style, scale)
        for part in w.wrap(text, fnt, room):
            lines.append(CardLine(part, style, pygame.Rect(x, y, fnt.size(part)[0],
                                                           fnt.get_linesize())))
            y += fnt.get_linesize()

    put(face.title, "title")
    if face.owner:
        put(face.owner, "owner")
    y += pad // 2
    title_bottom = y
    if face.header:
        put("   ".join(f"{label}: {value}" for label, value in face.header), "header")
    if face.icons:
        # icon chips flow left to right and wrap like words
        fnt = style_font("icon", scale)
        chip_pad = w.px(6, scale)
        x = pad
        y += w.px(4, scale)
        for icon in face.icons:
            text = w.wrap(icon, fnt, inner - 2 * chip_pad)
            chip_w = max(fnt.size(t)[0] for t in text) + 2 * chip_pad
            if x > pad and x + chip_w > pad + inner:
                x = pad
                y += fnt.get_linesize() + w.px(6, scale)
            for k, part in enumerate(text):
                lines.append(CardLine(part, "icon", pygame.Rect(
                    x + chip_pad, y + k * fnt.get_linesize(), fnt.size(part)[0],
                    fnt.get_linesize())))
            x += chip_w + w.px(6, scale)
            if len(text) > 1:
                y += (len(text) - 1) * fnt.get_linesize()
        y += fnt.get_linesize() + w.px(4, scale)
    for heading, body in face.sections:
        y += pad // 2
        if heading:
            put(heading, "heading")
        if body:
            put(body, "body")
    height = max(y + pad, title_bottom + 3 * pad)
    return lines, height


def clipped_lines(face: CardFace, width: int, scale: float) -> list[str]:
    """Lines of `face` that would not show whole on its card (wider than the text area or below
    the card's bottom); empty when the card is readable."""
    lines, height = layout_card(face, width, scale)
    pad = w.px(12, scale)
    return [line.text for line in lines
            if line.rect.right > width - pad + 1 or line.rect.left < 0
            or line.rect.bottom > height or style_font(line.style, scale).size(line.text)[0]
            > line.rect.width]


@lru_cache(maxsize=64)
def render_card(face: CardFace, width: int, scale: float) -> pygame.Surface:
    """The card drawn on its own surface, `width` wide and as tall as its text needs."""
    lines, height = layout_card(face, width, scale)
    surf = pygame.Surface((width, height))
    surf.fill(face.fill)
    radius = w.px(8, scale)
    band_h = next((ln.rect.bottom for ln in reversed(lines) if ln.style in ("title", "owner")),
                  0) + w.px(6, scale)
    pygame.draw.rect(surf, colors.mix(face.fill, face.ink, 0.12), (0, 0, width, band_h),
                     border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(surf, face.ink, surf.get_rect(), 2, border_radius=radius)
    for line in lines:
        fnt = style_font(line.style, scale)
        if line.style == "icon":
            chip = line.rect.inflate(w.px(12, scale), w.px(2, scale))
            pygame.draw.rect(surf, colors.mix(face.fill, face.ink, 0.2), chip,
                             border_radius=w.px(4, scale))
            pygame.draw.rect(surf, face.ink, chip, 1, border_radius=w.px(4, scale))
        ink = colors.mix(face.ink, face.fill, 0.35) if line.style == "owner" else face.ink
        surf.blit(fnt.render(line.text, True, ink), line.rect.topleft)
    return surf


class CardViewer:
    """One card full size over a shaded window; any click, Escape or Enter closes it, the wheel
    scrolls a card taller than the window."""

    def __init__(self, face: CardFace, screen: pygame.Rect, scale: float) -> None:
        self.face = face
        self.scale = scale
        self.closed = False
        self.scroll = 0
        self.screen = pygame.Rect(screen)
        margin = w.px(20, scale)
        self.width = min(w.px(FULL_WIDTH, scale), screen.width - 2 * margin)
        self.card = render_card(face, self.width, scale)
        self.rect = self.card.get_rect(center=screen.center)
        self.rect.top = max(screen.top + margin, self.rect.top)
        self._room = screen.height - 2 * margin

    @property
    def max_scroll(self) -> int:
        return max(0, self.card.get_height() - self._room)

    def process_event(self, event: pygame.event.Event) -> bool:
        click = event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3)
        key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if event.type == pygame.MOUSEWHEEL:
            step = w.px(40, self.scale)
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * step))
        elif click or key:
            self.closed = True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        visible = pygame.Rect(0, self.scroll, self.card.get_width(),
                              min(self.card.get_height() - self.scroll, self._room))
        surface.blit(self.card, self.rect.topleft, visible)
        hint_f = w.text_font(w.SMALL, self.scale)
        hint = "Click or Esc to close" + (" · wheel to scroll" if self.max_scroll else "")
        img = hint_f.render(hint, True, colors.PAPER)
        surface.blit(img, img.get_rect(midtop=(self.rect.centerx,
                                               self.rect.top + visible.height + w.px(6,
                                                                                     self.scale))))


def draw_hover_card(surface: pygame.Surface, face: CardFace, pos: tuple[int, int],
                    scale: float) -> pygame.Rect:
    """The enlarged card next to the pointer at `pos`, kept inside the window."""
    bounds = surface.get_rect()
    card = render_card(face, min(w.px(HOVER_WIDTH, scale), bounds.width - 20), scale)
    rect = card.get_rect(topleft=(pos[0] + w.px(18, scale), pos[1] + w.px(18, scale)))
    if rect.right > bounds.right:
        rect.right = pos[0] - w.px(12, scale)
    if rect.bottom > bounds.bottom:
        rect.bottom = bounds.bottom - w.px(4, scale)
    rect.clamp_ip(bounds)
    surface.blit(card, rect, pygame.Rect(0, 0, rect.width, min(rect.height, bounds.height)))
    return rect
