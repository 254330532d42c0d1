"""The faces of Heroes of Baler's cards as the hand strip and the board draw them (rulebook
"Card anatomy"): every card at every size the screen uses shows its whole title, every one of
its secondary-event icons (up to two, rulebook "Cards") and the line naming them; the card the
pointer rests on is enlarged as tall as its text, flavour and all. A contact sheet of every card
at each size is saved for people to look at (docs/screenshots/baler-cards-*.png when
$WARGAMES_SHOTS is set)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame
import pytest

from baler import PLUGIN
from baler.rules.state import CardInfo
from baler.ui.board import BalerBoard
from baler.ui.cardart import card_face, face_height, face_layout
from baler.ui.cardtext import ICON_NAMES
from baler.ui.overlays import Table, draw_strip, strip_layout
from engine.core.session import Session
from engine.loading import load_game_scenario
from uitest import click, hover, make_app, shot, start_game

pytestmark = pytest.mark.ui

DATA = PLUGIN.rules.new_game(load_game_scenario(PLUGIN), 1).data
CARDS: list[CardInfo] = list(DATA.cards.values())
WINDOWS = {"smallest": 560, "1280x800": 800, "1920x1080": 1080}
"""Window heights: the smallest the game opens, and two common screens."""


def _strip_card(height: int) -> tuple[int, int]:
    """The size of a card in the hand strip of a board `height` pixels high."""
    items = strip_layout(pygame.Rect(0, 0, 900, height), Table(hand=[CARDS[0].id]))
    rect = items[0][1]
    return rect.width, rect.height


def _words(text: str) -> list[str]:
    return text.split()


def _sheet(name: str, size: tuple[int, int], tmp_path: Path) -> None:
    width, height = size
    cols = 10
    rows = (len(CARDS) + cols - 1) // cols
    sheet = pygame.Surface((cols * (width + 6) + 6, rows * (height + 6) + 6))
    sheet.fill((60, 60, 60))
    for i, card in enumerate(CARDS):
        sheet.blit(card_face(card, width, height),
                   (6 + (i % cols) * (width + 6), 6 + (i // cols) * (height + 6)))
    path = tmp_path / name
    pygame.image.save(sheet, str(path))
    folder = os.environ.get("WARGAMES_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / name)


@pytest.mark.parametrize("window", list(WINDOWS))
def test_every_card_shows_its_whole_title_every_icon_and_the_icons_line(
        window: str, tmp_path: Path) -> None:
    width, height = _strip_card(WINDOWS[window])
    assert 70 <= width <= 140
    for card in CARDS:
        lay = face_layout(card, width, height)
        assert _words(" ".join(lay.title)) == _words(card.title), card.title
        assert not any(line.endswith("…") for line in lay.title)
        assert [icon for icon, _ in lay.icons] == list(card.icons), card.title
        discs = [pygame.Rect(x - lay.icon_r, y - lay.icon_r, 2 * lay.icon_r, 2 * lay.icon_r)
                 for _, (x, y) in lay.icons]
        for i, disc in enumerate(discs):
            assert pygame.Rect(0, 0, width, height).contains(disc), card.title
            assert not disc.colliderect(lay.init_box), card.title
            assert not disc.colliderect(lay.ap_box), card.title
            assert disc.collidelist(discs[i + 1:]) == -1, card.title
        about = " ".join(lay.about)
        assert "…" not in about
        if card.icons:
            named = ", ".join(ICON_NAMES[i] for i in card.icons)
            assert _words(about)[-len(_words(named)):] == _words(named), card.title
        assert lay.about_bottom <= height, (card.title, window)
        if window != "smallest":
            # on the screens people use, the events are whole too; only the flavour is cut
            assert not any("…" in line for line in lay.main + lay.caption + lay.secondary), (
                card.title, window)
    _sheet(f"baler-cards-{window}.png", (width, height), tmp_path)


def test_the_enlarged_card_is_as_tall_as_its_text_and_cuts_nothing(tmp_path: Path) -> None:
    view = pygame.Rect(0, 0, 900, 800)
    surface = pygame.Surface(view.size)
    for card in CARDS:
        table = Table(hand=[card.id])
        items = strip_layout(view, table)
        target, rect = items[0]
        enlarged = draw_strip(surface, view, table, items, {}, target, DATA)
        assert enlarged == target
        big_w = round(min(round(view.height * 0.5), 360) * 0.72)
        need = face_height(card, big_w)
        lay = face_layout(card, big_w, need)
        assert " ".join(lay.flavour) == " ".join(card.flavour.split()), card.title
        assert not any("…" in line for line in lay.main + lay.secondary + lay.flavour)
        assert need <= rect.top - 6, card.title
    # the card drawn over the strip covers the height it needs (a shadow pixel below it)
    longest = max(CARDS, key=lambda c: face_height(c, 259))
    table = Table(hand=[longest.id])
    items = strip_layout(view, table)
    surface.fill((0, 0, 0))
    draw_strip(surface, view, table, items, {}, items[0][0], DATA)
    top = items[0][1].top - 6 - face_height(longest, 259)
    assert surface.get_at((items[0][1].centerx, top + 4))[:3] != (0, 0, 0)
    pygame.image.save(surface, str(tmp_path / "enlarged.png"))


@pytest.mark.usefixtures("user_data")
def test_a_hand_with_two_icon_cards_shows_both_icons_on_screen(tmp_path: Path) -> None:
    """The Spanish hand at the start, with the three Spanish cards that carry two icons; the
    pointer rests on 'The sortie of 14 December', enlarged with its flavour whole
    (docs/screenshots/baler-hand-icons.png)."""
    scenario = load_game_scenario(PLUGIN)
    rules = PLUGIN.rules
    position = rules.to_position(rules.new_game(scenario, 1))
    cards = position["cards"]
    two = [c.id for c in CARDS if c.owner == "spanish" and len(c.icons) == 2 and not c.fow]
    hand = two + [c for c in cards["hands"]["spanish"] if c not in two][:6 - len(two)]
    cards["decks"]["spanish"] = [c for c in cards["hands"]["spanish"] + cards["decks"]["spanish"]
                                 if c not in hand]
    cards["hands"]["spanish"] = hand
    session = Session(rules, scenario, 1, state=rules.from_position(scenario, position, 1))
    app = make_app((1280, 800))
    scene = start_game(app, PLUGIN, session, {s: "human" for s in PLUGIN.sides}, autosave=False)
    for _ in range(3):
        if scene.handoff is None:
            break
        click(app, (300, 300), steps=2)
    assert scene.handoff is None
    board = scene.gameui.board
    assert isinstance(board, BalerBoard)
    rect = next(r for t, r in board._items if t == "card:hand:es-02")
    hover(app, rect.center, steps=3)
    app.toasts.toasts.clear()
    app.draw()
    assert board.enlarged == "card:hand:es-02"
    shot(app, tmp_path, "baler-hand-icons.png")
    pygame.event.clear()
