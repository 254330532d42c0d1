"""Boards made of named spaces instead of hexes: the guard posts of a church, the provinces of an
island, and the boxes and tracks printed around a map.

A space may belong to several areas at once (a bell tower overlooks every side of the church).
Spaces joined by an adjacency are neighbours; adjacency is undirected. Spaces are referred to by
their stable string ids everywhere outside this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.core import graphsearch

EdgeCost = Callable[[str, str], float | None]
"""Cost of moving from the first space to the adjacent second one; None means the move is
blocked. Costs must not be negative."""

StopRule = Callable[[str], bool]
"""True for a space a unit may enter but not leave in the same move."""

OFF_MAP_KINDS = frozenset({"box", "track"})
"""Kinds of space that, when joined to nothing, are printed off the map proper."""


@dataclass(frozen=True, slots=True)
class Space:
    """One space of an area map: its id, the name the rulebook prints, the areas it belongs to
    and its kind ("post", "box", "track", "province"...)."""

    id: str
    name: str
    areas: frozenset[str]
    kind: str


def _unit_cost(a: str, b: str) -> float:
    return 1


def _price(cost: EdgeCost | None) -> EdgeCost:
    """`cost` (1 per move if None), raising ValueError in this module's words when negative."""
    if not cost:
        return _unit_cost

    def checked(a: str, b: str) -> float | None:
        step = cost(a, b)
        if step is not None and step < 0:
            raise ValueError(f"negative move cost {step} from {a!r} to {b!r}")
        return step

    return checked


class AreaMap:
    """Spaces and the undirected adjacencies between them, with lookups and route search."""

    __slots__ = ("_spaces", "_adjacent", "_areas")

    def __init__(self, spaces: Iterable[Space], adjacency: Iterable[tuple[str, str]]) -> None:
        """Build the map; raises ValueError listing every duplicate space id, adjacency naming an
        unknown space, adjacency joining a space to itself and adjacency listed twice."""
        errors: list[str] = []
        self._spaces: dict[str, Space] = {}
        for space in spaces:
            if space.id in self._spaces:
                errors.append(f"duplicate space id {space.id!r}")
            else:
                self._spaces[space.id] = space
        self._adjacent: dict[str, list[str]] = {sid: [] for sid in self._spaces}
        seen: set[frozenset[str]] = set()
        for a, b in adjacency:
            unknown = [sid for sid in (a, b) if sid not in self._spaces]
            if unknown:
                names = " and ".join(repr(sid) for sid in dict.fromkeys(unknown))
                errors.append(f"adjacency ({a!r}, {b!r}) names unknown space {names}")
            elif a == b:
                errors.append(f"adjacency ({a!r}, {b!r}) joins space {a!r} to itself")
            elif frozenset((a, b)) in seen:
                errors.append(f"adjacency ({a!r}, {b!r}) is listed twice")
            else:
                seen.add(frozenset((a, b)))
                self._adjacent[a].append(b)
                self._adjacent[b].append(a)
        if errors:
            raise ValueError("; ".join(errors))
        # Areas keep the order in which the data first names them, so menus and tests are stable;
        # a space's own areas are sorted because a frozenset has no order of its own.
        areas: dict[str, list[Space]] = {}
        for space in self._spaces.values():
            for area in sorted(space.areas):
                areas.setdefault(area, []).append(space)
        self._areas = {area: tuple(members) for area, members in areas.items()}

    @property
    def spaces(self) -> tuple[Space, ...]:
        """Every space, in the order given."""
        return tuple(self._spaces.values())

    @property
    def areas(self) -> tuple[str, ...]:
        """Every area name, in order of the first space belonging to it."""
        return tuple(self._areas)

    @property
    def boxes(self) -> tuple[Space, ...]:
        """Off-map spaces: boxes and tracks that are adjacent to nothing."""
        return tuple(
            s for s in self._spaces.values() if s.kind in OFF_MAP_KINDS and not self._adjacent[s.id]
        )

    def space(self, space_id: str) -> Space:
        """The space with id `space_id`; KeyError if there is none."""
        try:
            return self._spaces[space_id]
        except KeyError:
            raise KeyError(f"unknown space {space_id!r}") from None

    def spaces_in_area(self, area: str) -> tuple[Space, ...]:
        """The spaces belonging to `area`, in the order given; KeyError for an unknown area."""
        try:
            return self._areas[area]
        except KeyError:
            raise KeyError(f"unknown area {area!r}") from None

    def areas_of(self, space_id: str) -> frozenset[str]:
        """The areas space `space_id` belongs to."""
        return self.space(space_id).areas

    def neighbors(self, space_id: str) -> tuple[str, ...]:
        """Ids of the spaces adjacent to `space_id`, in the order the adjacencies were given."""
        self.space(space_id)
        return tuple(self._adjacent[space_id])

    def adjacent(self, a: str, b: str) -> bool:
        """Whether spaces `a` and `b` are neighbours."""
        self.space(b)
        return b in self.neighbors(a)

    def path(
        self,
        start: str,
        goal: str,
        cost: EdgeCost | None = None,
        *,
        stop: StopRule | None = None,
    ) -> tuple[list[str], float] | None:
        """The cheapest route of space ids from `start` to `goal` and its cost, or None.

        `cost` prices each move (1 per move by default) and blocks with None; a space where
        `stop` is true may end the route but not be passed through, except the start.
        """
        self.space(goal)
        self.space(start)
        return graphsearch.cheapest_path(
            start, goal, self._adjacent.__getitem__, _price(cost), stop
        )

    def reachable(
        self,
        start: str,
        budget: float,
        cost: EdgeCost | None = None,
        stop: StopRule | None = None,
    ) -> dict[str, float]:
        """Every space reachable from `start` spending at most `budget`, with the least cost to
        reach it (`start` at 0); `cost` and `stop` work as in `path`."""
        self.space(start)
        return graphsearch.reachable(start, budget, self._adjacent.__getitem__, _price(cost), stop)
