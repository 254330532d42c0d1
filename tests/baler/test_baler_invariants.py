"""The invariants checked after every action of the soak and contract playouts fail on a broken
state, whichever way it is broken (the forbidden spaces are tested for the whole placement at
once, and walked counter by counter only to say which counter stands where it may not)."""

from __future__ import annotations

import pytest
from baler_fixtures import RULES, cleared

from baler.rules.state import BalerState

SOLDIER = "es-fabregat-fabregat"
GUN = "ph-artillery-1"


def _problems(st: BalerState) -> list[str]:
    return RULES.check_invariants(st)


def test_a_clean_board_passes() -> None:
    assert _problems(cleared()) == []


def test_a_counter_listed_on_a_space_it_is_not_located_on() -> None:
    st = cleared()
    st.at[st.loc[SOLDIER]].remove(SOLDIER)
    st.at["es-34-a1"].append(SOLDIER)
    assert any("listed on es-34-a1 but located on" in p for p in _problems(st))


def test_a_counter_listed_twice_or_lost() -> None:
    st = cleared()
    st.at["es-34-a1"].append(SOLDIER)
    assert any(f"{SOLDIER} appears 2 times" in p for p in _problems(st))
    st = cleared()
    st.at[st.loc[SOLDIER]].remove(SOLDIER)
    assert any(f"{SOLDIER} appears 0 times" in p for p in _problems(st))


def test_a_counter_that_is_none_of_the_game() -> None:
    st = cleared()
    st.at["es-bag"].append("es-nobody")
    assert any("es-nobody is listed but is no counter" in p for p in _problems(st))


def test_artillery_off_its_posts_and_a_closed_bed() -> None:
    st = cleared()
    st.place(GUN, "es-eliminated")
    assert _problems(st) == []
    st.place(GUN, "ph-eliminated")
    assert any(f"{GUN} is on ph-eliminated" in p for p in _problems(st))
    st.place(GUN, "tcm-1")
    assert any("on the territorial control map" in p for p in _problems(st))
    st = cleared()
    st.place(SOLDIER, "bed-5")
    assert any("bed-5 is closed but occupied" in p for p in _problems(st))


def test_an_incursion_centre_needs_an_incursion() -> None:
    st = cleared()
    st.place("ph-" + next(u[3:] for u in st.data.units if u.startswith("ph-")
                          and st.data.units[u].kind.value == "soldier"), "centre-a1")
    assert any("centre-a1 holds units outside an incursion" in p for p in _problems(st))


@pytest.mark.parametrize("space", ["es-34-a1", "tcm-2"])
def test_overstacking(space: str) -> None:
    st = cleared()
    side = "es-" if space.startswith("es-") else "ph-"
    units = [u for u, i in st.data.units.items()
             if u.startswith(side) and i.kind.value == "soldier"][:4]
    for u in units:
        st.place(u, space)
    assert any(f"{space} holds 4 counters" in p for p in _problems(st))


def test_tracks_and_cards() -> None:
    st = cleared()
    st.morale[next(iter(st.morale))] = 9
    assert any("morale is 9" in p for p in _problems(st))
    st = cleared()
    st.removed.append(next(iter(st.data.cards)))
    assert any("is in 2 places" in p for p in _problems(st))



def test_a_placement_changed_in_place_after_a_clean_check_is_checked_again() -> None:
    """The verdict on the placement last checked is reused only for an equal placement."""
    st = cleared()
    assert _problems(st) == [] and _problems(st) == []
    st.at["es-34-a1"].append(SOLDIER)
    assert any(f"{SOLDIER} appears 2 times" in p for p in _problems(st))
    st.at["es-34-a1"].remove(SOLDIER)
    assert _problems(st) == []
    st.beds_open = 2
    st.place(SOLDIER, "bed-3")
    assert any("bed-3 is closed but occupied" in p for p in _problems(st))
