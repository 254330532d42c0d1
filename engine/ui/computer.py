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
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from engine.ai.hint import HINT_LEVEL as HINT_LEVEL  # the screens and tests read them here
from engine.ai.hint import Suggestion as Suggestion
from engine.ai.hint import hint_level, suggest
from engine.ai.reasons import Asked, GameReasons, Told
from engine.ai.reasons import asked_of as asked_of  # the screens read them here
from engine.ai.reasons import game_reasons as game_reasons  # the screens read them here
from engine.ai.reasons import tell_move as tell_move
from engine.ai.reasons import trivial as trivial
from engine.ai.registry import default_level
from engine.core.actions import Action
from engine.core.game import GamePlugin, Rules

if TYPE_CHECKING:
    # the search comes with the agents, after the game's first frame (issue 27)
    from engine.ai.search import Budget


def level_of(plugin: GamePlugin, player: str | None) -> str:
    """The level a players entry plays at ("computer:hard" -> "hard"; "computer" alone -> the
    game's default level)."""
    kind = player or ""
    if not kind.startswith("computer"):
        return ""
    return kind.partition(":")[2] or default_level(plugin)


HINT_BUDGET: Budget | None = None
"""The hint's budget: None plays the level's own (Normal: 2 s on both cores); tests give a
number of iterations."""


class Hint:
    """One request of "What would the computer do?" for the side deciding now, at the position
    `key` (the history's length), answered on a worker thread."""

    def __init__(self, plugin: GamePlugin, side: str, key: int, seed: int) -> None:
        self.plugin = plugin
        self.side = side
        self.key = key
        self.seed = seed
        self.started = time.monotonic()
        self.future: Future[Suggestion] | None = None

    @property
    def level(self) -> str:
        return hint_level(self.plugin)

    def start(self, executor: Executor, rules: Rules[Any], state: Any,
              legal: list[Action]) -> None:
        """Think on a copy of the position (`engine.ai.hint.suggest`): only what this side
        may see is used."""
        self.future = executor.submit(suggest, self.plugin, self.side, self.seed, HINT_BUDGET,
                                      copy.deepcopy(state), list(legal))

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


class Advisor:
    """The hint of one game screen: asked for the human side deciding now, thinking on its own
    worker thread, then its answer marked on the board (`marks`) and told in the game's words
    (`told`) until the position changes."""

    def __init__(self, plugin: GamePlugin, reasons: GameReasons | None) -> None:
        self.plugin = plugin
        self.reasons = reasons
        self.hint: Hint | None = None
        self.action: Action | None = None
        self.told: Told | None = None
        self.marks: frozenset[str] = frozenset()
        self._executor: ThreadPoolExecutor | None = None

    @property
    def thinking(self) -> bool:
        return self.hint is not None and self.action is None and self.told is None

    def ask(self, side: str, key: int, seed: int, rules: Rules[Any], state: Any,
            legal: list[Action]) -> None:
        """Start thinking for `side` at the position `key` (a hint already asked there is
        kept)."""
        if self.hint is not None and self.hint.key == key and self.hint.side == side:
            return
        self.clear()
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.hint = Hint(self.plugin, side, key, seed)
        self.hint.start(self._executor, rules, state, legal)

    def seconds(self) -> float:
        return time.monotonic() - self.hint.started if self.hint is not None else 0.0

    def settle(self, rules: Rules[Any], state: Any, label: Callable[[Action], str],
               targets: Callable[[Action], Sequence[str]] | None) -> bool:
        """Once the thinking is over: the answer, its words and its marks (True when this
        call found them)."""
        hint = self.hint
        if hint is None or not self.thinking or not hint.done():
            return False
        found = hint.result()
        if found is None:
            self.told = Told("The computer found no answer to suggest.")
            return True
        self.action = found.action
        asked = Asked(rules, state, hint.side, found.action, label, found.values, found.detail,
                      found.own, hint.level, hint=True)
        self.told = tell_move(self.reasons, asked)
        self.marks = frozenset(targets(found.action)) if targets is not None else frozenset()
        return True

    def stale(self, side: str | None, key: int) -> bool:
        """Whether the hint is for another position or side than the one deciding now."""
        return self.hint is not None and (self.hint.key != key or self.hint.side != side)

    def clear(self) -> None:
        if self.hint is not None and self.hint.future is not None:
            self.hint.future.cancel()
        self.hint, self.action, self.told, self.marks = None, None, None, frozenset()

    def close(self) -> None:
        self.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
