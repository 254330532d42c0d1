"""The hint for a human side ("What would the computer do?"), wherever it is asked: at one
screen (`engine.ui.computer.Hint`, on the screen's worker thread) or of a server
(`engine.net.host.GameHost.suggest`, on its computer seats' worker). Both ask the same level,
refuse for the same reasons and think the same way: the level's seat builds the side's
observation from the position (what the side may not see is redrawn, never read)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.ai.registry import default_level, make_agent
from engine.core.actions import Action
from engine.core.game import Decision, GamePlugin

if TYPE_CHECKING:
    from engine.ai.search import Budget

HINT_LEVEL = "normal"
"""The level that answers a hint (the game's default when it has no Normal)."""


def hint_level(plugin: GamePlugin) -> str:
    return HINT_LEVEL if HINT_LEVEL in plugin.agents else default_level(plugin)


def why_no_hint(plugin: GamePlugin, decision: Decision, legal: Sequence[Action]) -> str:
    """Why a decision gets no hint whoever asks ("" when it may): the players' own options,
    nothing to choose, no computer level in the game."""
    if decision.table:
        return "The game's options are chosen by the players."
    if not any(not a.concession for a in legal):
        return "There is nothing to choose."
    if not plugin.agents:
        return "This game has no computer opponent to ask."
    return ""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint's answer: the action and the level's statistics behind it."""

    action: Action
    values: tuple[Any, ...]
    detail: str
    own: str


def suggest(plugin: GamePlugin, side: str, seed: int, budget: Budget | None, state: Any,
            legal: list[Action]) -> Suggestion:
    """Think for `side` on `state` (a copy the caller gives away) and answer: the hint level's
    seat reduces it to the side's own observation. Blocks for the level's time."""
    seat = make_agent(plugin, hint_level(plugin), side, seed, budget)
    action = seat.choose(plugin.rules, state, legal)
    return Suggestion(action, tuple(getattr(seat, "last_values", ()) or ()),
                      str(getattr(seat, "last_detail", "") or ""),
                      str(getattr(seat, "last_reason", "") or ""))
