"""Running the server: `wargames serve` in this process (`run`), or on a thread of the app
(`EmbeddedServer`: "Host on this computer", and the tests)."""

from __future__ import annotations

import asyncio
import threading

from engine.net.config import ServerConfig, default_db
from engine.net.server import GameServer
from engine.net.store import Store


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
