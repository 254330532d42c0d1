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
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.core.files import display, read_limited
from engine.core.game import GamePlugin, Scenario
from engine.core.position import PositionError
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

    def forget_saved(self) -> None:
        """Count the position as not saved (edited on after a crash, it is not yet where the
        editor saves)."""
        self._saved = None

    def save_copy(self, manifest: Path) -> Path:
        """Write the position as a scenario at `manifest` without counting it as saved (the
        crash rescue keeps a copy; the editor's own target is still to be saved)."""
        return save_scenario(self.plugin, self.scenario, self.position, manifest)


def _copy(position: Mapping[str, Any]) -> Position:
    """A deep copy (edits change their argument freely)."""
    return copy.deepcopy(dict(position))


# --- saving -----------------------------------------------------------------------------------


class SaveProblem(Exception):
    """The position could not be written or does not load back; the message says why."""


EDITOR_MARK = "saved by `wargames edit`"
"""Words in the `note:` of every file the editor writes: only such a file is ever saved over."""


def manifest_path(scenario: Scenario) -> Path:
    """The scenario's manifest file."""
    return scenario_path(scenario.path)


def default_target(scenario: Scenario) -> Path:
    """Where `wargames edit` saves when not told: beside the scenario, "<name>-edited.yaml"."""
    source = manifest_path(scenario)
    return source.with_name(f"{source.stem}-edited.yaml")


@dataclass(frozen=True, slots=True)
class _Source:
    """The scenario being edited as it is on disk now, read through the scenario loader: its
    listed files in order with the bytes that were checked, and which one is the setup."""

    manifest: Path
    files: list[tuple[str, bytes]]
    setup: str | None

    @property
    def folder(self) -> Path:
        """The folder its files are in: its manifest's real folder (links followed)."""
        return Path(os.path.realpath(self.manifest)).parent

    @property
    def protected(self) -> set[str]:
        """The real paths of its files: the editor never writes over any of them."""
        return {os.path.realpath(self.manifest),
                *(os.path.realpath(self.folder / rel) for rel, _ in self.files)}


def _source(plugin: GamePlugin, scenario: Scenario) -> _Source:
    """The scenario being edited, loaded again through the same loader as every scenario (a
    manifest changed while the editor is open gets the same checks: files inside its folder,
    regular files only, never a link out); SaveProblem when it no longer loads."""
    from engine.loading import LoadError, load_game_scenario_documents

    manifest = manifest_path(scenario)
    try:
        _, documents = load_game_scenario_documents(plugin, manifest)
    except LoadError as err:
        raise SaveProblem(f"the scenario {display(manifest)} changed since the editor opened it "
                          f"and no longer loads, so nothing was saved:\n{err}") from None
    head: Any = documents[0].model
    listed = [str(rel) for rel in head.files]
    files = [(rel, doc.doc.raw) for rel, doc in zip(listed, documents[1:], strict=True)]
    setup = next((rel for rel, doc in zip(listed, documents[1:], strict=True)
                  if doc.kind == "setup"), None)
    return _Source(manifest, files, setup)


def setup_file(plugin: GamePlugin, manifest: Path) -> str | None:
    """The file of a scenario manifest's `files:` whose kind is setup (None when none is, or
    when the scenario does not load)."""
    from engine.loading import LoadError, load_game_scenario

    try:
        return _source(plugin, load_game_scenario(plugin, manifest)).setup
    except (LoadError, SaveProblem):
        return None


def check_target(plugin: GamePlugin, scenario: Scenario, manifest: Path) -> None:
    """SaveProblem when saving the position at `manifest` would write over a file the editor
    must never replace (see `save_scenario`); said when the editor opens, and again at each
    save."""
    if manifest.suffix not in (".yaml", ".yml"):
        raise SaveProblem(f"{display(manifest)}: a scenario manifest is a .yaml file")
    source = _source(plugin, scenario)
    setup = manifest.with_name(f"{manifest.stem}-setup.yaml")
    _refuse_overwrites(source, {manifest: b"", setup: b""}, {})


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
    scenario's other files (copied beside it when the manifest goes to another folder), checked
    by loading the new scenario through the game's schemas. SaveProblem says what went wrong.

    Nothing is lost: the scenario being edited is read again through the scenario loader (its
    files are copied from the bytes the loader checked, never read again); the new files are
    written into a temporary folder beside the target and loaded from there, and only when
    they load are they moved into place (each by one rename, the manifest last), so a save that
    fails leaves an earlier good save as it was. The editor never writes over a file of the
    scenario being edited, nor over any existing file it did not write itself (its `note:`
    says `EDITOR_MARK`): shipped scenarios and a designer's own files are refused by name."""
    from engine.loading import LoadError, load_game_scenario

    if manifest.suffix not in (".yaml", ".yml"):
        raise SaveProblem(f"{display(manifest)}: a scenario manifest is a .yaml file")
    source = _source(plugin, scenario)
    setup_name = f"{manifest.stem}-setup.yaml"
    listed = [setup_name if rel == source.setup else rel for rel, _ in source.files]
    if source.setup is None:
        listed.append(setup_name)
    folder = manifest.parent
    turn, phase = position.get("turn"), position.get("phase")
    when = ", ".join(p for p in (f"turn {turn}" if turn else "", str(phase or "")) if p)
    note = (f"A position saved by `wargames edit` from {scenario.title}"
            f"{f' ({when})' if when else ''}; position keys: docs/editor.md.")
    setup = setup_document(plugin, scenario, position, note)
    doc = {
        "game": plugin.id,
        "kind": "scenario",
        "name": _slug(manifest.stem),
        "title": title or f"{scenario.title}: {when or 'edited position'}",
        "description": f"An edited position of {scenario.title}"
                       f"{f', {when}' if when else ''}.",
        "note": f"A scenario saved by `wargames edit`; its position is in {setup_name}.",
        "files": listed,
    }
    others = {rel: raw for rel, raw in source.files if rel != source.setup}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        elsewhere = folder.resolve() != source.folder
    except (OSError, RuntimeError) as err:
        raise SaveProblem(f"cannot write {display(manifest)}: {_reason(err)}") from None
    copies = {folder / rel: raw for rel, raw in others.items()} if elsewhere else {}
    written = {folder / setup_name: _dump(setup).encode(), manifest: _dump(doc).encode()}
    taken = [path.name for path in written if path.relative_to(folder).as_posix() in others]
    if taken:
        raise SaveProblem(f"{display(taken[0])} is the name of a file of the scenario being "
                          "edited; save the position under another name")
    _refuse_overwrites(source, written, copies)
    _clean_staging(folder)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{manifest.stem}.saving-", dir=folder))
    except OSError as err:
        raise SaveProblem(f"cannot write {display(manifest)}: {_reason(err)}") from None
    try:
        for rel, raw in others.items():
            _write(staging / rel, raw)
        for path, raw in written.items():
            _write(staging / path.relative_to(folder), raw)
        try:
            load_game_scenario(plugin, staging / manifest.name)
        except LoadError as err:
            raise SaveProblem(f"the saved scenario does not load, so nothing was saved:\n"
                              f"{str(err).replace(str(staging), str(folder))}") from None
        for path in [*copies, *written]:
            if path in copies and path.exists():
                continue  # the same bytes are there already
            path.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / path.relative_to(folder), path)
    except OSError as err:
        raise SaveProblem(f"cannot write {display(manifest)}: {_reason(err)}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest


STALE_STAGING = 60.0
"""Seconds after which a temporary folder of a save is left over from a save that was killed."""


def _clean_staging(folder: Path) -> None:
    """Remove the temporary folders killed saves left in `folder` (`.<name>.saving-<random>`,
    older than `STALE_STAGING` seconds, so a save under way in another window is left alone)."""
    now = time.time()
    try:
        found = list(folder.glob(".*.saving-*"))
    except OSError:
        return
    for path in found:
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode) and now - info.st_mtime > STALE_STAGING:
            shutil.rmtree(path, ignore_errors=True)


def _refuse_overwrites(source: _Source, written: Mapping[Path, bytes],
                       copies: Mapping[Path, bytes]) -> None:
    """SaveProblem if a file to write is one of the scenario being edited, is not a regular
    file, or exists and was not written by the editor (a copy may meet the same bytes)."""
    protected = source.protected
    for path in [*written, *copies]:
        if os.path.realpath(path) in protected:
            raise SaveProblem(f"{display(path)} is a file of the scenario being edited "
                              f"({display(source.manifest.name)}); the editor never writes "
                              "over it: save the position under another name")
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as err:
            raise SaveProblem(f"cannot write {display(path)}: {_reason(err)}") from None
        if not stat.S_ISREG(info.st_mode):
            raise SaveProblem(f"{display(path)} exists and is not a plain file (a link, a "
                              "folder, a device); the editor never writes over it")
        if path in copies:
            if _same_bytes(path, copies[path]):
                continue
            raise SaveProblem(f"{display(path)} already exists and differs from the file of "
                              "the same name in the scenario being edited; save the position "
                              "in another folder")
        if not _written_by_editor(path):
            raise SaveProblem(f"{display(path)} already exists and was not written by the "
                              "position editor, which never writes over such a file: save "
                              "under another name")


def _same_bytes(path: Path, raw: bytes) -> bool:
    try:
        return read_limited(path, len(raw), within=path.parent) == raw
    except OSError:
        return False


def _written_by_editor(path: Path) -> bool:
    """Whether the YAML file at `path` says in its `note:` that the editor wrote it."""
    from engine.data.yamlio import load_yaml

    try:
        data = load_yaml(path).data
    except OSError:
        return False
    note = data.get("note") if isinstance(data, dict) else None
    return isinstance(note, str) and EDITOR_MARK in note.lower()


def _write(path: Path, raw: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("xb") as f:
        f.write(raw)
        f.flush()
        os.fsync(f.fileno())


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return type(err).__name__


def _dump(doc: Mapping[str, Any]) -> str:
    return str(yaml.safe_dump(dict(doc), sort_keys=False, allow_unicode=True, width=96,
                              default_flow_style=None))
