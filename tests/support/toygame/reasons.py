"""Skirmish's words for the computer's moves: the screen's labels and the level's own reason;
a move, an attack and the end of the turn show nothing hidden, an order card does."""

from __future__ import annotations

from engine.ai.reasons import Asked, PlainReasons
from toygame.rules import Attack, EndTurn, Move


class SkirmishReasons(PlainReasons):
    def shown(self, asked: Asked) -> bool:
        return isinstance(asked.action, Move | Attack | EndTurn)

    def hidden(self, asked: Asked) -> str:
        return "Gives a hidden order"


REASONS = SkirmishReasons()
