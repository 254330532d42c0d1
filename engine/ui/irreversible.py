"""One rule for what cannot be undone (DESIGN.md §8: "the undo barrier is visible before it is
crossed"): every answer the screen offers (a prompt button, a row of a board menu, a board click
played at once) that rolls a die, draws, reveals or plays a card is marked "(no undo)" and, with
"confirm irreversible actions" on, asked about once, wherever it is offered.

An answer passes the barrier when the game says it does (`GameUIExtras.irreversible`: an answer
that commits to a roll made after another side's decision, such as Guerra's "Roll the dice"
before the defender adds F.E.C., or a card played) or when trying it shows it: the answer is
played on a copy of the position in which everything the deciding side may not see (the other
hands, deck and bag orders, the dice to come) is redrawn by the rules' `determinize`. Trying it
on the true position would tell the player something hidden: in Filipinas a pass ends the
turn, and draws its cards, only when the other side has no card left to play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai.observation import determinizer
from engine.core.actions import Action, IllegalActionError
from engine.core.game import Rules
from engine.core.sampling import copy_state


class BarrierProbe:
    """Tells whether an answer of the position now passes the undo barrier, as the deciding
    side can know it. Answers are tried once per position (`key`)."""

    def __init__(self, rules: Rules[Any],
                 says: Callable[[Action], bool] | None = None) -> None:
        self.rules = rules
        self.says = says
        """The game's own word (`GameUIExtras.irreversible`), if it gives one."""
        self._key: tuple[object, ...] | None = None
        self._sample: Any = None
        self._known: dict[Action, bool] = {}

    def __call__(self, state: Any, key: tuple[object, ...], action: Action) -> bool:
        if self.says is not None and self.says(action):
            return True
        old = self._key
        # the state changes in place: the position is known by the identities in `key`
        if old is None or len(old) != len(key) \
                or any(a is not b for a, b in zip(old, key, strict=True)):
            self._key, self._sample, self._known = key, None, {}
        known = self._known.get(action)
        if known is None:
            known = self._known[action] = self._tried(state, action)
        return known

    def _tried(self, state: Any, action: Action) -> bool:
        if self._sample is None:
            side = state.decision.player
            # the same redrawing for every answer of one position: its marks agree
            seed = len(getattr(getattr(state, "dice", None), "log", ()))
            self._sample = copy_state(state) if side is None else \
                determinizer(self.rules)(state, side, random.Random(seed))
        probe = copy_state(self._sample)
        try:
            events = self.rules.apply(probe, action)
        except IllegalActionError:
            return False  # not an answer in the redrawn position: the rules will say why
        return any(event.barrier for event in events)
