"""Positions from YAML (DESIGN.md §8): a refusal of the rules' `from_position` reported at the
file, line and column of the entry it names, and the check that makes `wargames validate` and
every scenario load lay out a setup's position through the rules.

The rules read positions as plain data and name what they refuse by a path of keys
(`PositionError.path`); the YAML layer keeps the mark of every value by the same paths.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.game import Rules, Scenario
from engine.core.position import PositionError
from engine.data.schema import Check, ScenarioError, ValidDoc
from engine.data.yamlio import LoadedDoc, Problem, load_yaml

HEADER_KEYS = ("game", "kind", "note")


def position_problem(doc: LoadedDoc, err: PositionError, prefix: tuple[str, ...] = ()
                     ) -> Problem:
    """The refusal at the file:line:col of the entry its path names (the nearest existing
    parent when the entry is missing)."""
    return doc.problem((*prefix, *err.path), err.message)


def position_check(setup_kind: str, rules: Callable[[], Rules[Any]]) -> Check:
    """A scenario check: lay out the setup document through `rules().from_position` (without
    starting play) and report its refusal where the setup says it. `rules` is called only when
    a scenario is checked, so a game's schemas stay cheap to import."""

    def check(docs: Mapping[str, ValidDoc]) -> list[Problem]:
        setup = docs.get(setup_kind)
        if setup is None:
            return []
        documents = {kind: item.model.model_dump(mode="python") for kind, item in docs.items()}
        game = str(documents[setup_kind].get("game", ""))
        digest = hashlib.sha256()
        for item in docs.values():
            digest.update(item.doc.raw)
        scenario = Scenario(game, "", "", setup.doc.file, digest.hexdigest(), documents)
        try:
            rules().from_position(scenario, {}, 0, start=False)
        except PositionError as err:
            return [position_problem(setup.doc, err)]
        except Exception as err:  # the boundary: a position the rules cannot lay out at all
            return [setup.doc.problem((), "the rules cannot lay out this setup "
                                          f"({type(err).__name__}: {err})")]
        return []

    check.__doc__ = "The setup is a position the rules accept (engine.core.position)."
    return check


def read_position(path: str | os.PathLike[str]) -> tuple[LoadedDoc, dict[str, Any]]:
    """A position file's document and its data (a setup document's `game:`, `kind:` and
    `note:` left out); ScenarioError when it cannot be read or is not a mapping."""
    file = os.fspath(path)
    try:
        doc = load_yaml(file)
    except OSError as exc:
        raise ScenarioError([Problem(file, 0, 0, f"cannot read: {exc.strerror or exc}")]) \
            from None
    if doc.problems:
        raise ScenarioError(doc.problems)
    if not isinstance(doc.data, dict):
        raise ScenarioError([doc.problem((), "a position is a mapping of setup keys")])
    return doc, {k: v for k, v in doc.data.items() if k not in HEADER_KEYS}


def position_from_yaml(rules: Rules[Any], scenario: Scenario, path: str | os.PathLike[str],
                       seed: int = 0, *, start: bool = True) -> Any:
    """`rules.from_position` of the position in a YAML file; its refusal as a ScenarioError
    at file:line:col."""
    doc, data = read_position(path)
    try:
        return rules.from_position(scenario, data, seed, start=start)
    except PositionError as err:
        raise ScenarioError([position_problem(doc, err)]) from None
