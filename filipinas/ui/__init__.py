"""The game screen of Filipinas: the board drawn from the scenario (`board`, `paint`, `layout`),
counter art (`art`), piles and tooltips (`pieces`), clicks (`clicks`), labels (`labels`) and the
player aid (`aid`), put together as a `GameUI` by `gameui`."""

from filipinas.ui.gameui import FilipinasUI, create

__all__ = ["FilipinasUI", "create"]
