"""Losses, leaders left alone, Morale, recruitment, reinforcements and repatriation
(4.2.1, 4.2.2.1, 4.2.3.13, 6.1, 6.2)."""

from __future__ import annotations

from engine.core.actions import DiceRolled, Event, Message
from filipinas.rules.board import (
    cdef,
    cf,
    combat_units,
    leader_in_province,
    leaders,
    province_of,
)
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState, Kind, Prompt


def adjust_morale(state: FilState, delta: int, reason: str, events: list[Event]) -> None:
    """Move the Spanish Morale marker, kept within its track (4.2.3.13, GAP-FIL-09)."""
    if delta == 0:
        return
    p = state.data.params
    before = state.morale
    state.morale = max(p.morale_min, min(p.morale_max, state.morale + delta))
    events.append(Message(track_change("Spanish Morale", before, state.morale, reason)))


def track_change(track: str, before: int, after: int, reason: str) -> str:
    """The log line of a track move; a marker held at the end of its track stays there."""
    if before == after:
        return f"{track} stays at {after} ({reason}: the track is at its limit)"
    return f"{track} {before} → {after} ({reason})"


def box_for(state: FilState, cid: str) -> str:
    """Where a destroyed counter goes: Filipino corps to their Troops box, everything else to
    the Graveyard (4.2.1, 4.3)."""
    c = cdef(state, cid)
    if c.faction == FILIPINO and not c.leader:
        return "filipino_troops"
    return "graveyard"


def transfer_artillery(state: FilState, leaving: str) -> None:
    """The Artillery follows its stack; with no Filipino counter left it goes to the Filipino
    Troops box (4.2.3.8)."""
    if state.artillery != "in_play" or state.artillery_holder != leaving:
        return
    rest = [m for m in state.members(leaving) if m != leaving
            and cdef(state, m).faction == FILIPINO]
    if rest and leaving in state.stack_of:
        rest.sort(key=lambda m: (not cdef(state, m).leader, state.data.order[m]))
        state.artillery_holder = rest[0]
    else:
        state.artillery = "lost"
        state.artillery_holder = ""


def remove_counter(state: FilState, cid: str, box: str) -> None:
    """Take a counter off the board, passing on the Artillery and a Target it carried."""
    c = cdef(state, cid)
    if c.faction == FILIPINO and not c.leader and cid in state.targets:
        for m in leaders(state, state.members(cid)):
            if cdef(state, m).faction == FILIPINO:
                state.targets.add(m)  # the Target stays with the leader (4.2.1)
    transfer_artillery(state, cid)
    state.take_off(cid, box)


def kill_leader(state: FilState, cid: str, events: list[Event], why: str) -> None:
    """A dead leader goes to the Graveyard (4.2.2.1); Bonifacio's or Aguinaldo's death frees
    the Magdiwan (4.2.1)."""
    remove_counter(state, cid, "graveyard")
    events.append(Message(f"{cdef(state, cid).name} dies ({why})"))


def apply_hit(state: FilState, cid: str, events: list[Event]) -> bool:
    """One hit: a CF 2 counter flips, a CF 1 counter is destroyed (4.2.1). True if destroyed."""
    c = cdef(state, cid)
    if len(c.cf) == 2 and cid not in state.reduced:
        state.reduced.add(cid)
        events.append(Message(f"{c.name} loses a step (CF {c.cf[0]} → {c.cf[1]})"))
        return False
    box = box_for(state, cid)
    events.append(Message(f"{c.name} is destroyed ({state.data.spaces[box].name})"))
    remove_counter(state, cid, box)
    return True


def strongest(state: FilState, units: list[str]) -> str:
    """The unit of a stack that takes its hit: the highest CF (GAP-FIL-43)."""
    return max(units, key=lambda u: (cf(state, u), -state.data.order[u]))


def leaders_left_alone(state: FilState, stack_leaders: list[str], events: list[Event]) -> None:
    """Spanish leaders and Merritt left without troops fall back (4.2.2.1); Filipino leaders
    stay as lone leaders; the Baler marker goes when only a leader is left (4.2.3.15)."""
    for ld in stack_leaders:
        if ld not in state.stack_of or combat_units(state, state.members(ld)):
            continue
        state.baler.discard(ld)
        c = cdef(state, ld)
        if c.side == SPAIN or ld == "merritt":
            if relocation_choices(state, ld):
                state.pending.insert(0, Prompt(Kind.RELOCATE, c.side, leader=ld))
            else:
                kill_leader(state, ld, events, "no stack or friendly city to fall back on")
                delta = -state.data.params.morale_leader if c.side == SPAIN \
                    else state.data.params.morale_leader
                adjust_morale(state, delta, f"{c.name} lost", events)


def relocation_choices(state: FilState, ld: str) -> list[tuple[str, str | None]]:
    """The nearest stacks of the leader's side (with troops) and friendly cities (4.2.2.1)."""
    from filipinas.rules.board import friendly_city, stacks_in

    c = cdef(state, ld)
    here = state.loc[ld]
    board = state.data.board
    options: list[tuple[int, str, str | None]] = []
    for space in state.data.spaces.values():
        if space.kind in ("box",) or space.id == here:
            continue
        found: list[str | None] = []
        for stack in stacks_in(state, space.id, c.side):
            units = combat_units(state, stack)
            if units and (c.faction != USA or cdef(state, units[0]).faction == USA):
                found.append(stack[0])
        if space.kind == "city" and friendly_city(state, c.side, space.id):
            found.append(None)
        if not found:
            continue
        route = board.path(here, space.id)
        dist = int(route[1]) if route else 99
        options.extend((dist, space.id, j) for j in found)
    if not options:
        return []
    nearest = min(o[0] for o in options)
    return [(s, j) for d, s, j in options if d == nearest]


# --- 6.1 Recruitment ---------------------------------------------------------------------------

def recruit_modifier(state: FilState, side: str, space: str) -> list[tuple[str, int]]:
    """The recruitment modifiers of 6.1, each with its reason."""
    p = state.data.params
    mods: list[tuple[str, int]] = []
    if side == SPAIN:
        if state.morale >= p.recruit_spanish_morale:
            mods.append((f"Spanish Morale {state.morale}", p.recruit_mod))
        return mods
    if state.morale <= p.recruit_filipino_morale:
        mods.append((f"Spanish Morale {state.morale}", p.recruit_mod))
    if state.us_at_war:
        mods.append(("United States at war", p.recruit_mod))
    if space == p.recruit_bonus_space:
        mods.append(("recruiting in Cavite", p.recruit_mod))
    if leader_in_province(state, FILIPINO, space):
        mods.append(("leader in the Province", p.recruit_mod))
    return mods


def recruit(state: FilState, side: str, space: str, unit: str, events: list[Event],
            extra: int = 0) -> bool:
    """Roll for a recruitment named in `space` (6.1); True on success."""
    p = state.data.params
    mods = recruit_modifier(state, side, space)
    if extra:
        mods.append(("card", extra))
    total_mod = sum(v for _, v in mods)
    roll = state.dice.roll_one(purpose="recruitment")
    text = ", ".join(f"{r} {v:+d}" for r, v in mods) or "no modifier"
    ok = roll + total_mod >= p.recruit_on
    events.append(DiceRolled(f"Recruitment in {state.data.spaces[space].name}: {roll} "
                             f"({text}) = {roll + total_mod}: {'success' if ok else 'failure'}",
                             values=(roll,), purpose="the recruitment"))
    if not ok:
        return False
    name = cdef(state, unit).name
    if unit in state.stack_of:
        state.reduced.discard(unit)
        events.append(Message(f"{name} is brought back to full strength"))
    else:
        state.place(unit, space)
        if len(cdef(state, unit).cf) == 2:
            state.reduced.add(unit)
        events.append(Message(f"{name} takes the field in {state.data.spaces[space].name}"))
    if side == FILIPINO:
        state.targets.add(unit)
    return True


# --- 6.2 Reinforcements and repatriation -------------------------------------------------------

def spanish_box_brigades(state: FilState) -> list[str]:
    return [c for c, where in state.loc.items() if where == "spanish_troops"
            and cdef(state, c).kind == "brigade"]


def reinforce(state: FilState, dests: tuple[str, ...], stacked: bool,
              events: list[Event]) -> None:
    """Bring brigades from Spain; each costs 1 Morale (6.2, 4.2.3.13)."""
    pool = spanish_box_brigades(state)
    first: str | None = None
    for dest in dests:
        brigade = pool.pop(0)
        if stacked and first is not None:
            state.place(brigade, dest, with_=first)
        else:
            state.place(brigade, dest)
        first = brigade
        events.append(Message(f"{cdef(state, brigade).name} arrives from Spain in "
                              f"{state.data.spaces[dest].name}"))
        adjust_morale(state, state.data.params.morale_reinforcement, "reinforcement", events)


def repatriate(state: FilState, unit: str, events: list[Event]) -> None:
    """Send a brigade home to the Graveyard, +1 Morale (6.2)."""
    stack_leaders = leaders(state, state.members(unit))
    remove_counter(state, unit, "graveyard")
    events.append(Message(f"{cdef(state, unit).name} is repatriated"))
    adjust_morale(state, state.data.params.morale_repatriation, "repatriation", events)
    leaders_left_alone(state, stack_leaders, events)


def in_province(state: FilState, cid: str) -> str | None:
    return province_of(state, state.loc[cid])
