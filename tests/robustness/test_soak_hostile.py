"""The full hostile-input sets (issue 9), hypothesis-driven: hundreds of mutated saves and of
number edits to the scenario data per game. Only under `make soak`; the fixed slices of the
same generators run in `make test`.

With WARGAMES_ROBUSTNESS_REPORT set to a file, the counts, outcomes and times are written there
as a Markdown table (docs/robustness.md quotes them).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest
from hostile import (
    GAMES,
    MANIFESTS,
    copy_scenarios,
    good_save,
    outside,
    playable,
    run_cli,
    save_mutations,
    structural_mutations,
    valid_mutations,
    watching_opens,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import plugins
from engine.loading import LoadError, load_game_scenario

SAVES = int(os.environ.get("WARGAMES_SOAK_SAVES", "300"))
EDITS = int(os.environ.get("WARGAMES_SOAK_EDITS", "300"))
SHAPES = int(os.environ.get("WARGAMES_SOAK_SHAPES", "300"))
HANG = 10.0
"""Seconds after which an attempt counts as a hang (the refusal times are kept apart)."""
RESULTS: dict[str, dict[str, float]] = {}

pytestmark = [pytest.mark.soak, pytest.mark.usefixtures("user_data")]


def _row(kind: str, game: str) -> dict[str, float]:
    return RESULTS.setdefault(f"{kind} {game}", {
        "tried": 0, "clean errors": 0, "loaded": 0, "tracebacks": 0, "hangs": 0,
        "slowest refusal s": 0.0, "files changed": 0, "paths read outside": 0})


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    target = os.environ.get("WARGAMES_ROBUSTNESS_REPORT")
    if not target or not RESULTS:
        return
    columns = list(next(iter(RESULTS.values())))
    lines = ["| set | " + " | ".join(columns) + " |",
             "|---|" + "---:|" * len(columns)]
    for name, row in sorted(RESULTS.items()):
        cells = [f"{row[c]:.3f}" if c.endswith(" s") else str(int(row[c])) for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    Path(target).write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_mutated_saves(game, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"soak-saves-{game}")
    good = good_save(game, folder, actions=40)
    row = _row("saves", game)

    @settings(max_examples=max(1, SAVES // 20), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**32))
    def batch(seed: int) -> None:
        for name, content in save_mutations(good, random.Random(seed), 20):
            path = folder / "mutated.json"
            path.write_bytes(content)
            out = run_cli(name, ["render", game, "--load", str(path), "--out",
                                 str(folder / "x.png")], watched=path, allowed=[folder])
            row["tried"] += 1
            row["paths read outside"] += bool(out.outside)
            row["tracebacks"] += "Traceback" in out.err
            row["files changed"] += out.changed
            if out.code == 2:
                row["clean errors"] += len(out.err.strip().splitlines()) == 1
                row["slowest refusal s"] = max(row["slowest refusal s"], out.seconds)
                row["hangs"] += out.wall >= HANG
            else:
                row["loaded"] += 1
            out.check(may_pass=True)

    batch()


def _edits_validate_or_play(game, tmp_path_factory, kind: str, mutations, count: int) -> None:
    base = copy_scenarios(game, tmp_path_factory.mktemp(f"soak-base-{game}"))
    row = _row(kind, game)
    plugin = plugins.get(game)
    for i, (name, edit) in enumerate(mutations(game, base, random.Random(game), count)):
        folder = copy_scenarios(game, tmp_path_factory.mktemp(f"soak-{kind[:5]}-{game}-{i}"))
        edit(folder)
        row["tried"] += 1
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            with watching_opens() as opened:
                try:
                    load_game_scenario(plugin, folder / MANIFESTS[game])
                finally:
                    row["paths read outside"] += bool(outside(opened, [folder]))
        except LoadError:
            row["clean errors"] += 1
            row["slowest refusal s"] = max(row["slowest refusal s"], time.thread_time() - cpu)
            row["hangs"] += time.perf_counter() - start >= HANG
            continue
        try:
            playable(game, folder / MANIFESTS[game], i)
        except Exception as err:
            row["tracebacks"] += 1
            raise AssertionError(f"{game} {name} validates but cannot be played: "
                                 f"{type(err).__name__}: {err}") from err
        row["loaded"] += 1


@pytest.mark.parametrize("game", GAMES)
def test_number_edits_to_the_scenario_validate_or_play(game, tmp_path_factory):
    _edits_validate_or_play(game, tmp_path_factory, "scenario edits", valid_mutations, EDITS)


@pytest.mark.parametrize("game", GAMES)
def test_structural_edits_to_the_scenario_validate_or_play(game, tmp_path_factory):
    _edits_validate_or_play(game, tmp_path_factory, "scenario shapes", structural_mutations,
                            SHAPES)
