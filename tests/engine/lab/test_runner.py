"""Seeds played in worker processes give the records one process gives, in seed order."""

from __future__ import annotations

import io

import pytest

from engine import plugins
from engine.lab.progress import Progress, bar_text
from engine.lab.records import Matchup
from engine.lab.runner import Plan, run
from engine.loading import load_game_scenario
from engine.sim import play_game, simulate
from toygame import PLUGIN as SKIRMISH


@pytest.fixture(scope="module")
def skirmish() -> Matchup:
    return Matchup(SKIRMISH, load_game_scenario(SKIRMISH), ("random",))


def test_jobs_do_not_change_the_records(skirmish):
    plan = Plan((skirmish,), tuple(range(7, 19)))
    calls: list[int] = []
    alone = run(plan, jobs=1)
    pooled = run(plan, jobs=2, progress=calls.append)
    assert [r.seed for r in pooled[0]] == list(range(7, 19))
    strip = [[(r.seed, r.winner, r.reason, r.turns, r.actions, r.kinds) for r in rs]
             for rs in (alone[0], pooled[0])]
    assert strip[0] == strip[1]
    assert len({r.winner for r in alone[0]}) > 1, "the seeds should not all end alike"
    assert calls[-1] == 12 and calls == sorted(calls)


def test_a_failed_playout_is_a_record_not_a_crash(skirmish, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("agent fell over")

    monkeypatch.setattr("engine.sim.make_agent", broken)
    record = play_game(skirmish, 3)
    assert not record.completed and "agent fell over" in record.error
    err = io.StringIO()
    summary = simulate(SKIRMISH, skirmish.scenario, 2, 1, ["random"], err)
    assert (summary.games, summary.errors, summary.completed) == (2, 2, 0)
    assert "seed 1: playout failed" in err.getvalue()


def test_records_keep_the_game_scoreboard_at_each_turn_end():
    plugin = plugins.get("baler")
    record = play_game(Matchup(plugin, load_game_scenario(plugin), ("random",)), 4)
    assert record.completed and record.winner in plugin.sides
    turns = [t for t, _ in record.scores]
    assert turns == list(range(1, record.turns + 1))
    final = record.scores[-1][1]["victory points"]
    assert final == {side: float(v) for side, v in record.final_scores.items()}
    assert sum(record.kinds.values()) == record.actions


def test_four_seats_count_for_their_two_sides():
    plugin = plugins.get("guerra")
    matchup = Matchup(plugin, load_game_scenario(plugin), ("random",))
    assert matchup.factions == ("nationalist", "republican")
    state = plugin.rules.new_game(matchup.scenario, 1)
    board = plugin.rules.turn_scores(state)
    view = plugin.rules.view(state, None)
    owned = {s: sum(1 for v in view["provinces"].values() if v == s) for s in matchup.factions}
    assert board["provinces"] == owned


def test_filipinas_scoreboard_reads_morale_and_cities():
    plugin = plugins.get("filipinas")
    state = plugin.rules.new_game(load_game_scenario(plugin), 1)
    board = plugin.rules.turn_scores(state)
    view = plugin.rules.view(state, None)
    assert board["Spanish morale"] == {"spain": view["morale"]}
    held = sum(1 for owner in view["markers"]["cities"].values() if owner == "filipino")
    assert board["cities held"] == {"filipino": held}


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal():
    piped = io.StringIO()
    bar = Progress("baler", 10, piped)
    bar(5)
    bar.close()
    assert piped.getvalue() == ""
    now = [100.0]
    screen = Terminal()
    bar = Progress("baler", 10, screen, clock=lambda: now[0])
    now[0] = 104.0
    bar(4)
    now[0] = 104.1
    bar(5)  # too soon after the last drawing: skipped
    now[0] = 110.0
    bar(10)  # the last one is always drawn
    bar.close()
    lines = screen.getvalue().split("\r")[1:]
    assert lines[0] == bar_text("baler", 4, 10, 4.0)
    assert "4/10" in lines[0] and "40%" in lines[0] and "ETA 0:06" in lines[0]
    assert lines[1].startswith("baler 10/10 [" + "#" * 28 + "] 100%") and lines[1].endswith("\n")
