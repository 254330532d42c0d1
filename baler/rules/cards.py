"""Hands, decks and discard piles (rulebook "Cards", "Next turn" F)."""

from __future__ import annotations

from baler.rules.state import BalerState, Side
from baler.rules.tasks import say
from engine.core.actions import CardDrawn, Event


def usable(st: BalerState, side: Side, card: str) -> bool:
    """Own faction cards, own Fog of War cards and shared cards; an enemy Fog of War card is a
    blank (rulebook "Fog of War cards")."""
    return st.data.cards[card].playable_by(side)


def playable_hand(st: BalerState, side: Side) -> list[str]:
    return [c for c in st.hands[side] if usable(st, side, c)]


def put_away(st: BalerState, side: Side, card: str, ev: list[Event]) -> None:
    """A played card goes to its player's discard pile, except shared cards and own Fog of War
    cards, which leave the game (rulebook "Shared cards", "Fog of War cards"; GAP-BAL-11,
    GAP-BAL-50). An enemy Fog of War card is discarded like a blank."""
    info = st.data.cards[card]
    if info.owner == "shared" or (info.fow and info.owner == side.value):
        st.removed.append(card)
        say(ev, f"'{info.title}' is removed from the game")
    else:
        st.discards[side].append(card)


def take_from_hand(st: BalerState, side: Side, card: str) -> None:
    st.hands[side].remove(card)


def draw_hand(st: BalerState, side: Side, ev: list[Event]) -> None:
    """Draw up to the hand size; an empty draw deck is replaced by the shuffled discard pile
    (GAP-BAL-43: when both are empty the hand stays short)."""
    size = int(st.data.tables["hand_size"])
    drawn = 0
    while len(st.hands[side]) < size:
        if not st.decks[side]:
            if not st.discards[side]:
                break
            st.decks[side] = st.discards[side]
            st.discards[side] = []
            st.dice.shuffle(st.decks[side])
            say(ev, f"The {side.label} discard pile is shuffled into a new draw deck")
        card = st.dice.deal(st.decks[side])
        st.hands[side].append(card)
        drawn += 1
        ev.append(CardDrawn(f"The {side.label} side draws '{st.data.cards[card].title}'",
                            item=card, source=f"{side.value}-deck",
                            visible_to=frozenset({side.value})))
    if drawn:
        ev.append(CardDrawn(f"The {side.label} side draws {drawn} card(s)", item="",
                            source=f"{side.value}-deck"))
