"""What the parts of the local game screen share of it: the screen's state (attributes set in
`GameScene.__init__`) and the methods one part calls in another, declared once so each part
is checked against the same contract."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from engine.ai.agent import Agent
from engine.core.actions import Action
from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.ui import computer
from engine.ui.autosave import Autosaver
from engine.ui.dice_anim import DiceAnimation
from engine.ui.handoff import BoardReplay, Handoff, SeatBanner
from engine.ui.screen.since_last_turn import SinceLastTurn
from engine.ui.screen.table_aids import TableAids
from engine.ui.widgets.button import Button
from engine.ui.widgets.log_view import LogLine
from engine.ui.widgets.prompt import Prompt
from engine.ui.widgets.tooltip import Tooltip

if TYPE_CHECKING:
    from engine.ai.reasons import GameReasons
    from engine.ui.widgets.dialog import Dialog


class LocalScreenParts(SinceLastTurn, TableAids):
    """The state and calls the local screen's parts share (no behaviour of its own)."""

    plugin: GamePlugin
    session: Session
    players: dict[str, str]
    agents: dict[str, Agent]
    humans: list[str]
    viewer: str | None
    seat: str | None
    still: bool
    autosave: bool
    autosaver: Autosaver
    _save_problem: str
    prompt: Prompt
    tooltip: Tooltip
    handoff: Handoff | None
    handoffs: int
    pass_reactions: bool
    _unsummed: bool
    replay: BoardReplay | None
    banner: SeatBanner | None
    moved: frozenset[str]
    notes: dict[int, str]
    reasons: dict[int, LogLine]
    advisor: computer.Advisor
    _hint_shown: str
    overlays_on: dict[str, bool]
    animations: deque[DiceAnimation]
    ai_delay: float
    _ai_wait: float
    watch_paused: bool
    _watch_step: bool
    watch_speed: int
    _thinker: ThreadPoolExecutor | None
    _thought: Future[Action] | None
    _think_started: float
    _think_shown: str
    _placements: dict[str, str] | None
    _replay_buttons: list[Button]
    _replay_camera: tuple[float, tuple[float, float]] | None
    _handoff_since: int
    _setup: int | None
    dirty: bool
    dialog: Dialog | None

    if TYPE_CHECKING:
        @property
        def deciding(self) -> str | None: ...
        @property
        def watching(self) -> bool: ...
        @property
        def _game_reasons(self) -> GameReasons | None: ...
        def side_name(self, side: str | None) -> str: ...
        def _layout_panel(self) -> None: ...
        def _set_prompt(self) -> None: ...
        def _settle(self) -> None: ...
        def _stack_placements(self) -> dict[str, str]: ...
        def save(self) -> object: ...
        def leave(self, then: Callable[[], None], *, quitting: bool = False) -> None: ...
