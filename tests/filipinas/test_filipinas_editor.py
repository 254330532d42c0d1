"""The position editor on Filipinas: positions through the rules' door, and the editor scene
driven by posted events (a drag, a refused drag with its reason, a save), then the saved
scenario validated and loaded back (docs/editor.md). The screenshot of the editor goes to
$WARGAMES_SHOTS when it is set (docs/screenshots/filipinas-editor.png)."""

from __future__ import annotations

import pygame
import pytest

from edittest import board_at, drag, entry_at, open_editor, tray_at, validates_and_loads
from engine.core.position import PositionError
from engine.loading import load_game_scenario
from filipinas import PLUGIN
from uitest import DT, key, shot

SCENARIO = load_game_scenario(PLUGIN)
RULES = PLUGIN.rules


def test_position_to_state_to_position():
    """A later turn: stacks, a box, markers, cities, events and hands through the door."""
    position = {
        "turn": 5, "phase": "action", "active": "spain",
        "ap": {"filipino": 4, "spain": 9}, "morale": 6, "us_intervention": 4,
        "placements": [
            {"counters": ["desierto", "blanco"], "space": "manila", "reduced": []},
            {"counters": ["cavite_corps", "aguinaldo"], "space": "cavite",
             "reduced": ["cavite_corps"]},
            {"counters": ["bulacan_corps"], "space": "bulacan", "reduced": []},
            {"counters": ["bonifacio"], "space": "graveyard", "reduced": []},
        ],
        "markers": {"target": ["bulacan_corps"], "sacked": ["tarlac"],
                    "artillery": {"state": "in_play", "holder": "cavite_corps"}},
        "cities": {"cavite_city": "filipino"},
        "biak": True,
        "cards": {"hands": {"filipino": [], "spain": []}},
    }
    state = RULES.from_position(SCENARIO, position, 1, start=False)
    back = RULES.to_position(state)
    assert back["placements"] == position["placements"]
    assert state.loc["bonifacio"] == "graveyard" and "bonifacio" not in state.stack_of
    assert back["markers"]["target"] == ["bulacan_corps"]
    assert back["markers"]["artillery"] == {"state": "in_play", "holder": "cavite_corps"}
    assert back["cities"] == {"cavite_city": "filipino"} and back["biak"] is True
    assert (back["turn"], back["active"], back["morale"]) == (5, "spain", 6)
    assert RULES.to_position(RULES.from_position(SCENARIO, back, 2, start=False)) == back
    started = RULES.from_position(SCENARIO, back, 3)
    assert started.decision.player == "spain" and started.decision.kind == "round"


def test_a_refused_position_names_the_rule_and_the_entry():
    with pytest.raises(PositionError) as refused:
        RULES.from_position(SCENARIO, {"placements": [
            {"counters": ["asia_fleet"], "space": "batangas", "reduced": []}]})
    assert "a fleet stays in cities, ports and at sea" in refused.value.reason
    assert refused.value.section == "6.3.2"
    assert refused.value.path == ("placements", 0, "counters", 0)


@pytest.mark.ui
def test_edit_save_validate_play(app, tmp_path):
    target = tmp_path / "edited" / "filipinas-edited.yaml"
    scene = open_editor(app, PLUGIN, target)
    # a drag: the Desierto Brigade from Manila to Batangas, a stack of its own
    drag(app, board_at(scene, "desierto"), board_at(scene, "batangas"))
    stacks = scene.edits.position["placements"]
    assert {"counters": ["desierto"], "space": "batangas", "reduced": []} in stacks
    assert not scene.panel.refused
    # a refused drag: the Asiatic squadron onto a province, with the rule
    before = scene.edits.position
    drag(app, board_at(scene, "asia_fleet"), board_at(scene, "tarlac"))
    assert scene.edits.position == before
    assert scene.panel.refused and "(6.3.2)" in scene.panel.message
    # the Resources marker along its track, a counter onto a marker tray, undo and redo
    drag(app, board_at(scene, "mk:ap_spain:track"), board_at(scene, "res11"))
    assert scene.edits.position["ap"]["spain"] == 11
    tray = tray_at(scene, "markers", "tray:target")
    drag(app, board_at(scene, "desierto"), tray)
    assert scene.edits.position["markers"]["target"] == ["desierto"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.edits.position["markers"]["target"] == []
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    drag(app, entry_at(scene, "mark:target:desierto"), board_at(scene, "tarlac"))
    assert scene.edits.position["markers"]["target"] == []
    scene.panel.open = {"turn", "tracks", "markers"}
    scene.panel.scroll = 0
    scene.panel.layout(scene.panel.rect, scene.panel.scale)
    drag(app, board_at(scene, "asia_fleet"), board_at(scene, "tarlac"))
    app.step(DT)
    shot(app, tmp_path, "filipinas-editor.png")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert target.is_file() and not scene.edits.unsaved
    started = validates_and_loads(PLUGIN, target, scene.edits.position)
    assert started.loc["desierto"] == "batangas" and started.ap["spain"] == 11
