"""The meteorological factor (section 13; sequence step 5 of section 14), advanced level only.

From turn 2, a die is rolled for each zone whose box for the turn is not blank; the exact value
printed in the box triggers it (GAP-GUE-15). A ZM marker then cuts the movement factor of the
land counters in that zone and the combat factor of its attacking land counters, per counter
(F) or per combat (C), until the end of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.actions import DiceRolled, Event, Message
from guerra.rules.events import WeatherChanged
from guerra.rules.state import GuerraState, Unit


def roll_weather(state: GuerraState) -> list[Event]:
    """Step 5: roll for every zone with a box this turn."""
    events: list[Event] = []
    boxes = state.data.weather_boxes.get(state.data.weather_turn(state.turn), ())
    if not boxes:
        events.append(Message("No weather box this turn: no roll (section 13)"))
    for box in boxes:
        roll = state.dice.roll_one(state.data.die, purpose=f"weather zone {box.zone}")
        hit = roll == box.roll
        events.append(DiceRolled(f"Weather in zone {box.zone}: rolled {roll}, {box.roll} "
                                 f"needed", values=(roll,), die=state.data.die.name,
                                 faces=state.data.die.faces,
                                 purpose="weather"))
        if hit:
            state.weather[box.zone] = box
            per = "each counter" if box.per_counter else "each combat"
            events.append(WeatherChanged(
                f"ZM in zone {box.zone}: movement -{box.movement}, attack -{box.combat} for "
                f"{per} (section 13)", zone=box.zone, active=True))
    return events


def clear_weather(state: GuerraState) -> list[Event]:
    """End of turn: the ZM markers are removed (section 13)."""
    events: list[Event] = [WeatherChanged(f"ZM removed from zone {zone}", zone=zone, active=False)
                           for zone in sorted(state.weather)]
    state.weather.clear()
    return events


def attack_cut(state: GuerraState, attackers: Iterable[Unit]) -> int:
    """Combat factor lost by attacking land counters in zones with a ZM marker (section 13)."""
    if not state.weather:
        return 0
    cut = 0
    zones_hit: set[str] = set()
    for unit in attackers:
        if not unit.kind.is_land or unit.hex is None:
            continue
        zone = state.data.zone_of(state.data.board.territory[unit.hex])
        box = state.weather.get(zone)
        if box is None:
            continue
        if box.per_counter:
            cut += box.combat
        elif zone not in zones_hit:
            zones_hit.add(zone)
            cut += box.combat
    return cut
