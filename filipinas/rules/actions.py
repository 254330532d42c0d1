"""Every answer a player can give (DESIGN.md §2). Stacks are named by one of their counters."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action


@dataclass(frozen=True, slots=True)
class EndRound(Action):
    """End one's round; a round in which nothing was done is a pass (5.2.3)."""

    def describe(self) -> str:
        return "End the round / pass"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a stack: land to an adjacent space, coastal transport (6.3.1), naval (6.3.2),
    convoy or landing (7.1)."""

    stack: str
    dest: str
    mode: str = "land"

    def describe(self) -> str:
        return f"Move {self.stack}'s stack to {self.dest} ({self.mode})"


@dataclass(frozen=True, slots=True)
class MoveLeader(Action):
    """A leader moves alone anywhere for 1 AP (4.2.1), alone or joining a stack."""

    leader: str
    dest: str
    join: str | None = None

    def describe(self) -> str:
        return f"{self.leader} moves alone to {self.dest}" + (f" joining {self.join}"
                                                              if self.join else "")


@dataclass(frozen=True, slots=True)
class Merge(Action):
    """Stack two stacks in the same space (6.3)."""

    stack: str
    into: str

    def describe(self) -> str:
        return f"Stack {self.stack} with {self.into}"


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Take one counter out of its stack (6.3)."""

    counter: str

    def describe(self) -> str:
        return f"Unstack {self.counter}"


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Recruit in a space: place `unit` from the box, or raise/restore it (6.1)."""

    space: str
    unit: str

    def describe(self) -> str:
        return f"Recruit {self.unit} in {self.space}"


@dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """Bring one or two brigades from Spain (6.2)."""

    dests: tuple[str, ...]
    stacked: bool = False

    def describe(self) -> str:
        return f"Reinforcements to {', '.join(self.dests)}"


@dataclass(frozen=True, slots=True)
class Repatriate(Action):
    """Send a brigade home (6.2)."""

    unit: str

    def describe(self) -> str:
        return f"Repatriate {self.unit}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack (6.4, 6.7), locate-and-attack a Guerrilla or a lone leader (6.6), besiege a city
    (6.8) or a naval attack; `units` are the attacking combat units."""

    units: tuple[str, ...]
    target: str

    def describe(self) -> str:
        return f"{', '.join(self.units)} attack {self.target}"


@dataclass(frozen=True, slots=True)
class Disperse(Action):
    """Protect the Fields or form Search and Destroy columns (6.9)."""

    brigade: str
    mode: str

    def describe(self) -> str:
        mode = "Protect the Fields" if self.mode == "protect" else "Search and Destroy"
        return f"{self.brigade}: {mode}"


@dataclass(frozen=True, slots=True)
class Regroup(Action):
    """Remove a dispersal marker (6.10)."""

    brigade: str

    def describe(self) -> str:
        return f"Regroup {self.brigade}"


@dataclass(frozen=True, slots=True)
class Plunder(Action):
    """A Guerrilla sacks its Province (6.11)."""

    unit: str

    def describe(self) -> str:
        return f"{self.unit} plunders"


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Remove a Target marker from a Guerrilla or lone leader (6.15)."""

    counter: str

    def describe(self) -> str:
        return f"{self.counter} goes into hiding"


@dataclass(frozen=True, slots=True)
class Entrench(Action):
    """Entrench a unit or stack (6.14)."""

    stack: str

    def describe(self) -> str:
        return f"Entrench {self.stack}'s stack"


@dataclass(frozen=True, slots=True)
class Political(Action):
    """Political Action (6.12): `goal` is "us" (push or hold the US track) or "government"."""

    goal: str = "us"

    def describe(self) -> str:
        return "Political Action" + (" (change of government)" if self.goal == "government" else "")


@dataclass(frozen=True, slots=True)
class BuildLine(Action):
    """Build a Fortified Line, moving a brigade onto it if wished (6.5)."""

    line: str
    brigade: str | None = None

    def describe(self) -> str:
        return f"Build {self.line}" + (f" with {self.brigade}" if self.brigade else "")


@dataclass(frozen=True, slots=True)
class EndReconcentration(Action):
    """Remove the Reconcentration marker (4.2.3.5)."""

    def describe(self) -> str:
        return "End Reconcentration"


@dataclass(frozen=True, slots=True)
class TradeCards(Action):
    """Discard two cards for 1 AP (6.13)."""

    first: str
    second: str

    def describe(self) -> str:
        return f"Trade {self.first} and {self.second} for 1 AP"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from hand, with the choices its effect needs (6.13)."""

    card: str
    targets: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"Play {self.card}" + (f" on {', '.join(self.targets)}" if self.targets else "")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card over the hand limit (6.13)."""

    card: str

    def describe(self) -> str:
        return f"Discard {self.card}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Answer a prompt with no: no (more) cards, no counterattack, no interception."""

    def describe(self) -> str:
        return "Decline"


@dataclass(frozen=True, slots=True)
class Counterattack(Action):
    """Counterattack after a failed attack (6.7)."""

    def describe(self) -> str:
        return "Counterattack"


@dataclass(frozen=True, slots=True)
class Intercept(Action):
    """Intercept a siege with a stack (6.8.3)."""

    stack: str

    def describe(self) -> str:
        return f"Intercept with {self.stack}'s stack"


@dataclass(frozen=True, slots=True)
class DefendZapote(Action):
    """Put a stack on the Zapote Line against the Spanish crossing (6.13.3)."""

    stack: str

    def describe(self) -> str:
        return f"Defend the Zapote Line with {self.stack}'s stack"


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """Send a lone leader to the nearest stack or friendly city (4.2.2.1)."""

    leader: str
    dest: str
    join: str | None = None

    def describe(self) -> str:
        return f"{self.leader} falls back to {self.join or self.dest}"


ACTION_TYPES: tuple[type[Action], ...] = (
    EndRound, Move, MoveLeader, Merge, Split, Recruit, Reinforce, Repatriate, Attack, Disperse,
    Regroup, Plunder, Hide, Entrench, Political, BuildLine, EndReconcentration, TradeCards,
    PlayCard, Discard, Decline, Counterattack, Intercept, DefendZapote, Relocate,
)
