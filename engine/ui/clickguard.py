"""Clicks that land where the player aimed (issue 24): a list or a hand that lays itself out
again after an action may put another control under a pointer that has not moved, and a second
click meant for the first control (a double click, or one made before the screen changed) would
press the new one (Filipinas: the second click at the same spot played another card; Baler: the
click meant for the next card opened the other side's cards).

`ClickGuard` remembers what lay under the pointer as last shown. A press on a control that came
under a pointer that has not moved, within `MOMENT` seconds, is ignored (its release too) and
the player is told why; once the pointer moves, or the moment has passed, clicks go through as
usual. Pure bookkeeping: the screen says what lies under a point and what time it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MOMENT = 0.6
"""Seconds after a control came under a still pointer during which a press on it is ignored:
longer than a double click, shorter than reading a new button's label."""
STILL = 3
"""Pixels the pointer may drift and still count as not moved."""
IGNORED = "The buttons moved under the pointer: look, then click again."


@dataclass(slots=True)
class ClickGuard:
    """What the pointer rested on as last shown, and since when."""

    pos: tuple[int, int] | None = None
    under: object = None
    since: float = float("-inf")
    """When `under` came under the pointer without the pointer moving (-inf: it was there
    when the pointer arrived)."""
    view: object = None
    """The board as last seen (its camera, its fanned stack): a board that the player panned
    or zoomed, or a stack fanned by the pointer's rest, is looked at anew, like a pointer that
    moved."""
    _swallow: bool = False

    def look(self, pos: tuple[int, int] | None, under: object, now: float,
             view: object = None) -> None:
        """What lies under the pointer now, as the screen shows it (each frame drawn, each
        motion and press), with the camera `view` it is seen through."""
        if pos is None:
            return
        if self.pos is None or _moved(self.pos, pos) or view != self.view:
            self.pos, self.under, self.since, self.view = pos, under, float("-inf"), view
        elif under != self.under:
            self.under, self.since = under, now

    def press(self, pos: tuple[int, int], under: object, now: float,
              view: object = None) -> bool:
        """A left press at `pos` on `under`: True when it must be ignored (the control came
        under the still pointer less than a moment ago); its release is ignored too."""
        self.look(pos, under, now, view)
        self._swallow = under is not None and now - self.since < MOMENT
        return self._swallow

    def release(self) -> bool:
        """A left release: True when it belongs to an ignored press."""
        swallow, self._swallow = self._swallow, False
        return swallow


def _moved(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) > STILL or abs(a[1] - b[1]) > STILL


def control_at(scene: Any, pos: tuple[int, int] | None) -> object:
    """What a left press at `pos` would act on in the game screen `scene`: a row of its open
    menu, a prompt button (by label), a card of the panel's hand, or the board's target (a
    place, for a counter the place it stands on; a card of Baler's strip); None for anything
    else."""
    if pos is None:
        return None
    menu = scene.menu
    if menu is not None:
        row = next((r.text for r, rect in zip(menu.rows, menu.row_rects, strict=True)
                    if rect.collidepoint(pos)), None)
        return None if row is None else ("menu", row)
    prompt = scene.prompt
    if prompt.rect.collidepoint(pos):
        label = next((b.text for b in prompt.buttons if b.rect.collidepoint(pos)), None)
        return None if label is None else ("button", label)
    item = scene.panel.hand_item_at(pos)
    if item is not None:
        return ("hand", item)
    camera = scene.camera
    if camera.viewport.collidepoint(pos):
        board = scene.gameui.board
        target = board.hit(camera.screen_to_world(*pos))
        return None if target is None else ("board", _place(board, target))
    return None


def _place(board: Any, target: str) -> str:
    """A counter counts as the place it stands on: a counter placed, or a stack fanned, where
    the pointer rests does not change what a click there means to the player."""
    stacks = getattr(board, "stacks", None)
    place = stacks.location_of(target) if stacks is not None else None
    return place if place is not None else target


def camera_view(scene: Any) -> tuple[object, ...]:
    """The board of the game screen `scene` as the guard compares it: the camera's zoom and
    offset, and the stack fanned out under the pointer (a stack that fans because the pointer
    came to rest on it shows its counters to be clicked, not moved under the player)."""
    camera = scene.camera
    stacks = getattr(scene.gameui.board, "stacks", None)
    return (camera.zoom, *camera.offset, getattr(stacks, "fanned", None))
