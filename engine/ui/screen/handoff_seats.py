"""Hot-seat at one screen (DESIGN.md §3, docs/hotseat.md): the black screen before a private
decision of another human side, the seat banner when the screen changes hands without it, and
the summary of what happened since a player last decided, with its replay on the board.
`engine.ui.hotseat` holds the rules of when; this part holds the screen's doing of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from engine.ui import hotseat
from engine.ui.handoff import (
    BoardReplay,
    Handoff,
    SeatBanner,
    draw_replay_panel,
    pan_to,
    setup_length,
)
from engine.ui.screen.local import LocalScreenParts
from engine.ui.widgets.button import Button


class ScreenHandoff(LocalScreenParts):
    """Whose screen it is in hot-seat, and what they are told when they take it."""

    def _handoff_due(self) -> str | None:
        """The human side the black screen must pass to now, if any (only with two or more
        humans): before a private decision of a side holding secrets that is not on screen."""
        player = self.deciding
        if len(self.humans) < 2 or player is None or player not in self.humans \
                or player == self.viewer:
            return None
        if self.pass_reactions and not hotseat.needs_black_screen(
                self.session.rules, self.session.state, player):
            return None
        return player

    def _take_screen(self) -> None:
        """Hot-seat: another human side's decision that needs no black screen is answered at
        once, on that side's own view when it holds no secrets, else on the public view."""
        player = self.deciding
        if not self.pass_reactions or len(self.humans) < 2 or player is None \
                or player not in self.humans or player == self.seat or self.handoff is not None:
            return
        rules, state = self.session.rules, self.session.state
        if hotseat.needs_black_screen(rules, state, player):
            return
        self.seat, self.viewer = player, hotseat.view_for(rules, state, player)
        self._unsummed = True
        self._close_popups()
        self.selection, self.highlight, self.choices = None, frozenset(), ()
        self.banner = SeatBanner(self.side_name(player), self._heading(player), self.app.now)

    def _since(self, side: str) -> int:
        """Where `side`'s summary starts: after its own last decision, past the set-up."""
        history = self.session.history
        if self._setup is None or self._setup > len(history):
            self._setup = setup_length(self.session)
        return hotseat.summary_start(history, side, self.notes, self._setup)

    def _summary(self, viewer: str | None, since: int) -> Callable[[], list[str]]:
        name = self._extra("place_name")

        def summary() -> list[str]:
            texts = [event.text for _, event in self.session.log(viewer, since=since)]
            return [str(name(t)) for t in texts] if name is not None else texts

        return summary

    def _heading(self, side: str) -> str:
        heading = self._extra("handoff_heading")
        return str(heading(side)) if heading is not None else ""

    def _start_handoff_if_due(self) -> None:
        side = self._handoff_due()
        if side is None or self.handoff is not None or self.animations:
            return
        self._start_handoff(side)

    def _own_view(self) -> None:
        """On the public view: the black screen, then the deciding player's own view."""
        if self.seat is not None and self.handoff is None:
            self._start_handoff(self.seat)

    def _start_handoff(self, side: str) -> None:
        since = self._since(side)
        self._close_popups()
        self.selection, self.highlight, self.choices = None, frozenset(), ()
        self.tooltip.hover(None, None)
        self.handoffs += 1
        self._unsummed = False
        self.handoff = Handoff(side, self.side_name(side), self._summary(side, since),
                               heading=self._heading(side), can_replay=True)
        self._handoff_since = since

    def show_since_last_turn(self) -> None:
        """Against the computer, or in hot-seat when the screen came without the black screen:
        the summary of what happened since the player at the screen last decided (on the
        view the screen shows: the public one, on the public view), with the replay on the
        board."""
        side = self.viewer if self.viewer is not None else self.seat
        if side is None:
            return
        since = self._since(side)
        self._unsummed = False
        self._close_popups()
        self.handoff = Handoff(side, self.side_name(side), self._summary(self.viewer, since),
                               heading=self._heading(side), pass_first=False,
                               can_replay=True, viewer=self.viewer)
        self._handoff_since = since

    def _others_acted(self) -> int:
        """Actions of other sides since the player at the screen last decided: against the
        computer, or in hot-seat when the screen came without the black screen and its
        summary."""
        side = self.viewer if self.viewer is not None else self.seat
        if side is None or (len(self.humans) > 1 and not self._unsummed):
            return 0
        return sum(1 for e in self.session.history[self._since(side):] if e.player != side)

    def _finish_handoff(self) -> None:
        assert self.handoff is not None
        self.seat, self.viewer = self.handoff.side, self.handoff.viewer
        self.handoff = None
        self.refresh()

    def _start_replay(self) -> None:
        assert self.handoff is not None
        name = self._extra("place_name")
        viewer = self.handoff.viewer
        self.replay = BoardReplay(self.session, viewer, self._handoff_since,
                                  (lambda text: str(name(text))) if name is not None else None)
        self._replay_buttons = [Button("Next step (→)", self._replay_step),
                                Button("Skip the replay (Esc)", self._replay_skip)]
        self._placements = None
        self._replay_camera = (self.camera.zoom, self.camera.offset)
        # the board starts where the player last saw it, so the first step's move shows too
        start = self.session.state_at(self._handoff_since)
        self.gameui.sync(self.session.rules.view(start, viewer), viewer)
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
        self.gameui.sync(self.session.rules.view(replay.state, replay.viewer), replay.viewer)
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
