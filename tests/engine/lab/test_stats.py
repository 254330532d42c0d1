"""The report's statistics against published values and hand-made records."""

from __future__ import annotations

import pytest

from engine.lab.records import GameRecord
from engine.lab.stats import (
    decisive,
    difference,
    endings,
    quartiles,
    reason_family,
    score_bands,
    wilson,
    win_rates,
)


def test_wilson_interval_matches_the_published_values():
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605
    rate = wilson(81, 263)
    assert rate.low == pytest.approx(0.2553, abs=5e-5)
    assert rate.high == pytest.approx(0.3662, abs=5e-5)
    rate = wilson(15, 148)
    assert (round(rate.low, 4), round(rate.high, 4)) == (0.0624, 0.1605)


def test_wilson_interval_at_the_edges_is_exact():
    none, every = wilson(0, 40), wilson(40, 40)
    assert none.low == 0.0 and none.high == pytest.approx(0.0876, abs=1e-4)
    assert every.high == 1.0 and every.low == pytest.approx(1 - 0.0876, abs=1e-4)
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


def test_difference_interval_matches_newcombe_method_10():
    # Newcombe (1998), table II, example (a): 56/70 - 48/80 -> +0.2000 (0.0524 to 0.3339)
    d = difference(wilson(56, 70), wilson(48, 80))
    assert d.value == pytest.approx(0.2)
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)


def test_quartiles_interpolate_between_order_statistics():
    assert quartiles([4, 1, 3, 2]) == (1.75, 2.5, 3.25)
    assert quartiles([7]) == (7, 7, 7)


def test_reason_families_drop_numbers_but_keep_sections():
    assert reason_family("Spain surrenders with Morale 3 and 2 cities taken (5.3.1)") == (
        "Spain surrenders with Morale N and N cities taken (5.3.1)")
    assert reason_family("21 provinces at the end of turn 12 (section 5c)") == (
        "N provinces at the end of turn N (section 5c)")


def record(seed, winner, kinds=(), reason="won", turns=3, scores=()):
    return GameRecord(seed, winner, reason, turns, 10, kinds={k: 2 for k in kinds},
                      scores=list(scores))


def test_win_rates_and_endings_count_completed_games_only():
    records = [record(1, "blue", reason="turn 6 reached"), record(2, "red"),
               record(3, None, reason="turn 4 reached"),
               GameRecord(4, error="Traceback ...")]
    rates = win_rates(records, ["blue", "red"])
    assert {k: (r.wins, r.games) for k, r in rates.items()} == {
        "blue": (1, 3), "red": (1, 3), "draw": (1, 3)}
    assert endings(records) == [("blue", "turn N reached", 1), ("draw", "turn N reached", 1),
                                ("red", "won", 1)]


def test_decisive_events_rank_by_the_change_in_win_rate():
    records = (
        [record(i, "blue", kinds=["blue: Ambush", "red: Move"]) for i in range(6)]
        + [record(10 + i, "red", kinds=["red: Move"]) for i in range(6)]
        + [record(20 + i, "red", kinds=["blue: Ambush"]) for i in range(3)]
        + [record(30 + i, "red", kinds=["blue: Ambush", "red: Move", "red: Rare"])
           for i in range(2)]
    )
    found = decisive(records, ["blue", "red"])
    # Ambush: blue wins 6 of 11 games with it, 0 of 6 without; Move: 6 of 14 against 0 of 3;
    # Rare is in only 2 games (under the floor of 3) and is left out
    assert [(d.kind, d.present, d.absent, d.uses) for d in found] == [
        ("blue: Ambush", 11, 6, 22), ("red: Move", 14, 3, 28)]
    assert abs(found[0].change) == pytest.approx(6 / 11)
    assert abs(found[1].change) == pytest.approx(6 / 14)


def test_no_decisive_event_when_one_side_wins_everything():
    records = [record(i, "blue", kinds=["blue: Ambush"] if i % 2 else []) for i in range(10)]
    assert decisive(records, ["blue", "red"]) == []


def test_score_bands_follow_the_games_still_going():
    boards = [[(1, {"vp": {"blue": v, "red": 1}}), (2, {"vp": {"blue": v + 1, "red": 2}})]
              for v in (1, 2, 3, 4)]
    records = [record(i, "blue", scores=b) for i, b in enumerate(boards)]
    records.append(record(9, "red", scores=[(1, {"vp": {"blue": 100, "red": 1}})]))
    blue = next(b for b in score_bands(records) if b.side == "blue")
    assert blue.turns == (1, 2) and blue.games == (5, 4)
    assert blue.median == (3, 3.5) and (blue.q1[1], blue.q3[1]) == (2.75, 4.25)
