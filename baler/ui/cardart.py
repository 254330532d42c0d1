"""Card faces drawn from the card data (rulebook "Card anatomy"): the title in its side's colour
(blue Spanish, red Philippine, both for a shared card), the Fog of War mark, action points,
initiative value, secondary-event icons, the main event and the boosted secondary event with
its requirement, whose card it is and its icons in words, and the historical flavour. Backs for
the cards a player may not see.

`face_layout` decides where every line goes, so a test can check every card at every size the
screen uses: the whole title, every icon and the line naming them always show; only the flavour
(and, on a card too small for its text, the events) may end with "…". `face_height` is the
height at which nothing at all is cut (the enlarged card grows to it)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from baler.rules.state import CardInfo
from baler.ui import palette as P
from baler.ui.cardtext import ICON_NAMES, events_text, owner_text, requirement_text
from engine.ui.colors import darker, lighter
from engine.ui.fonts import font

Color = P.Color
Font = pygame.font.Font

MIN_TEXT = 7
"""The smallest font size a face shrinks its text to before it cuts the events."""


def _lines(text: str, fnt: Font, width: int) -> list[str]:
    """`text` wrapped into lines no wider than `width`, none cut (a word wider than the line
    stands alone on its line)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and fnt.size(candidate)[0] > width:
            out.append(line)
            line = word
        else:
            line = candidate
    if line:
        out.append(line)
    return out


def _wrap(text: str, fnt: Font, width: int, lines: int) -> list[str]:
    """Up to `lines` lines of `text` no wider than `width`; the last one cut with an ellipsis
    when the text goes on."""
    out = _lines(text, fnt, width)
    if len(out) <= lines:
        return out
    out = out[:max(0, lines)]
    if out:
        last = out[-1]
        while last and fnt.size(last + "…")[0] > width:
            last = last[:-1].rstrip()
        out[-1] = last + "…"
    return out


def _blit_lines(surf: pygame.Surface, lines: list[str], fnt: Font, color: Color,
                x: int, y: int) -> int:
    for line in lines:
        surf.blit(fnt.render(line, True, color), (x, y))
        y += fnt.get_linesize()
    return y


def owner_colors(card: CardInfo) -> tuple[Color, Color]:
    """The title colours: one for a faction card, blue and red for a shared one."""
    if card.owner == "spanish":
        return P.SPANISH, P.SPANISH
    if card.owner == "philippine":
        return P.PHILIPPINE, P.PHILIPPINE
    return P.SPANISH, P.PHILIPPINE


def draw_icon(surf: pygame.Surface, icon: str, centre: tuple[int, int], r: int) -> None:
    """A secondary-event icon in a disc: crossed sabres (attack), an arrow (movement), a sack
    (supply), a flag (morale), a star (any icon)."""
    cx, cy = centre
    pygame.draw.circle(surf, P.INK, centre, r)
    pygame.draw.circle(surf, P.CARD_PAPER, centre, r, max(1, r // 6))
    lw = max(1, r // 5)
    k = r * 0.55
    ink = P.CARD_PAPER
    if icon == "attack":
        pygame.draw.line(surf, ink, (cx - k, cy - k), (cx + k, cy + k), lw)
        pygame.draw.line(surf, ink, (cx - k, cy + k), (cx + k, cy - k), lw)
    elif icon == "movement":
        pygame.draw.line(surf, ink, (cx - k, cy), (cx + k, cy), lw)
        pygame.draw.polygon(surf, ink, [(cx + k + 1, cy), (cx + k * 0.2, cy - k * 0.7),
                                        (cx + k * 0.2, cy + k * 0.7)])
    elif icon == "supply":
        pygame.draw.ellipse(surf, ink, (cx - k, cy - k * 0.6, 2 * k, 1.6 * k))
        pygame.draw.line(surf, ink, (cx - k * 0.4, cy - k), (cx + k * 0.4, cy - k), lw)
    elif icon == "morale":
        pygame.draw.line(surf, ink, (cx - k * 0.7, cy - k), (cx - k * 0.7, cy + k), lw)
        pygame.draw.polygon(surf, ink, [(cx - k * 0.7, cy - k), (cx + k, cy - k * 0.45),
                                        (cx - k * 0.7, cy + k * 0.1)])
    else:
        pts = []
        for i in range(10):
            rad = k * 1.15 if i % 2 == 0 else k * 0.5
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        pygame.draw.polygon(surf, ink, pts)


@dataclass(frozen=True, slots=True)
class FaceLayout:
    """Where everything of one card goes on a face `width` x `height` pixels."""

    width: int
    height: int
    unit: int
    """The base size the fonts of the events follow (about a letter's height); the title and
    values keep the card's own, so the cards of a hand share them."""
    pad: int
    title_font: Font
    title: tuple[str, ...]
    head_h: int
    ap_box: pygame.Rect
    init_box: pygame.Rect
    icons: tuple[tuple[str, tuple[int, int]], ...]
    """Each icon and its centre; the radius is `icon_r`."""
    icon_r: int
    top: int
    """The top of the events, under the values and icons."""
    main: tuple[str, ...]
    caption: tuple[str, ...]
    """"Boosted (requirement):", for a card with a secondary event."""
    secondary: tuple[str, ...]
    about: tuple[str, ...]
    """Whose card it is and its icons in words."""
    about_bottom: int
    """Where the about line ends (the flavour starts there)."""
    flavour: tuple[str, ...]

    @property
    def text(self) -> str:
        """Every word the face shows, in reading order (for tests)."""
        return " ".join((*self.title, *self.main, *self.caption, *self.secondary, *self.about,
                         *self.flavour))


def _fonts(unit: int) -> tuple[Font, Font, Font, Font]:
    """Values, body, bold body and small fonts for `unit`."""
    body = max(MIN_TEXT, round(unit * 0.92))
    return (font(max(MIN_TEXT + 1, round(unit * 1.05)), True, True), font(body, False, True),
            font(body, True, True), font(max(MIN_TEXT, round(unit * 0.8)), False, True))


def _title(card: CardInfo, width: int, unit: int, pad: int) -> tuple[Font, list[str]]:
    """The title's font and lines: two lines at the title size when it fits, else a smaller
    size down to the body's, then as many lines as it needs; never cut."""
    room = width - 2 * pad - (unit * 2 if card.fow else 0)
    big = max(MIN_TEXT + 1, round(unit * 1.05))
    small = max(MIN_TEXT, round(unit * 0.92))
    for size in range(big, small - 1, -1):
        fnt = font(size, True, True)
        lines = _lines(card.title, fnt, room)
        if len(lines) <= 2 and all(fnt.size(x)[0] <= room for x in lines):
            return fnt, lines
    fnt = font(small, True, True)
    return fnt, _lines(card.title, fnt, room)


def _values(card: CardInfo, width: int, unit: int, pad: int, y: int
            ) -> tuple[pygame.Rect, pygame.Rect, list[tuple[str, tuple[int, int]]], int, int]:
    """The AP pill, the initiative box and the icons between them (the boxes tighter and the
    icons a little smaller when that makes them fit), or on a row of their own under them;
    returns the icons' radius and the bottom of what was placed too."""
    value_f = _fonts(unit)[0]
    row_h = round(unit * 1.7)
    ap_text = value_f.size(f"{card.ap} AP")[0]
    init_text = value_f.size(f"Init {card.initiative}")[0]
    full_r = max(4, row_h // 2 - 1)
    n = len(card.icons)
    tries = [(2 * pad, full_r), (pad, full_r), (pad, full_r - 1), (pad, full_r - 2)]
    for inner, r in tries:
        ap_box = pygame.Rect(pad, y, ap_text + inner, row_h)
        init_box = pygame.Rect(0, y, init_text + inner, row_h)
        init_box.right = width - pad
        between = init_box.left - 2 - (ap_box.right + pad)
        if r >= 4 and n * (2 * r + 2) - 2 <= between:
            x, cy, bottom = ap_box.right + pad + r, ap_box.centery, ap_box.bottom
            break
    else:
        ap_box = pygame.Rect(pad, y, ap_text + 2 * pad, row_h)
        init_box = pygame.Rect(0, y, init_text + 2 * pad, row_h)
        init_box.right = width - pad
        r = full_r
        x, cy = pad + r, ap_box.bottom + 2 + r
        bottom = cy + r
    icons = [(icon, (x + i * (2 * r + 2), cy)) for i, icon in enumerate(card.icons)]
    return ap_box, init_box, icons, r, bottom


def _about(card: CardInfo) -> str:
    icons = ", ".join(ICON_NAMES.get(i, i) for i in card.icons)
    return owner_text(card) + (f" · icons: {icons}" if icons else "")


def _caption(card: CardInfo) -> str:
    need = requirement_text(card)
    return "Boosted" + (f" ({need})" if need else "") + ":"


def _plan(card: CardInfo, width: int, height: int | None, unit: int) -> tuple[FaceLayout, bool]:
    """The layout at font `unit`; with `height` None, as tall as everything needs. The flag
    says whether the title, values, events and the about line all fit whole."""
    pad = max(3, width // 22)
    title_f, title = _title(card, width, _unit(width), pad)
    head_h = pad + len(title) * title_f.get_linesize() + pad // 2
    ap_box, init_box, icons, r, bottom = _values(card, width, _unit(width), pad,
                                                 head_h + pad // 2)
    _, body_f, bold_f, small_f = _fonts(unit)
    text_w = width - 2 * pad
    top = bottom + pad // 2
    main = _lines(events_text(card.main), body_f, text_w)
    caption = _lines(_caption(card), bold_f, text_w) if card.secondary else []
    secondary = _lines(events_text(card.secondary), body_f, text_w) if card.secondary else []
    about = _lines(_about(card), small_f, text_w)
    flavour = _lines(card.flavour, small_f, text_w) if card.flavour else []
    body_ls, small_ls = body_f.get_linesize(), small_f.get_linesize()
    events_h = (len(main) + len(secondary)) * body_ls + (
        3 + len(caption) * bold_f.get_linesize() if card.secondary else 0)
    footer_h = small_ls // 2 + 2 + len(about) * small_ls
    essential = top + events_h + footer_h + pad
    if height is None:
        height = essential + len(flavour) * small_ls
    fits = essential <= height
    if not fits:
        main, caption, secondary = _share(card, body_f, bold_f, text_w,
                                          (height - top - footer_h - pad) // body_ls)
        events_h = (len(main) + len(secondary)) * body_ls + (
            3 + len(caption) * bold_f.get_linesize() if card.secondary else 0)
    rest = (height - pad - (top + events_h + footer_h)) // small_ls
    flavour = _wrap(card.flavour, small_f, text_w, rest) if fits and rest > 0 else []
    return FaceLayout(
        width=width, height=height, unit=unit, pad=pad, title_font=title_f, title=tuple(title),
        head_h=head_h, ap_box=ap_box, init_box=init_box, icons=tuple(icons), icon_r=r, top=top,
        main=tuple(main), caption=tuple(caption), secondary=tuple(secondary), about=tuple(about),
        about_bottom=top + events_h + footer_h, flavour=tuple(flavour)), fits


def _share(card: CardInfo, body_f: Font, bold_f: Font, width: int, lines: int
           ) -> tuple[list[str], list[str], list[str]]:
    """The events of a card cut to `lines` lines: a line each first for the event, the boosted
    caption and the boosted event, then the rest to the event, the boosted event and the
    caption in that order; each part cut ends with "…"."""
    texts = [(events_text(card.main), body_f)]
    if card.secondary:
        texts += [(_caption(card), bold_f), (events_text(card.secondary), body_f)]
        lines -= 1  # the rule above the caption, near enough a line on a face this small
    wants = [len(_lines(text, fnt, width)) for text, fnt in texts]
    gives = [0] * len(texts)
    for i, want in enumerate(wants):
        if (lines > 0 or i == 0) and want:
            gives[i], lines = 1, lines - 1
    for i in (0, 2, 1)[:len(texts)] if card.secondary else (0,):
        more = min(wants[i] - gives[i], max(0, lines))
        gives[i], lines = gives[i] + more, lines - more
    cut = [_wrap(text, fnt, width, n) for (text, fnt), n in zip(texts, gives, strict=True)]
    if not card.secondary:
        return cut[0], [], []
    return cut[0], cut[1], cut[2]


def _unit(width: int) -> int:
    return max(8, round(width / 11))


def face_layout(card: CardInfo, width: int, height: int) -> FaceLayout:
    """The face of `card` at `width` x `height`: the largest text, down to `MIN_TEXT`, at which
    the title, values, icons, events and the about line fit; the flavour fills what is left."""
    unit = _unit(width)
    while True:
        layout, fits = _plan(card, width, height, unit)
        if fits or round(unit * 0.92) <= MIN_TEXT:
            return layout
        unit -= 1


@lru_cache(maxsize=256)
def face_height(card: CardInfo, width: int) -> int:
    """The height at which the face of `card`, `width` wide, shows everything, flavour and all."""
    return _plan(card, width, None, _unit(width))[0].height


@lru_cache(maxsize=256)
def card_face(card: CardInfo, width: int, height: int) -> pygame.Surface:
    """The face of `card`, `width` x `height` pixels."""
    lay = face_layout(card, width, height)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, width // 14)
    rect = surf.get_rect()
    left_c, right_c = owner_colors(card)
    pygame.draw.rect(surf, P.CARD_PAPER, rect, border_radius=radius)
    pad, unit, head_h = lay.pad, lay.unit, lay.head_h
    pygame.draw.rect(surf, left_c, (0, 0, width, head_h), border_top_left_radius=radius,
                     border_top_right_radius=radius)
    if right_c != left_c:
        pygame.draw.polygon(surf, right_c, [(width * 0.55, 0), (width, 0), (width, head_h),
                                            (width * 0.45, head_h)])
    _blit_lines(surf, list(lay.title), lay.title_font, P.WHITE, pad, pad // 2 + 1)
    if card.fow:
        badge = _unit(width)
        _fog_badge(surf, (width - pad - badge, pad // 2 + badge), badge)
    value_f = _fonts(_unit(width))[0]
    _, body_f, bold_f, small_f = _fonts(unit)
    ap_box, init_box = lay.ap_box, lay.init_box
    pygame.draw.rect(surf, P.INK, ap_box, border_radius=ap_box.height // 2)
    ap = value_f.render(f"{card.ap} AP", True, P.WHITE)
    surf.blit(ap, ap.get_rect(center=ap_box.center))
    pygame.draw.rect(surf, lighter(P.TITLE, 0.75), init_box)
    pygame.draw.rect(surf, P.INK, init_box, 1)
    init = value_f.render(f"Init {card.initiative}", True, P.INK)
    surf.blit(init, init.get_rect(center=init_box.center))
    for icon, centre in lay.icons:
        draw_icon(surf, icon, centre, lay.icon_r)
    y = _blit_lines(surf, list(lay.main), body_f, P.INK, pad, lay.top)
    if card.secondary:
        y += 2
        pygame.draw.line(surf, darker(P.CARD_PAPER, 0.3), (pad, y), (width - pad, y), 1)
        y = _blit_lines(surf, list(lay.caption), bold_f, P.TITLE, pad, y + 1)
        y = _blit_lines(surf, list(lay.secondary), body_f, P.INK, pad, y)
    y += small_f.get_linesize() // 2
    pygame.draw.line(surf, darker(P.CARD_PAPER, 0.3), (pad, y), (width - pad, y), 1)
    y = _blit_lines(surf, list(lay.about), small_f, P.TITLE, pad, y + 2)
    _blit_lines(surf, list(lay.flavour), small_f, P.INK_SOFT, pad, y)
    pygame.draw.rect(surf, darker(left_c, 0.3), rect, max(1, width // 60), border_radius=radius)
    return surf


def _fog_badge(surf: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """The Fog of War mark next to the title: a grey cloud."""
    cx, cy = centre
    for dx, dy, k in ((-0.45, 0.1, 0.55), (0.1, -0.2, 0.7), (0.55, 0.15, 0.5)):
        pygame.draw.circle(surf, (226, 226, 226), (cx + dx * r, cy + dy * r), k * r)
    text = font(max(6, r // 2 + 2), True, True).render("FoW", True, P.INK)
    surf.blit(text, text.get_rect(center=(cx, cy + r * 0.15)))


@lru_cache(maxsize=32)
def card_back(width: int, height: int, text: str) -> pygame.Surface:
    """A card's back, with a caption (whose hand, how many cards)."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, width // 14)
    pygame.draw.rect(surf, P.BACK, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-width // 8, -width // 8)
    pygame.draw.rect(surf, lighter(P.BACK, 0.25), inner, max(1, width // 40),
                     border_radius=radius)
    fnt = font(max(8, width // 9), True, True)
    y = height // 2 - fnt.get_linesize() * len(text.split("\n")) // 2
    for line in text.split("\n"):
        for part in _wrap(line, fnt, inner.width - 4, 2):
            img = fnt.render(part, True, P.WHITE)
            surf.blit(img, img.get_rect(midtop=(width // 2, y)))
            y += fnt.get_linesize()
    return surf
