"""The computer's reasons in Filipinas (filipinas.reasons) at real positions: sentences naming
Provinces, counters and played cards as printed, never ids; the cards still in hand are named
neither by the line nor by its detail, and a plunder says what it costs Spain."""

from __future__ import annotations

from reasoncheck import figures, problems, walk

from engine.ai.reasons import Asked, tell
from engine.core.session import Session
from engine.loading import load_game_scenario
from filipinas import PLUGIN
from filipinas.ai import FilipinasAgent
from filipinas.reasons import REASONS
from filipinas.rules import actions as A

RULES = PLUGIN.rules


WORDS = {"sea"}
"""Ids that are also words of the reasons' English: "by sea" (coastal transport, 6.3.1) and
the reserve squadron "at sea"; the space itself is printed "Sea of the Philippines"."""


def ids(state) -> set[str]:
    data = state.data
    return {*data.counters, *data.spaces, *data.cards} - WORDS


def test_reasons_read_as_sentences_with_the_printed_names():
    sc = load_game_scenario(PLUGIN)
    st = Session(RULES, sc, 5).state
    lines = []
    for seed in (5, 6):  # two games, so that every kind of line below is met
        found, said = walk(PLUGIN, sc, seed, 300, FilipinasAgent, ids(st), per_decision=8)
        assert not found, "\n".join(found[:20])
        lines += said
    assert len(lines) > 60
    joined = "\n".join(lines)
    for expected in ("Plunders ", "Spanish Morale −1", "(6.11)", "Moves ", "Plays '",
                     "looking ahead"):
        assert expected in joined


def played_until(kind: type, seed: int = 5) -> Session:
    """Easy on both sides from the start until an action of `kind` is legal."""
    session = Session(RULES, load_game_scenario(PLUGIN), seed)
    agents = {s: FilipinasAgent(s, seed) for s in RULES.sides}
    while not any(isinstance(a, kind) for a in session.legal_actions()):
        st = session.state
        session.play(agents[st.decision.player].choose(RULES, st, session.legal_actions()))
    return session


def test_a_plunder_is_told_with_its_province_and_what_it_costs_spain():
    session = played_until(A.Plunder)
    st = session.state
    legal = session.legal_actions()
    plunder = next(a for a in legal if isinstance(a, A.Plunder))
    told = tell(REASONS, Asked(RULES, st, st.decision.player, plunder,
                               values=figures(legal, plunder), level="normal"))
    province = st.data.spaces[st.loc[plunder.unit]].name
    assert told.line.startswith(f"Plunders {province} with ")
    assert "Spanish Morale −1" in told.line and "(6.11)" in told.line
    # the round is a private decision: the other answers, the cards in hand among them, are
    # not named in the detail
    for card in st.hands[st.decision.player]:
        assert st.data.cards[card].name not in told.detail
    assert "not named" in told.detail
    assert not problems(told.line, ids(st))


def test_a_trade_of_two_cards_names_neither_card():
    session = played_until(A.TradeCards)
    st = session.state
    trade = next(a for a in session.legal_actions() if isinstance(a, A.TradeCards))
    told = tell(REASONS, Asked(RULES, st, st.decision.player, trade))
    assert told.line.startswith("Trades two cards for 1 AP")
    for card in (trade.first, trade.second):
        assert st.data.cards[card].name not in told.line
