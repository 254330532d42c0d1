"""Play one side of a game against the computer through the game screen, by clicks, and write
the log with the computer's reasons, to read its moves for wasted ones (docs/ai.md, "Played
against Normal").

    python tools/click_against.py baler americans_1899.yaml spanish --seed 3 --out game.log
    python tools/click_against.py guerra ebro_1938.yaml republican --level normal --seed 5

The side played here answers every decision at random among what the screen offers, as a
newcomer clicking would: a prompt button (never Surrender, the hint or the summary), or an
answer on the board played through the screen's own menu path; a question ("This cannot be
undone", "Play it anyway?", the game's options) is answered by its first button. Every other
side is the computer at `--level`. The events are posted to the window (the dummy video driver
needs no display); the game's log for the side played here, with the computer's reasons before
the moves they explain, goes to `--out`.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = ("Since your", "What would", "Say ", "Surrender", "Show the")
ANSWERS = ("Do it", "Play it anyway", "Start", "Continue", "OK", "Look at the board")
DT = 1 / 30


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("scenario", help="a scenario file of the game, e.g. americans_1899.yaml")
    parser.add_argument("side", help="the side played by clicks")
    parser.add_argument("--level", default="normal", help="the computer's level (default normal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=15.0, help="stop after this long")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))

    import pygame

    from engine import plugins
    from engine.core.session import Session
    from engine.loading import load_game_scenario
    from engine.ui.adapter import MenuItem
    from engine.ui.app import App
    from engine.ui.game_scene import GameScene

    plugin = plugins.get(args.game)
    if args.side not in plugin.sides:
        parser.error(f"{args.game} has the sides {', '.join(plugin.sides)}")
    scenario = load_game_scenario(plugin, ROOT / "scenarios" / args.game / args.scenario)
    session = Session(plugin.rules, scenario, args.seed)
    app = App((1600, 1000), audio=False)
    app.settings.dice_speed = 0
    app.settings.confirm_irreversible = True
    players = {s: "human" if s == args.side else f"computer:{args.level}" for s in plugin.sides}
    scene = GameScene(app, plugin, session, players, autosave=False)
    app.push(scene)
    rng = random.Random(args.seed)

    def click(pos: tuple[int, int]) -> None:
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION \
                else {"button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        app.step(0.7)  # past the click guard's moment (engine.ui.clickguard)

    start, clicks = time.monotonic(), 0
    while session.result() is None and time.monotonic() - start < args.minutes * 60:
        app.step(DT)
        if scene.dialog is not None:
            buttons = {b.text: b for b in scene.dialog.buttons}
            want = next((name for name in ANSWERS if name in buttons), None)
            if want is None:
                scene.dialog = None
            else:
                click(buttons[want].rect.center)
                clicks += 1
            continue
        if scene.handoff is not None:
            scene.handoff.stage = "done"
            scene._finish_handoff()
            continue
        if not scene._my_turn():
            time.sleep(0.01)  # the computer thinks on its own thread
            continue
        buttons_now = [b for b in scene.prompt.buttons if not b.text.startswith(SKIPPED)]
        legal = scene._legal()
        on_board = set(scene.gameui.board_actions(legal))
        if buttons_now and (not on_board or rng.random() < 0.5):
            click(rng.choice(buttons_now).rect.center)
        elif legal:
            action = rng.choice(legal)
            scene.ask_then_play(MenuItem(scene.gameui.action_label(action), action))
        clicks += 1
    scene.close()
    lines = [f"{args.game} {args.scenario}, {args.side} by clicks against {args.level}, "
             f"seed {args.seed}: {session.result()}",
             f"{clicks} clicks, {len(session.history)} actions, "
             f"{time.monotonic() - start:.0f} s", ""]
    for index, entry in enumerate(session.history):
        reason = scene.reasons.get(index)
        if reason is not None:
            lines.append(f"  [reason] {reason.text}")
        lines.extend(f"{entry.player or '-'}: {event.text}" for event in entry.events
                     if event.visible(args.side))
    text = "\n".join(lines) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"{args.out}: {session.result()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
