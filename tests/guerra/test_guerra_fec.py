"""Extra combat factors, F.E.C. (section 11; step 4 of section 14)."""

from __future__ import annotations

from guerra_kit import city, pass_turn, put, real_empty, real_start, start

from guerra.rules.counters import eliminate
from guerra.rules.data import Side
from guerra.rules.events import FecChanged
from guerra.rules.fec import accounting, clamp, income, spend
from guerra.rules.provinces import update_control
from guerra.rules.state import Phase


def test_fec_start_at_zero_and_are_counted_from_turn_2_at_step_4():
    """Checklist: GUE-005, GUE-181, GUE-182."""
    rules, state = real_start(level="intermediate")
    assert state.fec == {Side.NATIONALIST: 0, Side.REPUBLICAN: 0}
    events = pass_turn(rules, state)
    assert not any(isinstance(e, FecChanged) for e in events)
    while state.phase in (Phase.POPULATION, Phase.FIXED):
        events = rules.apply(state, rules.legal_actions(state)[0])
    changes = [e for e in events if isinstance(e, FecChanged)]
    assert [c.side for c in changes] == ["nationalist", "republican"]
    economic, morale, port = income(state, Side.REPUBLICAN)
    assert state.fec[Side.REPUBLICAN] == economic + morale + port > 0


def test_fec_are_not_used_at_the_basic_level():
    """Checklist: GUE-029, GUE-180."""
    rules, state = real_start(level="basic")
    pass_turn(rules, state)
    while state.phase in (Phase.POPULATION, Phase.FIXED):
        rules.apply(state, rules.legal_actions(state)[0])
    assert state.fec == {Side.NATIONALIST: 0, Side.REPUBLICAN: 0}


def test_disputed_provinces_give_fec_to_nobody():
    """Checklist: GUE-183."""
    rules, state = start(real_empty())
    before = income(state, Side.NATIONALIST)
    state.status["burgos"] = None
    after = income(state, Side.NATIONALIST)
    assert before[1] - after[1] == state.data.provinces["burgos"].morale > 0


def test_example_losing_madrid_and_bilbao_costs_the_republicans_10():
    """Section 11: the Republicans lose Madrid (morale 5) and Bilbao (morale 2, port 3): 10
    F.E.C. are subtracted from them in that turn; if the Nationalists lose them later, the same
    points are subtracted from the Nationalists.

    Checklist: GUE-184, GUE-185, GUE-186, GUE-217, GAP-GUE-51, GAP-GUE-52.
    """
    rules, state = start(real_empty(), level="intermediate")
    state.turn = 5
    state.status["madrid"] = None
    state.status["vizcaya"] = None
    put(state, "nationalist_army", city(state, "madrid"))
    put(state, "nationalist_army", city(state, "bilbao"))
    update_control(state)
    assert state.status["madrid"] is state.status["vizcaya"] is Side.NATIONALIST
    assert state.fec_losses[Side.REPUBLICAN] == 10
    state.fec[Side.REPUBLICAN] = 40
    economic, morale, port = income(state, Side.REPUBLICAN)
    accounting(state)
    assert state.fec[Side.REPUBLICAN] == min(79, 40 + economic + morale + port - 10)
    assert state.fec_losses[Side.REPUBLICAN] == 0
    for cid in ("madrid", "bilbao"):
        eliminate(state, state.units[state.land_at[city(state, cid)][0]], "test")
        put(state, "republican_army", city(state, cid), "republican")
    assert state.status["madrid"] is None and state.status["vizcaya"] is None
    update_control(state)
    assert state.fec_losses[Side.NATIONALIST] == 10


def test_the_track_runs_from_minus_20_to_79():
    """Checklist: GUE-193, GAP-GUE-53."""
    rules, state = start(real_empty())
    assert clamp(state, 120) == 79 and clamp(state, -45) == -20
    state.fec[Side.REPUBLICAN] = 75
    accounting(state)
    assert state.fec[Side.REPUBLICAN] == 79
    state.fec[Side.NATIONALIST] = -15
    state.fec_losses[Side.NATIONALIST] = 40
    accounting(state)
    assert state.fec[Side.NATIONALIST] == -20


def test_spending_ten_moves_the_marker_back_ten_54_to_44():
    """Checklist: GUE-191."""
    rules, state = start(real_empty(), level="intermediate")
    state.fec[Side.NATIONALIST] = 54
    spend(state, Side.NATIONALIST)
    assert state.fec[Side.NATIONALIST] == 44


def test_unspent_and_negative_fec_carry_over():
    """Checklist: GUE-192, GAP-GUE-50."""
    rules, state = start(real_empty(), level="intermediate")
    state.fec[Side.NATIONALIST] = 30
    state.fec[Side.REPUBLICAN] = -5
    economic, morale, port = income(state, Side.NATIONALIST)
    r_income = sum(income(state, Side.REPUBLICAN))
    accounting(state)
    assert state.fec[Side.NATIONALIST] == 30 + economic + morale + port
    assert state.fec[Side.REPUBLICAN] == -5 + r_income
