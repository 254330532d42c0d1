"""The computer opponent's placements and air force: where the Army of Africa starts (section 6),
where reinforcements arrive (section 10), which garrisons to convert (section 12) and where the
aircraft readapt (section 7 3).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.hexgrid import Hex, hex_distance
from guerra.ai.fields import THREAT, Fields, province_value
from guerra.ai.moves import HOLD
from guerra.rules.actions import (
    Convert,
    EndConversions,
    EndReadaptation,
    MoveTo,
    PlaceCounter,
    Select,
    Stay,
)
from guerra.rules.data import Kind, Terrain
from guerra.rules.state import GuerraState, Unit, side_of_seat

REAR = 8
"""Hexes from the nearest enemy beyond which two garrisons are worth more as one army."""
BEHIND = 0.5
"""Cost, for a reinforcement army counter, of each hex it is placed beyond THREAT from the
nearest enemy land counter: a pull towards a province far away is no reason to start far
from the front."""
AIR_FRONT = 3
"""Best distance of an aircraft from the enemy: within the 3 hexes of air support (section 8)
of the counters in contact, not on top of the enemy."""


def choose_africa(state: GuerraState, legal: list[Action]) -> Action:
    """The Army of Africa starts as near the Strait as it can (section 6)."""
    strait = state.data.board.strait
    places = [a for a in legal if isinstance(a, PlaceCounter)]
    if strait is None or not places:
        return legal[0]
    return min(places, key=lambda a: (hex_distance(Hex(a.q, a.r), strait), a.q, a.r))


def choose_placement(state: GuerraState, legal: list[Action], fields: Fields) -> Action:
    """A reinforcement counter: garrisons hold empty capitals (those near the enemy first),
    army counters go where the pull towards the enemy's provinces is strongest, within reach
    of the enemy rather than behind it (section 10)."""
    places = [a for a in legal if isinstance(a, PlaceCounter)]
    if not places:
        return legal[0]
    data = state.data
    board = data.board
    side = side_of_seat(state.decision.player or state.player)

    def score(action: PlaceCounter) -> tuple[float, int, int]:
        h = Hex(action.q, action.r)
        cell = board.index.get(h)
        kind = data.families[action.family].kind
        if cell is None or not kind.is_land:
            return (_sea_or_air_score(state, h, fields, cell), action.q, action.r)
        value = fields.pull[cell]
        city = board.cities.get(h)
        near = fields.enemy[cell] <= THREAT
        if city is not None and city.capital and state.status.get(city.province) is side \
                and not state.land_at.get(h):
            # an army counter holds an own capital only where the enemy is near: far from
            # it, holding is a garrison's work
            if near or kind is Kind.GARRISON:
                value += HOLD * province_value(state, city.province) * (1.0 if near else 0.2)
            if kind is Kind.GARRISON:
                value += 2.0
        if kind is Kind.ARMY:
            if fields.enemy[cell] <= 1:
                value -= 1.0
            value -= BEHIND * max(0, fields.enemy[cell] - THREAT)
        return (value, action.q, action.r)

    return max(places, key=score)


def _sea_or_air_score(state: GuerraState, h: Hex, fields: Fields, cell: int | None) -> float:
    """Naval and air reinforcements: naval counters near the Strait, aircraft near the front."""
    if cell is None:
        return 0.0
    strait = state.data.board.strait
    if state.data.board.terrain[h] is Terrain.SEA:
        return -hex_distance(h, strait) if strait is not None else 0.0
    return -abs(fields.enemy[cell] - AIR_FRONT)


def choose_conversion(state: GuerraState, legal: list[Action], fields: Fields) -> Action:
    """Two garrisons far behind the front become one army counter (section 12); garrisons
    near the enemy keep holding their capitals."""
    index = state.data.board.index
    for action in legal:
        if not isinstance(action, Convert):
            continue
        pair = (state.units[action.first], state.units[action.second])
        if all(u.hex is not None and fields.enemy[index[u.hex]] >= REAR for u in pair):
            return action
    return EndConversions()


def _air_ok(state: GuerraState, unit: Unit, fields: Fields) -> bool:
    assert unit.hex is not None
    return abs(fields.enemy[state.data.board.index[unit.hex]] - AIR_FRONT) <= 1


def choose_readaptation(state: GuerraState, legal: list[Action], fields: Fields) -> Action:
    """Aircraft readapt to an own capital near the front (section 7 3); one already there stays
    (no move needed, so it is not even selected)."""
    index = state.data.board.index
    if state.selected is not None:
        moves = [a for a in legal if isinstance(a, MoveTo)]
        unit = state.units[state.selected]
        assert unit.hex is not None
        here = abs(fields.enemy[index[unit.hex]] - AIR_FRONT)
        best = min(moves, default=None,
                   key=lambda a: (abs(fields.enemy[index[Hex(a.q, a.r)]] - AIR_FRONT), a.q, a.r))
        if best is None or abs(fields.enemy[index[Hex(best.q, best.r)]] - AIR_FRONT) >= here:
            return Stay()
        return best
    for action in legal:
        if isinstance(action, Select) and not _air_ok(state, state.units[action.unit], fields):
            return action
    return EndReadaptation()
