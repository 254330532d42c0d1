"""The question asked before a card is played for nothing (issue "no silent no-ops"): the game
says why the event would change nothing now, and the rulebook lets it be played all the same."""

from __future__ import annotations

from collections.abc import Callable

from engine.ui.widgets.dialog import Dialog


def ask_no_effect(what: str, why: str, go: Callable[[], None]) -> Dialog:
    """A dialog naming `what` and `why` it would change nothing; "Play it anyway" runs `go`
    (which plays it: undo stops there), "Cancel" (Escape) does nothing."""
    return Dialog(
        "This event has no effect now — play it anyway?",
        f"{what}\n\n{why[:1].upper()}{why[1:]}.\n\nPlaying it anyway cannot be undone.",
        [("Play it anyway", go), ("Cancel", None)],
        escape=1,
    )
