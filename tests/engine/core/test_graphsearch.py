"""The generic cheapest-route search, on small graphs written out by hand."""

from __future__ import annotations

import pytest

from engine.core.graphsearch import cheapest_path, reachable

# A ring of four towns with a costly shortcut across it:
#   a --1-- b
#   |       |
#   1       1
#   |       |
#   d --1-- c      plus a -- c at 5
ROADS = {
    ("a", "b"): 1,
    ("b", "c"): 1,
    ("c", "d"): 1,
    ("d", "a"): 1,
    ("a", "c"): 5,
}
LINKS: dict[str, list[str]] = {}
for x, y in ROADS:
    LINKS.setdefault(x, []).append(y)
    LINKS.setdefault(y, []).append(x)


def neighbors(town: str) -> list[str]:
    return LINKS[town]


def road(a: str, b: str) -> float | None:
    return ROADS.get((a, b), ROADS.get((b, a)))


def test_cheapest_path_takes_the_cheaper_way_round() -> None:
    assert cheapest_path("a", "c", neighbors, road) == (["a", "b", "c"], 2)


def test_ties_go_to_the_neighbour_listed_first() -> None:
    """a-b-c and a-d-c cost the same; b comes before d in a's neighbours."""
    for _ in range(3):
        assert cheapest_path("a", "c", neighbors, road) == (["a", "b", "c"], 2)
    assert cheapest_path("a", "c", lambda t: list(reversed(LINKS[t])), road) == (
        ["a", "d", "c"],
        2,
    )


def test_path_to_self_is_free_and_unreachable_goal_is_none() -> None:
    assert cheapest_path("a", "a", neighbors, road) == (["a"], 0)
    assert cheapest_path("a", "c", neighbors, lambda a, b: None) is None


def test_stop_node_ends_a_route_but_is_not_crossed() -> None:
    def zoc(town: str) -> bool:
        return town == "b"

    assert cheapest_path("a", "c", neighbors, road, stop=zoc) == (["a", "d", "c"], 2)
    assert cheapest_path("a", "b", neighbors, road, stop=zoc) == (["a", "b"], 1)
    assert cheapest_path("b", "c", neighbors, road, stop=zoc) == (["b", "c"], 1)


def test_heuristic_guides_without_changing_the_answer() -> None:
    """On a line of integers, distance to the goal never overestimates a cost of 1 a step."""

    def line(n: int) -> list[int]:
        return [m for m in (n - 1, n + 1) if -20 <= m <= 20]

    def step(a: int, b: int) -> float:
        return 1

    plain = cheapest_path(0, 7, line, step)
    guided = cheapest_path(0, 7, line, step, heuristic=lambda n: abs(7 - n))
    assert plain == guided == (list(range(8)), 7)


def test_reachable_respects_budget_and_stop() -> None:
    assert reachable("a", 1, neighbors, road) == {"a": 0, "b": 1, "d": 1}
    assert reachable("a", 5, neighbors, road) == {"a": 0, "b": 1, "c": 2, "d": 1}
    # In the order first found: a's neighbours are b, d (its roads' order), then c at 5.
    assert list(reachable("a", 5, neighbors, road)) == ["a", "b", "d", "c"]
    assert reachable("a", 5, neighbors, road, stop=lambda t: t in {"b", "d"}) == {
        "a": 0,
        "b": 1,
        "c": 5,
        "d": 1,
    }


def test_negative_cost_is_refused() -> None:
    with pytest.raises(ValueError, match="negative step cost -1 from 'a' to 'b'"):
        reachable("a", 3, neighbors, lambda a, b: -1)
    with pytest.raises(ValueError, match="negative step cost"):
        cheapest_path("a", "c", neighbors, lambda a, b: -1)
