"""Count hot-seat hand-offs per game turn, headless, through the real game screen.

Every side is human; a seeded random player answers each decision through `GameScene.play`
(the same path a click takes), and every hand-off screen is clicked through. Two screens are
compared on the very same games:

- "before": the screen without its hand-off economies (`GameScene(pass_reactions=False)`): the
  black hand-off screen at every change of deciding side, every decision asked.
- "after": the screen as it is (`engine.ui.hotseat`): windows without a usable answer and
  another side's decisions with a single answer played by the screen, the black screen only
  before a private decision of a side holding secrets, other decisions answered on the public
  view.

The games are the same because the random player never depends on the screen: where the
"after" screen would answer by itself (a single possible answer, a reaction window with nothing
usable), the player gives that same answer without drawing a random number; elsewhere it draws
among the legal answers, in a reaction window among the default and the usable answers only (a
person does not reroll a die already at its best face). With `--pass` every player has "pass my
reaction windows when I have nothing better than the default" on, and declines the windows that
setting passes, before and after alike.

Per game and screen: black hand-off screens, changes of the player at the screen (with or
without the black screen), decisions the screen answered itself, turns and actions (the same
in both screens), and black screens per turn. `--kinds` lists the decisions the black screens
(and the changes without one) were for; "°" marks a decision the rules do not mark private.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/count_handoffs.py [--games baler,...]
        [--seeds 3] [--actions 400] [--pass] [--kinds]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.ai.agent import without_concessions  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402
from engine.plugins import discover  # noqa: E402
from engine.ui import hotseat  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.game_scene import GameScene  # noqa: E402

SCREENS = ("before", "after")


@dataclass(slots=True)
class Count:
    handoffs: int = 0
    """Black hand-off screens shown."""
    changes: int = 0
    """Changes of the player at the screen, with or without the black screen."""
    automatic: int = 0
    """Decisions the screen answered by itself."""
    turns: int = 0
    actions: int = 0
    black: Counter[str] = field(default_factory=Counter)
    public: Counter[str] = field(default_factory=Counter)

    @property
    def per_turn(self) -> float:
        return self.handoffs / max(1, self.turns)

    def add(self, other: Count) -> None:
        self.handoffs += other.handoffs
        self.changes += other.changes
        self.automatic += other.automatic
        self.turns += other.turns
        self.actions += other.actions
        self.black.update(other.black)
        self.public.update(other.public)


def choose(rules: Any, state: Any, legal: list[Action], rng: random.Random,
           pass_setting: bool) -> Action:
    """The random player: the answer the "after" screen would give by itself where it gives
    one, else a random legal answer (in a reaction window the default or a usable answer)."""
    options = without_concessions(legal)
    if len(options) == 1:
        return options[0]
    default = hotseat.reaction_default(rules, state, legal)
    if default is not None:
        auto = hotseat.auto_answer(rules, state, legal, away=False, pass_setting=pass_setting)
        if auto is not None:
            return auto.action
        options = [default, *hotseat.usable_reactions(rules, state, legal, default)]
    return options[rng.randrange(len(options))]


def _kind(session: Session) -> str:
    decision = session.decision
    return decision.kind + ("" if decision.private else "°")


def run(game: str, seed: int, screen: str, max_actions: int, pass_setting: bool) -> Count:
    """One seeded random hot-seat game of `game` for up to `max_actions` actions."""
    plugin = discover()[game]
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    app = App((1280, 800), audio=False)
    try:
        app.settings.dice_speed = 0
        app.settings.confirm_irreversible = False
        app.settings.auto_pass_reactions = pass_setting
        players = dict.fromkeys(plugin.sides, "human")
        scene = GameScene(app, plugin, session, players, autosave=False,
                          pass_reactions=screen == "after")
        app.push(scene)
        rng = random.Random(seed)
        count = Count()
        start_turn = session.state.turn
        seat = None
        while len(session.history) < max_actions and session.result() is None:
            black = scene.handoff is not None
            if black:
                count.black[_kind(session)] += 1
            while scene.handoff is not None:
                scene.handoff.advance()
                if scene.handoff.done:
                    scene._finish_handoff()
            if scene.seat != seat:
                count.changes += 1
                if not black:
                    count.public[_kind(session)] += 1
                seat = scene.seat
            legal = session.legal_actions()
            if not legal:
                break
            scene.play(choose(plugin.rules, session.state, legal, rng, pass_setting))
        count.handoffs = scene.handoffs
        count.automatic = len(scene.notes)
        count.actions = len(session.history)
        count.turns = max(1, session.state.turn - start_turn)
        return count
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--pass", dest="pass_setting", action="store_true",
                        help="every player has \"pass my reaction windows\" on")
    parser.add_argument("--kinds", action="store_true",
                        help="also list the decisions the black screens (and the changes "
                             "without one) were for; ° marks a decision not marked private")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or list(discover())
    pygame.init()
    print("| game | screen | black hand-off screens | changes of player | answered by the "
          "screen | turns | actions | black screens per turn |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game in games:
        for screen in SCREENS:
            total = Count()
            for seed in range(1, args.seeds + 1):
                total.add(run(game, seed, screen, args.actions, args.pass_setting))
            print(f"| {game} | {screen} | {total.handoffs} | {total.changes} | "
                  f"{total.automatic} | {total.turns} | {total.actions} | "
                  f"{total.per_turn:.1f} |", flush=True)
            if args.kinds:
                for label, kinds in (("black screens for", total.black),
                                     ("changes without one for", total.public)):
                    if kinds:
                        listed = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
                        print(f"|  | {label} | {listed} |  |  |  |  |  |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
