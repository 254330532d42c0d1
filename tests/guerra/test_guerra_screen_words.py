"""La Guerra de España: no text the screen draws shows a hex coordinate or an internal id
(issue 24, "read it at a glance": "Undone: Move to Huelva (10,35)", "Place Army of Africa at
hex 17,46", "Move to hex 26,6"): every string rendered while seeded random play shows many
positions, with the tooltips, menus, the "Which one?" question, the undo and redo toasts, the
whole log and the computer's reasons."""

from __future__ import annotations

import pytest
from barriers import board_targets
from screentext import board_ids, read_new_game

from guerra import PLUGIN
from guerra.rules.actions import Surrender

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


@pytest.mark.parametrize("seed", [1, 2])
def test_no_drawn_text_shows_a_coordinate_or_an_id(seed: int, monkeypatch) -> None:
    players = {side: "human" for side in PLUGIN.sides}
    players["republican"] = "computer:easy"
    scene, texts = read_new_game(PLUGIN, monkeypatch, players, seed, positions=30, every=25,
                                 targets=board_targets,
                                 skip=lambda action: isinstance(action, Surrender))
    session = scene.session
    data = scene.gameui.data
    ids = board_ids(scene) | set(session.state.units) | set(data.families) \
        | set(data.provinces) | set(data.regions) | set(data.board.city_by_id)
    assert len(texts.seen) > 500
    assert not texts.offending(ids), texts.offending(ids)
