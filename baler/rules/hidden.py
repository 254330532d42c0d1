"""What each side may not see, redrawn for the computer opponents (RulesExtras.determinize).

Hidden from a side (view.py): the enemy hand and its face-down initiative card, the enemy's
drawn Fog of War card, the order of every draw deck (its own included), of both Fog of War
decks and of the shared deck, the order of both bags (the enemy bag's contents are known: every
unit not seen elsewhere) and the dice to come. A determinization pools each group of unseen
cards, shuffles it and deals it back in the same sizes:

- enemy hand + enemy draw deck + the enemy's face-down initiative card;
- the side's own Fog of War deck + the enemy's drawn Fog of War card (the enemy draws from it,
  "Upkeep / Fog of War");
- its own draw deck, the enemy Fog of War deck and the shared deck, each reshuffled.

Which enemy card came from where is not remembered: a card the enemy took face up from the
shared spaces goes back into the pool like any other (docs/ai.md).
"""

from __future__ import annotations

import random

from baler.rules.state import BAGS, SIDES, BalerState, Side
from engine.core.sampling import copy_state, redeal, reseed_dice, reshuffle


def determinize(state: BalerState, side: str, rng: random.Random) -> BalerState:
    """A copy of `state` with everything `side` may not see redrawn with `rng`."""
    st: BalerState = copy_state(state)
    me = next((s for s in SIDES if s.value == side), None)
    enemy_sides = [s for s in SIDES if s is not me]
    for enemy in enemy_sides:
        face_down = st.face_down[enemy]
        hidden_card = [face_down] if face_down is not None else []
        redeal([hidden_card, st.hands[enemy], st.decks[enemy]], rng)
        if face_down is not None:
            st.face_down[enemy] = hidden_card[0]
        drawn = st.fow_drawn[enemy]
        drawn_card = [drawn] if drawn is not None else []
        redeal([drawn_card, st.fow_decks[enemy.enemy]], rng)
        if drawn is not None:
            st.fow_drawn[enemy] = drawn_card[0]
    if me is not None:
        reshuffle(st.decks[me], rng)
        reshuffle(st.fow_decks[me.enemy], rng)
    reshuffle(st.shared_deck, rng)
    for bag_side in SIDES:
        _sort_bag(st, bag_side)
    reseed_dice(st, rng)
    return st


def _sort_bag(st: BalerState, side: Side) -> None:
    """A bag is drawn at random (the dice pick the unit), so its list order is only an
    accident of play: it is put in a fixed order."""
    bag = st.at.get(BAGS[side])
    if bag:
        bag.sort()
