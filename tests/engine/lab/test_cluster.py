"""`--cluster`: the games as Ray tasks, on a local Ray instance started with `ray.init()`.
Skipped where Ray is not installed (it is the optional extra `wargames[cluster]`)."""

from __future__ import annotations

import json

import pytest

from engine import plugins
from engine.cli import main
from engine.lab.records import Matchup
from engine.lab.runner import Plan, run
from engine.loading import load_game_scenario

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield
    ray.shutdown()


def test_cluster_runs_give_the_records_of_a_local_run(local_ray):
    plugin = plugins.get("baler")
    plan = Plan((Matchup(plugin, load_game_scenario(plugin), ("random",)),), tuple(range(1, 7)))
    seen: list[int] = []
    remote = run(plan, cluster="auto", progress=seen.append)
    local = run(plan, jobs=1)
    strip = [[(r.seed, r.winner, r.reason, r.turns, r.kinds, r.scores) for r in rs]
             for rs in (remote[0], local[0])]
    assert strip[0] == strip[1]
    assert seen[-1] == 6


def test_cluster_report_is_the_local_report(local_ray, tmp_path, capsys):
    args = ["simulate", "baler", "--games", "4", "--seed", "9", "--report"]
    assert main([*args, str(tmp_path / "ray"), "--cluster", "auto"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["completed"] == 4
    assert main([*args, str(tmp_path / "local"), "--jobs", "1"]) == 0
    for name in ("report.md", "win-rate.png", "scores.png"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()
