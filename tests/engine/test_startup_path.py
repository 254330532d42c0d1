"""Issue 27: `wargames play` opens its window before importing the game, and draws the board
before importing the computer's agents, the search, the network or the lab. Checked through
the modules loaded at each moment in a fresh process (never by timing it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from engine.ui.game_scene import GameScene
from engine.ui.launcher import run_game
from toygame import PLUGIN

ROOT = Path(__file__).resolve().parents[2]
COMPUTER = {"baler": "philippine", "filipinas": "spain", "guerra": "republican"}
PROBE = """
import json, sys
sys.path.insert(0, "tools")
import pygame
from engine.ui.app import App

seen = {}
set_mode, draw = pygame.display.set_mode, App.draw

def opening(*args, **kwargs):
    seen.setdefault("window", sorted(sys.modules))
    return set_mode(*args, **kwargs)

def drawing(app):
    draw(app)
    if app.scene is not None and "frame" not in seen:
        seen["frame"] = sorted(sys.modules)
        print(json.dumps(seen))
        raise SystemExit(0)

pygame.display.set_mode, App.draw = opening, drawing
from engine.cli import main
sys.exit(main(sys.argv[1:]))
"""


def modules_at_first_frame(argv: list[str], cache: Path | None = None) -> dict[str, list[str]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if cache is not None:
        env.update(WARGAMES_SCENARIO_CACHE="1", XDG_CACHE_HOME=str(cache))
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def _within(modules: list[str], *packages: str) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


@pytest.mark.parametrize("game", sorted(COMPUTER))
def test_play_maps_its_window_before_the_game_and_draws_before_the_agents(game, tmp_path):
    seen = modules_at_first_frame(["play", game, "--seed", "1", "--ai", COMPUTER[game]],
                                  tmp_path)
    # the window: before the game's package, its rules, the saves and the YAML layer
    assert not _within(seen["window"], game, "engine.core.saves", "engine.core.session",
                       "engine.loading", "engine.data", "pydantic", "yaml", "engine.ai")
    # the board: before the agents, the search, the network, the lab and the charts
    assert not _within(seen["frame"], f"{game}.ai", "engine.ai.search", "engine.ai.tree",
                       "engine.ai.workers", "engine.ai.policy", "engine.sim", "engine.lab",
                       "engine.net.server", "engine.net.client", "websockets", "matplotlib",
                       "numpy")
    assert f"{game}.rules" in seen["frame"]


def test_the_launcher_draws_its_list_before_importing_any_game_s_rules(tmp_path):
    seen = modules_at_first_frame([], tmp_path)
    assert not _within(seen["window"], "engine.core.saves", "engine.loading", "pydantic")
    assert not _within(seen["frame"], "baler.rules", "filipinas.rules", "guerra.rules",
                       "engine.ai.search", "engine.sim", "engine.data", "pydantic", "numpy",
                       "engine.ui.game_scene")
    assert "guerra" in seen["frame"]  # its descriptor: the title, sides and scenarios


def test_a_lazy_descriptor_makes_its_rules_once_when_first_used():
    from engine.core.game import LazyRules, lazy_rules

    rules = lazy_rules("toygame.rules:SkirmishRules")
    assert isinstance(rules, LazyRules) and rules.made is None
    assert rules.sides == ("blue", "red")
    made = rules.made
    assert made is not None and rules.sides is made.sides


def test_a_scenario_checked_before_is_drawn_without_the_schemas(tmp_path):
    """The second start finds the scenario in the cache of checked scenarios: pydantic and
    the schema models are not imported before the board is drawn."""
    argv = ["play", "guerra", "--seed", "1"]
    first = modules_at_first_frame(argv, tmp_path)
    assert "engine.data.schema" in first["frame"]
    second = modules_at_first_frame(argv, tmp_path)
    assert not _within(second["frame"], "pydantic", "engine.data.schema", "guerra.schema")


@pytest.mark.usefixtures("user_data")
def test_the_agents_are_built_once_the_board_is_on_screen(monkeypatch):
    from engine.ai.agent import RandomAgent
    from engine.core.session import Session
    from engine.loading import load_game_scenario

    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    session = Session(PLUGIN.rules, load_game_scenario(PLUGIN), 1)
    scenes: list[GameScene] = []
    original = GameScene.__init__

    def keep(self: GameScene, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        scenes.append(self)

    monkeypatch.setattr(GameScene, "__init__", keep)
    frames_before: list[int] = []

    def agents() -> dict[str, RandomAgent]:
        frames_before.append(scenes[0].app.frames)
        return {"red": RandomAgent(1, side="red")}

    code = run_game(PLUGIN, session, {"blue": "human", "red": "computer"}, agents,
                    size=(1024, 700))
    assert code == 0
    assert frames_before == [1]  # called once, after the board's frame
    assert set(scenes[0].agents) == {"red"}
