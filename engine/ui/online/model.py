"""What "Play online…" asks a server and keeps on this machine, without drawing anything: the
server's address (checked, and remembered by the screen in the settings), the connection,
hosting and joining games (their seat tokens and invitation codes kept in `online/seats.json`,
`engine.net.tokens`), "My games" in words, and a server started inside the app.

Every request returns at once or within the connection's timeout; a refusal, an unreachable
server or a malformed answer becomes an `OnlineError` with one sentence for the screen.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from engine import plugins
from engine.core.actions import Action
from engine.core.game import GamePlugin
from engine.net.client import ClientError, Connection
from engine.net.config import ServerConfig
from engine.net.door import DoorError, Moved, Refused
from engine.net.hosting import EmbeddedServer
from engine.net.remote import RemoteDoor
from engine.net.tokens import SeatToken, SeatTokens

DEFAULT_ADDRESS = "ws://127.0.0.1:8765"
DEFAULT_PORT = 8765
SETTING = "online:server"
"""The key of the server's address in the launcher's settings."""
NAME_SETTING = "online:name"
"""The key of the name other players see."""
REQUEST_TIMEOUT = 8.0
OPENING_WAIT = 8.0
"""How long hosting waits for the server to take the game's options."""


class OnlineError(Exception):
    """What went wrong, in one sentence for the screen."""


def normal_address(text: str) -> str:
    """The server address typed, as a WebSocket URL (`ws://` added when no scheme is given,
    the default port when none is); ValueError with the reason when it is not one."""
    text = text.strip()
    if not text:
        raise ValueError("Type the server's address, for example ws://192.168.1.20:8765.")
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ValueError(f"{text[:80]!r} is not a server address (its port is not a number "
                         "from 1 to 65535).") from None
    if parts.scheme not in ("ws", "wss"):
        raise ValueError("A server address starts with ws:// or, with TLS, wss://.")
    if not parts.hostname or any(c.isspace() for c in text):
        raise ValueError(f"{text[:80]!r} names no computer (ws://HOST:PORT).")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError("A server address is ws://HOST:PORT, with nothing after the port.")
    if port is None and parts.scheme == "ws":
        port = DEFAULT_PORT
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


def lan_address() -> str:
    """This computer's address on its local network, as friends would type it (the loopback
    address when there is no network). Nothing is sent: a UDP socket only picks its route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a listed game."""

    side: str
    name: str
    """The side as the game names it."""
    kind: str
    """"human", "computer" or "none"."""
    level: str = ""
    player: str = ""
    joined: bool = True
    connected: bool = False


@dataclass(frozen=True, slots=True)
class MyGame:
    """A game of "My games": what the server says of it, in the game's words."""

    game: str
    title: str
    scenario: str
    """The scenario's file name without .yaml."""
    side: str
    side_name: str
    turn: int
    decider: str
    your_move: bool
    updated: str
    over: bool
    seats: tuple[Seat, ...]
    invites: Mapping[str, str] = field(default_factory=dict)
    token: str = ""
    game_id: str = ""
    """The game's plugin id ("baler")."""

    def opponents(self) -> str:
        """The other seats: who plays each, or the code that still waits for its player."""
        parts = []
        for seat in self.seats:
            if seat.side == self.side:
                continue
            if seat.kind == "computer":
                who = f"computer ({seat.level})" if seat.level else "computer"
            elif seat.kind == "none":
                continue
            elif not seat.joined:
                code = self.invites.get(seat.side)
                who = f"not joined yet (code {code})" if code else "not joined yet"
            else:
                who = (seat.player or "a player") + (" · here now" if seat.connected else "")
            parts.append(f"{seat.name}: {who}")
        return "; ".join(parts) or "no opponent"

    def state(self) -> str:
        """The turn and whose move it is."""
        if self.over:
            return "Game over"
        turn = f"Turn {self.turn}" if self.turn else "Setting up"
        if self.your_move:
            return f"{turn} · your move"
        names = {s.side: s.name for s in self.seats}
        return f"{turn} · {names.get(self.decider, self.decider) or 'nobody'} to move"


def activity(updated: str, now: datetime | None = None) -> str:
    """How long ago a game last changed, in words ("3 min ago"); the text itself when it is
    not a time."""
    try:
        when = datetime.fromisoformat(updated)
    except ValueError:
        return updated[:40]
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    seconds = max(0, int(((now or datetime.now(UTC)) - when).total_seconds()))
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{seconds // 60} min ago"
    if seconds < 86400:
        return f"{seconds // 3600} h ago"
    return f"{seconds // 86400} days ago" if seconds >= 2 * 86400 else "yesterday"


@dataclass(frozen=True, slots=True)
class Spectating:
    """A spectators' code typed in "Join with a code": the game it opens on its public view
    (nothing is kept: the code itself opens it again)."""

    game: str
    code: str


@dataclass(frozen=True, slots=True)
class Hosted:
    """A game just created: its id, the codes to give the other players, the spectators'."""

    game: str
    invites: Mapping[str, str]
    spectate: str | None
    problem: str = ""
    """Set when the game was created but its options could not be given (the game asks them
    on its screen instead)."""


class OnlineModel:
    """The connection to one server at a time and the seats this machine holds on it."""

    def __init__(self, tokens: SeatTokens, name: str = "",
                 connect: Callable[[str, str], Connection] | None = None,
                 games: Mapping[str, GamePlugin] | None = None) -> None:
        self.tokens = tokens
        self.name = name
        self._connect = connect if connect is not None else _connect
        self._games = games
        self.address = ""
        self.connection: Connection | None = None

    # --- the connection ------------------------------------------------------------------------

    def connect(self, text: str) -> str:
        """Connect to the address typed (closing any earlier connection); the address as it
        was understood. ValueError when it is not an address."""
        address = normal_address(text)
        self.close()
        self.address = address
        self.connection = self._connect(address, self.name)
        return address

    @property
    def connected(self) -> bool:
        return self.connection is not None and self.connection.connected

    def status(self) -> str:
        if self.connection is None:
            return "Not connected."
        if self.connection.connected:
            return f"Connected to {self.address}."
        return f"{self.address}: {self.connection.status}."

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _call(self, message: dict[str, Any]) -> dict[str, Any]:
        if self.connection is None:
            raise OnlineError("Connect to a server first.")
        try:
            return self.connection.call(message, REQUEST_TIMEOUT)
        except ClientError as err:
            raise OnlineError(_sentence(str(err))) from None

    # --- games ---------------------------------------------------------------------------------

    def plugin(self, game_id: str) -> GamePlugin | None:
        if self._games is not None:
            return self._games.get(game_id)
        try:
            return plugins.get(game_id)
        except plugins.PluginError:
            return None

    def my_games(self) -> list[MyGame]:
        """The games this machine holds a seat of on the server, those waiting for this
        side's move first, then the most recently active."""
        seats = {s.token: s for s in self.tokens.seats(self.address)}
        if not seats:
            return []
        answer = self._call({"type": "games", "tokens": list(seats)[:200]})
        by_game = {s.game: s for s in seats.values()}
        found = []
        for row in answer.get("games", []):
            try:
                found.append(self._my_game(row, by_game))
            except (KeyError, TypeError, ValueError):
                continue  # a row this version cannot read is left out, not shown half
        found.sort(key=lambda g: g.updated, reverse=True)
        found.sort(key=lambda g: (g.over, not g.your_move))
        return found

    def _my_game(self, row: Mapping[str, Any], by_game: Mapping[str, SeatToken]) -> MyGame:
        plugin = self.plugin(str(row["game_id"]))
        names = plugin.side_names if plugin is not None else {}
        held = by_game.get(str(row["game"]))
        seats = tuple(Seat(str(s["side"]), names.get(str(s["side"]), str(s["side"])),
                           str(s["kind"]), str(s.get("level") or ""), str(s.get("name") or ""),
                           bool(s.get("joined")), bool(s.get("connected")))
                      for s in row["seats"])
        side = str(row["side"])
        scenario = str(row.get("scenario") or "")
        return MyGame(str(row["game"]), str(row["title"]),
                      scenario.rsplit("/", 1)[-1].removesuffix(".yaml"), side,
                      names.get(side, side), int(row.get("turn") or 0),
                      str(row.get("decider") or ""), bool(row.get("your_move")),
                      str(row.get("updated") or ""), row.get("result") is not None, seats,
                      dict(held.invites) if held is not None else {},
                      held.token if held is not None else "", str(row["game_id"]))

    def host(self, plugin: GamePlugin, scenario: str, seats: Mapping[str, str], take: str,
             spectators: bool = False, opening: Action | None = None) -> Hosted:
        """Create a game on the server: `seats` maps each side to "human",
        "computer:LEVEL" or "none"; `take` is this player's side; `opening` the answer to the
        game's options, given at once through this player's seat."""
        created = self._call({"type": "create", "game": plugin.id, "scenario": scenario,
                              "seats": dict(seats), "take": take, "name": self.name,
                              "spectators": spectators})
        try:
            game, token = str(created["game"]), str(created["token"])
            invites = {str(k): str(v) for k, v in dict(created.get("invites") or {}).items()}
        except (KeyError, TypeError, ValueError):
            raise OnlineError("The server's answer could not be read.") from None
        self.tokens.remember(SeatToken(self.address, game, token, take, plugin.title, invites))
        problem = self._give_opening(token, opening) if opening is not None else ""
        spectate = created.get("spectate")
        return Hosted(game, invites, str(spectate) if spectate else None, problem)

    def _give_opening(self, token: str, opening: Action) -> str:
        assert self.connection is not None
        try:
            door = RemoteDoor(self.connection, token=token, timeout=REQUEST_TIMEOUT)
        except DoorError as err:
            return _sentence(str(err))
        try:
            end = time.monotonic() + OPENING_WAIT
            while opening not in door.legal():
                if time.monotonic() > end or door.length:
                    return "The game asks its options on its screen."
                door.poll()
                time.sleep(0.02)
            door.play(opening, door.revision)
            while time.monotonic() < end:
                for update in door.poll():
                    if isinstance(update, Moved):
                        return ""
                    if isinstance(update, Refused):
                        return _sentence(update.reason)
                time.sleep(0.02)
            return "The server did not take the options in time."
        finally:
            door.close()

    def join(self, code: str) -> SeatToken | Spectating:
        """Take the seat an invitation code names (the seat token is kept), or, for a
        spectators' code, the game it lets one watch."""
        if not "".join(c for c in code if c.isalnum()):
            raise OnlineError("Type the invitation code you were given (like K7QF2-MXD9A).")
        joined = self._call({"type": "join", "code": code[:40], "name": self.name})
        if not joined.get("token"):
            return Spectating(str(joined.get("game") or ""), code[:40].strip())
        seat = SeatToken(self.address, str(joined["game"]), str(joined["token"]),
                         str(joined.get("side") or ""))
        self.tokens.remember(seat)
        return seat

    def forget(self, game: str) -> None:
        self.tokens.forget(self.address, game)


def _connect(address: str, name: str) -> Connection:
    connection = Connection(address, name=name)
    connection.timeout = REQUEST_TIMEOUT
    # a server on the same network answers well within this; one farther away is shown
    # "connecting" and listed once it answers
    return connection.start(wait=0.5)


def _sentence(text: str) -> str:
    text = text.strip() or "The server refused."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class LocalHost:
    """"Host on this computer": a server on a thread of the app, on every network of this
    computer (`host` "0.0.0.0") so friends on the same network can join."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config if config is not None else ServerConfig(host="0.0.0.0",
                                                                     port=DEFAULT_PORT)
        self.server: EmbeddedServer | None = None

    @property
    def running(self) -> bool:
        return self.server is not None

    def start(self) -> int:
        """Start the server; its port. OnlineError when it cannot listen (the port is taken:
        another server already runs here)."""
        if self.server is not None:
            return self.server.port
        server = EmbeddedServer(self.config)
        try:
            port = server.start()
        except OSError as err:
            server.stop()
            raise OnlineError(f"This computer cannot host on port {self.config.port} "
                              f"({err.strerror or err}); is a server already running here?"
                              ) from None
        except Exception as err:
            server.stop()
            raise OnlineError(_sentence(f"the server did not start: {err}")) from None
        self.server = server
        return port

    def addresses(self) -> tuple[str, str]:
        """(the address this app connects to, the address to give friends)."""
        assert self.server is not None
        port = self.server.port
        friend = self.config.host if self.config.host not in ("0.0.0.0", "") else lan_address()
        return f"ws://127.0.0.1:{port}", f"ws://{friend}:{port}"

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None


def seats_spec(choices: Mapping[str, str]) -> tuple[dict[str, str], str | None]:
    """The `create` seats from one choice per side ("me", "invite", "computer:LEVEL",
    "none") and the side taken; the side is None unless exactly one seat is "me"."""
    mine = [side for side, choice in choices.items() if choice == "me"]
    seats = {side: "human" if choice in ("me", "invite") else choice
             for side, choice in choices.items()}
    return seats, mine[0] if len(mine) == 1 else None


def seat_choices(plugin: GamePlugin, levels: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(value, label) of each seat choice the host dialog offers for a side of `plugin`."""
    choices = [("me", "Me"), ("invite", "Invite")]
    from engine.ai.registry import level_name

    choices += [(f"computer:{level}", level_name(level)) for level in levels]
    if len(plugin.sides) > 2:
        choices.append(("none", "Nobody"))
    return tuple(choices)
