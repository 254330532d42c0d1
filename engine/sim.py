"""Headless playouts: one game to its end with the invariants checked (the soak and contract
tests), one seed as a lab record (`wargames simulate`, engine/lab), and a serial run of many."""

from __future__ import annotations

import hashlib
import json
import random
import time
import traceback
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, TextIO

from engine.ai import registry
from engine.ai.agent import Agent
from engine.core.actions import Action
from engine.core.game import GamePlugin, Rules, Scenario, stable_hash
from engine.core.session import Session
from engine.lab.records import GameRecord, Matchup
from engine.lab.scores import action_kind, scoreboard

MAX_ACTIONS = 100_000


class PlayoutError(Exception):
    """A playout that broke a rule of the contract (an invariant, an endless game)."""


@dataclass(slots=True)
class Summary:
    game: str
    games: int = 0
    completed: int = 0
    errors: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "wins": self.wins,
            "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns else 0,
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else 0,
        }

    @classmethod
    def of(cls, game: str, factions: Iterable[str], records: Iterable[GameRecord],
           seconds: float, err: TextIO | None = None) -> Summary:
        """The totals of `records` (in seed order); failed playouts go to `err`."""
        summary = cls(game, wins={**{s: 0 for s in factions}, "draw": 0}, seconds=seconds)
        for record in records:
            summary.games += 1
            if not record.completed:
                summary.errors += 1
                if err is not None:
                    err.write(f"seed {record.seed}: playout failed\n{record.error}\n")
                continue
            summary.completed += 1
            key = record.winner or "draw"
            summary.wins[key] = summary.wins.get(key, 0) + 1
            summary.turns.append(record.turns)
            summary.actions += record.actions
        return summary


def make_agent(plugin: GamePlugin, name: str, side: str, seed: int) -> Agent:
    """An agent by level name (engine.ai.registry): "random", "easy", "normal", a game's own
    such as Filipinas' "bot", "ai" (the old name of easy) or "computer" (the default level)."""
    try:
        return registry.make_agent(plugin, name, side, seed)
    except registry.UnknownLevel as err:
        raise ValueError(str(err)) from None


def playout(
    plugin: GamePlugin,
    scenario: Scenario,
    seed: int,
    agents: Mapping[str, Agent],
    check: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> Session:
    """Play one game to its end; with `check`, test the invariants after every action. The
    session keeps its undo copies lazily (`Session`): built only if it is looked back on."""
    session = Session(plugin.rules, scenario, seed, lazy_checkpoints=True)
    play_to_end(session, agents, check=check, max_actions=max_actions)
    return session


def play_to_end(
    session: Session,
    agents: Mapping[str, Agent],
    *,
    check: bool = True,
    max_actions: int = MAX_ACTIONS,
    watch: Callable[[Session, str, Action], None] | None = None,
) -> None:
    """Let `agents` play `session` until it has a result; `watch(session, side, action)` is told
    of each action once it is applied (before the invariants are checked). Without `check`,
    an action the agent picked out of the legal list is applied without being checked again
    (`Session.play(listed=True)`); with it, `apply` checks every action as it always does."""
    rules = session.rules
    while session.result() is None:
        legal = rules.legal_actions(session.state)
        if not legal:
            raise PlayoutError("no legal action but the game has no result")
        if len(session.history) >= max_actions:
            raise PlayoutError(f"no result after {max_actions} actions")
        side = session.state.decision.player
        action = agents[side].choose(rules, session.state, legal)
        listed = not check and any(map(is_, legal, repeat(action)))
        session.play(action, check_legal=False, listed=listed)
        if watch is not None:
            watch(session, side, action)
        if check:
            broken = rules.check_invariants(session.state)
            if broken:
                raise PlayoutError(
                    f"after action {len(session.history)} ({action.describe()}): "
                    + "; ".join(broken)
                )


class _Recorder:
    """A random agent (its own PRNG, never a concession while anything else is legal) that feeds
    every legal list it is offered into a digest, for `fingerprint`."""

    def __init__(self, seed: int, digest: Any) -> None:
        self._rng = random.Random(seed)
        self._digest = digest

    def choose(self, rules: Rules[Any], state: Any, legal: list[Action]) -> Action:
        self._digest.update(repr(legal).encode())
        options = [a for a in legal if not a.concession] or legal
        return options[self._rng.randrange(len(options))]


def fingerprint(plugin: GamePlugin, scenario: Scenario, seed: int, *, check: bool = True,
                every: int = 250) -> dict[str, Any]:
    """What a seeded random playout did, in a few digests: the actions chosen, every legal list
    offered, every event, the state hash every `every` actions and at the end, each side's final
    view and the result. A change that must not touch the rules (an optimisation) keeps all of
    them equal; tools/playout_oracle.py records and compares them."""
    legal_digest, action_digest, event_digest = (hashlib.sha256() for _ in range(3))
    hashes: list[str] = []
    agents: dict[str, Agent] = {
        side: _Recorder(seed * 10 + i, legal_digest) for i, side in enumerate(plugin.sides)
    }

    def watch(session: Session, side: str, action: Action) -> None:
        action_digest.update(json.dumps(action.to_json(), sort_keys=True).encode())
        entry = session.history[-1]
        for event in entry.events:
            event_digest.update(type(event).__name__.encode())
            event_digest.update(stable_hash(event).encode())
        if len(session.history) % every == 0:
            hashes.append(session.state_hash())

    session = Session(plugin.rules, scenario, seed)
    play_to_end(session, agents, check=check, watch=watch)
    result = session.result()
    assert result is not None
    rules = plugin.rules
    return {
        "actions": len(session.history),
        "turn": session.state.turn,
        "result": [result.winner, result.reason,
                   [[k, v] for k, v in sorted(result.scores.items())]],
        "action_digest": action_digest.hexdigest()[:32],
        "legal_digest": legal_digest.hexdigest()[:32],
        "event_digest": event_digest.hexdigest()[:32],
        "state_hashes": hashes,
        "final_hash": session.state_hash(),
        "views": {side: stable_hash(rules.view(session.state, side)) for side in plugin.sides},
    }


def play_game(matchup: Matchup, seed: int) -> GameRecord:
    """Play `seed` to its end and keep what the lab reports: the result, the action kinds chosen
    and the game's scoreboard at each turn end. A failed playout is a record with its traceback,
    never an exception, so one broken seed does not stop a run."""
    plugin, rules = matchup.plugin, matchup.plugin.rules
    record = GameRecord(seed)
    start = time.perf_counter()
    last_turn: list[int] = []

    def watch(session: Session, seat: str, action: Action) -> None:
        kind = action_kind(matchup.faction_of(seat), action)
        record.kinds[kind] = record.kinds.get(kind, 0) + 1
        turn = session.state.turn
        if last_turn and turn != last_turn[0]:
            # the turn just changed: the scoreboard now is the one at the end of the last turn
            _score(rules, session.state, last_turn[0], record)
        last_turn[:] = [turn]

    session: Session | None = None
    try:
        seats = dict(zip(plugin.sides, _cycle(matchup.agents, len(plugin.sides)), strict=True))
        agents = {s: make_agent(plugin, n, s, seed) for s, n in seats.items()}
        session = Session(rules, matchup.scenario, seed, lazy_checkpoints=True)
        last_turn.append(session.state.turn)
        play_to_end(session, agents, watch=watch)
    except Exception:
        record.error = traceback.format_exc()
    if session is not None:
        record.turns = session.state.turn
        record.actions = len(session.history)
        result = session.result()
        if result is not None:
            record.winner, record.reason = result.winner, result.reason
            record.final_scores = dict(result.scores)
            _score(rules, session.state, session.state.turn, record)
    record.seconds = time.perf_counter() - start
    return record


def _score(rules: Any, state: Any, turn: int, record: GameRecord) -> None:
    board = scoreboard(rules, state)
    if board is not None:
        if record.scores and record.scores[-1][0] == turn:
            record.scores[-1] = (turn, board)
        else:
            record.scores.append((turn, board))


def _cycle(names: tuple[str, ...], count: int) -> list[str]:
    return [names[i % len(names)] for i in range(count)]


def simulate(
    plugin: GamePlugin,
    scenario: Scenario,
    games: int,
    seed: int,
    agent_names: list[str],
    err: TextIO,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Run `games` playouts in this process with seeds seed, seed+1, …; errors are counted and
    reported to `err` (`wargames simulate` runs them in parallel through engine.lab.runner)."""
    matchup = Matchup(plugin, scenario, tuple(agent_names))
    records = []
    start = time.perf_counter()
    for i in range(games):
        records.append(play_game(matchup, seed + i))
        if progress:
            progress(i + 1)
    return Summary.of(plugin.id, matchup.factions, records, time.perf_counter() - start, err)
