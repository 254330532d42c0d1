"""Invariants a soak test checks after every action: every counter in one place, stacks on one
space, stacking limits, tracks in range, cards conserved (DESIGN.md §6)."""

from __future__ import annotations

from filipinas.rules import board as B
from filipinas.rules.movement import can_stack
from filipinas.rules.setup import SPAIN
from filipinas.rules.state import FilState, Kind


def check_invariants(state: FilState) -> list[str]:
    problems: list[str] = []
    data = state.data
    p = data.params
    if set(state.loc) != set(data.counters):
        problems.append("a counter is missing or unknown")
    for cid, where in state.loc.items():
        if where not in data.spaces:
            problems.append(f"{cid} is in an unknown space {where}")
        boxed = data.spaces[where].kind == "box"
        if boxed == (cid in state.stack_of):
            problems.append(f"{cid}: on-board counters (and only they) belong to a stack")
    for stack in B.all_stacks(state):
        if len({state.loc[c] for c in stack}) != 1:
            problems.append(f"stack {stack} spans several spaces")
        units = B.combat_units(state, stack)
        if len(units) > 1 and not can_stack(state, stack[:1], stack[1:]):
            problems.append(f"stack {stack} breaks a stacking rule")
        kinds = {data.spaces[state.loc[c]].kind for c in stack}
        if "line" in kinds and any(B.cdef(state, u).side != SPAIN or
                                   B.cdef(state, u).kind != "brigade" for u in units):
            problems.append(f"only Spanish brigades hold a Fortified Line: {stack}")
    for cid in state.stack_of:
        c = B.cdef(state, cid)
        where = state.loc[cid]
        if c.restriction == "moros" and where != "mindanao":
            problems.append("the Moros left Mindanao")
        if c.restriction == "bisayas" and where != "visayas":
            problems.append("the Bisayas left the Visayas")
        if c.kind == "fleet" and data.spaces[where].kind not in ("city", "port", "sea"):
            problems.append(f"{cid} is a fleet on land")
    protected = [state.loc[b] for b in state.protect]
    if len(protected) != len(set(protected)):
        problems.append("two Protect the Fields markers in one Province")
    if state.protect & state.search:
        problems.append("a brigade both protects and searches")
    if not p.morale_min <= state.morale <= p.morale_max:
        problems.append(f"Spanish Morale {state.morale} off its track")
    if not p.us_min <= state.us_level <= p.us_max:
        problems.append(f"US Intervention {state.us_level} off its track")
    for side, ap in state.ap.items():
        if not 0 <= ap <= p.ap_max:
            problems.append(f"{side} AP {ap} off the Resource Table")
    everything = [c for d in state.decks.values() for c in d] + state.out + [
        c for h in state.hands.values() for c in h]
    if sorted(everything) != sorted(data.cards):
        problems.append("cards were lost or duplicated")
    for side, hand in state.hands.items():
        if len(hand) > p.hand and not any(pr.kind == Kind.DISCARD and pr.player == side
                                          for pr in state.pending):
            problems.append(f"{side} holds {len(hand)} cards after the discard step")
    if state.artillery == "in_play" and state.artillery_holder not in state.stack_of:
        problems.append("the Artillery is with a counter that is not on the board")
    return problems
