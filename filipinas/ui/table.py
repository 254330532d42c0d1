"""Trust at the table (DESIGN.md §8) for Filipinas: board clicks open a menu of what may be done
there with its cost, marking what rolls, draws or plays a card; every card has a face for the
card viewer; the counter codes have a legend; log lines name places, never ids."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.core.actions import Action
from engine.ui.adapter import CardFace, Click, MenuItem
from filipinas.rules import actions as A
from filipinas.rules.setup import GameData
from filipinas.ui.art import FACTION_COLORS
from filipinas.ui.labels import Labeller, card_summary, card_title

ROLLS = (A.Attack, A.Recruit, A.Political, A.Counterattack, A.Intercept, A.DefendZapote)
"""Actions whose die roll is made as they are played (6.1, 6.6-6.8, 6.12, 6.13.3)."""
CARDS = (A.PlayCard, A.TradeCards, A.Discard)
"""Actions that play, trade or throw away a card: undo stops there (6.13)."""

_OWNERS = {"spanish": "Spanish", "filipino": "Filipino", "usa_spanish": "USA at War (Spanish)",
           "usa_filipino": "USA at War (Filipino)"}
_FILLS = {"spanish": (250, 236, 200), "filipino": (250, 222, 218),
          "usa_spanish": (236, 230, 246), "usa_filipino": (222, 230, 250)}


def irreversible(action: Action, lines: frozenset[str]) -> bool:
    """Whether `action` rolls, draws, reveals or plays a card: a roll for the combat, the
    location, the recruitment or the Political Action; a card played, traded or discarded; a
    Filipino crossing into or out of Cavite with a Fortified Line built (6.13.2: a 5-6 to pass)."""
    if isinstance(action, ROLLS + CARDS):
        return True
    if isinstance(action, A.Move) and lines:
        return action.dest == "cavite"
    return False


def price(labels: Labeller, action: Action) -> str:
    """The cost column of a menu item: "1 AP", "3 AP (2 + 1 Coordinated Action)", "free"."""
    if action in labels.costs:
        total, extra = labels.costs[action]
        return f"{total} AP" + (f" ({total - extra} + {extra} Coordinated Action)" if extra
                                else "")
    if isinstance(action, A.TradeCards):
        return "gains 1 AP"
    return "free"


def as_menu(click: Click, labels: Labeller, title: str, lines: frozenset[str]) -> Click:
    """A click that would play an action at once, or that fits several, becomes a menu of
    them with their costs (even for one item: acting is explicit)."""
    actions: Sequence[Action] = (click.action,) if click.action is not None else click.choices
    if not actions:
        return click
    items = tuple(MenuItem(_item_label(labels, a), a, price(labels, a),
                           irreversible=irreversible(a, lines)) for a in actions)
    return Click(menu=items, title=title)


def _item_label(labels: Labeller, action: Action) -> str:
    """The item's words; a trade names only its two cards (the menu's title says the rest)."""
    if isinstance(action, A.TradeCards):
        return f"{labels.card(action.first)} and {labels.card(action.second)}"
    return labels.text(action)


def refused_menu(click: Click, title: str, what: str) -> Click:
    """A refusal on a place becomes a menu with the greyed item and its reason (section)."""
    if click.reason:
        return Click(menu=(MenuItem(what, None, reason=click.reason),), title=title)
    return click


def card_face(data: GameData, card_id: str) -> CardFace:
    """Everything about one card: deck, red title, the "1" mark, when it is played, what it
    does, what it needs, and its flavour (6.13, 10.2)."""
    card = data.cards[card_id]
    header = [("Deck", _OWNERS.get(card.deck, card.deck))]
    if card.reaction:
        header.append(("Title", "red: may be played in the opponent's round"))
    if card.cancellable:
        header.append(("Mark", "1: may be cancelled (10.2)"))
    when = {"round": "as an event in your own round", "combat": "in the card window of a combat",
            "cancel": "to cancel an opponent's card with the 1 mark",
            "response": "right after an opponent's action"}
    sections = [("Played", "; ".join(when[w] for w in sorted(card.when) if w in when)),
                ("Effect", card_summary(card, data))]
    if card.requires:
        needs = "; ".join(requirement_text(data, k, v) for k, v in card.requires.items())
        sections.append(("Needs", f"{needs[:1].upper()}{needs[1:]}."))
    if card.respond_to:
        answered = [ANSWERED.get(kind, kind) for kind in sorted(card.respond_to)]
        sections.append(("Answers", f"the opponent's {' or '.join(answered)}, right after it."))
    if card.flavour:
        sections.append(("", card.flavour))
    return CardFace(card_id, card.name, _FILLS.get(card.deck, (245, 240, 225)),
                    header=tuple(header), sections=tuple(sections),
                    owner=_OWNERS.get(card.deck, card.deck))


ANSWERED = {"move": "move", "hide": "hiding", "plunder": "plunder",
            "political": "Political Action", "recruit": "recruitment"}
"""The opponent's actions a response card answers (its `respond_to`), in words."""


def requirement_text(data: GameData, key: str, value: object) -> str:
    """One condition of a card's `requires` as a sentence (the rules' `_requirement` in
    filipinas/rules/cards.py reads the same keys)."""
    def name(cid: object) -> str:
        counter = data.counters.get(str(cid))
        return counter.name if counter is not None else str(cid).replace("_", " ").title()

    yes = bool(value)
    texts = {
        "government": f"{name(value)} heads the Spanish government",
        "canovas_alive": "Cánovas is alive" if yes else "Cánovas is dead",
        "leader_on_map": f"{name(value)} is on the map",
        "also_on_map": f"{name(value)} is on the map too",
        "leader_available": f"{name(value)} has not come into play yet",
        "captaincy_spanish": "Manila, seat of the Captaincy General, is Spanish" if yes
        else "Manila, seat of the Captaincy General, is not Spanish",
        "filipino_in_cavite": "Filipino troops are in Cavite" if yes
        else "no Filipino troops are in Cavite",
        "zapote_off": "the Zapote Line is not in play" if yes else "the Zapote Line is in play",
        "reconcentration_off": "no Reconcentration is in force" if yes
        else "a Reconcentration is in force",
        "unit_in_box": f"the {name(value)} corps is still in the Filipino Troops box",
        "artillery_available": "the Filipino Artillery has not come into play yet" if yes
        else "the Filipino Artillery is in play",
        "exiled": "Aguinaldo is in exile in Hong Kong" if yes else "Aguinaldo is not in exile",
        "morale_above": f"Spanish Morale is above {value}",
    }
    return texts.get(key, f"{key.replace('_', ' ')}: {value}")


def card_back(deck: str, side_name: str) -> CardFace:
    """The back of a card one may not see (the other hand, a deck)."""
    return CardFace(f"back:{deck}", f"{side_name} card", FACTION_COLORS.get(
        "spain" if deck.endswith("spanish") else "filipino", ((200, 200, 200), (0, 0, 0)))[0],
        sections=(("", "Face down: its face is not yours to see (6.13)."),),
        owner=_OWNERS.get(deck, deck))


BOT_CARD = "Bot's card: "
"""How the solo bot's cards are listed under the Filipino player's hand (10.2)."""


def find_card(data: GameData, target: str) -> str | None:
    """The card a hand line or a board target names (its id, or its hand title, or a bot's
    card line)."""
    target = target.removeprefix(BOT_CARD)
    if target in data.cards:
        return target
    for cid, card in data.cards.items():
        if target in (card.name, card_title(card)) or target.startswith(card_title(card) + ":"):
            return cid
    return None


LEGEND: tuple[tuple[str, str], ...] = (
    ("LF", "Logistics Factor of a leader: AP he brings each turn (4.2.2); left number, e.g. 2-1"),
    ("TF", "Tactical Factor of a leader: added to the die in combat and siege (4.2.2); right "
           "number"),
    ("CF", "Combat Factor of a unit, 1 or 2 (4.2.1)"),
    ("G", "a Filipino Guerrilla: a corps on its CF 1 side alone in its stack (4.2.1, 6.6)"),
    ("★", "a Spanish Captain General (4.2.2)"),
    ("⚓", "an Admiral: needed to move and attack with a Fleet (6.3.2)"),
    ("◎", "the unit has a Target marker: +1 to locate it (4.2.3.3)"),
    ("PROTECT", "Protect the Fields: no plunder here, the Brigade fights at CF 1 (6.9.1)"),
    ("SEARCH", "Search and Destroy columns: +1 to locate, CF 1 (6.9.2)"),
    ("TRENCH", "entrenched: −1 to whoever attacks it (6.14)"),
    ("SACKED", "the Province was plundered this turn: half resources next turn (6.11)"),
    ("ARTY", "the Filipino Artillery: Filipino troops may besiege cities (4.2.3.8)"),
    ("BALER", "Últimos de Filipinas: the stack may not move, attack or plunder (4.2.3.15)"),
    ("ZAPOTE", "the Zapote Line in Cavite: −1 to the Spanish attack (6.13.3)"),
    ("LINE", "a Fortified Line: Filipinos cross it only on a 5-6 (6.13.2)"),
)


WORDS = frozenset({"ambush", "blockhouses", "censorship", "graveyard", "recalled",
                   "reconcentration", "sea", "telegraph", "trenches"})
"""Ids that are also plain words of the log's sentences ("is recalled to Spain", "by sea"):
such a word is left as it is."""


def place_name(text: str, names: Mapping[str, str]) -> str:
    """`text` with space, counter and card ids replaced by their printed names."""
    return re.sub(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\b",
                  lambda m: m.group(0) if m.group(0) in WORDS
                  else names.get(m.group(0), m.group(0)), text)
