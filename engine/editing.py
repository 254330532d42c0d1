"""Editing a position and saving it as a scenario (`wargames edit`; docs/editor.md).

`PositionEdits` holds a position and the state the rules lay out from it. Every change is an
edit, a function from one position to the next, checked by laying the new position out through
`Rules.from_position` (DESIGN.md §8): a position the rules refuse is not taken, and the refusal
(reason and rule) is what the editor shows. Accepted edits can be undone and redone.

`save_scenario` writes the position as the game's setup document (the scenario's own setup with
the position's keys over it) and a scenario manifest that lists it with the scenario's other
files, then loads the new scenario back through the schemas: what is saved validates and plays.
"""

from __future__ import annotations

import copy
import re
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.core.files import display
from engine.core.game import GamePlugin, Scenario
from engine.core.position import PositionError
from engine.core.saves import atomic_write_text
from engine.paths import scenario_path

Position = dict[str, Any]
Edit = Callable[[Position], Position]
HISTORY = 200
"""Edits kept for undo."""
HEADER = ("game", "kind", "note")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an edit was not taken: the rules' reason and the rule that gives it."""

    reason: str
    section: str = ""

    @property
    def text(self) -> str:
        return f"{self.reason} ({self.section})" if self.section else self.reason


class PositionEdits:
    """A position being edited over `scenario`, its laid-out state, undo and redo."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario,
                 position: Mapping[str, Any] | None = None, seed: int = 0) -> None:
        self.plugin = plugin
        self.rules = plugin.rules
        self.scenario = scenario
        self.seed = seed
        if position is None:
            start = self.rules.from_position(scenario, {}, seed, start=False)
        else:
            start = self.rules.from_position(scenario, dict(position), seed, start=False)
        self.state: Any = start
        self.position: Position = self.rules.to_position(start)
        self._undo: list[Position] = []
        self._redo: list[Position] = []
        self._saved: Position | None = dict(self.position)
        self.last_saved: Path | None = None

    @property
    def unsaved(self) -> bool:
        """Whether the position differs from the one last saved (or loaded)."""
        return self.position != self._saved

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def apply(self, edit: Edit) -> Refusal | None:
        """Take the edit if the rules accept the position it gives; else the refusal."""
        try:
            wanted = edit(_copy(self.position))
            state = self.rules.from_position(self.scenario, wanted, self.seed, start=False)
        except PositionError as err:
            return Refusal(err.reason, err.section)
        new = self.rules.to_position(state)
        if new == self.position:
            return None
        self._undo.append(self.position)
        del self._undo[:-HISTORY]
        self._redo.clear()
        self.position, self.state = new, state
        return None

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self.position)
        self._set(self._undo.pop())
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self.position)
        self._set(self._redo.pop())
        return True

    def _set(self, position: Position) -> None:
        self.position = position
        self.state = self.rules.from_position(self.scenario, position, self.seed, start=False)

    def save(self, manifest: Path, title: str | None = None) -> Path:
        """Write the position as a scenario at `manifest` (see `save_scenario`)."""
        path = save_scenario(self.plugin, self.scenario, self.position, manifest, title)
        self._saved = _copy(self.position)
        self.last_saved = path
        return path


def _copy(position: Mapping[str, Any]) -> Position:
    """A deep copy (edits change their argument freely)."""
    return copy.deepcopy(dict(position))


# --- saving -----------------------------------------------------------------------------------


class SaveProblem(Exception):
    """The position could not be written or does not load back; the message says why."""


def manifest_path(scenario: Scenario) -> Path:
    """The scenario's manifest file."""
    return scenario_path(scenario.path)


def default_target(scenario: Scenario) -> Path:
    """Where `wargames edit` saves when not told: beside the scenario, "<name>-edited.yaml"."""
    source = manifest_path(scenario)
    return source.with_name(f"{source.stem}-edited.yaml")


def setup_file(manifest: Path) -> str | None:
    """The file of a manifest's `files:` whose kind is setup (None when none is)."""
    try:
        head = yaml.safe_load(manifest.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return None
    files = head.get("files") if isinstance(head, dict) else None
    for rel in files if isinstance(files, list) else []:
        try:
            text = (manifest.parent / str(rel)).read_text(encoding="utf-8")
        except OSError:
            continue
        if any(line.strip() == "kind: setup" for line in text.splitlines()[:20]):
            return str(rel)
    return None


def setup_document(plugin: GamePlugin, scenario: Scenario, position: Mapping[str, Any],
                   note: str) -> dict[str, Any]:
    """The setup document of a position: the scenario's setup keys with the position's over
    them (a key set to nothing is left out, its default)."""
    doc: dict[str, Any] = {"game": plugin.id, "kind": "setup", "note": note}
    merged = {**scenario.documents.get("setup", {}), **position}
    doc.update({k: v for k, v in merged.items() if k not in HEADER and v is not None})
    plain: dict[str, Any] = _plain(doc)
    return plain


def _plain(value: Any) -> Any:
    """Tuples as lists and enum-like values as text, for YAML."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(v) for v in value]
        return sorted(items) if isinstance(value, set | frozenset) else items
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-_")
    return slug or "position"


def save_scenario(plugin: GamePlugin, scenario: Scenario, position: Mapping[str, Any],
                  manifest: Path, title: str | None = None) -> Path:
    """Write `position` as `<stem>-setup.yaml` and a manifest at `manifest` listing it with the
    scenario's other files (copied beside it when the manifest goes to another folder), then
    load the new scenario through the game's schemas. SaveProblem says what went wrong."""
    from engine.loading import LoadError, load_game_scenario

    source = manifest_path(scenario)
    if manifest.suffix not in (".yaml", ".yml"):
        raise SaveProblem(f"{display(manifest)}: a scenario manifest is a .yaml file")
    base_setup = setup_file(source)
    try:
        head = yaml.safe_load(source.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as err:
        raise SaveProblem(f"cannot read the scenario {display(source)}: {err}") from None
    files = [str(f) for f in head.get("files", [])] if isinstance(head, dict) else []
    setup_name = f"{manifest.stem}-setup.yaml"
    listed = [setup_name if f == base_setup else f for f in files]
    if base_setup is None:
        listed.append(setup_name)
    folder = manifest.parent
    turn, phase = position.get("turn"), position.get("phase")
    when = ", ".join(p for p in (f"turn {turn}" if turn else "", str(phase or "")) if p)
    note = (f"A position saved by `wargames edit` from {scenario.title}"
            f"{f' ({when})' if when else ''}; position keys: docs/editor.md.")
    setup = setup_document(plugin, scenario, position, note)
    name = _slug(manifest.stem)
    doc = {
        "game": plugin.id,
        "kind": "scenario",
        "name": name,
        "title": title or f"{scenario.title}: {when or 'edited position'}",
        "description": f"An edited position of {scenario.title}"
                       f"{f', {when}' if when else ''}.",
        "files": listed,
    }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if folder.resolve() != source.parent.resolve():
            for rel in files:
                if rel == base_setup:
                    continue
                _copy_beside(source.parent / rel, folder / rel)
        atomic_write_text(folder / setup_name, _dump(setup))
        atomic_write_text(manifest, _dump(doc))
    except OSError as err:
        raise SaveProblem(f"cannot write {display(manifest)}: {err.strerror or err}") from None
    try:
        load_game_scenario(plugin, manifest)
    except LoadError as err:
        raise SaveProblem(f"the saved scenario does not load:\n{err}") from None
    return manifest


def _copy_beside(src: Path, dst: Path) -> None:
    """Copy a scenario file into the new scenario's folder; an existing different file of the
    same name is never overwritten."""
    if dst.exists():
        if dst.read_bytes() == src.read_bytes():
            return
        raise SaveProblem(f"{display(dst)} already exists and differs from {display(src)}; "
                          "save the position in another folder")
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _dump(doc: Mapping[str, Any]) -> str:
    return str(yaml.safe_dump(dict(doc), sort_keys=False, allow_unicode=True, width=96,
                              default_flow_style=None))
