"""The game screen of La Guerra de España: the hex map of Spain drawn from the scenario
(`board`, `printing`), the province-control mini-map (`minimap`, `markers`), counter art
(`pieces`), clicks (`clicks`), labels and status lines (`labels`, `status`) and the player aid
(`aid`), put together as a `GameUI` by `gameui`."""

from guerra.ui.gameui import GuerraUI, create

__all__ = ["GuerraUI", "create"]
