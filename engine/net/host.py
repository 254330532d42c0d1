"""The games a server holds (DESIGN.md §9): each a `LiveGame` rebuilt from the store's log on
demand and dropped from memory when nobody has looked at it for a while. A change is checked
(`engine.net.live`), applied, committed to the store with every other change waiting (group
commit), and only then sent: each watcher gets its own message from `engine.net.seat` (its
view, its log, its answers), never the state, the seed or the dice. Computer seats are played
here, in a worker thread, from a copy of the state their agent reduces to its own observation;
another process's changes (PostgreSQL's NOTIFY) are caught up with. `engine.net.server` adds
the connections and the messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import logging
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from websockets.asyncio.server import ServerConnection

from engine import plugins
from engine.ai.agent import Agent
from engine.ai.hint import hint_level, suggest, why_no_hint
from engine.core.actions import Action
from engine.core.game import GamePlugin, Scenario
from engine.net import protocol as P
from engine.net import seat as seatinfo
from engine.net.config import Bucket, ServerConfig, default_db, now_text
from engine.net.database import open_store
from engine.net.live import (
    Broken,
    LiveGame,
    Refusal,
    catch_up,
    common_length,
    rebuild,
)
from engine.net.store import Change, Conflict, SeatRow, Store

if TYPE_CHECKING:
    from engine.ai.search import Budget

log = logging.getLogger("wargames.serve")
T = TypeVar("T")

HINT_BUDGET: Budget | None = None
"""The hint's budget when the server sets no `computer_budget`: None thinks as the level does
(Normal: 2 s on both cores); tests give a number of iterations."""


@dataclass(eq=False)
class Client:
    ws: ServerConnection
    address: str
    bucket: Bucket
    outbox: asyncio.Queue[str]
    subs: dict[str, str | None] = field(default_factory=dict)
    bad: int = 0
    warned: bool = False
    name: str = ""

    def push(self, text: str, limit: int) -> None:
        if self.outbox.qsize() >= limit:
            log.info("dropping %s: %d messages unread", self.address, self.outbox.qsize())
            asyncio.ensure_future(self.ws.close(1008, "too slow to read the game's messages"))
            return
        self.outbox.put_nowait(text)


class GameHost:
    """The games in memory, their changes, their watchers and their computer seats."""

    def __init__(self, config: ServerConfig, store: Store | None = None) -> None:
        self.config = config
        self.store: Store = store if store is not None else open_store(config.db or default_db())
        self.live: dict[str, LiveGame] = {}
        self.watchers: dict[str, dict[Client, str | None]] = defaultdict(dict)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.thinking: set[str] = set()
        self.agents: dict[tuple[str, str], Agent] = {}
        self.hints: dict[tuple[str, str], tuple[int, asyncio.Future[dict[str, Any]]]] = {}
        """The hint asked by a seat: the revision it answers and its answer (thinking or
        found); asked again at the same revision, the same answer."""
        self.last_used: dict[str, float] = {}
        self.scenarios: dict[tuple[str, str], Scenario] = {}
        self._game_ids: list[str] | None = None
        self._plugins: dict[str, GamePlugin] = {}
        self._scenario_files: dict[str, dict[str, Path]] = {}
        self._db = ThreadPoolExecutor(1, thread_name_prefix="db")
        self._cpu = ThreadPoolExecutor(1, thread_name_prefix="computer")
        self._loader = ThreadPoolExecutor(1, thread_name_prefix="loader")
        """Scenarios load and stored games replay here: the loop keeps answering meanwhile."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._batch: list[tuple[Change, asyncio.Future[None]]] = []
        self._committing = False

    def _spawn(self, job: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _store(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # --- changes -----------------------------------------------------------------------------

    @property
    def game_ids(self) -> list[str]:
        """The installed games, found once (listing entry points reads every installed
        package's metadata)."""
        if self._game_ids is None:
            self._game_ids = plugins.available()
        return self._game_ids

    def _plugin(self, game: str) -> GamePlugin:
        if game not in self.game_ids:
            raise Refusal("unknown-game", f"This server has no game {game[:40]!r}.")
        if game not in self._plugins:
            self._plugins[game] = plugins.get(game)
        return self._plugins[game]

    async def _scenario(self, plugin: GamePlugin, name: str) -> Scenario:
        """One of the scenarios the game ships, by file name (never a path from a client)."""
        from engine.loading import load_game_scenario

        if plugin.id not in self._scenario_files:
            shipped = plugins.scenario_files(plugin)
            self._scenario_files[plugin.id] = {**{p.stem: p for p in shipped},
                                               **{p.name: p for p in shipped}}
        path = self._scenario_files[plugin.id].get(name or plugin.default_scenario)
        if path is None:
            raise Refusal("unknown-scenario", f"{plugin.title} has no scenario {name[:40]!r}.")
        key = (plugin.id, path.name)
        if key not in self.scenarios:
            self.scenarios[key] = await asyncio.get_running_loop().run_in_executor(
                self._loader, load_game_scenario, plugin, path)
        return self.scenarios[key]

    async def _apply(self, live: LiveGame, seat: str, kind: str, action_data: Any, seq: int,
                     sub: str | None, told: tuple[str, str] | None = None) -> None:
        """Check, apply, commit, then tell everyone (the game's lock held); `told` is a
        computer seat's reason for its move, kept with it."""
        base = len(live.session.history)
        expected = live.rev
        try:
            if kind == "play":
                row = live.play(seat, live.decode(action_data), seq, sub, told)
                change = Change(live.id, expected, live.summary(now_text()), row)
            elif kind == "undo":
                base = live.undo(seat, seq)
                change = Change(live.id, expected, live.summary(now_text()), length=base)
            else:
                row = live.redo(seat, seq, sub)
                change = Change(live.id, expected, live.summary(now_text()), row)
        except Refusal:
            raise
        except Exception:
            log.exception("game %s: the rules failed on a %s", live.id, kind)
            self._drop(live.id)
            raise Refusal("error", "The server failed applying this; the game is as it "
                          "was.") from None
        try:
            await self._commit(change)
        except Conflict:
            # another process moved the game on first: this one's copy is rebuilt from the
            # store and its watchers told all of it again
            self._drop(live.id)
            with contextlib.suppress(Refusal):
                self._broadcast(await self._live(live.id), 0)
            raise Refusal("stale", "The game has moved on since this was chosen; look again "
                          "and choose once more.") from None
        except Exception:
            log.exception("game %s: the store failed", live.id)
            self._drop(live.id)
            raise Refusal("error", "The server could not save this; the game is as it "
                          "was.") from None
        self._broadcast(live, base, sub)
        self._kick_computer(live)

    async def _commit(self, change: Change) -> None:
        """Commit `change` with whatever else is waiting (group commit: one transaction and
        one sync to disk for every game's change that came while the last one was written);
        Conflict when its game was moved on elsewhere."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._batch.append((change, done))
        if not self._committing:
            self._committing = True
            self._spawn(self._committer())
        await done

    async def _committer(self) -> None:
        try:
            while self._batch:
                batch, self._batch = self._batch, []
                try:
                    results = await self._store(self.store.commit, [c for c, _ in batch])
                except Exception as err:
                    for _, done in batch:
                        done.set_exception(err)
                    continue
                for (change, done), ok in zip(batch, results, strict=True):
                    if ok:
                        done.set_result(None)
                    else:
                        done.set_exception(Conflict(change.game_id))
        finally:
            self._committing = False

    def _snapshot(self, live: LiveGame, seat: str | None) -> dict[str, Any]:
        return seatinfo.snapshot(live.session, seat, live.answering(),
                                 can_redo=live.can_redo(seat))

    def _broadcast(self, live: LiveGame, base: int, sub: str | None = None) -> None:
        """Each watcher its own update: the log from `base` on and the snapshot, for its
        seat only."""
        self.last_used[live.id] = time.monotonic()
        texts: dict[str | None, str] = {}
        reasons = live.reasons()
        for client, seat in list(self.watchers.get(live.id, {}).items()):
            if seat not in texts:
                texts[seat] = P.dumps({
                    "type": "update", "game": live.id, "rev": live.rev, "base": base,
                    "entries": seatinfo.encode_entries(
                        seatinfo.seat_entries(live.session, seat, base, reasons)),
                    "snapshot": self._snapshot(live, seat), "sub": sub})
            client.push(texts[seat], self.config.outbox)

    def _info(self, live: LiveGame) -> dict[str, Any]:
        watching = set(self.watchers.get(live.id, {}).values())
        return {"game": live.plugin.id, "title": live.plugin.title,
                "scenario": live.row.scenario, "sha256": live.row.scenario_sha256,
                "host": live.host, "created": live.row.created,
                "seats": [{"side": s.side, "kind": s.kind, "level": s.level, "name": s.name,
                           "joined": s.kind != "human" or s.token_hash is not None,
                           "connected": s.side in watching} for s in live.seats.values()]}

    def _presence(self, game_id: str) -> None:
        live = self.live.get(game_id)
        if live is None:
            return
        message = P.dumps({"type": "presence", "game": game_id,
                           "seats": self._info(live)["seats"]})
        for client in list(self.watchers.get(game_id, {})):
            client.push(message, self.config.outbox)

    # --- games in memory -----------------------------------------------------------------------

    async def _live(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
            self.last_used[game_id] = time.monotonic()
            return live
        loaded = await self._store(self.store.load, game_id)
        if loaded is None:
            raise Refusal("unknown-game", "No such game on this server.")
        try:
            plugin = self._plugin(loaded.game.game)
            scenario = await self._scenario(plugin, Path(loaded.game.scenario).name)
            live = await asyncio.get_running_loop().run_in_executor(
                self._loader, rebuild, loaded, plugin, scenario)
        except Broken as err:
            raise Refusal("broken", f"This game cannot be rebuilt: {err}.") from None
        if game_id in self.live:  # loaded meanwhile for another message
            return self.live[game_id]
        self.live[game_id] = live
        self.last_used[game_id] = time.monotonic()
        return live

    def _drop(self, game_id: str) -> None:
        self.live.pop(game_id, None)
        for key in [k for k in self.agents if k[0] == game_id]:
            del self.agents[key]
        for key in [k for k in self.hints if k[0] == game_id]:
            del self.hints[key]

    async def _evict_idle(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, max(0.05, self.config.idle_evict / 4)))
            now = time.monotonic()
            for game_id in list(self.live):
                if not self.watchers.get(game_id) and game_id not in self.thinking \
                        and now - self.last_used.get(game_id, 0) > self.config.idle_evict:
                    self._drop(game_id)
                    self.last_used.pop(game_id, None)

    def _noticed(self, game_id: str, rev: int) -> None:
        """Another process changed a game (called from the store's listening thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._on_notice, game_id, rev)

    def _on_notice(self, game_id: str, rev: int) -> None:
        live = self.live.get(game_id)
        if live is not None and live.rev < rev:
            self._spawn(self._resync(game_id))

    async def _resync(self, game_id: str) -> None:
        async with self.locks[game_id]:
            await self._catch_up(game_id)

    async def _catch_up(self, game_id: str) -> None:
        """Catch a game up with the store (another process moved it on: the actions it took
        back are taken back here, the new ones replayed) and tell the watchers what changed;
        the game's lock held."""
        loaded = await self._store(self.store.load, game_id)
        live = self.live.get(game_id)
        if loaded is None or live is None or live.rev >= loaded.game.rev:
            return
        base = common_length(live, loaded.actions)
        try:
            catch_up(live, loaded, base)
        except Exception:
            log.exception("game %s: catching up with the store failed; rebuilding it", game_id)
            self._drop(game_id)
            base = 0
            try:
                live = await self._live(game_id)
            except Refusal:
                return
        self._broadcast(live, base)
        self._presence(game_id)
        self._kick_computer(live)

    # --- computer seats ------------------------------------------------------------------------

    def _computer_seat(self, live: LiveGame) -> str | None:
        seat = live.answering()
        if seat is None:
            return None
        row = live.seats.get(seat)
        return seat if row is None or row.kind != "human" else None

    def _kick_computer(self, live: LiveGame) -> None:
        if self._computer_seat(live) is not None and live.id not in self.thinking:
            self.thinking.add(live.id)
            self._spawn(self._computer(live.id))

    async def _resume_computer(self, game_id: str) -> None:
        """At start: a game waiting on a computer seat goes on by itself."""
        with contextlib.suppress(Refusal):
            async with self.locks[game_id]:
                loaded = await self._store(self.store.load, game_id)
                if loaded is None or loaded.game.result is not None:
                    return
                seats = {s.side: s for s in loaded.seats}
                decider = loaded.game.decider
                if decider is None or seats.get(decider, SeatRow("", "", "none")).kind \
                        == "human":
                    return
                self._kick_computer(await self._live(game_id))

    @staticmethod
    def _level(live: LiveGame, seat: str) -> str:
        """The level a computer seat plays at, by name ("easy", "normal", ...)."""
        from engine.ai.registry import UnknownLevel, resolve

        row = live.seats.get(seat)
        try:
            return resolve(live.plugin, row.level if row is not None else "")
        except UnknownLevel:
            return ""

    def _agent(self, live: LiveGame, seat: str) -> Agent:
        key = (live.id, seat)
        if key not in self.agents:
            from engine.ai.registry import make_agent
            from engine.ai.search import Budget

            row = live.seats.get(seat)
            level = row.level if row is not None and row.level else "computer"
            digest = hashlib.sha256(f"{live.row.seed}:{seat}".encode()).digest()
            budget = Budget(seconds=self.config.computer_budget) \
                if self.config.computer_budget is not None else None
            self.agents[key] = make_agent(live.plugin, level, seat,
                                          int.from_bytes(digest[:4], "big"), budget)
        return self.agents[key]

    # --- the hint ------------------------------------------------------------------------------

    async def suggest(self, game_id: str, seat: str, seq: int) -> dict[str, Any]:
        """"What would the computer do?" for `seat`, deciding now at revision `seq`: the
        game's Normal level thinks on a copy of the position, which its seat reduces to that
        seat's own observation (what the seat may not see is redrawn, never read), on the
        computer seats' worker, so the server keeps answering meanwhile. The answer names the
        action, its line in the game's words and the level's statistics."""
        loop = asyncio.get_running_loop()
        async with self.locks[game_id]:
            live = await self._live(game_id)
            why = no_hint(live, seat, seq)
            if why:
                raise Refusal("no-hint", why)
            asked = self.hints.get((game_id, seat))
            if asked is None or asked[0] != live.rev:
                digest = hashlib.sha256(f"{live.row.seed}:{seat}:hint:{live.rev}".encode())
                budget = HINT_BUDGET
                if self.config.computer_budget is not None:
                    from engine.ai.search import Budget

                    budget = Budget(seconds=self.config.computer_budget)
                future = loop.run_in_executor(
                    self._cpu, think_of_hint, live.plugin, seat,
                    int.from_bytes(digest.digest()[:4], "big"), budget,
                    copy.deepcopy(live.session.state), live.session.legal_actions())
                asked = self.hints[(game_id, seat)] = (live.rev, future)
        rev, future = asked
        try:
            found = await asyncio.shield(future)
        except Exception:
            log.exception("game %s: a hint failed", game_id)
            if self.hints.get((game_id, seat)) == asked:
                del self.hints[(game_id, seat)]  # asked again, it thinks again
            raise Refusal("no-hint", "The computer found no answer to suggest.") from None
        return {"type": "hint", "game": game_id, "seq": rev, **found}

    async def _computer(self, game_id: str) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                async with self.locks[game_id]:
                    live = await self._live(game_id)
                    seat = self._computer_seat(live)
                    if seat is None:
                        return
                    state = copy.deepcopy(live.session.state)
                    legal = live.session.legal_actions()
                    rev = live.rev
                    agent = self._agent(live, seat)
                    level = self._level(live, seat)
                from engine.ai.reasons import choose_and_tell

                action, told = await loop.run_in_executor(
                    self._cpu, choose_and_tell, live.plugin, agent, seat, level, state, legal)
                async with self.locks[game_id]:
                    live = await self._live(game_id)
                    if live.rev != rev:
                        continue
                    await self._apply(live, seat, "play", action.to_json(), rev, None,
                                      (told.line, told.detail) if told else None)
        except Refusal as err:
            log.warning("game %s: a computer seat's move was refused: %s", game_id, err.reason)
        except Exception:
            log.exception("game %s: a computer seat failed", game_id)
        finally:
            self.thinking.discard(game_id)


def no_hint(live: LiveGame, seat: str, seq: int) -> str:
    """Why the hint is not given to `seat` at revision `seq` ("" when it is): only to the
    seat deciding now, at a choice of its own with more than one answer."""
    if live.session.result() is not None or live.answering() != seat:
        return "The hint is only for the side deciding now."
    if seq != live.rev:
        return "The game has moved on; ask again."
    return why_no_hint(live.plugin, live.session.decision, live.session.legal_actions())


def think_of_hint(plugin: GamePlugin, seat: str, seed: int, budget: Budget | None,
                  state: Any, legal: list[Action]) -> dict[str, Any]:
    """The hint's thinking (a worker thread, `engine.ai.hint.suggest`), its answer told in the
    game's words. The words read only what the table may see, and go to the seat that asked
    alone."""
    from engine.ai.reasons import Asked, game_reasons, tell_move

    found = suggest(plugin, seat, seed, budget, state, legal)
    level = hint_level(plugin)
    asked = Asked(plugin.rules, state, seat, found.action, values=found.values,
                  detail=found.detail, own=found.own, level=level, hint=True)
    told = tell_move(game_reasons(plugin), asked)
    return {"action": found.action.to_json(), "level": level, "line": told.line,
            "detail": told.detail}
