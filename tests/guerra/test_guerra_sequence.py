"""The sequence of play (section 14) and the seats of 2-4 players (sections 3 and 4)."""

from __future__ import annotations

from guerra_kit import city, pass_turn, put, real_empty, real_start, start

from engine.core.actions import PhaseStarted, TurnEnded
from guerra.rules import GuerraRules
from guerra.rules.actions import EndMovement
from guerra.rules.data import Side
from guerra.rules.state import Phase


def phases(events):
    return [e.phase for e in events if isinstance(e, PhaseStarted)]


def play_turn(rules, state):
    """Pass a whole turn, taking the first choice where a placement is due."""
    return pass_turn(rules, state)


def test_turn_1_is_movement_and_combat_of_each_side_then_control():
    """Checklist: GUE-027, GUE-032, GUE-212, GUE-213, GAP-GUE-45."""
    rules, state = real_start(first=Side.REPUBLICAN)
    assert state.decision.player == "republican"
    events = play_turn(rules, state)
    assert phases(events)[:4] == ["combat", "movement", "combat", "readaptation"]
    assert [e.turn for e in events if isinstance(e, TurnEnded)] == [1]


def test_later_turns_follow_the_nine_steps_of_section_14():
    """Checklist: GUE-095, GUE-165, GUE-214, GUE-215, GUE-216, GUE-218, GUE-220."""
    rules, state = start(real_empty(), level="advanced")
    put(state, "nationalist_garrison", city(state, "burgos"))
    put(state, "nationalist_garrison", city(state, "soria"))
    put(state, "republican_army", city(state, "madrid"), "republican")
    events = play_turn(rules, state) + play_turn(rules, state) + play_turn(rules, state)
    ends = [i for i, e in enumerate(events) if isinstance(e, TurnEnded)]
    turn_2 = phases(events[ends[0]:ends[1]])
    assert turn_2 == [
        "turn", "population_reinforcements", "fixed_reinforcements", "fec", "weather",
        "movement", "combat", "movement", "combat", "readaptation"]
    turn_3 = phases(events[ends[1]:ends[2]])
    assert turn_3[:5] == [
        "turn", "population_reinforcements", "fixed_reinforcements", "conversion", "fec"]


def test_the_first_player_moves_first_in_every_turn():
    """Checklist: GUE-035, GUE-219."""
    rules, state = real_start(first=Side.REPUBLICAN)
    for _ in range(3):
        play_turn(rules, state)
        while state.phase is not Phase.MOVEMENT:
            rules.apply(state, rules.legal_actions(state)[0])
        assert state.decision.player == "republican"


def test_four_players_move_sector_by_sector_then_fight():
    """Checklist: GUE-026, GAP-GUE-19."""
    rules, state = real_start(nationalists=2, republicans=2)
    order = []
    while state.turn == 1:
        decision = state.decision
        if decision.kind == "movement":
            order.append(decision.player)
            rules.apply(state, EndMovement())
        else:
            order.append(f"{decision.player}:{decision.kind}")
            legal = rules.legal_actions(state)
            passing = [a for a in legal if type(a).__name__ in ("EndCombats", "EndReadaptation")]
            rules.apply(state, passing[0] if passing else legal[0])
    assert order[:2] == ["nationalist", "nationalist_2"]
    assert order.index("republican") > 1 and order.index("republican_2") > order.index(
        "republican")


def test_seats_and_sides_of_the_rules():
    """Checklist: GUE-024."""
    rules = GuerraRules()
    assert rules.sides == ("nationalist", "republican", "nationalist_2", "republican_2")
    assert rules.side_of("republican_2") == "republican"
    _, state = real_start(nationalists=2, republicans=1)
    assert rules.seats(state) == ("nationalist", "nationalist_2", "republican")
