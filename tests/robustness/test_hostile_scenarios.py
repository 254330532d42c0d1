"""Hostile scenario folders (issue 9, "Scenario YAML"): `wargames validate` and loading for play
refuse each listed attack with clear problems within a second, read nothing outside the
scenario's folder, and "validate passes" means "the game can be played"."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hostile import (
    GAMES,
    MANIFESTS,
    SECRET,
    copy_scenarios,
    plant_secret,
    playable,
    run_cli,
    scenario_attacks,
    structural_mutations,
    valid_mutations,
)

from engine import plugins
from engine.loading import LoadError, load_game_scenario

VALID_SLICE = 12
"""Number edits tried per game in `make test` (the soak tries many more)."""
STRUCTURE_SLICE = 12
"""Structural edits tried per game in `make test` (the soak tries many more)."""

@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    """Import every game and build its schemas once, so times measure the refusal alone."""
    for game in GAMES:
        load_game_scenario(plugins.get(game))


ATTACKS = [(game, name) for game in GAMES for name, _ in scenario_attacks(game)]


@pytest.mark.parametrize(("game", "name"), ATTACKS)
def test_each_attack_is_refused_cleanly_and_reads_nothing_outside(game, name, tmp_path):
    folder = copy_scenarios(game, tmp_path)
    plant_secret(tmp_path)
    dict(scenario_attacks(game))[name](folder)
    manifest = folder / MANIFESTS[game]
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    for argv in (["validate", str(manifest)], ["render", game, "--scenario", str(manifest),
                                                "--out", str(tmp_path / "x.png")]):
        out = run_cli(f"{game}/{name}", argv, allowed=[folder])
        out.check(one_line=False)
        assert SECRET not in out.err
        assert "root:" not in out.err and "PATH=" not in out.err
    assert before == {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_billion_laughs_is_one_problem_in_milliseconds(tmp_path):
    folder = copy_scenarios("baler", tmp_path)
    dict(scenario_attacks("baler"))["billion-laughs"](folder)
    out = run_cli("laughs", ["validate", str(folder / "siege.yaml")])
    out.check(one_line=False)
    assert out.seconds < 0.5
    assert "aliases are expanded" in out.err


def test_deep_nesting_is_a_clean_problem(tmp_path):
    folder = copy_scenarios("guerra", tmp_path)
    dict(scenario_attacks("guerra"))["list-500-deep"](folder)
    out = run_cli("deep", ["validate", str(folder / "july_1936.yaml")])
    out.check(one_line=False)
    assert "nested more than" in out.err


@pytest.mark.parametrize(("name", "expected"), [
    ("no-political-success-on", "missing key 'success_on'"),
    ("no-limits-wet-turn", "missing key 'wet_turn'"),
    ("inf-in-resources", "finite"),
    ("1e400-in-resources", "expected a number"),
    ("inf-hit-on", "expected an integer"),
    ("duplicate-marker-id", "duplicate marker"),
])
def test_filipinas_data_that_crashed_play_is_refused_by_validate(name, expected, tmp_path):
    folder = copy_scenarios("filipinas", tmp_path)
    dict(scenario_attacks("filipinas"))[name](folder)
    out = run_cli(name, ["validate", str(folder / "standard.yaml")])
    out.check(one_line=False)
    assert expected in out.err


@pytest.mark.parametrize(("name", "expected"), [
    ("placement-without-city", "one of 'city', 'region' or 'hex'"),
    ("duplicate-road-id", "duplicate road"),
])
def test_guerra_data_that_crashed_play_is_refused_by_validate(name, expected, tmp_path):
    folder = copy_scenarios("guerra", tmp_path)
    dict(scenario_attacks("guerra"))[name](folder)
    out = run_cli(name, ["validate", str(folder / "july_1936.yaml")])
    out.check(one_line=False)
    assert expected in out.err


def check_valid_mutations(game: str, tmp_path: Path, count: int, seed: str,
                          mutations=valid_mutations) -> tuple[int, int]:
    """Try `count` edits of `game`'s data (number edits unless told otherwise): each is refused
    by validation or plays. Returns (refused, played)."""
    base = copy_scenarios(game, tmp_path / "base")
    refused = played = 0
    for i, (name, edit) in enumerate(mutations(game, base, random.Random(seed), count)):
        folder = copy_scenarios(game, tmp_path / f"m{i}")
        edit(folder)
        manifest = folder / MANIFESTS[game]
        try:
            load_game_scenario(plugins.get(game), manifest)
        except LoadError:
            refused += 1
            continue
        try:
            playable(game, manifest, i)
        except Exception as err:  # the point of the test: name the edit that broke play
            raise AssertionError(f"{game} {name} validates but cannot be played: "
                                 f"{type(err).__name__}: {err}") from err
        played += 1
    return refused, played


@pytest.mark.parametrize("game", GAMES)
def test_a_scenario_that_validates_can_be_played(game, tmp_path):
    refused, played = check_valid_mutations(game, tmp_path, VALID_SLICE, f"valid-{game}")
    assert refused + played == VALID_SLICE


@pytest.mark.parametrize("game", GAMES)
def test_a_scenario_whose_shape_was_edited_is_refused_or_plays(game, tmp_path):
    refused, played = check_valid_mutations(game, tmp_path, STRUCTURE_SLICE, f"shape-{game}",
                                            structural_mutations)
    assert refused + played == STRUCTURE_SLICE


def _drop(file: str, old: str, new: str):
    def edit(folder: Path) -> None:
        text = (folder / file).read_text(encoding="utf-8")
        assert old in text, old
        (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


@pytest.mark.parametrize(("game", "edit", "expected"), [
    ("baler", _drop("setup.yaml", '"2": intact, ', ""),
     "the walls of area 2 have no starting condition"),
    ("filipinas", _drop("setup.yaml", "ap: {spain: 7, filipino: 5}", "ap: {spain: 7}"),
     "the filipino side has no starting action points"),
    ("filipinas", _drop("setup.yaml", "  spain: spanish_troops\n", ""),
     "no box for the spain counters"),
    ("filipinas", _drop("map.yaml", "adjacency:\n", "adjacency:\n  - [tarlac, pampanga]\n"),
     "tarlac and pampanga are listed as adjacent twice"),
])
def test_setup_entries_the_rules_read_are_required(game, edit, expected, tmp_path):
    """Found by the structural edits: these passed validation and then failed at the first
    action of the game."""
    folder = copy_scenarios(game, tmp_path)
    edit(folder)
    out = run_cli(game, ["validate", str(folder / MANIFESTS[game])])
    out.check(one_line=False)
    assert expected in out.err
