"""`wargames play --ai SIDE[:LEVEL]`: sides by the names people use, levels by name."""

from __future__ import annotations

import pytest

from engine.cli import UserError, computer_seats, main, side_named
from filipinas import PLUGIN as FILIPINAS
from guerra import PLUGIN as GUERRA


def test_a_side_is_found_by_its_id_its_screen_name_or_an_obvious_form() -> None:
    for text in ("spain", "Spanish", "spanish", "SPA"):
        assert side_named(FILIPINAS, text) == "spain"
    assert side_named(GUERRA, "nationalist") == "nationalist"
    assert side_named(GUERRA, "Nationalist 2 (south)") == "nationalist_2"
    assert side_named(GUERRA, "republican_2") == "republican_2"
    with pytest.raises(UserError, match="unknown side 'usa'"):
        side_named(FILIPINAS, "usa")


def test_levels_default_to_normal_and_aliases_resolve() -> None:
    assert computer_seats(FILIPINAS, ["spanish:bot", "filipino"]) == {
        "spain": "bot", "filipino": "normal"}
    assert computer_seats(FILIPINAS, ["spain:ai"]) == {"spain": "easy"}
    assert computer_seats(GUERRA, ["nationalist:hard"]) == {"nationalist": "hard"}
    with pytest.raises(UserError, match="unknown level 'genius'"):
        computer_seats(FILIPINAS, ["spain:genius"])


def test_play_help_lists_every_game_s_sides_and_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "filipinas: sides Filipino (filipino), Spanish (spain)" in out
    assert "levels easy, normal, hard, bot, random" in out


def test_an_unknown_side_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "filipinas", "--ai", "martians", "--seed", "1"]) == 2
    assert "unknown side 'martians'" in capsys.readouterr().err


def test_simulate_help_names_every_game_s_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: like `play --help`, every game's levels, read from the registry (a new level
    appears by itself)."""
    from engine import plugins
    from engine.ai.registry import levels

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    for plugin in plugins.discover().values():
        assert f"levels {', '.join(levels(plugin))}" in out
    assert "easy" in out and "random" in out and "bot" in out
    assert "baler: sides Spanish (spanish), Philippine (philippine)" in out
