"""Helpers for a game's `determinize` (RulesExtras in engine.core.game): copy a state and
redraw what a side may not see, reproducibly from the caller's PRNG."""

from __future__ import annotations

import copy
import random
from collections.abc import MutableSequence
from typing import Any, TypeVar

from engine.core.dice import Dice

T = TypeVar("T")


def copy_state(state: Any) -> Any:
    """A deep copy of a game state that shares its static `data` (printed tables, cards, map),
    which never changes during a game."""
    data = getattr(state, "data", None)
    memo: dict[int, Any] = {} if data is None else {id(data): data}
    return copy.deepcopy(state, memo)


def reseed_dice(state: Any, rng: random.Random) -> None:
    """Replace the state's dice by fresh ones seeded from `rng`, keeping the public roll log:
    the rolls to come are hidden from every side."""
    old: Dice = state.dice
    dice = Dice(rng.getrandbits(62))
    dice.log = list(old.log)
    state.dice = dice


def reshuffle(items: MutableSequence[T], rng: random.Random, key: Any = None) -> None:
    """Put `items` in a random order that depends only on which items they are (sorted first),
    so two states that differ only in the hidden order give the same draw."""
    items[:] = sorted(items, key=key)
    rng.shuffle(items)


def redeal(piles: list[MutableSequence[T]], rng: random.Random, key: Any = None) -> None:
    """Pool the cards of `piles`, shuffle them as `reshuffle` does and deal them back, each
    pile getting as many as it had."""
    pool: list[T] = [card for pile in piles for card in pile]
    reshuffle(pool, rng, key)
    for pile in piles:
        n = len(pile)
        pile[:] = pool[:n]
        del pool[:n]


def public_determinize(state: Any, side: str, rng: random.Random) -> Any:
    """The determinization of a game with nothing hidden but the dice to come."""
    sample = copy_state(state)
    reseed_dice(sample, rng)
    return sample
