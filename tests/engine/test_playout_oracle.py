"""Seeded random playouts give exactly what they gave when tests/engine/playout_oracle.json was
recorded (tools/playout_oracle.py): the same legal lists, actions, events, state hashes, views
and result. Speed work on the rules must keep them all; a deliberate change of the rules
records the file again. A few seeds here, every recorded seed under `make soak`."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import plugins
from engine.loading import load_game_scenario
from engine.sim import fingerprint

ORACLE = Path(__file__).with_name("playout_oracle.json")
QUICK = {"baler": (1, 2), "filipinas": (1, 2), "guerra": (34,)}
"""Guerra's seed 34 is its shortest recorded game (1,820 actions)."""


@cache
def _recorded() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(ORACLE.read_text())["games"]
    return data


def _check(game: str, seed: int) -> None:
    plugin = plugins.discover()[game]
    expected = _recorded()[game][str(seed)]
    assert fingerprint(plugin, load_game_scenario(plugin), seed) == expected


@pytest.mark.parametrize(("game", "seed"), [(g, s) for g, seeds in QUICK.items() for s in seeds])
def test_playout_as_recorded(game: str, seed: int) -> None:
    _check(game, seed)


@pytest.mark.soak
@pytest.mark.parametrize("game", sorted(QUICK))
def test_every_recorded_playout(game: str) -> None:
    for seed in sorted(int(s) for s in _recorded()[game]):
        _check(game, seed)


@pytest.mark.parametrize("game", sorted(QUICK))
def test_an_unchecked_playout_is_the_same_game(game: str) -> None:
    """Without invariant checks a playout applies the listed actions unchecked (`apply_legal`);
    the game it plays is the recorded one all the same."""
    plugin = plugins.discover()[game]
    seed = QUICK[game][0]
    got = fingerprint(plugin, load_game_scenario(plugin), seed, check=False)
    assert got == _recorded()[game][str(seed)]


def test_a_changed_playout_is_caught() -> None:
    """The oracle can fail: a playout of another seed differs from the recorded one."""
    plugin = plugins.discover()["baler"]
    got = fingerprint(plugin, load_game_scenario(plugin), 2)
    assert got != _recorded()["baler"]["1"]
    assert got["action_digest"] != _recorded()["baler"]["1"]["action_digest"]
