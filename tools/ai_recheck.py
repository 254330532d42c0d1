"""Play a saved decision's answers again, in pairs, to see what each is worth (docs/ai.md,
"Blunders"): the check of a blunder `wargames ai-check` listed, with more pairs or another
horizon.

    python tools/ai_recheck.py baler SAVE.json --pairs 40 --horizon 0 \
        "Move (command) ph-tecson ph-cmd-us-support" \
        "Move (command) ph-villacorta ph-cmd-military"

The save reopens the decision; each answer named (as the legal answers describe themselves, the
first is the reference) is played `--pairs` times from positions drawn from the deciding side's
observation, the heuristics playing every side, with the same draws for every answer, to the
end (`--horizon 0`) or for that many actions and the game's evaluation. Prints each answer's
value and its paired difference with the first, with standard errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine import plugins
from engine.ai.blunders import (
    ORACLES,
    Oracle,
    OracleSettings,
    heuristics,
    load_ref,
    mean_and_error,
)
from engine.ai.observation import observe
from engine.core.actions import Action
from engine.core.game import GamePlugin
from engine.loading import load_saved_game


def saved_decision(plugin: GamePlugin, save: str, answers: list[str],
                   parser: argparse.ArgumentParser
                   ) -> tuple[Any, list[Action], dict[str, Action]]:
    """The state of a saved decision, its legal answers and those answers by how they describe
    themselves; `parser` refuses (one line, no traceback) any of `answers` not among them."""
    state = load_saved_game(Path(save), {plugin.id: plugin}).session.state
    legal: list[Action] = plugin.rules.legal_actions(state)
    named = {a.describe(): a for a in legal}
    missing = [text for text in answers if text not in named]
    if missing:
        parser.error(f"not legal here: {', '.join(missing)}")
    return state, legal, named


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=plugins.available())
    parser.add_argument("save")
    parser.add_argument("answers", nargs="+", help="answers as they describe themselves")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--horizon", type=int, default=0, help="0: to the end of the game")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    plugin = plugins.get(args.game)
    state, legal, named = saved_decision(plugin, args.save, args.answers, parser)
    evaluate, _, _ = ORACLES.get(plugin.id, ("", None, None))
    oracle = Oracle(heuristics(plugin), load_ref(evaluate) if evaluate else None,
                    OracleSettings(horizon=args.horizon or None))
    observation = observe(plugin.rules, state, legal)
    rows = [[oracle.play(observation, named[text], args.seed + k) for k in range(args.pairs)]
            for text in args.answers]
    for text, row in zip(args.answers, rows, strict=True):
        value, error = mean_and_error(row)
        gap, gap_error = mean_and_error([b - a for a, b in zip(rows[0], row, strict=True)])
        print(f"{text}: {value:.2f} ± {error:.2f}; against the first {gap:+.2f} ± "
              f"{gap_error:.2f} ({args.pairs} pairs, horizon {args.horizon or 'the end'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
