"""What each side may not see, redrawn for the computer opponents (RulesExtras.determinize).

Every counter is face up in Filipinas (the view shows them all); hidden from a side are the
other side's hand (the solo bot's hand too, drawn face down: 10.2), the order of every deck and
the dice to come. A determinization pools the other side's hand with its draw deck ("filipino"
or "spanish"; the 'USA at War' cards dealt to a hand come from its own small deck, whose rest
joins the draw deck, 7.0), shuffles the pool and deals it back in the same sizes, and reshuffles
the side's own deck and both 'USA at War' decks.
"""

from __future__ import annotations

import random

from engine.core.sampling import copy_state, redeal, reseed_dice, reshuffle
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState

DRAW_DECK = {FILIPINO: "filipino", SPAIN: "spanish"}


def determinize(state: FilState, side: str, rng: random.Random) -> FilState:
    """A copy of `state` with everything `side` may not see redrawn with `rng`."""
    st: FilState = copy_state(state)
    for other, deck in DRAW_DECK.items():
        pile = st.decks.get(deck, [])
        if other == side:
            reshuffle(pile, rng)
        else:
            redeal([st.hands[other], pile], rng)
    for deck in sorted(st.decks):
        if deck not in DRAW_DECK.values():
            reshuffle(st.decks[deck], rng)
    reseed_dice(st, rng)
    return st
