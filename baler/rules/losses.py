"""Kills and injuries, for both sides (rulebook "Casualties", "Spanish infirmary")."""

from __future__ import annotations

from baler.rules import infirmary
from baler.rules.state import BAGS, ELIMINATED_BY, BalerState, Kind, Side
from baler.rules.tasks import moved, score
from engine.core.actions import Event


def unit_vp(st: BalerState, unit: str) -> int:
    """VP for eliminating a unit: soldier 1, leader 2, artillery piece (GAP-BAL-09)."""
    victory = st.data.tables["victory"]
    kind = st.data.units[unit].kind
    return int(victory[kind.value])


def kill(st: BalerState, unit: str, ev: list[Event], why: str) -> None:
    """The enemy places the unit in its Eliminated Units space and scores for it."""
    side = st.data.units[unit].side
    moved(st, unit, ELIMINATED_BY[side.enemy], ev, why)
    st.exhausted.discard(unit)
    st.disabled.pop(unit, None)
    score(st, side.enemy, unit_vp(st, unit), ev, f"{st.name(unit)} eliminated",
          "units eliminated")


def injure(st: BalerState, unit: str, ev: list[Event], why: str) -> None:
    """Spanish wounded go to the infirmary; Philippine wounded soldiers into the bag and
    leaders back to their detachment space (rulebook "Casualties")."""
    info = st.data.units[unit]
    if info.side is Side.SPANISH:
        infirmary.admit(st, unit, ev, why)
    elif info.kind is Kind.LEADER:
        moved(st, unit, info.home, ev, why)
    else:
        moved(st, unit, BAGS[Side.PHILIPPINE], ev, why)
