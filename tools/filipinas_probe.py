"""Filipinas computer-against-computer games measured against the 9.1 worked example (turn 4
opens with Spain at 6 AP, the Filipino at 4, Spanish Morale 4): who wins, the median AP and
Morale when turn 4 opens, and the plunders of each turn (docs/balance/filipinas.md).

    python tools/filipinas_probe.py [MANIFEST] [--games N]

MANIFEST defaults to the standard scenario; a copy with one number changed shows what that
number does.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from engine import plugins
from engine.core.actions import Action
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.sim import make_agent, play_to_end


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", nargs="?")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    plugin = plugins.get("filipinas")
    scenario = load_game_scenario(plugin, Path(args.manifest) if args.manifest else None)
    winners: Counter[str | None] = Counter()
    plunders: Counter[int] = Counter()
    turn4: list[tuple[dict[str, int], int]] = []
    for seed in range(1, args.games + 1):
        agents = {side: make_agent(plugin, "ai", side, seed) for side in plugin.sides}
        session = Session(plugin.rules, scenario, seed)
        opened: dict[int, tuple[dict[str, int], int]] = {}

        def watch(played: Session, side: str, action: Action,
                  opened: dict[int, tuple[dict[str, int], int]] = opened) -> None:
            state: Any = played.state
            opened.setdefault(state.turn, (dict(state.ap), state.morale))
            if type(action).__name__ == "Plunder":
                plunders[state.turn] += 1

        play_to_end(session, agents, watch=watch)
        result = session.result()
        winners[result.winner if result else None] += 1
        if 4 in opened:
            turn4.append(opened[4])
    print(f"games {args.games}, wins {dict(winners)}")
    if turn4:
        print(f"turn 4 opens in {len(turn4)} games: median AP Spain "
              f"{statistics.median(ap['spain'] for ap, _ in turn4)}, Filipino "
              f"{statistics.median(ap['filipino'] for ap, _ in turn4)}; median Spanish Morale "
              f"{statistics.median(m for _, m in turn4)} (9.1 example: 6, 4, Morale 4)")
    print(f"plunders by turn: {dict(sorted(plunders.items()))}")


if __name__ == "__main__":
    main()
