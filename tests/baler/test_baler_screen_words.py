"""Heroes of Baler: no text the screen draws shows a hex coordinate or an internal id (issue
24, "read it at a glance"): every string rendered while seeded random play shows many
positions, with the tooltips, menus, the "Which one?" question, the undo and redo toasts, the
whole log and the computer's reasons."""

from __future__ import annotations

import pytest
from barriers import board_targets
from screentext import board_ids, read_new_game

from baler import PLUGIN
from engine.ui.game_scene import GameScene

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _targets(scene: GameScene) -> list[str]:
    return [*board_targets(scene), *scene.gameui.board.tooltips]


@pytest.mark.parametrize("seed", [1, 2])
def test_no_drawn_text_shows_a_coordinate_or_an_id(seed: int, monkeypatch) -> None:
    scene, texts = read_new_game(PLUGIN, monkeypatch, {"spanish": "human",
                                                       "philippine": "computer:easy"}, seed,
                                 positions=40, every=6, targets=_targets)
    data = scene.gameui.data
    ids = board_ids(scene) | set(data.units) | set(data.names) | set(data.cards)
    assert len(texts.seen) > 500
    assert not texts.offending(ids), texts.offending(ids)
