"""The position editor on La Guerra de España: positions through the rules' door, and the
editor scene driven by posted events (options chosen, a drag, a refused drag with its reason, a
counter from the pool, a save), then the saved scenario validated and loaded back
(docs/editor.md). The screenshot of the editor goes to $WARGAMES_SHOTS when it is set
(docs/screenshots/guerra-editor.png)."""

from __future__ import annotations

import pygame
import pytest

from edittest import (
    board_at,
    drag,
    entry_at,
    open_editor,
    press_step,
    tray_at,
    validates_and_loads,
)
from engine.core.position import PositionError
from engine.loading import load_game_scenario
from engine.ui.hexmap import hex_id
from guerra import PLUGIN
from guerra.rules.setup import parse_hex
from uitest import DT, key, shot

SCENARIO = load_game_scenario(PLUGIN)
RULES = PLUGIN.rules
OPTIONS = {"level": "advanced", "nationalist_players": 1, "republican_players": 1,
           "tie_ends_game": True}


def test_position_to_state_to_position():
    """Turn 5, the Republican movement: counters on hexes and aboard, control, F.E.C."""
    position = {
        "options": OPTIONS, "turn": 5, "phase": "movement", "first_side": "nationalist",
        "acting": "republican",
        "counters": {"R-A001": {"hex": "22,20", "seat": "republican"},
                     "R-G02": {"hex": "22,20", "seat": "republican"},
                     "N-A01": {"hex": "19,15", "seat": "nationalist"},
                     "R-N1": {"hex": "32,35", "seat": "republican"},
                     "R-A002": {"aboard": "R-N1", "seat": "republican"}},
        "eliminated": {"nationalist_army": 2},
        "control": {"segovia": "nationalist", "avila": "disputed"},
        "last_owner": {"avila": "republican"},
        "fec": {"nationalist": 3, "republican": 2},
    }
    state = RULES.from_position(SCENARIO, position, 1, start=False)
    back = RULES.to_position(state)
    assert back["counters"] == position["counters"]
    assert back["eliminated"] == {"nationalist_army": 2}
    assert [u.id for u in state.units.values() if u.where.value == "eliminated"] == [
        "N-A96", "N-A97"]
    assert back["control"]["segovia"] == "nationalist" and back["control"]["avila"] == "disputed"
    assert back["last_owner"]["avila"] == "republican"
    assert back["fec"] == {"nationalist": 3, "republican": 2}
    assert (back["turn"], back["phase"], back["acting"]) == (5, "movement", "republican")
    assert RULES.to_position(RULES.from_position(SCENARIO, back, 2, start=False)) == back
    started = RULES.from_position(SCENARIO, back, 3)
    assert started.decision.player == "republican" and started.decision.kind == "movement"


def test_a_refused_position_names_the_rule_and_the_entry():
    with pytest.raises(PositionError) as refused:
        RULES.from_position(SCENARIO, {"options": OPTIONS, "phase": "movement",
                                       "first_side": "republican",
                                       "counters": {"R-N1": {"hex": "22,20"}}})
    assert refused.value.reason.endswith("naval counters stand on sea hexes")
    assert refused.value.section == "7"
    assert refused.value.path == ("counters", "R-N1")
    with pytest.raises(PositionError) as refused:
        RULES.from_position(SCENARIO, {"counters": {"R-A001": {"hex": "22,20"}}})
    assert "after the options are chosen" in refused.value.reason


def on_board(label: str) -> str:
    return hex_id(parse_hex(label))


@pytest.mark.ui
def test_edit_save_validate_play(app, tmp_path):
    target = tmp_path / "edited" / "guerra-edited.yaml"
    scene = open_editor(app, PLUGIN, target)
    assert scene.edits.position["phase"] == "options"
    press_step(app, scene, "turn", "Options", "Choose")
    assert scene.edits.position["phase"] == "africa"
    assert scene.edits.position["counters"]["R-A001"]["hex"] == "22,20"
    # a drag: the counter on top in Madrid one hex east
    start = board_at(scene, "R-A001")
    top = scene.kit.grab(scene.kit.board.hit(scene.camera.screen_to_world(*start)))
    assert top in ("R-A001", "R-G02")
    drag(app, start, board_at(scene, on_board("23,20")))
    assert scene.edits.position["counters"][top]["hex"] == "23,20"
    assert not scene.panel.refused
    # a refused drag: a naval counter onto land, with the rule
    before = scene.edits.position
    drag(app, board_at(scene, "N-N1"), board_at(scene, on_board("23,20")))
    assert scene.edits.position == before
    assert scene.panel.refused and "naval counters stand on sea hexes (7)" in \
        scene.panel.message
    # a counter from the pool onto the map, undone and redone
    tray_at(scene, "pools", "tray:pool:republican")
    drag(app, entry_at(scene, "pool:republican_garrison"), board_at(scene, on_board("21,19")))
    placed = [u for u, spot in scene.edits.position["counters"].items()
              if spot.get("hex") == "21,19"]
    assert len(placed) == 1 and placed[0].startswith("R-G")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not any(s.get("hex") == "21,19" for s in scene.edits.position["counters"].values())
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    scene.panel.open = {"turn", "pools"}
    scene.panel.scroll = 0
    scene.panel.layout(scene.panel.rect, scene.panel.scale)
    drag(app, board_at(scene, "N-N1"), board_at(scene, on_board("23,20")))
    app.step(DT)
    shot(app, tmp_path, "guerra-editor.png")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert target.is_file() and not scene.edits.unsaved
    started = validates_and_loads(PLUGIN, target, scene.edits.position)
    assert started.decision.kind == "place" and started.africa_left
