"""Filipinas for the hidden-information tests: the same position with everything the deciding
side may not see changed."""

from __future__ import annotations

from engine.core.dice import Dice
from engine.core.sampling import copy_state
from filipinas.rules.hidden import DRAW_DECK
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState


def hidden_twin(st: FilState, side: str) -> FilState:
    """The other side's hand card swapped with one of its deck, decks reordered, new dice."""
    other = SPAIN if side == FILIPINO else FILIPINO
    twin: FilState = copy_state(st)
    hand, deck = twin.hands[other], twin.decks[DRAW_DECK[other]]
    hand[0], deck[-1] = deck[-1], hand[0]
    for pile in twin.decks.values():
        pile.reverse()
    twin.dice = Dice(424242)
    twin.dice.log = list(st.dice.log)
    return twin
