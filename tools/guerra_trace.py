"""What two answers of a saved Guerra decision lead to, turn by turn (docs/ai.md, "Blunders"):

    python tools/guerra_trace.py SAVE.json N-A08 "Move to (24,6)" "Move to (20,7)" \
        --seeds 7000-7029 --turns 4

Each answer is played from the same positions drawn from the deciding side's observation, the
heuristics playing every side with the same seeds, as `tools/ai_recheck.py` plays them. At the
start of every turn after the decision's it prints the provinces each side owns and whether the
counter named is still on the map, one line a seed, then the means over the seeds: where
`ai_recheck.py` tells which answer wins more, this tells when and how the two plays part.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_recheck import saved_decision  # noqa: E402
from ai_switch_check import seeds_of  # noqa: E402

from engine import plugins  # noqa: E402
from engine.ai.blunders import MAX_ACTIONS, heuristics  # noqa: E402
from engine.ai.observation import observe  # noqa: E402
from engine.ai.policy import Policy  # noqa: E402
from engine.ai.tree import play_on  # noqa: E402
from guerra.rules.data import Side  # noqa: E402
from guerra.rules.state import GuerraState  # noqa: E402

Row = tuple[int, int, int, bool]
"""A turn, the provinces the Nationalists and the Republicans own at its start, and whether the
counter named is still on the map."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("save")
    parser.add_argument("unit", help="the counter to follow, such as N-A08")
    parser.add_argument("answers", nargs=2, help="two answers as they describe themselves")
    parser.add_argument("--seeds", default="1000-1029", help="FIRST-LAST or 3,5,8")
    parser.add_argument("--turns", type=int, default=4, help="turns to follow")
    args = parser.parse_args(argv)
    plugin = plugins.get("guerra")
    rules = plugin.rules
    state, legal, named = saved_decision(plugin, args.save, args.answers, parser)
    if args.unit not in state.units:
        parser.error(f"no counter {args.unit} in this game")
    observation = observe(rules, state, legal)
    factory = heuristics(plugin)
    last = state.turn + args.turns

    def play(text: str, seed: int) -> list[Row]:
        drawn: GuerraState = observation.sample(random.Random(seed))
        rules.apply(drawn, named[text])
        policies: dict[str, Policy] = {}

        def policy_of(player: str) -> Policy:
            if player not in policies:
                policies[player] = factory(player, seed)
            return policies[player]

        rows: list[Row] = []
        for turn in range(drawn.turn + 1, last + 2):
            play_on(rules, drawn, policy_of, MAX_ACTIONS, until_turn=turn)
            if drawn.turn != turn:
                break  # the game is over
            unit = drawn.units.get(args.unit)
            rows.append((turn,
                         sum(s is Side.NATIONALIST for s in drawn.status.values()),
                         sum(s is Side.REPUBLICAN for s in drawn.status.values()),
                         unit is not None and unit.hex is not None))
        return rows

    def line(rows: list[Row]) -> str:
        return " ".join(f"t{t}:{n}-{r}{'' if alive else 'x'}" for t, n, r, alive in rows)

    plays: dict[str, list[list[Row]]] = {text: [] for text in args.answers}
    print(f"turn t:Nationalist-Republican provinces at its start, x: {args.unit} gone")
    for seed in seeds_of(args.seeds):
        for text in args.answers:
            plays[text].append(play(text, seed))
        print(seed, " || ".join(line(plays[text][-1]) for text in args.answers))
    for text in args.answers:
        print(f"{text}:")
        for turn in range(state.turn + 1, last + 1):
            at = [row for rows in plays[text] for row in rows if row[0] == turn]
            if at:
                print(f"  turn {turn}: Nationalists {sum(r[1] for r in at) / len(at):.1f}, "
                      f"Republicans {sum(r[2] for r in at) / len(at):.1f}, "
                      f"{args.unit} on the map in {sum(r[3] for r in at)} of {len(at)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
