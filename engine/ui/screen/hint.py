"""The hint (H, "What would the computer do?"): the computer's Normal level thinks for the
human side deciding now, on that side's own observation only (`engine.ui.computer.Advisor`),
and its answer is marked on the board with its reason. Offered only to the side to move, on its
own view, so it never looks into a hand the screen does not show."""

from __future__ import annotations

from engine.ui.screen.local import LocalScreenParts

HINT_BUTTON = "What would the computer do? (H)"
"""The prompt's button for the hint, at one screen and online."""


class HintKey(LocalScreenParts):
    """What the computer would do in the human's place."""

    def _no_hint(self) -> str:
        """Why the hint is not offered now ("" when it is): only to the human side deciding
        now, on its own view (never on the public view of a hot-seat game, nor behind the
        hand-off screen), with more than one answer."""
        if self.still or self.watching or self.session.result() is not None:
            return "There is no decision of yours to give a hint for."
        if not self._my_turn() or self.replay is not None:
            return "The hint is only for the side deciding now."
        if self.viewer != self.deciding:
            return "Show your own view first: the hint reads your side's hand."
        if self.session.decision.table:
            return "The game's options are chosen by the players."
        if not any(not a.concession for a in self._legal()):
            return "There is nothing to choose."
        if not self.plugin.agents:
            return "This game has no computer opponent to ask."
        return ""

    def ask_hint(self) -> None:
        """H or the prompt's button: the computer's Normal level thinks on the deciding side's
        own observation, on a worker thread; its answer is then marked on the board with its
        reason."""
        why = self._no_hint()
        if why:
            self.app.toast(why, "error")
            return
        player = self.deciding
        assert player is not None
        self.advisor.reasons = self._game_reasons
        self.advisor.ask(player, len(self.session.history),
                         self.session.seed + len(self.session.history), self.session.rules,
                         self.session.state, self._legal())
        self._hint_shown = ""
        self._hint_tick()

    def _hint_tick(self) -> None:
        """While the hint thinks, the prompt counts the seconds; once it has its answer, the
        board marks it and the prompt tells it."""
        advisor = self.advisor
        if advisor.hint is None:
            return
        targets = self._extra("action_targets")
        if advisor.settle(self.session.rules, self.session.state, self.gameui.action_label,
                          targets):
            self._hint_shown = "told"
        elif advisor.thinking:
            shown = f"{advisor.seconds():.1f}"
            if shown == self._hint_shown:
                return
            self._hint_shown = shown
        else:
            return
        self._set_prompt()
        self._layout_panel()
        self.dirty = True

    def _hint_note(self, note: str) -> str:
        advisor = self.advisor
        if advisor.thinking:
            return (f"The computer is thinking about your move… {advisor.seconds():.1f} s. "
                    f"{note}").strip()
        if advisor.told is not None:
            level = advisor.hint.level.title() if advisor.hint is not None else ""
            return f"Hint ({level} level): {advisor.told.line}. {note}".strip()
        return note
