"""Hostile save files (issue 9, "Saves"): each failure found by the probe is one clean line, exit
2, within a second, and the file is left as it was. The command line's `render --load` and
`play --load` and the loader function are tried; the launcher is in test_hostile_launcher.py."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hostile import GAMES, good_save, run_cli, save_mutations

from engine import plugins
from engine.core.saves import SaveError, read_save
from engine.loading import load_saved_game

pytestmark = pytest.mark.usefixtures("user_data")
SLICE = 30
"""Mutated saves per game in `make test`; `make soak` runs far more (test_soak_hostile.py)."""


@pytest.fixture(scope="module")
def goods(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("goods")
    # built first, so every game is imported and times measure the refusal alone
    return {game: good_save(game, folder) for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_a_fixed_slice_of_mutated_saves_is_refused_cleanly(game, goods, tmp_path):
    rng = random.Random(f"saves-{game}")
    refused = 0
    for name, content in save_mutations(goods[game], rng, SLICE):
        path = tmp_path / "mutated.json"
        path.write_bytes(content)
        out = run_cli(name, ["render", game, "--load", str(path), "--out",
                             str(tmp_path / "x.png")], watched=path)
        out.check(may_pass=True)
        refused += out.code == 2
    assert refused >= SLICE // 2


@pytest.mark.parametrize("game", GAMES)
def test_the_good_save_still_loads(game, goods, tmp_path):
    out = run_cli("good", ["render", game, "--load", str(goods[game]), "--out",
                           str(tmp_path / "x.png")], watched=goods[game])
    assert out.code == 0, out.err


@pytest.mark.parametrize("name", [
    "nested-100000", "seed-5000-digits", "seed-5000-digits-text", "scenario-5000-chars",
    "scenario-x-x", "scenario-nul", "scenario-surrogate", "game-surrogate", "scenario-dev-zero",
])
def test_each_listed_save_failure_is_one_line(name, goods, tmp_path):
    content = dict(save_mutations(goods["baler"], random.Random(0), 14))[name]
    path = tmp_path / "save.json"
    path.write_bytes(content)
    run_cli(name, ["play", "baler", "--load", str(path)], watched=path).check()
    with pytest.raises(SaveError):
        load_saved_game(path, plugins.discover())


def test_a_save_naming_etc_passwd_never_quotes_it(goods, tmp_path):
    content = dict(save_mutations(goods["baler"], random.Random(0), 14))["scenario-etc-passwd"]
    path = tmp_path / "save.json"
    path.write_bytes(content)
    out = run_cli("passwd", ["play", "baler", "--load", str(path)], watched=path)
    out.check()
    first = Path("/etc/passwd").read_text(encoding="utf-8").splitlines()[0]
    assert first not in out.err and "root:" not in out.err


def _with_action_field(good: Path, path: Path, game: str, action_type: str, field: str,
                       value: object) -> None:
    data = json.loads(good.read_text(encoding="utf-8"))
    action = next(a for a in data["actions"] if a["type"] == action_type)
    action[field] = value
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("value", [12345, None, True, {"a": 1}, [1, 2], float("nan"), "hard"])
def test_guerra_options_the_rules_never_offer_are_refused(value, goods, tmp_path):
    path = tmp_path / "save.json"
    _with_action_field(goods["guerra"], path, "guerra", "SetOptions", "level", value)
    out = run_cli(f"level={value!r}", ["play", "guerra", "--load", str(path)], watched=path)
    out.check()
    assert "action 1" in out.err


@pytest.mark.parametrize(("label", "value"), [
    ("nested-900", "DEEP"), ("1MB-string", "x" * 1_000_000), ("4000-digits", 10**3999),
])
def test_a_monstrous_action_field_is_refused_quickly_and_not_quoted(label, value, goods,
                                                                     tmp_path):
    deep: object = value
    if value == "DEEP":
        for _ in range(900):
            deep = [deep]
    path = tmp_path / "save.json"
    data = json.loads(goods["baler"].read_text(encoding="utf-8"))
    first = data["actions"][0]
    first[next(k for k in first if k != "type")] = deep
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    out = run_cli(label, ["play", "baler", "--load", str(path)], watched=path)
    out.check()
    assert len(out.err) < 400


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(goods, tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    run_cli("fifo", ["play", "baler", "--load", str(fifo)]).check()
    with pytest.raises(SaveError, match="(?i)not a regular file"):
        read_save(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_without_reading_it(goods):
    run_cli("dev-zero", ["play", "baler", "--load", "/dev/zero"]).check()
    run_cli("dev-zero", ["replay", "/dev/zero"]).check()


def test_a_folder_and_an_oversized_file_are_refused(goods, tmp_path):
    run_cli("folder", ["play", "baler", "--load", str(tmp_path)]).check()
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(64 << 20)
    out = run_cli("big", ["play", "baler", "--load", str(big)], watched=big)
    out.check()
    assert "too large" in out.err.lower()


def test_an_old_save_without_phase_and_date_still_loads(goods, tmp_path):
    data = json.loads(goods["filipinas"].read_text(encoding="utf-8"))
    del data["phase"], data["saved"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    save = read_save(path)
    assert (save.phase, save.saved) == ("", "")
    assert load_saved_game(path, plugins.discover()).session.state_hash() == data["state_hash"]
