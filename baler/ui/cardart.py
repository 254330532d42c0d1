"""Card faces drawn from the card data (rulebook "Card anatomy"): the title in its side's colour
(blue Spanish, red Philippine, both for a shared card), the Fog of War mark, action points,
initiative value, secondary-event icons, the main event and the boosted secondary event with
its requirement. Backs for the cards a player may not see."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from baler.rules.state import CardInfo
from baler.ui import palette as P
from baler.ui.cardtext import ICON_NAMES, events_text, owner_text, requirement_text
from engine.ui.colors import darker, lighter
from engine.ui.fonts import font

Color = P.Color


def _wrap(text: str, fnt: pygame.font.Font, width: int, lines: int) -> list[str]:
    """Up to `lines` lines of `text` no wider than `width`; the last one cut with an ellipsis."""
    out: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if fnt.size(candidate)[0] <= width:
            line = candidate
            continue
        out.append(line)
        line = word
        if len(out) == lines:
            break
    if len(out) < lines and line:
        out.append(line)
    if len(out) == lines and " ".join(out) != " ".join(text.split()):
        last = out[-1]
        while last and fnt.size(last + "…")[0] > width:
            last = last[:-1]
        out[-1] = last + "…"
    return [x for x in out if x]


def _blit_lines(surf: pygame.Surface, lines: list[str], fnt: pygame.font.Font, color: Color,
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


@lru_cache(maxsize=256)
def card_face(card: CardInfo, width: int, height: int) -> pygame.Surface:
    """The face of `card`, `width` x `height` pixels."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, width // 14)
    rect = surf.get_rect()
    left_c, right_c = owner_colors(card)
    pygame.draw.rect(surf, P.CARD_PAPER, rect, border_radius=radius)
    unit = max(8, round(width / 11))
    pad = max(3, width // 22)
    title_f = font(max(8, round(unit * 1.05)), True, True)
    head_h = pad + 2 * title_f.get_linesize() + pad // 2
    head = pygame.Rect(0, 0, width, head_h)
    pygame.draw.rect(surf, left_c, head, border_top_left_radius=radius,
                     border_top_right_radius=radius)
    if right_c != left_c:
        pygame.draw.polygon(surf, right_c, [(width * 0.55, 0), (width, 0), (width, head_h),
                                            (width * 0.45, head_h)])
    title_w = width - 2 * pad - (unit * 2 if card.fow else 0)
    lines = _wrap(card.title, title_f, title_w, 2)
    _blit_lines(surf, lines, title_f, P.WHITE, pad, pad // 2 + 1)
    if card.fow:
        _fog_badge(surf, (width - pad - unit, pad // 2 + unit), unit)
    y = head_h + pad // 2
    row_h = round(unit * 1.7)
    value_f = font(max(8, round(unit * 1.05)), True, True)
    ap = value_f.render(f"{card.ap} AP", True, P.WHITE)
    ap_box = pygame.Rect(pad, y, ap.get_width() + pad * 2, row_h)
    pygame.draw.rect(surf, P.INK, ap_box, border_radius=row_h // 2)
    surf.blit(ap, ap.get_rect(center=ap_box.center))
    init = value_f.render(f"Init {card.initiative}", True, P.INK)
    init_box = pygame.Rect(0, y, init.get_width() + pad * 2, row_h)
    init_box.right = width - pad
    pygame.draw.rect(surf, lighter(P.TITLE, 0.75), init_box)
    pygame.draw.rect(surf, P.INK, init_box, 1)
    surf.blit(init, init.get_rect(center=init_box.center))
    r = max(4, row_h // 2 - 1)
    icon_x = ap_box.right + pad + r
    for icon in card.icons:
        if icon_x + r > init_box.left - 2:
            break
        draw_icon(surf, icon, (icon_x, ap_box.centery), r)
        icon_x += 2 * r + 2
    y = ap_box.bottom + pad // 2
    body_f = font(max(7, round(unit * 0.92)), False, True)
    bold_f = font(max(7, round(unit * 0.92)), True, True)
    text_w = width - 2 * pad
    room = (height - pad - y) // body_f.get_linesize()
    main_lines = _wrap(events_text(card.main), body_f, text_w, max(1, room - 3 if card.secondary
                                                                    else room))
    y = _blit_lines(surf, main_lines, body_f, P.INK, pad, y)
    if card.secondary:
        y += 2
        pygame.draw.line(surf, darker(P.CARD_PAPER, 0.3), (pad, y), (width - pad, y), 1)
        need = requirement_text(card)
        caption = "Boosted" + (f" ({need})" if need else "") + ":"
        y = _blit_lines(surf, _wrap(caption, bold_f, text_w, 2), bold_f, P.TITLE, pad, y + 1)
        rest = max(1, (height - pad - y) // body_f.get_linesize())
        y = _blit_lines(surf, _wrap(events_text(card.secondary), body_f, text_w, rest), body_f,
                        P.INK, pad, y)
    _footer(surf, card, y, pad, width, height, unit)
    pygame.draw.rect(surf, darker(left_c, 0.3), rect, max(1, width // 60), border_radius=radius)
    return surf


def _footer(surf: pygame.Surface, card: CardInfo, y: int, pad: int, width: int, height: int,
            unit: int) -> None:
    """On a card large enough, under the events: whose card it is, its icons in words, and
    the historical flavour."""
    small = font(max(7, round(unit * 0.8)), False, True)
    lines = (height - pad - y) // small.get_linesize() - 1
    if lines < 2:
        return
    y += small.get_linesize() // 2
    pygame.draw.line(surf, darker(P.CARD_PAPER, 0.3), (pad, y), (width - pad, y), 1)
    icons = ", ".join(ICON_NAMES.get(i, i) for i in card.icons)
    about = owner_text(card) + (f" · icons: {icons}" if icons else "")
    about_lines = _wrap(about, small, width - 2 * pad, 2)
    y = _blit_lines(surf, about_lines, small, P.TITLE, pad, y + 2)
    rest = lines - len(about_lines)
    if rest > 0:
        _blit_lines(surf, _wrap(card.flavour, small, width - 2 * pad, rest), small,
                    P.INK_SOFT, pad, y)


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
