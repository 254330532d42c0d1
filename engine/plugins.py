"""The game registry: games are found through the entry-point group `wargames.games`.

A game package exposes `PLUGIN` (an `engine.core.game.GamePlugin`) and declares it in its
pyproject under `[project.entry-points."wargames.games"]`. Extra plugins can be named in the
environment variable WARGAMES_PLUGINS as "module:attribute" entries separated by commas (used by
the test suite's demo game).

Finding games is cheap: an entry point's name is its game's id, so `available()` lists them and
`get(game)` imports that game alone (a game package costs 75-120 ms to import, measured). Only
`discover()`, which returns every plugin object, imports them all. `LazyRegistry` is a mapping
of game ids whose values are built on first use (the launcher and `wargames validate` need one
game's schemas, not all of them).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from engine.core.game import GamePlugin

T = TypeVar("T")

GROUP = "wargames.games"


class PluginError(Exception):
    """A game that cannot be found or loaded."""


def load_object(ref: str) -> Any:
    """Import "package.module:attribute"."""
    module_name, _, attr = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr) if attr else module
    except (ImportError, AttributeError) as err:
        raise PluginError(f"cannot load {ref}: {err}") from err


def _entry_points() -> dict[str, str]:
    """Installed games: entry-point name (the game id) to "module:attribute"."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def _extra_refs() -> list[str]:
    return [r.strip() for r in os.environ.get("WARGAMES_PLUGINS", "").split(",") if r.strip()]


def _load_plugin(ref: str) -> GamePlugin:
    from engine.core.game import GamePlugin

    plugin = load_object(ref)
    if not isinstance(plugin, GamePlugin):
        raise PluginError(f"{ref} is not a GamePlugin")
    return plugin


def available() -> list[str]:
    """The ids of the installed games, sorted, without importing any (the extra plugins named
    in WARGAMES_PLUGINS are imported, as only their objects know their ids)."""
    ids = set(_entry_points())
    ids.update(_load_plugin(ref).id for ref in _extra_refs())
    return sorted(ids)


def discover() -> dict[str, GamePlugin]:
    """Every installed game, by id (imports them all)."""
    found: dict[str, GamePlugin] = {}
    for ref in [*_entry_points().values(), *_extra_refs()]:
        plugin = _load_plugin(ref)
        found[plugin.id] = plugin
    return dict(sorted(found.items()))


def get(game: str) -> GamePlugin:
    """The game `game`, importing only it when it is an installed entry point."""
    ref = _entry_points().get(game)
    if ref is not None:
        plugin = _load_plugin(ref)
        if plugin.id == game:
            return plugin
    games = discover()
    if game not in games:
        known = ", ".join(games) or "none installed"
        raise PluginError(f"unknown game '{game}' (known: {known})")
    return games[game]


class LazyRegistry(Mapping[str, T]):
    """A mapping from every available game id to a value built by `build(game)` on first use
    (and kept): listing the ids imports no game."""

    def __init__(self, build: Callable[[str], T]) -> None:
        self._build = build
        self._ids = available()
        self._built: dict[str, T] = {}

    def __getitem__(self, game: str) -> T:
        if game not in self._ids:
            raise KeyError(game)
        if game not in self._built:
            self._built[game] = self._build(game)
        return self._built[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


def scenario_files(plugin: GamePlugin) -> list[Path]:
    """The scenario manifests of a game (files whose `kind:` is `scenario`), sorted by name."""
    folder = Path(plugin.scenarios_dir)
    found = []
    for path in sorted(folder.glob("*.yaml")):
        head = path.read_text(encoding="utf-8", errors="replace")[:400]
        if any(line.strip() == "kind: scenario" for line in head.splitlines()):
            found.append(path)
    return found
