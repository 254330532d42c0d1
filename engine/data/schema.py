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
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.fields import FieldInfo

from engine.core.game import Scenario
from engine.data.yamlio import (
    BOOL_HINT,
    BOOL_WORDS,
    LoadedDoc,
    Problem,
    YamlPath,
    load_yaml,
    sorted_problems,
    source_token,
)

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
    "validate_files",
]

D = TypeVar("D", bound="Document")
_Error = Mapping[str, Any]
"""One of pydantic's error details (type, loc, msg, input, ctx)."""

_HEADER: Final = "a data file starts with 'game:' and 'kind:'"
_RANGES: Final = (("ge", "at least"), ("gt", "more than"), ("le", "at most"), ("lt", "less than"))
_RANGE_TYPES: Final = frozenset(
    {"greater_than_equal", "greater_than", "less_than_equal", "less_than"}
)
_EXPECTED: Final = {
    "string_type": "a string",
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "a boolean",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "null",
}
_EXPECTATION_TYPES: Final = frozenset({"literal_error", "enum", "is_instance_of", "none_required"})
_SEQUENCES: Final[tuple[Any, ...]] = (list, Sequence, set, frozenset)


@dataclass(frozen=True, slots=True)
class Id:
    """`Annotated` metadata: the field's value declares an id in `namespace` ("space", "unit").

    It may mark a field, a list element or a mapping key; ids are unique per namespace across
    all the documents of a scenario.
    """

    namespace: str


@dataclass(frozen=True, slots=True)
class Ref:
    """`Annotated` metadata: the field's value must name an id declared in `namespace`."""

    namespace: str


class Record(BaseModel):
    """Base of every object nested in a document (a space, a unit): strict, unknown keys
    forbidden. Pydantic applies a model's own config to it, so nested models need this too."""

    model_config = ConfigDict(strict=True, extra="forbid")


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
        return "\n".join(problem.render() for problem in self.problems)


def load_scenario(manifest_path: str | os.PathLike[str], schema_set: SchemaSet) -> Scenario:
    """Load and check a scenario manifest and all its files; ScenarioError lists every problem.

    `sha256` covers the bytes of the manifest and of each listed file, in the listed order;
    `documents` maps each kind (the manifest under "scenario") to its model dumped to plain
    Python data (keys are the models' field names).
    """
    path = os.fspath(manifest_path)
    try:
        manifest = load_yaml(path)
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
    )


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
            doc = load_yaml(file)
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
        index = _IdIndex()
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
    listed: dict[str, int] = {}
    # A file that cannot be read, parsed or given a kind may hold the ids others refer to.
    complete = isinstance(files, list) and all(isinstance(rel, str) for rel in files)
    for i, rel in enumerate(files if isinstance(files, list) else []):
        if not isinstance(rel, str):
            continue
        if Path(rel).is_absolute():
            problems.append(manifest.problem(("files", i), "expected a path relative to this file"))
            continue
        if rel in listed:
            problems.append(manifest.problem(("files", i), f"{rel!r} is listed twice"))
            continue
        listed[rel] = i
        try:
            doc = load_yaml(Path(manifest.file).parent / rel)
        except OSError as exc:
            message = f"cannot read {rel!r}: {_reason(exc)}"
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
    index = _IdIndex()
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
        problems.extend(check(docs))
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
        problems.append(doc.problem(("kind",), message + _did_you_mean(kind, known)))
        return None
    game = data.get("game")
    if isinstance(game, str) and game != schema_set.game:
        message = f"this file is for game {game!r}, but the scenario is {schema_set.game!r}"
        problems.append(doc.problem(("game",), message))
    try:
        model: Document | None = cls.model_validate_json(json.dumps(data, default=_iso))
    except ValidationError as exc:
        problems.extend(_validation_problems(doc, cls, exc))
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
        return doc.problem((), f"expected a mapping, got {_found(doc, (), data)}: {_HEADER}")
    if key not in data:
        return doc.problem((), f"missing key {key!r}: {_HEADER}")
    return doc.problem((key,), f"expected a string, got {_found(doc, (key,), data[key])}")


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


# Turning pydantic's errors into problems at the right YAML marks.


def _validation_problems(
    doc: LoadedDoc, model: type[BaseModel], exc: ValidationError
) -> list[Problem]:
    """One problem per error; a union's "expected X" errors at one place become one problem."""
    problems: list[Problem] = []
    expectations: dict[YamlPath, list[_Error]] = {}
    for error in exc.errors(include_url=False):
        path, at_key = _data_path(doc.data, error)
        if not at_key and _is_expectation(error):
            expectations.setdefault(path, []).append(error)
        else:
            problems.append(_error_problem(doc, model, path, at_key, error))
    for path, errors in expectations.items():
        problems.append(_expectation_problem(doc, model, path, errors))
    return problems


def _data_path(data: Any, error: _Error) -> tuple[YamlPath, bool]:
    """The part of an error's `loc` that exists in the data, and whether it names a key.

    Steps that are not in the data are union members' or validators' labels, except the last
    step of a `missing` error (the missing key itself).
    """
    loc = error["loc"][:-1] if error["type"] == "missing" else error["loc"]
    path: list[Any] = []
    at_key = error["type"] == "extra_forbidden"
    for step in loc:
        if step == "[key]":
            at_key = True
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            path.append(step)
            data = data[step]
        elif isinstance(data, dict):
            key = _data_key(data, step)
            if key is not None:
                path.append(key)
                data = data[key]
    return tuple(path), at_key


def _data_key(data: dict[Any, Any], step: str | int) -> Any:
    """The key of `data` a `loc` step names; JSON made number keys strings ("3" for 3)."""
    if step in data:
        return step
    return next((key for key in data if not isinstance(key, str) and str(key) == step), None)


def _is_expectation(error: _Error) -> bool:
    return error["type"].endswith("_type") or error["type"] in _EXPECTATION_TYPES


def _expectation_problem(
    doc: LoadedDoc, model: type[BaseModel], path: YamlPath, errors: list[_Error]
) -> Problem:
    phrases: list[str] = []
    for error in errors:
        phrase = _EXPECTED.get(error["type"]) or error["msg"].removeprefix("Input should be ")
        if phrase not in phrases:
            phrases.append(phrase)
    value = errors[0]["input"]
    message = f"expected {' or '.join(phrases)}, got {_found(doc, path, value)}"
    if isinstance(value, str):
        message += _did_you_mean(value, [v for v in _allowed_values(model, path) if v != value])
    return doc.problem(path, message)


def _error_problem(
    doc: LoadedDoc, model: type[BaseModel], path: YamlPath, at_key: bool, error: _Error
) -> Problem:
    kind, value, ctx = error["type"], error["input"], error.get("ctx", {})
    if kind == "missing":
        name = error["loc"][-1]
        if isinstance(name, int):
            return doc.problem(path, f"too few items: item {name + 1} is missing")
        return doc.problem(path, f"missing key {name!r}")
    if kind == "extra_forbidden":
        key = path[-1]
        name = repr(key) if isinstance(key, str) else _found(doc, path, key, at_key=True)
        siblings = doc.value(path[:-1])
        names = [n for n in _field_names(model, path[:-1]) if n not in siblings]
        suggestion = _did_you_mean(key, names) if isinstance(key, str) else ""
        return doc.problem(path, f"unknown key {name}{suggestion}", at_key=True)
    if at_key:
        return doc.problem(path, f"key {path[-1]!r}: {error['msg']}", at_key=True)
    if kind in _RANGE_TYPES:
        return doc.problem(path, f"must be {_bounds(model, path, ctx)}, got {value!r}")
    if kind in ("too_short", "too_long"):
        unit = "characters" if isinstance(value, str) else "items"
        if kind == "too_short":
            limit = f"at least {ctx['min_length']}"
        else:
            limit = f"at most {ctx['max_length']}"
        return doc.problem(path, f"must have {limit} {unit}, got {ctx['actual_length']}")
    if kind == "string_pattern_mismatch":
        return doc.problem(path, f"{_found(doc, path, value)} does not match {ctx['pattern']!r}")
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        key = str(ctx["discriminator"]).strip("'")
        if kind == "union_tag_not_found":
            return doc.problem(path, f"missing key {key!r}")
        tags = re.findall(r"'([^']*)'", str(ctx["expected_tags"]))
        tag = ctx["tag"]
        message = f"unknown {key} {tag!r} (expected {ctx['expected_tags']})"
        return doc.problem((*path, key), message + _did_you_mean(str(tag), tags))
    message = error["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return doc.problem(path, message)


def _found(doc: LoadedDoc, path: YamlPath, value: object, *, at_key: bool = False) -> str:
    """Describe a value as the reader wrote it, explaining YAML 1.1's surprises."""
    token = source_token(doc, path, at_key=at_key)
    if isinstance(value, bool):
        return f"boolean {value}" + (BOOL_HINT if token.lower() in BOOL_WORDS else "")
    if isinstance(value, int):
        hint = f" (YAML reads {token} as the number {value}; quote it)"
        return f"integer {value}" + (hint if token and token != str(value) else "")
    if isinstance(value, float):
        return f"number {value}"
    if isinstance(value, str):
        return f"string {value[:40] + '...' if len(value) > 43 else value!r}"
    if value is None:
        return "null (an empty value)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, date):
        return f"date {value} (quote it)"
    return type(value).__name__


def _did_you_mean(word: str, options: Iterable[str]) -> str:
    matches = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {matches[0]!r}?)" if matches else ""


# Walking the schema's types along a data path (for names, allowed values and bounds).

_Typed = tuple[Any, tuple[Any, ...]]
"""A bare type and the `Annotated` metadata gathered on the way to it."""


def _types_at(model: type[BaseModel], path: YamlPath) -> list[_Typed]:
    """The types (each with its metadata) a value at `path` may have under `model`."""
    current: list[_Typed] = [(model, ())]
    for key in path:
        following: list[_Typed] = []
        for tp, _ in current:
            following.extend(_child_types(tp, key))
        current = following
    return current


def _child_types(tp: Any, key: Any) -> list[_Typed]:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        for name, info in tp.model_fields.items():
            if (info.alias or name) == key:
                return _members(info.annotation, tuple(info.metadata))
        return []
    origin, args = get_origin(tp), get_args(tp)
    if origin in _SEQUENCES and args and isinstance(key, int):
        return _members(args[0], ())
    if origin is tuple and isinstance(key, int) and args:
        homogeneous = len(args) == 2 and args[1] is Ellipsis
        return _members(args[0] if homogeneous else args[key], ()) if key < len(args) else []
    if origin in (dict, Mapping) and len(args) == 2:
        return _members(args[1], ())
    return []


def _members(tp: Any, metadata: tuple[Any, ...]) -> list[_Typed]:
    """`tp` without `Annotated` (its metadata gathered) and split into its union members."""
    origin = get_origin(tp)
    if origin is Annotated:
        return _members(get_args(tp)[0], (*metadata, *tp.__metadata__))
    if origin is Union or origin is types.UnionType:
        return [m for arg in get_args(tp) if arg is not type(None) for m in _members(arg, metadata)]
    return [(tp, metadata)]


def _field_names(model: type[BaseModel], path: YamlPath) -> list[str]:
    return [
        info.alias or name
        for tp, _ in _types_at(model, path)
        if isinstance(tp, type) and issubclass(tp, BaseModel)
        for name, info in tp.model_fields.items()
    ]


def _allowed_values(model: type[BaseModel], path: YamlPath) -> list[str]:
    values: list[str] = []
    for tp, _ in _types_at(model, path):
        origin: Any = get_origin(tp)
        if origin is Literal:
            values.extend(arg for arg in get_args(tp) if isinstance(arg, str))
        elif isinstance(tp, type) and issubclass(tp, Enum):
            values.extend(m.value for m in tp if isinstance(m.value, str))
    return values


def _bounds(model: type[BaseModel], path: YamlPath, ctx: Mapping[str, Any]) -> str:
    """Both bounds of a range ("at least 1 and at most 6"), though pydantic names one."""
    found: dict[str, Any] = {}
    for _, metadata in _types_at(model, path):
        for item in metadata:
            for constraint in item.metadata if isinstance(item, FieldInfo) else [item]:
                for attr, _ in _RANGES:
                    bound = getattr(constraint, attr, None)
                    if bound is not None:
                        found[attr] = bound
    found = found or {attr: ctx[attr] for attr, _ in _RANGES if attr in ctx}
    return " and ".join(f"{words} {found[attr]}" for attr, words in _RANGES if attr in found)


# Ids and references declared with `Id`/`Ref`, checked on the raw data of every document (so
# one document's schema errors do not hide another's broken references).


@dataclass(frozen=True, slots=True)
class _Leaf:
    marker: Id | Ref


@dataclass(frozen=True, slots=True)
class _Each:
    item: _Plan


@dataclass(frozen=True, slots=True)
class _Fixed:
    items: tuple[_Plan | None, ...]


@dataclass(frozen=True, slots=True)
class _Items:
    key: _Leaf | None
    value: _Plan | None


@dataclass(frozen=True, slots=True)
class _Model:
    cls: type[BaseModel]


@dataclass(frozen=True, slots=True)
class _AnyOf:
    options: tuple[_Plan, ...]


_Plan = _Leaf | _Each | _Fixed | _Items | _Model | _AnyOf


def _plan(tp: Any, metadata: Iterable[Any] = ()) -> _Plan | None:
    """Where ids and references sit inside values of type `tp` (None: nowhere)."""
    marker = next((m for m in metadata if isinstance(m, Id | Ref)), None)
    if marker is not None:
        return _Leaf(marker)
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        return _plan(args[0], tp.__metadata__)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _Model(tp)
    if origin is Union or origin is types.UnionType:
        options = tuple(p for p in map(_plan, args) if p is not None)
        return _AnyOf(options) if len(options) > 1 else options[0] if options else None
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = tuple(map(_plan, args))
        return _Fixed(items) if any(item is not None for item in items) else None
    if (origin in _SEQUENCES or origin is tuple) and args:
        item = _plan(args[0])
        return _Each(item) if item is not None else None
    if origin in (dict, Mapping) and len(args) == 2:
        key, value = _plan(args[0]), _plan(args[1])
        key_leaf = key if isinstance(key, _Leaf) else None
        return _Items(key_leaf, value) if key_leaf is not None or value is not None else None
    return None


@cache
def _fields_plan(cls: type[BaseModel]) -> tuple[tuple[str, _Plan], ...]:
    fields = (
        (info.alias or name, _plan(info.annotation, info.metadata))
        for name, info in cls.model_fields.items()
    )
    return tuple((key, plan) for key, plan in fields if plan is not None)


@dataclass(frozen=True, slots=True)
class _Site:
    doc: LoadedDoc
    path: YamlPath
    at_key: bool

    def problem(self, message: str) -> Problem:
        return self.doc.problem(self.path, message, at_key=self.at_key)

    def where(self) -> str:
        line, col = self.doc.key_mark(self.path) if self.at_key else self.doc.mark(self.path)
        return f"{self.doc.file}:{line}:{col}"


class _IdIndex:
    """The ids declared in a set of documents and the references to them."""

    __slots__ = ("ids", "refs", "problems", "_seen")

    def __init__(self) -> None:
        self.ids: dict[str, dict[str, _Site]] = {}
        self.refs: list[tuple[str, str, _Site]] = []
        self.problems: list[Problem] = []
        self._seen: set[tuple[int, YamlPath, bool, Id | Ref]] = set()

    def add(self, doc: LoadedDoc, cls: type[BaseModel]) -> None:
        """Collect the ids and references of one document (duplicate ids become problems)."""
        self._walk(doc, doc.data, _Model(cls), ())

    def broken_refs(self) -> list[Problem]:
        """References that name no declared id."""
        problems: list[Problem] = []
        for namespace, value, site in self.refs:
            declared = self.ids.get(namespace, {})
            if value in declared:
                continue
            hint = _did_you_mean(value, declared) if declared else f" (no {namespace} is declared)"
            problems.append(site.problem(f"unknown {namespace} {value!r}{hint}"))
        return problems

    def _walk(self, doc: LoadedDoc, value: Any, plan: _Plan, path: YamlPath) -> None:
        if isinstance(plan, _Leaf):
            self._leaf(doc, value, plan.marker, path, at_key=False)
        elif isinstance(plan, _Model):
            if isinstance(value, dict):
                for key, sub in _fields_plan(plan.cls):
                    if key in value:
                        self._walk(doc, value[key], sub, (*path, key))
        elif isinstance(plan, _Each):
            if isinstance(value, list):
                for i, item in enumerate(value):
                    self._walk(doc, item, plan.item, (*path, i))
        elif isinstance(plan, _Fixed):
            if isinstance(value, list):
                for i, (item, item_plan) in enumerate(zip(value, plan.items, strict=False)):
                    if item_plan is not None:
                        self._walk(doc, item, item_plan, (*path, i))
        elif isinstance(plan, _Items):
            if isinstance(value, dict):
                for key, item in value.items():
                    if plan.key is not None:
                        self._leaf(doc, key, plan.key.marker, (*path, key), at_key=True)
                    if plan.value is not None:
                        self._walk(doc, item, plan.value, (*path, key))
        else:
            for option in plan.options:
                self._walk(doc, value, option, path)

    def _leaf(
        self, doc: LoadedDoc, value: Any, marker: Id | Ref, path: YamlPath, *, at_key: bool
    ) -> None:
        seen = (id(doc), path, at_key, marker)
        if not isinstance(value, str) or seen in self._seen:
            return
        self._seen.add(seen)
        site = _Site(doc, path, at_key)
        if isinstance(marker, Ref):
            self.refs.append((marker.namespace, value, site))
            return
        declared = self.ids.setdefault(marker.namespace, {})
        first = declared.get(value)
        if first is None:
            declared[value] = site
        else:
            message = f"duplicate {marker.namespace} {value!r} (first declared at {first.where()})"
            self.problems.append(site.problem(message))
