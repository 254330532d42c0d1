"""Invariants checked after every action by the soak test: every counter in exactly one place,
stacking limits and their two exceptions, tracks in range, all 55 cards accounted for."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import chain

from baler.rules.incursion import Incursion
from baler.rules.queries import tcm_position
from baler.rules.state import (
    BAGS,
    ES_ELIMINATED,
    PH_ELIMINATED,
    RESERVE,
    SIDES,
    BalerState,
    GameData,
    Kind,
    Side,
)
from baler.rules.tcm import MANILA


@dataclass(frozen=True, slots=True)
class _Limits:
    """What the printed board allows, worked out once per scenario: the stacking limit of
    each space that holds more than one counter, the boxes without a limit, and for every
    counter the spaces it may never stand on (with the reason to report); artillery pieces
    stand only on the artillery posts, in the reserve or among the eliminated units."""

    stack: dict[str, int]
    boxes: frozenset[str]
    forbidden: dict[str, dict[str, str]]
    guns: frozenset[str]
    gun_spaces: frozenset[str]
    forbidden_pairs: frozenset[tuple[str, str]]
    """Every (counter, space) of `forbidden`, to test a whole placement at once."""


_LIMITS: dict[int, tuple[GameData, _Limits]] = {}


def _limits(data: GameData) -> _Limits:
    cached = _LIMITS.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    friars_space = data.detachment_grid[("1-2", 6)]
    stack = {friars_space: 2, **{t: int(data.tables["tcm_stack_limit"]) for t in data.tcm}}
    boxes = frozenset({*BAGS.values(), ES_ELIMINATED, PH_ELIMINATED, RESERVE})
    gun_spaces = {*data.artillery_posts.values(), RESERVE, ES_ELIMINATED}
    spaces = {*data.posts, *BAGS.values(), *data.beds, *data.command_posts, *data.tcm}
    forbidden: dict[str, dict[str, str]] = {}
    for unit, info in data.units.items():
        bad: dict[str, str] = {}
        for space in spaces:
            if space in data.posts and (data.posts[space].side is not info.side
                                        or info.kind is Kind.ARTILLERY):
                bad[space] = f"{unit} stands on {space}"
            elif space in BAGS.values() and (space != BAGS[info.side]
                                             or info.kind is not Kind.SOLDIER):
                bad[space] = f"{unit} is in {space}"
            elif space in data.beds and info.side is not Side.SPANISH:
                bad[space] = f"{unit} is in the infirmary"
            elif space in data.command_posts and (
                info.kind is not Kind.LEADER or data.command_posts[space][0] is not info.side
            ):
                bad[space] = f"{unit} is on {space}"
            elif space in data.tcm and (info.side is not Side.PHILIPPINE
                                        or info.kind is Kind.ARTILLERY):
                bad[space] = f"{unit} is on the territorial control map"
        forbidden[unit] = bad
    guns = frozenset(u for u, info in data.units.items() if info.kind is Kind.ARTILLERY)
    pairs = frozenset((unit, space) for unit, bad in forbidden.items() for space in bad)
    limits = _Limits(stack, boxes, forbidden, guns, frozenset(gun_spaces), pairs)
    _LIMITS[id(data)] = (data, limits)
    return limits


_LAST: list[tuple[GameData, dict[str, list[str]], dict[str, str], int, bool, list[str]]] = []
"""The placement last checked and its verdict: two actions out of three move no counter."""


def _placement_problems(st: BalerState) -> list[str]:
    """Every counter listed once, on the space it is located on; stacking limits; no counter
    where the board forbids it. The verdict depends only on the printed data, the counters'
    places, the open beds and whether an incursion is under way, so a placement equal to the
    one checked last gets the same verdict without being walked again."""
    incursion = any(isinstance(t, Incursion) for t in st.stack)
    if _LAST:
        data, at, loc, beds_open, during, problems = _LAST[0]
        if (data is st.data and beds_open == st.beds_open and during is incursion
                and loc == st.loc and at == st.at):
            return list(problems)
    problems = _walk_placement(st, incursion)
    _LAST[:] = [(st.data, {k: list(v) for k, v in st.at.items()}, dict(st.loc), st.beds_open,
                 incursion, list(problems))]
    return problems


def _walk_placement(st: BalerState, incursion: bool) -> list[str]:
    """`_placement_problems` counter by counter; the static part of the rules comes from
    `_limits`, so each counter is walked once."""
    data = st.data
    limits = _limits(data)
    problems: list[str] = []
    at, loc = st.at, st.loc
    boxes, stack = limits.boxes, limits.stack
    listed = 0
    for space, units in at.items():
        if not units:
            continue
        listed += len(units)
        for unit in units:
            if loc.get(unit) != space:
                problems.append(f"{unit} is listed on {space} but located on {loc.get(unit)}")
        if space.startswith("centre-"):
            if not incursion:
                problems.append(f"{space} holds units outside an incursion")
        elif len(units) > 1 and space not in boxes and len(units) > stack.get(space, 1):
            problems.append(f"{space} holds {len(units)} counters")
    forbidden, guns, gun_spaces = limits.forbidden, limits.guns, limits.gun_spaces
    # The whole placement is tested against every forbidden (counter, space) at once; only a
    # placement that meets one is walked counter by counter to say which.
    if not (loc.keys() <= forbidden.keys() and limits.forbidden_pairs.isdisjoint(loc.items())
            and gun_spaces.issuperset(map(loc.get, guns))):
        for unit, space in loc.items():
            why = forbidden[unit].get(space)
            if why is not None:
                problems.append(why)
            elif unit in guns and space not in gun_spaces:
                problems.append(f"{unit} is on {space}")
    # Every listed unit stands where it is listed; with as many distinct units listed as there
    # are counters, each is listed exactly once.
    distinct = len(set(chain.from_iterable(at.values())))
    if listed != len(data.units) or distinct != listed or len(loc) != listed:
        counts = Counter(u for units in at.values() for u in units)
        problems += [f"{u} appears {counts[u]} times on the board" for u in data.units
                     if counts[u] != 1]
        problems += [f"{u} is listed but is no counter of the game" for u in counts
                     if u not in data.units]
    for bed in data.beds[st.beds_open:]:
        if at.get(bed):
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
    """All the cards of the game, each in one place; counted in full only when the quick
    count (as many distinct cards as places) disagrees."""
    piles: list[str] = [*st.shared_deck, *st.removed]
    piles += [c for c in st.shared_faceup.values() if c is not None]
    for side in SIDES:
        piles += st.hands[side]
        piles += st.decks[side]
        piles += st.discards[side]
        piles += st.fow_decks[side]
        piles += st.table[side]
        piles += [c for c in (st.face_down[side], st.fow_drawn[side]) if c is not None]
    if len(piles) == len(st.data.cards) and len(set(piles)) == len(piles) \
            and set(piles) == st.data.cards.keys():
        return []
    counts = Counter(piles)
    problems = [f"card {c} is in {n} places" for c, n in counts.items() if n > 1]
    missing = set(st.data.cards) - set(counts)
    if missing:
        problems.append(f"cards lost: {sorted(missing)}")
    return problems


def check_invariants(st: BalerState) -> list[str]:
    return [*_placement_problems(st), *_track_problems(st), *_card_problems(st)]
