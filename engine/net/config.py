"""The server's settings and limits (`wargames serve --help` lists them; docs/online.md)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from engine.net import protocol as P


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


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
