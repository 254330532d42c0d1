"""The seat tokens the app keeps (docs/online.md, "Seats and invitations"): one JSON file in the
user data folder, `online/seats.json`, readable by its owner only, with each server's seats:
`{"servers": {URL: {GAME_ID: {"token", "side", "title", "invites"}}}, "last_server": URL}`
("invites": the invitation codes of the seats a game's creator asked others to take, so the
launcher can show them again until they are used).

A token is the seat: whoever has it plays that side. The file is written atomically with mode
0600; a damaged or hostile file reads as empty (the seats in it are then lost from this
machine, not given to anyone), and nothing in it is trusted beyond its shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.files import FileRefused, read_limited
from engine.core.saves import atomic_write_text

MAX_BYTES = 4 << 20


@dataclass(frozen=True, slots=True)
class SeatToken:
    server: str
    game: str
    token: str
    side: str
    title: str = ""
    invites: dict[str, str] = field(default_factory=dict, compare=False)
    """Side -> invitation code, for a game this machine created."""


def default_path() -> Path:
    from engine.paths import user_data

    return user_data() / "online" / "seats.json"


class SeatTokens:
    """The seats this machine holds, by server and game."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self._data = self._read()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(read_limited(self.path, MAX_BYTES).decode("utf-8"))
        except (FileRefused, OSError, ValueError, RecursionError):
            return {"servers": {}}
        if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
            return {"servers": {}}
        return data

    def seats(self, server: str) -> list[SeatToken]:
        games = self._data["servers"].get(server)
        if not isinstance(games, dict):
            return []
        found = []
        for game, seat in games.items():
            if isinstance(seat, dict) and all(isinstance(seat.get(k), str)
                                              for k in ("token", "side")):
                invites = seat.get("invites")
                codes = {str(k): v for k, v in invites.items() if isinstance(v, str)} \
                    if isinstance(invites, dict) else {}
                found.append(SeatToken(server, str(game), seat["token"], seat["side"],
                                       str(seat.get("title", "")), codes))
        return found

    @property
    def last_server(self) -> str:
        value = self._data.get("last_server")
        return value if isinstance(value, str) else ""

    def remember(self, seat: SeatToken) -> None:
        servers = self._data["servers"]
        games = servers.setdefault(seat.server, {})
        if not isinstance(games, dict):
            games = servers[seat.server] = {}
        games[seat.game] = {"token": seat.token, "side": seat.side, "title": seat.title,
                            **({"invites": dict(seat.invites)} if seat.invites else {})}
        self._data["last_server"] = seat.server
        self._write()

    def forget(self, server: str, game: str) -> None:
        games = self._data["servers"].get(server)
        if isinstance(games, dict) and games.pop(game, None) is not None:
            self._write()

    def _write(self) -> None:
        # the temporary file atomic_write_text renames into place is created 0600
        atomic_write_text(self.path, json.dumps(self._data, indent=1) + "\n")
