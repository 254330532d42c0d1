"""Pydantic's validation errors as problems at the right YAML marks (DESIGN.md §4).

A schema error becomes a `Problem` at the file:line:col of the value (or key) it is about,
in the reader's words: what was expected and what was found (explaining YAML 1.1's
surprises, such as `no` read as a boolean), both bounds of a range, and a "did you mean" for
unknown keys, kinds and values. The schema's types are walked along the data path to find
the field names, allowed values and bounds that pydantic's message leaves out.
"""

from __future__ import annotations

import difflib
import re
import types
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from enum import Enum
from typing import Annotated, Any, Final, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from engine.data.yamlio import BOOL_HINT, BOOL_WORDS, LoadedDoc, Problem, YamlPath, source_token

__all__ = ["SEQUENCE_ORIGINS", "describe_value", "did_you_mean", "validation_problems"]

_Error = Mapping[str, Any]
"""One of pydantic's error details (type, loc, msg, input, ctx)."""

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
SEQUENCE_ORIGINS: Final[tuple[Any, ...]] = (list, Sequence, set, frozenset)
"""The `get_origin` of the types a YAML list validates as, item by item."""


MAX_SCHEMA_PROBLEMS: Final = 200
"""Schema errors of one document turned into problems; the others are counted in one more."""


def validation_problems(
    doc: LoadedDoc, model: type[BaseModel], exc: ValidationError
) -> list[Problem]:
    """One problem per error; a union's "expected X" errors at one place become one problem.

    Past `MAX_SCHEMA_PROBLEMS` the errors are only counted (one problem says how many more):
    each problem costs a walk of the schema and a "did you mean", and a hostile file may hold
    tens of thousands of unknown keys."""
    problems: list[Problem] = []
    expectations: dict[YamlPath, list[_Error]] = {}
    skipped = 0
    for error in exc.errors(include_url=False):
        if len(problems) + len(expectations) >= MAX_SCHEMA_PROBLEMS:
            skipped += 1
            continue
        path, at_key = _data_path(doc.data, error)
        if not at_key and _is_expectation(error):
            expectations.setdefault(path, []).append(error)
        else:
            problems.append(_error_problem(doc, model, path, at_key, error))
    for path, errors in expectations.items():
        problems.append(_expectation_problem(doc, model, path, errors))
    if skipped:
        problems.append(Problem(doc.file, 0, 0, f"{skipped:,} more errors against the schema "
                                f"are not listed (the first {MAX_SCHEMA_PROBLEMS} are)",
                                stands_for=skipped))
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
    message = f"expected {' or '.join(phrases)}, got {describe_value(doc, path, value)}"
    if isinstance(value, str):
        message += did_you_mean(value, [v for v in _allowed_values(model, path) if v != value])
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
        name = repr(key) if isinstance(key, str) else describe_value(doc, path, key, at_key=True)
        siblings = doc.value(path[:-1])
        names = [n for n in _field_names(model, path[:-1]) if n not in siblings]
        suggestion = did_you_mean(key, names) if isinstance(key, str) else ""
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
        pattern = ctx["pattern"]
        return doc.problem(path, f"{describe_value(doc, path, value)} does not match {pattern!r}")
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        key = str(ctx["discriminator"]).strip("'")
        if kind == "union_tag_not_found":
            return doc.problem(path, f"missing key {key!r}")
        tags = re.findall(r"'([^']*)'", str(ctx["expected_tags"]))
        tag = ctx["tag"]
        message = f"unknown {key} {tag!r} (expected {ctx['expected_tags']})"
        return doc.problem((*path, key), message + did_you_mean(str(tag), tags))
    message = error["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return doc.problem(path, message)


def describe_value(doc: LoadedDoc, path: YamlPath, value: object, *, at_key: bool = False) -> str:
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


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """A " (did you mean 'x'?)" suffix naming the option closest to `word`, or ""."""
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
    if origin in SEQUENCE_ORIGINS and args and isinstance(key, int):
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
