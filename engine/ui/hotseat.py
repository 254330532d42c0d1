"""Who answers what on a shared screen (hot-seat, DESIGN.md §3): the decisions the screen answers
by itself, and the changes of player that need the black hand-off screen.

- A reaction window (`RulesExtras.reaction_default`) is offered only when its side holds a
  usable answer (`usable_reactions`); otherwise the screen plays the default and the log says
  why. With the setting "pass my reaction windows" it is offered only when an answer is
  better than the default (`better_reactions`).
- In hot-seat, a decision of a side that is not at the screen with a single possible answer is
  played by the screen instead of handing the screen over: the only answer of a decision that
  is not private (everyone sees the same list), or the rules' `forced_answer`.
- The black screen comes only before a private decision of a side that holds secrets
  (`holds_secrets`). Any other decision of another side is answered on the screen at once: on
  that side's own view when it holds no secrets (its view is the public one), else on the
  public view (nobody's hidden information), so nothing private is ever drawn for the wrong
  person.

Pure functions over the rules and a state (no pygame): the game screen, the hand-off counting
tool and the tests share them.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.agent import without_concessions
from engine.core.actions import Action

NO_OTHER = "no other answer was possible"
NO_USE = "nothing here could change the result"
NOTHING_BETTER = "nothing better than declining; \"Pass my reaction windows\" is on (game menu)"
ONLY = "the only possible answer"


@dataclass(frozen=True, slots=True)
class AutoAnswer:
    """An answer the screen plays by itself, and why (for the log)."""

    action: Action
    why: str


def _extra(rules: Any, name: str) -> Any:
    found = getattr(rules, name, None)
    return found if callable(found) else None


def reaction_default(rules: Any, state: Any, legal: list[Action]) -> Action | None:
    """The declining answer of the reaction window open now, if one is open."""
    default_of = _extra(rules, "reaction_default")
    default = default_of(state) if default_of is not None else None
    return default if default is not None and default in legal else None


def usable_reactions(rules: Any, state: Any, legal: list[Action], default: Action
                     ) -> list[Action]:
    """The answers of the window open now worth offering (every other answer when the game does
    not say)."""
    usable_of = _extra(rules, "usable_reactions")
    if usable_of is None:
        return [a for a in without_concessions(legal) if a != default]
    return [a for a in usable_of(state) if a in legal and a != default]


def better_reactions(rules: Any, state: Any, legal: list[Action], default: Action
                     ) -> list[Action]:
    better_of = _extra(rules, "better_reactions")
    if better_of is None:
        return []
    return [a for a in better_of(state) if a in legal and a != default]


def auto_answer(rules: Any, state: Any, legal: list[Action], *, away: bool,
                pass_setting: bool) -> AutoAnswer | None:
    """What the screen plays by itself for the human side deciding now, if anything.

    `away`: hot-seat, and the deciding side is not the one at the screen (answering would hand
    the screen over). `pass_setting`: that player's "pass my reaction windows" is on.
    """
    default = reaction_default(rules, state, legal)
    if default is not None:
        if without_concessions(legal) == [default]:
            return AutoAnswer(default, NO_OTHER)
        if not usable_reactions(rules, state, legal, default):
            return AutoAnswer(default, NO_USE)
        if pass_setting and not better_reactions(rules, state, legal, default):
            return AutoAnswer(default, NOTHING_BETTER)
        return None
    if not away:
        return None
    options = without_concessions(legal)
    if not state.decision.private and len(options) == 1:
        return AutoAnswer(options[0], ONLY)
    forced_of = _extra(rules, "forced_answer")
    forced = forced_of(state) if forced_of is not None else None
    if forced is not None and forced in legal:
        return AutoAnswer(forced, ONLY)
    return None


def holds_secrets(rules: Any, state: Any, side: str) -> bool:
    """Whether `side`'s own view shows anything the public view does not (True when the game
    does not say)."""
    holds = _extra(rules, "holds_secrets")
    return True if holds is None else bool(holds(state, side))


def needs_black_screen(rules: Any, state: Any, side: str) -> bool:
    """Whether handing the decision now to `side` needs the black hand-off screen: only a private
    decision of a side holding secrets does."""
    return bool(state.decision.private) and holds_secrets(rules, state, side)


def view_for(rules: Any, state: Any, side: str) -> str | None:
    """The view a decision of `side` is answered on without the black screen: its own when it
    holds no secrets (the same as the public one), else the public view (None)."""
    return None if holds_secrets(rules, state, side) else side


def summary_start(history: Sequence[Any], side: str, answered_by_screen: Container[int],
                  setup: int = 0) -> int:
    """Where `side`'s "since your last turn" starts: right after that side's own last decision
    (an answer the screen gave for it, `answered_by_screen`, is no decision of the player's),
    so what followed it at once (the initiative cards revealed, the first shooting) is in it;
    never before `setup`, the entries that only set the game up (its options and the counters
    they place)."""
    for entry in reversed(history):
        if entry.index < setup:
            break
        if entry.player == side and entry.index not in answered_by_screen:
            return int(entry.index) + 1
    return setup
