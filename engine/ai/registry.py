"""Levels of play by name, for the command line, the launcher and `wargames simulate`.

Every game offers `random`; a game's plugin registers the others in `GamePlugin.agents` as
"module:factory" references, each factory taking `side` and `seed` (and `budget`, for the
search levels): `easy`, `normal` and `hard` in every game, `bot` in Filipinas. `ai` is the old
name of `easy`. A player
marked "computer" alone gets the game's default level: `normal` if it has one, else `easy`.
A level fit for some sides only (Filipinas' `bot` plays Spain) is listed with those sides in
the `LEVEL_SIDES` mapping of its factory's module (`side_levels`); a scenario made for a level
at some seat (Filipinas' solo scenario leaves Spain to the bot) is read by the module's
`SCENARIO_LEVELS` function (`scenario_levels`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from engine.ai.agent import Agent, RandomAgent
from engine.core.game import GamePlugin

if TYPE_CHECKING:
    # the search is imported with the levels that use it, not by the command line's checks
    # of level names (`wargames play` draws its board first: issue 27)
    from engine.ai.search import Budget
    from engine.core.game import Scenario

ALIASES = {"ai": "easy"}
SEARCH_LEVELS = ("normal", "hard")
"""The levels that search within a budget (engine.ai.search)."""
COMPUTER = "computer"


class UnknownLevel(ValueError):
    """A level name the game does not offer; the message lists the ones it does."""


def levels(plugin: GamePlugin) -> tuple[str, ...]:
    """The game's level names, aliases left out: easy, normal, hard, the game's own, random."""
    names = [n for n in plugin.agents if n not in ALIASES]
    order = {"easy": 0, "normal": 1, "hard": 2}
    names.sort(key=lambda n: order.get(n, len(order)))
    return (*names, "random")


def side_levels(plugin: GamePlugin, side: str) -> tuple[str, ...]:
    """The levels a computer seat of `side` may play at, in `levels` order: every level of the
    game but `random` (a test opponent, offered only by a game without levels of its own) and
    those its module's `LEVEL_SIDES` restricts to other sides."""
    found: list[str] = []
    for name in levels(plugin):
        if name == "random":
            if not found:
                found.append(name)
            continue
        module = plugin.agents[name].partition(":")[0]
        try:
            restricted: Any = getattr(importlib.import_module(module), "LEVEL_SIDES", {})
        except ImportError:
            continue
        sides = restricted.get(name) if isinstance(restricted, dict) else None
        if sides is None or side in sides:
            found.append(name)
    return tuple(found)


def scenario_levels(plugin: GamePlugin, scenario: Scenario) -> dict[str, str]:
    """The level a scenario is made for at some of its seats, by side (Filipinas' solo
    scenario: Spain's solo bot), as the `SCENARIO_LEVELS` function of a level's module reads
    the scenario; a level the seat does not offer is left out. The launcher and the online
    host dialog start those seats on it."""
    found: dict[str, str] = {}
    for module in dict.fromkeys(ref.partition(":")[0] for ref in plugin.agents.values()):
        try:
            reader: Any = getattr(importlib.import_module(module), "SCENARIO_LEVELS", None)
            named = reader(scenario) if callable(reader) else {}
        except Exception:  # a game's slip: its seats keep the launcher's defaults
            continue
        for side, level in dict(named).items():
            if side in plugin.sides and level in side_levels(plugin, side):
                found.setdefault(side, level)
    return found


LEVEL_NAMES = {"easy": "Computer (Easy)", "normal": "Computer (Normal)",
               "hard": "Computer (Hard)", "bot": "Solo bot (rulebook §10)",
               "random": "Computer (random moves)"}
"""The levels as a player reads them (the launcher, the load list)."""


def level_name(level: str) -> str:
    """A level as a player reads it: "Computer (Normal)", "Solo bot (rulebook §10)"."""
    return LEVEL_NAMES.get(level, f"Computer ({level.title()})")


def default_level(plugin: GamePlugin) -> str:
    """What "computer" alone means for this game."""
    for name in ("normal", "easy"):
        if name in plugin.agents:
            return name
    return next((n for n in plugin.agents if n not in ALIASES), "random")


def resolve(plugin: GamePlugin, name: str) -> str:
    """The level a name stands for: an alias or "computer" resolved, case ignored."""
    key = name.strip().lower()
    if key.startswith(COMPUTER + ":"):
        key = key.removeprefix(COMPUTER + ":")
    if key in ("", COMPUTER):
        return default_level(plugin)
    if ALIASES.get(key) in plugin.agents:
        key = ALIASES[key]
    if key != "random" and key not in plugin.agents:
        raise UnknownLevel(f"unknown level '{name}' for {plugin.id} "
                           f"(known: {', '.join(levels(plugin))})")
    return key


def player_level(player: str) -> str | None:
    """The level a player entry asks for ("computer", "computer:normal"), None for "human"."""
    key = player.strip().lower()
    if key == COMPUTER or key.startswith(COMPUTER + ":"):
        return key
    return None


def _load(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def make_agent(plugin: GamePlugin, name: str, side: str, seed: int,
               budget: Budget | None = None) -> Agent:
    """An agent by level name for `side`; `budget` applies to the search levels only."""
    level = resolve(plugin, name)
    if level == "random":
        return RandomAgent(seed, side=side)
    factory = _load(plugin.agents[level])
    if level in SEARCH_LEVELS and budget is not None:
        agent: Agent = factory(side=side, seed=seed, budget=budget)
    else:
        agent = factory(side=side, seed=seed)
    return agent
