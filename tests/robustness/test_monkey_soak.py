"""The GUI monkey's long runs (issue 25), only under `make soak`: on every game's screen, with
several seeds and each kind of table (against the computer, hot-seat, computer against
computer), at least 15,000 gestures per game; the replay of every unfinished save kind; the
position editor.

With WARGAMES_MONKEY_REPORT set to a file, the counts are written there as a Markdown table
(docs/robustness.md quotes them). The sizes can be lowered for a quick look:
WARGAMES_MONKEY_GAME (gestures per game, default 15,000), WARGAMES_MONKEY_REPLAY and
WARGAMES_MONKEY_EDITOR (per game, default 1,500 each).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest
from monkey import (
    GAMES,
    KINDS,
    Handed,
    Monkey,
    Report,
    editor_window,
    game_window,
    on,
    on_game,
    peek_game,
    peek_replay,
    replay_window,
    unfinished_save,
)

from engine.ui.replay_scene import ReplayScene

pytestmark = [pytest.mark.soak, pytest.mark.ui, pytest.mark.usefixtures("user_data")]

PER_GAME = int(os.environ.get("WARGAMES_MONKEY_GAME", "15000"))
REPLAY = int(os.environ.get("WARGAMES_MONKEY_REPLAY", "1500"))
EDITOR = int(os.environ.get("WARGAMES_MONKEY_EDITOR", "1500"))
SEEDS = (1, 2)

HEAD = ("| run | gestures | actions played | hand-off screens | new windows | tracebacks "
        "(distinct) | hangs | hidden information shown | slowest step s |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")


def _record(report: Report) -> None:
    """Put the run's row into the report file (the rows of the other runs, written by this
    or another worker process, are kept; the file is locked while it is rewritten)."""
    target = os.environ.get("WARGAMES_MONKEY_REPORT")
    if not target:
        return
    r = report
    row = (f"| {r.name} | {r.events} | {r.actions} | {r.handoffs} | {r.restarts} | "
           f"{len(r.tracebacks)} ({len(r.distinct_tracebacks())}) | {len(r.hangs)} | "
           f"{len(r.peeks)} | {r.slowest:.2f} |")
    found = [f"- {r.name}: {n} × {place}" for place, n in r.distinct_tracebacks().items()]
    with open(target, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        old = f.read()
        rows = {line.split(" | ")[0]: line for line in old.splitlines()
                if line.startswith("| ") and not line.startswith(("| run ", "|---"))}
        notes = [line for line in old.splitlines() if line.startswith("- ")
                 and not line.startswith(f"- {r.name}: ")]
        rows[f"| {r.name}"] = row
        f.seek(0)
        f.truncate()
        f.write(HEAD + "\n".join(rows[k] for k in sorted(rows)) + "\n\n"
                + "\n".join(sorted([*notes, *found]) or ["No traceback."]) + "\n")


@pytest.mark.parametrize("game", GAMES)
def test_the_game_screens_under_the_monkey(game: str) -> None:
    each = -(-PER_GAME // (len(KINDS) * len(SEEDS)))
    total = Report(f"{game} game screen")
    for kind in KINDS:
        for seed in SEEDS:
            total.add(Monkey(f"{game} {kind} {seed}", game_window(game, kind, seed),
                             on_game(game), peek_game(Handed()),
                             seed=seed * 100 + KINDS.index(kind)).run(each))
    _record(total)
    assert not total.problems(), total.problems()


@pytest.mark.parametrize("game", GAMES)
def test_the_replays_of_unfinished_games_under_the_monkey(game: str, tmp_path: Path) -> None:
    total = Report(f"{game} replay")
    for kind in KINDS:
        path, _ = unfinished_save(game, kind, tmp_path)
        total.add(Monkey(f"{game} replay {kind}", replay_window(path), on(ReplayScene),
                         peek_replay(Handed()), seed=7).run(-(-REPLAY // len(KINDS))))
    _record(total)
    assert not total.problems(), total.problems()


@pytest.mark.parametrize("game", GAMES)
def test_the_position_editor_under_the_monkey(game: str, tmp_path: Path) -> None:
    from engine.ui.editor import EditorScene

    # leaving the editor opens the launcher: back to the editor soon, not after 25 gestures
    report = Monkey(f"{game} position editor", editor_window(game, tmp_path), on(EditorScene),
                    seed=5, outside=3).run(EDITOR)
    _record(report)
    assert not report.problems(), report.problems()
