"""Loading a game's scenario through its schemas, and a saved game through its scenario, for the
command line and the launcher.

These are the edges of DESIGN.md §8 ("Error boundaries"): whatever a file holds, what comes out
is a scenario, a session, or one `LoadError`/`SaveError` whose message is fit to show.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from engine import plugins
from engine.core.files import display, is_regular_file, printable, read_limited
from engine.paths import scenario_path, scenario_ref

if TYPE_CHECKING:
    # The schemas (pydantic) and saves are imported by the functions that use them: the
    # launcher reads scenario descriptions through this module before any game is loaded.
    from engine.core.game import GamePlugin, Scenario
    from engine.core.saves import SaveFile
    from engine.core.session import Session
    from engine.data.schema import SchemaSet, ValidDoc
    from engine.data.yamlio import Problem

ScenarioLoader = Callable[["GamePlugin", Path], "Scenario"]
MANIFEST_SUFFIXES = (".yaml", ".yml")
DESCRIPTION_LIMIT = 4000
"""A scenario description longer than this is cut (it is drawn under a button)."""


class LoadError(Exception):
    """A scenario that cannot be loaded; the message lists the problems found (the first
    hundred, then how many more), `problems` all of them (empty when the files could not be
    read as a scenario at all)."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


def schema_set(plugin: GamePlugin) -> SchemaSet:
    from engine.data.schema import SchemaSet

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


def scenario_description(path: Path) -> str:
    """The `description:` of a scenario manifest, made safe to draw ("" when there is none or
    the file cannot be read as YAML: the button still starts it, and loading says why)."""
    try:
        text = read_limited(path, 1 << 20).decode("utf-8", "replace")
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, yaml.YAMLError, RecursionError, ValueError):
        return ""
    description = data.get("description") if isinstance(data, dict) else None
    return printable(" ".join(description.split()))[:DESCRIPTION_LIMIT] \
        if isinstance(description, str) else ""


def load_game_scenario(plugin: GamePlugin, path: Path | None = None) -> Scenario:
    """Load and validate a scenario manifest of `plugin` (its default one when `path` is None).

    The scenario's `path` becomes the reference saves store (relative to scenarios/ when inside).
    A scenario whose files and code are those of an earlier full load comes from the cache of
    checked scenarios (`engine.scenario_cache`) without being checked again.
    """
    from engine import scenario_cache

    manifest = path if path is not None else default_scenario(plugin)
    if is_regular_file(manifest):
        cached = scenario_cache.lookup(plugin, manifest, scenario_ref(manifest))
        if cached is not None:
            return cached
    scenario = load_game_scenario_documents(plugin, path)[0]
    scenario_cache.store(plugin, manifest, scenario)
    return scenario


def load_game_scenario_documents(plugin: GamePlugin, path: Path | None = None
                                 ) -> tuple[Scenario, list[ValidDoc]]:
    """`load_game_scenario`, and the documents of the scenario as they were read and checked
    (the manifest first): the position editor copies these, never the files again."""
    from engine.data.schema import ScenarioError, load_scenario_documents

    manifest = path if path is not None else default_scenario(plugin)
    if not is_regular_file(manifest):
        raise LoadError(f"{display(manifest)}: no such scenario file")
    try:
        scenario, documents = load_scenario_documents(manifest, schema_set(plugin))
        return dataclasses.replace(scenario, path=scenario_ref(manifest)), documents
    except ScenarioError as err:
        raise LoadError(str(err), err.problems) from None
    except plugins.PluginError:
        raise
    except Exception as err:  # the boundary: any other failure is one line, never a traceback
        raise LoadError(f"{display(manifest)}: cannot load the scenario "
                        f"({type(err).__name__})") from None


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A save file restored: its game, its entries and the session it rebuilds."""

    plugin: GamePlugin
    save: SaveFile
    session: Session


def load_saved_game(
    path: Path,
    games: Mapping[str, GamePlugin] | Callable[[str], GamePlugin | None],
    load_scenario: ScenarioLoader = load_game_scenario,
) -> SavedGame:
    """Read, check and replay the save at `path`; SaveError (one line) for any failure.

    The scenario a save names is input too: it must be a YAML manifest that is a regular file,
    and when it cannot be loaded nothing of it is quoted (a save naming /etc/passwd must not
    print that file's lines), only what to run to see its problems.
    """
    from engine.core.saves import SaveError, read_save, restore

    name = display(path)
    save = read_save(path)
    lookup = games.get if isinstance(games, Mapping) else games
    plugin = lookup(save.game)
    if plugin is None:
        raise SaveError(f"{name}: this save is for the game '{display(save.game)}', "
                        "which is not installed")
    try:
        manifest = scenario_path(save.scenario)
        usable = manifest.suffix in MANIFEST_SUFFIXES and is_regular_file(manifest)
    except (OSError, ValueError):
        usable = False
    if not usable:
        raise SaveError(f"{name}: the scenario this save was played with "
                        f"({display(save.scenario)}) is not an installed scenario file")
    try:
        scenario = load_scenario(plugin, manifest)
    except Exception:  # LoadError or a loader's own failure: named, never quoted
        raise SaveError(f"{name}: the scenario this save was played with "
                        f"({display(save.scenario)}) cannot be loaded; "
                        f"'wargames validate {display(manifest)}' lists its problems") from None
    try:
        session = restore(save, plugin.rules, scenario, origin=name)
    except SaveError:
        raise
    except Exception as err:  # restore already catches; this edge stays closed regardless
        raise SaveError(f"{name}: the save could not be replayed ({type(err).__name__})") from None
    return SavedGame(plugin, save, session)


def validate_paths(paths: Sequence[Path]) -> list[str]:
    """The problems in the given YAML files, rendered as `file:line:col: message` blocks: the
    first hundred, then a line counting the others."""
    from engine.data.schema import SHOWN_PROBLEMS, validate_files
    from engine.data.yamlio import render_problems

    sets = schema_sets()
    return render_problems(validate_files(list(paths), sets), SHOWN_PROBLEMS)
