"""The game menu (Escape with nothing selected: dice speed, confirmations, reaction windows,
map overlays, save, leave), the player aid (F1) and the map overlays' keys."""

from __future__ import annotations

import pygame

from engine.ui.adapter import AidPage, AidTable
from engine.ui.screen.computer_seats import AI_PAUSE
from engine.ui.screen.local import LocalScreenParts
from engine.ui.widgets.aid_dialog import AidDialog
from engine.ui.widgets.dialog import ChoiceRow, Dialog

DICE_SPEEDS = ("Instant", "Normal", "Fast")
ON_OFF = ("On", "Off")


class GameMenu(LocalScreenParts):
    """The menu, the player aid and the overlays."""

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

    def open_menu(self) -> None:
        """Escape with nothing selected: settings and leaving the game."""
        settings = self.app.settings
        speed = ChoiceRow("Dice", DICE_SPEEDS, settings.dice_speed)
        confirm = ChoiceRow("Confirm irreversible actions", ON_OFF,
                            0 if settings.confirm_irreversible else 1)
        passing = ChoiceRow("Pass my reaction windows", ON_OFF,
                            0 if settings.auto_pass_reactions else 1)
        listed = self._extra("overlays")
        overlays = [(str(oid), str(label)) for oid, label in listed()] if listed else []
        overlay_rows = [ChoiceRow(label, ON_OFF, 0 if self.overlays_on.get(oid) else 1)
                        for oid, label in overlays]

        def apply() -> None:
            settings.confirm_irreversible = confirm.selected == 0
            was_passing = settings.auto_pass_reactions
            settings.auto_pass_reactions = passing.selected == 0
            self.app.set_dice_speed(speed.selected)  # saves every setting
            self.ai_delay = AI_PAUSE[speed.selected]
            switch = self._extra("set_overlay")
            for (oid, _), row in zip(overlays, overlay_rows, strict=True):
                on = row.selected == 0
                if switch is not None and on != self.overlays_on.get(oid, False):
                    switch(oid, on)
                    self.overlays_on[oid] = on
            if settings.auto_pass_reactions and not was_passing:
                self._settle()

        def leave() -> None:
            apply()
            self.leave(self.app.go_home)

        def quit_game() -> None:
            apply()
            self.leave(self.app.quit, quitting=True)

        def save() -> None:
            apply()
            self.save()

        self.show_dialog(Dialog(
            "Game menu",
            "F1 player aid, Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, F5 reload the scenario's "
            "files, L enlarge the log, H what the computer would do (a hint for your move), "
            "F11 full screen, F12 screenshot, Ctrl +/- text size, M sound. Drag or arrow keys "
            "to pan, wheel to zoom, F or Home to see the whole board; right-click a card to "
            "read it. With the computer on every side: Space pauses, N plays one move, comma "
            "and full stop change the speed. "
            "\"Pass my reaction windows\": a reaction window is offered only when you have "
            "something better than declining (free, and it cannot make things worse); otherwise "
            "it is declined for you and the log says so.",
            [("Resume", apply), ("Save", save), ("Main menu", leave), ("Quit", quit_game)],
            rows=[speed, confirm, passing, *overlay_rows], escape=0))

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
