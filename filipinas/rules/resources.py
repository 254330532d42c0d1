"""Administration: resources (Action Points), control and the cards drawn (5.1.1-5.1.3)."""

from __future__ import annotations

from dataclasses import dataclass

from filipinas.rules.board import cdef, control
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState


def province_income2(state: FilState, side: str) -> int:
    """Resources from Provinces in half points (5.1.1 I-III): full value when controlled and
    not sacked; half when partial or sacked; when both, 0.5 for Manila and Cavite, else 0."""
    total = 0
    for province in state.data.provinces:
        space = state.data.spaces[province]
        owner = control(state, province)
        sacked = province in state.sacked
        if owner == side:
            total += space.resources2 // 2 if sacked else space.resources2
        elif owner == "partial":
            total += space.sacked_partial2 if sacked else space.resources2 // 2
    return total


def leader_lf(state: FilState, side: str) -> int:
    """LF of the side's leaders deployed on the board; an exiled Aguinaldo adds nothing
    (5.1.1 IV, 6.13.4)."""
    total = 0
    for cid in state.stack_of:
        c = cdef(state, cid)
        if c.leader and c.side == side:
            if cid == "aguinaldo" and state.exiled:
                continue
            total += c.lf
    return total


@dataclass(frozen=True, slots=True)
class Income:
    """The steps of the calculation, for the log and the player aid."""

    provinces2: int
    lf: int
    wet: int
    reconcentration: int
    income: int
    carried: int
    minimum: int
    total: int


def income(state: FilState, side: str) -> Income:
    """Provinces + LF, − 1 in a wet turn, − 1 under Reconcentration, rounded down; carried AP
    count toward the minimum of 2 (1 for the Filipino after Biak-na-Bató) (5.1.1, GAP-FIL-20,
    GAP-FIL-24)."""
    p = state.data.params
    provinces2 = province_income2(state, side)
    lf = leader_lf(state, side)
    wet = p.wet if state.turn in state.data.wet_turns else 0
    recon = p.reconcentration if state.reconcentration else 0
    raw2 = provinces2 + 2 * (lf + wet + recon)
    value = max(0, raw2 // 2)
    minimum = p.min_ap_biak if (side == FILIPINO and state.biak) else p.min_ap
    carried = state.ap[side]
    total = min(p.ap_max, max(minimum, carried + value))
    return Income(provinces2, lf, wet, recon, value, carried, minimum, total)


SIDES_ORDER = (FILIPINO, SPAIN)
