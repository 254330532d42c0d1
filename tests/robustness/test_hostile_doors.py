"""The newer doors under hostile input (issue 25): the command line's numbers, the saves that
Ctrl+S writes, scenario files that are links, huge or swapped, F5, the position editor's saves
and the crash boundary. Each refusal is one clear message within a second of CPU time, with
nothing changed and nothing read outside the scenario's folder."""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import pytest
from hostile import (
    GAMES,
    HANG_SECONDS,
    MANIFESTS,
    REFUSAL_SECONDS,
    SECRET,
    check_reload,
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

from edittest import open_editor
from engine import editing, plugins
from engine.core.saves import MAX_INT, read_save, write_save
from engine.core.session import Session
from engine.data import schema
from engine.editing import PositionEdits, SaveProblem
from engine.loading import load_game_scenario
from engine.ui import crash
from engine.ui.app import App
from engine.ui.autosave import clean_temp_files
from engine.ui.editor import EditorScene
from engine.ui.game_scene import GameScene
from engine.ui.scene import Scene
from toygame import PLUGIN as TOY
from toygame.rules import EndTurn, Move
from uitest import DT

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

    def run_game(plugin, session, players, agents, app=None):
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


# --- scenario files: links, swaps and big inputs -----------------------------------------------

DOORS = [(game, name) for game in GAMES for name, _ in door_attacks(game)]
OUTPUT_LIMIT = 64_000
"""Characters of stderr a refusal may print, whatever the input (100 problems and a count)."""


@pytest.fixture(scope="module")
def warm() -> None:
    """Import every game and build its schemas once, so times measure the refusal alone."""
    for game in GAMES:
        load_game_scenario(plugins.get(game))


def attacked(game: str, name: str, tmp_path: Path) -> Path:
    """A copy of `game`'s scenarios with the attack `name` made; returns its manifest."""
    folder = copy_scenarios(game, tmp_path)
    plant_secret(tmp_path)
    dict(door_attacks(game))[name](folder)
    return folder / MANIFESTS[game]


@pytest.mark.usefixtures("warm")
@pytest.mark.parametrize(("game", "name"), DOORS)
def test_validate_and_simulate_refuse_each_door_attack_quickly_and_quote_nothing_outside(
        game, name, tmp_path):
    manifest = attacked(game, name, tmp_path)
    folder = manifest.parent
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    allowed = [folder, tmp_path / "a"] if "private" in name else [folder]
    for argv in (["validate", str(manifest)],
                 ["simulate", game, "--scenario", str(manifest), "--games", "1", "--jobs", "1"]):
        out = run_cli(f"{game}/{name}", argv, allowed=allowed)
        out.check(one_line=False)
        assert len(out.err) < OUTPUT_LIMIT, f"{name}: {len(out.err):,} characters of stderr"
        assert SECRET not in out.err and "root:" not in out.err
    assert before == {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_a_manifest_that_is_a_link_to_a_file_of_another_kind_is_not_read(tmp_path):
    manifest = attacked("baler", "manifest-link-passwd", tmp_path)
    with watching_opens() as opened:
        out = run_cli("link", ["validate", str(manifest)])
    assert "/etc/passwd" not in opened
    assert out.err.strip() == (f"{manifest}: cannot read: Not a YAML file (.yaml or .yml, once "
                               "links are followed)")


def test_a_file_that_is_not_one_of_ours_is_named_but_never_quoted(tmp_path):
    manifest = attacked("baler", "manifest-link-private", tmp_path)
    out = run_cli("private", ["validate", str(manifest)])
    assert out.err.strip() == (f"{manifest}:1:1: missing key 'game': a data file starts with "
                               "'game:' and 'kind:'")


@pytest.mark.parametrize("swap", ["file", "folder"])
def test_a_listed_file_swapped_for_a_link_after_the_check_is_not_read(swap, tmp_path,
                                                                      monkeypatch):
    folder = copy_scenarios("baler", tmp_path)
    outside_folder = tmp_path / "elsewhere"
    outside_folder.mkdir()
    secret = outside_folder / "board.yaml"
    secret.write_text(f"game: baler\nkind: {SECRET}\n", encoding="utf-8")
    (folder / "sub").mkdir()
    (folder / "board.yaml").rename(folder / "sub" / "board.yaml")
    manifest = folder / "siege.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "[board.yaml,", "[sub/board.yaml,"), encoding="utf-8")
    confined = schema._confined

    def swapped_after_the_check(base, rel):
        found = confined(base, rel)
        if rel == "sub/board.yaml":
            if swap == "file":
                (folder / "sub" / "board.yaml").unlink()
                (folder / "sub" / "board.yaml").symlink_to(secret)
            else:
                (folder / "sub").rename(folder / "sub-moved")
                (folder / "sub").symlink_to(outside_folder)
        return found

    monkeypatch.setattr(schema, "_confined", swapped_after_the_check)
    read_from: set[int] = set()
    real_read = os.read

    def read(fd: int, size: int) -> bytes:
        read_from.add(os.fstat(fd).st_ino)
        return real_read(fd, size)

    monkeypatch.setattr(os, "read", read)
    # (the path is opened, as the O_NOFOLLOW-then-check asks, but not a byte is read)
    out = run_cli(swap, ["validate", str(manifest)])
    out.check(one_line=False)
    assert secret.stat().st_ino not in read_from
    assert SECRET not in out.err
    assert "cannot read 'sub/board.yaml': A link, or changed for a link" in out.err


# --- the position editor's saves ---------------------------------------------------------------


def _editing(tmp_path: Path) -> tuple[Path, PositionEdits]:
    """A copy of Heroes of Baler's scenarios and a position edited over its siege (turn 2)."""
    folder = copy_scenarios("baler", tmp_path)
    plugin = plugins.get("baler")
    edits = PositionEdits(plugin, load_game_scenario(plugin, folder / "siege.yaml"))
    assert edits.apply(lambda p: {**p, "turn": 2}) is None
    return folder, edits


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_save_that_does_not_load_leaves_the_earlier_save_untouched(tmp_path, monkeypatch):
    _, edits = _editing(tmp_path)
    target = tmp_path / "saved" / "mine.yaml"
    edits.save(target)
    before = _files(target.parent)
    assert edits.apply(lambda p: {**p, "turn": 3}) is None
    broken = editing.setup_document
    monkeypatch.setattr(editing, "setup_document",
                        lambda *a: {**broken(*a), "not_a_setup_key": 1})
    with pytest.raises(SaveProblem, match="does not load, so nothing was saved"):
        edits.save(target)
    assert _files(target.parent) == before
    assert not list(target.parent.glob(".*"))  # no staging folder left behind


@pytest.mark.parametrize("out", ["siege.yaml", "setup.yaml", "units.yaml", "americans_1899.yaml",
                                 "../mine.yaml"])
def test_edit_out_never_names_a_file_it_would_overwrite(out, tmp_path, monkeypatch):
    folder = copy_scenarios("baler", tmp_path)
    (folder.parent / "mine.yaml").write_text("game: baler\nkind: scenario\n# a designer's own\n",
                                             encoding="utf-8")
    opened = []
    monkeypatch.setattr("engine.ui.editor_window.run_editor", lambda *a: opened.append(a) or 0)
    before = _files(folder.parent)
    out_path = folder / out
    result = run_cli(out, ["edit", "baler", "--scenario", str(folder / "siege.yaml"),
                           "--out", str(out_path)], watched=out_path)
    result.check()
    assert "never writes over" in result.err
    assert not opened and _files(folder.parent) == before


@pytest.mark.parametrize("out", ["siege.yaml", "units.yaml", "board.yaml"])
def test_ctrl_s_never_overwrites_a_file_of_the_scenario_being_edited(out, tmp_path):
    folder, edits = _editing(tmp_path)
    before = _files(folder)
    target = folder / out if out != "board.yaml" else tmp_path / "elsewhere" / out
    with pytest.raises(SaveProblem, match="scenario being edited"):
        edits.save(target)
    assert _files(folder) == before


def test_saving_again_over_the_editors_own_save_is_allowed(tmp_path):
    folder, edits = _editing(tmp_path)
    first = edits.save(folder / "mine.yaml")
    assert edits.apply(lambda p: {**p, "turn": 3}) is None
    assert edits.save(folder / "mine.yaml") == first
    assert PositionEdits(edits.plugin, load_game_scenario(edits.plugin, first)).position[
        "turn"] == 3


def test_a_save_killed_mid_way_leaves_a_temporary_folder_the_next_save_removes(tmp_path):
    folder, edits = _editing(tmp_path)
    target = tmp_path / "saved" / "mine.yaml"
    left = target.parent / ".mine.saving-abc123"
    left.mkdir(parents=True)
    (left / "mine.yaml").write_text("half", encoding="utf-8")
    old = time.time() - 3600
    os.utime(left, (old, old))
    fresh = target.parent / ".other.saving-def456"
    fresh.mkdir()
    edits.save(target)
    assert not left.exists() and fresh.exists()


def _append_entry(manifest: Path, entry: str) -> None:
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("setup.yaml]", f"setup.yaml, {entry}]"), encoding="utf-8")


CHANGED_MANIFESTS = {
    "dotdot-etc-passwd": lambda m: _append_entry(m, "../../../../../../../../etc/passwd"),
    "files-5": lambda m: m.write_text(m.read_text(encoding="utf-8").replace(
        "files: [", "files: 5\nold: ["), encoding="utf-8"),
    "not-utf8": lambda m: m.write_bytes(b"\xff\xfe" + m.read_bytes()),
    "fifo": lambda m: (os.mkfifo(m.parent / "pipe.yaml"), _append_entry(m, "pipe.yaml")),
    "link-out": lambda m: ((m.parent / "out.yaml").symlink_to("/etc/passwd"),
                           _append_entry(m, "out.yaml")),
    "manifest-gone": lambda m: m.unlink(),
}


@pytest.mark.parametrize("change", sorted(CHANGED_MANIFESTS))
def test_ctrl_s_reads_a_manifest_changed_while_open_through_the_loader(change, tmp_path):
    folder, edits = _editing(tmp_path)
    CHANGED_MANIFESTS[change](folder / "siege.yaml")
    target = tmp_path / "saved" / "mine.yaml"
    done: list[BaseException | None] = []
    cpu: list[float] = []

    def save() -> None:
        start = time.thread_time()
        try:
            edits.save(target)
            done.append(None)
        except BaseException as err:  # the outcome is looked at below
            done.append(err)
        cpu.append(time.thread_time() - start)

    with watching_opens() as opened:
        writer = threading.Thread(target=save, daemon=True)
        writer.start()
        writer.join(HANG_SECONDS)
    assert done, f"{change}: the save hangs"
    seconds = cpu[0]
    assert isinstance(done[0], SaveProblem), f"{change}: {done[0]!r}"
    assert "changed since the editor opened it and no longer loads" in str(done[0])
    assert "root:" not in str(done[0])
    assert seconds < REFUSAL_SECONDS
    assert not outside(opened, [folder, tmp_path / "saved"])
    assert not (tmp_path / "saved").exists() or not list((tmp_path / "saved").iterdir())


# --- F5 under hostile edits --------------------------------------------------------------------

F5_SLICE = ("billion-laughs", "list-500-deep", "files-link-out", "files-etc-passwd",
            "manifest-link-passwd", "files-fifo", "files-20000-entries", "unknown-keys-24000",
            "band-to-a-billion")
"""The attacks F5 meets in `make test` (the soak tries every one of them on every game)."""
F5_CASES = [(game, name) for game in GAMES
            for name, _ in [*scenario_attacks(game), *door_attacks(game)] if name in F5_SLICE]


@pytest.mark.ui
@pytest.mark.usefixtures("warm")
@pytest.mark.parametrize(("game", "name"), F5_CASES)
def test_f5_refuses_a_hostile_edit_and_keeps_the_game(app, user_data, game, name, tmp_path):
    edit = dict([*scenario_attacks(game), *door_attacks(game)])[name]
    check_reload(f5_under(app, game, name, edit, tmp_path, user_data))


@pytest.mark.ui
@pytest.mark.parametrize("game", GAMES)
def test_f5_refuses_a_file_deleted_between_the_check_and_the_read(app, user_data, game,
                                                                 tmp_path, monkeypatch):
    edit = deleted_after_check("tables.yaml" if game != "guerra" else "map.yaml")(monkeypatch)
    out = f5_under(app, game, "deleted", edit, tmp_path, user_data)
    check_reload(out)
    assert "No such file or directory" in out.text


# --- the crash boundary ------------------------------------------------------------------------


class Failing(Scene):
    """A scene whose frame raises, as a bug would."""

    def update(self, dt: float) -> None:
        raise RuntimeError("injected failure")


def _frame(app: App) -> None:
    """One frame as App.run steps it, the boundary around it."""
    try:
        app.step(DT)
    except Exception as err:
        app.on_crash(err)


@pytest.fixture
def toy(monkeypatch):
    """The test game is installed (a crash screen may look its plugin up)."""
    monkeypatch.setenv("WARGAMES_PLUGINS", "toygame:PLUGIN")


def _toy_game(app: App) -> GameScene:
    game = GameScene(app, TOY, Session(TOY.rules, load_game_scenario(TOY), 4),
                     {"blue": "human", "red": "human"})
    app.push(game)
    return game


@pytest.mark.ui
@pytest.mark.usefixtures("toy")
def test_crash_after_crash_always_ends_on_the_crash_screen(app, user_data, monkeypatch):
    crash.install(app)
    game = _toy_game(app)
    game.play(Move("b1", -1, 1))
    monkeypatch.setattr(GameScene, "update", Failing.update)
    for _ in range(8):  # each continued game fails again at once, many times a second
        _frame(app)
        screen = app.scene
        assert isinstance(screen, crash.CrashScene) and screen.saved is not None
        screen.dialog.press("Continue from the save")
        assert isinstance(app.scene, GameScene)
        assert len(app.scene.session.history) == 1
    assert app.running


@pytest.mark.ui
@pytest.mark.usefixtures("toy")
def test_a_game_that_cannot_be_saved_as_it_stood_offers_its_newest_save_that_loads(
        app, user_data, monkeypatch):
    crash.install(app)
    game = _toy_game(app)
    game.play(Move("b1", -1, 1))
    assert game.autosaver.write(game.session, game.players) == ""
    older = game.autosave_path()
    game.play(EndTurn())
    game.play(Move("r1", 1, -1))

    def no_replay(index: int) -> None:
        raise RuntimeError("the history no longer replays")

    on_disk = len(read_save(older).actions)
    assert on_disk < len(game.session.history) == 3
    monkeypatch.setattr(game.session, "state_at", no_replay)
    app.push(Failing(app))
    _frame(app)
    screen = app.scene
    assert isinstance(screen, crash.CrashScene)
    assert screen.saved == older
    assert "could not be saved as it stood" in screen.message
    assert f"The newest save of it that loads is {older}" in screen.message
    screen.dialog.press("Continue from the save")
    assert isinstance(app.scene, GameScene) and len(app.scene.session.history) == on_disk


@pytest.mark.ui
@pytest.mark.usefixtures("toy")
def test_a_crash_screen_that_fails_is_drawn_again_and_one_that_keeps_failing_closes_cleanly(
        app, user_data, monkeypatch, capsys):
    crash.install(app)
    game = _toy_game(app)
    game.play(Move("b1", -1, 1))
    app.push(Failing(app))
    _frame(app)
    first = app.scene
    assert isinstance(first, crash.CrashScene)
    failures = {"left": 1}
    draw = crash.CrashScene.draw

    def failing_draw(self, surface):
        if failures["left"] > 0:
            failures["left"] -= 1
            raise RuntimeError("the crash screen fails")
        draw(self, surface)

    monkeypatch.setattr(crash.CrashScene, "draw", failing_draw)
    app.dirty = True
    _frame(app)
    again = app.scene
    assert isinstance(again, crash.CrashScene) and again is not first
    assert again.saved == first.saved and again.message == first.message
    failures["left"] = 100
    for _ in range(crash.SCREEN_FAILURES + 1):
        app.dirty = True
        _frame(app)
    assert not app.running and app.exit_code == 1
    assert "the window closed after errors it could not show" in capsys.readouterr().err


@pytest.mark.ui
def test_an_editor_crash_saves_the_position_and_offers_to_edit_on(app, user_data, tmp_path):
    folder = copy_scenarios("baler", tmp_path)
    crash.install(app)
    plugin = plugins.get("baler")
    editor = open_editor(app, plugin, tmp_path / "mine.yaml", folder / "siege.yaml")
    assert editor.edits.apply(lambda p: {**p, "turn": 2}) is None
    app.push(Failing(app))
    _frame(app)
    screen = app.scene
    assert isinstance(screen, crash.CrashScene) and screen.editing is not None
    rescued = screen.editing.rescued
    assert rescued is not None and rescued.is_relative_to(user_data / "wargames" / "positions")
    assert f"Your position was saved as the scenario {rescued}" in screen.message
    assert PositionEdits(plugin, load_game_scenario(plugin, rescued)).position["turn"] == 2
    assert not (tmp_path / "mine.yaml").exists()
    screen.dialog.press("Continue editing")
    again = app.scene
    assert isinstance(again, EditorScene) and again.edits.position["turn"] == 2
    assert again.edits.unsaved and again.target == tmp_path / "mine.yaml"
