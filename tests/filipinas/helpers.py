"""Building positions for the Filipinas tests: an empty board, counters placed by hand, scripted
dice, chosen hands (tests drive the rules only through legal actions)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.game import Scenario
from filipinas.rules import FilipinasRules
from filipinas.rules.sequence import settle
from filipinas.rules.state import FilState

RULES = FilipinasRules()


def empty_position(scenario: Scenario, rolls: Iterable[int] = (), *, turn: int = 2,
                   ap: tuple[int, int] = (5, 7), morale: int = 10,
                   hands: tuple[list[str], list[str]] = ([], [])) -> FilState:
    """A game whose board is cleared (every counter in its box), with the given tracks and
    hands (Filipino, Spanish); the decks keep every other card. Built through the rules' door
    for positions, laid out without starting the round (`ready` starts it)."""
    position = {
        "placements": [],
        "turn": turn,
        "phase": "action",
        "active": "filipino",
        "ap": {"filipino": ap[0], "spain": ap[1]},
        "morale": morale,
        "cards": {"hands": {"filipino": list(hands[0]), "spain": list(hands[1])}},
    }
    return RULES.from_position(scenario, position, dice=ScriptedDice(rolls), start=False)


def put(state: FilState, space: str, *cids: str, reduced: Iterable[str] = ()) -> None:
    """Place counters as one stack in `space`."""
    state.move_stack(list(cids), space)
    for c in reduced:
        state.reduced.add(c)


def play(state: FilState, action: Action) -> list[object]:
    assert action in RULES.legal_actions(state), (action, RULES.legal_actions(state))
    return list(RULES.apply(state, action))


def ready(state: FilState) -> None:
    settle(state, [])
    assert not RULES.check_invariants(state), RULES.check_invariants(state)
