"""The position editor on Heroes of Baler: positions through the rules' door, and the editor
scene driven by posted events (a drag, a refused drag with its reason, a save), then the saved
scenario validated and loaded back (docs/editor.md). The screenshot of the editor goes to
$WARGAMES_SHOTS when it is set (docs/screenshots/baler-editor.png)."""

from __future__ import annotations

import pygame
import pytest

from baler import PLUGIN
from edittest import board_at, drag, entry_at, open_editor, tray_at, validates_and_loads
from engine.core.position import PositionError
from engine.loading import load_game_scenario
from uitest import DT, key, shot

SCENARIO = load_game_scenario(PLUGIN)
RULES = PLUGIN.rules


def test_position_to_state_to_position():
    """A position in the middle of the game: the door lays it out, and reads it back."""
    position = {
        "turn": 4, "phase": "action", "initiative": "philippine",
        "tracks": {"spanish": {"supply": 2, "morale": 5, "vp": 3},
                   "philippine": {"supply": 6, "morale": 1, "vp": 11}},
        "eliminated": ["es-castro-camarena"],
        "territorial_troops": {"space": "tcm-2", "units": ["ph-soldier-09", "ph-soldier-10"]},
        "boxes": {"bed-3": ["es-planas-basaganas"]},
        "foreign_power": {"space": "tcm-4", "power": "us", "us_strength": 5},
        "exhausted": ["es-de-las-morenas"],
        "surveillance": {"spanish": ["2"], "philippine": ["1", "4"]},
        "cards": {"hands": {"spanish": ["es-01", "es-02"], "philippine": ["ph-01"]}},
    }
    state = RULES.from_position(SCENARIO, position, 1, start=False)
    back = RULES.to_position(state)
    for key_, value in position.items():
        if key_ not in ("boxes", "cards"):
            assert back[key_] == value, key_
    assert state.units_at("ph-eliminated") == ["es-castro-camarena"]
    assert back["placements"]["bed-3"] == "es-planas-basaganas"
    assert back["cards"]["hands"] == {"spanish": ["es-01", "es-02"], "philippine": ["ph-01"]}
    assert RULES.to_position(RULES.from_position(SCENARIO, back, 2, start=False)) == back
    started = RULES.from_position(SCENARIO, back, 3)
    assert started.decision.kind == "action" and started.decision.player == "philippine"


def test_a_refused_position_names_the_rule_and_the_entry():
    with pytest.raises(PositionError) as refused:
        RULES.from_position(SCENARIO, {"territorial_troops": {"space": "tcm-3",
                                                              "units": ["ph-soldier-09"]},
                                       "foreign_power": {"space": "tcm-2"}})
    assert "behind the foreign power" in refused.value.reason
    assert refused.value.path == ("territorial_troops", "units", 0)
    with pytest.raises(PositionError) as refused:
        RULES.from_position(SCENARIO, {"boxes": {"es-bag": ["ph-soldier-09"]}})
    assert "its own side's bag" in refused.value.reason
    assert refused.value.section == 'rulebook "The map"'
    assert refused.value.path == ("boxes", "es-bag", 0)


@pytest.mark.ui
def test_edit_save_validate_play(app, tmp_path):
    target = tmp_path / "edited" / "baler-edited.yaml"
    scene = open_editor(app, PLUGIN, target)
    assert scene.edits.position == RULES.to_position(RULES.new_game(SCENARIO, 0))
    # a drag: Mir Brils from his guard post into the Spanish bag
    drag(app, board_at(scene, "es-mir-brils"), board_at(scene, "es-bag"))
    assert scene.edits.position["boxes"]["es-bag"][-1] == "es-mir-brils"
    assert "es-56-a3" not in scene.edits.position["placements"]
    assert not scene.panel.refused
    # a refused drag: a Spanish soldier onto a Philippine guard post, with the rule
    before = scene.edits.position
    drag(app, board_at(scene, "es-alonso-medero"), board_at(scene, "ph-soldier-01"))
    assert scene.edits.position == before
    assert scene.panel.refused
    assert "guard post of the other side" in scene.panel.message
    assert 'rulebook "The map"' in scene.panel.message
    # the markers drag along their tracks, the panel's trays hold the bags and the cards
    drag(app, board_at(scene, "m:turn"), board_at(scene, "turn-3"))
    assert scene.edits.position["turn"] == 3
    card = scene.edits.position["cards"]["hands"]["spanish"][0]
    tray_at(scene, "cards", "pile:hands:spanish")
    drag(app, entry_at(scene, f"card:{card}"), board_at(scene, "discard-spanish"))
    assert scene.edits.position["cards"]["discards"]["spanish"] == [card]
    assert card not in scene.edits.position["cards"]["hands"]["spanish"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.edits.position["cards"]["discards"]["spanish"] == []
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.edits.position["cards"]["discards"]["spanish"] == [card]
    scene.panel.open = {"turn", "tracks", "church"}
    scene.panel.scroll = 0
    scene.panel.layout(scene.panel.rect, scene.panel.scale)
    drag(app, board_at(scene, "es-alonso-medero"), board_at(scene, "ph-soldier-01"))
    app.step(DT)
    shot(app, tmp_path, "baler-editor.png")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert target.is_file() and not scene.edits.unsaved
    started = validates_and_loads(PLUGIN, target, scene.edits.position)
    assert started.turn == 3
    assert "es-mir-brils" in started.at["es-bag"]


@pytest.mark.ui
def test_leaving_with_unsaved_edits_asks_first(app, tmp_path):
    scene = open_editor(app, PLUGIN, tmp_path / "x.yaml")
    drag(app, board_at(scene, "m:turn"), board_at(scene, "turn-2"))
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None and "not saved" in scene.dialog.text
    assert app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert app.running
