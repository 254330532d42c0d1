"""Conversion of garrison counters into army counters (section 12; sequence step 3).

From turn 3 a player may turn two of its garrisons, standing in own provinces of one zone (the
zones of section 10), into one army counter placed on the hex of either garrison; the board
table caps the conversions of turns 3-6 and leaves them unlimited from turn 7. Garrisons in
disputed provinces cannot convert (GAP-GUE-49); the converted garrisons go back to the pool
(GAP-GUE-23).
"""

from __future__ import annotations

from engine.core.actions import Action, Event, Message
from guerra.rules.actions import Convert
from guerra.rules.counters import name, next_from_pool, place, to_pool
from guerra.rules.data import Kind, Side
from guerra.rules.provinces import zones
from guerra.rules.state import GuerraState, Where


def conversions_left(state: GuerraState, side: Side) -> int | None:
    """Conversions `side` may still make this turn (None: unlimited), section 12."""
    data = state.data
    if state.turn < data.conversion_from_turn:
        return 0
    if state.turn >= data.conversion_unlimited_from:
        return None
    return max(0, data.conversion_limits.get(state.turn, 0) - state.conversions_done[side])


def conversion_actions(state: GuerraState, player: str) -> list[Action]:
    """Every pair of the player's garrisons in one zone of own provinces (section 12)."""
    side = Side(player.removesuffix("_2"))
    left = conversions_left(state, side)
    if left == 0 or next_from_pool(state, state.data.conversion_family[side]) is None:
        return []
    zone_index: dict[str, int] = {}
    for i, zone in enumerate(zones(state, side)):
        for p in zone:
            zone_index[p] = i
    territory = state.data.board.territory
    garrisons = []
    for unit in state.units.values():
        if unit.player == player and unit.kind is Kind.GARRISON and unit.where is Where.MAP:
            assert unit.hex is not None
            z = zone_index.get(territory[unit.hex])
            if z is not None:
                garrisons.append((unit, z))
    actions: list[Action] = []
    for i, (a, za) in enumerate(garrisons):
        for b, zb in garrisons[i + 1:]:
            if za != zb:
                continue
            actions.append(Convert(a.id, b.id, a.id))
            if a.hex != b.hex:
                actions.append(Convert(a.id, b.id, b.id))
    return actions


def convert(state: GuerraState, action: Convert) -> list[Event]:
    """Remove the two garrisons and place one army counter where `at` stood (section 12)."""
    first, second = state.units[action.first], state.units[action.second]
    at = state.units[action.at].hex
    assert at is not None
    side, player = first.side, first.player
    army = next_from_pool(state, state.data.conversion_family[side])
    assert army is not None
    events: list[Event] = [Message(f"{name(state, first)} and {name(state, second)} become an "
                                   f"army counter (section 12)")]
    events += to_pool(state, first)
    events += to_pool(state, second)
    events += place(state, army, at, player, "converted from garrisons")
    army.moved = False
    state.conversions_done[side] += 1
    return events
