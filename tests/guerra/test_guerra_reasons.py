"""The computer's reasons in La Guerra de España (guerra.ai.reasons) at real positions: each
reads as a sentence naming cities and provinces, never hex numbers or counter ids, with the
odds of a combat in words."""

from __future__ import annotations

import pytest
from reasoncheck import problems, walk

from engine.ai.reasons import Asked, tell
from engine.core.session import Session
from engine.loading import load_game_scenario
from guerra import PLUGIN
from guerra.ai import GuerraAgent
from guerra.ai.reasons import REASONS
from guerra.rules.actions import EndCombats, Resolve

RULES = PLUGIN.rules


@pytest.fixture(scope="module")
def scenario():
    return load_game_scenario(PLUGIN)


def ids(state) -> set[str]:
    data = state.data
    return {*state.units, *data.families, *data.provinces, *data.board.city_by_id,
            *data.regions}


def test_reasons_read_as_sentences_with_place_names(scenario):
    st = Session(RULES, scenario, 3).state
    found, lines = walk(PLUGIN, scenario, 3, 700, GuerraAgent, ids(st))
    assert not found, "\n".join(found[:20])
    assert len(lines) > 150
    joined = "\n".join(lines)
    for expected in ("Moves the ", " against ", "(section 8)", "looking ahead"):
        assert expected in joined
    assert any("in dispute (section 9)" in line for line in lines)


def combat_position(scenario, seed: int = 3) -> Session:
    """The first decision where the heuristics may roll a combat or end the combats."""
    session = Session(RULES, scenario, seed)
    players = {s: GuerraAgent(s, seed) for s in RULES.sides}
    while session.result() is None:
        legal = session.legal_actions()
        if any(isinstance(a, Resolve) for a in legal):
            return session
        session.play(players[session.decision.player].choose(RULES, session.state, legal))
    raise AssertionError("no combat in the game")


def test_a_roll_is_told_with_its_factors_and_odds_in_words(scenario):
    session = combat_position(scenario)
    st = session.state
    roll = next(a for a in session.legal_actions() if isinstance(a, Resolve))
    told = tell(REASONS, Asked(RULES, st, st.decision.player, roll))
    assert told.line.startswith("Rolls the attack at ")
    assert " against " in told.line and "(section 8)" in told.line
    assert any(w in told.line for w in ("in ", "even", "certain", "no chance"))
    assert not problems(told.line, ids(st))


def test_holding_back_names_the_best_attack_left_in_words(scenario):
    session = Session(RULES, scenario, 5)
    players = {s: GuerraAgent(s, 5) for s in RULES.sides}
    while session.result() is None:
        legal = session.legal_actions()
        st = session.state
        if EndCombats() in legal and len(legal) > 1:
            told = tell(REASONS, Asked(RULES, st, st.decision.player, EndCombats()))
            assert told.line.startswith("Holds back: no attack better than ")
            assert "to win (section 8)" in told.line and "%" not in told.line
            return
        session.play(players[st.decision.player].choose(RULES, st, legal))
    raise AssertionError("never a choice to hold back")
