"""Cards for the engine's card viewer, the counter legend and the log's place names
(engine.ui.adapter.GameUIExtras): everything printed on a card of the scenario, what the codes
on the counters mean, and printed names instead of internal ids."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from baler.rules.state import GameData
from baler.ui import palette as P
from baler.ui.cardtext import ICON_NAMES, cards_count, events_text, owner_text, requirement_text
from baler.ui.labels import ACTION_NAMES
from engine.ui.adapter import CardFace

OWNERS = {"spanish": "Spanish", "philippine": "Philippine", "shared": "Shared"}


def face(data: GameData, card_id: str) -> CardFace:
    """One card as printed: values, icons, the event, the boosted event with its whole
    requirement, and the flavour text (rulebook "Cards")."""
    card = data.cards[card_id]
    sections = [("Event", events_text(card.main))]
    if card.secondary:
        need = requirement_text(card)
        heading = f"Boosted event (needs {need})" if need else "Boosted event"
        sections.append((heading, events_text(card.secondary)))
    elif card.fow:
        sections.append(("", "A Fog of War card has no boosted event and is never boosted."))
    sections.append(("", owner_text(card)))
    if card.flavour:
        sections.append(("", card.flavour))
    fill = P.ES_LIGHT if card.owner == "spanish" else P.PH_LIGHT if card.owner == "philippine" \
        else P.PAPER
    return CardFace(
        id=card_id, title=card.title, fill=fill, ink=P.INK,
        header=(("AP", str(card.ap)), ("Initiative", str(card.initiative))),
        icons=tuple(ICON_NAMES.get(i, i) for i in card.icons),
        sections=tuple(sections), owner=OWNERS.get(card.owner, card.owner),
    )


def back(title: str, text: str) -> CardFace:
    """The back of cards the viewer may not see: a hand, a deck, a face-down card."""
    return CardFace(id=f"back:{title}", title=title, fill=P.BACK, ink=P.WHITE,
                    sections=(("", text),))


def card_at(data: GameData, view: dict[str, Any], viewer: str | None,
            target: str) -> CardFace | None:
    """The card under a board or hand target, as the viewer may see it."""
    if target.startswith("card:"):
        card = target.split(":")[-1]
        return face(data, card) if card in data.cards else None
    if target.startswith("shared-") and target != "shared-deck":
        card = view["shared_faceup"].get(target.removeprefix("shared-"))
        return face(data, card) if card else None
    if target.startswith("discard-"):
        pile = view["discards"].get(target.removeprefix("discard-"), [])
        return face(data, pile[-1]) if pile else None
    if target.startswith("back:"):
        title, _, text = target.removeprefix("back:").partition("\n")
        return back(title, text or "Face down")
    for prefix, what in (("deck-", "draw deck"), ("fow-deck-", "Fog of War deck")):
        if target.startswith(prefix):
            side = target.removeprefix(prefix)
            sizes = view["deck_sizes" if prefix == "deck-" else "fow_deck_sizes"]
            return back(f"{OWNERS.get(side, side)} {what}", f"{cards_count(sizes.get(side, 0))}, "
                        "face down")
    if target == "shared-deck":
        return back("Shared deck", f"{cards_count(view['shared_deck_size'])}, face down")
    return None


LEGEND: tuple[tuple[str, str], ...] = (
    ("2-1", "Soldier: combat factor 2, manpower 1 (manpower counts for repairs and trenches)"),
    ("2 ★3", "Leader: combat factor 2, rank 3 (the dice his command modifier may change); an "
             "exhausted or disabled leader shows his back, without factors"),
    ("Gun 2", "Philippine artillery piece: combat factor 2"),
    ("SUP / MOR", "Supply and morale markers on a side's 0-6 tracks"),
    ("VP", "Victory points; flipped and marked +20 past 20"),
    ("FP n", "Firepower of an area: the level and, by colour and letters, the side it favours"),
    ("SURV", "Surveillance marker of a side in an area (the reserve boxes hold the others)"),
    ("SHOT", "Shooting marker: the area was shot at in this turn's shootings"),
    ("Int / Dam / Wrk / Des", "Church walls of an area: intact, damaged, wrecked, destroyed"),
    ("TRENCH", "Philippine trench section; 'sabot.' when sabotaged"),
    ("INIT / TURN", "Initiative and turn markers"),
    ("PERS", "Philippine Persistence marker: 'active' when it may change a die"),
    ("BAG n", "A side's bag and the soldiers in it (drawn at random)"),
    ("DECK / DISC / FoW n", "Draw deck, discard pile and Fog of War deck, with their cards"),
    ("SHUT", "A closed bed of the infirmary"),
    ("ES 3 / US 4", "Foreign power on the territorial control map and its combat strength"),
)


def legend() -> Sequence[tuple[str, str]]:
    return LEGEND


_ID = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")


def place_name(data: GameData, text: str) -> str:
    """A log line with counter, space, card and action ids replaced by their printed names."""

    def name(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in data.units:
            return data.units[word].name
        if word in data.cards:
            return f"'{data.cards[word].title}'"
        if word in data.names:
            return data.names[word]
        return ACTION_NAMES.get(word, word)

    return _ID.sub(name, text)
