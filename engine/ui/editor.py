"""The position editor (`wargames edit GAME`; docs/editor.md): the game's own board in an
editing mode.

Drag a counter (or a marker a game lets move) from a space, hex, box or bag to another, or from
a tray of the side panel (a bag, a pool, a hand, a deck) to the board or to another tray; set
the turn, the phase, tracks and markers with the panel's buttons. Every change is checked by the
rules' door for positions (`engine.editing.PositionEdits`): a position the rules refuse is not
taken, and the panel shows why with the rule. Ctrl+Z and Ctrl+Y undo and redo, Ctrl+S saves the
position as a scenario, Escape (or closing the window) leaves, asking first when edits are not
saved. The right or middle button pans the board, the wheel zooms it.

A game plugs in an `EditorKit` (its plugin's `editor` factory): the board view, which piece a
press picks up, where a drop puts it, and the panel's sections.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pygame

from engine.core.files import display
from engine.core.game import GamePlugin
from engine.editing import Edit, Position, PositionEdits, SaveProblem
from engine.plugins import load_object
from engine.ui import widgets as w
from engine.ui.adapter import BoardView
from engine.ui.app import App
from engine.ui.camera import Camera
from engine.ui.reload import without_carets
from engine.ui.scene import Scene
from engine.ui.widgets.dialog import Dialog
from engine.ui.widgets.edit_panel import EditPanel, Section, Setting, Step
from engine.ui.widgets.panel import side_panel_width
from engine.ui.widgets.tooltip import Tooltip

__all__ = ["Edit", "EditorKit", "EditorScene", "Move", "Position", "Steps", "add_at", "cycle",
           "set_at"]

T = TypeVar("T")
SHOWN_LINES = 40
"""Lines of a refused save's reasons the dialog shows."""
DRAG_START = 5
"""Pixels the pointer moves, button held, before a press becomes a drag."""


@dataclass(frozen=True, slots=True)
class Move:
    """What a drop does: the edit, and the words that say it ("Mir Brils to the bell
    tower")."""

    edit: Edit
    text: str


class EditorKit(Protocol):
    """The game-specific part of the editor (the plugin's `editor` names its factory,
    called with the plugin and the scenario)."""

    board: BoardView

    def show(self, state: Any, position: Mapping[str, Any]) -> None:
        """Put the laid-out state on the board, everything visible (a designer sees all)."""
        ...

    def grab(self, target: str) -> str | None:
        """The piece a press on board target `target` picks up; None: nothing to move there."""
        ...

    def drop(self, piece: str, target: str) -> Move | str:
        """Where `piece` goes when dropped on `target` (a board target or a tray id): the move,
        or why that is no place for it."""
        ...

    def sections(self, position: Mapping[str, Any]) -> Sequence[Section]:
        """The panel's sections for this position."""
        ...

    def step(self, key: str) -> Move:
        """The change a setting's button makes (its `Step.key`)."""
        ...

    def describe(self, piece: str) -> str:
        """A piece's name, as the drag shows it."""
        ...


class Steps:
    """The settings' buttons of a kit: `setting` registers each button's edit while the kit
    lists its sections, `step` finds it back when the button is pressed."""

    def __init__(self) -> None:
        self._moves: dict[str, Move] = {}

    def clear(self) -> None:
        self._moves.clear()

    def setting(self, label: str, value: object, *buttons: tuple[str, Edit, str]) -> Setting:
        """A setting whose buttons are (text, edit, what the change is called)."""
        steps = []
        for text, edit, said in buttons:
            key = str(len(self._moves))
            self._moves[key] = Move(edit, said)
            steps.append(Step(text, key))
        return Setting(label, str(value), tuple(steps))

    def step(self, key: str) -> Move:
        found = self._moves.get(key)
        if found is None:
            return Move(lambda position: position, "Nothing changes.")
        return found


def cycle(options: Sequence[T], current: T, by: int) -> T:
    """The option `by` places after `current` (round the end)."""
    values = list(options)
    i = values.index(current) if current in values else -1
    return values[(i + by) % len(values)]


def set_at(path: tuple[str, ...], value: Any) -> Edit:
    """The edit that sets the position's value at `path` (making the mappings on the way)."""
    def edit(p: Position) -> Position:
        node = p
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = value
        return p

    return edit


def add_at(path: tuple[str, ...], delta: int) -> Edit:
    """The edit that adds `delta` to the number at `path`."""
    def edit(p: Position) -> Position:
        node = p
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = int(node[path[-1]]) + delta
        return p

    return edit


def build_kit(plugin: GamePlugin, edits: PositionEdits) -> EditorKit:
    if not plugin.editor:
        raise ValueError(f"{plugin.title} has no position editor")
    factory: Callable[[GamePlugin, Any], EditorKit] = load_object(plugin.editor)
    return factory(plugin, edits.scenario)


class EditorScene(Scene):
    """The editor's screen: the board through a camera, the editing panel on the right."""

    def __init__(self, app: App, plugin: GamePlugin, edits: PositionEdits, target: Path,
                 kit: EditorKit | None = None) -> None:
        super().__init__(app)
        self.plugin = plugin
        self.edits = edits
        self.target = target
        self.kit = kit if kit is not None else build_kit(plugin, edits)
        self.camera = Camera(self._board_rect(app.size), self.kit.board.world_size)
        self.panel = EditPanel(self.undo, self.redo, self._save_button, self.leave)
        self.tooltip = Tooltip()
        self.hover: str | None = None
        self.drop_target: str | None = None
        self._press: tuple[tuple[int, int], str] | None = None
        """Where the left button went down and the piece under it (not yet a drag)."""
        self.dragging: str | None = None
        self._mouse: tuple[int, int] | None = None
        self._panel_press = False
        self.left = False
        """The scene asked the app to go (tests read it)."""
        self.on_resize(app.size)
        self.refresh()
        self.panel.say("Drag counters to place them; the panel's buttons set the turn, the "
                       "phase and the tracks. Every change is checked by the rules.")

    # --- layout and refresh ----------------------------------------------------------------

    def _board_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(0, 0, size[0] - side_panel_width(size, self.app.scale), size[1])

    def on_resize(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self._board_rect(size))
        self.tooltip.scale = self.app.scale
        width = side_panel_width(size, self.app.scale)
        self.panel.layout(pygame.Rect(size[0] - width, 0, width, size[1]), self.app.scale)

    def refresh(self) -> None:
        """The board and the panel from the position now."""
        self.kit.show(self.edits.state, self.edits.position)
        saved = "" if not self.edits.unsaved else " — not saved"
        self.panel.set_content(f"Position editor{saved}", self.edits.scenario.title,
                               self.kit.sections(self.edits.position))
        self.panel.set_enabled(self.edits.can_undo, self.edits.can_redo)
        self.dirty = True

    # --- editing ---------------------------------------------------------------------------

    def apply(self, move: Move) -> bool:
        """Try a move; the panel says what was done or why it was refused."""
        refusal = self.edits.apply(move.edit)
        if refusal is not None:
            self.panel.say(f"Refused: {refusal.text}", refused=True)
            self.dirty = True
            return False
        self.panel.say(move.text)
        self.refresh()
        return True

    def drop(self, piece: str, target: str | None) -> bool:
        if target is None:
            self.panel.say(f"{self.kit.describe(piece)} stays where it is: dropped off the "
                           "board and the trays", refused=True)
            return False
        found = self.kit.drop(piece, target)
        if isinstance(found, str):
            self.panel.say(f"Refused: {found}", refused=True)
            self.dirty = True
            return False
        return self.apply(found)

    def undo(self) -> None:
        if self.edits.undo():
            self.panel.say("Undone.")
            self.refresh()

    def redo(self) -> None:
        if self.edits.redo():
            self.panel.say("Redone.")
            self.refresh()

    def _save_button(self) -> None:
        self.save()

    def save(self) -> Path | None:
        """Write the position as a scenario at `target`, checked by loading it back."""
        try:
            path = self.edits.save(self.target)
        except SaveProblem as err:
            lines = without_carets(str(err))
            if len(lines) > SHOWN_LINES:
                lines[SHOWN_LINES:] = [f"… ({len(lines) - SHOWN_LINES} more lines: 'wargames "
                                       "validate' lists the problems)"]
            text = "\n".join(lines)
            self.show_dialog(Dialog("The position was not saved", text[:1].upper() + text[1:],
                                    [("OK", None)]))
            return None
        self.panel.say(f"Saved as the scenario {display(path)}: "
                       f"'wargames play {self.plugin.id} --scenario {display(path)}' plays it.")
        self.refresh()
        return path

    def leave(self) -> None:
        """Go, asking first when edits are not saved."""
        if not self.edits.unsaved:
            self._go()
            return

        def save_and_go() -> None:
            if self.save() is not None:
                self._go()

        self.show_dialog(Dialog(
            "Leave the editor?",
            "The position has changes that are not saved.",
            [("Save and leave", save_and_go), ("Leave without saving", self._go),
             ("Stay", None)], escape=2))

    def _go(self) -> None:
        self.left = True
        self.app.go_home()

    def intercept_quit(self) -> bool:
        """Closing the window with unsaved edits asks first."""
        if not self.edits.unsaved:
            return False
        self.leave()
        return True

    # --- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self._mouse = event.pos
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        self.tooltip.process_event(event)
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._left_down(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._left_up(event)
        if self.panel.process_event(event):
            return True
        return self.camera.handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key == pygame.K_ESCAPE:
            if self.dragging is not None:
                self._end_drag()
            else:
                self.leave()
        else:
            return False
        return True

    def _board_target(self, pos: tuple[int, int]) -> str | None:
        if not self.camera.viewport.collidepoint(pos):
            return None
        return self.kit.board.hit(self.camera.screen_to_world(*pos))

    def _left_down(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if self.panel.rect.collidepoint(pos):
            piece = self.panel.entry_at(pos)
            if piece is not None:
                self._press = (pos, piece)
                return True
            self._panel_press = True
            return self.panel.process_event(event)
        target = self._board_target(pos)
        piece = self.kit.grab(target) if target is not None else None
        if piece is not None:
            self._press = (pos, piece)
            return True
        return self.camera.handle_event(event)

    def _motion(self, pos: tuple[int, int]) -> bool:
        if self._press is not None and self.dragging is None:
            start, piece = self._press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START:
                self.dragging = piece
                self.panel.dragging = piece
        if self.dragging is not None:
            self.drop_target = self._target_at(pos)
            self.dirty = True
            return True
        self.panel.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                    buttons=(0, 0, 0)))
        return self.camera.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos,
                                                           rel=(0, 0), buttons=(0, 0, 0)))

    def _target_at(self, pos: tuple[int, int]) -> str | None:
        if self.panel.rect.collidepoint(pos):
            return self.panel.tray_at(pos)
        return self._board_target(pos)

    def _left_up(self, event: pygame.event.Event) -> bool:
        if self.dragging is not None:
            piece = self.dragging
            target = self._target_at(event.pos)
            self._end_drag()
            self.drop(piece, target)
            return True
        if self._press is not None:
            self._press = None
            return True
        if self._panel_press or self.panel.rect.collidepoint(event.pos):
            self._panel_press = False
            step = self.panel.step_at(event.pos)
            if step is not None:
                self.apply(self.kit.step(step.key))
                return True
            return self.panel.process_event(event)
        return self.camera.handle_event(event)

    def _end_drag(self) -> None:
        self.dragging = None
        self.panel.dragging = None
        self.drop_target = None
        self._press = None
        self.dirty = True

    # --- frames ----------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.camera.refining

    def wake_in(self) -> float | None:
        waiting = self.tooltip.text is not None and not self.tooltip.visible
        return 0.05 if waiting else None

    def update(self, dt: float) -> None:
        before = (self.tooltip.visible, self.hover)
        self.tooltip.update(dt)
        if self.dragging is None and self.dialog is None:
            target = self._board_target(self._mouse) if self._mouse is not None else None
            if target != self.hover:
                self.hover = target
                text = self.kit.board.tooltip(target) if target is not None else None
                self.tooltip.hover(target, text)
        if (self.tooltip.visible, self.hover) != before:
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        highlights = {}
        if self.dragging is not None and self.drop_target is not None \
                and not self.panel.rect.collidepoint(self._mouse or (0, 0)):
            highlights[self.drop_target] = "target"
        self.kit.board.draw(surface, self.camera, self.hover, highlights)
        self.panel.draw(surface, self.drop_target if self.dragging is not None else None)
        if self.dragging is not None and self._mouse is not None:
            self._draw_ghost(surface, self.dragging, self._mouse)
        else:
            self.tooltip.draw(surface)

    def _draw_ghost(self, surface: pygame.Surface, piece: str, pos: tuple[int, int]) -> None:
        """The piece being dragged: its name on a card under the pointer."""
        scale = self.app.scale
        fnt = w.text_font(w.BODY, scale, bold=True)
        text = w.wrap(self.kit.describe(piece), fnt, w.px(320, scale))[0]
        img = fnt.render(text, True, w.TEXT)
        pad = w.px(6, scale)
        box = pygame.Rect(pos[0] + w.px(14, scale), pos[1] + w.px(10, scale),
                          img.get_width() + 2 * pad, img.get_height() + 2 * pad)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, w.PANEL, box, border_radius=w.px(4, scale))
        pygame.draw.rect(surface, w.ACCENT, box, 2, border_radius=w.px(4, scale))
        surface.blit(img, (box.x + pad, box.y + pad))
