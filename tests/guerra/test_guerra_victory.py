"""Who wins (section 5): surrender, annihilation, 35 provinces, and the count after turn 16."""

from __future__ import annotations

import pytest
from guerra_kit import city, pass_turn, put, real_empty, real_start, start

from engine.core.actions import IllegalActionError
from guerra.rules.actions import Select, Stay, Surrender
from guerra.rules.counters import eliminate
from guerra.rules.data import Side
from guerra.rules.state import Phase, Where
from guerra.rules.victory import final_count, population_score


def two_armies():
    rules, state = start(real_empty())
    put(state, "nationalist_army", city(state, "burgos"))
    put(state, "republican_army", city(state, "madrid"), "republican")
    return rules, state


def test_35_provinces_at_the_end_of_a_turn_win():
    """Checklist: GUE-038."""
    rules, state = two_armies()
    for p in [p for p in state.data.provinces if p != "madrid"][:35]:
        state.status[p] = Side.NATIONALIST
    assert rules.result(state) is None          # only at the end of the turn
    pass_turn(rules, state)
    result = rules.result(state)
    assert result is not None and result.winner == "nationalist"
    assert result.reason.startswith("35 provinces")
    assert state.phase is Phase.OVER and rules.legal_actions(state) == []


def test_34_provinces_are_not_enough_and_disputed_ones_do_not_count():
    """Checklist: GUE-038."""
    rules, state = two_armies()
    others = [p for p in state.data.provinces if p != "madrid"]
    for p in others[:34]:
        state.status[p] = Side.NATIONALIST
    for p in others[34:]:
        state.status[p] = None
    pass_turn(rules, state)
    assert rules.result(state) is None


def test_total_annihilation_wins():
    """Checklist: GUE-037, GAP-GUE-21."""
    rules, state = real_start()
    for unit in list(state.units.values()):
        if unit.side is Side.REPUBLICAN and unit.kind.is_land and unit.where is Where.MAP:
            eliminate(state, unit, "test")
    pass_turn(rules, state)
    result = rules.result(state)
    assert result.winner == "nationalist" and "annihilated" in result.reason


def test_surrender_is_offered_at_the_start_of_a_movement_and_concedes():
    """Checklist: GUE-036, GAP-GUE-20."""
    rules, state = real_start()
    assert Surrender() in rules.legal_actions(state)
    rules.apply(state, Select(next(a.unit for a in rules.legal_actions(state)
                                   if isinstance(a, Select))))
    rules.apply(state, Stay())
    assert Surrender() not in rules.legal_actions(state)
    with pytest.raises(IllegalActionError):
        rules.apply(state, Surrender())
    rules2, state2 = real_start()
    rules2.apply(state2, Surrender())
    assert rules2.result(state2).winner == "republican"


def scored(nationalist_extra: int, tie_ends: bool = True):
    """A state at the end of turn 16 whose population scores differ by a chosen amount."""
    rules, state = start(real_empty(), tie_ends=tie_ends)
    put(state, "nationalist_army", city(state, "burgos"))
    put(state, "republican_army", city(state, "madrid"), "republican")
    state.turn = 16
    for p in state.data.provinces:
        state.status[p] = None
    state.status["madrid"] = Side.REPUBLICAN      # 13
    nat = [p for p in ("sevilla", "la_coruna", "burgos", "avila", "soria", "valladolid",
                       "zamora", "leon", "lugo", "orense", "pontevedra", "salamanca",
                       "palencia", "navarra", "logrono", "cadiz", "alava")]
    total = 0
    for p in nat:
        if total + state.data.provinces[p].population <= 13 + nationalist_extra:
            state.status[p] = Side.NATIONALIST
            total += state.data.provinces[p].population
    assert population_score(state, Side.NATIONALIST) - 13 == nationalist_extra
    return rules, state


def test_after_turn_16_more_than_30_points_apart_wins():
    """Checklist: GUE-039, GUE-040."""
    rules, state = scored(31)
    result = final_count(state)
    assert result.winner == "nationalist"
    assert result.scores == {"nationalist": 44, "republican": 13}


def test_after_turn_16_thirty_points_or_less_is_a_tie():
    """Checklist: GUE-041, GAP-GUE-22."""
    for extra in (30, 29, 0):
        rules, state = scored(extra)
        result = final_count(state)
        assert result is not None and result.winner is None


def test_a_tie_may_be_agreed_to_play_on():
    """Checklist: GUE-042, GAP-GUE-22."""
    rules, state = scored(10, tie_ends=False)
    assert final_count(state) is None
    state.phase = Phase.MOVEMENT
    pass_turn(rules, state)
    assert rules.result(state) is None and state.turn == 17


def test_the_game_lasts_16_turns():
    """Checklist: GUE-028."""
    rules, state = scored(0)
    pass_turn(rules, state)
    assert rules.result(state).winner is None and state.turn == 16
