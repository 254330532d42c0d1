"""Heroes of Baler: every choice the screen offers that rolls, draws, reveals or plays a card is
marked "(no undo)" and asked about once, the side panel's buttons as well as the board's menus
(issue 24, DESIGN.md §8), at many positions of seeded random play."""

from __future__ import annotations

import pytest
from barriers import walk_new_game

from baler import PLUGIN

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_choice_that_cannot_be_undone_is_marked_and_asked(seed: int) -> None:
    walk = walk_new_game(PLUGIN, seed, positions=40)
    assert not walk.failures, walk.failures
    assert walk.asked("button") and walk.asked("menu")
    assert any(text.startswith("Supply roll") for text in walk.asked("button") + walk.asked("menu"))
