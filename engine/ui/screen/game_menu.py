"""The game menu of the local screen (Escape with nothing selected: dice speed, confirmations,
reaction windows, map overlays, save, leave); the player aid and the overlays' keys are
`engine.ui.screen.table_aids`, shared with the online screen."""

from __future__ import annotations

from engine.ui.screen.computer_seats import AI_PAUSE
from engine.ui.screen.local import LocalScreenParts
from engine.ui.widgets.dialog import ChoiceRow, Dialog

DICE_SPEEDS = ("Instant", "Normal", "Fast")
ON_OFF = ("On", "Off")


class GameMenu(LocalScreenParts):
    """The game menu."""

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
