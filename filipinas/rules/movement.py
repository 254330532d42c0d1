"""Movement: land, coastal transport, naval, convoys, lone leaders, stacking, Fortified Line
crossings and the Zapote Line (4.2.1, 6.3, 6.13.2, 6.13.3, 7.1)."""

from __future__ import annotations

from engine.core.actions import DiceRolled, Event, Message, PieceMoved
from filipinas.rules.board import (
    cdef,
    cf,
    combat_units,
    is_guerrilla,
    leaders,
    stacks_in,
)
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState, Kind, Prompt


def active_line_between(state: FilState, a: str, b: str) -> str | None:
    """The active Fortified Line on the border a–b: built and held by a brigade (6.13.2)."""
    for line in state.data.lines:
        joins = state.data.spaces[line].joins
        if {a, b} == set(joins) and line in state.lines_built and any(
                state.loc[c] == line and cdef(state, c).kind == "brigade"
                for c in state.stack_of):
            return line
    return None


def after_move(state: FilState, moved: list[str]) -> None:
    """A unit that moves loses its trench (6.14); a brigade protecting the fields of a Province
    gathers its posts when it leaves (decision: at most one such marker per Province, 6.9.1),
    while Search and Destroy columns keep theirs (6.9.2)."""
    for c in moved:
        state.entrenched.discard(c)
        state.zapote_defenders.discard(c)
        state.protect.discard(c)


def move_stack(state: FilState, stack: str, dest: str, mode: str,
               events: list[Event]) -> None:
    """Carry out a paid Move action (6.3)."""
    members = state.members(stack)
    src = state.loc[stack]
    guerrillas = [c for c in members if is_guerrilla(state, c)]
    if mode == "landing":
        members = [c for c in members if cdef(state, c).land or
                   (cdef(state, c).leader and not cdef(state, c).admiral)]
    if state.data.counters[stack].side == FILIPINO and mode == "land":
        line = active_line_between(state, src, dest)
        if line is not None:
            for g in guerrillas:
                state.targets.add(g)  # marked even if the crossing fails (4.2.3.6)
            roll = state.dice.roll_one(purpose="fortified line")
            ok = roll >= state.data.params.line_cross_on
            events.append(DiceRolled(
                f"Crossing the {state.data.spaces[line].name}: {roll} "
                f"({'crossed' if ok else 'held back'})", values=(roll,),
                purpose="the Fortified Line crossing"))
            if not ok:
                return
    for g in guerrillas:
        state.targets.add(g)  # a Guerrilla that moves is marked (6.3)
    state.move_stack(members, dest)
    after_move(state, members)
    if mode == "landing":
        state.landed.update(c for c in members if cdef(state, c).faction == USA
                            and cdef(state, c).land)
    names = [cdef(state, c).name for c in members]
    who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
    events.append(PieceMoved(
        f"{who} {'move' if len(names) > 1 else 'moves'} to {state.data.spaces[dest].name}",
        piece=stack, src=src, dst=dest))
    zapote_trigger(state, members, src, dest, mode, events)


def zapote_trigger(state: FilState, members: list[str], src: str, dest: str, mode: str,
                   events: list[Event]) -> None:
    """Spanish troops crossing from Manila into Cavite while the Zapote marker is there may be
    met on the Zapote Line (6.13.3)."""
    if not (state.zapote and mode == "land" and src == "manila" and dest == "cavite"):
        return
    if cdef(state, members[0]).side != SPAIN or not combat_units(state, members):
        return
    if zapote_candidates(state):
        state.pending.append(Prompt(Kind.ZAPOTE, FILIPINO, units=tuple(members)))


def zapote_candidates(state: FilState) -> list[str]:
    """Filipino stacks with combat units in Cavite or another Luzon Province (6.13.3)."""
    result = []
    for province in state.data.luzon:
        for stack in stacks_in(state, province, FILIPINO):
            units = combat_units(state, stack)
            if units and all(cdef(state, u).faction == FILIPINO for u in units) and not any(
                    u in state.baler for u in stack):
                result.append(stack[0])
    return result


def defend_zapote(state: FilState, prompt: Prompt, stack: str, events: list[Event]) -> None:
    """Move the chosen stack onto the Zapote Line at no cost; the Spanish must attack it at no
    cost, with −1 (4.2.3.16, 6.13.3)."""
    from filipinas.rules.combat import start

    members = state.members(stack)
    if state.loc[stack] != "cavite":
        state.move_stack(members, "cavite")
        after_move(state, members)
    state.zapote_defenders.update(c for c in members if not cdef(state, c).leader)
    events.append(Message(f"{cdef(state, stack).name}'s stack defends the Zapote Line"))
    attackers = [u for u in combat_units(state, list(prompt.units)) if u in state.stack_of]
    start(state, "land", SPAIN, attackers, sum(cf(state, u) for u in attackers),
          state.members(stack), events)


def move_leader(state: FilState, leader: str, dest: str, join: str | None,
                events: list[Event]) -> None:
    """A leader moves alone, anywhere, for 1 AP (4.2.1, GAP-FIL-17)."""
    src = state.loc[leader]
    state.place(leader, dest, with_=join)
    events.append(PieceMoved(f"{cdef(state, leader).name} moves to "
                             f"{state.data.spaces[dest].name}", piece=leader, src=src,
                             dst=dest))


def merge(state: FilState, stack: str, into: str, events: list[Event]) -> None:
    """Stack two stacks (6.3); dispersed brigades lose their markers (6.9)."""
    moving = state.members(stack)
    target = state.members(into)
    sid = state.stack_of[into]
    for c in moving:
        state.stack_of[c] = sid
    units = combat_units(state, moving + target)
    if len(units) > 1:
        for u in units:
            state.search.discard(u)
            state.protect.discard(u)
    events.append(Message(f"{cdef(state, stack).name} stacks with {cdef(state, into).name}"))


def split(state: FilState, counter: str, events: list[Event]) -> None:
    """One counter leaves its stack (6.3)."""
    state.stack_of[counter] = state.new_stack_id()
    events.append(Message(f"{cdef(state, counter).name} leaves its stack"))


def can_stack(state: FilState, a: list[str], b: list[str]) -> bool:
    """Stacking restrictions: Magdiwan only with Bonifacio and Bonifacio only with it while
    both chiefs live (4.2.1, 4.2.2); Moros and Bisayas never stack; Spanish and American units
    never stack together; Search and Destroy brigades do not stack (6.9.2)."""
    group = a + b
    factions = {cdef(state, c).faction for c in group}
    if SPAIN in factions and len(factions) > 1:
        return False
    if any(cdef(state, c).restriction in ("moros", "bisayas") for c in group):
        return False
    chiefs_alive = all(state.loc[c] != "graveyard" for c in ("bonifacio", "aguinaldo"))
    if chiefs_alive:
        has_b = "bonifacio" in group
        has_m = "magdiwan" in group
        others = [c for c in group if c not in ("bonifacio", "magdiwan")
                  and cdef(state, c).faction == FILIPINO]
        if (has_b or has_m) and others:
            return False
    units = combat_units(state, group)
    if len(units) > 1 and any(u in state.search for u in units):
        return False
    return not any(cdef(state, c).kind == "fleet" for c in group) or all(
        cdef(state, c).kind == "fleet" or cdef(state, c).leader or
        cdef(state, c).faction == USA for c in group)


def leaders_of(state: FilState, cids: list[str]) -> list[str]:
    return leaders(state, cids)
