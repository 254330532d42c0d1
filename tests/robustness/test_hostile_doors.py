"""The newer doors under hostile input (issue 25): the command line's numbers, the saves that
Ctrl+S writes, scenario files that are links, huge or swapped, F5, the position editor's saves
and the crash boundary. Each refusal is one clear message within a second of CPU time, with
nothing changed and nothing read outside the scenario's folder."""

from __future__ import annotations

import os
import random
import time

import pytest
from hostile import kill_during_saves, run_cli

from engine.core.saves import MAX_INT, read_save, write_save
from engine.ui.autosave import clean_temp_files

# --- numbers on the command line ---------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**63, -(2**63), 10**30, -(10**30)])
def test_play_refuses_a_seed_its_saves_could_not_store(seed, monkeypatch):
    started = []
    monkeypatch.setattr("engine.ui.launcher.run_game", lambda *a, **k: started.append(a) or 0)
    out = run_cli(f"seed {seed}", ["play", "baler", "--seed", str(seed)])
    out.check()
    assert "--seed" in out.err and "out of range" in out.err
    assert not started


@pytest.mark.parametrize("seed", [MAX_INT - 1, -(MAX_INT - 1)])
def test_the_largest_seeds_play_and_save(seed, monkeypatch, tmp_path):
    saved = tmp_path / "game.json"

    def run_game(plugin, session, players, agents):
        write_save(saved, session(), players)
        return 0

    monkeypatch.setattr("engine.ui.launcher.run_game", run_game)
    out = run_cli(f"seed {seed}", ["play", "baler", "--seed", str(seed)])
    assert out.code == 0, out.err
    assert read_save(saved).seed == seed


@pytest.mark.parametrize(("args", "words"), [
    (["--games", "1000000000"], "at most 100,000 games"),
    (["--games", "0"], "at least 1"),
    (["--jobs", "0"], "at least 1"),
    (["--jobs", "100000"], "more than this machine can run"),
    (["--seed", str(2**63)], "out of range"),
    (["--seed", str(MAX_INT - 1), "--games", "5"], "out of range"),
])
def test_simulate_refuses_absurd_numbers_in_one_line(args, words):
    out = run_cli(" ".join(args), ["simulate", "baler", *args])
    out.check()
    assert words in out.err


def test_simulate_refuses_a_report_folder_it_cannot_write_before_playing(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    played = []
    monkeypatch.setattr("engine.lab.runner.run", lambda *a, **k: played.append(a))
    blocker = tmp_path / "report"
    blocker.write_text("a file, not a folder")
    for target in (blocker, blocker / "inside"):
        out = run_cli(str(target), ["simulate", "baler", "--games", "2", "--report",
                                    str(target)], watched=blocker)
        out.check()
        assert f"cannot write the report into {target}" in out.err
        assert "Errno" not in out.err
    assert not played


# --- Ctrl+S killed mid-write -------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the writer is a forked process")
def test_a_save_killed_mid_write_leaves_no_empty_or_truncated_save(tmp_path):
    folder = tmp_path / "saves"
    kills = kill_during_saves(folder, kills=20, rng=random.Random(25))
    assert kills.saves, "no save was finished between the kills"
    for path in folder.glob("*.json"):
        read_save(path)  # each one whole: SaveError for an empty or truncated file
    left = list(folder.glob(".*.tmp"))
    old = time.time() - 3600
    for path in left:
        os.utime(path, (old, old))
    assert clean_temp_files([folder]) == len(left)
    assert not list(folder.glob(".*.tmp"))


def test_empty_saves_left_by_earlier_versions_are_cleaned_at_start(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    empty, fresh, whole = folder / "baler-1.json", folder / "baler-2.json", folder / "baler-3.json"
    for path in (empty, fresh):
        path.write_bytes(b"")
    whole.write_text("{}", encoding="utf-8")
    old = time.time() - 3600
    for path in (empty, whole):
        os.utime(path, (old, old))
    assert clean_temp_files([folder]) == 1
    assert not empty.exists() and fresh.exists() and whole.exists()
