"""The hint (H, "What would the computer do?"): the computer's Normal level thinks for the
human side deciding now, on that side's own observation only (`engine.ui.computer.Advisor`),
and its answer is marked on the board with its reason. Offered only to the side to move, on its
own view, so it never looks into a hand the screen does not show."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.hint import why_no_hint
from engine.ui.screen.local import LocalScreenParts
from engine.ui.widgets.button import Button

HINT_BUTTON = "What would the computer do? (H)"
"""The prompt's button for the hint, at one screen and online."""


def hint_note(note: str, thinking: bool, seconds: float, told: str | None, level: str,
              failed: str = "") -> str:
    """The prompt's note while the hint thinks, once it is told, or why there is none; the
    same words at one screen and online."""
    if thinking:
        return f"The computer is thinking about your move… {seconds:.1f} s. {note}".strip()
    if failed:
        return f"{failed} {note}".strip()
    if told is not None:
        named = f" ({level.title()} level)" if level else ""
        return f"Hint{named}: {told}. {note}".strip()
    return note


def hint_shown(settled: bool, thinking: bool, seconds: float, shown: str) -> str | None:
    """What the prompt shows of the hint after a frame ("told", or the seconds counted), None
    when that has not changed and the prompt may stay as it is."""
    if settled:
        return "told"
    if thinking and f"{seconds:.1f}" != shown:
        return f"{seconds:.1f}"
    return None


def mark_hinted(buttons: Sequence[Button], label: str) -> None:
    """Select the prompt's button of the hinted answer (none when it is on the board)."""
    for button in buttons:
        button.selected = button.text == label


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
        return why_no_hint(self.plugin, self.session.decision, self._legal())

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
        shown = hint_shown(advisor.settle(self.session.rules, self.session.state,
                                          self.gameui.action_label, targets),
                           advisor.thinking, advisor.seconds(), self._hint_shown)
        if shown is None:
            return
        self._hint_shown = shown
        self._set_prompt()
        self._layout_panel()
        self.dirty = True

    def _hint_note(self, note: str) -> str:
        advisor = self.advisor
        return hint_note(note, advisor.thinking, advisor.seconds(),
                         advisor.told.line if advisor.told is not None else None,
                         advisor.hint.level if advisor.hint is not None else "")
