"""The full hostile sets of issue 25's doors, only under `make soak`: every scenario attack and
input of growing size through `wargames validate` and `wargames simulate --scenario`, F5 in a
running game, and the position editor's Ctrl+S; and Ctrl+S killed mid-write hundreds of times.
The fixed slices of the same generators run in `make test` (test_hostile_doors.py).

With WARGAMES_DOORS_REPORT set to a file, the counts, outcomes and times are written there as a
Markdown table (docs/robustness.md quotes them). Reproduce with:

    make soak   # or: WARGAMES_DOORS_REPORT=docs/robustness-doors.md \\
                #     .venv/bin/python -m pytest -m soak tests/robustness/test_soak_doors.py
"""

from __future__ import annotations

import fcntl
import os
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hostile import (
    GAMES,
    HANG_SECONDS,
    MANIFESTS,
    SECRET,
    big_inputs,
    copy_scenarios,
    deleted_after_check,
    door_attacks,
    f5_under,
    kill_during_saves,
    outside,
    plant_secret,
    run_cli,
    scenario_attacks,
    watching_opens,
)

from engine import plugins
from engine.core.saves import read_save
from engine.editing import PositionEdits, SaveProblem
from engine.loading import load_game_scenario, load_game_scenario_documents
from engine.ui.autosave import clean_temp_files

pytestmark = [pytest.mark.soak, pytest.mark.usefixtures("user_data")]

KILLS = int(os.environ.get("WARGAMES_SOAK_KILLS", "200"))
COLUMNS = ("tried", "refused cleanly", "tracebacks", "hangs", "slowest refusal s",
           "files changed", "paths read outside")
HEAD = ("| set | " + " | ".join(COLUMNS) + " |\n|---|" + "---:|" * len(COLUMNS) + "\n")


def _row(name: str) -> dict[str, Any]:
    return {c: 0 for c in COLUMNS} | {"name": name}


def _record(row: dict[str, Any]) -> None:
    """Put the set's row into the report file, keeping the other sets' rows (the file is
    locked while it is rewritten)."""
    target = os.environ.get("WARGAMES_DOORS_REPORT")
    if not target:
        return
    cells = [f"{row[c]:.3f}" if c.endswith(" s") else str(int(row[c])) for c in COLUMNS]
    line = f"| {row['name']} | " + " | ".join(cells) + " |"
    with open(target, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        rows = {r.split(" | ")[0]: r for r in f.read().splitlines()
                if r.startswith("| ") and not r.startswith(("| set ", "|---"))}
        rows[f"| {row['name']}"] = line
        f.seek(0)
        f.truncate()
        f.write(HEAD + "\n".join(rows[k] for k in sorted(rows)) + "\n")


def _attacks(game: str) -> list[tuple[str, Any]]:
    return [*scenario_attacks(game), *door_attacks(game), *big_inputs(game)]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


@pytest.mark.parametrize("game", GAMES)
def test_validate_and_simulate_under_every_attack_and_big_input(game, tmp_path_factory):
    load_game_scenario(plugins.get(game))  # the game imported, so times measure the refusal
    row = _row(f"validate and simulate, {game}")
    failures: list[str] = []
    for name, edit in _attacks(game):
        root = tmp_path_factory.mktemp(f"doors-{game}")
        folder = copy_scenarios(game, root)
        plant_secret(root)
        edit(folder)
        manifest = folder / MANIFESTS[game]
        before = _files(folder)
        allowed = [folder, root / "a"] if "private" in name else [folder]
        for argv in (["validate", str(manifest)], ["simulate", game, "--scenario",
                                                   str(manifest), "--games", "1", "--jobs", "1"]):
            out = run_cli(f"{game}/{name}", argv, allowed=allowed)
            row["tried"] += 1
            row["tracebacks"] += "Traceback" in out.err
            row["hangs"] += out.wall >= HANG_SECONDS
            row["paths read outside"] += bool(out.outside)
            leak = SECRET in out.err or "root:" in out.err or len(out.err) >= 64_000
            if out.code == 2 and "Traceback" not in out.err and not leak:
                row["refused cleanly"] += 1
            else:
                failures.append(f"{name} {argv[0]}: exit {out.code}, {out.err[:200]!r}")
            row["slowest refusal s"] = max(row["slowest refusal s"], out.seconds)
        row["files changed"] += _files(folder) != before
    _record(row)
    assert not failures, failures
    assert row["slowest refusal s"] < 1.0 and not row["paths read outside"], row


@pytest.mark.ui
@pytest.mark.parametrize("game", GAMES)
def test_f5_under_every_attack(app, user_data, game, tmp_path_factory, monkeypatch):
    row = _row(f"F5 in a game, {game}")
    failures: list[str] = []
    cases = list(_attacks(game))
    _, documents = load_game_scenario_documents(plugins.get(game))
    for document in documents[1:]:
        file = Path(document.doc.file).name
        cases.append((f"deleted-after-check-{file}", deleted_after_check(file)))
    for name, edit in cases:
        with monkeypatch.context() as patch:
            if name.startswith("deleted-after-check"):
                edit = edit(patch)
            out = f5_under(app, game, name, edit, tmp_path_factory.mktemp(f"f5-{game}"),
                           user_data)
        row["tried"] += 1
        row["hangs"] += out.wall >= HANG_SECONDS
        row["paths read outside"] += bool(out.outside)
        row["slowest refusal s"] = max(row["slowest refusal s"], out.seconds)
        clean = out.title in ("The scenario has errors", "Cannot reload the scenario") \
            and out.kept and SECRET not in out.text and "root:" not in out.text \
            and len(out.text) < 20_000
        if clean:
            row["refused cleanly"] += 1
        else:
            failures.append(f"{name}: {out.title!r}, kept {out.kept}, {out.text[:200]!r}")
        if out.outside:
            failures.append(f"{name}: read outside {out.outside[:3]}")
    _record(row)
    assert not failures, failures
    assert row["slowest refusal s"] < 1.0 and not row["paths read outside"], row


@pytest.mark.parametrize("game", GAMES)
def test_the_editors_ctrl_s_under_every_attack(game, tmp_path_factory):
    plugin = plugins.get(game)
    row = _row(f"editor Ctrl+S, {game}")
    failures: list[str] = []
    for name, edit in _attacks(game):
        root = tmp_path_factory.mktemp(f"ed-{game}")
        folder = copy_scenarios(game, root)
        plant_secret(root)
        edits = PositionEdits(plugin, load_game_scenario(plugin, folder / MANIFESTS[game]))
        target = root / "saved" / "mine.yaml"
        edits.save(target)  # an earlier good save, which must stay as it is
        saved = _files(target.parent)
        edit(folder)
        done: list[BaseException | None] = []
        cpu: list[float] = []

        def save(edits: PositionEdits = edits, target: Path = target,
                 done: list[BaseException | None] = done, cpu: list[float] = cpu) -> None:
            start = time.thread_time()
            try:
                edits.save(target)
                done.append(None)
            except BaseException as err:  # looked at below
                done.append(err)
            cpu.append(time.thread_time() - start)

        with watching_opens() as opened:
            start = time.perf_counter()
            writer = threading.Thread(target=save, daemon=True)
            writer.start()
            writer.join(HANG_SECONDS)
            wall = time.perf_counter() - start
        seconds = cpu[0] if cpu else wall
        allowed = [folder, target.parent] + ([root / "a"] if "private" in name else [])
        row["tried"] += 1
        row["hangs"] += not done or wall >= HANG_SECONDS
        row["paths read outside"] += bool(outside(opened, allowed))
        row["files changed"] += _files(target.parent) != saved
        row["slowest refusal s"] = max(row["slowest refusal s"], seconds)
        if done and isinstance(done[0], SaveProblem) and SECRET not in str(done[0]) \
                and "root:" not in str(done[0]):
            row["refused cleanly"] += 1
        else:
            row["tracebacks"] += bool(done) and not isinstance(done[0], SaveProblem)
            failures.append(f"{name}: {done[:1]!r}")
    _record(row)
    assert not failures, failures
    assert row["slowest refusal s"] < 1.0 and not row["paths read outside"], row
    assert not row["files changed"], row


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the writer is a forked process")
def test_ctrl_s_killed_mid_write_hundreds_of_times(tmp_path):
    folder = tmp_path / "saves"
    kills = kill_during_saves(folder, KILLS, random.Random(2025))
    row = _row("Ctrl+S killed mid-write (kills; a damaged save counts as a file changed)")
    row["tried"] = kills.kills
    damaged = []
    for path in kills.saves:
        try:
            read_save(path)
        except Exception as err:  # a damaged save is what this test looks for
            damaged.append(f"{path.name}: {err}")
    left = list(folder.glob(".*.tmp"))
    old = time.time() - 3600
    for path in left:
        os.utime(path, (old, old))
    cleaned = clean_temp_files([folder])
    row["refused cleanly"] = kills.kills - len(damaged)
    row["files changed"] = len(damaged) + len(list(folder.glob(".*.tmp")))
    _record(row)
    assert not damaged, damaged[:5]
    assert cleaned == len(left) and not list(folder.glob(".*.tmp"))
