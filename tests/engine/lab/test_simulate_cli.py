"""`wargames simulate` as a designer uses it: --jobs, --report, --against, and bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.cli import main

SKIRMISH = Path(__file__).parents[2] / "support" / "toygame" / "scenarios"
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def skirmish_installed(monkeypatch):
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")


def summary_of(capsys) -> dict:
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_jobs_give_the_same_summary(capsys):
    found = []
    for jobs in ("1", "2"):
        assert main(["simulate", "skirmish", "--games", "10", "--seed", "4", "--jobs", jobs]) == 0
        summary = summary_of(capsys)
        summary.pop("actions_per_second")
        found.append(summary)
    assert found[0] == found[1] and found[0]["completed"] == 10


def report_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_report_is_byte_identical_for_the_same_seeds(tmp_path, capsys):
    args = ["simulate", "baler", "--games", "6", "--seed", "2", "--report"]
    assert main([*args, str(tmp_path / "a"), "--jobs", "2"]) == 0
    assert summary_of(capsys)["report"] == str(tmp_path / "a" / "report.md")
    assert main([*args, str(tmp_path / "b"), "--jobs", "1"]) == 0
    first, second = report_files(tmp_path / "a"), report_files(tmp_path / "b")
    assert set(first) == {"report.md", "win-rate.png", "game-length.png", "scores.png",
                          "endings.png"}
    assert first == second
    assert all(data.startswith(PNG) for name, data in first.items() if name.endswith(".png"))
    assert b"Software" not in first["win-rate.png"]
    text = first["report.md"].decode()
    assert "6 games per scenario, seeds 2 to 7" in text
    assert "![score by turn, siege.yaml](scores.png)" in text
    assert str(tmp_path) not in text
    assert main(["simulate", "baler", "--games", "6", "--seed", "3", "--report",
                 str(tmp_path / "c")]) == 0
    assert report_files(tmp_path / "c")["report.md"] != first["report.md"]


def test_report_without_a_scoreboard_says_so(tmp_path, capsys):
    assert main(["simulate", "skirmish", "--games", "4", "--report", str(tmp_path)]) == 0
    text = (tmp_path / "report.md").read_text()
    assert "offer no per-turn score" in text and not (tmp_path / "scores.png").exists()
    rows = [line for line in text.splitlines() if line.startswith("| Blue |")]
    assert rows and rows[0].split("|")[2].strip().endswith("of 4")


def test_against_compares_two_scenarios_with_the_same_seeds(tmp_path, capsys):
    other = tmp_path / "short"
    shutil.copytree(SKIRMISH, other)
    board = other / "board.yaml"
    board.write_text(board.read_text().replace("max_turns: 6", "max_turns: 1"))
    manifest = other / "basic.yaml"
    manifest.write_text(manifest.read_text().replace("name: basic", "name: short"))
    out = tmp_path / "report"
    assert main(["simulate", "skirmish", "--games", "12", "--against", str(manifest),
                 "--report", str(out), "--jobs", "2"]) == 0
    summary = summary_of(capsys)
    assert summary["games"] == 12 and summary["against"]["games"] == 12
    assert summary["against"]["mean_turns"] < summary["mean_turns"]
    text = (out / "report.md").read_text()
    assert "- Against: **" in text
    # two files called basic.yaml: the runs are named by the scenarios' own names
    assert "Difference basic minus short" in text
    diff_rows = text.split("| side | difference | 95 % interval |")[1].splitlines()[2:5]
    assert [row.split("|")[1].strip() for row in diff_rows] == ["Blue", "Red", "Draw"]
    for row in diff_rows:
        value, interval = (cell.strip() for cell in row.split("|")[2:4])
        low, high = (float(x) for x in interval.split(" to "))
        assert low <= float(value.split()[0]) <= high


@pytest.mark.parametrize(("args", "message"), [
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--agents", ","], "--agents needs at least one agent name"),
    (["--against", "no/such/file.yaml"], "no/such/file.yaml: no such scenario file"),
])
def test_bad_simulate_arguments_are_one_line(args, message, capsys):
    assert main(["simulate", "skirmish", "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_report_into_an_unwritable_place(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["simulate", "skirmish", "--games", "2", "--report", str(blocker / "r")]) == 2
    assert "cannot write the report" in capsys.readouterr().err


def test_cluster_without_ray_says_how_to_get_it(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    assert main(["simulate", "skirmish", "--games", "2", "--cluster", "auto"]) == 2
    assert "pip install 'wargames[cluster]'" in capsys.readouterr().err


def test_cluster_at_an_address_where_nothing_answers_is_one_line(monkeypatch, capsys):
    """Ray retries a wrong address for minutes: the head is tried once first (engine/lab/
    cluster.py), so the error comes at once, whether or not Ray is installed here."""
    import socket

    class NoRay:
        @staticmethod
        def is_initialized() -> bool:
            return False

        @staticmethod
        def init(**kwargs):
            raise AssertionError("Ray must not be asked to connect")

    monkeypatch.setattr("engine.lab.cluster._ray", lambda: NoRay)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: the connection is refused
        assert main(["simulate", "skirmish", "--games", "2",
                     "--cluster", f"127.0.0.1:{port}"]) == 2
    err = capsys.readouterr().err
    assert f"cannot reach the Ray cluster at 127.0.0.1:{port}: connection refused" in err
    assert "Traceback" not in err
