"""The game registry: games are found through the entry-point group `wargames.games`.

A game package exposes `PLUGIN` (an `engine.core.game.GamePlugin`) and declares it in its
pyproject under `[project.entry-points."wargames.games"]`. Extra plugins can be named in the
environment variable WARGAMES_PLUGINS as "module:attribute" entries separated by commas (used by
the test suite's demo game).
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from engine.core.game import GamePlugin

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


def discover() -> dict[str, GamePlugin]:
    """Every installed game, by id."""
    found: dict[str, GamePlugin] = {}
    refs = [ep.value for ep in entry_points(group=GROUP)]
    refs += [r.strip() for r in os.environ.get("WARGAMES_PLUGINS", "").split(",") if r.strip()]
    for ref in refs:
        plugin = load_object(ref)
        if not isinstance(plugin, GamePlugin):
            raise PluginError(f"{ref} is not a GamePlugin")
        found[plugin.id] = plugin
    return dict(sorted(found.items()))


def get(game: str) -> GamePlugin:
    games = discover()
    if game not in games:
        known = ", ".join(games) or "none installed"
        raise PluginError(f"unknown game '{game}' (known: {known})")
    return games[game]


def scenario_files(plugin: GamePlugin) -> list[Path]:
    """The scenario manifests of a game (files whose `kind:` is `scenario`), sorted by name."""
    folder = Path(plugin.scenarios_dir)
    found = []
    for path in sorted(folder.glob("*.yaml")):
        head = path.read_text(encoding="utf-8", errors="replace")[:400]
        if any(line.strip() == "kind: scenario" for line in head.splitlines()):
            found.append(path)
    return found
