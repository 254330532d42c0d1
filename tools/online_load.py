"""The online server under load (docs/online.md, "Load"), by one command:

    python tools/online_load.py --games 200 --pace human --seconds 120 --out docs/online-load.md
    python tools/online_load.py --games 200 --pace flat --seconds 60

Starts `wargames serve` in a process of its own on a free loopback port with a fresh SQLite
file, then plays GAMES games at once, two scripted clients each (one asyncio process, the
websockets client): every client answers its seat's decisions with a random legal answer
(concessions left out) at once (`flat`) or after a pause drawn like a person's (`human`: 1 to
4 s). A finished game is followed by a new one, so GAMES stay in play for the whole run. The
titles take turns (Baler, Filipinas, Guerra) unless `--only` says one.

Measured: the round trip of every action (from sending it to the submitter receiving the
update that contains it), its p50/p95/p99; the server's CPU time (utime+stime of its process)
per action and per second of the run, and its resident memory (peak, and above the idle
server's, per game). Then the server is stopped and every game is checked: its stored log must
be exactly the actions the clients were told were applied, in order (none lost, none twice),
and each seat's last view must equal the view an offline replay of that stored log gives.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

from engine import plugins  # noqa: E402
from engine.core.actions import ActionCodec  # noqa: E402
from engine.loading import load_game_scenario  # noqa: E402
from engine.net.live import rebuild  # noqa: E402
from engine.net.protocol import dumps  # noqa: E402
from engine.net.store import SqliteStore  # noqa: E402
from engine.net.wire import decode_value  # noqa: E402
from netplay import free_port, start_server_process  # noqa: E402

TITLES = ("baler", "filipinas", "guerra")
SIDES = {"baler": ("spanish", "philippine"), "filipinas": ("filipino", "spain"),
         "guerra": ("nationalist", "republican")}


@dataclass
class Played:
    """What the clients of one game were told: each action applied for them, by its place in
    the log, and each seat's last view with the log's length then."""

    game: str
    title: str
    acked: dict[int, Any] = field(default_factory=dict)
    views: dict[str, tuple[int, Any]] = field(default_factory=dict)
    finished: bool = False


@dataclass
class Run:
    pace: str
    round_trips: list[float] = field(default_factory=list)
    refused: int = 0
    games: dict[str, Played] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    stop: bool = False


def server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Seat:
    """One scripted client."""

    def __init__(self, run: Run, url: str, rng: random.Random, codecs: dict[str, ActionCodec]):
        self.run, self.url, self.rng, self.codecs = run, url, rng, codecs

    async def play(self, ws: Any, game: Played, side: str) -> None:
        pending: dict[str, tuple[float, Any]] = {}
        codec = self.codecs[game.title]
        while True:
            message = json.loads(await ws.recv())
            kind = message["type"]
            if kind in ("opened", "update"):
                sub = message.get("sub")
                if sub in pending:
                    sent, action = pending.pop(sub)
                    self.run.round_trips.append(time.perf_counter() - sent)
                    game.acked[int(message["base"])] = action
                snapshot = message["snapshot"]
                game.views[side] = (snapshot["length"], snapshot["view"])
                if snapshot["result"] is not None:
                    game.finished = True
                    return
                if self.run.stop and not pending:
                    return
                answers = snapshot["answers"]
                if answers is None or pending:
                    continue
                if self.run.pace == "human":
                    await asyncio.sleep(self.rng.uniform(1.0, 4.0))
                options = [a for a in answers["legal"] if not codec.decode(a).concession] \
                    or answers["legal"]
                action = options[self.rng.randrange(len(options))]
                sub = f"{side}-{message['rev']}"
                pending[sub] = (time.perf_counter(), action)
                await ws.send(dumps({"type": "play", "game": game.game, "seq": message["rev"],
                                     "sub": sub, "action": action}))
            elif kind == "refused":
                self.run.refused += 1
                pending.pop(message.get("re"), None)
            elif kind == "error":
                self.run.errors.append(message.get("reason", "?"))


async def one_game(run: Run, url: str, title: str, rng: random.Random,
                   codecs: dict[str, ActionCodec]) -> None:
    first, second = SIDES[title]
    async with connect(url, max_size=None, proxy=None) as a, \
            connect(url, max_size=None, proxy=None) as b:
        for ws in (a, b):
            await ws.send(dumps({"type": "hello"}))
            await ws.recv()
        # Guerra's second seats play only if the options ask for them: the computer's random
        # level then, so the run measures the server, not a search
        seats = {s: "computer:random" for s in plugins.get(title).sides}
        seats.update({first: "human", second: "human"})
        await a.send(dumps({"type": "create", "game": title, "take": first, "seats": seats}))
        created = json.loads(await a.recv())
        if created["type"] != "created":
            run.errors.append(str(created.get("reason")))
            return
        await b.send(dumps({"type": "join", "code": created["invites"][second]}))
        joined = json.loads(await b.recv())
        game = Played(created["game"], title)
        run.games[game.game] = game
        await a.send(dumps({"type": "open", "token": created["token"]}))
        await b.send(dumps({"type": "open", "token": joined["token"]}))
        await asyncio.gather(Seat(run, url, rng, codecs).play(a, game, first),
                             Seat(run, url, rng, codecs).play(b, game, second))


async def keep_playing(run: Run, url: str, title: str, seed: int,
                       codecs: dict[str, ActionCodec]) -> None:
    rng = random.Random(seed)
    while not run.stop:
        try:
            await one_game(run, url, title, rng, codecs)
        except Exception as err:  # a load client reports and goes on
            run.errors.append(f"{type(err).__name__}: {err}")
            await asyncio.sleep(1)


async def drive(run: Run, url: str, titles: list[str], games: int, seconds: float,
                pid: int) -> dict[str, float]:
    codecs = {t: ActionCodec(plugins.get(t).rules.action_types) for t in set(titles)}
    cpu0, start = server_cpu(pid), time.perf_counter()
    tasks = []
    for i in range(games):
        tasks.append(asyncio.ensure_future(keep_playing(run, url, titles[i % len(titles)], i,
                                                        codecs)))
        await asyncio.sleep(0.01)
    peak = 0
    while time.perf_counter() - start < seconds:
        await asyncio.sleep(1)
        peak = max(peak, server_rss(pid))
    run.stop = True
    cpu1, elapsed = server_cpu(pid), time.perf_counter() - start
    await asyncio.wait(tasks, timeout=60)
    for task in tasks:
        task.cancel()
    return {"cpu": cpu1 - cpu0, "elapsed": elapsed, "peak": peak}


def check(db: Path, run: Run) -> tuple[int, int, list[str]]:
    """Every game against an offline replay of its stored log: each action a client was told
    was applied is stored at its place, nothing else is stored but one action in flight when
    the run stopped, and each seat's last view is the replay's at the same length."""
    store = SqliteStore(db)
    problems, games, actions = [], 0, 0
    scenarios: dict[str, Any] = {}
    for game_id, played in run.games.items():
        loaded = store.load(game_id)
        if loaded is None:
            problems.append(f"{game_id}: not stored")
            continue
        plugin = plugins.get(played.title)
        if played.title not in scenarios:
            scenarios[played.title] = load_game_scenario(plugin)
        live = rebuild(loaded, plugin, scenarios[played.title])
        codec = ActionCodec(plugin.rules.action_types)
        stored = [json.loads(row.action) for row in loaded.actions]
        games += 1
        actions += len(stored)
        lost = [i for i, a in played.acked.items() if i >= len(stored) or stored[i] != a]
        humans = SIDES[played.title]
        extra = [i for i in range(len(stored))
                 if i not in played.acked and loaded.actions[i].player in humans]
        if lost:
            problems.append(f"{game_id}: actions {lost[:5]} were applied, not stored")
        if extra and extra != [len(stored) - 1]:
            problems.append(f"{game_id}: actions {extra[:5]} stored, never applied")
        for side, (length, view) in played.views.items():
            state = live.session.state_at(length)
            if decode_value(view, codec) != plugin.rules.view(state, side):
                problems.append(f"{game_id}: {side}'s last view is not the replay's")
    store.close()
    return games, actions, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pace", choices=("human", "flat"), default="human")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--only", choices=TITLES, action="append", default=[])
    parser.add_argument("--out", help="append the Markdown results to this file")
    args = parser.parse_args(argv)
    titles = args.only or list(TITLES)
    folder = Path(tempfile.mkdtemp(prefix="online-load-"))
    db, port = folder / "games.db", free_port()
    server = start_server_process(
        port, f"sqlite:///{db}", "--max-connections", "100000", "--rate", "1000",
        "--address-rate", "1000000", "--creates-per-hour", "1000000")
    run = Run(args.pace)
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    own_before = time.process_time()
    try:
        time.sleep(0.5)
        idle = server_rss(server.pid)
        measured = asyncio.run(drive(run, f"ws://127.0.0.1:{port}", titles, args.games,
                                     args.seconds, server.pid))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)
    own_cpu = time.process_time() - own_before
    load_after = Path("/proc/loadavg").read_text().split()[:3]
    games, actions, problems = check(db, run)
    trips = sorted(run.round_trips)

    def pct(p: float) -> float:
        return trips[min(len(trips) - 1, int(p * len(trips)))] * 1000 if trips else 0.0

    lines = [
        f"### {args.games} games at once, {args.pace} pace, {args.seconds:.0f} s "
        f"({', '.join(titles)})",
        "",
        f"`python tools/online_load.py --games {args.games} --pace {args.pace} "
        f"--seconds {args.seconds:.0f}" + "".join(f" --only {t}" for t in args.only) + "`",
        "",
        "| figure | value |", "|---|---:|",
        f"| clients | {2 * args.games} |",
        f"| actions played (round trips measured) | {len(trips)} |",
        f"| actions a second | {len(trips) / measured['elapsed']:.1f} |",
        f"| round trip p50 / p95 / p99 (ms) | {pct(0.5):.1f} / {pct(0.95):.1f} / "
        f"{pct(0.99):.1f} |",
        f"| round trip mean (ms) | "
        f"{(statistics.fmean(trips) * 1000 if trips else 0):.1f} |",
        f"| server CPU, share of one core | {measured['cpu'] / measured['elapsed']:.2f} |",
        f"| server CPU per action (ms) | "
        f"{measured['cpu'] / max(1, len(trips)) * 1000:.2f} |",
        f"| server memory: idle / peak (MB) | {idle / 2**20:.0f} / "
        f"{measured['peak'] / 2**20:.0f} |",
        f"| server memory per game in play (MB) | "
        f"{(measured['peak'] - idle) / args.games / 2**20:.2f} |",
        f"| the clients' CPU, share of one core | {own_cpu / measured['elapsed']:.2f} |",
        f"| machine load average before / after (cores: {os.cpu_count()}) | "
        f"{' '.join(load_before)} / {' '.join(load_after)} |",
        f"| games checked against an offline replay | {games} ({actions} stored actions) |",
        f"| games whose stored log or views differ | {len(problems)} |",
        f"| refusals / client errors | {run.refused} / {len(run.errors)} |",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    for problem in problems[:20] + run.errors[:10]:
        print("  ", problem, file=sys.stderr)
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            f.write(text + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
