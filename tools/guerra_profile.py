"""Where a random playout of La Guerra de España spends its CPU, and what a reach kept across
selections would find (docs/benchmarks.md, "Round 4"):

    python tools/guerra_profile.py timers --seeds 3     # time per action type and legal list
    python tools/guerra_profile.py cache --seeds 3      # could a selection reuse a reach?
    python tools/guerra_profile.py searches --seeds 3   # the land reach's searches

Both play the seeds 1..N of `engine.bench._playouts` (random agents, no invariant checks).

`timers` wraps `apply_legal` (by action type) and `legal_actions` (by phase, with or without a
selected counter) in `time.perf_counter` and prints each one's calls, total and mean; unlike
cProfile, which charges every call of a small function, the wrappers cost the same whatever
they wrap.

`cache` asks, at every land counter's selection, whether an earlier selection in the same game
had the same search inputs: the same side, arm, landing flag, weather cut, turn class and hex
("same key"), and, over every cell its searches looked at (the cells found and their
neighbours), the same land counters' count and side, the same enemy control zone and the same
control of the provinces ("unchanged"). An unchanged one could reuse the earlier reach; the
tool checks that it is then the same map, in the same order.

`searches` counts the land reach's searches by kind (anywhere or on own ground, budget, road):
calls, cells found and time; how many selections the own-ground searches add cells to (those
the searches before did not find); and how often the own-ground search within 10 found every
cell the search anywhere before it found (only then could one search have served both).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import plugins  # noqa: E402
from engine.ai.agent import RandomAgent  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402
from engine.sim import playout  # noqa: E402


def _play(seeds: int, between: Callable[[], None] = lambda: None) -> list[float]:
    plugin = plugins.get("guerra")
    scenario = load_game_scenario(plugin)
    spent = []
    for seed in range(1, seeds + 1):
        between()
        agents = {side: RandomAgent(seed + i, side) for i, side in enumerate(plugin.sides)}
        start = time.process_time()
        playout(plugin, scenario, seed, agents, check=False)
        spent.append(time.process_time() - start)
    return spent


def timers(seeds: int) -> None:
    import guerra.rules as rules

    total: collections.defaultdict[str, float] = collections.defaultdict(float)
    calls: collections.Counter[str] = collections.Counter()
    apply_legal, legal_actions = rules.GuerraRules.apply_legal, rules.GuerraRules.legal_actions

    def timed_apply(self: Any, state: Any, action: Any) -> Any:
        start = time.perf_counter()
        try:
            return apply_legal(self, state, action)
        finally:
            key = f"apply {type(action).__name__}"
            if state.selected is not None and state.selected == getattr(action, "unit", None):
                key += f" ({state.units[state.selected].kind.value})"
            total[key] += time.perf_counter() - start
            calls[key] += 1

    def timed_legal(self: Any, state: Any) -> Any:
        key = f"legal {state.phase.value}{' (selected)' if state.selected else ''}"
        start = time.perf_counter()
        try:
            return legal_actions(self, state)
        finally:
            total[key] += time.perf_counter() - start
            calls[key] += 1

    rules.GuerraRules.apply_legal = timed_apply  # type: ignore[method-assign]
    rules.GuerraRules.legal_actions = timed_legal  # type: ignore[method-assign]
    spent = _play(seeds)
    whole = sum(spent)
    print(f"CPU per game: {', '.join(f'{s:.3f}' for s in spent)} s")
    print("| what | calls | total ms | share | µs a call |\n| --- | --- | --- | --- | --- |")
    for key in sorted(total, key=total.__getitem__, reverse=True)[:16]:
        print(f"| {key} | {calls[key]} | {total[key] * 1e3:.0f} | "
              f"{total[key] / whole:.0%} | {total[key] / calls[key] * 1e6:.0f} |")


def cache(seeds: int) -> None:
    import guerra.rules as rules
    import guerra.rules.movement as movement

    seen: list[int] = []
    search_any, search_own = movement._LandRules.search_any, movement._LandRules.search_own

    def any_(self: Any, start: int, budget: int, on_road: bool) -> list[int]:
        found = search_any(self, start, budget, on_road)
        seen.extend(found)
        return found

    def own(self: Any, start: int, budget: int, on_road: bool) -> list[int]:
        found = search_own(self, start, budget, on_road)
        seen.extend(found)
        return found

    movement._LandRules.search_any = any_  # type: ignore[method-assign]
    movement._LandRules.search_own = own  # type: ignore[method-assign]
    land_reach = movement.land_reach
    earlier: dict[tuple[Any, ...], tuple[tuple[Any, ...], list[Any]]] = {}
    counts: collections.Counter[str] = collections.Counter()

    def watched(state: Any, unit: Any) -> Any:
        seen.clear()
        reach = land_reach(state, unit)
        data = state.data
        board = data.board
        here = board.index[unit.hex]
        cells = set(seen) | {here}
        for i in list(cells):
            cells.update(board.adjacent[i])
        looked = sorted(cells)
        zoc = movement.land_zoc(state, unit.side.enemy)
        ground = {r: region.side for r, region in data.regions.items()}
        ground.update(state.status)
        territories = sorted({t for i in looked if (t := board.territory_at[i]) is not None})
        inputs = (tuple(state.land_cells[i] for i in looked),
                  tuple(state.land_side[i] for i in looked),
                  tuple(i in zoc for i in looked), tuple(ground[t] for t in territories))
        mv = data.movement
        key = (unit.side, unit.kind, unit.landed, movement.weather_cut(state, unit),
               state.turn <= mv.early_turns, state.turn >= mv.road_from_turn, here,
               movement._LandRules(state, unit).can_bridge())
        counts["selections"] += 1
        before = earlier.get(key)
        if before is not None:
            counts["same key"] += 1
            if before[0] == inputs:
                counts["unchanged"] += 1
                counts["same map"] += before[1] == list(reach.items())
        earlier[key] = (inputs, list(reach.items()))
        return reach

    rules.land_reach = watched  # type: ignore[attr-defined]
    _play(seeds, earlier.clear)
    print(", ".join(f"{k}: {v}" for k, v in counts.items()))


def searches(seeds: int) -> None:
    import guerra.rules.movement as movement

    calls: collections.Counter[str] = collections.Counter()
    cells: collections.Counter[str] = collections.Counter()
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    last: list[list[int]] = [[]]
    search_any, search_own = movement._LandRules.search_any, movement._LandRules.search_own

    def count(kind: str, search: Any) -> Any:
        def run(self: Any, start: int, budget: int, on_road: bool) -> list[int]:
            begin = time.perf_counter()
            found: list[int] = search(self, start, budget, on_road)
            key = f"{kind} within {budget}{' on the road' if on_road else ''}"
            spent[key] += time.perf_counter() - begin
            calls[key] += 1
            cells[key] += len(found)
            if kind == "own" and not on_road:
                calls["own: found all the search anywhere found"] += set(last[0]) <= set(found)
            last[0] = list(found)
            return found
        return run

    merge = movement._merge

    def merged(best: dict[int, int], order: list[int], spent: list[int], flags: int) -> None:
        before = len(best)
        merge(best, order, spent, flags)
        key = f"own{' on the road' if flags else ''}: selections it adds cells to"
        calls[key] += len(best) > before
        cells[key] += len(best) - before

    movement._LandRules.search_any = count("anywhere", search_any)  # type: ignore[method-assign]
    movement._LandRules.search_own = count("own", search_own)  # type: ignore[method-assign]
    movement._merge = merged
    _play(seeds)
    for key in sorted(calls):
        line = f"{key}: {calls[key]}"
        if key in spent:
            line += (f" searches, {cells[key] / calls[key]:.1f} cells found, "
                     f"{spent[key] / calls[key] * 1e6:.1f} µs")
        elif cells[key]:
            line += f" ({cells[key]} cells added)"
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("timers", "cache", "searches"))
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args(argv)
    {"timers": timers, "cache": cache, "searches": searches}[args.what](args.seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
