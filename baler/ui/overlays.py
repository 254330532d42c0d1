"""What lies over the board on screen, at a fixed size whatever the zoom: the strip of cards
along the bottom of the board area (the viewer's hand, other cards of theirs, the cards on the
table and the backs of the cards nobody may see), the dice tray of the combat in progress along
the top, and the final score.

Each function takes the board's viewport (screen pixels); the layouts return (target, rect)
pairs the board hit-tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from baler.rules.state import GameData
from baler.ui import palette as P
from baler.ui.cardart import card_back, card_face, face_height
from engine.ui.colors import HINT, darker, lighter
from engine.ui.dice_anim import die_face
from engine.ui.drawing import draw_highlight, rect_points
from engine.ui.fonts import font

Items = list[tuple[str, pygame.Rect]]
CARD_RATIO = 0.72


@dataclass(slots=True)
class Table:
    """What the overlays show, from the rules' view for the viewer."""

    hand: list[str] = field(default_factory=list)
    extras: list[tuple[str, str]] = field(default_factory=list)
    """Other cards of the viewer's on the strip: (card, caption) — the face-down initiative
    card, the drawn enemy Fog of War card."""
    played: list[tuple[str, str]] = field(default_factory=list)
    """Cards on the table, face up: (card, whose)."""
    backs: list[str] = field(default_factory=list)
    """Captions of face-down cards: the other hand, a face-down initiative card."""
    dice: dict[str, Any] | None = None
    shared: dict[str, str | None] = field(default_factory=dict)
    score: list[str] = field(default_factory=list)


def strip_rect(view: pygame.Rect) -> pygame.Rect:
    """The band along the bottom of the board area where the cards lie."""
    height = max(132, min(236, round(view.height * 0.21)))
    return pygame.Rect(view.x, view.bottom - height, view.width, height)


def _caption_font(strip: pygame.Rect) -> pygame.font.Font:
    return font(max(11, strip.height // 11), True, True)


def strip_layout(view: pygame.Rect, table: Table) -> Items:
    """Cards left to right: the hand, the viewer's other cards, then the backs and the cards on
    the table; they overlap when the row would be too long."""
    strip = strip_rect(view)
    pad = max(6, strip.height // 18)
    cap = _caption_font(strip).get_linesize()
    height = strip.height - 2 * pad - cap
    width = round(height * CARD_RATIO)
    mine = [f"card:hand:{c}" for c in table.hand]
    mine += [f"card:extra:{c}" for c, _ in table.extras]
    theirs = [f"back:{text}" for text in table.backs]
    theirs += [f"card:table:{c}" for c, _ in table.played]
    gap = pad
    split = 3 * pad if mine and theirs else 0
    count = len(mine) + len(theirs)
    if not count:
        return []
    room = strip.width - 2 * pad - split
    step = min(width + gap, (room - width) / max(1, count - 1)) if count > 1 else width
    items: Items = []
    x = float(strip.x + pad)
    top = strip.y + pad + cap
    for i, target in enumerate(mine + theirs):
        if i == len(mine) and mine:
            x += split
        items.append((target, pygame.Rect(round(x), top, width, height)))
        x += step
    return items


def draw_strip(surface: pygame.Surface, view: pygame.Rect, table: Table, items: Items,
               marks: Mapping[str, str], hover: str | None, data: GameData) -> str | None:
    """The band, its captions, the cards (marked when they may be clicked now) and, over it,
    the hovered card at a size where every line of it reads; returns the target of the card
    drawn large, if any."""
    strip = strip_rect(view)
    shade = pygame.Surface(strip.size, pygame.SRCALPHA)
    shade.fill((*P.TRAY, 232))
    surface.blit(shade, strip.topleft)
    pygame.draw.line(surface, darker(P.TRAY, 0.5), strip.topleft, strip.topright, 2)
    cap_f = _caption_font(strip)
    pad = max(6, strip.height // 18)
    captions = _captions(table, items)
    for x, text in captions:
        surface.blit(cap_f.render(text, True, P.CARD_PAPER), (x, strip.y + pad // 2))
    if not items:
        note = "No cards in hand" if not table.backs else ""
        surface.blit(cap_f.render(note, True, P.CARD_PAPER), (strip.x + pad, strip.y + pad))
    small_f = font(max(9, strip.height // 14), True, True)
    hovered: tuple[str, pygame.Rect] | None = None
    extras = dict(table.extras)
    for target, rect in items:
        kind, _, card = target.partition(":")
        if kind == "back":
            surface.blit(card_back(rect.width, rect.height, card), rect.topleft)
            continue
        card = target.split(":")[-1]
        surface.blit(card_face(data.cards[card], rect.width, rect.height), rect.topleft)
        tag = extras.get(card) if target.startswith("card:extra:") else None
        if tag:
            label = small_f.render(tag, True, P.WHITE)
            band = pygame.Rect(rect.x, rect.bottom - label.get_height() - 4, rect.width,
                               label.get_height() + 4)
            pygame.draw.rect(surface, P.INK, band)
            surface.blit(label, label.get_rect(center=band.center))
        style = marks.get(target)
        if style is not None:
            mark_card(surface, rect, style)
        if target == hover:
            hovered = (card, rect)
    if hovered is not None and _enlarged(surface, view, strip, data, *hovered):
        return hover
    return None


def mark_card(surface: pygame.Surface, rect: pygame.Rect, style: str) -> None:
    """A card or a die that may be clicked now: a gold frame cased in ink and a folded corner
    (a shape, not only a colour); no pattern, which would hide the text or the pips. The one
    selected is framed in white, the hint's suggestion in the hint's colour."""
    ring = rect.inflate(6, 6)
    gold = {"selected": P.WHITE, "hint": HINT}.get(style, (255, 214, 40))
    pygame.draw.rect(surface, P.INK, ring, 5, border_radius=6)
    pygame.draw.rect(surface, gold, ring.inflate(-2, -2), 2, border_radius=6)
    ear = max(8, rect.width // 7)
    right, bottom = rect.right - 1, rect.bottom - 1
    points = [(right - ear, bottom), (right, bottom - ear), (right, bottom)]
    pygame.draw.polygon(surface, gold, points)
    pygame.draw.polygon(surface, P.INK, points, 2)


def _captions(table: Table, items: Items) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    first_mine = next((r.x for t, r in items if t.startswith(("card:hand:", "card:extra:"))),
                      None)
    if first_mine is not None:
        out.append((first_mine, f"Your hand ({len(table.hand)})"))
    first_theirs = next((r.x for t, r in items if t.startswith(("back:", "card:table:"))), None)
    if first_theirs is not None:
        out.append((first_theirs, "On the table"))
    return out


def _enlarged(surface: pygame.Surface, view: pygame.Rect, strip: pygame.Rect, data: GameData,
              card: str, rect: pygame.Rect) -> bool:
    height = min(round(view.height * 0.5), 360)
    width = round(height * CARD_RATIO)
    if height <= rect.height * 1.2:
        return False
    # as tall as the card's text needs, flavour and all, within the board above the strip
    height = min(max(height, face_height(data.cards[card], width)), strip.y - 6 - view.y)
    big = pygame.Rect(0, 0, width, height)
    big.midbottom = (rect.centerx, strip.y - 6)
    big.clamp_ip(view)
    shadow = big.move(5, 5)
    pygame.draw.rect(surface, darker(P.TRAY, 0.6), shadow, border_radius=8)
    surface.blit(card_face(data.cards[card], width, height), big.topleft)
    return True


# --- the dice tray -------------------------------------------------------------------------


def _tray_metrics(view: pygame.Rect) -> tuple[int, int, int]:
    """Die size, padding and title line height of the tray."""
    die = max(30, min(46, view.height // 20))
    return die, max(5, die // 6), font(max(12, die // 3 + 3), True, True).get_linesize()


def tray_layout(view: pygame.Rect, box: pygame.Rect, dice: dict[str, Any]) -> Items:
    """One row per side's dice, under the title of the combat, in the tray `box`."""
    die, pad, title_h = _tray_metrics(view)
    label_w = die * 4
    items: Items = []
    y = box.y + pad + title_h + pad
    for p, pool in enumerate(dice["pools"]):
        x = box.x + 2 * pad + label_w
        for i, _ in enumerate(pool["values"]):
            items.append((f"die:{p}:{i}", pygame.Rect(x, y, die, die)))
            x += die + pad
        y += die + pad
    return items


def tray_rect(view: pygame.Rect, dice: dict[str, Any],
              avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the tray lies: in the first place along the edges of the board's view (its top
    corners, then its bottom corners just above the hand strip, then the middle of the top and
    of the bottom) where it covers none of `avoid` (the board's Turn and Victory point tracks
    and the places that may be clicked now, as they lie on screen), else where it covers the
    least of them."""
    die, pad, title_h = _tray_metrics(view)
    rows = max(1, len(dice["pools"]))
    width = min(view.width, 2 * pad + die * 4 + 6 * (die + pad) + pad)
    box = pygame.Rect(0, 0, width, 2 * pad + title_h + rows * (die + pad) + pad)
    bottom = strip_rect(view).top
    best: tuple[int, pygame.Rect] | None = None
    for handle, at in (("topleft", view.topleft), ("topright", view.topright),
                       ("bottomleft", (view.x, bottom)), ("bottomright", (view.right, bottom)),
                       ("midtop", view.midtop), ("midbottom", (view.centerx, bottom))):
        setattr(box, handle, at)
        covered = sum(box.clip(r).width * box.clip(r).height for r in avoid)
        if best is None or covered < best[0]:
            best = (covered, box.copy())
        if covered == 0:
            break
    assert best is not None
    return best[1]


def draw_dice_tray(surface: pygame.Surface, view: pygame.Rect, box: pygame.Rect,
                   dice: dict[str, Any], items: Items, marks: Mapping[str, str],
                   hover: str | None) -> None:
    """The dice of the combat (or roll) in progress: a modified die carries a tick; a die that
    may be modified or rerolled now is marked."""
    die, pad, _ = _tray_metrics(view)
    title_f = font(max(12, die // 3 + 3), True, True)
    label_f = font(max(11, die // 3 + 1), True, True)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((*P.TRAY, 236))
    surface.blit(shade, box.topleft)
    pygame.draw.rect(surface, darker(P.TRAY, 0.5), box, 2)
    title = dice["title"]
    fp = dice.get("firepower")
    if fp is not None:
        level, side = fp
        title += f" — firepower {level}" + (f" ({side.capitalize()})" if side else "")
    text = title_f.render(title, True, P.CARD_PAPER)
    surface.blit(text, (box.x + pad, box.y + pad))
    for p, pool in enumerate(dice["pools"]):
        row = [r for t, r in items if t.startswith(f"die:{p}:")]
        y = row[0].y if row else box.y
        label = label_f.render(pool["label"], True, lighter(P.TRAY, 0.8))
        surface.blit(label, (box.x + pad, y + (die - label.get_height()) // 2))
        for i, rect in enumerate(row):
            surface.blit(die_face(pool["values"][i], die, True), rect.topleft)
            if pool["modified"][i]:
                tick = pygame.Rect(rect.right - die // 3, rect.y, die // 3, die // 3)
                pygame.draw.rect(surface, P.INK, tick, border_radius=3)
                pygame.draw.lines(surface, P.WHITE, False, [
                    (tick.x + 2, tick.centery), (tick.centerx - 1, tick.bottom - 3),
                    (tick.right - 2, tick.y + 2)], 2)
            style = marks.get(f"die:{p}:{i}")
            if style is not None:
                mark_card(surface, rect, style)
            elif hover == f"die:{p}:{i}":
                draw_highlight(surface, rect_points(rect.inflate(4, 4)), "hover")


# --- the final score -----------------------------------------------------------------------


def _score_fonts(view: pygame.Rect) -> tuple[pygame.font.Font, pygame.font.Font,
                                              pygame.font.Font]:
    size = max(12, view.height // 56)
    return (font(max(15, view.height // 42), True), font(size, False, True),
            font(size, True, True))


def score_rect(view: pygame.Rect, lines: list[str]) -> pygame.Rect:
    head_f, body_f, _ = _score_fonts(view)
    pad = 10
    width = min(view.width - 2 * pad, max(260, round(view.width * 0.3)))
    height = head_f.get_linesize() + body_f.get_linesize() * (len(lines) - 1) + 2 * pad
    return pygame.Rect(view.x + pad, view.y + pad, width, height)


def draw_score(surface: pygame.Surface, view: pygame.Rect, lines: list[str]) -> None:
    """The final score card, at the top left of the board area (the result dialog sits in the
    middle of the window): the winner, the reason, each side's points by cause. Lines ending
    with a colon are headings; lines starting with spaces are indented."""
    head_f, body_f, bold_f = _score_fonts(view)
    pad = 10
    box = score_rect(view, lines)
    pygame.draw.rect(surface, P.CARD_PAPER, box, border_radius=6)
    pygame.draw.rect(surface, P.INK, box, 2, border_radius=6)
    y = box.y + pad
    for i, line in enumerate(lines):
        fnt = head_f if i == 0 else bold_f if line.endswith(":") else body_f
        img = fnt.render(line.strip(), True, P.TITLE if i == 0 else P.INK)
        indent = 14 if line.startswith("  ") else 0
        room = box.width - 2 * pad - indent
        if img.get_width() > room:
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surface.blit(img, (box.x + pad + indent, y))
        y += fnt.get_linesize()
