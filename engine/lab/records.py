"""One played game as the lab keeps it: plain values only, so it travels between processes (and
Ray workers) by pickle and a report built from the same records is always the same."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.game import GamePlugin, Scenario
from engine.lab.scores import Scoreboard


@dataclass(frozen=True, slots=True)
class Matchup:
    """What a worker needs to play a game: the game, the scenario and an agent name per seat
    (in the order of `plugin.sides`)."""

    plugin: GamePlugin
    scenario: Scenario
    agents: tuple[str, ...]

    @property
    def factions(self) -> tuple[str, ...]:
        """The sides that can win, in seat order: a game whose seats are shared by several
        players of one side (La Guerra de España's four seats) maps seats to sides with
        `rules.side_of`."""
        return tuple(dict.fromkeys(self.faction_of(s) for s in self.plugin.sides))

    def faction_of(self, seat: str) -> str:
        side_of = getattr(self.plugin.rules, "side_of", None)
        return str(side_of(seat)) if side_of is not None else seat


@dataclass(slots=True)
class GameRecord:
    """The outcome of one seed. `error` holds the traceback of a playout that failed; its other
    fields are then as far as the game got.

    `scores` lists (turn, scoreboard) at every turn end and at the end of the game, when the
    rules offer `turn_scores`. `kinds` counts the action kinds chosen (scores.action_kind)."""

    seed: int
    winner: str | None = None
    reason: str = ""
    turns: int = 0
    actions: int = 0
    final_scores: dict[str, int] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    scores: list[tuple[int, Scoreboard]] = field(default_factory=list)
    error: str = ""
    seconds: float = 0.0

    @property
    def completed(self) -> bool:
        return not self.error


Task = tuple[int, int]  # (index of the matchup, seed)


@dataclass(frozen=True, slots=True)
class Plan:
    """Every matchup (one per scenario compared) is played with the same seeds."""

    matchups: tuple[Matchup, ...]
    seeds: tuple[int, ...]

    @property
    def tasks(self) -> list[Task]:
        return [(i, seed) for i in range(len(self.matchups)) for seed in self.seeds]
