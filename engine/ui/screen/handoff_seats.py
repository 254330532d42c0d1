"""Hot-seat at one screen (DESIGN.md §3, docs/hotseat.md): the black screen before a private
decision of another human side, with the summary of what happened since that side last decided
(`engine.ui.screen.since_last_turn` shows it and its replay), and the seat banner when the
screen changes hands without it. `engine.ui.hotseat` holds the rules of when; this part holds
the screen's doing of it."""

from __future__ import annotations

from engine.ui import hotseat
from engine.ui.handoff import Handoff, SeatBanner, setup_length
from engine.ui.screen.local import LocalScreenParts


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
        self._unsummed = False
        self.open_summary(side, self.viewer, self._since(side), self._heading(side))

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
