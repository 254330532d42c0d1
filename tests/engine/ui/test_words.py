"""What the game screen writes reads as sentences (issue 24, "read it at a glance"): a rule
cited once, numbers that agree with their nouns."""

from __future__ import annotations

import pytest

from engine.core.game import Decision
from engine.core.session import Session
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from toygame import PLUGIN
from toygame.rules import EndTurn
from toygame.testing import make_session
from uitest import start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]


def start(app: App, session: Session | None = None) -> GameScene:
    return start_game(app, PLUGIN, session or make_session(1),
                      {"blue": "human", "red": "computer"})


class _Sectioned:
    """A session whose decision cites `section`, to see what a reason gets added."""

    def __init__(self, session: Session, section: str) -> None:
        self._session = session
        self.decision = Decision("blue", "move", "Move a counter", section=section)

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)


@pytest.mark.parametrize("section", ["7", "Cards modifiers"])
def test_a_reason_that_names_its_rule_is_not_given_the_decision_s_again(app, section):
    scene = start(app)
    scene.session = _Sectioned(scene.session, section)  # type: ignore[assignment]
    for cited in ("Too far for a garrison (7 1a).", "A card adds 1 (Cards modifiers)."):
        assert "(see" not in scene._cite(cited), cited
    assert scene._cite("Too far (7 1a)", "7 1a") == "Too far (7 1a)"
    assert scene._cite("Too far", "7 1a") == "Too far (7 1a)"
    assert scene._cite("Too far") == f"Too far (see {section})"


def test_one_action_since_the_last_turn_is_one_action(app):
    session = make_session(1)
    scene = start_game(app, PLUGIN, session, {"blue": "human", "red": "human"})
    session.play(EndTurn())
    session.play(EndTurn())  # red's one action
    assert session.decision.player == "blue"
    scene.viewer = scene.seat = "blue"
    scene._unsummed = True
    scene.refresh()
    assert "Since your last turn (1 action)…" in [b.text for b in scene.prompt.buttons]
