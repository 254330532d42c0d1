"""Ids and cross-references declared in schemas with `Id`/`Ref` (DESIGN.md §4).

A schema marks a field, a list element or a mapping key with `Annotated[str, Id("space")]`
to declare an id, or `Ref("space")` to name one. `IdIndex` collects them from the raw data
of every document (so one document's schema errors do not hide another's broken
references), reports duplicate ids with where each was first declared, and references that
name no declared id with a "did you mean".
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from engine.core.files import display
from engine.data.errors import SEQUENCE_ORIGINS, did_you_mean
from engine.data.yamlio import LoadedDoc, Problem, YamlPath

__all__ = ["Id", "IdIndex", "Ref"]

SUGGESTED = 20
"""Unknown references given a "did you mean"."""


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
    if (origin in SEQUENCE_ORIGINS or origin is tuple) and args:
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


class IdIndex:
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
        """References that name no declared id (the first `SUGGESTED` with a "did you mean":
        each compares the name with every id declared, too slow for thousands)."""
        problems: list[Problem] = []
        for namespace, value, site in self.refs:
            declared = self.ids.get(namespace, {})
            if value in declared:
                continue
            if not declared:
                hint = f" (no {namespace} is declared)"
            else:
                hint = did_you_mean(value, declared) if len(problems) < SUGGESTED else ""
            problems.append(site.problem(f"unknown {namespace} {display(value)!r}{hint}"))
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
            message = (f"duplicate {marker.namespace} {display(value)!r} (first declared at "
                       f"{first.where()})")
            self.problems.append(site.problem(message))
