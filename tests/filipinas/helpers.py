"""Building positions for the Filipinas tests: an empty board, counters placed by hand, scripted
dice, chosen hands (tests drive the rules only through legal actions)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.game import Scenario
from filipinas.rules import FilipinasRules
from filipinas.rules.sequence import settle
from filipinas.rules.state import FilState, Phase

RULES = FilipinasRules()


def empty_position(scenario: Scenario, rolls: Iterable[int] = (), *, turn: int = 2,
                   ap: tuple[int, int] = (5, 7), morale: int = 10,
                   hands: tuple[list[str], list[str]] = ([], [])) -> FilState:
    """A game whose board is cleared (every counter in its box), with the given tracks and
    hands (Filipino, Spanish); the decks keep every other card."""
    dice = ScriptedDice(rolls)
    state = RULES.new_game(scenario, 0, dice=dice)
    for cid in list(state.stack_of):
        state.take_off(cid, _home(state, cid))
    state.pending.clear()
    state.turn = turn
    state.phase = Phase.ACTION
    state.active = "filipino"
    state.ap = {"filipino": ap[0], "spain": ap[1]}
    state.morale = morale
    all_cards = [c for d in state.decks.values() for c in d] + [
        c for h in state.hands.values() for c in h]
    state.hands = {"filipino": list(hands[0]), "spain": list(hands[1])}
    wanted = set(hands[0]) | set(hands[1])
    for deck in state.decks:
        state.decks[deck] = [c for c in all_cards if state.data.cards[c].deck == deck
                             and c not in wanted]
    return state


def _home(state: FilState, cid: str) -> str:
    c = state.data.counters[cid]
    if c.faction == "usa":
        return "united_states"
    return "filipino_troops" if c.side == "filipino" else "spanish_troops"


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
