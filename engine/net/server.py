"""`wargames serve`: the authoritative game server (DESIGN.md §9, docs/online.md).

One asyncio loop holds the games that are in play; each is a `LiveGame` rebuilt from the
store's log on demand and dropped from memory when nobody has looked at it for a while. Every
submission is checked (`engine.net.live`), applied, committed to the store, and only then sent:
each seat gets its own message from `engine.net.seat` (its view, its log, its answers), never
the state, the seed or the dice. Computer seats are played here, in a worker thread, from a
copy of the state their agent reduces to its own observation.

Hostile clients meet limits before anything else (`ServerConfig`): the message size (the
transport closes the connection), the JSON depth and shape (one refusal each, the connection
closed after `max_bad` of them), a token bucket per connection and one per address (one
refusal, then the connection closed if it keeps on), connections per address, wrong codes and
tokens per address, a first message within `hello_timeout`, and pings that close half-open
connections. A refusal never changes a game; an error inside one game's rules drops that game
from memory (it is rebuilt from the store) and leaves every other game alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import hashlib
import json
import logging
import secrets
import ssl
import threading
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine import plugins
from engine.ai.agent import Agent
from engine.core.game import GamePlugin, Scenario
from engine.net import protocol as P
from engine.net import seat as seatinfo
from engine.net.live import Broken, LiveGame, Refusal, common_length, rebuild
from engine.net.protocol import ProtocolError
from engine.net.store import Conflict, GameRow, Loaded, SeatRow, Store, open_store

log = logging.getLogger("wargames.serve")
T = TypeVar("T")


def default_db() -> str:
    from engine.paths import user_data

    return f"sqlite:///{user_data() / 'server.sqlite3'}"


@dataclass
class ServerConfig:
    """Everything `wargames serve --help` lists."""

    host: str = "127.0.0.1"
    port: int = 8765
    db: str = ""
    """`sqlite:///PATH` or `postgresql://...`; "" for the user data folder's server.sqlite3."""
    tls_cert: str | None = None
    tls_key: str | None = None
    max_message: int = P.MAX_MESSAGE
    rate: float = 20.0
    """Messages a second one connection may send, on average..."""
    burst: int = 40
    """...and at once."""
    address_rate: float = 60.0
    address_burst: int = 120
    max_connections: int = 16
    """Connections at once from one address."""
    max_bad: int = 10
    """Malformed messages or refusals for flooding before a connection is closed."""
    max_wrong_codes: int = 10
    """Unknown invitation codes or tokens from one address within ten minutes."""
    creates_per_hour: int = 60
    hello_timeout: float = 10.0
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    idle_evict: float = 600.0
    """Seconds a game nobody watches stays in memory."""
    chat_keep: int = 200
    outbox: int = 512
    """Messages waiting for one slow client before it is dropped (it reconnects and resyncs)."""
    forwarded: bool = False
    """Read the client's address from X-Forwarded-For (behind a reverse proxy only)."""
    computer_budget: float | None = None
    """Seconds a Normal computer seat thinks (None: the level's own)."""
    seeds: Callable[[], int] | None = None
    """Where a new game's seed comes from: 62 random bits unless a test fixes them."""


class Bucket:
    """A token bucket: `rate` a second, at most `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


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


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameServer:
    """The server: `await start()`, then `await stop()` (or `serve_forever`)."""

    def __init__(self, config: ServerConfig, store: Store | None = None) -> None:
        self.config = config
        self.store: Store = store if store is not None else open_store(config.db or default_db())
        self.live: dict[str, LiveGame] = {}
        self.watchers: dict[str, dict[Client, str | None]] = defaultdict(dict)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.thinking: set[str] = set()
        self.agents: dict[tuple[str, str], Agent] = {}
        self.last_used: dict[str, float] = {}
        self.per_address: dict[str, int] = defaultdict(int)
        self.address_buckets: dict[str, Bucket] = {}
        self.wrong: dict[str, list[float]] = defaultdict(list)
        self.creates: dict[str, list[float]] = defaultdict(list)
        self.scenarios: dict[tuple[str, str], Scenario] = {}
        self._db = ThreadPoolExecutor(1, thread_name_prefix="db")
        self._cpu = ThreadPoolExecutor(1, thread_name_prefix="computer")
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- running -------------------------------------------------------------------------------

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        context = None
        if self.config.tls_cert:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.config.tls_cert, self.config.tls_key)
        self._server = await serve(
            self._connection, self.config.host, self.config.port, ssl=context,
            max_size=self.config.max_message, open_timeout=self.config.hello_timeout,
            ping_interval=self.config.ping_interval, ping_timeout=self.config.ping_timeout,
            max_queue=8, server_header="wargames", logger=logging.getLogger("wargames.ws"))
        self.store.listen(self._noticed)
        self._spawn(self._evict_idle())
        for game_id in await self._store(self.store.game_ids):
            self._spawn(self._resume_computer(game_id))
        log.info("serving on %s://%s:%d", "wss" if context else "ws", self.config.host, self.port)

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._cpu.shutdown(wait=False, cancel_futures=True)
        await self._store(self.store.close)
        self._db.shutdown(wait=True)

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.stop()

    def _spawn(self, job: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _store(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # --- connections ---------------------------------------------------------------------------

    def _address(self, ws: ServerConnection) -> str:
        if self.config.forwarded and ws.request is not None:
            forwarded = ws.request.headers.get("X-Forwarded-For", "")
            if forwarded:
                return forwarded.split(",")[-1].strip()[:64]
        remote = ws.remote_address
        return str(remote[0]) if remote else "?"

    async def _connection(self, ws: ServerConnection) -> None:
        address = self._address(ws)
        if self.per_address[address] >= self.config.max_connections:
            await ws.close(1008, "too many connections from your address")
            return
        self.per_address[address] += 1
        bucket = self.address_buckets.setdefault(
            address, Bucket(self.config.address_rate, self.config.address_burst))
        client = Client(ws, address, Bucket(self.config.rate, self.config.burst), asyncio.Queue())
        writer = asyncio.ensure_future(self._writer(client))
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), self.config.hello_timeout)
            except TimeoutError:
                await ws.close(1008, "no hello")
                return
            await self._message(client, bucket, first, hello=True)
            async for raw in ws:
                await self._message(client, bucket, raw)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            for game_id in list(client.subs):
                self._unwatch(client, game_id)

    async def _writer(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await client.ws.send(await client.outbox.get())

    def _send(self, client: Client, message: dict[str, Any]) -> None:
        client.push(P.dumps(message), self.config.outbox)

    async def _message(self, client: Client, bucket: Bucket, raw: str | bytes,
                       hello: bool = False) -> None:
        request = game = None
        try:
            if not (client.bucket.take() and bucket.take()):
                client.bad += 1
                if client.bad >= self.config.max_bad:
                    await client.ws.close(1008, "too many messages")
                elif not client.warned:
                    client.warned = True
                    self._send(client, {"type": "error", "code": "rate",
                                        "reason": "too many messages; slow down"})
                return
            client.warned = False
            data = P.parse(raw)
            request = data.get("id")
            game = data.get("game") if isinstance(data.get("game"), str) else None
            kind = data["type"]
            if hello != (kind == "hello"):
                raise ProtocolError("bad-message", "say hello first, once" if hello
                                    else "hello was said already")
            handler = self.handlers.get(kind)
            if handler is None:
                raise ProtocolError("bad-message", f"unknown message type {kind[:40]!r}")
            reply = await handler(self, client, data)
            if reply is not None:
                if request is not None:
                    reply["re"] = request
                self._send(client, reply)
        except ProtocolError as err:
            if err.code in ("bad-message", "version", "too-large"):
                client.bad += 1
            self._send(client, {"type": "error", "re": request, "game": game, "code": err.code,
                                "reason": err.reason})
            if client.bad >= self.config.max_bad or hello:
                await client.ws.close(1008, err.reason[:100])
        except Refusal as err:
            self._send(client, {"type": "refused", "re": request, "game": game,
                                "code": err.code, "reason": err.reason,
                                "section": err.section})
        except ConnectionClosed:
            raise
        except Exception:
            log.exception("a message from %s failed", client.address)
            self._send(client, {"type": "error", "re": request, "game": game,
                                "code": "internal",
                                "reason": "the server failed on this message; nothing changed"})

    def _wrong_secret(self, client: Client) -> None:
        """An unknown code or token: counted per address; too many close the connection."""
        now = time.monotonic()
        recent = [t for t in self.wrong[client.address] if now - t < 600] + [now]
        self.wrong[client.address] = recent
        if len(recent) > self.config.max_wrong_codes:
            asyncio.ensure_future(client.ws.close(1008, "too many wrong codes"))

    # --- messages ------------------------------------------------------------------------------

    async def _hello(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        client.name = P.text_field(data, "name", limit=40, required=False)
        return {"type": "welcome", "server": "wargames", "games": plugins.available(),
                "limits": {"message": self.config.max_message, "chat": P.MAX_CHAT,
                           "rate": self.config.rate}}

    async def _create(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        now = time.monotonic()
        recent = [t for t in self.creates[client.address] if now - t < 3600]
        if len(recent) >= self.config.creates_per_hour:
            raise Refusal("limit", "Too many games created from your address this hour.")
        self.creates[client.address] = [*recent, now]
        plugin = self._plugin(P.text_field(data, "game", limit=64))
        scenario = self._scenario(plugin, P.text_field(data, "scenario", required=False))
        seats_in = data.get("seats", {})
        if not isinstance(seats_in, dict) or len(seats_in) > 8:
            raise ProtocolError("bad-message", "'seats' maps each side to human, "
                                "computer[:level] or none")
        from engine.ai.registry import UnknownLevel, resolve

        kinds: dict[str, tuple[str, str]] = {}
        for side in plugin.sides:
            spec = seats_in.get(side, "none")
            if not isinstance(spec, str) or len(spec) > 40:
                raise ProtocolError("bad-message", f"the seat of {side} is not a text")
            kind, _, level = spec.partition(":")
            if kind == "computer":
                try:
                    kinds[side] = ("computer", resolve(plugin, level or "computer"))
                except UnknownLevel as err:
                    raise Refusal("bad-seat", str(err)) from None
            elif kind in ("human", "none") and not level:
                kinds[side] = (kind, "")
            else:
                raise Refusal("bad-seat", f"the seat of {side} must be human, "
                              "computer[:level] or none")
        unknown = set(seats_in) - set(plugin.sides)
        if unknown:
            raise Refusal("bad-seat", f"{plugin.title} has no side {sorted(unknown)[0][:40]!r}")
        take = P.text_field(data, "take", limit=40, required=False) or None
        if take is not None and kinds.get(take, ("",))[0] != "human":
            raise Refusal("bad-seat", "the side you take must be a human seat")
        name = P.text_field(data, "name", limit=40, required=False) or client.name
        game_id = secrets.token_hex(8)
        token = P.new_token() if take else None
        invites: dict[str, str] = {}
        seats = []
        for side, (kind, level) in kinds.items():
            invite_hash = token_hash = None
            if kind == "human" and side == take:
                token_hash = P.digest(token or "")
            elif kind == "human":
                invites[side] = P.new_code()
                invite_hash = P.digest(P.normal_code(invites[side]))
            seats.append(SeatRow(game_id, side, kind, level, name if side == take else "",
                                 invite_hash, token_hash))
        spectate = P.new_code() if data.get("spectators") is True else None
        stamp = now_text()
        host = take or next((s for s, (k, _) in kinds.items() if k == "human"), None)
        row = GameRow(game_id, plugin.id, scenario.path, scenario.sha256,
                      self.config.seeds() if self.config.seeds else secrets.randbits(62),
                      created=stamp, updated=stamp,
                      spectate_hash=P.digest(P.normal_code(spectate)) if spectate else None,
                      host=host)
        try:
            live = rebuild(Loaded(row, tuple(seats), ()), plugin, scenario)
        except Broken as err:
            raise Refusal("broken", f"The game cannot be set up: {err}.") from None
        summary = live.summary(stamp)
        live.row = row = dataclasses.replace(row, turn=summary.turn, decider=summary.decider)
        await self._store(self.store.create, row, seats)
        self.live[game_id] = live
        self.last_used[game_id] = time.monotonic()
        log.info("game %s created: %s %s", game_id, plugin.id, scenario.name)
        self._kick_computer(live)
        return {"type": "created", "game": game_id, "invites": invites, "token": token,
                "side": take, "spectate": spectate}

    def _plugin(self, game: str) -> GamePlugin:
        if game not in plugins.available():
            raise Refusal("unknown-game", f"This server has no game {game[:40]!r}.")
        return plugins.get(game)

    def _scenario(self, plugin: GamePlugin, name: str) -> Scenario:
        """One of the scenarios the game ships, by file name (never a path from a client)."""
        from engine.loading import load_game_scenario

        files = {p.name: p for p in plugins.scenario_files(plugin)}
        files.update({p.stem: p for p in plugins.scenario_files(plugin)})
        path = files.get(name or plugin.default_scenario)
        if path is None:
            raise Refusal("unknown-scenario", f"{plugin.title} has no scenario {name[:40]!r}.")
        key = (plugin.id, path.name)
        if key not in self.scenarios:
            self.scenarios[key] = load_game_scenario(plugin, path)
        return self.scenarios[key]

    async def _join(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        code = P.normal_code(P.text_field(data, "code", limit=40))
        found = await self._store(self.store.invite, P.digest(code))
        if found is None:
            self._wrong_secret(client)
            raise Refusal("unknown-code", "No game waits for this invitation code (it may "
                          "have been used already).")
        game_id, side = found
        if side is None:
            return {"type": "joined", "game": game_id, "side": None, "token": None}
        token = P.new_token()
        name = P.text_field(data, "name", limit=40, required=False) or client.name
        if not await self._store(self.store.claim, game_id, side, P.digest(code),
                                 P.digest(token), name):
            raise Refusal("unknown-code", "This invitation code has been used already.")
        live = self.live.get(game_id)
        if live is not None:
            live.seats[side] = SeatRow(game_id, side, "human", "", name, None, P.digest(token))
            self._presence(game_id)
        return {"type": "joined", "game": game_id, "side": side, "token": token}

    async def _open(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        if "token" in data:
            token_hash = P.digest(P.text_field(data, "token", limit=64))
            found = await self._store(self.store.seat_of, token_hash)
            if found is None:
                self._wrong_secret(client)
                raise Refusal("unknown-token", "This seat token opens no game here.")
            game_id, seat = found
            live = await self._live(game_id)
            if not P.same_digest(live.seats[seat].token_hash, token_hash):
                raise Refusal("unknown-token", "This seat token opens no game here.")
        else:
            code = P.normal_code(P.text_field(data, "spectate", limit=40))
            found_code = await self._store(self.store.invite, P.digest(code))
            if found_code is None or found_code[1] is not None:
                self._wrong_secret(client)
                raise Refusal("unknown-code", "No game may be watched with this code.")
            game_id, seat = found_code[0], None
            live = await self._live(game_id)
        if seat is not None:
            for other, other_seat in list(self.watchers[game_id].items()):
                if other_seat == seat and other is not client:
                    self._unwatch(other, game_id)
                    self._send(other, {"type": "taken", "game": game_id})
        client.subs[game_id] = seat
        self.watchers[game_id][client] = seat
        self.last_used[game_id] = time.monotonic()
        chat = await self._store(self.store.chat, game_id, 50)
        self._presence(game_id)
        return {"type": "opened", "game": game_id, "side": seat, "info": self._info(live),
                "rev": live.rev, "base": 0,
                "entries": seatinfo.encode_entries(seatinfo.seat_entries(live.session, seat)),
                "snapshot": self._snapshot(live, seat),
                "chat": [{"number": c.number, "sender": c.sender, "text": c.text, "at": c.at}
                         for c in chat]}

    def _unwatch(self, client: Client, game_id: str) -> None:
        client.subs.pop(game_id, None)
        if self.watchers[game_id].pop(client, "gone") != "gone":
            self._presence(game_id)
        if not self.watchers[game_id]:
            del self.watchers[game_id]

    async def _leave(self, client: Client, data: dict[str, Any]) -> None:
        self._unwatch(client, P.text_field(data, "game", limit=64))

    def _seat(self, client: Client, data: dict[str, Any]) -> tuple[str, str]:
        game_id = P.text_field(data, "game", limit=64)
        if game_id not in client.subs:
            raise Refusal("not-open", "Open the game with its seat token first.")
        seat = client.subs[game_id]
        if seat is None:
            raise Refusal("not-yours", "A spectator watches; only the players play.")
        return game_id, seat

    async def _play(self, client: Client, data: dict[str, Any]) -> dict[str, Any] | None:
        return await self._change(client, data, "play")

    async def _undo(self, client: Client, data: dict[str, Any]) -> dict[str, Any] | None:
        return await self._change(client, data, "undo")

    async def _redo(self, client: Client, data: dict[str, Any]) -> dict[str, Any] | None:
        return await self._change(client, data, "redo")

    async def _change(self, client: Client, data: dict[str, Any], kind: str
                      ) -> dict[str, Any] | None:
        game_id, seat = self._seat(client, data)
        seq = P.int_field(data, "seq")
        sub = P.text_field(data, "sub", limit=64, required=False) or None
        async with self.locks[game_id]:
            live = await self._live(game_id)
            if sub is not None and live.applied(sub):
                return {"type": "done", "game": game_id, "sub": sub}
            await self._apply(live, seat, kind, data.get("action"), seq, sub)
        return None

    async def _apply(self, live: LiveGame, seat: str, kind: str, action_data: Any, seq: int,
                     sub: str | None) -> None:
        """Check, apply, commit, then tell everyone (the game's lock held)."""
        base = len(live.session.history)
        expected = live.rev
        try:
            if kind == "play":
                row = live.play(seat, live.decode(action_data), seq, sub)
                commit: Callable[[], Awaitable[None]] = lambda: self._store(  # noqa: E731
                    self.store.append, live.id, expected, row, live.summary(now_text()))
            elif kind == "undo":
                base = live.undo(seat, seq)
                length = base
                commit = lambda: self._store(  # noqa: E731
                    self.store.truncate, live.id, expected, length, live.summary(now_text()))
            else:
                row = live.redo(seat, seq, sub)
                commit = lambda: self._store(  # noqa: E731
                    self.store.append, live.id, expected, row, live.summary(now_text()))
        except Refusal:
            raise
        except Exception:
            log.exception("game %s: the rules failed on a %s", live.id, kind)
            self._drop(live.id)
            raise Refusal("error", "The server failed applying this; the game is as it "
                          "was.") from None
        try:
            await commit()
        except Conflict:
            self._drop(live.id)
            await self._resync(live.id)
            raise Refusal("stale", "The game has moved on since this was chosen; look again "
                          "and choose once more.") from None
        except Exception:
            log.exception("game %s: the store failed", live.id)
            self._drop(live.id)
            raise Refusal("error", "The server could not save this; the game is as it "
                          "was.") from None
        self._broadcast(live, base, sub)
        self._kick_computer(live)

    def _snapshot(self, live: LiveGame, seat: str | None) -> dict[str, Any]:
        return seatinfo.snapshot(live.session, seat, live.answering(),
                                 can_redo=live.can_redo(seat))

    def _broadcast(self, live: LiveGame, base: int, sub: str | None = None) -> None:
        """Each watcher its own update: the log from `base` on and the snapshot, for its
        seat only."""
        self.last_used[live.id] = time.monotonic()
        texts: dict[str | None, str] = {}
        for client, seat in list(self.watchers.get(live.id, {}).items()):
            if seat not in texts:
                texts[seat] = P.dumps({
                    "type": "update", "game": live.id, "rev": live.rev, "base": base,
                    "entries": seatinfo.encode_entries(
                        seatinfo.seat_entries(live.session, seat, base)),
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

    async def _probe(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        game_id, seat = self._seat(client, data)
        async with self.locks[game_id]:
            live = await self._live(game_id)
            rolls = False
            if live.answering() == seat:
                action = live.decode(data.get("action"))
                if action in live.session.legal_actions():
                    from engine.core.sampling import copy_state

                    probe = copy_state(live.session.state)
                    before = len(probe.dice.log)
                    with contextlib.suppress(Exception):
                        live.plugin.rules.apply(probe, action)
                    rolls = len(probe.dice.log) > before
        return {"type": "probed", "game": game_id, "rolls": rolls}

    async def _views(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        game_id = P.text_field(data, "game", limit=64)
        if game_id not in client.subs:
            raise Refusal("not-open", "Open the game first.")
        seat = client.subs[game_id]
        at = data.get("at")
        if not isinstance(at, list) or len(at) > 64:
            raise ProtocolError("bad-message", "'at' lists at most 64 positions")
        async with self.locks[game_id]:
            live = await self._live(game_id)
            length = len(live.session.history)
            if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= length
                       for n in at):
                raise ProtocolError("bad-message", "a position outside the game")
            from engine.net.wire import encode_value

            views = [encode_value(live.plugin.rules.view(live.session.state_at(n), seat))
                     for n in at]
        return {"type": "views", "game": game_id, "views": views}

    async def _chat(self, client: Client, data: dict[str, Any]) -> None:
        game_id, seat = self._seat(client, data)
        text = " ".join(P.text_field(data, "text", limit=P.MAX_CHAT).split())
        text = "".join(ch for ch in text if ch.isprintable())
        if not text:
            return
        live = await self._live(game_id)
        sender = live.seats[seat].name or live.plugin.side_names.get(seat, seat)
        at = now_text()
        number = await self._store(self.store.add_chat, game_id, sender, text, at,
                                   self.config.chat_keep)
        message = P.dumps({"type": "chat", "game": game_id, "number": number,
                           "sender": sender, "text": text, "at": at})
        for other in list(self.watchers.get(game_id, {})):
            other.push(message, self.config.outbox)

    async def _games(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        tokens = data.get("tokens")
        if not isinstance(tokens, list) or len(tokens) > 200 or not all(
                isinstance(t, str) and len(t) <= 64 for t in tokens):
            raise ProtocolError("bad-message", "'tokens' lists at most 200 seat tokens")
        found = await self._store(self.store.games_of, [P.digest(t) for t in tokens])
        games = []
        for row, side, seats in found:
            watching = set(self.watchers.get(row.id, {}).values())
            try:
                title = plugins.get(row.game).title
            except plugins.PluginError:
                title = row.game
            games.append({
                "game": row.id, "title": title, "game_id": row.game, "scenario": row.scenario,
                "side": side, "turn": row.turn, "decider": row.decider, "length": row.length,
                "your_move": row.decider == side and row.result is None,
                "updated": row.updated, "result": json.loads(row.result) if row.result else None,
                "seats": [{"side": s.side, "kind": s.kind, "level": s.level, "name": s.name,
                           "joined": s.kind != "human" or s.token_hash is not None,
                           "connected": s.side in watching} for s in seats]})
        return {"type": "games", "games": games}

    handlers: dict[str, Callable[[GameServer, Client, dict[str, Any]],
                                 Awaitable[dict[str, Any] | None]]] = {
        "hello": _hello, "create": _create, "join": _join, "open": _open, "leave": _leave,
        "play": _play, "undo": _undo, "redo": _redo, "probe": _probe, "views": _views,
        "chat": _chat, "games": _games,
    }

    # --- games in memory -----------------------------------------------------------------------

    async def _live(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
            self.last_used[game_id] = time.monotonic()
            return live
        loaded = await self._store(self.store.load, game_id)
        if loaded is None:
            raise Refusal("unknown-game", "No such game on this server.")
        live = self.live.get(game_id)  # loaded meanwhile by another message
        if live is not None:
            return live
        try:
            plugin = self._plugin(loaded.game.game)
            scenario = self._scenario(plugin, Path(loaded.game.scenario).name)
            live = rebuild(loaded, plugin, scenario)
        except Broken as err:
            raise Refusal("broken", f"This game cannot be rebuilt: {err}.") from None
        self.live[game_id] = live
        self.last_used[game_id] = time.monotonic()
        return live

    def _drop(self, game_id: str) -> None:
        self.live.pop(game_id, None)
        for key in [k for k in self.agents if k[0] == game_id]:
            del self.agents[key]

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
        """Catch a game up with the store (another process moved it on) and tell the
        watchers what changed."""
        old = self.live.get(game_id)
        loaded = await self._store(self.store.load, game_id)
        if loaded is None:
            return
        if old is not None and old.rev >= loaded.game.rev:
            return
        self._drop(game_id)
        base = common_length(old, loaded.actions) if old is not None else 0
        try:
            live = await self._live(game_id)
        except Refusal:
            return
        self._broadcast(live, base)
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
                action = await loop.run_in_executor(self._cpu, agent.choose,
                                                    live.plugin.rules, state, legal)
                async with self.locks[game_id]:
                    live = await self._live(game_id)
                    if live.rev != rev:
                        continue
                    await self._apply(live, seat, "play", action.to_json(), rev, None)
        except Refusal as err:
            log.warning("game %s: a computer seat's move was refused: %s", game_id, err.reason)
        except Exception:
            log.exception("game %s: a computer seat failed", game_id)
        finally:
            self.thinking.discard(game_id)


# --- running it --------------------------------------------------------------------------------


class EmbeddedServer:
    """A server on a thread of its own (the app's "Host on this computer", and tests):
    `start()` returns once it listens, `stop()` ends it."""

    def __init__(self, config: ServerConfig, store: Store | None = None) -> None:
        self.config = config
        self._store = store
        self.server: GameServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Future[None] | None = None

    def start(self, timeout: float = 30.0) -> int:
        self._thread = threading.Thread(target=self._run, name="wargames-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the server did not start in time")
        if self._error is not None:
            raise self._error
        assert self.server is not None
        return self.server.port

    def _run(self) -> None:
        async def main() -> None:
            try:
                self.server = GameServer(self.config, self._store)
                await self.server.start()
            except BaseException as err:
                self._error = err
                self._ready.set()
                return
            self._loop = asyncio.get_running_loop()
            self._stopped = self._loop.create_future()
            self._ready.set()
            try:
                await self._stopped
            finally:
                await self.server.stop()

        asyncio.run(main())

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.port

    def stop(self, timeout: float = 10.0) -> None:
        if self._loop is not None and self._stopped is not None:
            stopped = self._stopped
            self._loop.call_soon_threadsafe(_finish, stopped)
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> EmbeddedServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run(config: ServerConfig) -> int:
    """`wargames serve`: serve until interrupted (Ctrl+C or SIGTERM end it cleanly)."""
    import signal

    async def main() -> None:
        server = GameServer(config)
        await server.start()
        print(f"wargames: serving on {'wss' if config.tls_cert else 'ws'}://"
              f"{config.host}:{server.port} (database: {_shown(config.db or default_db())})",
              flush=True)
        stop = asyncio.get_running_loop().create_future()
        for sig in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().add_signal_handler(sig, _finish, stop)
        try:
            await stop
        finally:
            await server.stop()

    asyncio.run(main())
    return 0


def _finish(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _shown(address: str) -> str:
    """A database address without its password."""
    if "@" in address and "://" in address:
        scheme, _, rest = address.partition("://")
        return f"{scheme}://…@{rest.rpartition('@')[2]}"
    return address
