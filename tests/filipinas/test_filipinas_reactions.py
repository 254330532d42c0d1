"""`reaction_default`: in every reaction window the declining answer, legal; None elsewhere
(engine contract `RulesExtras`, 6.7, 6.8.3, 6.11, 6.13.3, 10.2)."""

from __future__ import annotations

import random

from helpers import RULES, empty_position, play, put, ready

from filipinas.rules import actions as A
from filipinas.rules.state import Kind

WINDOWS = {"combat_cards", "counterattack", "cancel", "response", "intercept", "zapote"}


def test_every_reaction_window_declines_and_nothing_else_does(scenario):
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        s = RULES.new_game(scenario, seed)
        while RULES.result(s) is None:
            legal = RULES.legal_actions(s)
            default = RULES.reaction_default(s)
            kind = s.decision.kind
            if kind in WINDOWS:
                seen.add(kind)
                assert default == A.Decline() and default in legal
            else:
                assert default is None, kind
            RULES.apply(s, rng.choice(legal))
        assert RULES.reaction_default(s) is None
    assert {"combat_cards", "counterattack"} <= seen


def test_a_counterattack_window_declines(scenario):
    """6.7: after a miss the attacked side may counterattack; the default lets it pass."""
    s = empty_position(scenario, [1], ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps")
    ready(s)
    play(s, A.Attack(("bulacan_corps",), "marina"))
    assert s.pending[-1].kind == Kind.COUNTERATTACK
    assert RULES.reaction_default(s) == A.Decline()
    play(s, RULES.reaction_default(s))
    assert not s.pending and s.decision.kind == "round"  # the Filipino round goes on


def test_discard_and_round_are_real_choices(scenario):
    """6.13: a discard over the hand limit has no default; neither has a round."""
    s = empty_position(scenario, ap=(5, 7))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    ready(s)
    assert RULES.reaction_default(s) is None
    deck = s.decks["filipino"]
    s.hands["filipino"] = [deck.pop() for _ in range(6)]
    ready(s)
    assert s.pending[-1].kind == Kind.DISCARD
    assert RULES.reaction_default(s) is None
