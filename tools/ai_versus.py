"""Easy as it is now against Easy as it was at an earlier commit, one side each (docs/ai.md).

    python tools/ai_versus.py guerra --base e9eecc9 --side nationalist --games 400 --seed 1

plays game seeds `--seed` to `--seed + --games - 1` with the working tree's Easy on `--side`
and the Easy of `--base` on the other side, and prints the tally. `wargames simulate GAME
--agents easy,easy` run at `--base` on the same seeds is the match it is read against. A
change to the heuristics shared by both sides cannot be judged by Easy against Easy on the
code after it (both sides change): this match judges it one side at a time.

Only the computer opponent's code is taken from `--base` (for Guerra `guerra/ai`); the rules
and the engine are the working tree's, so the two must agree on the state they read.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from importlib import import_module
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import plugins  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.lab.records import Matchup  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402
from engine.sim import play_to_end  # noqa: E402

PACKAGES = {
    "guerra": {"guerra.ai": "guerra/ai"},
    "baler": {"baler.ai": "baler/ai"},
    "filipinas": {"filipinas.ai": "filipinas/ai.py", "filipinas.spain": "filipinas/spain"},
}
"""The computer opponent's modules of each game: dotted name, path in the repository."""


def base_modules(game: str, rev: str, into: Path) -> ModuleType:
    """Extract the computer's modules of `game` at `rev` under `into` as a top-level package
    `versus_base`, their imports of each other rewritten, and return its `easy` module."""
    names = PACKAGES[game]
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, *names.values()],
                             check=True, capture_output=True).stdout
    top = into / "versus_base"
    top.mkdir()
    (top / "__init__.py").write_text("")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into / "src", filter="data")
    renamed = {dotted: "versus_base." + dotted.replace(".", "_") for dotted in names}
    pattern = re.compile(r"\b(" + "|".join(re.escape(d) for d in names) + r")\b")
    for dotted, path in names.items():
        source = into / "src" / path
        files = [source] if source.is_file() else sorted(source.rglob("*.py"))
        for f in files:
            if source.is_file():
                target = top / (dotted.replace(".", "_") + ".py")
            else:
                target = top / dotted.replace(".", "_") / f.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = pattern.sub(lambda m: renamed[m.group(1)], f.read_text())
            target.write_text(text)
    sys.path.insert(0, str(into))
    return import_module(renamed[next(iter(names))])


def forget_base(into: Path) -> None:
    """Undo `base_modules`' imports: its folder off the path, its modules out of the cache."""
    sys.path.remove(str(into))
    for name in [m for m in sys.modules if m.split(".")[0] == "versus_base"]:
        del sys.modules[name]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("game", choices=sorted(PACKAGES))
    ap.add_argument("--base", required=True, help="the commit whose Easy plays the other side")
    ap.add_argument("--side", required=True, help="the side the working tree's Easy plays")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    plugin = plugins.get(args.game)
    matchup = Matchup(plugin, load_game_scenario(plugin, None), ("easy", "easy"))
    if args.side not in matchup.factions:
        print(f"--side must be one of {', '.join(sorted(matchup.factions))}", file=sys.stderr)
        return 2
    new = import_module(next(iter(PACKAGES[args.game])))
    tally: dict[str, int] = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            old = base_modules(args.game, args.base, Path(tmp))
        except subprocess.CalledProcessError as err:
            said = err.stderr.decode(errors="replace").strip()
            print(f"cannot read the computer's code at {args.base}: {said}", file=sys.stderr)
            return 2
        try:
            _play(matchup, args, new, old, tally, start)
        finally:
            forget_base(Path(tmp))
    print(file=sys.stderr)
    print(json.dumps({"game": args.game, "new_side": args.side, "base": args.base,
                      "seeds": [args.seed, args.seed + args.games - 1], "wins": tally,
                      "command": "python tools/ai_versus.py " + " ".join(
                          argv if argv is not None else sys.argv[1:])}))
    return 0


def _play(matchup: Matchup, args: argparse.Namespace, new: ModuleType, old: ModuleType,
          tally: dict[str, int], start: float) -> None:
    for seed in range(args.seed, args.seed + args.games):
        agents = {seat: (new if matchup.faction_of(seat) == args.side else old).easy(seat, seed)
                  for seat in matchup.plugin.sides}
        session = Session(matchup.plugin.rules, matchup.scenario, seed, lazy_checkpoints=True)
        play_to_end(session, agents, check=False)
        result = session.result()
        winner = (result.winner if result is not None else None) or "draw"
        tally[winner] = tally.get(winner, 0) + 1
        done = seed - args.seed + 1
        print(f"\r{done}/{args.games} games, {time.perf_counter() - start:.0f} s",
              end="", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
