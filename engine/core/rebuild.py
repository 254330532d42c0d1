"""A game rebuilt on scenario files that changed: the same seed, the same actions, as far as
they still apply (F5 in a game; a designer tries an edit without starting over).

`rebuild` sets a new game up from the reloaded scenario with the game's own seed and replays
the old action log through `Session.play`, each action checked against the choices of the new
position. A game with fresh dice gives each action back the outcomes it drew, as far as they
still fit (a changed deck may need more or fewer): with unchanged files the rebuilt game is the
same game, and nothing is rolled again. The first action that is no longer one of the choices
stops the replay: the new session ends just before it, playable from there, and `Stop` says
which action it was and why (the rules' own refusal with its section when they give one).
Nothing of the old session is changed.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action, IllegalActionError
from engine.core.game import Rules, Scenario
from engine.core.session import Entry, Session


class RebuildError(Exception):
    """The new scenario cannot start a game at all; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class Stop:
    """The first action of the old log that does not apply to the new scenario.

    `number` counts actions from 1, as a person reads a log; `entry` is the old one (its
    player, action, turn and events); `reason` and `section` are the rules' refusal; `decider`
    is the side deciding at that point of the rebuilt game (another than the entry's when the
    changed files moved the turn on or back).
    """

    number: int
    entry: Entry
    reason: str
    section: str = ""
    decider: str | None = None


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """The rebuilt session, the size of the old log, and where the replay stopped (None: every
    action applied)."""

    session: Session
    total: int
    stop: Stop | None

    @property
    def replayed(self) -> int:
        return len(self.session.history)


def rebuild(rules: Rules[Any], scenario: Scenario, seed: int,
            history: Sequence[Entry], *, fresh: bool = False,
            setup_rolls: Sequence[int] = ()) -> Rebuilt:
    """Set up `scenario` with `seed` (with fresh dice: `setup_rolls` given back) and replay the
    actions of `history` while they apply."""
    try:
        session = Session(rules, scenario, seed, fresh=fresh, setup_rolls=setup_rolls,
                          exact=False)
    except Exception as err:  # the boundary: data the schemas pass but the rules cannot set up
        raise RebuildError(f"the game cannot be set up from the changed files "
                           f"({type(err).__name__}: {err})") from None
    for number, entry in enumerate(history, start=1):
        stop = _replay_one(session, entry, number)
        if stop is not None:
            return Rebuilt(session, len(history), stop)
    return Rebuilt(session, len(history), None)


def _replay_one(session: Session, entry: Entry, number: int) -> Stop | None:
    action = entry.action
    decider = session.state.decision.player
    try:
        legal = action in session.legal_actions()
    except Exception as err:
        return Stop(number, entry, f"the rules could not list the choices at that point "
                    f"({type(err).__name__}: {err})", decider=decider)
    if not legal:
        reason, section = why_not(session, action, entry.player)
        return Stop(number, entry, reason, section, decider)
    try:
        session.play(action, check_legal=False, rolls=entry.rolls, exact=False)
    except IllegalActionError as err:
        session.rewind(len(session.history))  # the state back to the last whole action
        return Stop(number, entry, err.reason, err.section, decider)
    except Exception as err:
        session.rewind(len(session.history))
        return Stop(number, entry, f"the rules could not apply it ({type(err).__name__}: {err})",
                    decider=decider)
    return None


def why_not(session: Session, action: Action, player: str | None) -> tuple[str, str]:
    """Why `action` (once chosen by `player`) is not one of the choices now: another side is
    deciding, or the rules' refusal when applied to a copy of the state."""
    decision = session.state.decision
    if decision.player is None:
        return "the game is already over at that point", ""
    if decision.player != player:
        return f"at that point the decision is another side's: {decision.prompt}", \
            decision.section
    try:
        session.rules.apply(copy.deepcopy(session.state), action)
    except IllegalActionError as err:
        return err.reason, err.section
    except Exception as err:
        return f"the rules could not apply it ({type(err).__name__}: {err})", ""
    return "it is not one of the choices at that point", decision.section
