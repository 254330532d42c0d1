"""A game in progress: state, action history, per-viewer log, undo/redo and replay positions.

Every change goes through `Session.play`, which checks legality with the rules, applies the action
and records it. The state at any earlier point is rebuilt by replaying the action log from the
nearest checkpoint. Replays are exact: seeded dice live in the state (a checkpoint holds the PRNG
as it was); a game with fresh dice (`fresh=True`, engine.core.dice.FreshDice) keeps with each
entry the outcomes its action drew (`Entry.rolls`, and `setup_rolls` for the set-up) and gives
them back whenever that action is applied again.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action, Event, IllegalActionError, TurnEnded
from engine.core.dice import FreshDice, RecordedRollsError
from engine.core.game import Result, Rules, Scenario

CHECKPOINT_EVERY = 64


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied action: who chose it, what happened, and the turn it was taken in."""

    index: int
    player: str | None
    action: Action
    events: tuple[Event, ...]
    turn: int
    rolls: tuple[int, ...] = ()
    """With fresh dice: the outcomes the action drew (rolls, shuffles, deals, draws), in order."""

    @property
    def barrier(self) -> bool:
        """True when this action rolled dice, drew or revealed something: undo stops before it."""
        return bool(self.rolls) or any(e.barrier for e in self.events)


class Session:
    """Holds one game: the rules, the scenario, the seed and every action taken so far."""

    def __init__(self, rules: Rules[Any], scenario: Scenario, seed: int, state: Any = None,
                 *, lazy_checkpoints: bool = False, fresh: bool = False,
                 setup_rolls: Sequence[int] | None = None, exact: bool = True):
        """`lazy_checkpoints` (for headless playouts, which seldom look back) keeps no copy of
        the state while playing; the first look back (`state_at`, undo, rewind) replays the
        game from its start once and keeps the copies it passes, as playing would have.

        `fresh`: the game's dice draw from the operating system's randomness when the rules ask
        (a game played for real; `seed` then seeds only the computer players). `setup_rolls`:
        the outcomes a fresh game's set-up drew, given back to rebuild it (a save); `exact`
        False uses them as far as they fit (a game rebuilt on changed files). A `state` set up
        elsewhere with fresh dice comes with the outcomes its set-up drew, in `setup_rolls`."""
        self.rules = rules
        self.scenario = scenario
        self.seed = seed
        self.setup_rolls: tuple[int, ...] = tuple(setup_rolls or ()) if state is not None else ()
        """With fresh dice: the outcomes the set-up drew (a shuffle of each deck, the deal)."""
        if state is None and fresh:
            dice = FreshDice(seed)
            if setup_rolls is not None:
                dice.replay(setup_rolls, exact)
            state = rules.new_game(scenario, seed, dice)
            self.setup_rolls, left = dice.take()
            if left and exact:
                raise RecordedRollsError(f"{left} recorded set-up outcomes were not used")
        self.state: Any = state if state is not None else rules.new_game(scenario, seed)
        self.fresh = isinstance(getattr(self.state, "dice", None), FreshDice)
        """The dice draw fresh outcomes (see `FreshDice`); False: seeded, replayed from the seed."""
        self.history: list[Entry] = []
        self._redo: list[Entry] = []
        self._checkpoints: dict[int, Any] = {0: copy.deepcopy(self.state)}
        self._eager = not lazy_checkpoints

    # --- playing -------------------------------------------------------------------------------

    @property
    def decision(self) -> Any:
        return self.state.decision

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def play(self, action: Action, *, check_legal: bool = True, listed: bool = False,
             rolls: Sequence[int] | None = None, exact: bool = True) -> list[Event]:
        """Apply `action` for the player now deciding; raises IllegalActionError if not legal.
        `listed` says the caller took `action` from the rules' legal actions of this very
        state, so a game that offers `apply_legal` (RulesExtras) applies it unchecked.

        With fresh dice, `rolls` are the outcomes the action drew when it was first played (a
        save replayed): each draw takes the next one, and all must be used (RecordedRollsError
        otherwise), or, when not `exact`, as far as they fit. Playing again the action just
        undone gives back its outcomes as redo does: undoing never rolls again."""
        if check_legal and action not in self.rules.legal_actions(self.state):
            raise IllegalActionError(self._why_illegal(action))
        player = self.state.decision.player
        turn = self.state.turn
        undone = self._redo[-1] if self._redo and self._redo[-1].action == action else None
        dice: FreshDice | None = self.state.dice if self.fresh else None
        if dice is not None:
            if rolls is not None:
                dice.replay(rolls, exact)
            elif undone is not None:
                dice.replay(undone.rolls, exact=False)
        try:
            apply_legal = getattr(self.rules, "apply_legal", None) if listed else None
            if apply_legal is not None:
                events = apply_legal(self.state, action)
            else:
                events = self.rules.apply(self.state, action)
        finally:
            drawn, left = dice.take() if dice is not None else ((), 0)
        if left and rolls is not None and exact:
            raise RecordedRollsError(f"{left} recorded outcomes of the action were not used")
        self.history.append(Entry(len(self.history), player, action, tuple(events), turn, drawn))
        if self._eager and len(self.history) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self.history)] = copy.deepcopy(self.state)
        if undone is not None:
            self._redo.pop()
        else:
            self._redo.clear()
        return list(events)

    def _why_illegal(self, action: Action) -> str:
        try:
            probe = copy.deepcopy(self.state)
            self.rules.apply(probe, action)
        except IllegalActionError as err:
            return str(err)
        return f"{action.describe()} is not one of the choices now"

    # --- undo and redo -------------------------------------------------------------------------

    def can_undo(self, player: str | None = None) -> bool:
        """Whether the last action may be taken back by `player` (default: whoever decides now).

        Only one's own actions are undone, and never one that rolled, drew or revealed.
        """
        if not self.history:
            return False
        last = self.history[-1]
        who = self.state.decision.player if player is None else player
        return not last.barrier and last.player == who

    def undo_barrier_reason(self) -> str:
        if not self.history:
            return "Nothing to undo."
        last = self.history[-1]
        if last.barrier:
            return "Cannot undo past a die roll, a draw or a reveal."
        return "Cannot undo the other side's action."

    def undo(self) -> Action:
        """Take back the last action (see `can_undo`) and return it."""
        if not self.can_undo():
            raise IllegalActionError(self.undo_barrier_reason())
        entry = self.history[-1]
        self.rewind(len(self.history) - 1)
        self._redo.append(entry)
        return entry.action

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalActionError("Nothing to redo.")
        return self.play(self._redo[-1].action)

    def rewind(self, length: int) -> None:
        """Return to the position after the first `length` actions (used by undo and replay)."""
        if not 0 <= length <= len(self.history):
            raise ValueError(f"no position {length} in a history of {len(self.history)}")
        kept = self.history[:length]
        self.state = self.state_at(length)
        self.history = kept
        self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= length}

    def state_at(self, length: int) -> Any:
        """A copy of the state after the first `length` actions of the history."""
        start = max(k for k in self._checkpoints if k <= length)
        state = copy.deepcopy(self._checkpoints[start])
        for entry in self.history[start:length]:
            self._reapply(state, entry)
            done = entry.index + 1
            if done % CHECKPOINT_EVERY == 0 and done not in self._checkpoints:
                self._checkpoints[done] = copy.deepcopy(state)
        return state

    def _reapply(self, state: Any, entry: Entry) -> None:
        """Apply `entry`'s action again to `state`, with the outcomes it drew."""
        if not self.fresh:
            self.rules.apply(state, entry.action)
            return
        dice: FreshDice = state.dice
        dice.replay(entry.rolls)
        try:
            self.rules.apply(state, entry.action)
        finally:
            _, left = dice.take()
        if left:
            raise RecordedRollsError(f"action {entry.index + 1} drew fewer outcomes on replay")

    # --- log -----------------------------------------------------------------------------------

    def log(self, viewer: str | None, since: int = 0) -> Iterator[tuple[Entry, Event]]:
        """Events `viewer` may see, from action `since` on (None: public events only)."""
        for entry in self.history[since:]:
            for event in entry.events:
                if event.visible(viewer):
                    yield entry, event

    def turn_boundaries(self) -> dict[int, int]:
        """Turn number -> history length at which that turn started (for the replay controls)."""
        starts: dict[int, int] = {}
        for entry in self.history:
            starts.setdefault(entry.turn, entry.index)
        return starts

    def ended_turn(self, events: Sequence[Event]) -> bool:
        return any(isinstance(e, TurnEnded) for e in events)

    def state_hash(self) -> str:
        return self.rules.state_hash(self.state)
