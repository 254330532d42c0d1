"""The board and the hand under the pointer, shared by the local and the online game screens:
what a click on the board means (the game's `GameUI.on_click`: a menu at the pointer, a
selection and its targets, a choice, or a refusal with its section), "Which one?" on a stack
whose counters answer differently, card faces opened full size, and the two questions asked
before an action: when it changes nothing (the game's `no_effect`) and when it cannot be
taken back ("confirm irreversible actions").

What differs between the two screens is left to them: `play` (a session at once, or a door's
submission answered later), `_legal` and `_my_turn`, `no_undo` (a probe of the local state, or
the server asked), `refresh`, and the text of a click made while another side decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from engine.core.actions import Action
from engine.ui.adapter import CardFace, Click, GameUI, MenuItem
from engine.ui.camera import Camera
from engine.ui.stacks import CounterStacks, distinct_answers, picker_name
from engine.ui.widgets.action_menu import MenuRow, PopupMenu, item_rows, item_text
from engine.ui.widgets.card_viewer import CardViewer
from engine.ui.widgets.confirm import confirm_irreversible
from engine.ui.widgets.no_effect import ask_no_effect
from engine.ui.widgets.panel import Panel

if TYPE_CHECKING:
    from engine.net.door import Door
    from engine.ui.app import App
    from engine.ui.widgets.dialog import Dialog


class BoardInput:
    """Clicks on the board and the hand (a mixin of a game screen)."""

    app: App
    gameui: GameUI
    camera: Camera
    panel: Panel
    selection: str | None
    highlight: frozenset[str]
    choices: tuple[Action, ...]
    menu: PopupMenu | None
    card_viewer: CardViewer | None
    _press_on_board: bool
    _right_press: bool

    if TYPE_CHECKING:
        @property
        def door(self) -> Door:
            """The game this screen takes part in (`engine.net.door.Door`)."""

        def play(self, action: Action) -> object: ...
        def refresh(self) -> None: ...
        def no_undo(self, action: Action) -> bool: ...
        def _legal(self) -> list[Action]: ...
        def _my_turn(self) -> bool: ...
        def _cite(self, reason: str, section: str = "") -> str: ...
        def _wait_text(self) -> str: ...
        def show_dialog(self, dialog: Dialog) -> None: ...

    def _switch_rules_selection(self, target: str | None, pos: tuple[int, int] | None) -> bool:
        """A screen whose game keeps selections in its rules moves one here (the local
        screen); False: nothing of the kind."""
        return False

    def deselect_rules_selection(self) -> bool:
        """Take back the game's own selection, when the screen can (the local screen)."""
        return False

    def _mark_irreversible(self, items: Sequence[MenuItem]) -> Sequence[MenuItem]:
        """A menu's rows, those that pass the undo barrier marked "(no undo)"."""
        return [replace(i, irreversible=True) if i.action is not None and not i.irreversible
                and self.no_undo(i.action) else i for i in items]

    def _marks_under(self) -> dict[str, str]:
        """Marks drawn under the selection's (what the computer just moved)."""
        return {}

    def _marks_over(self) -> dict[str, str]:
        """Marks drawn over the targets' (the hint's)."""
        return {}

    def _extra(self, name: str) -> Callable[..., Any] | None:
        """An optional `GameUIExtras` method of the game, if it has it."""
        found = getattr(self.gameui, name, None)
        return found if callable(found) else None

    def _ask_no_effect(self, action: Action) -> bool:
        """A card played for nothing: the game says why (`no_effect`) and the player is asked
        first; True when the question is on screen."""
        why = self._extra("no_effect")
        reason = why(action) if why is not None else None
        if not reason:
            return False

        def go() -> None:
            self.play(action)

        self.show_dialog(ask_no_effect(self.gameui.action_label(action), str(reason), go))
        return True

    def _highlights(self) -> dict[str, str]:
        """Highlight styles by target for `BoardView.draw`: what the computer (or the replay)
        just moved, the selection and its targets, and the hint's suggestion ("hint")."""
        marks = self._marks_under()
        marks.update({t: self.gameui.highlight_style(t) or "target" for t in self.highlight})
        marks.update(self._marks_over())
        if self.selection is not None:
            marks[self.selection] = "selected"
        return marks

    def toast_keep_clear(self) -> list[pygame.Rect]:
        """The side panel (its buttons) and what the board asks to keep clear."""
        return [self.panel.rect, *self._board_keep_clear()]

    def _board_keep_clear(self) -> list[pygame.Rect]:
        """What the board asks toasts and the dice tray to keep clear of, as last drawn."""
        keep = getattr(self.gameui.board, "keep_clear", None)
        return list(keep()) if keep is not None else []

    def _close_popups(self) -> None:
        self.menu = None
        self.card_viewer = None

    def clear_selection(self, refresh: bool = True) -> None:
        self.selection, self.highlight, self.choices = None, frozenset(), ()
        self.menu = None
        if refresh:
            self.refresh()

    def apply_click(self, click: Click, pos: tuple[int, int] | None = None) -> None:
        """Act on what the game says a board click means."""
        if click.menu:
            self.open_menu_at(click.title, click.menu, pos)
        elif click.action is not None and click.action in self._legal() \
                and self.no_undo(click.action):
            # the click would roll (the last set-up counter placed starts the turn's rolls):
            # asked in a menu like any other roll
            label = self.gameui.action_label(click.action)
            self.open_menu_at("Undo stops here",
                              (MenuItem(label, click.action, irreversible=True),), pos)
        elif click.action is not None:
            self.play(click.action)
        elif click.choices:
            self.choices = tuple(click.choices)
            self.refresh()
        elif click.select is not None:
            self.selection, self.highlight = click.select, frozenset(click.highlight)
            self.choices = ()
            self.refresh()
        elif click.reason is not None:
            self.app.toast(self._cite(click.reason), "error")
        else:
            self.clear_selection()

    def open_menu_at(self, title: str, items: Sequence[MenuItem],
                     pos: tuple[int, int] | None) -> None:
        """The action menu of a board click, at the pointer."""
        at = pos if pos is not None else self.camera.viewport.center
        items = self._mark_irreversible(items)
        self.menu = PopupMenu(title, item_rows(items, self.choose_item), at,
                              pygame.Rect((0, 0), self.app.size), self.app.scale)

    def choose_item(self, item: MenuItem) -> None:
        """A menu item chosen: played, after one question when it passes the undo barrier and
        the player wants to be asked."""
        if item.action is None:
            return
        self.menu = None
        self.ask_then_play(item)

    def ask_then_play(self, item: MenuItem) -> None:
        """A menu row or a prompt button: its action played, after one question when it would
        change nothing (`_ask_no_effect`) or, else, when it passes the undo barrier and the
        player wants to be asked."""
        action = item.action
        if action is None:
            return
        if self._ask_no_effect(action):
            return
        if (item.irreversible or self.no_undo(action)) and self.app.settings.confirm_irreversible:
            def never_ask() -> None:
                self.app.settings.confirm_irreversible = False
                self.app.set_dice_speed(self.app.settings.dice_speed)  # saves the settings

            def go() -> None:
                self.play(action)

            self.show_dialog(confirm_irreversible(item_text(replace(item, irreversible=False)),
                                                  go, never_ask))
            return
        self.play(action)

    def _stack_picker(self, target: str, pos: tuple[int, int]) -> bool:
        """A click on a stack that is not fanned out: when two or more of its counters (or the
        place itself) would answer the click differently, ask which one is meant, each named as
        its tooltip names it. When they all answer alike (placing a reinforcement on an occupied
        hex), the click goes to the one under the pointer. True when the click was taken care
        of here."""
        stacks = getattr(self.gameui.board, "stacks", None)
        if not isinstance(stacks, CounterStacks) or not self._my_turn() \
                or self.door.result() is not None:
            return False
        loc = stacks.location_of(target)
        if loc is None or stacks.fanned == loc:
            return False
        specs = stacks.stack(loc)
        if len(specs) < 2:
            return False
        legal = self._legal()
        clicks = {c: self.gameui.on_click(c, self.selection, legal)
                  for c in [*(spec.id for spec in reversed(specs)), loc]}
        acting = distinct_answers([c for c, click in clicks.items() if _acts(click)],
                                  clicks.__getitem__, prefer=target)
        if not acting:
            return False
        if len(acting) == 1:  # every counter answers alike (a reinforcement placed there)
            self._target_click(acting[0], pos)
            return True
        board = self.gameui.board
        rows = [MenuRow(name, self._picker(c), detail)
                for c in acting for name, detail in [picker_name(board, c)]]
        self.menu = PopupMenu("Which one?", rows, pos, pygame.Rect((0, 0), self.app.size),
                              self.app.scale, modal=False)
        return True

    def _picker(self, target: str) -> Callable[[], None]:
        def pick() -> None:
            self.menu = None
            self._target_click(target, None)

        return pick

    def _board_click(self, pos: tuple[int, int]) -> None:
        target = self.gameui.board.hit(self.camera.screen_to_world(*pos))
        if target is not None and self._stack_picker(target, pos):
            return
        self._target_click(target, pos)

    def _target_click(self, target: str | None, pos: tuple[int, int] | None) -> None:
        """A left click on `target`: what the game makes of it, else its card full size."""
        face = self.card_face(target) if target is not None else None
        if self.door.result() is not None or not self._my_turn():
            if face is not None:
                self.open_card(face)
            elif self.door.result() is None:
                self.app.toast(self._wait_text())
            return
        click = self.gameui.on_click(target, self.selection, self._legal())
        if face is not None and not _acts(click):
            self.open_card(face)
            return
        refused = click.reason is not None or (
            click.action is not None and click.action not in self._legal())
        if refused and self._switch_rules_selection(target, pos):
            return
        self.apply_click(click, pos)

    def card_face(self, target: str) -> CardFace | None:
        """The card under a board or hand target, if the game shows cards."""
        find = self._extra("card_face")
        if find is None:
            return None
        face = find(target)
        return face if isinstance(face, CardFace) else None

    def open_card(self, face: CardFace) -> None:
        self.menu = None
        self.card_viewer = CardViewer(face, pygame.Rect((0, 0), self.app.size), self.app.scale)

    def _right_click(self, pos: tuple[int, int]) -> None:
        """A right-click opens the card under it, else clears the selection."""
        target = self.panel.hand_item_at(pos)
        if target is None and self.camera.viewport.collidepoint(pos):
            target = self.gameui.board.hit(self.camera.screen_to_world(*pos))
        face = self.card_face(target) if target is not None else None
        if face is not None:
            self.open_card(face)
        elif self.selection is not None or self.choices or self.menu is not None:
            self.clear_selection()
        else:
            self.deselect_rules_selection()

    def _hand_click(self, event: pygame.event.Event) -> bool:
        """A left click on a card of the hand in the panel opens it full size."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        item = self.panel.hand_item_at(event.pos)
        if item is None:
            return False
        face = self.card_face(item)
        if face is not None:
            self.open_card(face)
        return face is not None

    def board_event(self, event: pygame.event.Event) -> bool:
        """The board's share of a window event: the camera (drag, wheel, keys), a right-click
        (a card, or the selection cleared) and a left click on the board."""
        if self.camera.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._right_press = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self._right_press:
                self._right_click(event.pos)
            self._right_press = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press_on_board = self.camera.viewport.collidepoint(event.pos)
            return self._press_on_board
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            on_board = self._press_on_board and self.camera.viewport.collidepoint(event.pos)
            self._press_on_board = False
            if on_board:
                self._board_click(event.pos)
            return on_board
        return False

    def menu_event(self, event: pygame.event.Event) -> bool:
        """An open action menu takes the event first (Escape is the screen's)."""
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if self.menu is None or escape:
            return False
        used = self.menu.process_event(event)
        if self.menu is not None and self.menu.closed:
            self.menu = None
        return used

    def card_event(self, event: pygame.event.Event) -> bool:
        """An open card takes every event until it is closed."""
        if self.card_viewer is None:
            return False
        self.card_viewer.process_event(event)
        if self.card_viewer.closed:
            self.card_viewer = None
        return True


def _acts(click: Click) -> bool:
    """Whether a board click does something (a menu, an action, a choice or a selection)."""
    return bool(click.menu or click.action is not None or click.choices
                or click.select is not None)
