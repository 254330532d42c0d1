"""Scenario schemas and validation that reports every problem at once (DESIGN.md §4).

Every YAML document starts with `game:` and `kind:`; the game's `SchemaSet` maps each kind to a
pydantic model (a `Document` subclass). A scenario is a manifest (kind `scenario`, owned by the
engine) listing the scenario's other documents:

    game: baler
    kind: scenario
    name: siege_1898           # stable id, used by saves
    title: The Siege of Baler
    description: optional text
    files: [board.yaml, counters.yaml]   # relative to this file, each kind at most once

`load_scenario` checks the manifest and every listed file, the ids and references declared with
`Id`/`Ref` across all of them, and the game's extra checks, then raises one `ScenarioError`
with every problem found, each at its file:line:col. Each kind appears at most once per
scenario, so `Scenario.documents` maps a kind to one document's plain data.

Writing a schema: documents subclass `Document`, the objects nested in them `Record`. Data is
validated strictly with JSON's rules, since YAML data is JSON-shaped: a boolean or a number is
never a string, a string never a number, while a list validates as a `tuple` or `set`, a
string as an `Enum` member or a `date`. Prefer discriminated unions
(`Field(discriminator="type")`) over plain unions of models: their errors name one member.

`errors` turns pydantic's errors into problems; `refs` holds `Id`/`Ref` and the id index.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.files import display
from engine.core.game import Scenario
from engine.data.errors import describe_value, did_you_mean, validation_problems
from engine.data.refs import Id, IdIndex, Ref
from engine.data.yamlio import LoadedDoc, Problem, load_yaml, render_problems, sorted_problems

__all__ = [
    "Check",
    "Document",
    "Id",
    "Problem",
    "Record",
    "Ref",
    "ScenarioError",
    "ScenarioManifest",
    "SchemaSet",
    "ValidDoc",
    "json_schema",
    "load_scenario",
    "load_scenario_documents",
    "validate_files",
]

D = TypeVar("D", bound="Document")
_HEADER: Final = "a data file starts with 'game:' and 'kind:'"
SHOWN_PROBLEMS: Final = 100
"""Problems a message (`wargames validate`, a load's error) prints; a line counts the others."""


class Record(BaseModel):
    """Base of every object nested in a document (a space, a unit): strict, unknown keys
    forbidden. Pydantic applies a model's own config to it, so nested models need this too."""

    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)
    """`allow_inf_nan=False`: YAML reads `.inf`, `.nan` and `1e400` as numbers no rule can use."""


class Document(Record):
    """Base of every YAML document's model; each game subclasses it once per kind."""

    game: str
    kind: str
    note: str | None = None


class ScenarioManifest(Document):
    """The engine-owned `scenario` kind: a scenario's name, title and the files it is made of."""

    kind: Literal["scenario"]
    name: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")]
    title: Annotated[str, Field(min_length=1)]
    description: str | None = None
    files: list[str]


@dataclass(frozen=True, slots=True)
class ValidDoc:
    """A document that passed its schema: the loaded file and its model."""

    doc: LoadedDoc
    kind: str
    model: Document

    def model_as(self, cls: type[D]) -> D:
        """The model as the game's own class (TypeError if it is another kind)."""
        if not isinstance(self.model, cls):
            raise TypeError(f"{self.doc.file}: expected {cls.__name__}, got {self.model!r}")
        return self.model


Check = Callable[[Mapping[str, ValidDoc]], list[Problem]]
"""A game's cross-file rule; it receives every document of a scenario by kind."""


@dataclass(frozen=True, slots=True)
class SchemaSet:
    """A game's schemas: a model per kind, and what a whole scenario must satisfy.

    `checks` run only when every document passed its schema and every reference resolves, so
    they may rely on the models. `manifest` lets a game extend the scenario manifest.
    """

    game: str
    kinds: Mapping[str, type[Document]]
    checks: Sequence[Check] = ()
    required_kinds: Sequence[str] = ()
    manifest: type[ScenarioManifest] = ScenarioManifest

    def model_for(self, kind: str) -> type[Document] | None:
        """The model validating documents of `kind`, None for an unknown kind."""
        return self.manifest if kind == "scenario" else self.kinds.get(kind)

    def known_kinds(self) -> list[str]:
        """Every kind this game reads, sorted."""
        return sorted({*self.kinds, "scenario"})


class ScenarioError(Exception):
    """Scenario data is wrong; `problems` says where (file, line, column) and what."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted_problems(problems)
        super().__init__(self.problems)

    def __str__(self) -> str:
        return "\n".join(render_problems(self.problems, SHOWN_PROBLEMS))


def load_scenario(manifest_path: str | os.PathLike[str], schema_set: SchemaSet) -> Scenario:
    """Load and check a scenario manifest and all its files; ScenarioError lists every problem.

    `sha256` covers the bytes of the manifest and of each listed file, in the listed order;
    `documents` maps each kind (the manifest under "scenario") to its model dumped to plain
    Python data (keys are the models' field names).
    """
    return load_scenario_documents(manifest_path, schema_set)[0]


def load_scenario_documents(manifest_path: str | os.PathLike[str], schema_set: SchemaSet
                            ) -> tuple[Scenario, list[ValidDoc]]:
    """`load_scenario`, and the documents it was made of (the manifest first, then each
    listed file in order), as read: their bytes are what was checked."""
    path = os.fspath(manifest_path)
    try:
        manifest = _load(path)
    except OSError as exc:
        raise ScenarioError([Problem(path, 0, 0, f"cannot read: {_reason(exc)}")]) from exc
    problems, valid = _check_scenario(manifest, schema_set)
    if problems:
        raise ScenarioError(problems)
    head = valid[0].model_as(schema_set.manifest)
    digest = hashlib.sha256()
    for item in valid:
        digest.update(item.doc.raw)
    return Scenario(
        game=schema_set.game,
        name=head.name,
        title=head.title,
        path=path,
        sha256=digest.hexdigest(),
        documents={item.kind: item.model.model_dump(mode="python") for item in valid},
    ), valid


def validate_files(
    paths: Iterable[str | os.PathLike[str]],
    resolve_schema_set: Mapping[str, SchemaSet] | Callable[[str], SchemaSet | None],
) -> list[Problem]:
    """Every problem in the given files, sorted; each file's `game:` header picks its schemas.

    `resolve_schema_set` gives a game's schemas (None: unknown game); given a mapping of game id
    to schemas, the unknown-game message also lists the known games. A scenario manifest is
    checked as a whole scenario (its files and references); another file against its own
    schema and for duplicate ids within it, since the ids it refers to may live elsewhere.
    """
    problems: list[Problem] = []
    known = ""
    if isinstance(resolve_schema_set, Mapping):
        known = ", ".join(sorted(resolve_schema_set))
        resolve_schema_set = resolve_schema_set.get
    for path in paths:
        file = os.fspath(path)
        try:
            doc = _load(file)
        except OSError as exc:
            problems.append(Problem(file, 0, 0, f"cannot read: {_reason(exc)}"))
            continue
        problems.extend(_check_file(doc, resolve_schema_set, known))
    return sorted_problems(problems)


def json_schema(schema_set: SchemaSet, kind: str) -> dict[str, Any]:
    """The JSON Schema of a kind, for editors' completion and checking."""
    model = schema_set.model_for(kind)
    if model is None:
        raise ValueError(
            f"unknown kind {kind!r} for game {schema_set.game!r} "
            f"(known: {', '.join(schema_set.known_kinds())})"
        )
    return model.model_json_schema()


@dataclass(frozen=True, slots=True)
class _Checked:
    """A document whose kind named a model; `model` is None when it failed validation."""

    doc: LoadedDoc
    kind: str
    cls: type[Document]
    model: Document | None


def _check_file(
    doc: LoadedDoc, resolve: Callable[[str], SchemaSet | None], known: str
) -> list[Problem]:
    if doc.data is None and doc.problems:
        return doc.problems
    data = doc.data
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str):
        return [*doc.problems, _header_problem(doc, "game")]
    schema_set = resolve(game)
    if schema_set is None:
        listing = f" (known: {known})" if known else ""
        return [*doc.problems, doc.problem(("game",), f"unknown game {game!r}{listing}")]
    if data.get("kind") == "scenario":
        return _check_scenario(doc, schema_set)[0]
    problems = list(doc.problems)
    checked = _validate(doc, schema_set, problems)
    if checked is not None:
        index = IdIndex()
        index.add(checked.doc, checked.cls)
        problems.extend(index.problems)
    return problems


def _check_scenario(
    manifest: LoadedDoc, schema_set: SchemaSet
) -> tuple[list[Problem], list[ValidDoc]]:
    """All problems of a scenario, and its valid documents in order (manifest first)."""
    problems = list(manifest.problems)
    head = _validate(manifest, schema_set, problems)
    if head is None:
        return problems, []
    if head.kind != "scenario":
        message = f"expected a scenario manifest (kind: scenario), got kind {head.kind!r}"
        return [*problems, manifest.problem(("kind",), message)], []
    checked = [head]
    by_kind = {"scenario": manifest.file}
    files = manifest.data.get("files")
    # the listed files are in the manifest's real folder (a manifest may be a link to one)
    folder = Path(manifest.folder or Path(manifest.file).parent)
    base = _resolved(folder)
    most = len(schema_set.kinds)
    if isinstance(files, list) and len(files) > most:
        # A few too many are looked at one by one (which is listed twice, which has no kind);
        # thousands are refused at once, before a single one is opened.
        kinds = ", ".join(sorted(schema_set.kinds))
        message = (f"lists {len(files):,} files, but a {schema_set.game} scenario has at most "
                   f"{most}, one of each kind ({kinds})")
        problems.append(manifest.problem(("files",), message))
        if len(files) > 2 * most:
            return problems, []
    listed: dict[str, int] = {}
    # A file that cannot be read, parsed or given a kind may hold the ids others refer to.
    complete = isinstance(files, list) and all(isinstance(rel, str) for rel in files)
    for i, rel in enumerate(files if isinstance(files, list) else []):
        if not isinstance(rel, str):
            continue
        if rel in listed:
            problems.append(manifest.problem(("files", i), f"{display(rel)!r} is listed twice"))
            continue
        listed[rel] = i
        target, refusal = _confined(folder, rel)
        if target is None:
            problems.append(manifest.problem(("files", i), refusal))
            continue
        try:
            doc = _load(target, os.fspath(Path(manifest.file).parent / rel), within=base)
        except OSError as exc:
            message = f"cannot read {display(rel)!r}: {_reason(exc)}"
            problems.append(manifest.problem(("files", i), message))
            complete = False
            continue
        problems.extend(doc.problems)
        item = _validate(doc, schema_set, problems)
        if item is None:
            complete = False
            continue
        if item.kind in by_kind:
            message = (
                "a scenario cannot list another scenario"
                if item.kind == "scenario"
                else f"kind {item.kind!r} is already given by {by_kind[item.kind]} "
                "(each kind appears at most once in a scenario)"
            )
            problems.append(doc.problem(("kind",), message))
            continue
        by_kind[item.kind] = doc.file
        checked.append(item)
    index = IdIndex()
    for item in checked:
        index.add(item.doc, item.cls)
    problems.extend(index.problems)
    if complete:
        for kind in schema_set.required_kinds:
            if kind not in by_kind:
                message = f"the scenario lists no file of kind {kind!r}"
                problems.append(manifest.problem(("files",), message))
        problems.extend(index.broken_refs())
    valid = [ValidDoc(c.doc, c.kind, c.model) for c in checked if c.model is not None]
    if problems or len(valid) < len(checked):
        return problems, valid
    docs = {item.kind: item for item in valid}
    for check in schema_set.checks:
        try:
            problems.extend(check(docs))
        except Exception as err:  # the boundary: a check tripping over data it did not expect
            name = getattr(check, "__name__", "")
            problems.append(manifest.problem((), f"a check of the scenario ({name}) could not "
                                             f"run on these files ({type(err).__name__})"))
    return problems, valid


def _validate(doc: LoadedDoc, schema_set: SchemaSet, problems: list[Problem]) -> _Checked | None:
    """Validate a document by its `kind:`; None when no model applies (problems say why)."""
    data = doc.data
    if not isinstance(data, dict):
        if not doc.problems:
            problems.append(_header_problem(doc, "kind"))
        return None
    kind = data.get("kind")
    if not isinstance(kind, str):
        problems.append(_header_problem(doc, "kind"))
        return None
    cls = schema_set.model_for(kind)
    if cls is None:
        known = schema_set.known_kinds()
        message = f"unknown kind {kind!r} for game {schema_set.game!r} (known: {', '.join(known)})"
        problems.append(doc.problem(("kind",), message + did_you_mean(kind, known)))
        return None
    game = data.get("game")
    if isinstance(game, str) and game != schema_set.game:
        message = f"this file is for game {game!r}, but the scenario is {schema_set.game!r}"
        problems.append(doc.problem(("game",), message))
    try:
        model: Document | None = cls.model_validate_json(json.dumps(data, default=_iso))
    except ValidationError as exc:
        problems.extend(validation_problems(doc, cls, exc))
        model = None
    return _Checked(doc, kind, cls, model)


def _iso(value: Any) -> str:
    """YAML's only values JSON lacks are dates and times; JSON mode reads them back."""
    return str(value.isoformat())


def _header_problem(doc: LoadedDoc, key: str) -> Problem:
    data = doc.data
    if data is None:
        return doc.problem((), f"empty document: {_HEADER}")
    if not isinstance(data, dict):
        found = describe_value(doc, (), data) if doc.quoted else _kind_of(data)
        return doc.problem((), f"expected a mapping, got {found}: {_HEADER}")
    if key not in data:
        return doc.problem((), f"missing key {key!r}: {_HEADER}")
    value = data[key]
    found = describe_value(doc, (key,), value) if doc.quoted else _kind_of(value)
    return doc.problem((key,), f"expected a string, got {found}")


def _kind_of(value: object) -> str:
    """What a value is, without a word of it (for a file that is not one of ours)."""
    return {str: "text", list: "a list", dict: "a mapping", type(None): "nothing"}.get(
        type(value), "a " + type(value).__name__)


def _confined(folder: Path, rel: str) -> tuple[Path | None, str]:
    """The file a manifest's `files:` entry names, or None and why it is refused.

    Entries stay inside the manifest's folder (DESIGN.md §8): the path is resolved (links and
    '..' followed) and must still lie under the resolved folder, so neither `../../etc/passwd`
    nor a link pointing out is read, let alone quoted in an error.
    """
    if "\x00" in rel:
        return None, "a file name cannot hold a NUL byte"
    if len(rel) > 255 or Path(rel).is_absolute():
        return None, "expected a path relative to this file"
    try:
        base = folder.resolve()
        target = (base / rel).resolve()
    except (OSError, ValueError, RuntimeError):
        return None, f"cannot read {display(rel)!r}: not a usable file name"
    if not target.is_relative_to(base):
        return None, f"{display(rel)!r} is outside this scenario's folder; files must be in it"
    return target, ""


def _load(path: str | os.PathLike[str], name: str | None = None, *,
          within: Path | None = None) -> LoadedDoc:
    """`load_yaml`, quoting nothing of a file that does not look like one of ours."""
    doc = load_yaml(path, name, within=within)
    if not doc.looks_like_data():
        doc.unquote()
    return doc


def _resolved(folder: Path) -> Path:
    try:
        return folder.resolve()
    except (OSError, RuntimeError):
        return folder


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
