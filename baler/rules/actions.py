"""The answers a player can give to a decision of Heroes of Baler (DESIGN.md §2).

A few small action types cover every decision; `state.decision.kind` says what the answer
means (which card for initiative, which area to shoot, which unit takes an injury...).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from the hand: face down for initiative, or as an event card."""

    card: str

    def describe(self) -> str:
        return f"Play card {self.card}"


@dataclass(frozen=True, slots=True)
class PlaySupport(Action):
    """Play a support card that boosts the listed event cards (rulebook "Boosting event cards")."""

    card: str
    boosts: tuple[str, ...]

    def describe(self) -> str:
        return f"Support with {self.card}, boosting {', '.join(self.boosts)}"


@dataclass(frozen=True, slots=True)
class ResolveEvent(Action):
    """Resolve the main or the secondary event of a card played as an event."""

    card: str
    part: str  # "main" or "secondary"

    def describe(self) -> str:
        return f"Resolve the {self.part} event of {self.card}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick one option: an area, a space, a unit, a card source..."""

    target: str

    def describe(self) -> str:
        return f"Choose {self.target}"


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """Answer a yes/no question (activate a surveillance marker, keep a Fog of War card...)."""

    yes: bool

    def describe(self) -> str:
        return "Yes" if self.yes else "No"


@dataclass(frozen=True, slots=True)
class ModifyDie(Action):
    """Modify one combat die: `how` is "plus1" or "reroll"; `source` the modifier used
    (morale, command, leader, persistence, card) (rulebook "Combat modifiers")."""

    index: int
    how: str
    source: str

    def describe(self) -> str:
        verb = "+1 to" if self.how == "plus1" else "reroll"
        return f"{verb} die {self.index + 1} ({self.source})"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One movement (rulebook "Types of movement"): `kind` is post, bag, swap, artillery,
    command, tcm-place or tcm-advance."""

    kind: str
    unit: str = ""
    dest: str = ""

    def describe(self) -> str:
        return f"Move ({self.kind}) {self.unit} {self.dest}".strip()


@dataclass(frozen=True, slots=True)
class PlaceUnit(Action):
    """Put a unit (drawn from a bag, healed, returning from an incursion) on a space."""

    unit: str
    dest: str

    def describe(self) -> str:
        return f"Place {self.unit} on {self.dest}"


@dataclass(frozen=True, slots=True)
class TakeAction(Action):
    """Spend action points on a basic or special action (rulebook "Action phase")."""

    name: str
    area: str = ""
    target: str = ""

    def describe(self) -> str:
        where = f" in area {self.area}" if self.area else ""
        what = f" ({self.target})" if self.target else ""
        return f"{self.name}{where}{what}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current step (stop modifying dice, end the action phase, skip an option)."""

    def describe(self) -> str:
        return "Done"


ACTION_TYPES: tuple[type[Action], ...] = (
    PlayCard,
    PlaySupport,
    ResolveEvent,
    Choose,
    Decide,
    ModifyDie,
    Move,
    PlaceUnit,
    TakeAction,
    Done,
)
