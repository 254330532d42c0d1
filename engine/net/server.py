"""`wargames serve`: the authoritative game server's connections and messages (DESIGN.md §9,
docs/online.md); the games themselves are `engine.net.host`'s.

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
import dataclasses
import json
import logging
import random
import secrets
import ssl
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.core.actions import Action
from engine.net import protocol as P
from engine.net import seat as seatinfo
from engine.net.config import Bucket, ServerConfig, now_text
from engine.net.host import Client, GameHost, log
from engine.net.live import Broken, LiveGame, Refusal, rebuild
from engine.net.protocol import ProtocolError
from engine.net.store import GameRow, Loaded, SeatRow, Store


class GameServer(GameHost):
    """The server: `await start()`, then `await stop()` (or `serve_forever`)."""

    def __init__(self, config: ServerConfig, store: Store | None = None) -> None:
        super().__init__(config, store)
        self.per_address: dict[str, int] = defaultdict(int)
        self.address_buckets: dict[str, Bucket] = {}
        self.wrong: dict[str, list[float]] = defaultdict(list)
        self.creates: dict[str, list[float]] = defaultdict(list)
        self._server: Server | None = None

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
            close_timeout=2, max_queue=8, server_header="wargames",
            logger=logging.getLogger("wargames.ws"))
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
        self._loader.shutdown(wait=False, cancel_futures=True)
        await self._store(self.store.close)
        self._db.shutdown(wait=True)

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.stop()

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
            if client.ws.close_code is not None:
                return
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
                text = await client.outbox.get()
                try:
                    await client.ws.send(text)
                finally:
                    client.outbox.task_done()

    async def _close(self, client: Client, reason: str) -> None:
        """Close with a policy violation, after what was queued for the client (its refusal)
        has been written."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.outbox.join(), 1.0)
        await client.ws.close(1008, reason[:100])

    def _send(self, client: Client, message: dict[str, Any]) -> None:
        client.push(P.dumps(message), self.config.outbox)

    async def _message(self, client: Client, bucket: Bucket, raw: str | bytes,
                       hello: bool = False) -> None:
        request = game = None
        try:
            flooding = not (client.bucket.take() and bucket.take())
            data = P.parse(raw)
            request = data.get("id")
            game = data.get("game") if isinstance(data.get("game"), str) else None
            if flooding:
                # the refusal names the request, so a client waiting for its answer (a move
                # it submitted) hears why instead of waiting for ever
                client.bad += 1
                if client.bad >= self.config.max_bad:
                    await self._close(client, "too many messages")
                elif not client.warned or request is not None:
                    client.warned = True
                    self._send(client, {"type": "error", "re": request, "game": game,
                                        "code": "rate",
                                        "reason": "too many messages; wait a moment and try "
                                                  "again"})
                return
            client.warned = False
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
                await self._close(client, err.reason)
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
            asyncio.ensure_future(self._close(client, "too many wrong codes"))

    # --- messages ------------------------------------------------------------------------------

    async def _hello(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        client.name = P.text_field(data, "name", limit=40, required=False)
        return {"type": "welcome", "server": "wargames", "games": self.game_ids,
                "limits": {"message": self.config.max_message, "chat": P.MAX_CHAT,
                           "rate": self.config.rate}}

    async def _create(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        now = time.monotonic()
        recent = [t for t in self.creates[client.address] if now - t < 3600]
        if len(recent) >= self.config.creates_per_hour:
            raise Refusal("limit", "Too many games created from your address this hour.")
        self.creates[client.address] = [*recent, now]
        plugin = self._plugin(P.text_field(data, "game", limit=64))
        scenario = await self._scenario(plugin, P.text_field(data, "scenario", required=False))
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
            known = live.seats.get(seat)
            if known is None:
                raise Refusal("unknown-token", "This seat token opens no game here.")
            if not P.same_digest(known.token_hash, token_hash):
                # the seat was taken through another server process since this one loaded it
                live.seats[seat] = dataclasses.replace(known, token_hash=token_hash,
                                                       invite_hash=None)
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
                "entries": seatinfo.encode_entries(seatinfo.seat_entries(
                    live.session, seat, reasons=live.reasons())),
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

    async def _probe(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        """Would this answer roll dice now? Tried on a copy in which all the seat may not see
        is redrawn (`determinize`, fresh dice included), so the answer cannot tell whether,
        say, the other hand holds a card that would interrupt first."""
        game_id, seat = self._seat(client, data)
        async with self.locks[game_id]:
            live = await self._live(game_id)
            rolls = False
            if live.answering() == seat:
                action = live.decode(data.get("action"))
                if action in live.session.legal_actions():
                    rolls = _would_roll(live, seat, action)
        return {"type": "probed", "game": game_id, "rolls": rolls}

    async def _hint(self, client: Client, data: dict[str, Any]) -> dict[str, Any]:
        """What would the computer do in this seat's place (`GameHost.suggest`)?"""
        game_id, seat = self._seat(client, data)
        return await self.suggest(game_id, seat, P.int_field(data, "seq"))

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
                title = self._plugin(row.game).title
            except Refusal:
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
        "chat": _chat, "games": _games, "hint": _hint,
    }


def _would_roll(live: LiveGame, seat: str, action: Action) -> bool:
    from engine.core.sampling import copy_state

    rules: Any = live.plugin.rules
    state = live.session.state
    determinize = getattr(rules, "determinize", None)
    probe = determinize(state, seat, random.Random(live.rev)) if callable(determinize) \
        else copy_state(state)
    return seatinfo.rolls_on(rules, probe, action)
