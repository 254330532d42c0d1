"""Loading a game's scenario through its schemas, for the command line and the launcher."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path

from engine import plugins
from engine.core.game import GamePlugin, Scenario
from engine.data.schema import ScenarioError, SchemaSet, load_scenario, validate_files
from engine.paths import scenario_ref


class LoadError(Exception):
    """A scenario that cannot be loaded; the message lists every problem found."""


def schema_set(plugin: GamePlugin) -> SchemaSet:
    found = plugins.load_object(plugin.schemas)
    if not isinstance(found, SchemaSet):
        raise plugins.PluginError(f"{plugin.schemas} is not a SchemaSet")
    return found


def schema_sets() -> Mapping[str, SchemaSet]:
    """The YAML schemas of every installed game, by game id (each game imported on first
    use, so checking one game's files imports only that game)."""
    return plugins.LazyRegistry(lambda game: schema_set(plugins.get(game)))


def default_scenario(plugin: GamePlugin) -> Path:
    return Path(plugin.scenarios_dir) / plugin.default_scenario


def load_game_scenario(plugin: GamePlugin, path: Path | None = None) -> Scenario:
    """Load and validate a scenario manifest of `plugin` (its default one when `path` is None).

    The scenario's `path` becomes the reference saves store (relative to scenarios/ when inside).
    """
    manifest = path if path is not None else default_scenario(plugin)
    if not manifest.is_file():
        raise LoadError(f"{manifest}: no such scenario file")
    try:
        scenario = load_scenario(manifest, schema_set(plugin))
    except ScenarioError as err:
        raise LoadError(str(err)) from None
    return dataclasses.replace(scenario, path=scenario_ref(manifest))


def validate_paths(paths: Sequence[Path]) -> list[str]:
    """Every problem in the given YAML files, rendered as `file:line:col: message` blocks."""
    sets = schema_sets()
    return [p.render() for p in validate_files(list(paths), sets)]
