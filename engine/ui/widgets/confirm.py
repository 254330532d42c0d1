"""The one question asked before an action that passes the undo barrier (DESIGN.md §8: the undo
barrier is visible before it is crossed), when the setting "confirm irreversible actions" is on.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ui.widgets.dialog import Dialog

CONFIRM_TITLE = "This cannot be undone"


def confirm_irreversible(what: str, go: Callable[[], None],
                         never_ask: Callable[[], None]) -> Dialog:
    """A dialog naming `what` is about to happen; "Do it" runs `go`, "Do it, don't ask again"
    turns the setting off first, "Cancel" (Escape) does nothing."""

    def go_and_stop_asking() -> None:
        never_ask()
        go()

    return Dialog(
        CONFIRM_TITLE,
        f"{what}\n\nIt rolls dice, draws, reveals or plays a card: undo stops there. "
        "(The question can be turned off in the game menu: Esc.)",
        [("Do it", go), ("Do it, don't ask again", go_and_stop_asking), ("Cancel", None)],
        escape=2,
    )
