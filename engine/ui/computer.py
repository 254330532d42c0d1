"""The computer at the table: its moves told in the game's words (engine.ai.reasons), and the
hint a human side may ask for ("What would the computer do?").

The game screen (`GameScene`) asks `tell_move` for the log's reason line of each computer move
(it goes before the move's results, in its own colour, its statistics opened by a click or a
hover), and runs a `Hint` for the human side deciding now. A hint is the game's Normal level
thinking on that side's own observation (engine.ai.agent.Seat builds it from the position:
the other side's hidden cards are redrawn, never read), on the screen's worker thread, so the
window keeps drawing while it thinks.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from engine.ai.reasons import Asked, GameReasons, Told, tell
from engine.ai.registry import default_level, make_agent
from engine.core.actions import Action
from engine.core.game import GamePlugin, Rules
from engine.plugins import PluginError, load_object

HINT_LEVEL = "normal"
"""The level that answers a hint (the game's default when it has no Normal)."""


def game_reasons(plugin: GamePlugin) -> GameReasons | None:
    """The game's words for its moves (its plugin's `reasons`), None when it has none or they
    cannot be loaded (the actions are then told as the screen names them)."""
    if not plugin.reasons:
        return None
    try:
        found: GameReasons = load_object(plugin.reasons)
    except PluginError:
        return None
    return found


def level_of(plugin: GamePlugin, player: str | None) -> str:
    """The level a players entry plays at ("computer:hard" -> "hard"; "computer" alone -> the
    game's default level)."""
    kind = player or ""
    if not kind.startswith("computer"):
        return ""
    return kind.partition(":")[2] or default_level(plugin)


def trivial(agent: object) -> bool:
    """Whether the agent's last choice needs no reason in the log: the only answer it had,
    or one picked at random (the log's own line says what was done)."""
    reason = str(getattr(agent, "last_reason", "") or "")
    return reason.endswith((": the only answer", ": picked at random"))


def tell_move(reasons: GameReasons | None, asked: Asked) -> Told:
    """The reason line and detail of a move; a game's words that fail leave the plain ones (a
    slip in a game's reasons must never stop the game)."""
    try:
        return tell(reasons, asked)
    except Exception:  # the boundary: the move is played and logged all the same
        return tell(None, asked)


def asked_of(rules: Rules[Any], state: Any, side: str, action: Action, agent: object,
             label: Callable[[Action], str], level: str) -> Asked:
    """The question for `tell_move` about `agent`'s last choice `action`."""
    return Asked(rules, state, side, action, label,
                 values=tuple(getattr(agent, "last_values", ()) or ()),
                 detail=str(getattr(agent, "last_detail", "") or ""),
                 own=str(getattr(agent, "last_reason", "") or ""), level=level)


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint's answer: the action, what the level's statistics were, for the words."""

    action: Action
    values: tuple[Any, ...]
    detail: str
    own: str


class Hint:
    """One request of "What would the computer do?" for the side deciding now: asked for the
    position at `key` (the history length), answered on the worker thread."""

    def __init__(self, plugin: GamePlugin, side: str, key: int, seed: int) -> None:
        self.plugin = plugin
        self.side = side
        self.key = key
        self.seed = seed
        self.future: Future[Suggestion] | None = None

    def start(self, executor: Executor, rules: Rules[Any], state: Any,
              legal: list[Action]) -> None:
        """Think on a copy of the position: the level's seat builds the side's observation
        from it, so only what that side may see is used."""
        level = HINT_LEVEL if HINT_LEVEL in self.plugin.agents else default_level(self.plugin)
        seat = make_agent(self.plugin, level, self.side, self.seed)
        position = copy.deepcopy(state)

        def think() -> Suggestion:
            action = seat.choose(rules, position, list(legal))
            return Suggestion(action, tuple(getattr(seat, "last_values", ()) or ()),
                              str(getattr(seat, "last_detail", "") or ""),
                              str(getattr(seat, "last_reason", "") or ""))

        self.future = executor.submit(think)

    @property
    def level(self) -> str:
        return HINT_LEVEL if HINT_LEVEL in self.plugin.agents else default_level(self.plugin)

    def done(self) -> bool:
        return self.future is not None and self.future.done()

    def result(self) -> Suggestion | None:
        """The suggestion, None while thinking or when the level failed."""
        if self.future is None or not self.future.done() or self.future.cancelled():
            return None
        try:
            return self.future.result()
        except Exception:  # a level that breaks gives no hint, never a crash
            return None

    def cancel(self) -> None:
        if self.future is not None:
            self.future.cancel()
