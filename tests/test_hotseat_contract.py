"""What every game tells the hot-seat screen (engine `RulesExtras`, docs/hotseat.md) holds at every
position of seeded random games: a usable reaction is a legal answer other than the default and
exists only in a reaction window; a better one is usable; a forced answer is the only answer
left; a side said to hold no secrets sees exactly the public view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import plugins
from engine.ai.agent import without_concessions
from engine.core.session import Session
from engine.loading import load_game_scenario

GAMES = plugins.discover()
ACTIONS = 300


def _public(view: Any) -> Any:
    """A view without the name of its viewer (Guerra's view carries it)."""
    return {k: v for k, v in view.items() if k != "viewer"} if isinstance(view, dict) else view


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", (1, 2))
def test_the_screens_questions_are_answered_consistently(game: str, seed: int) -> None:
    plugin = GAMES[game]
    rules: Any = plugin.rules
    session = Session(rules, load_game_scenario(plugin), seed)
    rng = random.Random(seed)
    windows = 0
    for _ in range(ACTIONS):
        legal = session.legal_actions()
        if not legal:
            break
        state = session.state
        default = rules.reaction_default(state) if hasattr(rules, "reaction_default") else None
        usable = rules.usable_reactions(state) if hasattr(rules, "usable_reactions") else []
        better = rules.better_reactions(state) if hasattr(rules, "better_reactions") else []
        if default is None:
            assert usable == [] and better == []
        else:
            windows += 1
            assert default in legal
            assert all(a in legal and a != default for a in usable)
            assert set(better) <= set(usable)
        forced = rules.forced_answer(state) if hasattr(rules, "forced_answer") else None
        if forced is not None:
            assert without_concessions(legal) == [forced]
        if hasattr(rules, "holds_secrets"):
            for side in plugin.sides:
                if not rules.holds_secrets(state, side):
                    assert _public(rules.view(state, side)) == _public(rules.view(state, None))
                    assert [e.text for _, e in session.log(side)] == \
                        [e.text for _, e in session.log(None)]
        options = without_concessions(legal)
        session.play(options[rng.randrange(len(options))])
    if game in ("baler", "filipinas"):
        assert windows, "the playout met no reaction window to check"
