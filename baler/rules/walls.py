"""The condition of the church walls in each area (rulebook "The map", "Artillery",
"Incursion / 5. Target announcement", "Spanish repair action")."""

from __future__ import annotations

from baler.rules.state import DESTROYED, WALLS, BalerState, Side
from baler.rules.tasks import WallsChanged, score
from engine.core.actions import Event


def lower_walls(st: BalerState, area: str, levels: int, ev: list[Event], cause: str) -> None:
    """Lower the area's walls by `levels`, never below Destroyed. Reaching Destroyed flips the
    marker and scores the Philippine side (artillery: rulebook "Artillery"; any other cause:
    GAP-BAL-25, a scenario option)."""
    before = st.walls[area]
    if before >= DESTROYED or levels <= 0:
        return
    st.walls[area] = min(DESTROYED, before + levels)
    ev.append(
        WallsChanged(
            f"Area {area}: the church walls go from {WALLS[before]} to {WALLS[st.walls[area]]} "
            f"({cause})",
            area=area,
            condition=WALLS[st.walls[area]],
        )
    )
    if st.walls[area] == DESTROYED and (
        cause == "artillery" or st.data.options.walls_destroyed_vp_any_cause
    ):
        points = int(st.data.tables["victory"]["walls_destroyed"])
        score(st, Side.PHILIPPINE, points, ev, f"walls of area {area} destroyed",
              "walls destroyed")


def raise_walls(st: BalerState, area: str, ev: list[Event], cause: str) -> None:
    """One repair: one level better, never from Destroyed (rulebook "Spanish repair action")."""
    before = st.walls[area]
    st.walls[area] = before - 1
    ev.append(
        WallsChanged(
            f"Area {area}: the church walls go from {WALLS[before]} to {WALLS[st.walls[area]]} "
            f"({cause})",
            area=area,
            condition=WALLS[st.walls[area]],
        )
    )


def repairable(st: BalerState, area: str) -> bool:
    return 0 < st.walls[area] < DESTROYED
