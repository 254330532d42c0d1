"""Filipinas 1896-1898: no text the screen draws shows an internal id (issue 24, "read it at
a glance"): every string rendered while seeded random play shows many positions, with the
tooltips, menus, the "Which one?" question (it named piles "cavite#0"), the undo and redo
toasts, the whole log and the computer's reasons, the §10 bot's in solo play."""

from __future__ import annotations

from pathlib import Path

import pytest
from screentext import board_ids, read_new_game

from engine.ui.game_scene import GameScene
from filipinas import PLUGIN

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "filipinas"

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def _targets(scene: GameScene) -> list[str]:
    board = scene.gameui.board
    return [*sorted(board.stacks.placements()), *board.shapes]


@pytest.mark.parametrize(("manifest", "spain", "seed"),
                         [("standard", "computer:easy", 1), ("solo", "computer:bot", 2)])
def test_no_drawn_text_shows_an_id(manifest: str, spain: str, seed: int, monkeypatch) -> None:
    scene, texts = read_new_game(PLUGIN, monkeypatch, {"filipino": "human", "spain": spain},
                                 seed, SCENARIOS / f"{manifest}.yaml", positions=40, every=6,
                                 targets=_targets)
    data = scene.gameui.data
    ids = board_ids(scene) | set(data.counters) | set(data.cards) | set(data.spaces)
    assert len(texts.seen) > 500
    assert not texts.offending(ids), texts.offending(ids)
