"""La Guerra de España: every choice the screen offers that rolls is marked "(no undo)" and
asked about once, the side panel's buttons ("Roll the naval movement die", "Roll the dice: 2
against 3", "Spend 10 F.E.C. … and roll") as well as a board click the game would play at once
(issue 24, DESIGN.md §8), at many positions of seeded random play."""

from __future__ import annotations

import pytest
from barriers import walk_new_game

from guerra import PLUGIN
from guerra.rules.actions import Surrender

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


@pytest.mark.parametrize("seed", [3, 4])
def test_every_choice_that_cannot_be_undone_is_marked_and_asked(seed: int) -> None:
    walk = walk_new_game(PLUGIN, seed, positions=80, every=30,
                         skip=lambda action: isinstance(action, Surrender))
    assert not walk.failures, walk.failures
    asked = walk.asked("button")
    for start in ("Roll the naval movement die", "Roll the dice: ", "Spend 10 F.E.C."):
        assert any(text.startswith(start) for text in asked), start
