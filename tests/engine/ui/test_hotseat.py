"""Hot-seat hand-offs only when the other player has a real choice (docs/hotseat.md,
`engine.ui.hotseat`): a reaction window with no usable answer passes by itself and the log says
so; with one, the screen goes to its player; the black screen only before a private decision of
a side holding secrets; the other decisions answered on the public view."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from engine.core.game import Decision
from engine.core.session import Session
from engine.ui import hotseat
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from toygame import PLUGIN
from toygame.rules import EndTurn, Move, SkirmishState
from toygame.testing import make_session
from uitest import DT, button_at, click, start_game

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]

BOTH = {"blue": "human", "red": "human"}


# --- the rules the screen follows, without a window ------------------------------------------

@dataclass(frozen=True, slots=True)
class Yes(Action):
    pass


@dataclass(frozen=True, slots=True)
class No(Action):
    pass


@dataclass(frozen=True, slots=True)
class Give(Action):
    concession = True


@dataclass
class Position:
    decision: Decision


@dataclass
class Rules:
    """A game whose window now declines with No; what is usable, better or forced is set."""

    window: bool = True
    usable: list[Action] = field(default_factory=list)
    better: list[Action] | None = None
    forced: Action | None = None
    secrets: bool = True

    def reaction_default(self, state: Any) -> Action | None:
        return No() if self.window else None

    def usable_reactions(self, state: Any) -> list[Action]:
        return list(self.usable)

    def better_reactions(self, state: Any) -> list[Action]:
        return list(self.better or [])

    def forced_answer(self, state: Any) -> Action | None:
        return self.forced

    def holds_secrets(self, state: Any, side: str) -> bool:
        return self.secrets


def answer(rules: Rules, legal: list[Action], *, private: bool = False, away: bool = True,
           pass_setting: bool = False) -> hotseat.AutoAnswer | None:
    state = Position(Decision("red", "window", "Answer?", private=private))
    return hotseat.auto_answer(rules, state, legal, away=away, pass_setting=pass_setting)


def test_a_window_with_no_usable_answer_passes_by_itself():
    auto = answer(Rules(usable=[]), [Yes(), No()])
    assert auto == hotseat.AutoAnswer(No(), hotseat.NO_USE)


def test_a_window_whose_default_is_the_only_answer_passes_by_itself():
    assert answer(Rules(), [No(), Give()]) == hotseat.AutoAnswer(No(), hotseat.NO_OTHER)


def test_a_window_with_a_usable_answer_is_offered_even_at_the_screen():
    assert answer(Rules(usable=[Yes()]), [Yes(), No()]) is None
    assert answer(Rules(usable=[Yes()]), [Yes(), No()], away=False) is None


def test_the_setting_passes_a_window_with_nothing_better_only():
    usable = Rules(usable=[Yes()])
    auto = answer(usable, [Yes(), No()], pass_setting=True)
    assert auto == hotseat.AutoAnswer(No(), hotseat.NOTHING_BETTER)
    better = Rules(usable=[Yes()], better=[Yes()])
    assert answer(better, [Yes(), No()], pass_setting=True) is None


def test_without_the_games_word_every_other_answer_counts_as_usable():
    class Bare:
        def reaction_default(self, state: Any) -> Action:
            return No()

    state = Position(Decision("red", "window", "Answer?"))
    assert hotseat.auto_answer(Bare(), state, [Yes(), No()], away=True,
                               pass_setting=False) is None
    auto = hotseat.auto_answer(Bare(), state, [Yes(), No()], away=True, pass_setting=True)
    assert auto is not None and auto.action == No()


def test_another_sides_single_answer_is_played_only_when_everyone_sees_it_is_single():
    rules = Rules(window=False)
    assert answer(rules, [Yes(), Give()]) == hotseat.AutoAnswer(Yes(), hotseat.ONLY)
    assert answer(rules, [Yes(), Give()], away=False) is None  # the player at the screen asks
    assert answer(rules, [Yes()], private=True) is None  # the count may come from a hand
    forced = Rules(window=False, forced=Yes())
    assert answer(forced, [Yes()], private=True) == hotseat.AutoAnswer(Yes(), hotseat.ONLY)
    assert answer(rules, [Yes(), No()]) is None


def test_the_black_screen_only_before_a_private_decision_of_a_side_with_secrets():
    private = Position(Decision("red", "orders", "?", private=True))
    public = Position(Decision("red", "orders", "?"))
    assert hotseat.needs_black_screen(Rules(), private, "red")
    assert not hotseat.needs_black_screen(Rules(), public, "red")
    assert not hotseat.needs_black_screen(Rules(secrets=False), private, "red")
    assert hotseat.view_for(Rules(), public, "red") is None
    assert hotseat.view_for(Rules(secrets=False), public, "red") == "red"


# --- through the real game screen ------------------------------------------------------------

def window_on_red_turn(session: Session, usable: list[Action] | None,
                       better: list[Action] | None = None) -> None:
    """Red's turn in the test game treated as a reaction window declined by ending the turn,
    with `usable` (None: the game does not say) and `better` answers."""
    rules: Any = session.rules
    rules.reaction_default = lambda state: EndTurn() if state.active == "red" else None
    if usable is not None:
        rules.usable_reactions = lambda state: list(usable)
    if better is not None:
        rules.better_reactions = lambda state: list(better)


def started(app: App, session: Session) -> GameScene:
    scene = start_game(app, PLUGIN, session, BOTH)
    while scene.handoff is not None:  # blue takes the screen
        click(app, (640, 400))
    assert scene.viewer == "blue"
    return scene


def notes(scene: GameScene) -> list[str]:
    return [line.text for line in scene.panel.log if line.kind == "note"]


def test_a_window_without_a_usable_answer_passes_without_a_handoff_and_is_logged(app):
    session = make_session(1)
    window_on_red_turn(session, usable=[])
    scene = started(app, session)
    shown = scene.handoffs
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoffs == shown and scene.handoff is None
    assert session.history[-1].player == "red"
    assert isinstance(session.history[-1].action, EndTurn)
    assert session.decision.player == "blue" and scene.viewer == "blue"
    assert any(hotseat.NO_USE in text and text.startswith("Red") for text in notes(scene))


def test_a_window_with_a_usable_answer_hands_the_screen_over(app):
    session = make_session(1)
    window_on_red_turn(session, usable=[Move("r1", 1, -1)])
    scene = started(app, session)
    shown = scene.handoffs
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoffs == shown + 1
    assert scene.handoff is not None and scene.handoff.side == "red"
    assert session.decision.player == "red"
    assert not notes(scene)


def test_with_the_setting_a_window_is_offered_only_for_a_better_answer(app):
    app.settings.auto_pass_reactions = True
    session = make_session(1)
    window_on_red_turn(session, usable=[Move("r1", 1, -1)], better=[])
    scene = started(app, session)
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoff is None and session.decision.player == "blue"
    assert any("Pass my reaction windows" in text for text in notes(scene))
    session = make_session(1)
    window_on_red_turn(session, usable=[Move("r1", 1, -1)], better=[Move("r1", 1, -1)])
    scene = started(app, session)
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoff is not None and scene.handoff.side == "red"


def public_orders(session: Session) -> None:
    """The test game's orders made a decision that shows nothing hidden (not private)."""
    state: SkirmishState = session.state
    cls = type(state)

    def decision(self: SkirmishState) -> Decision:
        if self.outcome is not None:
            return Decision(None, "over", "The game is over")
        return Decision(self.active, "orders", "Move, attack or end the turn")

    state.__class__ = type("PublicOrders", (cls,), {"decision": property(decision)})


def test_a_decision_that_is_not_private_is_answered_on_the_public_view(app):
    session = make_session(1)
    public_orders(session)
    scene = start_game(app, PLUGIN, session, BOTH)
    assert scene.handoff is None and scene.handoffs == 0
    assert scene.seat == "blue" and scene.viewer is None
    assert scene.panel.hand is None  # nobody's hand on the public view
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoff is None and scene.handoffs == 0
    assert scene.seat == "red" and scene.viewer is None
    assert scene.banner is not None and scene.banner.text == "Red player: your turn"
    assert scene._my_turn()
    scene.play(Move("r1", 1, -1))
    assert session.history[-1].player == "red"
    click(app, button_at(scene, "Show the Red player's own view"))
    assert scene.handoff is not None and scene.handoff.side == "red"
    while scene.handoff is not None:
        click(app, (640, 400))
    assert scene.viewer == "red" and scene.seat == "red"


def test_a_side_without_secrets_gets_its_own_view_without_the_black_screen(app):
    session = make_session(1)
    rules: Any = session.rules
    rules.holds_secrets = lambda state, side: False
    scene = start_game(app, PLUGIN, session, BOTH)
    assert scene.handoff is None and scene.viewer == "blue"
    scene.play(EndTurn())
    app.step(DT)
    assert scene.handoff is None and scene.handoffs == 0 and scene.viewer == "red"
    assert button_at(scene, "Since your last turn")


def test_the_screen_before_its_economies_hands_over_at_every_change(app):
    session = make_session(1)
    public_orders(session)
    app.settings.dice_speed = 0
    scene = GameScene(app, PLUGIN, session, BOTH, pass_reactions=False)
    app.push(scene)
    app.step(DT)
    assert scene.handoff is not None and scene.handoff.side == "blue"
    pygame.event.clear()


def test_the_counting_tool_compares_the_two_screens_on_the_same_game():
    """tools/count_handoffs.py: the random player never depends on the screen, so "before" and
    "after" play the same actions; only the black screens differ."""
    from tooling import load_tool

    tool = load_tool("count_handoffs")
    before = tool.run("baler", 1, "before", 120, False)
    after = tool.run("baler", 1, "after", 120, False)
    assert (before.actions, before.turns) == (after.actions, after.turns)
    # before, every change of player is a black screen (the last may be left on screen)
    assert before.changes <= before.handoffs <= before.changes + 1 and before.automatic == 0
    assert after.handoffs < before.handoffs
    assert set(after.black) <= {"initiative-card", "event-card", "support-card", "fow-keep"}
