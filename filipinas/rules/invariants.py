"""Invariants a soak test checks after every action: every counter in one place, stacks on one
space, stacking limits, tracks in range, cards conserved (DESIGN.md §6)."""

from __future__ import annotations

from filipinas.rules import board as B
from filipinas.rules.movement import can_stack
from filipinas.rules.setup import SPAIN, GameData
from filipinas.rules.state import FilState, Kind

_LAST: list[tuple[GameData, dict[str, str], dict[str, int], set[str], list[str]]] = []
"""The board last checked and its verdict: most actions move no counter."""


def check_invariants(state: FilState) -> list[str]:
    problems = _board_problems(state)
    data = state.data
    p = data.params
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


def _board_problems(state: FilState) -> list[str]:
    """Every counter in one known place, stacks on one space within the stacking rules,
    Moros, Bisayas and fleets where they may be. The verdict depends only on the printed
    data, where the counters are, their stacks and the Search and Destroy markers, so a board
    equal to the one checked last gets the same verdict without being walked again."""
    if _LAST:
        data, loc, stack_of, search, problems = _LAST[0]
        if (data is state.data and loc == state.loc and stack_of == state.stack_of
                and search == state.search):
            return list(problems)
    problems = _walk_board(state)
    _LAST[:] = [(state.data, dict(state.loc), dict(state.stack_of), set(state.search),
                 list(problems))]
    return problems


def _walk_board(state: FilState) -> list[str]:
    problems: list[str] = []
    data = state.data
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
    return problems
