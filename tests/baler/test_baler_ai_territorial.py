"""The computer in a combat on the territorial control map (rulebook "Combat on the territorial
control map"): only who has more successes counts, so a level of morale is spent on a die only
when a success more can still turn the outcome. Seen in a game against Normal (the Americans
arrive): the Philippine defence, one success against the United States' three, raised a 4 to a
5 for a level of morale and lost all the same."""

from __future__ import annotations

import pytest
from baler_fixtures import PH, RULES, cleared, place, run

from baler.ai import BalerAgent, easy
from baler.rules.actions import Done, ModifyDie
from baler.rules.state import BalerState
from baler.rules.tcm import TcmCombat


def us_attack(power: tuple[int, ...], philippine: tuple[int, ...]) -> BalerState:
    """Turn 4: the United States (strength 5) attack the Philippine stack (factors 3 + 2) on
    space 3 with `power`; the stack rolls `philippine` and, with morale 3, may spend it."""
    st = cleared()
    st.turn, st.power, st.power_space, st.us_strength = 4, "us", 4, 5
    place(st, {"ph-soldier-29": "tcm-3", "ph-soldier-17": "tcm-3"})
    st.morale[PH] = 3
    run(st, TcmCombat(attacker="power", from_space=4, target=3), rolls=(*power, *philippine))
    assert st.decision.player == PH.value and st.decision.kind == "modify-dice"
    return st


@pytest.mark.parametrize("agent", [BalerAgent, easy])
def test_no_morale_is_spent_when_a_success_more_still_loses(agent) -> None:
    # the US: three successes; the Philippines: none, one 4 (a success more: 1 against 3)
    st = us_attack((6, 2, 6, 5, 3), (3, 1, 1, 4, 2))
    legal = RULES.legal_actions(st)
    assert any(isinstance(a, ModifyDie) and a.source == "morale" for a in legal)
    assert agent(PH.value, 0).choose(RULES, st, legal) == Done()


@pytest.mark.parametrize("agent", [BalerAgent, easy])
def test_morale_is_spent_when_a_success_more_ties_and_saves_a_unit(agent) -> None:
    # the US: one success; the Philippines: none, one 4: raised to a 5 it ties (nobody lost)
    st = us_attack((6, 2, 1, 3, 3), (3, 1, 1, 4, 2))
    legal = RULES.legal_actions(st)
    chosen = agent(PH.value, 0).choose(RULES, st, legal)
    assert isinstance(chosen, ModifyDie) and chosen.how == "plus1" and chosen.index == 3
