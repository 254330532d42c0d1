"""Victory (5.3.1-5.3.3): surrender by Morale band and cities, the American draw, Spain's win on
the last turn, and the annihilation of the Filipinos."""

from __future__ import annotations

from engine.core.actions import Event, GameOver
from engine.core.game import Result
from filipinas.rules.board import on_map_combat
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState, Phase


def sagasta_step(state: FilState) -> int:
    """What the End of Turn adds to the Spanish Morale for the government in power (5.3): a
    step down under Sagasta, nothing under Cánovas."""
    return state.data.params.sagasta_morale if state.government == "sagasta" else 0


def morale_after_turn(state: FilState) -> int:
    """The Spanish Morale the End of Turn's check will read as things stand: after Sagasta's
    step (5.3), within its track (GAP-FIL-09)."""
    p = state.data.params
    return max(p.morale_min, min(p.morale_max, state.morale + sagasta_step(state)))


def cities_taken(state: FilState) -> tuple[int, int]:
    """(cities held by the Filipinos, cities held by the United States)."""
    fil = sum(1 for c in state.data.cities if state.city_owner.get(c) == FILIPINO)
    us = sum(1 for c in state.data.cities if state.city_owner.get(c) == USA)
    return fil, us


def end_of_turn_check(state: FilState, events: list[Event]) -> bool:
    """Check at the end of a turn; True when the game is over (5.3)."""
    p = state.data.params
    fil, us = cities_taken(state)
    needed = p.cities_needed(state.morale)
    if fil + us >= needed:
        if us:
            return finish(state, None, "Spain surrenders, but the United States hold a city: "
                          "both sides lose (5.3.2)", events)
        reason = ("Spanish Morale has collapsed (5.3.1)" if needed == 0 else
                  f"Spain surrenders with Morale {state.morale} and {fil} "
                  f"cit{'y' if fil == 1 else 'ies'} taken (5.3.1)")
        return finish(state, FILIPINO, reason, events)
    if state.turn >= state.data.last_turn:
        return finish(state, SPAIN, "The last turn ends without a Spanish surrender (5.3.3)",
                      events)
    return False


def annihilation_check(state: FilState, events: list[Event]) -> bool:
    """No Filipino combat unit on the board loses at once, unless Aguinaldo is in exile or the
    United States are at war (5.3.3)."""
    if state.outcome is not None or state.exiled or state.us_at_war:
        return state.outcome is not None
    if any(state.data.counters[c].faction == FILIPINO for c in on_map_combat(state, FILIPINO)):
        return False
    return finish(state, SPAIN, "No Filipino unit is left on the board (5.3.3)", events)


def finish(state: FilState, winner: str | None, reason: str, events: list[Event]) -> bool:
    state.outcome = Result(winner, reason, {"morale": state.morale, "us": state.us_level})
    state.phase = Phase.OVER
    state.pending.clear()
    state.combat = None
    events.append(GameOver(reason, winner=winner))
    return True
