"""The invariants checked after every action of the soak and contract playouts fail on a broken
state, whichever way it is broken, the per-cell land indexes of the movement searches
included."""

from __future__ import annotations

from guerra_kit import h, make_map, province, put, scenario, start

from guerra.rules.data import Side
from guerra.rules.invariants import check
from guerra.rules.state import GuerraState, Where

ROWS = ["aaaaaaaaaabbbbbbbbbb"] * 4


def game() -> GuerraState:
    cities = [("acity", 2, 1, 3, "own", True, False), ("bcity", 17, 1, 3, "enemy", True, False)]
    rules, state = start(scenario(make_map(ROWS, {"a": "own", "b": "enemy"}, cities),
                                  [province("own", "nationalist"),
                                   province("enemy", "republican")]))
    put(state, "nationalist_army", h(2, 1))
    put(state, "nationalist_army", h(2, 1))
    put(state, "republican_army", h(15, 2), "republican")
    assert rules.check_invariants(state) == []
    return state


def problems(state: GuerraState) -> list[str]:
    return check(state)


def test_a_counter_indexed_twice_or_not_at_its_hex() -> None:
    state = game()
    army = state.land_at[h(2, 1)][0]
    state.land_at[h(4, 2)] = [army]
    found = problems(state)
    assert any(f"{army} is indexed twice" in p for p in found)
    state = game()
    state.units[army].hex = h(5, 2)
    assert any(f"{army} is on the map but not indexed at its hex" in p for p in problems(state))


def test_both_sides_in_one_hex_and_a_lost_counter() -> None:
    state = game()
    enemy = state.land_at.pop(h(15, 2))[0]
    state.land_at[h(2, 1)].append(enemy)
    state.units[enemy].hex = h(2, 1)
    assert any("land counters of both sides" in p for p in problems(state))
    state = game()
    lost = next(u.id for u in state.units.values() if u.where is Where.POOL)
    del state.units[lost]
    assert any("counters instead of" in p for p in problems(state))


def test_the_province_counts_and_the_per_cell_indexes_follow_the_counters() -> None:
    state = game()
    state.land_count["own"][Side.NATIONALIST] += 1
    assert any("land counts of own" in p for p in problems(state))
    index = state.data.board.index
    state = game()
    state.land_cells[index[h(2, 1)]] = 1
    assert problems(state) == ["the land counters counted per cell disagree with the map"]
    state = game()
    state.land_cells[index[h(8, 0)]] = 1
    assert problems(state) == ["the land counters counted per cell disagree with the map"]
    state = game()
    state.land_side[index[h(15, 2)]] = Side.NATIONALIST
    assert problems(state) == ["the side of the land counters per cell disagrees with the map"]
    state = game()
    state.land_side[index[h(9, 3)]] = Side.REPUBLICAN
    assert problems(state) == ["the side of the land counters per cell disagrees with the map"]


def test_an_enemy_counter_in_an_owned_province_and_the_fec_track() -> None:
    state = game()
    state.status["enemy"] = Side.NATIONALIST
    assert any("enemy is nationalist but holds enemy land counters" in p
               for p in problems(state))
    state = game()
    state.fec[Side.REPUBLICAN] = state.data.fec_max + 1
    assert any("F.E.C." in p for p in problems(state))


def test_a_counter_aboard_nothing() -> None:
    state = game()
    army = state.land_at.pop(h(15, 2))[0]
    unit = state.units[army]
    unit.where, unit.hex, unit.carrier = Where.ABOARD, None, "nobody"
    state.land_cells[state.data.board.index[h(15, 2)]] = 0
    state.land_side[state.data.board.index[h(15, 2)]] = None
    state.land_count["enemy"][Side.REPUBLICAN] -= 1
    assert problems(state) == [f"{army} is aboard but its naval counter does not carry it"]


def test_a_counter_commanded_by_the_other_side() -> None:
    state = game()
    army = state.land_at[h(15, 2)][0]
    state.units[army].player = "nationalist"
    assert problems(state) == [f"{army} is commanded by nationalist, not a seat of its side"]
