"""Provinces: own, enemy and "in dispute" (section 9), the control table (section 9.1) and the
zones of own provinces used by reinforcements and conversions (sections 10, 12).
"""

from __future__ import annotations

from engine.core.actions import Event
from engine.core.hexgrid import Hex
from guerra.rules.data import Side
from guerra.rules.events import ProvinceChanged
from guerra.rules.state import GuerraState


def status_name(status: Side | None) -> str:
    return "disputed" if status is None else status.value


def owner_of_ground(state: GuerraState, territory: str) -> Side | None:
    """The side that owns the ground of a territory for movement: a province's controller, or
    the side of a region (North Africa, GAP-GUE-28); None while in dispute."""
    if territory in state.status:
        return state.status[territory]
    return state.data.regions[territory].side


def owned(state: GuerraState, side: Side) -> list[str]:
    """The provinces `side` owns, in data order (disputed ones belong to nobody, section 9)."""
    return [p for p in state.data.provinces if state.status[p] is side]


def land_entered(state: GuerraState, side: Side, h: Hex) -> list[Event]:
    """A land counter of `side` now stands on `h`: an enemy province becomes disputed at once
    (sections 7 1a and 9)."""
    territory = state.data.board.territory.get(h)
    if territory is None or territory not in state.status:
        return []
    if state.status[territory] is side.enemy:
        state.status[territory] = None
        name = state.data.provinces[territory].name
        return [ProvinceChanged(f"{name} is now in dispute (section 9)", province=territory,
                                status="disputed")]
    return []


def update_control(state: GuerraState) -> list[Event]:
    """End of turn (section 14, step 9): a side holding the capital of a province that is not
    its own, with no enemy land counter elsewhere in it, takes the province (section 9,
    GAP-GUE-40). A side losing a province it owned books its morale and port factors as
    negative F.E.C. (section 11, GAP-GUE-51)."""
    events: list[Event] = []
    board = state.data.board
    for pid, province in state.data.provinces.items():
        capital = board.capitals[pid]
        holders = [state.units[u] for u in state.land_at.get(capital, ())]
        if not holders:
            continue
        side = holders[0].side
        if state.status[pid] is side or state.land_count[pid][side.enemy] > 0:
            continue
        previous = state.last_owner[pid]
        state.status[pid] = side
        state.last_owner[pid] = side
        events.append(ProvinceChanged(f"The {side.label} take {province.name} (section 9)",
                                      province=pid, status=side.value))
        if previous is side.enemy:
            state.fec_losses[previous] += province.morale + province.port
    return events


def zones(state: GuerraState, side: Side) -> list[tuple[str, ...]]:
    """Groups of own provinces joined by land through own provinces only (section 10: the
    imaginary line is broken by enemy and disputed provinces). Each zone keeps data order."""
    mine = set(owned(state, side))
    order = {p: i for i, p in enumerate(state.data.provinces)}
    neighbours = state.data.board.province_neighbours
    seen: set[str] = set()
    found: list[tuple[str, ...]] = []
    for start in owned(state, side):
        if start in seen:
            continue
        group = [start]
        seen.add(start)
        i = 0
        while i < len(group):
            for n in neighbours.get(group[i], ()):
                if n in mine and n not in seen:
                    seen.add(n)
                    group.append(n)
            i += 1
        found.append(tuple(sorted(group, key=order.__getitem__)))
    return found


def zone_of(state: GuerraState, side: Side, province: str) -> tuple[str, ...] | None:
    """The zone of own provinces that contains `province` (None if not own)."""
    for z in zones(state, side):
        if province in z:
            return z
    return None


def province_problems(state: GuerraState, counts: dict[str, dict[Side, int]],
                      strays: list[str]) -> list[str]:
    """Province states agree with the counters on the map (invariant of the issue): `counts`
    are the land counters of each territory as counted from the counters themselves, `strays`
    the problems of counters found on a hex with no province (guerra.rules.invariants counts
    both in its one pass over the counters)."""
    problems = list(strays)
    for t, by_side in counts.items():
        if by_side != state.land_count[t]:
            problems.append(f"land counts of {t} are {state.land_count[t]}, counted {by_side}")
        status = state.status.get(t)
        if t in state.status and status is not None and by_side[status.enemy] > 0:
            problems.append(f"{t} is {status.value} but holds enemy land counters")
        if t in state.data.regions and by_side[state.data.regions[t].side.enemy] > 0:
            problems.append(f"enemy land counters in {t}")
    return problems
