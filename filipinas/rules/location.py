"""Locating Guerrillas and lone leaders with the Guerrilla Location Table (6.6, 4.2.1)."""

from __future__ import annotations

from engine.core.actions import DiceRolled, Event, Message
from filipinas.rules.board import cdef, cf
from filipinas.rules.state import FilState


def columns(state: FilState, units: list[str]) -> list[tuple[str, int, bool]]:
    """The searching columns as (brigade, column CF, in Search and Destroy): a brigade in
    Search and Destroy searches as one CF 1 column per CF (6.9.2); any other group searches
    once with its whole CF (6.6, literal reading, FIL-207)."""
    cols: list[tuple[str, int, bool]] = []
    regular = [u for u in units if u not in state.search]
    for u in units:
        if u in state.search:
            cols.extend((u, 1, True) for _ in range(cf(state, u)))
    if regular:
        cols.append((regular[0], sum(cf(state, u) for u in regular), False))
    return cols


def roll_modifiers(state: FilState, target: str, column_cf: int, search: bool,
                   target_cf: int) -> list[tuple[str, int]]:
    """+1 Target marker, +1 Search and Destroy, +1 column CF equal to or lower than the
    target's (6.6, GAP-FIL-04)."""
    p = state.data.params
    mods: list[tuple[str, int]] = []
    if target in state.targets:
        mods.append(("Target", p.locate_target))
    if search:
        mods.append(("Search and Destroy", p.locate_search))
    if column_cf <= target_cf:
        mods.append(("column CF not above the Guerrilla's", p.locate_equal))
    return mods


def locate_guerrilla(state: FilState, units: list[str], target: str,
                     events: list[Event]) -> tuple[int, list[str]]:
    """Roll once per column; returns the CF of the columns that located the Guerrilla and the
    brigades they belong to. A located Guerrilla receives a Target marker (6.6)."""
    p = state.data.params
    located = 0
    who: list[str] = []
    target_cf = cf(state, target)
    cols = columns(state, units)
    values: list[int] = []
    parts: list[str] = []
    for brigade, column_cf, search in cols:
        mods = roll_modifiers(state, target, column_cf, search, target_cf)
        roll = state.dice.roll_one(purpose="location")
        total = roll + sum(v for _, v in mods)
        values.append(roll)
        ok = total >= p.locate_on
        parts.append(f"{roll}{sum(v for _, v in mods):+d}={total}{' located' if ok else ''}")
        if ok:
            located += column_cf
            if brigade not in who:
                who.append(brigade)
    events.append(DiceRolled(f"Location of {cdef(state, target).name}: " + ", ".join(parts),
                             values=tuple(values), purpose="the location of the Guerrilla"))
    if located:
        state.targets.add(target)
        events.append(Message(f"{cdef(state, target).name} is located by {located} column(s)"))
    else:
        events.append(Message(f"{cdef(state, target).name} is not located"))
    return located, who


def locate_lone_leader(state: FilState, units: list[str], leader: str,
                       events: list[Event]) -> bool:
    """Two rolls against a lone Filipino leader of strength 0; either success finds him
    (4.2.1, GAP-FIL-16)."""
    p = state.data.params
    search = any(u in state.search for u in units)
    column_cf = p.search_cf if search else sum(cf(state, u) for u in units)
    mods = roll_modifiers(state, leader, column_cf, search, p.lone_leader_cf)
    rolls = state.dice.roll(p.lone_leader_rolls, purpose="location")
    bonus = sum(v for _, v in mods)
    ok = any(r + bonus >= p.locate_on for r in rolls)
    events.append(DiceRolled(
        f"Search for {cdef(state, leader).name}: {', '.join(str(r) for r in rolls)} "
        f"({bonus:+d}): {'found' if ok else 'not found'}", values=rolls,
        purpose="the location of the leader"))
    return ok
