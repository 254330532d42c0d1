"""The one rule for what cannot be undone, checked on the real game screen (issue 24, DESIGN.md
§8): at a position, every prompt button and every row of every menu a board click opens (a
click on a place or counter, and with a counter selected a click on each place it may go) is
tried with "confirm irreversible actions" on. A choice that passes the undo barrier when played
must have been marked "(no undo)" and asked about first; a marked one must ask.

One exception, recorded in docs/table.md: whether an answer passes the barrier may depend on
what the deciding side cannot see (in Filipinas a pass ends the turn, and its draws, only when
the other side holds no card to play). The screen marks such an answer as the side's own view
suggests (`engine.ui.irreversible`), so an unmarked answer that crosses the barrier is accepted
only when some position consistent with that side's view would not have crossed it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai.observation import determinizer
from engine.core.actions import Action
from engine.core.game import GamePlugin
from engine.core.sampling import copy_state
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.ui.adapter import Click
from engine.ui.game_scene import HINT_BUTTON, GameScene
from engine.ui.widgets.action_menu import NO_UNDO
from engine.ui.widgets.confirm import CONFIRM_TITLE
from uitest import make_app, start_game

Trigger = Callable[[], None]
NO_EFFECT = "This event has no effect now"
"""How the question before a card played for nothing begins (engine/ui/widgets/no_effect.py)."""


@dataclass
class Walk:
    """What was tried: every choice's text with whether it asked and whether it crossed."""

    scene: GameScene
    tried: list[tuple[str, str, bool, bool]] = field(default_factory=list)
    """(where: "button" or "menu", text, asked, crossed the barrier)."""
    hidden: list[str] = field(default_factory=list)
    """Unmarked choices that crossed the barrier only because of what their side cannot see."""
    failures: list[str] = field(default_factory=list)

    def asked(self, where: str) -> list[str]:
        return [text for w, text, asked, _ in self.tried if w == where and asked]

    # --- one position ---------------------------------------------------------------------

    def position(self, targets: Sequence[str], rng: random.Random, aims: int = 4) -> None:
        """Try every prompt button, and the menus of a click on each of `targets` (with each
        selection they make, a click on up to `aims` of its marked places)."""
        scene = self.scene
        self._restore(len(scene.session.history))
        for text, trigger in self._buttons():
            self._try("button", text, trigger)
        for target in targets:
            for text, trigger, where in self._clicks(target, rng, aims):
                self._try(where, text, trigger)

    def _buttons(self) -> list[tuple[str, Trigger]]:
        prompt = self.scene.prompt
        return [(b.text, b.on_click) for b in prompt.buttons
                if b.on_click is not None and not b.text.startswith(("Since your last turn",
                                                                     "Show the ", HINT_BUTTON))]

    def _clicks(self, target: str, rng: random.Random,
                aims: int) -> list[tuple[str, Trigger, str]]:
        """The choices a click on `target` offers: its menu's live rows, the buttons of a
        "Which one?" question, a board action played at once; for a click that selects, the
        buttons the side panel then lists and the same for a click on some of its marked
        places."""
        scene = self.scene
        found = self._offered([target])
        click = self._click([target])
        if click.select is not None:
            # the side panel lists what the selection may do (Filipinas' "Attack … — 1 AP")
            found += [(text, self._press([target], text), "button")
                      for text, _ in self._buttons() if text != "Cancel"]
            marked = sorted(click.highlight)
            for aim in rng.sample(marked, min(aims, len(marked))):
                found += self._offered([target, aim])
        self._restore(len(scene.session.history))
        return found

    def _click(self, path: Sequence[str], play: bool = False) -> Click:
        """Click the targets of `path` one after the other (each but the last only selects or
        opens something; the last plays its action only when `play`); what the last one
        means."""
        scene = self.scene
        self._restore(len(scene.session.history))
        click = Click()
        for n, target in enumerate(path, 1):
            click = scene.gameui.on_click(target, scene.selection,
                                          scene.session.legal_actions())
            if n < len(path) or play or click.action is None:
                scene.apply_click(click)
        return click

    def _offered(self, path: Sequence[str]) -> list[tuple[str, Trigger, str]]:
        """The choices the last click of `path` offers."""
        scene = self.scene
        click = self._click(path)
        if click.menu:
            assert scene.menu is not None
            return [(row.text, self._row(path, row.text), "menu") for row in scene.menu.rows
                    if row.callback is not None]
        if click.action is not None:
            return [("", lambda: self._click(path, play=True) and None, "menu")]
        if click.choices:
            return [(text, self._press(path, text), "button") for text, _ in self._buttons()
                    if text != "Cancel"]
        return []

    def _row(self, path: Sequence[str], text: str) -> Trigger:
        """Click along `path`, then choose the menu row `text`."""
        def run() -> None:
            self._click(path)
            menu = self.scene.menu
            assert menu is not None
            row = next(r for r in menu.rows if r.text == text)
            assert row.callback is not None
            row.callback()
        return run

    def _press(self, path: Sequence[str], text: str) -> Trigger:
        """Click along `path`, then press the prompt button `text`."""
        def run() -> None:
            self._click(path)
            button = next(b for b in self.scene.prompt.buttons if b.text == text)
            assert button.on_click is not None
            button.on_click()
        return run

    # --- one choice -----------------------------------------------------------------------

    def _try(self, where: str, text: str, trigger: Trigger) -> None:
        scene = self.scene
        session = scene.session
        n = len(session.history)
        before = copy_state(session.state)
        side = session.decision.player
        scene.app.settings.confirm_irreversible = True
        trigger()
        if scene.menu is not None and len(session.history) == n:
            # a board click the screen would not play at once: its one-row menu
            rows = [r for r in scene.menu.rows if r.callback is not None]
            assert len(rows) == 1, [r.text for r in scene.menu.rows]
            text = rows[0].text
            rows[0].callback()
        dialog = scene.dialog
        # the one question is the undo barrier's, or for a card played for nothing the
        # no-effect one, which says too that undo stops there
        asked = dialog is not None and (dialog.title == CONFIRM_TITLE
                                        or dialog.title.startswith(NO_EFFECT))
        if asked:
            assert dialog is not None and len(session.history) == n, text
            press = dialog.buttons[0].on_click  # "Do it"
            assert press is not None
            press()
        crossed = len(session.history) > n and session.history[n].barrier
        action = session.history[n].action if len(session.history) > n else None
        marked = text.endswith(NO_UNDO)
        self.tried.append((where, text, asked, crossed))
        if marked != asked:
            self.failures.append(f"{text!r}: marked {marked}, asked {asked}")
        if crossed and not asked:
            assert action is not None and side is not None
            if self._hidden(before, side, action):
                self.hidden.append(text)
            else:
                self.failures.append(f"{text or action!r} crossed the undo barrier unasked")
        self._restore(n)

    def _hidden(self, state: object, side: str, action: Action) -> bool:
        """Whether `action` would not have crossed the barrier in some position consistent
        with what `side` sees."""
        rules = self.scene.session.rules
        for k in range(6):
            sample = determinizer(rules)(state, side, random.Random(k))
            try:
                events = rules.apply(sample, action)
            except Exception:  # noqa: BLE001 - not an answer there: that position differs
                return True
            if not any(e.barrier for e in events):
                return True
        return False

    def _restore(self, n: int) -> None:
        """Back to the position after `n` actions, on the deciding side's own screen."""
        scene = self.scene
        session = scene.session
        if len(session.history) != n:
            session.rewind(n)
        scene.dialog = None
        scene.menu = None
        scene.handoff = None
        scene.animations.clear()
        scene.viewer = scene.seat = session.decision.player
        scene.clear_selection()


def board_targets(scene: GameScene) -> list[str]:
    """The places the board marks for the decision now and the counters on it."""
    board = scene.gameui.board
    stacks = getattr(board, "stacks", None)
    return sorted(getattr(board, "marks", None) or ()) + \
        sorted(stacks.placements() if stacks is not None else ())


def walk_game(scene: GameScene, seed: int, positions: int, every: int = 3, targets: int = 10,
              candidates: Callable[[GameScene], Sequence[str]] = board_targets,
              skip: Callable[[Action], bool] = lambda action: False) -> Walk:
    """Seeded random play from the scene's position (never an answer `skip` rules out while
    another exists), walking a position (its buttons, and the clicks on up to `targets` of its
    `candidates`) after 1 to `every` actions: at once at a kind of decision walked fewer than
    three times, else after `every` actions."""
    rng = random.Random(seed)
    walk = Walk(scene)
    session = scene.session
    kinds: Counter[str] = Counter()
    for _ in range(positions):
        for _step in range(every):
            if session.result() is not None:
                return walk
            legal = session.legal_actions()
            session.play(rng.choice([a for a in legal if not skip(a)] or legal))
            if kinds[session.decision.kind] < 3:
                break
        kinds[session.decision.kind] += 1
        walk._restore(len(session.history))
        found = list(dict.fromkeys(candidates(scene)))
        walk.position(rng.sample(found, min(targets, len(found))), rng)
    return walk


def walk_new_game(plugin: GamePlugin, seed: int, **kwargs: Any) -> Walk:
    """`walk_game` over a new hot-seat game of `plugin` (every side at this screen, no
    reaction window answered by itself) on a 1600x1000 window."""
    app = make_app((1600, 1000))
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    scene = start_game(app, plugin, session, {s: "human" for s in plugin.sides},
                       autosave=False)
    scene.pass_reactions = False
    return walk_game(scene, seed, **kwargs)
