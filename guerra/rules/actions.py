"""Every choice a player makes in La Guerra de España, as a small frozen action.

Hexes are given in cube coordinates (q, r) like every `Hex`; counters by their stable ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import Action


@dataclass(frozen=True, slots=True)
class SetOptions(Action):
    """Before play: level (section 4), players per side (section 3), tie agreement (5d)."""

    level: str
    nationalist_players: int
    republican_players: int
    tie_ends_game: bool

    def describe(self) -> str:
        tie = "a tie ends the game" if self.tie_ends_game else "play on after a tie"
        return (f"{self.level.title()} level, {self.nationalist_players} Nationalist and "
                f"{self.republican_players} Republican player(s), {tie}")


@dataclass(frozen=True, slots=True)
class PlaceCounter(Action):
    """Put a counter on a hex: an Army of Africa counter at the start (section 6), or the next
    reinforcement counter of `family` (section 10)."""

    family: str
    q: int
    r: int

    def describe(self) -> str:
        return f"Place {self.family} at ({self.q},{self.r})"


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """Two garrisons become one army counter on the hex of `at` (section 12)."""

    first: str
    second: str
    at: str

    def describe(self) -> str:
        return f"Convert {self.first} and {self.second} into an army counter at {self.at}'s hex"


@dataclass(frozen=True, slots=True)
class EndConversions(Action):
    def describe(self) -> str:
        return "No more conversions"


@dataclass(frozen=True, slots=True)
class Select(Action):
    """Choose the counter to move next (section 7)."""

    unit: str

    def describe(self) -> str:
        return f"Select {self.unit}"


@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """Move the selected counter to a hex it can reach."""

    q: int
    r: int

    def describe(self) -> str:
        return f"Move to ({self.q},{self.r})"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """The selected counter does not move this turn (section 7: "or simply not move")."""

    def describe(self) -> str:
        return "Stay in place"


@dataclass(frozen=True, slots=True)
class RollNavalMovement(Action):
    """Roll the selected naval counter's movement die: it may then move 12 hexes plus the roll
    (section 7 2). Rolling uses the counter against the turn's naval-use roll."""

    def describe(self) -> str:
        return "Roll the naval movement die"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """An army counter on a port goes aboard an adjacent own naval counter (section 7.1)."""

    unit: str
    ship: str

    def describe(self) -> str:
        return f"Embark {self.unit} on {self.ship}"


@dataclass(frozen=True, slots=True)
class Disembark(Action):
    """A carried counter lands at an own port next to its naval counter (section 7.1)."""

    unit: str
    q: int
    r: int

    def describe(self) -> str:
        return f"Disembark {self.unit} at ({self.q},{self.r})"


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    def describe(self) -> str:
        return "End movement"


@dataclass(frozen=True, slots=True)
class Surrender(Action):
    """Concede the war (section 5a, GAP-GUE-20)."""

    concession: ClassVar[bool] = True

    def describe(self) -> str:
        return "Surrender"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Open a combat: `attacker` against the adjacent enemy `defender` (section 8)."""

    attacker: str
    defender: str

    def describe(self) -> str:
        return f"{self.attacker} attacks {self.defender}"


@dataclass(frozen=True, slots=True)
class AddAttacker(Action):
    unit: str

    def describe(self) -> str:
        return f"{self.unit} joins the attack"


@dataclass(frozen=True, slots=True)
class AddDefender(Action):
    unit: str

    def describe(self) -> str:
        return f"Attack {self.unit} too"


@dataclass(frozen=True, slots=True)
class Support(Action):
    """An air counter supports a land counter of its side in this combat (section 8)."""

    air: str
    unit: str

    def describe(self) -> str:
        return f"{self.air} supports {self.unit}"


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """The attacker ends the declaration, spending F.E.C. or not (sections 8, 11)."""

    fec: bool

    def describe(self) -> str:
        return "Roll the die, spending F.E.C." if self.fec else "Roll the die"


@dataclass(frozen=True, slots=True)
class DefenceReady(Action):
    """The defender ends its declaration, spending F.E.C. or not (section 11)."""

    fec: bool

    def describe(self) -> str:
        return "Defend, spending F.E.C." if self.fec else "Defend"


@dataclass(frozen=True, slots=True)
class TakeLoss(Action):
    """The losing player eliminates one of its counters (section 8, city-stack table)."""

    unit: str

    def describe(self) -> str:
        return f"Eliminate {self.unit}"


@dataclass(frozen=True, slots=True)
class EndCombats(Action):
    def describe(self) -> str:
        return "End combats"


@dataclass(frozen=True, slots=True)
class EndReadaptation(Action):
    def describe(self) -> str:
        return "End readaptation"


ACTION_TYPES: tuple[type[Action], ...] = (
    SetOptions, PlaceCounter, Convert, EndConversions, Select, MoveTo, Stay, RollNavalMovement,
    Embark, Disembark, EndMovement, Surrender, Attack, AddAttacker, AddDefender, Support,
    Resolve, DefenceReady, TakeLoss, EndCombats, EndReadaptation,
)
