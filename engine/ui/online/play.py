"""An online game on the screen: one seat of a server's game, through the door to a game
(`engine.net.door.Door`, DESIGN.md §9), never through a session.

The board, the side panel (status, hand, log) and the decision prompt are the game's own
(`GameUI`, `Panel`, `Prompt`), as on the local game screen: a board click is answered by the
game (a menu at the pointer, a selection, a choice, or a refusal with its section), an item
that rolls, draws or reveals is marked and asked about once, dice roll on the board, and the
prompt offers "Since your last turn…" when the other side moved. Whatever is chosen is sent
with the revision it answers (`door.play(action, door.revision)`); the screen then waits for
the server's answer (`Moved`, or `Refused` with the reason and section), so a double click
or a resend after a reconnection is never applied twice.

A lost connection shows a banner across the board and the connection comes back by itself
(`engine.net.client.Connection`); a choice made meanwhile is kept and sent on reconnecting.
Ctrl+Z takes back the last action while the barrier allows it (its refusal says why), Ctrl+Y
plays it again; "Say
something…" types a line for the game's chat; Escape closes what is open or leaves for "Play
online…" (the game goes on at the server).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from engine.ai.hint import why_no_hint
from engine.core.actions import Action, DiceRolled, Event, TurnEnded
from engine.net.door import ChatLine, Door, Link, Moved, Refused
from engine.plugins import load_object
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.adapter import GameUI, MenuItem
from engine.ui.app import App
from engine.ui.camera import Camera
from engine.ui.dice_anim import DiceAnimation, DiceTray, skips_dice
from engine.ui.handoff import BoardReplay, Handoff
from engine.ui.online.field import TextField
from engine.ui.online.hint import OnlineAdvisor
from engine.ui.scene import Scene
from engine.ui.screen.hint import HINT_BUTTON, hint_shown, mark_hinted
from engine.ui.screen.since_last_turn import SinceLastTurn
from engine.ui.screen.table_aids import TableAids
from engine.ui.widgets.action_menu import PopupMenu, item_text
from engine.ui.widgets.button import Button
from engine.ui.widgets.card_viewer import CardViewer
from engine.ui.widgets.dialog import Dialog
from engine.ui.widgets.log_view import LogLine, LogView, named
from engine.ui.widgets.panel import Panel, layout_side_panel, side_panel_width
from engine.ui.widgets.prompt import Option, Prompt
from engine.ui.widgets.tooltip import Tooltip

OFFLINE = "Connection to the server lost: reconnecting… Your moves wait and are sent then."
SENT = "Sent; waiting for the server…"


def game_ui(door: Door) -> GameUI:
    """The game's screen part for the door's scenario."""
    factory: Callable[[Any, Any], GameUI] = load_object(door.plugin.ui)
    return factory(door.plugin, door.scenario)


def cite(reason: str, section: str) -> str:
    """A refusal with its section, unless it names it already."""
    if not section or section in reason:
        return reason
    return f"{reason} ({section})"


class OnlineGameScene(SinceLastTurn, TableAids, Scene):
    """One seat of an online game (or a spectator's public view: a door with no seat)."""

    def __init__(self, app: App, door: Door, *, gameui: GameUI | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self._door = door
        self.plugin = door.plugin
        self.seat: str | None = door.seats[0] if door.seats else None
        self.gameui = gameui if gameui is not None else game_ui(door)
        self.camera = Camera(self._board_rect(app.size), self.gameui.board.world_size)
        self.panel = Panel()
        self.panel.on_toggle_log = self.toggle_log
        self.log_view = LogView()
        self.prompt = Prompt()
        self.tooltip = Tooltip()
        self.on_leave = on_leave
        self.connected = True
        self.link_text = OFFLINE
        """What the banner says while the game cannot be reached."""
        self.waiting = False
        """A choice was sent and the server has not answered yet."""
        self.selection: str | None = None
        self.highlight: frozenset[str] = frozenset()
        self.choices: tuple[Action, ...] = ()
        self.menu: PopupMenu | None = None
        self.card_viewer: CardViewer | None = None
        self.overlays_on: dict[str, bool] = {}
        self.hover: str | None = None
        self.tray: DiceTray | None = None
        self.animations: list[DiceAnimation] = []
        self._after_dice = False
        """The board, log and prompt wait for the dice of the last move to settle."""
        self.chat = TextField("Say", limit=500, on_enter=self.send_chat,
                              placeholder="a line for the other players (Enter sends)")
        self.chatting = False
        self.handoff: Handoff | None = None
        """The since-your-last-turn summary, while it is on screen."""
        self.replay: BoardReplay | None = None
        """Its replay on the board, while it runs."""
        self.moved: frozenset[str] = frozenset()
        self._placements: dict[str, str] | None = None
        self._replay_buttons: list[Button] = []
        self._replay_camera: tuple[float, tuple[float, float]] | None = None
        self._handoff_since = 0
        ask = getattr(door, "hint", None)
        self.advisor: OnlineAdvisor | None = OnlineAdvisor(ask) \
            if callable(ask) and self.seat is not None else None
        """The hint ("What would the computer do?", H), asked of the server."""
        self._hint_shown = ""
        self._logged = 0
        self._turn: int | None = None
        self._press_on_board = False
        self._right_press = False
        self.last_seen = self._last_own_action()
        """The log length when this seat last acted: what came after is "since your last
        turn"."""
        self.on_resize(app.size)
        self.refresh(reset_log=True)

    # --- reading the door ----------------------------------------------------------------------

    @property
    def door(self) -> Door:
        return self._door

    def side_name(self, side: str | None) -> str:
        if side is None:
            return "Nobody"
        return self.plugin.side_names.get(side, side)

    def _last_own_action(self) -> int:
        own = [e.index + 1 for e in self.door.log(self.seat) if e.player == self.seat]
        return own[-1] if own else 0

    def my_turn(self) -> bool:
        """This seat decides now, no choice of it waits for the server's answer and no dice
        of the last move are still rolling on the screen."""
        return self.seat is not None and self.door.deciding() == self.seat \
            and self.door.result() is None and not self.waiting and not self._after_dice

    def _my_turn(self) -> bool:
        return self.my_turn()

    def _legal(self) -> list[Action]:
        return self.door.legal()

    def _cite(self, reason: str, section: str = "") -> str:
        return cite(reason, section or self.door.decision().section or "")

    def _wait_text(self) -> str:
        who = self.side_name(self.door.decision().player)
        return SENT if self.waiting else f"Wait: {who} is deciding now."

    def _mark_irreversible(self, items: Sequence[MenuItem]) -> Sequence[MenuItem]:
        """A menu's rows as the game gives them: the server is asked whether one rolls when
        it is chosen (`ask_then_play`), not once a row."""
        return items

    def others_acted(self) -> int:
        return sum(1 for e in self.door.log(self.seat, since=self.last_seen)
                   if e.player != self.seat)

    def refresh(self, reset_log: bool = False) -> None:
        """Board, panel and prompt again from the seat's view; the log gets the new entries
        (all of them again after an undo cut it)."""
        if self.advisor is not None and self.advisor.stale(
                self.door.revision if self.my_turn() else None):
            self.advisor.clear()
        view = self.door.view(self.seat)
        self.gameui.sync(view, self.seat)
        status = list(self.gameui.status(view))
        status.append(("Online", f"you play {self.side_name(self.seat)}" if self.seat
                       else "spectator (public view)"))
        if reset_log or self._logged > self.door.length:
            self._logged, self._turn = 0, None
            self.log_view.reset([])
        self.log_view.append(self._log_lines(self._logged))
        self._logged = self.door.length
        self.panel.set_log_view(self.log_view)
        self.panel.set_content(title=self.plugin.title, subtitle=self.door.scenario.title,
                               status=status,
                               hand=self.gameui.hand(view) if self.seat else None,
                               hand_title=f"{self.side_name(self.seat)} hand")
        self._set_prompt()
        layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)
        self.dirty = True

    def _log_lines(self, since: int) -> list[LogLine]:
        """The seat's log from action `since` on, as one screen writes it: a heading per
        turn, a computer seat's reason before its move's results (its statistics opened on
        the line), and the board's names for places and counters, not their ids."""
        name = self._extra("place_name")
        lines = []
        for entry in self.door.log(self.seat, since=since):
            if entry.turn != self._turn and (entry.events or entry.reason):
                self._turn = entry.turn
                lines.append(LogLine(f"Turn {entry.turn}", "turn"))
            if entry.reason:
                lines.append(LogLine(
                    f"{self.side_name(entry.player)}: {named(name, entry.reason)}", "reason",
                    named(name, entry.reason_detail)))
            lines.extend(LogLine(named(name, event.text)) for event in entry.events
                         if event.text)
        return lines

    def _set_prompt(self) -> None:
        result = self.door.result()
        decision = self.door.decision()
        deciding = self.door.deciding()
        options: list[Option] = []
        note = ""
        if result is not None:
            won = f"{self.side_name(result.winner)} wins" if result.winner else "A draw"
            text = f"Game over. {won}: {result.reason}"
        elif self.waiting:
            text = SENT
        elif deciding is None or deciding != self.seat:
            who = self.side_name(decision.player) if decision.player else "The game"
            text = f"{who} to play. Their move appears here when it is made."
            note = "" if self.connected else self.link_text
        elif self.choices:
            text = "Which one?"
            options = [self._option(a) for a in self.choices]
            options.append(("Cancel", self.clear_selection))
        else:
            text = decision.prompt
            legal = self.door.legal()
            on_board = set(self.gameui.board_actions(legal))
            options = [self._option(a) for a in legal if a not in on_board]
            if self.selection is not None:
                name = self.gameui.board.tooltip(self.selection) or self.selection
                note = f"Selected: {name}. Click a marked target, or Esc to deselect."
            elif on_board:
                note = "Or act on the map with a click."
            if decision.section:
                note = f"{note} ({decision.section})".strip()
            if self.advisor is not None and not self._no_hint():
                options.append((HINT_BUTTON, self.ask_hint))
                note = self.advisor.note(note)
        # a spectator has no turn to count from: the log shows it every move
        acted = self.others_acted() if result is None and not self.waiting \
            and self.seat is not None else 0
        if acted:
            options.append((f"Since your last turn ({acted} action{'s' * (acted != 1)})…",
                            self.show_since_last_turn))
        if self.seat is not None:
            options.append(("Say something…", self.open_chat))
        self.prompt.set(text, options, note)
        if self.advisor is not None and self.advisor.action is not None and self.my_turn():
            mark_hinted(self.prompt.buttons, self.gameui.action_label(self.advisor.action))

    # --- the hint ------------------------------------------------------------------------------

    def _no_hint(self) -> str:
        """Why the hint is not offered now ("" when it is): only to this seat deciding now,
        at a choice with more than one answer, not while a replay or a "Which one?" is on."""
        if self.advisor is None:
            return "A spectator has no decision to ask about."
        if not self.my_turn() or self.replay is not None or self.choices:
            return "The hint is only for the side deciding now."
        return why_no_hint(self.plugin, self.door.decision(), self.door.legal())

    def ask_hint(self) -> None:
        """H or the prompt's button: the server's Normal level thinks in this seat's place, on
        its own observation; the window keeps drawing, and the answer is marked on the board
        with its reason."""
        why = self._no_hint()
        if why:
            self.app.toast(why, "error")
            return
        assert self.advisor is not None
        self.advisor.ask(self.door.revision)
        self._hint_shown = ""
        self._hint_tick()

    def _hint_tick(self) -> None:
        """While the server thinks, the prompt counts the seconds; with its answer, the board
        marks it and the prompt tells it."""
        advisor = self.advisor
        if advisor is None or advisor.seq is None:
            return
        targets = getattr(self.gameui, "action_targets", None)
        shown = hint_shown(advisor.settle(targets), advisor.thinking, advisor.seconds(),
                           self._hint_shown)
        if shown is None:
            return
        self._hint_shown = shown
        self._set_prompt()
        layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)
        self.dirty = True

    def _marks_over(self) -> dict[str, str]:
        if self.advisor is None or not self.my_turn():
            return {}
        return {t: "hint" for t in self.advisor.marks}

    # --- acting --------------------------------------------------------------------------------

    def _option(self, action: Action) -> Option:
        item = MenuItem(self.gameui.action_label(action), action)
        return item_text(item), lambda: self.ask_then_play(item)

    def no_undo(self, action: Action) -> bool:
        """Whether playing `action` rolls, draws or reveals (the server tries it on a copy
        with what this seat may not see redrawn)."""
        try:
            return self.door.rolls(action)
        except Exception:  # offline: asked about as if it did
            return True

    def play(self, action: Action) -> None:
        """Send `action` with the revision it answers; the outcome comes through `poll`."""
        if not self.my_turn():
            return
        self.door.play(action, self.door.revision)
        self.waiting = True
        self.selection, self.highlight, self.choices = None, frozenset(), ()
        self._show_sent()

    def _show_sent(self) -> None:
        """The prompt says the choice went out; the board and the log change only with the
        server's answer (`_moved`), after any dice it rolled."""
        self._set_prompt()
        layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)
        self.dirty = True

    def undo(self) -> None:
        if not self.door.can_undo():
            self.app.toast(self.door.undo_refusal(), "error")
            return
        self.door.undo(self.door.revision)
        self.waiting = True
        self._show_sent()

    def redo(self) -> None:
        """Play again what this seat just took back (while nothing else happened since)."""
        if not self.my_turn() or not self.door.can_redo():
            self.app.toast("Nothing to redo.", "error")
            return
        self.door.redo(self.door.revision)
        self.waiting = True
        self._show_sent()

    def board_click(self, pos: tuple[int, int]) -> None:
        """A left click on the board at `pos` (what the window's release does)."""
        self._board_click(pos)

    def show_since_last_turn(self) -> None:
        """What happened since this seat last acted, as its log shows it, with the replay on
        the board, as at one screen (`engine.ui.screen.since_last_turn`)."""
        if self.seat is None:
            return
        since, self.last_seen = self.last_seen, self.door.length
        self.open_summary(self.seat, self.seat, since)

    def _finish_handoff(self) -> None:
        self.handoff = None
        self.refresh()

    def _marks_under(self) -> dict[str, str]:
        return {t: "selected" for t in self.moved}

    def open_chat(self) -> None:
        """A line to type along the bottom of the board; Enter sends it, Escape closes."""
        self.chatting = True
        self.chat.set("")
        self.chat.focused = True
        pygame.key.start_text_input()
        self._place_chat()
        self.dirty = True

    def send_chat(self) -> None:
        text = self.chat.text.strip()
        if text:
            self.door.say(text)
        self.close_chat()

    def close_chat(self) -> None:
        self.chatting = False
        self.chat.focused = False
        pygame.key.stop_text_input()
        self.dirty = True

    def _place_chat(self) -> None:
        view = self.camera.viewport
        pad = w.px(12, self.app.scale)
        self.chat.scale = self.app.scale
        height = self.chat.height(self.app.scale)
        self.chat.rect = pygame.Rect(view.x + pad, view.bottom - height - pad,
                                     view.width - 2 * pad, height)

    # --- what the server says ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        shown = self.tooltip.visible
        self.tooltip.update(dt)  # a tooltip shows once the pointer rests on its target
        if self.tooltip.visible != shown:
            self.dirty = True
        if self.replay is not None:
            self.replay.update(dt)
            if self.replay.timer == 0.0:
                self._show_replay_state()
            self.dirty = True
            return  # what the server pushed waits until the replay ends
        if self.handoff is not None:
            return  # and until the summary is closed
        if self.animations:
            self.animations[0].update(dt)
            if self.animations[0].finished:
                self.animations.pop(0)
            self.dirty = True
            if self.animations:
                return  # the next move waits for these dice
        if self._after_dice:
            self._after_dice = False
            self.refresh()
        for update in self.door.poll():
            if isinstance(update, Moved):
                self._moved(update)
            elif isinstance(update, Refused):
                self.waiting = self._unanswered()
                self.app.toast(cite(update.reason, update.section), "error")
                self.refresh()
            elif isinstance(update, Link):
                self.connected = update.connected
                self.link_text = OFFLINE if update.connected or "reconnect" in update.text \
                    or "trying again" in update.text else update.text
                self.dirty = True
                self._set_prompt()
            elif isinstance(update, ChatLine):
                line = f"{update.sender or 'A player'}: {update.text}"
                self.log_view.append([LogLine(line, "note")])
                self.app.toast(line)
                self.dirty = True
        self._hint_tick()

    def _unanswered(self) -> bool:
        """Whether a submission still waits for the server's answer (a reconnection's fresh
        look at the game is no answer)."""
        return bool(getattr(self.door, "pending", 0))

    def _moved(self, update: Moved) -> None:
        mine = self.waiting
        self.waiting = self._unanswered()
        entries = self.door.log(self.seat, since=update.base)
        rolled = self._queue([e for entry in entries for e in entry.events])
        if mine and entries and entries[-1].player == self.seat:
            self.last_seen = self.door.length
        self.selection, self.highlight, self.choices, self.menu = None, frozenset(), (), None
        if rolled:
            # as at one screen, the board and the log show the moment before the roll until
            # the dice settle and go, so neither gives the result away
            self._after_dice = True
            self.prompt.set("Rolling the dice…", [], "Click or press a key to skip.")
            layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)
            self.dirty = True
            return
        self.refresh()

    def _queue(self, events: Sequence[Event]) -> bool:
        """The dice the seat sees rolled, to animate and keep in the tray; True when dice are
        to be animated."""
        rolled = False
        for event in events:
            if isinstance(event, DiceRolled) and event.visible(self.seat):
                self.tray = DiceTray(event)
                if self.app.settings.dice_speed > 0:
                    self.animations.append(DiceAnimation(event, self.app.settings.dice_speed))
                    rolled = True
            elif isinstance(event, TurnEnded):
                self.tray = None
        return rolled

    # --- the window ----------------------------------------------------------------------------

    @property
    def typing(self) -> bool:
        return self.chatting

    @property
    def animating(self) -> bool:
        return bool(self.animations)

    def wake_in(self) -> float | None:
        return 0.1  # what the server pushed is read ten times a second

    def _board_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(0, 0, size[0] - side_panel_width(size, self.app.scale), size[1])

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self._board_rect(size))
        self.tooltip.scale = self.app.scale
        self.menu = None
        layout_side_panel(self.panel, self.prompt, size, self.app.scale)
        self._place_chat()

    def toggle_log(self) -> None:
        self.panel.log_expanded = not self.panel.log_expanded
        layout_side_panel(self.panel, self.prompt, self.app.size, self.app.scale)

    def leave(self) -> None:
        if self.advisor is not None:
            self.advisor.close()
        self.door.close()
        self.app.pop()
        if self.on_leave is not None:
            self.on_leave()

    def close(self) -> None:
        if self.advisor is not None:
            self.advisor.close()
        self.door.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.tooltip.pos = event.pos
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if self.handoff_event(event):
            self.dirty = True
            return True
        if self.animations and skips_dice(event):
            return self.animations[0].process_event(event)
        if self.chatting:
            if escape:
                self.close_chat()
                return True
            if self.chat.process_event(event):
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.close_chat()
        if self.card_event(event) or self.menu_event(event):
            return True
        if escape:
            if self.menu is not None or self.selection is not None or self.choices:
                self.clear_selection()
            else:
                self.show_dialog(Dialog("Leave the game?", "The game goes on at the server; "
                                        "open it again from My games.",
                                        [("Leave", self.leave), ("Stay", None)], escape=1))
            return True
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL \
                and event.key in (pygame.K_z, pygame.K_y):
            (self.undo if event.key == pygame.K_z else self.redo)()
            return True
        if self.aid_key(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_log()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._hover(event.pos)
        self.tooltip.process_event(event)
        if self.prompt.process_event(event) or self.panel.process_event(event):
            return True
        if self._hand_click(event) or self._reason_click(event):
            return True
        return self.board_event(event)

    def _hover(self, pos: tuple[int, int]) -> str | None:
        """The board's target under the pointer, named in the tooltip; over a computer's
        reason in the log, its statistics instead."""
        from engine.ui.game_scene import hover_board

        if self._reason_tip(pos):
            return None
        self.tooltip.avoid = None
        return hover_board(self.camera, self.gameui.board, self.tooltip, pos)

    def draw(self, surface: pygame.Surface) -> None:
        if self.replay is not None or self.handoff is not None:
            if self.replay is not None:
                self._draw_replay(surface)
            else:
                assert self.handoff is not None
                self.handoff.draw(surface, self.app.scale)
            if not self.connected:
                self._draw_banner(surface)
            return
        self.gameui.board.draw(surface, self.camera, self.hover, self._highlights())
        self.panel.draw(surface)
        self.prompt.draw(surface)
        if self.animations:
            self.animations[0].draw(surface, self.camera.viewport, self.app.scale)
        elif self.tray is not None:
            self.tray.draw(surface, self.camera.viewport, self.app.scale,
                           self._board_keep_clear())
        if self.chatting:
            self.chat.draw(surface)
        if not self.connected:
            self._draw_banner(surface)
        if self.card_viewer is not None:
            self.card_viewer.draw(surface)
        elif self.menu is not None:
            self.menu.draw(surface)
        else:
            self.tooltip.draw(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        scale = self.app.scale
        fnt = w.text_font(w.BODY, scale, bold=True)
        view = self.camera.viewport
        lines = w.wrap(self.link_text, fnt, view.width - w.px(40, scale))
        band = pygame.Rect(view.x, view.y, view.width,
                           len(lines) * fnt.get_linesize() + w.px(20, scale))
        pygame.draw.rect(surface, w.ACCENT, band)
        pygame.draw.line(surface, colors.INK, band.bottomleft, band.bottomright, 2)
        w.blit_lines(surface, lines, fnt, colors.PAPER, (band.x + w.px(20, scale),
                                                          band.y + w.px(10, scale)))
