"""tools/ai_table.py: one game of a cell gives its outcome and the line `--log` writes."""

from __future__ import annotations

from pathlib import Path

from tooling import load_tool


def test_one_game_of_a_cell_reports_its_outcome_and_its_log_line() -> None:
    tool = load_tool("ai_table")
    cell = tool.Cell("baler", "spanish", "easy", "random")
    played = tool.play_one((cell, 1, "1i"))
    assert played.outcome in ("win", "loss", "draw")
    assert played.times == [] and played.switched == 0
    line = played.line()
    assert line.startswith("baler - easy spanish vs random seed 1: ")
    assert played.outcome in line


def test_a_run_given_its_log_again_counts_the_logged_games_and_plays_only_the_rest(
        tmp_path: Path, capsys) -> None:
    tool = load_tool("ai_table")
    log = tmp_path / "games.log"
    # Easy beats random in every one of 200 games: a logged loss can only come from the log
    log.write_text("baler - easy spanish vs random seed 1: loss; Normal decisions 0, other than "
                   "the heuristics 0, median rounds 0\n", encoding="utf-8")
    out = tmp_path / "table.md"
    assert tool.main(["--only", "baler", "--tested", "easy", "--games", "1", "--jobs", "1",
                      "--budget", "1i", "--log", str(log), "--out", str(out)]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[1].startswith("baler - easy philippine vs random seed 1: ")
    table = out.read_text(encoding="utf-8")
    assert "| baler | easy spanish | random | 1 | 0 | 0 | 1 | 0 |" in table
    assert "| baler | easy philippine | random | 1 |" in table
    assert "1 of the 2 games; 1 to play" in capsys.readouterr().err


def test_the_log_reader_keeps_one_outcome_a_game_and_skips_what_is_not_a_game(
        tmp_path: Path) -> None:
    tool = load_tool("ai_table")
    log = tmp_path / "games.log"
    log.write_text(
        "baler - normal spanish vs easy seed 39: win; Normal decisions 118\n"
        "baler - normal spanish vs easy seed 39: win; Normal decisions 118\n"
        "a line cut short by a stopped run: seed\n"
        "filipinas filipinas/solo.yaml easy filipino vs bot seed 2: loss; Normal decisions 0\n",
        encoding="utf-8")
    found = tool.logged(str(log))
    assert found == {("baler - normal spanish vs easy", 39): "win",
                     ("filipinas filipinas/solo.yaml easy filipino vs bot", 2): "loss"}
    cell = tool.Cell("filipinas", "filipino", "easy", "bot", "filipinas/solo.yaml")
    assert tool.key(cell) == "filipinas filipinas/solo.yaml easy filipino vs bot"
    assert tool.logged(str(tmp_path / "none.log")) == {}


def test_against_plays_easy_against_easy_once_a_game_on_the_cells_seeds(tmp_path: Path) -> None:
    tool = load_tool("ai_table")
    out = tmp_path / "table.md"
    log = tmp_path / "games.log"
    assert tool.main(["--only", "baler", "--tested", "easy", "--against", "easy", "--games", "1",
                      "--jobs", "1", "--budget", "1i", "--log", str(log),
                      "--out", str(out)]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and lines[0].startswith("baler - easy spanish vs easy seed 1: ")
    assert "| baler | easy spanish | easy | 1 |" in out.read_text(encoding="utf-8")
    # the same game as the Easy player of the Normal cell's seed meets
    cell = tool.Cell("baler", "spanish", "easy", "easy")
    assert tool.play_one((cell, 1, "1i")).outcome == lines[0].split(": ")[1].split(";")[0]


def test_set_changes_the_tested_levels_search_settings_and_no_other(monkeypatch) -> None:
    tool = load_tool("ai_table")
    seen = {}

    def playout(plugin, scenario, seed, agents, check=True):  # the game itself is not needed
        seen.update(agents)
        raise RuntimeError("stop here")

    monkeypatch.setattr(tool, "playout", playout)
    cell = tool.Cell("baler", "spanish", "normal", "hard")
    played = tool.play_one((cell, 1, "1i", "1i", {"horizon": 12, "explore": 0.2}))
    assert played.outcome == "error"
    tested = seen["spanish"].decider.settings
    other = seen["philippine"].decider.settings
    assert (tested.horizon, tested.explore) == (12, 0.2)
    assert (other.horizon, other.explore) == (80, 0.35)


def test_set_refuses_a_setting_the_search_lacks_in_one_line(capsys) -> None:
    tool = load_tool("ai_table")
    try:
        tool.main(["--only", "baler", "--set", "depth=3"])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("an unknown setting was taken")
    assert "Settings has no 'depth'" in capsys.readouterr().err


def test_evaluate_gives_the_tested_level_another_evaluation(monkeypatch) -> None:
    tool = load_tool("ai_table")
    seen = {}

    def playout(plugin, scenario, seed, agents, check=True):
        seen.update(agents)
        raise RuntimeError("stop here")

    monkeypatch.setattr(tool, "playout", playout)
    from filipinas.ai import evaluate, fitted_evaluate
    cell = tool.Cell("filipinas", "filipino", "normal", "hard")
    tool.play_one((cell, 1, "1i", "1i", {}, "filipinas.ai:fitted_evaluate"))
    assert seen["filipino"].decider.evaluate is fitted_evaluate
    assert seen["spain"].decider.evaluate is evaluate


def test_evaluate_refuses_a_name_that_is_no_evaluation(capsys) -> None:
    tool = load_tool("ai_table")
    for wrong in ("filipinas.ai:nothing", "no.such.module:f", "filipinas.ai"):
        try:
            tool.main(["--only", "filipinas", "--evaluate", wrong])
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(f"{wrong} was taken")
        assert "names no evaluation" in capsys.readouterr().err
