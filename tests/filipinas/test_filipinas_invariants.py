"""The invariants checked after every action of the soak and contract playouts fail on a broken
state, and a board changed in place after a clean check is checked again (the verdict on the
board last checked is reused only for an equal board)."""

from __future__ import annotations

from helpers import RULES, empty_position, put


def test_a_counter_in_an_unknown_place_or_split_from_its_stack(scenario) -> None:
    state = empty_position(scenario)
    put(state, "tarlac", "cavite_corps", "batangas_corps")
    assert RULES.check_invariants(state) == []
    state.loc["batangas_corps"] = "pampanga"
    assert any("spans several spaces" in p for p in RULES.check_invariants(state))
    state.loc["batangas_corps"] = "tarlac"
    assert RULES.check_invariants(state) == []
    state.stack_of.pop("batangas_corps")
    assert any("belong to a stack" in p for p in RULES.check_invariants(state))


def test_the_moros_stay_in_mindanao_and_fleets_at_sea(scenario) -> None:
    state = empty_position(scenario)
    put(state, "mindanao", "moros")
    assert RULES.check_invariants(state) == []
    put(state, "tarlac", "moros")
    assert "the Moros left Mindanao" in RULES.check_invariants(state)


def test_tracks_and_cards(scenario) -> None:
    state = empty_position(scenario)
    state.morale = 99
    assert any("Spanish Morale 99" in p for p in RULES.check_invariants(state))
    state = empty_position(scenario)
    state.out.append(state.decks[next(iter(state.decks))][0])
    assert "cards were lost or duplicated" in RULES.check_invariants(state)
