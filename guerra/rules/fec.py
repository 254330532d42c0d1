"""Extra combat factors, F.E.C. (section 11; sequence step 4 of section 14).

From turn 2, each side adds the economic, morale and port factors of its own provinces to its
track (4.1-4.3, GAP-GUE-50), then deducts the negative F.E.C. of the provinces it lost (4.4:
their morale and port factors, booked when the province was taken, GAP-GUE-51/52). The track
runs from -20 to +79. Ten F.E.C. buy +1 combat factor for one combat, once per side and
combat; a side may spend only with at least ten on its track (GAP-GUE-53).
"""

from __future__ import annotations

from engine.core.actions import Event, Message
from guerra.rules.data import Side
from guerra.rules.events import FecChanged
from guerra.rules.provinces import owned
from guerra.rules.state import GuerraState


def clamp(state: GuerraState, value: int) -> int:
    """Keep a balance on the track: never above +79 nor below -20 (section 11)."""
    return max(state.data.fec_min, min(state.data.fec_max, value))


def income(state: GuerraState, side: Side) -> tuple[int, int, int]:
    """Economic, morale and port factors of the provinces `side` owns (section 11)."""
    mine = [state.data.provinces[p] for p in owned(state, side)]
    return (sum(p.economic for p in mine), sum(p.morale for p in mine),
            sum(p.port for p in mine))


def accounting(state: GuerraState) -> list[Event]:
    """Step 4 of the turn: 4.1 economic, 4.2 morale, 4.3 port factors, 4.4 deductions."""
    events: list[Event] = []
    assert state.first_side is not None
    for side in (state.first_side, state.first_side.enemy):
        economic, morale, port = income(state, side)
        loss = state.fec_losses[side]
        state.fec_losses[side] = 0
        value = clamp(state, state.fec[side] + economic + morale + port - loss)
        state.fec[side] = value
        events.append(Message(f"{side.label} F.E.C.: economic {economic}, morale {morale}, "
                              f"port {port}, lost provinces -{loss} (section 11)"))
        events.append(FecChanged(f"{side.label} F.E.C. now {value}", side=side.value,
                                 value=value))
    return events


def can_spend(state: GuerraState, side: Side) -> bool:
    """Whether `side` may buy +1 combat factor now (sections 4 and 11, GAP-GUE-53)."""
    assert state.options is not None
    return state.options.level.uses_fec and state.fec[side] >= state.data.fec_cost


def spend(state: GuerraState, side: Side) -> list[Event]:
    """Move the marker back ten spaces (section 11: 54 becomes 44)."""
    state.fec[side] = clamp(state, state.fec[side] - state.data.fec_cost)
    return [FecChanged(f"{side.label} spend {state.data.fec_cost} F.E.C. (+1 combat factor); "
                       f"{state.fec[side]} left", side=side.value, value=state.fec[side])]
