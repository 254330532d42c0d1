"""What the click-driven turn tests share (one turn per game played with the mouse only through
the real game screen, DESIGN.md §8): a ledger of every action the screen plays with what led to
it (a menu row, a prompt button, a bare board click, anything else), and the mouse moves that
answer the hand-off screens, open menus and pick rows.

The ledger wraps the screen's own entry points on the instance: `choose_item` (a menu row),
`apply_click` (what a board click means), `play` (a prompt button calls it directly) and the
session's `play`, which every action goes through. An action played while a chain is running
(the screen answering a reaction window by itself, the end of a round it closes) belongs to the
chain that started it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from engine.core.actions import Action
from engine.ui.adapter import Click, MenuItem
from engine.ui.app import App
from engine.ui.game_scene import GameScene
from engine.ui.stacks import picker_name
from engine.ui.widgets.action_menu import NO_UNDO
from uitest import DT, at, click, hover


@dataclass(frozen=True, slots=True)
class Played:
    """One action the screen played: what led to it, and what it spent and rolled."""

    via: str
    """"menu", "button", "board" (a bare board click) or "other"."""
    action: Action
    ap_before: Any
    ap_after: Any
    rolled: int


@dataclass
class Ledger:
    """Every action played through the screen, with the click that led to it."""

    scene: GameScene
    ap: Callable[[Any], Any]
    """The action points of every side in a state (any value that changes when one is spent)."""
    played: list[Played] = field(default_factory=list)
    menu_items: tuple[MenuItem, ...] = ()
    """The items of the last action menu the screen opened, row by row."""
    _via: str | None = None

    def install(self) -> Ledger:
        scene = self.scene
        session = scene.session
        choose_item, apply_click, scene_play = scene.choose_item, scene.apply_click, scene.play
        open_menu_at, session_play = scene.open_menu_at, session.play

        def chain(via: str, call: Callable[[], Any]) -> Any:
            outer = self._via
            self._via = outer or via
            try:
                return call()
            finally:
                self._via = outer

        def on_choose(item: MenuItem) -> None:
            chain("menu", lambda: choose_item(item))

        def on_click(c: Click, pos: tuple[int, int] | None = None) -> None:
            chain("board", lambda: apply_click(c, pos))

        def on_play(action: Action) -> bool:
            return bool(chain("button", lambda: scene_play(action)))

        def on_menu(title: str, items: Sequence[MenuItem],
                    pos: tuple[int, int] | None) -> None:
            self.menu_items = tuple(items)
            open_menu_at(title, items, pos)

        def on_session_play(action: Action, **kw: Any) -> Any:
            state = session.state
            before, dice = self.ap(state), len(state.dice.log)
            events = session_play(action, **kw)
            state = session.state
            self.played.append(Played(self._via or "other", action, before, self.ap(state),
                                      len(state.dice.log) - dice))
            return events

        scene.choose_item = on_choose  # type: ignore[method-assign]
        scene.apply_click = on_click  # type: ignore[method-assign,assignment]
        scene.play = on_play  # type: ignore[method-assign]
        scene.open_menu_at = on_menu  # type: ignore[method-assign]
        session.play = on_session_play  # type: ignore[method-assign]
        return self

    def check(self) -> None:
        """No action point spent and no die rolled but by a menu row or a prompt button."""
        for p in self.played:
            if p.via in ("menu", "button"):
                continue
            assert p.rolled == 0 and p.ap_before == p.ap_after, (
                f"{p.action} spent or rolled after a {p.via} click")

    def count(self, via: str) -> int:
        return sum(1 for p in self.played if p.via == via)


def pass_handoffs(app: App, scene: GameScene) -> None:
    """Click the hot-seat hand-off screens away."""
    for _ in range(10):
        if scene.handoff is None and scene.replay is None:
            return
        click(app, (10, 10), steps=2)
    assert scene.handoff is None


def deselect(app: App, scene: GameScene) -> None:
    """Close an open menu or drop the selection with a right-click where nothing is drawn."""
    for _ in range(3):
        if scene.menu is None and scene.selection is None and not scene.choices:
            return
        corner = scene.camera.viewport.topleft
        pos = (corner[0] + 2, corner[1] + 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
        app.step(DT)
        app.step(DT)
    assert scene.menu is None and scene.selection is None and not scene.choices


def spot(scene: GameScene, target: str) -> tuple[float, float]:
    """Where to click `target` on the screen: where it is drawn, or for a place whose anchor
    a counter covers, the nearest point of the place that shows (a person clicks beside the
    counters to mean the province or hex)."""
    board, camera = scene.gameui.board, scene.camera
    x, y = at(scene, target)
    counter = target in getattr(board, "counter_notes", {})
    if counter or board.hit(camera.screen_to_world(x, y)) == target:
        return x, y
    view = camera.viewport
    for r in range(4, 240, 4):
        for k in range(16):
            px, py = x + r * math.cos(k * math.pi / 8), y + r * math.sin(k * math.pi / 8)
            if view.collidepoint(px, py) and board.hit(camera.screen_to_world(px, py)) == target:
                return px, py
    return x, y


def clear_toasts(app: App, pos: tuple[float, float]) -> None:
    """Messages along the bottom of the window over `pos`: a click on each dismisses it (and
    goes no further), as a person clears what covers the place they aim at."""
    for _ in range(6):
        if not any(rect.collidepoint(pos) for rect, _ in app.toasts._rects):
            return
        click(app, pos, steps=1)


def click_target(app: App, scene: GameScene, target: str) -> None:
    """Point at a counter or place as a person does (its stack spreads out under the pointer),
    click it where it is drawn, and pick it in the "Which one?" list if a stack asks."""
    hover(app, (2, 2), steps=1)
    pos = spot(scene, target)
    hover(app, pos, steps=2)
    if target in getattr(scene.gameui.board, "counter_notes", {}):
        pos = at(scene, target)  # where the spread-out stack shows it now
    clear_toasts(app, pos)
    click(app, pos, steps=2)
    menu = scene.menu
    if menu is not None and menu.title == "Which one?":
        name = picker_name(scene.gameui.board, target)[0]
        for row, rect in zip(menu.rows, menu.row_rects, strict=True):
            if row.text == name:
                click(app, rect.center, steps=2)
                return


def menu_row(ledger: Ledger, action: Action) -> tuple[int, int] | None:
    """The centre of the open action menu's live row that plays `action`."""
    menu = ledger.scene.menu
    if menu is None or menu.title == "Which one?" or len(menu.rows) != len(ledger.menu_items):
        return None
    for item, row, rect in zip(ledger.menu_items, menu.rows, menu.row_rects, strict=True):
        if item.action == action and row.callback is not None:
            return rect.center
    return None


def prompt_button(scene: GameScene, label: str) -> tuple[int, int] | None:
    """The centre of the prompt button labelled `label` (marked "(no undo)" or not), scrolled
    into view; None if there is no such button."""
    prompt = scene.prompt
    texts = (label, f"{label} {NO_UNDO}")
    if not any(b.text in texts for b in prompt.buttons):
        return None
    for _ in range(80):
        button = next(b for b in prompt.buttons if b.text in texts)
        if prompt.rect.contains(button.rect):
            return button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=prompt.rect.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        scene.app.step(DT)
    return None


def past_no_effect(app: App, scene: GameScene) -> None:
    """Asked whether to play a card that would change nothing now, answer "Play it anyway"
    with a click, as the player who chose it would."""
    dialog = scene.dialog
    if dialog is not None and "no effect now" in dialog.title:
        button = next(b for b in dialog.buttons if b.text == "Play it anyway")
        click(app, button.rect.center, steps=2)


def answer(app: App, ledger: Ledger, action: Action) -> bool:
    """Play `action` from what is open now: its menu row, else its prompt button (the
    "Which one?" buttons of several fitting actions too). True when clicked."""
    scene = ledger.scene
    row = menu_row(ledger, action)
    if row is not None:
        click(app, row, steps=2)
        past_no_effect(app, scene)
        return True
    if scene.menu is None:
        button = prompt_button(scene, scene.gameui.action_label(action))
        if button is not None:
            click(app, button, steps=2)
            past_no_effect(app, scene)
            return True
    return False


Reveal = Callable[[App, GameScene, str], None]
"""Brings a target into the board's view with the mouse (a board larger than the window)."""


def play_by_mouse(app: App, ledger: Ledger, action: Action,
                  routes: Sequence[Sequence[str]], reveal: Reveal | None = None) -> bool:
    """Play `action` with the mouse: its prompt button if it has one now, else each route in
    turn (board targets clicked one after the other, looking at what opens after each click).
    True when the action was clicked."""
    scene = ledger.scene
    deselect(app, scene)
    if answer(app, ledger, action):
        return True
    for route in routes:
        deselect(app, scene)
        for n, target in enumerate(route, 1):
            if scene.gameui.board.anchor(target) is None:
                break
            if reveal is not None:
                reveal(app, scene, target)
            before = len(scene.session.history)
            click_target(app, scene, target)
            if len(scene.session.history) != before:
                return scene.session.history[before].action == action
            # the board first: a prompt button only once the route's last place is clicked
            row = menu_row(ledger, action)
            if row is not None:
                click(app, row, steps=2)
                past_no_effect(app, scene)
                return True
            if n == len(route) and answer(app, ledger, action):
                return True
            if scene.menu is not None:
                break
    deselect(app, scene)
    return False
