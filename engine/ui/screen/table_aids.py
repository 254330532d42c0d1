"""What the game gives a player to read at the table, on the local and the online screens
alike: the player aid (F1, the game's pages and its counter legend), the map overlays
(switched by their keys, or the local game menu) and the statistics behind a computer's reason
in the log (on hover beside the log, kept open by a click)."""

from __future__ import annotations

import pygame

from engine.ui.adapter import AidPage, AidTable
from engine.ui.screen.board_input import BoardInput
from engine.ui.widgets.aid_dialog import AidDialog
from engine.ui.widgets.dialog import Dialog
from engine.ui.widgets.log_view import LogLine
from engine.ui.widgets.tooltip import Tooltip


class TableAids(BoardInput):
    """The player aid and the map overlays (a mixin of a game screen)."""

    overlays_on: dict[str, bool]
    """The game's map overlays switched on."""
    dirty: bool
    tooltip: Tooltip

    def aid_pages(self) -> list[AidPage]:
        """The game's player aid, with its counter legend as a last page when it has one."""
        pages = list(self.gameui.player_aid())
        legend = self._extra("legend")
        if legend is not None:
            rows = tuple((str(code), str(meaning)) for code, meaning in legend())
            if rows:
                pages.append(AidPage("Counter codes", (), (AidTable(("Code", "Meaning"), rows),)))
        return pages

    def open_player_aid(self, page: int = 0) -> None:
        """F1: the game's player aid, one page at a time, its tables drawn with columns."""
        pages = self.aid_pages()
        if not pages:
            self.app.toast("This game has no player aid.")
            return
        self.show_dialog(AidDialog(pages, page))

    def _overlay_key(self, key: int) -> str | None:
        """The map overlay a key switches, if the game gives it one (`overlay_keys`)."""
        keys = self._extra("overlay_keys")
        if keys is None:
            return None
        found = keys().get(pygame.key.name(key))
        return str(found) if found is not None else None

    def toggle_overlay(self, overlay: str) -> None:
        """Switch a map overlay on or off (its key, or the game menu)."""
        switch = self._extra("set_overlay")
        listed = self._extra("overlays")
        if switch is None or listed is None:
            return
        labels = {str(oid): str(label) for oid, label in listed()}
        if overlay not in labels:
            return
        on = not self.overlays_on.get(overlay, False)
        switch(overlay, on)
        self.overlays_on[overlay] = on
        self.dirty = True
        self.app.toast(f"{labels[overlay]}: {'on' if on else 'off'}")

    def aid_key(self, event: pygame.event.Event) -> bool:
        """F1 opens the player aid; an overlay's key switches it (without Ctrl)."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_F1:
            self.open_player_aid()
            return True
        overlay = None if event.mod & pygame.KMOD_CTRL else self._overlay_key(event.key)
        if overlay is not None:
            self.toggle_overlay(overlay)
            return True
        return False

    # --- the computer's reasons in the log -----------------------------------------------------

    def _reason_at(self, pos: tuple[int, int] | None) -> LogLine | None:
        """The computer's reason with a detail under `pos` in the log, if any."""
        if pos is None or self.menu is not None or self.card_viewer is not None:
            return None
        line = self.panel.log_view.line_at(self.panel.log_rect, pos)
        return line if line is not None and line.kind == "reason" and line.detail else None

    def _reason_click(self, event: pygame.event.Event) -> bool:
        """A click on a computer's reason in the log opens its statistics in a dialog."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        line = self._reason_at(event.pos)
        if line is None:
            return False
        self.show_dialog(Dialog("Why the computer did it", f"{line.text}\n\n{line.detail}",
                                [("Close", None)], escape=0))
        return True

    def _reason_tip(self, pos: tuple[int, int] | None) -> bool:
        """A computer's reason under `pos`: its statistics shown beside the log, never over
        its lines; False when the pointer is on none."""
        line = self._reason_at(pos)
        if line is None:
            return False
        self.tooltip.avoid = self.panel.log_rect
        key = f"reason:{id(line)}"
        if self.tooltip.key != key:
            self.tooltip.hover(key, f"{line.detail}\n(Click to keep it open.)")
        return True
