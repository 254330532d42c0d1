"""The regression oracle of the rules' speed work: seeded random playouts recorded as digests
(engine.sim.fingerprint) and compared after a change that must leave the rules as they are.

    python tools/playout_oracle.py record --seeds 40            # on the code taken as reference
    python tools/playout_oracle.py check                        # every recorded seed
    python tools/playout_oracle.py check --games guerra --seeds 5

`check` prints each seed whose playout differs and the first digest that differs, and exits 1
if any does. tests/engine/test_playout_oracle.py runs a few seeds in `make test` and all of
them in `make soak`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ORACLE = ROOT / "tests" / "engine" / "playout_oracle.json"
GAMES = ("baler", "filipinas", "guerra")


def run(game: str, seed: int) -> dict[str, Any]:
    from engine import plugins
    from engine.loading import load_game_scenario
    from engine.sim import fingerprint

    plugin = plugins.discover()[game]
    return fingerprint(plugin, load_game_scenario(plugin), seed)


def differences(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """The digests of `got` that differ from `expected`, first the state hashes in order."""
    out = []
    for i, (a, b) in enumerate(zip(expected["state_hashes"], got["state_hashes"], strict=False)):
        if a != b:
            out.append(f"state hash at checkpoint {i + 1} ({a} != {b})")
            break
    for key, value in expected.items():
        if key != "state_hashes" and got.get(key) != value:
            out.append(f"{key}: expected {value!r}, got {got.get(key)!r}")
    return out


def _pairs(games: list[str], seeds: list[int]) -> list[tuple[str, int]]:
    return [(g, s) for g in games for s in seeds]


def _played(pairs: list[tuple[str, int]], jobs: int) -> list[dict[str, Any]]:
    if jobs <= 1:
        return [run(g, s) for g, s in pairs]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(run, *zip(*pairs, strict=True)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("record", "check"))
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--seeds", type=int, default=0,
                        help="seeds 1..N (record: default 40; check: default all recorded)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--file", type=Path, default=ORACLE)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.command == "record":
        seeds = list(range(1, (args.seeds or 40) + 1))
        pairs = _pairs(args.games, seeds)
        data: dict[str, Any] = {"commit": _commit(), "games": {g: {} for g in args.games}}
        for (game, seed), fp in zip(pairs, _played(pairs, args.jobs), strict=True):
            data["games"][game][str(seed)] = fp
        args.file.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(pairs)} playouts in {time.perf_counter() - start:.0f} s")
        return 0
    recorded = json.loads(args.file.read_text())["games"]
    pairs = [(g, int(s)) for g in args.games for s in recorded[g]
             if not args.seeds or int(s) <= args.seeds]
    failed = 0
    for (game, seed), fp in zip(pairs, _played(pairs, args.jobs), strict=True):
        diff = differences(recorded[game][str(seed)], fp)
        if diff:
            failed += 1
            print(f"{game} seed {seed}: " + "; ".join(diff))
    print(f"{len(pairs) - failed} of {len(pairs)} playouts as recorded "
          f"({time.perf_counter() - start:.0f} s)")
    return 1 if failed else 0


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
