"""What happened since a player last decided, shared by the local and the online game
screens: the summary (`engine.ui.handoff.Handoff` opened on its list, with "Replay on the
board") and the replay itself, each position as the player's own view showed it, read through
the door to the game (`engine.net.door.Door.log` and `views_at`), the counters that moved
marked and brought into view, and the step's log lines in the side panel's place."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from engine.ui.handoff import BoardReplay, Handoff, draw_replay_panel, pan_to
from engine.ui.screen.board_input import BoardInput
from engine.ui.stacks import CounterStacks
from engine.ui.widgets.button import Button
from engine.ui.widgets.log_view import named

if TYPE_CHECKING:
    from engine.ui.widgets.panel import Panel


class SinceLastTurn(BoardInput):
    """The summary since the player's last decision and its replay on the board (a mixin of
    a game screen; `_finish_handoff` is the screen's: who has the screen after it)."""

    panel: Panel
    handoff: Handoff | None
    replay: BoardReplay | None
    moved: frozenset[str]
    _placements: dict[str, str] | None
    _replay_buttons: list[Button]
    _replay_camera: tuple[float, tuple[float, float]] | None
    _handoff_since: int

    if TYPE_CHECKING:
        def side_name(self, side: str | None) -> str: ...
        def _finish_handoff(self) -> None: ...

    def _summary(self, viewer: str | None, since: int) -> Callable[[], list[str]]:
        """The log lines `viewer` may see of the actions after the first `since`, with the
        board's names for places and counters."""
        name = self._extra("place_name")

        def summary() -> list[str]:
            texts = [event.text for entry in self.door.log(viewer, since=since)
                     for event in entry.events]
            return [named(name, t) for t in texts]

        return summary

    def open_summary(self, side: str, viewer: str | None, since: int, heading: str = "") -> None:
        """The summary for `side` (on `viewer`'s view) of what came after the first `since`
        actions, straight on its list (the same player keeps the screen)."""
        self._close_popups()
        self.handoff = Handoff(side, self.side_name(side), self._summary(viewer, since),
                               heading=heading, pass_first=False, can_replay=True,
                               viewer=viewer)
        self._handoff_since = since

    def handoff_event(self, event: pygame.event.Event) -> bool:
        """The replay, then the summary, take every event while they are on screen."""
        if self.replay is not None:
            return self._replay_event(event)
        if self.handoff is None:
            return False
        self.handoff.process_event(event)
        if self.handoff.stage == "replay" and self.replay is None:
            self._start_replay()
        elif self.handoff.done:
            self._finish_handoff()
        return True

    def _stack_placements(self) -> dict[str, str]:
        stacks = getattr(self.gameui.board, "stacks", None)
        return stacks.placements() if isinstance(stacks, CounterStacks) else {}

    def _start_replay(self) -> None:
        assert self.handoff is not None
        name = self._extra("place_name")
        viewer = self.handoff.viewer
        self.replay = BoardReplay(self.door, viewer, self._handoff_since,
                                  (lambda text: str(name(text))) if name is not None else None)
        self._replay_buttons = [Button("Next step (→)", self._replay_step),
                                Button("Skip the replay (Esc)", self._replay_skip)]
        self._placements = None
        self._replay_camera = (self.camera.zoom, self.camera.offset)
        # the board starts where the player last saw it, so the first step's move shows too
        start = self.door.views_at([self._handoff_since], viewer)[0]
        self.gameui.sync(start, viewer)
        self._show_replay_state()

    def _replay_step(self) -> None:
        if self.replay is not None:
            self.replay.step()
            self._show_replay_state()

    def _replay_skip(self) -> None:
        if self.replay is not None:
            self.replay.skip()
            self._show_replay_state()

    def _show_replay_state(self) -> None:
        """Draw the replay's position under the replaying side's own view, marking what
        moved; at its end hand the screen over as usual."""
        replay = self.replay
        assert replay is not None
        if replay.finished:
            self.replay = None
            self.moved = frozenset()
            if self._replay_camera is not None:  # back where the player looked before it
                self.camera.zoom, self.camera.offset = self._replay_camera
                self._replay_camera = None
            if self.handoff is not None:
                self.handoff.stage = "done"
                self._finish_handoff()
            return
        before = self._stack_placements()
        board = self.gameui.board
        gone = [board.anchor(c) for c in before]
        self.gameui.sync(replay.view, replay.viewer)
        after = self._stack_placements()
        self.moved = moved_between(before, after)
        places = [board.anchor(c) for c in self.moved]
        places += [at for c, at in zip(before, gone, strict=True) if c not in after]
        pan_to(self.camera, [p for p in places if p is not None])

    def _replay_event(self, event: pygame.event.Event) -> bool:
        """The replay on the board: step with the button, Right, Space or Enter; skip with the
        button or Escape. Nothing else reaches the board meanwhile."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._replay_step()
            elif event.key == pygame.K_ESCAPE:
                self._replay_skip()
            return True
        for button in list(self._replay_buttons):
            button.process_event(event)
        return True

    def _draw_replay(self, surface: pygame.Surface) -> None:
        """The board at the replay's position under the replaying side's view, and in the
        side panel's place the step's log lines and the buttons (the board stays clear)."""
        replay = self.replay
        assert replay is not None
        self.gameui.board.draw(surface, self.camera, None, self._highlights())
        side = self.handoff.side if self.handoff is not None else replay.viewer
        draw_replay_panel(surface, self.panel.rect, replay, self.side_name(side),
                          self._replay_buttons, self.app.scale)


def moved_between(before: Mapping[str, str], after: Mapping[str, str]) -> frozenset[str]:
    """Counters standing somewhere else, or new, in `after`."""
    return frozenset(cid for cid, loc in after.items() if before.get(cid) != loc)
