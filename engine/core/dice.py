"""All randomness of a game: dice, shuffles, deals and bag draws through one `Dice` object.

The `Dice` object lives inside the game state. Three kinds:

- `Dice(seed)`: a seeded PRNG. Copying the state copies the PRNG and a replay from the same seed
  reproduces every roll: games started with `--seed`, tests, simulations and the computer's
  search (whose determinizations reseed the dice) are exactly reproducible.
- `FreshDice`: a game played for real (started without a seed). Each outcome is drawn from the
  operating system's randomness at the moment it is needed, never before, so nothing in the
  state or in a save foretells a roll, a deal or a draw to come. Every outcome drawn is
  recorded (`take`); the session keeps them with the action that drew them, writes them to the
  save, and gives them back (`replay`) whenever that action is applied again (undo/redo, a
  position rebuilt, a save loaded), so a past roll is never rolled again either.
- `ScriptedDice`: the rolls a rulebook example states, for tests.

The top card of a deck is taken with `deal`: the seeded dice take the last card of the list (the
top of the deck the shuffle made), fresh dice a card at random from it, so even a deck's order
in a save foretells nothing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

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

    def deal(self, deck: MutableSequence[T]) -> T:
        """Take the top card of a shuffled deck (the last item of the list)."""
        if not deck:
            raise IndexError("deal from an empty deck")
        return deck.pop()

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


class RecordedRollsError(RuntimeError):
    """Recorded outcomes that do not fit the draws of the action replaying them (a save whose
    rolls were changed, or an action that draws differently than when it was played)."""


SYSTEM: Final = random.SystemRandom()
"""The operating system's randomness (`os.urandom`), the source of every fresh outcome."""


class FreshDice(Dice):
    """Dice of a game played for real: every outcome is drawn from `source` (the operating
    system's randomness) when the rules ask for it, and recorded.

    `replay(values)` gives back the outcomes an action drew when it was played; the next draws
    take them in order (each must fit its draw), then, unless `exact`, fresh ones. `take()`
    hands the outcomes drawn since the last call to the session and ends the replay. A copy of
    the state shares the source, not the outcomes: what a copy draws is its own.
    """

    def __init__(self, seed: int = 0, source: random.Random | None = None) -> None:
        # No PRNG of our own: a copy of the state costs two short lists.
        self.seed = seed
        self.log = []
        self._rng = source if source is not None else SYSTEM
        self.used = 0
        """Outcomes drawn since the game was set up (the state hash includes it)."""
        self._drawn: list[int] = []
        self._recorded: list[int] = []
        """Outcomes to give back, the next one last."""
        self._exact = False

    def replay(self, values: Sequence[int], exact: bool = True) -> None:
        """Give back `values` to the next draws, in order. `exact`: every draw must take one
        of them (else RecordedRollsError); otherwise draws go on freshly when they run out or
        one does not fit (a rebuilt game whose files changed)."""
        self._recorded = list(reversed(values))
        self._exact = exact

    def take(self) -> tuple[tuple[int, ...], int]:
        """The outcomes drawn since the last call, and how many given back were not used;
        ends the replay."""
        drawn, left = tuple(self._drawn), len(self._recorded)
        self._drawn, self._recorded, self._exact = [], [], False
        return drawn, left

    def _below(self, n: int) -> int:
        """An outcome among `n`: 0 <= outcome < n."""
        if n <= 1:
            if n < 1:
                raise ValueError("a draw among no outcomes")
            return 0
        if self._recorded:
            value = self._recorded.pop()
            if not 0 <= value < n:
                if self._exact:
                    raise RecordedRollsError(f"a recorded outcome ({value}) is not one of {n}")
                self._recorded.clear()
                value = self._rng.randrange(n)
        elif self._exact:
            raise RecordedRollsError("the recorded outcomes ran out")
        else:
            value = self._rng.randrange(n)
        self._drawn.append(value)
        self.used += 1
        return value

    def _face(self, die: Die) -> int:
        return die.faces[self._below(len(die.faces))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def draw(self, bag: MutableSequence[T]) -> T:
        if not bag:
            raise IndexError("draw from an empty bag")
        return bag.pop(self._below(len(bag)))

    def choice(self, items: Sequence[T]) -> T:
        return items[self._below(len(items))]

    def deal(self, deck: MutableSequence[T]) -> T:
        """A card at random from the deck: its order, which a save holds, decides nothing."""
        if not deck:
            raise IndexError("deal from an empty deck")
        return deck.pop(self._below(len(deck)))

    def __deepcopy__(self, memo: dict[int, Any]) -> FreshDice:
        new = copy.copy(self)
        memo[id(self)] = new
        new.log = list(self.log)
        new._drawn = list(self._drawn)
        new._recorded = list(self._recorded)
        return new

    def state_key(self) -> tuple[object, ...]:
        return ("fresh", len(self.log), self.used)


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
