"""The Spanish infirmary: beds 1-6 and the graveyard, space 0 (rulebook "Spanish infirmary")."""

from __future__ import annotations

from baler.rules.state import BAGS, PH_ELIMINATED, BalerState, Kind, Side
from baler.rules.tasks import moved, say, score
from engine.core.actions import Event


def patients(st: BalerState) -> list[tuple[int, str]]:
    """(bed number, unit) for every patient, from bed 1 up."""
    found = []
    for number, bed in enumerate(st.data.beds, 1):
        unit = st.occupant(bed)
        if unit is not None:
            found.append((number, unit))
    return found


def death_vp(st: BalerState, unit: str) -> int:
    victory = st.data.tables["victory"]
    return int(victory["leader"] if st.data.units[unit].kind is Kind.LEADER else victory["soldier"])


def admit(st: BalerState, unit: str, ev: list[Event], why: str) -> None:
    """Admit a wounded Spanish unit to the operational bed with the highest number; if that bed
    is taken, every patient first moves one space toward the graveyard and a patient pushed out
    of bed 1 dies (Philippine VP) (rulebook "Infirmary admission")."""
    beds = st.data.beds
    target = beds[st.beds_open - 1]
    if st.occupant(target) is not None:
        for i, bed in enumerate(beds):
            patient = st.occupant(bed)
            if patient is None:
                continue
            if i == 0:
                moved(st, patient, PH_ELIMINATED, ev, "pushed into the graveyard: dies")
                st.exhausted.discard(patient)
                st.disabled.pop(patient, None)
                score(st, Side.PHILIPPINE, death_vp(st, patient), ev, f"{st.name(patient)} dies",
                      "deaths in the infirmary")
            else:
                moved(st, patient, beds[i - 1], ev, "moves one bed toward the graveyard")
    moved(st, unit, target, ev, why)


def compact(st: BalerState, ev: list[Event]) -> None:
    """Close gaps between occupied beds: patients in higher beds move toward the graveyard until
    the occupied beds are contiguous, from the lowest occupied bed (rulebook "Infirmary
    discharge"; the block does not slide down to bed 1, GAP-BAL-45)."""
    found = patients(st)
    if not found:
        return
    lowest = found[0][0]
    for offset, (number, unit) in enumerate(found):
        wanted = lowest + offset
        if wanted != number:
            moved(st, unit, st.data.beds[wanted - 1], ev, "closes the gap in the infirmary")


def discharge(st: BalerState, unit: str, dest: str | None, ev: list[Event], why: str) -> None:
    """A healed patient leaves: a leader to its detachment space, a soldier to `dest` (a free
    detachment space) or, when None, into the bag; then the beds are compacted."""
    info = st.data.units[unit]
    if info.kind is Kind.LEADER:
        moved(st, unit, info.home, ev, why)
    else:
        moved(st, unit, dest if dest is not None else BAGS[Side.SPANISH], ev, why)
    compact(st, ev)


def heal_two_lowest(st: BalerState, ev: list[Event]) -> None:
    """Healing units, option 1: the patients in the two lowest-numbered beds go to the bag
    (soldiers) or their detachment spaces (leaders) (rulebook "Healing units")."""
    for _, unit in patients(st)[:2]:
        info = st.data.units[unit]
        dest = info.home if info.kind is Kind.LEADER else BAGS[Side.SPANISH]
        moved(st, unit, dest, ev, "healed")
    compact(st, ev)


def expand(st: BalerState, ev: list[Event]) -> None:
    """Open the lowest-numbered closed bed (rulebook "Expanding the infirmary")."""
    st.beds_open += 1
    say(ev, f"Infirmary bed {st.beds_open} is now operational")
