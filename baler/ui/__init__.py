"""The game screen of Heroes of Baler: the board drawn from the scenario, the hand of cards, the
dice and the clicks that answer every decision (engine.ui.adapter.GameUI)."""

from baler.ui.gameui import BalerUI, create

__all__ = ["BalerUI", "create"]
