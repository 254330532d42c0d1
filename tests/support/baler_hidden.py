"""Heroes of Baler positions for the hidden-information tests: a game played on by Easy to a
real choice, and the same position with everything the deciding side may not see changed."""

from __future__ import annotations

from baler.ai import easy
from baler.rules import BalerRules
from baler.rules.state import BalerState, Side
from engine.core.dice import Dice
from engine.core.game import Scenario
from engine.core.sampling import copy_state
from engine.core.session import Session


def position(rules: BalerRules, scenario: Scenario, seed: int, actions: int) -> Session:
    """A game played by Easy on both sides for `actions` actions, then on to a real choice
    while the enemy holds cards in hand and deck."""
    session = Session(rules, scenario, seed)
    agents = {s: easy(s, seed) for s in rules.sides}

    def ready() -> bool:
        st = session.state
        enemy = Side(st.decision.player).enemy
        return (len(session.legal_actions()) >= 2 and bool(st.hands[enemy])
                and bool(st.decks[enemy]))

    while len(session.history) < actions or not ready():
        player = session.decision.player
        session.play(agents[player].choose(rules, session.state, session.legal_actions()))
    return session


def hidden_twin(st: BalerState, side: Side) -> BalerState:
    """The same position with everything `side` may not see changed: an enemy hand card
    swapped with one of the enemy deck, every deck reordered, other dice to come."""
    twin: BalerState = copy_state(st)
    enemy = side.enemy
    hand, deck = twin.hands[enemy], twin.decks[enemy]
    assert hand and deck
    hand[0], deck[-1] = deck[-1], hand[0]
    for pile in (twin.decks[side], twin.fow_decks[Side.SPANISH], twin.fow_decks[Side.PHILIPPINE],
                 twin.shared_deck):
        pile.reverse()
    twin.dice = Dice(987654)
    twin.dice.log = list(st.dice.log)
    return twin
