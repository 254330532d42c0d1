"""Invariants checked after every action by the soak test: every counter in exactly one place,
stacking limits and their two exceptions, tracks in range, all 55 cards accounted for."""

from __future__ import annotations

from collections import Counter

from baler.rules.incursion import Incursion
from baler.rules.queries import tcm_position
from baler.rules.state import (
    BAGS,
    ES_ELIMINATED,
    PH_ELIMINATED,
    RESERVE,
    SIDES,
    BalerState,
    Kind,
    Side,
)
from baler.rules.tcm import MANILA


def _placement_problems(st: BalerState) -> list[str]:
    data = st.data
    problems: list[str] = []
    for space, units in st.at.items():
        for unit in units:
            if st.loc.get(unit) != space:
                problems.append(f"{unit} is listed on {space} but located on {st.loc.get(unit)}")
    listed = Counter(u for units in st.at.values() for u in units)
    for unit in data.units:
        if listed[unit] != 1:
            problems.append(f"{unit} appears {listed[unit]} times on the board")
    friars_space = data.detachment_grid[("1-2", 6)]
    limits = {friars_space: 2, **{t: int(data.tables["tcm_stack_limit"]) for t in data.tcm}}
    boxes = {*BAGS.values(), ES_ELIMINATED, PH_ELIMINATED, RESERVE}
    in_incursion = any(isinstance(t, Incursion) for t in st.stack)
    for space, units in st.at.items():
        if space.startswith("centre-"):
            if units and not in_incursion:
                problems.append(f"{space} holds units outside an incursion")
            continue
        if space not in boxes and len(units) > limits.get(space, 1):
            problems.append(f"{space} holds {len(units)} counters")
    for unit, space in st.loc.items():
        info = data.units[unit]
        if space in data.posts and (data.posts[space].side is not info.side
                                    or info.kind is Kind.ARTILLERY):
            problems.append(f"{unit} stands on {space}")
        if space in BAGS.values() and (space != BAGS[info.side] or info.kind is not Kind.SOLDIER):
            problems.append(f"{unit} is in {space}")
        if space in data.beds and info.side is not Side.SPANISH:
            problems.append(f"{unit} is in the infirmary")
        if space in data.command_posts and (
            info.kind is not Kind.LEADER or data.command_posts[space][0] is not info.side
        ):
            problems.append(f"{unit} is on {space}")
        if space in data.tcm and (info.side is not Side.PHILIPPINE or info.kind is Kind.ARTILLERY):
            problems.append(f"{unit} is on the territorial control map")
        if info.kind is Kind.ARTILLERY and space not in (
            *data.artillery_posts.values(), RESERVE, ES_ELIMINATED
        ):
            problems.append(f"{unit} is on {space}")
    for bed in data.beds[st.beds_open:]:
        if st.units_at(bed):
            problems.append(f"{bed} is closed but occupied")
    return problems


def _track_problems(st: BalerState) -> list[str]:
    problems: list[str] = []
    top = st.track_max()
    for side in SIDES:
        for name, track in (("supply", st.supply), ("morale", st.morale)):
            if not 0 <= track[side] <= top:
                problems.append(f"{side} {name} is {track[side]}")
        if st.vp[side] < 0:
            problems.append(f"{side} VP is negative")
        if len(st.surveillance[side]) > int(st.data.tables["surveillance"]["markers"]):
            problems.append(f"{side} has too many surveillance markers")
    for area in st.data.areas:
        if not 0 <= st.walls[area] <= 3:
            problems.append(f"walls of area {area} out of range")
        if not 0 <= st.firepower[area] <= int(st.data.tables["max_firepower"]):
            problems.append(f"firepower of area {area} out of range")
    if not 1 <= st.beds_open <= len(st.data.beds):
        problems.append(f"{st.beds_open} open beds")
    pos = tcm_position(st)
    occupied = [t for t in st.data.tcm if st.units_at(t)]
    if len(occupied) > 1:
        problems.append("Philippine troops on more than one territorial space")
    if not 2 <= st.power_space <= MANILA:
        problems.append(f"foreign power on space {st.power_space}")
    if pos is not None and (pos >= MANILA or pos >= st.power_space):
        problems.append(f"Philippine troops on space {pos}, foreign power on {st.power_space}")
    return problems


def _card_problems(st: BalerState) -> list[str]:
    piles: list[str] = [*st.shared_deck, *st.removed]
    piles += [c for c in st.shared_faceup.values() if c is not None]
    for side in SIDES:
        piles += [*st.hands[side], *st.decks[side], *st.discards[side], *st.fow_decks[side]]
        piles += st.table[side]
        piles += [c for c in (st.face_down[side], st.fow_drawn[side]) if c is not None]
    counts = Counter(piles)
    problems = [f"card {c} is in {n} places" for c, n in counts.items() if n > 1]
    missing = set(st.data.cards) - set(counts)
    if missing:
        problems.append(f"cards lost: {sorted(missing)}")
    return problems


def check_invariants(st: BalerState) -> list[str]:
    return [*_placement_problems(st), *_track_problems(st), *_card_problems(st)]
