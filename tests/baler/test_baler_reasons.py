"""The computer's reasons in Heroes of Baler (baler.ai.reasons) at real positions: sentences
naming units, posts and areas as printed, never ids; the initiative card laid face down is never
named, by the line or by its detail."""

from __future__ import annotations

from baler_fixtures import RULES, scenario
from reasoncheck import figures, problems, walk

from baler import PLUGIN
from baler.ai import BalerAgent
from baler.ai.reasons import REASONS
from baler.rules.actions import ModifyDie, PlayCard
from baler.rules.state import Side
from engine.ai.reasons import Asked, tell
from engine.core.session import Session


def ids(state) -> set[str]:
    data = state.data
    return {i for i in (*data.units, *data.names, *data.cards) if len(i) > 2}


def test_reasons_read_as_sentences_with_the_printed_names():
    sc = scenario()
    st = Session(RULES, sc, 4).state
    found, lines = walk(PLUGIN, sc, 4, 400, BalerAgent, ids(st))
    assert not found, "\n".join(found[:20])
    assert len(lines) > 100
    joined = "\n".join(lines)
    for expected in ("as an event", "Moves ", "firepower", " AP)", "looking ahead"):
        assert expected in joined
    # a card's "Your supply +1" is told by the side's name, as the log reads to both players
    assert "Your " not in joined and "Enemy " not in joined and " your " not in joined
    assert "Spanish morale +" in joined or "Philippine morale +" in joined or \
        "Spanish supply +" in joined or "Philippine supply +" in joined


def first(session: Session, kind: str, agents) -> Session:  # type: ignore[no-untyped-def]
    while session.decision.kind != kind or len(session.legal_actions()) < 2:
        st = session.state
        session.play(agents[st.decision.player].choose(RULES, st, session.legal_actions()))
    return session


def test_the_initiative_card_laid_face_down_is_never_named():
    session = Session(RULES, scenario(), 6)
    agents = {s: BalerAgent(s, 6) for s in RULES.sides}
    first(session, "initiative-card", agents)
    st = session.state
    side = st.decision.player
    legal = session.legal_actions()
    titles = [st.data.cards[c].title for c in st.hands[Side(side)]]
    assert len(titles) >= 2
    for action in legal:
        assert isinstance(action, PlayCard)
        told = tell(REASONS, Asked(RULES, st, side, action, values=figures(legal, action),
                                   level="normal"))
        assert told.line == "Lays its initiative card face down"
        for title in titles:
            assert title not in told.line and title not in told.detail


def test_a_die_modified_is_told_by_what_it_becomes():
    session = Session(RULES, scenario(), 2)
    agents = {s: BalerAgent(s, 2) for s in RULES.sides}
    while True:
        first(session, "modify-dice", agents)
        plus = [a for a in session.legal_actions()
                if isinstance(a, ModifyDie) and a.how == "plus1"]
        st = session.state
        lines = [tell(REASONS, Asked(RULES, st, st.decision.player, a)).line for a in plus]
        if any(" becomes " in line for line in lines):
            break
        session.play(agents[st.decision.player].choose(RULES, st, session.legal_actions()))
    told = next(line for line in lines if " becomes " in line)
    assert told.startswith("Adds 1 to die ")
    assert any(w in told for w in ("a miss becomes", "an injury becomes", "becomes a"))
    assert not problems(told, ids(st))
