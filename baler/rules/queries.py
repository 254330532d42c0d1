"""Questions about the board that many procedures ask: who is engaged in an area, combat
strength and firepower, manpower, free posts and spaces, leaders at hand."""

from __future__ import annotations

from baler.rules.state import (
    BAGS,
    DESTROYED,
    RESERVE,
    BalerState,
    Kind,
    Side,
)


def combat_factor(st: BalerState, unit: str) -> int:
    """A unit's combat factor; a disabled leader shows its back, which has no factors
    (GAP-BAL-41), so it adds 0."""
    if unit in st.disabled:
        return 0
    return st.data.units[unit].combat


def artillery_in_area(st: BalerState, area: str) -> str | None:
    return st.occupant(st.data.artillery_posts[area])


def engaged(st: BalerState, side: Side, area: str, *, with_artillery: bool) -> list[str]:
    """Units of `side` engaged in a combat in `area`: every unit on a guard post belonging to the
    area (shared posts included) and, when asked, the area's Philippine artillery piece."""
    units = st.side_units_in_area(side, area)
    if with_artillery and side is Side.PHILIPPINE:
        gun = artillery_in_area(st, area)
        if gun is not None:
            units.append(gun)
    return units


def strength(st: BalerState, units: list[str]) -> int:
    return sum(combat_factor(st, u) for u in units)


def firepower(spanish: int, philippine: int, cap: int) -> tuple[int, Side | None]:
    """Firepower: the difference in combat strength, at most 3, favouring the stronger side
    (rulebook "Shooting / 1. Firepower")."""
    if spanish == philippine:
        return 0, None
    favoured = Side.SPANISH if spanish > philippine else Side.PHILIPPINE
    return min(abs(spanish - philippine), cap), favoured


def area_firepower(
    st: BalerState, area: str, *, with_artillery: bool = True
) -> tuple[int, Side | None]:
    es = strength(st, engaged(st, Side.SPANISH, area, with_artillery=False))
    ph = strength(st, engaged(st, Side.PHILIPPINE, area, with_artillery=with_artillery))
    return firepower(es, ph, int(st.data.tables["max_firepower"]))


def set_firepower(st: BalerState, area: str, value: int, favoured: Side | None) -> None:
    """Place the two-sided firepower marker: level and the face of the favoured side."""
    st.firepower[area] = value
    st.firepower_side[area] = favoured if value else None


def reevaluate_firepower(st: BalerState) -> None:
    """Recompute the firepower marker of every area (rulebook "Next turn" E)."""
    for area in st.data.areas:
        set_firepower(st, area, *area_firepower(st, area))


def manpower(st: BalerState, units: list[str]) -> int:
    """Total manpower; leaders print none and add 0 (GAP-BAL-32)."""
    return sum(st.data.units[u].manpower for u in units)


def walls_destroyed(st: BalerState, area: str) -> bool:
    return st.walls[area] >= DESTROYED


def empty_posts(st: BalerState, side: Side) -> list[str]:
    return [p for p in st.data.side_posts(side) if not st.units_at(p)]


def soldier_spaces(st: BalerState, side: Side) -> tuple[str, ...]:
    """Detachment spaces a soldier may use: the two Spanish soldier rows, or the Philippine
    barracks (the Spanish leader row holds only its named leaders, GAP-BAL-46)."""
    if side is Side.SPANISH:
        return tuple(s for s, (row, _) in st.data.detachment.items() if row != "1-2")
    return st.data.barracks


def empty_soldier_spaces(st: BalerState, side: Side) -> list[str]:
    return [s for s in soldier_spaces(st, side) if not st.units_at(s)]


def leaders_among(st: BalerState, units: list[str]) -> list[str]:
    """The leaders among engaged units (rulebook "Leader on the map modifier")."""
    return [u for u in units if st.data.units[u].kind is Kind.LEADER]


def military_leader(st: BalerState, side: Side) -> str | None:
    """The leader in the side's military command post, if face up (not exhausted)."""
    leader = st.occupant(st.data.command_post(side, "military"))
    if leader is None or leader in st.exhausted:
        return None
    return leader


def is_on_post(st: BalerState, unit: str) -> bool:
    return st.loc[unit] in st.data.posts


def in_command_area(st: BalerState, unit: str) -> bool:
    return st.loc[unit] in st.data.command_posts


def bag(st: BalerState, side: Side) -> list[str]:
    return st.at.setdefault(BAGS[side], [])


def reserve(st: BalerState) -> list[str]:
    return st.at.setdefault(RESERVE, [])


def tcm_position(st: BalerState) -> int | None:
    """The territorial control map space (1-5) of the Philippine stack, None when empty."""
    for i, space in enumerate(st.data.tcm):
        if st.units_at(space):
            return i + 1
    return None


def tcm_units(st: BalerState) -> list[str]:
    pos = tcm_position(st)
    return [] if pos is None else list(st.units_at(st.data.tcm[pos - 1]))


def tcm_modifier(st: BalerState) -> int:
    """Philippine attrition and supply die modifier for the stack's space (GAP-BAL-08; no troops
    on the map: the no-troops modifier, GAP-BAL-47)."""
    pos = tcm_position(st)
    if pos is None:
        return st.data.no_troops_modifier
    value = st.data.tcm_modifiers[pos - 1]
    return st.data.no_troops_modifier if value is None else value


def trench_count(st: BalerState, area: str, state: str) -> int:
    return sum(1 for t in st.data.trenches_by_area[area] if st.trenches.get(t) == state)


def factors_text(st: BalerState, unit: str) -> str:
    """A counter's printed factors in words, for prompts that place it (rulebook "Units")."""
    info = st.data.units[unit]
    if info.kind is Kind.LEADER:
        return f"combat {info.combat}, rank {info.rank}"
    if info.kind is Kind.ARTILLERY:
        return f"combat {info.combat}"
    return f"combat {info.combat}, manpower {info.manpower}"


def us_activation_allowed(st: BalerState) -> bool:
    """USS Yorktown: turns 4-6 only, with the US marker on the map (GAP-BAL-34)."""
    return st.turn in st.data.tables["foreign_power"]["us_turns"] and st.power == "us"
