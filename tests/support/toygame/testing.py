"""Helpers that build Skirmish sessions for tests."""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.core.game import Scenario
from engine.core.session import Session
from toygame.rules import SkirmishRules

BOARD = {
    "game": "skirmish",
    "kind": "board",
    "radius": 3,
    "max_turns": 6,
    "blocked": [[0, 0]],
    "orders": ["ambush", "rally", "flank"],
    "pieces": [
        {"id": "b1", "side": "blue", "name": "Blue Guard", "q": -2, "r": 1},
        {"id": "b2", "side": "blue", "name": "Blue Rifles", "q": -2, "r": 2},
        {"id": "r1", "side": "red", "name": "Red Guard", "q": 2, "r": -1},
        {"id": "r2", "side": "red", "name": "Red Rifles", "q": 2, "r": -2},
    ],
}


def scenario(**board: Any) -> Scenario:
    """The basic scenario; keyword arguments replace entries of the board document."""
    return Scenario("skirmish", "basic", "Skirmish", "skirmish/basic.yaml", "0" * 64,
                    {"board": {**BOARD, **board}})


def make_session(seed: int = 1, dice: Dice | None = None, **board: Any) -> Session:
    rules = SkirmishRules()
    sc = scenario(**board)
    return Session(rules, sc, seed, rules.new_game(sc, seed, dice))
