"""The hint at an online seat ("What would the computer do?", H): the server's Normal level
thinks on the seat's own observation and answers that seat alone, only while it decides; the
screen keeps drawing meanwhile, then marks the answer on the board and tells it in the game's
words, as at one screen. Screenshots go to $WARGAMES_SHOTS when it is set
(docs/screenshots/online-hint.png)."""

from __future__ import annotations

import random

import pygame
import pytest
from baler_hidden import hidden_twin as baler_twin
from baler_hidden import position as baler_position
from test_online_play import seat_in_game, wait_for

from baler import PLUGIN as BALER
from baler.rules.state import Side
from engine.ai.search import Budget
from engine.loading import load_game_scenario
from engine.net import host
from engine.net.client import ClientError
from engine.net.host import think_of_hint
from engine.ui.screen.hint import HINT_BUTTON
from netplay import pick
from uitest import DT, click, key, shot

pytestmark = [pytest.mark.ui, pytest.mark.usefixtures("user_data")]
SMALL = Budget(seconds=None, iterations=3)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(host, "HINT_BUDGET", SMALL)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_servers_hint_reads_only_the_seats_own_observation(seed):
    """Two positions that differ only in what the deciding side may not see (a card of the
    enemy hand, the decks' order, the dice to come) get the same hint, word for word."""
    st = baler_position(BALER.rules, load_game_scenario(BALER), seed, 40).state
    side = st.decision.player
    twin = baler_twin(st, Side(side))
    assert BALER.rules.state_hash(twin) != BALER.rules.state_hash(st)
    found = think_of_hint(BALER, side, 7, SMALL, st, BALER.rules.legal_actions(st))
    again = think_of_hint(BALER, side, 7, SMALL, twin, BALER.rules.legal_actions(twin))
    assert found == again
    assert found["level"] == "normal" and found["line"]


def to_my_turn(app, scene, friend, rng, past: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Both seats play at random until the screen's seat decides, at revision `past` or
    later."""
    for _ in range(300):
        # both doors first hear of the last move, so whose turn it is is read on the same game
        wait_for(app, lambda: not scene.waiting and not scene._after_dice
                 and friend.revision == scene.door.revision, also=[friend])
        if scene.my_turn() and scene.door.revision >= past:
            return
        revision = scene.door.revision
        if scene.my_turn():
            legal = scene.door.legal()
            scene.play(pick(scene.door, rng) if any(not a.concession for a in legal)
                       else legal[0])
        else:
            legal = friend.legal()
            assert legal, "neither seat decides"
            friend.play(pick(friend, rng) if any(not a.concession for a in legal)
                        else legal[0], friend.revision)
        wait_for(app, lambda r=revision: scene.door.revision > r, also=[friend])
    raise AssertionError("the screen's seat never came to decide")


def test_the_hint_is_asked_of_the_server_marked_and_told_then_cleared(app, tmp_path):
    rng = random.Random(4)
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        to_my_turn(app, scene, friend, rng)
        wait_for(app, lambda: any(b.text == HINT_BUTTON for b in scene.prompt.buttons))
        # the other seat may not ask while this one decides
        with pytest.raises(Exception, match="only for the side deciding now"):
            friend.hint(friend.revision)
        key(app, pygame.K_h)
        assert scene.advisor is not None
        wait_for(app, lambda: not scene.advisor.thinking)
        assert not scene.advisor.failed, scene.advisor.failed
        action = scene.advisor.action
        assert action in scene.door.legal()
        assert scene.prompt.note.startswith("Hint (Normal level): ")
        assert scene.advisor.line in scene.prompt.note
        targets = set(scene.gameui.action_targets(action))
        assert scene._marks_over() == {t: "hint" for t in targets}
        label = scene.gameui.action_label(action)
        selected = [b.text for b in scene.prompt.buttons if b.selected]
        assert selected == ([label] if any(b.text == label for b in scene.prompt.buttons)
                            else [])
        shot(app, tmp_path, "online-hint.png")
        # asked again at the same revision: the same answer, not a second search
        asked = scene.advisor.seq
        scene.ask_hint()
        assert scene.advisor.action == action and scene.advisor.seq == asked
        # once this seat has played, the hint is gone
        revision = scene.door.revision
        scene.play(action)
        wait_for(app, lambda: scene.door.revision > revision, also=[friend])
        app.step(DT)
        assert scene.advisor.action is None and scene._marks_over() == {}
        assert all(not b.text.startswith("Hint") for b in scene.prompt.buttons)


def test_a_hint_for_a_revision_the_game_has_left_is_refused_with_its_reason(app, tmp_path,
                                                                         monkeypatch):
    rng = random.Random(6)
    with seat_in_game(app, tmp_path) as (scene, friend, lobby, address):
        to_my_turn(app, scene, friend, rng, past=2)
        door = scene.door
        with pytest.raises(Exception, match="moved on"):
            door.hint(door.revision - 1)
        # the button's answer when the server refuses: said in the prompt, nothing changed
        length = door.length
        scene.advisor.ask(door.revision - 1)
        wait_for(app, lambda: not scene.advisor.thinking)
        assert scene.advisor.failed.startswith("No hint: ")
        assert door.length == length
        # a level that breaks on the server: said, and the next ask thinks again
        real = host.think_of_hint

        def broken(*args):  # type: ignore[no-untyped-def]
            raise RuntimeError("a level that breaks")

        monkeypatch.setattr(host, "think_of_hint", broken)
        with pytest.raises(Exception, match="found no answer"):
            door.hint(door.revision)
        monkeypatch.setattr(host, "think_of_hint", real)
        button = next(b for b in scene.prompt.buttons if b.text == HINT_BUTTON)
        click(app, button.rect.center)
        wait_for(app, lambda: not scene.advisor.thinking)
        assert scene.advisor.action in door.legal()


def test_a_spectator_is_never_offered_the_hint():
    from engine.ui.online.hint import OnlineAdvisor

    advisor = OnlineAdvisor(lambda seq: (_ for _ in ()).throw(ClientError("x", "y")))
    advisor.ask(3)
    wait = 0
    while advisor.thinking and wait < 1000:
        advisor.settle(None)
        wait += 1
    assert advisor.failed == "No hint: the server did not answer."
