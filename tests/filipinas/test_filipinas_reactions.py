"""`reaction_default`: in every reaction window the declining answer, legal; None elsewhere
(engine contract `RulesExtras`, 6.7, 6.8.3, 6.11, 6.13.3, 10.2). `usable_reactions` and
`better_reactions`: a counterattack is worth offering only when it can hit (6.7)."""

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


# --- usable answers (filipinas/rules/reactions.py) ---------------------------------------------

def _missed_attack_on_a_column(scenario):
    """A CF 2 corps attacks a Search and Destroy brigade (CF 1, 4.2.3.4) and rolls a 1: no hit,
    so the Spanish may counterattack (6.7), at CF 1 against 2."""
    s = empty_position(scenario, [1], ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps")
    s.search.add("marina")
    ready(s)
    play(s, A.Attack(("bulacan_corps",), "marina"))
    assert s.decision.kind == "counterattack" and s.decision.player == "spain"
    assert RULES.reaction_default(s) == A.Decline()
    return s


def test_a_counterattack_that_cannot_hit_is_no_usable_answer(scenario):
    """6.7's example: "There is no possibility of a counterattack" when even a 6 falls short.
    CF 1 against 2 is −1, a 6 makes 5, the hit needs 6, and the Spanish hand is empty: no card
    could add the missing point."""
    s = _missed_attack_on_a_column(scenario)
    assert A.Counterattack() in RULES.legal_actions(s)
    assert RULES.usable_reactions(s) == [] and RULES.better_reactions(s) == []


def test_a_counterattack_a_card_could_carry_to_a_hit_is_offered(scenario):
    """With one card in the Spanish hand it may be a +1 combat card (the other side cannot tell
    which): a 6 + 1 − 1 hits, so the counterattack is usable, and better than declining (it
    costs nothing and the attacker cannot answer it)."""
    s = _missed_attack_on_a_column(scenario)
    s.hands["spain"] = [next(c for c, d in s.data.cards.items() if d.deck == "spanish")]
    assert RULES.usable_reactions(s) == [A.Counterattack()]
    assert RULES.better_reactions(s) == [A.Counterattack()]


def test_other_decisions_are_no_reaction_windows(scenario):
    s = empty_position(scenario, ap=(5, 7))
    put(s, "bulacan", "bulacan_corps")
    ready(s)
    assert RULES.reaction_default(s) is None
    assert RULES.usable_reactions(s) == [] and RULES.better_reactions(s) == []
