"""Count hot-seat hand-offs per game turn, headless, through the real game screen.

Every side is human; a seeded random player answers each decision through `GameScene.play`
(the same path a click takes), and every hand-off screen is clicked through. The figure is the
number of hand-off screens shown divided by the number of game turns completed. Three runs per
game: without the engine's reaction-window handling (the screen before it), with it (a window
whose only answer is the rules' `reaction_default` passes by itself), and with the setting "pass
my reaction windows" on as well.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/count_handoffs.py [--games baler,...]
        [--seeds 3] [--actions 600]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.ai.agent import without_concessions  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402
from engine.plugins import discover  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.game_scene import GameScene  # noqa: E402

MODES = ("before", "after", "after+pass")


@dataclass(slots=True)
class Count:
    handoffs: int = 0
    turns: int = 0
    actions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    """Hand-offs by the kind of decision they were for ("°": a decision not marked private)."""

    @property
    def per_turn(self) -> float:
        return self.handoffs / max(1, self.turns)


def run(game: str, seed: int, mode: str, max_actions: int) -> Count:
    """One seeded random hot-seat game of `game` for up to `max_actions` actions."""
    plugin = discover()[game]
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    app = App((1280, 800), audio=False)
    try:
        app.settings.dice_speed = 0
        app.settings.confirm_irreversible = False
        app.settings.auto_pass_reactions = mode == "after+pass"
        players = dict.fromkeys(plugin.sides, "human")
        scene = GameScene(app, plugin, session, players, autosave=False,
                          pass_reactions=mode != "before")
        app.push(scene)
        rng = random.Random(seed)
        count = Count()
        start_turn = session.state.turn
        while count.actions < max_actions and session.result() is None:
            if scene.handoff is not None:
                decision = session.decision
                count.kinds[decision.kind + ("" if decision.private else "°")] += 1
            while scene.handoff is not None:
                scene.handoff.advance()
                if scene.handoff.done:
                    scene._finish_handoff()
            legal = session.legal_actions()
            if not legal:
                break
            options = without_concessions(legal)
            scene.play(options[rng.randrange(len(options))])
            count.actions += 1
        count.handoffs = scene.handoffs
        count.turns = max(1, session.state.turn - start_turn)
        return count
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--kinds", action="store_true",
                        help="also list the decisions the hand-offs were for (° marks a "
                             "decision the rules do not mark private)")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or list(discover())
    pygame.init()
    print("| game | mode | hand-offs | turns | actions | hand-offs per turn |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game in games:
        for mode in MODES:
            total = Count()
            for seed in range(1, args.seeds + 1):
                one = run(game, seed, mode, args.actions)
                total.handoffs += one.handoffs
                total.turns += one.turns
                total.actions += one.actions
                total.kinds.update(one.kinds)
            print(f"| {game} | {mode} | {total.handoffs} | {total.turns} | {total.actions} | "
                  f"{total.per_turn:.1f} |", flush=True)
            if args.kinds:
                listed = ", ".join(f"{k} {n}" for k, n in total.kinds.most_common())
                print(f"|  | for | {listed} |  |  |  |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
