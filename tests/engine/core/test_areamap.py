"""Area maps: a small church with guard posts in several areas, a box and a track off the map."""

from __future__ import annotations

import pytest

from engine.core.areamap import AreaMap, Space

SIDES = frozenset({"north", "east", "south", "west"})


def church() -> AreaMap:
    spaces = [
        Space("door", "Main door", frozenset({"west"}), "post"),
        Space("sacristy", "Sacristy", frozenset({"north", "east"}), "post"),
        Space("window", "South window", frozenset({"south"}), "post"),
        Space("tower", "Bell tower", SIDES, "post"),
        Space("yard", "Yard", frozenset(), "post"),
        Space("infirmary", "Infirmary", frozenset(), "box"),
        Space("turn", "Turn track", frozenset(), "track"),
    ]
    adjacency = [
        ("door", "tower"),
        ("tower", "sacristy"),
        ("sacristy", "window"),
        ("window", "door"),
        ("door", "yard"),
    ]
    return AreaMap(spaces, adjacency)


def test_bell_tower_in_all_four_areas() -> None:
    board = church()
    assert board.areas_of("tower") == SIDES
    for side in SIDES:
        assert board.space("tower") in board.spaces_in_area(side)
    assert set(board.areas) == SIDES


def test_space_lookup() -> None:
    board = church()
    assert board.space("door").name == "Main door"
    assert [s.id for s in board.spaces_in_area("east")] == ["sacristy", "tower"]
    with pytest.raises(KeyError, match="unknown space 'nave'"):
        board.space("nave")
    with pytest.raises(KeyError, match="unknown area 'roof'"):
        board.spaces_in_area("roof")


def test_adjacency_is_symmetric() -> None:
    board = church()
    for space in board.spaces:
        for other in board.neighbors(space.id):
            assert board.adjacent(other, space.id)
    assert board.neighbors("door") == ("tower", "window", "yard")
    assert not board.adjacent("door", "sacristy")


def test_boxes_are_the_unconnected_off_map_spaces() -> None:
    assert [s.id for s in church().boxes] == ["infirmary", "turn"]


def test_bad_adjacency_names_every_problem() -> None:
    spaces = [
        Space("a", "A", frozenset(), "post"),
        Space("b", "B", frozenset(), "post"),
        Space("a", "A again", frozenset(), "post"),
    ]
    with pytest.raises(ValueError) as raised:
        AreaMap(spaces, [("a", "x"), ("y", "z"), ("b", "b"), ("a", "b"), ("b", "a")])
    assert str(raised.value) == (
        "duplicate space id 'a'; "
        "adjacency ('a', 'x') names unknown space 'x'; "
        "adjacency ('y', 'z') names unknown space 'y' and 'z'; "
        "adjacency ('b', 'b') joins space 'b' to itself; "
        "adjacency ('b', 'a') is listed twice"
    )


def test_path_is_cheapest_route() -> None:
    board = church()
    assert board.path("yard", "sacristy") in (
        (["yard", "door", "tower", "sacristy"], 3),
        (["yard", "door", "window", "sacristy"], 3),
    )

    def no_tower(a: str, b: str) -> float | None:
        return None if b == "tower" else 2

    assert board.path("yard", "sacristy", no_tower) == (
        ["yard", "door", "window", "sacristy"],
        6,
    )
    assert board.path("yard", "infirmary") is None
    assert board.path("door", "door") == (["door"], 0)


def test_path_does_not_cross_a_stop_space() -> None:
    board = church()
    found = board.path("yard", "sacristy", stop=lambda s: s == "tower")
    assert found == (["yard", "door", "window", "sacristy"], 3)


def test_reachable_within_budget_and_stop() -> None:
    board = church()
    assert board.reachable("yard", 2) == {"yard": 0, "door": 1, "tower": 2, "window": 2}
    stopped = board.reachable("door", 5, stop=lambda s: s in {"tower", "window"})
    assert stopped == {"door": 0, "tower": 1, "window": 1, "yard": 1}
    # Leaving the start space is allowed even when it would stop a unit entering it.
    assert "tower" in board.reachable("door", 1, stop=lambda s: s == "door")
