"""The cache of checked scenarios (engine.scenario_cache): a scenario comes from it only when
its bytes and the code are those of an earlier full load; anything else is loaded in full, and
nothing in the cache can run code or stop a load."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from engine import plugins, scenario_cache
from engine.data import schema
from engine.loading import LoadError, load_game_scenario, load_game_scenario_documents
from engine.paths import SCENARIOS


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(scenario_cache.ENV, "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return scenario_cache.folder()


@pytest.fixture
def copied(tmp_path: Path) -> Path:
    """Baler's scenario folder, copied where a test may change it."""
    folder = tmp_path / "baler"
    shutil.copytree(SCENARIOS / "baler", folder)
    return folder / "siege.yaml"


def refuse_full_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("loaded in full")

    monkeypatch.setattr(schema, "load_scenario_documents", refused)


@pytest.mark.parametrize("game", ["baler", "filipinas", "guerra"])
def test_a_second_load_comes_from_the_cache_and_equals_the_full_one(game, monkeypatch):
    plugin = plugins.get(game)
    full = load_game_scenario(plugin)
    assert full.sha256 == load_game_scenario_documents(plugin)[0].sha256
    refuse_full_loads(monkeypatch)
    again = load_game_scenario(plugin)
    assert again == full and again is not full


def test_a_changed_file_is_checked_again(copied, monkeypatch):
    plugin = plugins.get("baler")
    load_game_scenario(plugin, copied)
    cards = copied.parent / "cards.yaml"
    cards.write_text(cards.read_text() + "\nnot: [valid\n")
    with pytest.raises(LoadError):
        load_game_scenario(plugin, copied)


def test_new_code_checks_again(monkeypatch):
    plugin = plugins.get("baler")
    load_game_scenario(plugin)
    monkeypatch.setattr(scenario_cache, "code_stamp", lambda plugin: "another version")
    calls: list[int] = []
    full = schema.load_scenario_documents

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return full(*args, **kwargs)

    monkeypatch.setattr(schema, "load_scenario_documents", counted)
    load_game_scenario(plugin)
    assert calls == [1]


def test_a_damaged_or_hostile_entry_is_a_full_load_and_runs_nothing(cache, tmp_path):
    plugin = plugins.get("baler")
    full = load_game_scenario(plugin)
    (entry,) = cache.iterdir()
    marker = tmp_path / "ran"

    class Hostile:
        def __reduce__(self):  # type: ignore[no-untyped-def]
            return (os.system, (f"touch {marker}",))

    for damage in (b"\x80\x05garbage", pickle.dumps({"game": "baler", "x": Hostile()}),
                   pickle.dumps(["not", "an", "entry"]), b""):
        entry.write_bytes(damage)
        assert load_game_scenario(plugin) == full
        assert not marker.exists()


def test_off_writes_nothing(cache, monkeypatch):
    monkeypatch.setenv(scenario_cache.ENV, "0")
    load_game_scenario(plugins.get("baler"))
    assert not cache.exists()


def test_an_unwritable_cache_is_no_error(cache):
    cache.parent.mkdir(parents=True)
    cache.write_text("a file where the folder should be")
    plugin = plugins.get("baler")
    assert load_game_scenario(plugin) == load_game_scenario(plugin)


def test_a_listed_file_outside_the_folder_is_never_cached(copied, cache):
    manifest = copied.read_text()
    outside = copied.parent.parent / "cards.yaml"
    shutil.copy(copied.parent / "cards.yaml", outside)
    copied.write_text(manifest.replace(" cards.yaml,", " ../cards.yaml,"))
    assert "../cards.yaml" in copied.read_text()
    plugin = plugins.get("baler")
    with pytest.raises(LoadError):
        load_game_scenario(plugin, copied)
    assert not cache.exists() or not any(cache.iterdir())


def test_old_entries_are_pruned(cache, monkeypatch):
    plugin = plugins.get("baler")
    for version in range(scenario_cache.KEEP + 3):
        monkeypatch.setattr(scenario_cache, "code_stamp", lambda plugin, v=version: f"v{v}")
        load_game_scenario(plugin)
    assert len(list(cache.glob("baler-*.pickle"))) == scenario_cache.KEEP
