"""The computer's sides on the local screen: each thinks on a worker thread over a copy of the
state (the window keeps drawing), plays after a pause a person can follow, and tells its reason
in the log before the action's results, in the game's words (`engine.ui.computer`). When the
computer plays every side the screen watches: pause, one move at a time, speed, take over."""

from __future__ import annotations

import copy
import functools
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from engine.core.actions import Action
from engine.ui import computer
from engine.ui.screen.local import LocalScreenParts
from engine.ui.widgets.log_view import LogLine
from engine.ui.widgets.prompt import Option

if TYPE_CHECKING:
    from engine.ai.reasons import GameReasons

AI_PAUSE = {0: 0.15, 1: 0.6, 2: 0.3}
"""Seconds a computer side waits before acting, by dice speed, so a person can follow."""
WATCH_SPEEDS = (("Slow", 2.0), ("Normal", 0.6), ("Fast", 0.15), ("Fastest", 0.0))
"""Computer against computer: the pause between two moves at each watching speed (seconds)."""


def is_computer(kind: str | None) -> bool:
    """Whether a `players` entry is a computer seat: "computer" or "computer:LEVEL"."""
    return kind is not None and (kind == "computer" or kind.startswith("computer:"))


class ComputerSeats(LocalScreenParts):
    """The sides the computer plays at this screen."""

    @functools.cached_property
    def _game_reasons(self) -> GameReasons | None:
        """The game's words for its computer's moves, loaded with the first move told: their
        module comes with the game's agents, which the first frame does not wait for."""
        return computer.game_reasons(self.plugin)

    @property
    def watching(self) -> bool:
        """Every side is played by the computer and the game goes on: the screen only watches."""
        return not self.humans and not self.still and self.session.result() is None

    def _watch_options(self) -> list[Option]:
        speed = WATCH_SPEEDS[self.watch_speed][0]
        options: list[Option] = [
            ("Resume (Space)" if self.watch_paused else "Pause (Space)", self.toggle_watch_pause),
        ]
        if self.watch_paused:
            options.append(("Play the next move (N)", self.watch_step))
        options.append((f"Speed: {speed}. Slower ( , )", lambda: self.set_watch_speed(-1)))
        options.append((f"Speed: {speed}. Faster ( . )", lambda: self.set_watch_speed(1)))
        for side in self.plugin.sides:
            if is_computer(self.players.get(side)):  # not a seat left empty
                options.append((f"Take over the {self.side_name(side)} side",
                                functools.partial(self.take_over, side)))
        return options

    def _watch_note(self) -> str:
        state = "" if self.watch_paused else "The computer plays every side. "
        return f"{state}Taking over a side turns this into a normal game from here."

    def toggle_watch_pause(self) -> None:
        """Space while watching: hold the computer's moves, or let them go on."""
        self.watch_paused = not self.watch_paused
        self._watch_step = False
        self._think_shown = ""
        self._set_prompt()
        self._layout_panel()
        self.dirty = True

    def watch_step(self) -> None:
        """N while paused: the computer plays one move, then waits again."""
        if self.watch_paused:
            self._watch_step = True
            self._ai_wait = self.ai_delay

    def set_watch_speed(self, change: int) -> None:
        """Comma and full stop while watching: a longer or a shorter pause between moves."""
        self.watch_speed = max(0, min(len(WATCH_SPEEDS) - 1, self.watch_speed + change))
        self.ai_delay = WATCH_SPEEDS[self.watch_speed][1]
        self._think_shown = ""
        self._set_prompt()
        self._layout_panel()
        self.dirty = True

    def take_over(self, side: str) -> None:
        """Stop watching: `side` is played at this screen from the current position on (its
        computer's thinking is dropped); the other sides stay with the computer."""
        if side not in self.plugin.sides or not is_computer(self.players.get(side)):
            return
        if self._thought is not None and self.deciding == side:
            self._thought.cancel()
            self._thought, self._ai_wait, self._think_shown = None, 0.0, ""
        self.players[side] = "human"
        self.agents.pop(side, None)
        self.humans = [s for s in self.plugin.sides if self.players[s] == "human"]
        self.viewer = self.seat = side
        self.watch_paused = False
        self._watch_step = False
        self.app.toast(f"You play the {self.side_name(side)} side from here.")
        self.refresh()

    def _watch_held(self) -> bool:
        """The computer waits: watching, paused, and no single move asked for."""
        return self.watching and self.watch_paused and not self._watch_step

    def _computer_turn(self, player: str, dt: float) -> None:
        """Let the computer side think (in the background), then play its choice after a pause
        long enough for a person to follow; the prompt counts the seconds it thinks, the log
        gives its reason when the agent has one, and the board marks what it moved."""
        if self._thought is None:
            legal = self.session.legal_actions()
            if not legal:
                return
            if self._thinker is None:
                self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent")
            state = copy.deepcopy(self.session.state)
            self._think_started = time.monotonic()
            self._thought = self._thinker.submit(
                self.agents[player].choose, self.session.rules, state, legal)
        self._ai_wait += dt
        held = self._watch_held()
        if not self._thought.done() or held:
            shown = f"{self.side_name(player)} (computer) to move: paused." if held else \
                f"{self.side_name(player)} (computer) is thinking… " \
                f"{time.monotonic() - self._think_started:.1f} s"
            if shown != self._think_shown:
                self._think_shown = shown
                width, scale = self.prompt.rect.width, self.app.scale
                before = ([b.text for b in self.prompt.buttons],
                          self.prompt.preferred_height(width, scale))
                if self.watching:
                    self.prompt.set(shown, self._watch_options(), self._watch_note())
                else:
                    self.prompt.set(shown, [], "")
                after = ([b.text for b in self.prompt.buttons],
                         self.prompt.preferred_height(width, scale))
                if after != before:  # new buttons, or the text takes another line: no cut
                    self._layout_panel()
                self.dirty = True
            return
        if self._ai_wait < self.ai_delay:
            return
        self._watch_step = False
        thought, self._thought, self._ai_wait = self._thought, None, 0.0
        self._think_shown = ""
        action = thought.result()
        self._tell(player, action)
        self._placements = self._stack_placements()
        if not self.play(action):
            self._placements = None

    def _tell(self, player: str, action: Action) -> None:
        """The computer's reason for `action` in the log, before its results, in the game's
        words (engine.ui.computer); nothing when its level only says that a lone answer or
        chance chose it (the log already says what was done)."""
        agent = self.agents[player]
        if computer.trivial(agent):
            return
        asked = computer.asked_of(self.session.rules, self.session.state, player, action,
                                  agent, self.gameui.action_label,
                                  computer.level_of(self.plugin, self.players.get(player)))
        told = computer.tell_move(self._game_reasons, asked)
        if told.line:
            self.reasons[len(self.session.history)] = LogLine(
                f"{self.side_name(player)}: {told.line}", "reason", told.detail)
