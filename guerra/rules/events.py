"""Events of La Guerra de España beyond the engine's own (the UI animates them)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Event


@dataclass(frozen=True, slots=True)
class CounterPlaced(Event):
    """A counter entered the map (initial placement, reinforcement, conversion, landing)."""

    piece: str = ""
    dst: str = ""


@dataclass(frozen=True, slots=True)
class CounterEliminated(Event):
    """A counter was eliminated (combat, loss of its naval transport, conversion)."""

    piece: str = ""


@dataclass(frozen=True, slots=True)
class ProvinceChanged(Event):
    """A province's marker changed on the control table (section 9.1): `status` is
    "nationalist", "republican" or "disputed"."""

    province: str = ""
    status: str = ""


@dataclass(frozen=True, slots=True)
class FecChanged(Event):
    """A side's F.E.C. marker moved on its track (section 11)."""

    side: str = ""
    value: int = 0


@dataclass(frozen=True, slots=True)
class WeatherChanged(Event):
    """A ZM marker was placed in (or removed from) a weather zone's box (section 13)."""

    zone: str = ""
    active: bool = False
