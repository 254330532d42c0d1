"""All randomness of a game: dice, shuffles and bag draws through one seeded PRNG.

The `Dice` object lives inside the game state, so copying the state copies the PRNG and a replay
from the same seed reproduces every roll. `ScriptedDice` lets a test force the rolls a rulebook
example states.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Die:
    """A die by its faces: a plain d6 is (1..6); an averaging die is (2, 3, 3, 4, 4, 5)."""

    name: str
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")


D6 = Die("d6", (1, 2, 3, 4, 5, 6))
AVERAGING = Die("averaging die", (2, 3, 3, 4, 4, 5))


@dataclass(frozen=True, slots=True)
class Roll:
    """One entry of the roll log."""

    die: str
    values: tuple[int, ...]
    purpose: str


class DiceExhaustedError(RuntimeError):
    """A scripted test asked for more rolls than it scripted."""


@dataclass
class Dice:
    """Seeded source of every random outcome in a game; records each roll in `log`."""

    seed: int
    log: list[Roll] = field(default_factory=list)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def roll(self, n: int = 1, die: Die = D6, purpose: str = "") -> tuple[int, ...]:
        """Roll `n` dice of kind `die`; returns the faces rolled, in order."""
        values = tuple(self._face(die) for _ in range(n))
        self.log.append(Roll(die.name, values, purpose))
        return values

    def roll_one(self, die: Die = D6, purpose: str = "") -> int:
        return self.roll(1, die, purpose)[0]

    def _face(self, die: Die) -> int:
        return die.faces[self._rng.randrange(len(die.faces))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a deck in place."""
        self._rng.shuffle(items)

    def draw(self, bag: MutableSequence[T]) -> T:
        """Take one item at random out of a bag (removing it)."""
        if not bag:
            raise IndexError("draw from an empty bag")
        return bag.pop(self._rng.randrange(len(bag)))

    def choice(self, items: Sequence[T]) -> T:
        return items[self._rng.randrange(len(items))]

    def __deepcopy__(self, memo: dict[int, Any]) -> Dice:
        """The same dice in a new object: the generator's state, the roll log and any scripted
        rolls, each list copied (their entries are immutable). A generic deep copy walked the
        generator's 625-word state value by value: a third of the time of a state copy."""
        new = copy.copy(self)
        memo[id(self)] = new
        for name, value in vars(self).items():
            if isinstance(value, random.Random):
                rng = random.Random()
                rng.setstate(value.getstate())
                setattr(new, name, rng)
            elif isinstance(value, list):
                setattr(new, name, list(value))
        return new

    def state_key(self) -> tuple[object, ...]:
        """A value that changes whenever the PRNG advances (used in state hashes)."""
        return (self.seed, len(self.log), self._rng.getstate()[1][:4])


class ScriptedDice(Dice):
    """Dice whose rolls come from a script, for rulebook examples and unit tests.

    Each scripted value must be a face of the die asked for. Shuffles and draws still use the
    seeded PRNG unless `draws` scripts which items come out of bags (matched by equality).
    """

    def __init__(self, rolls: Iterable[int] = (), draws: Iterable[object] = (), seed: int = 0):
        super().__init__(seed)
        self.script: list[int] = list(rolls)
        self.draw_script: list[object] = list(draws)

    def push(self, *values: int) -> None:
        self.script.extend(values)

    def _face(self, die: Die) -> int:
        if not self.script:
            raise DiceExhaustedError(f"no scripted roll left for {die.name}")
        value = self.script.pop(0)
        if value not in die.faces:
            raise ValueError(f"scripted roll {value} is not a face of {die.name} {die.faces}")
        return value

    def draw(self, bag: MutableSequence[T]) -> T:
        if not self.draw_script:
            return super().draw(bag)
        wanted = self.draw_script.pop(0)
        for i, item in enumerate(bag):
            if item == wanted:
                return bag.pop(i)
        raise ValueError(f"scripted draw {wanted!r} is not in the bag")
