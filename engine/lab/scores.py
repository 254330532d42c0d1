"""What the lab records of a game while it is played: the action kinds chosen and, at every turn
end, the game's own per-turn score.

The score comes from an optional `Rules` method, `turn_scores(state)`, which a game provides to
say what its scoreboard is (victory points, provinces, morale): a mapping of metric name to
{side: value}. A game without it still gets every other chart; its report says the score by
turn is not available. The lab never digs into a game's state or view itself, so it cannot
misread one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.core.actions import Action

Scoreboard = dict[str, dict[str, float]]


class TurnScores(Protocol):
    """The optional hook: metric name -> side -> value, for the state as it stands."""

    def turn_scores(self, state: Any) -> Mapping[str, Mapping[str, float]]: ...


def scoreboard(rules: Any, state: Any) -> Scoreboard | None:
    """The game's per-turn score now, or None when its rules offer no `turn_scores`."""
    hook = getattr(rules, "turn_scores", None)
    if hook is None:
        return None
    board: Mapping[str, Mapping[str, float]] = hook(state)
    return {metric: {side: float(v) for side, v in values.items()}
            for metric, values in board.items()}


def action_kind(side: str, action: Action) -> str:
    """The name an action is counted under for "decisive events": the deciding side and the
    action's type, refined by the card when the action plays one (a card is the designer's
    unit of change; a destination hex or a unit id would split every kind into noise)."""
    card = getattr(action, "card", None)
    name = type(action).__name__
    if isinstance(card, str) and card:
        name = f"{name} {card}"
    return f"{side}: {name}"
