"""Queries on the board: stacks, factors, Guerrilla status, control (4.2, 5.1.2, 6.6)."""

from __future__ import annotations

from filipinas.rules.setup import FILIPINO, SPAIN, USA, CounterDef
from filipinas.rules.state import FilState


def cdef(state: FilState, cid: str) -> CounterDef:
    return state.data.counters[cid]


def on_board(state: FilState, cid: str) -> bool:
    return cid in state.stack_of


def side_of(state: FilState, cid: str) -> str:
    return state.data.counters[cid].side


def cf(state: FilState, cid: str) -> int:
    """Printed CF of the side showing (4.2.1)."""
    values = state.data.counters[cid].cf
    return values[-1] if cid in state.reduced else values[0]


def defence_cf(state: FilState, cid: str) -> int:
    """CF when attacked: Protect the Fields and Search and Destroy brigades fight at 1
    (4.2.3.2, 4.2.3.4)."""
    value = cf(state, cid)
    p = state.data.params
    if cid in state.protect:
        return min(value, p.protect_cf)
    if cid in state.search:
        return min(value, p.search_cf)
    return value


def combat_units(state: FilState, cids: list[str]) -> list[str]:
    return [c for c in cids if not state.data.counters[c].leader]


def leaders(state: FilState, cids: list[str]) -> list[str]:
    return [c for c in cids if state.data.counters[c].leader]


def stacks_in(state: FilState, space: str, side: str | None = None) -> list[list[str]]:
    """The stacks in `space` (of `side`), each as its counters in counter order."""
    groups: dict[int, list[str]] = {}
    for cid, sid in state.stack_of.items():
        if state.loc[cid] == space and (side is None or state.data.counters[cid].side == side):
            groups.setdefault(sid, []).append(cid)
    order = state.data.order
    result = [sorted(g, key=order.__getitem__) for g in groups.values()]
    result.sort(key=lambda g: order[g[0]])
    return result


def all_stacks(state: FilState, side: str | None = None) -> list[list[str]]:
    groups: dict[int, list[str]] = {}
    for cid, sid in state.stack_of.items():
        if side is None or state.data.counters[cid].side == side:
            groups.setdefault(sid, []).append(cid)
    order = state.data.order
    result = [sorted(g, key=order.__getitem__) for g in groups.values()]
    result.sort(key=lambda g: order[g[0]])
    return result


def is_guerrilla(state: FilState, cid: str) -> bool:
    """A Filipino corps on its CF 1 step, the only combat unit of its stack (leaders do not
    count, GAP-FIL-14), neither entrenched nor on the Zapote Line (4.2.1, 6.14, 4.2.3.16)."""
    c = state.data.counters[cid]
    if c.faction != FILIPINO or c.kind != "corps" or cid not in state.stack_of:
        return False
    if cf(state, cid) != 1 or cid in state.entrenched or cid in state.zapote_defenders:
        return False
    return len(combat_units(state, state.members(cid))) == 1


def is_lone_leader(state: FilState, cid: str) -> bool:
    c = state.data.counters[cid]
    return c.leader and cid in state.stack_of and not combat_units(state, state.members(cid))


def province_of(state: FilState, space: str) -> str | None:
    s = state.data.spaces[space]
    if s.kind == "province":
        return space
    if s.kind == "city":
        return s.province
    return None


def friendly_city(state: FilState, side: str, city: str) -> bool:
    owner = state.city_owner.get(city, SPAIN)
    return owner == SPAIN if side == SPAIN else owner in (FILIPINO, USA)


def presence(state: FilState, province: str) -> tuple[bool, bool]:
    """(Spanish presence, Filipino/American presence) for control (5.1.2): combat units in the
    Province or its city (never on a Fortified Line, 6.13.2) and the city itself."""
    spa = fil = False
    city = state.data.city_of(province)
    for cid, _sid in state.stack_of.items():
        where = state.loc[cid]
        if where != province and where != city:
            continue
        c = state.data.counters[cid]
        if c.leader:
            continue
        if c.side == SPAIN:
            spa = True
        else:
            fil = True
    if city is not None:
        if friendly_city(state, SPAIN, city):
            spa = True
        else:
            fil = True
    return spa, fil


def control(state: FilState, province: str) -> str:
    """"spain", "filipino" or "partial" (5.1.2)."""
    spa, fil = presence(state, province)
    if not fil:
        return SPAIN
    return "partial" if spa else FILIPINO


def leader_present(state: FilState, side: str, space: str) -> bool:
    return any(state.loc[c] == space and state.data.counters[c].leader
               and state.data.counters[c].side == side for c in state.stack_of)


def leader_in_province(state: FilState, side: str, province: str) -> bool:
    """A leader of `side` deployed in the Province: in the Province space or in its city
    (the city lies in its Province; 4.2.2, 5.2, 6.1)."""
    city = state.data.city_of(province)
    return leader_present(state, side, province) or (
        city is not None and leader_present(state, side, city))


def captain_general_in_captaincy(state: FilState) -> bool:
    """A Spanish Captain General in the Captaincy of a Spanish Manila (4.2.2, 5.2)."""
    for s in state.data.spaces.values():
        if s.captaincy and friendly_city(state, SPAIN, s.id):
            for cid in state.stack_of:
                c = state.data.counters[cid]
                if state.loc[cid] == s.id and c.captain_general:
                    return True
    return False


def best_tf(state: FilState, units: list[str]) -> tuple[str, int]:
    """The best Tactical Factor among leaders stacked with `units` (one leader commands)."""
    best = ("", 0)
    seen: set[str] = set()
    for u in units:
        for m in state.members(u):
            if m in seen:
                continue
            seen.add(m)
            c = state.data.counters[m]
            if c.leader and c.tf > best[1]:
                best = (m, c.tf)
    return best


def fleets_at_sea(state: FilState, faction: str) -> list[str]:
    counters = state.data.counters
    return [c for c in state.stack_of if state.loc[c] == "sea"
            and counters[c].kind == "fleet" and counters[c].faction == faction]


def on_map_combat(state: FilState, side: str) -> list[str]:
    return [c for c in state.stack_of if not state.data.counters[c].leader
            and state.data.counters[c].side == side]


def strength(state: FilState, cids: list[str]) -> int:
    return sum(cf(state, c) for c in combat_units(state, cids))
