"""Save files: a JSON action log that rebuilds a game by replaying it (DESIGN.md §3).

Format: `{format, game, scenario, scenario_sha256, seed, actions: [...], state_hash, players,
turn}`. Loading replays every action through the rules and checks the final state hash. A bad file
raises `SaveError` with a message fit for the player and is never written to.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.actions import ActionCodec, IllegalActionError
from engine.core.game import Rules, Scenario
from engine.core.session import Session

FORMAT = 1


class SaveError(Exception):
    """A save file that cannot be used; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class SaveFile:
    game: str
    scenario: str
    scenario_sha256: str
    seed: int
    actions: tuple[Mapping[str, Any], ...]
    state_hash: str
    players: Mapping[str, str] = field(default_factory=dict)
    turn: int = 0


def save_data(session: Session, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The JSON object that `write_save` stores for `session`."""
    return {
        "format": FORMAT,
        "game": session.rules.game_id,
        "scenario": session.scenario.path,
        "scenario_sha256": session.scenario.sha256,
        "seed": session.seed,
        "turn": session.state.turn,
        "players": dict(players or {}),
        "actions": [e.action.to_json() for e in session.history],
        "state_hash": session.state_hash(),
    }


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder, then rename it in place,
    so a crash never leaves a half-written file behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_save(path: Path, session: Session, players: Mapping[str, str] | None = None) -> None:
    atomic_write_text(path, json.dumps(save_data(session, players), indent=1) + "\n")


def read_save(path: Path) -> SaveFile:
    """Parse and check the shape of a save file (it is only read, never modified)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{path}: cannot read the save file ({err})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(
            f"{path}: the save file is damaged or truncated (JSON error at line {err.lineno}, "
            f"column {err.colno}: {err.msg})"
        ) from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise SaveError(
            f"{path}: unsupported save format {data.get('format')!r} (this version reads {FORMAT})"
        )
    expected = {
        "game": str, "scenario": str, "scenario_sha256": str, "seed": int,
        "actions": list, "state_hash": str,
    }
    for key, typ in expected.items():
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise SaveError(f"{path}: the save file has no valid '{key}' entry")
    players = data.get("players", {})
    if not isinstance(players, dict):
        raise SaveError(f"{path}: the save file has no valid 'players' entry")
    turn = data.get("turn", 0)
    return SaveFile(
        game=data["game"],
        scenario=data["scenario"],
        scenario_sha256=data["scenario_sha256"],
        seed=data["seed"],
        actions=tuple(data["actions"]),
        state_hash=data["state_hash"],
        players={str(k): str(v) for k, v in players.items()},
        turn=turn if isinstance(turn, int) else 0,
    )


def restore(save: SaveFile, rules: Rules[Any], scenario: Scenario, origin: str = "") -> Session:
    """Rebuild the session a save describes by replaying its actions; checks the scenario digest
    and the final state hash."""
    where = f"{origin}: " if origin else ""
    if save.game != rules.game_id:
        raise SaveError(f"{where}this save is for the game '{save.game}', not '{rules.game_id}'")
    if save.scenario_sha256 != scenario.sha256:
        raise SaveError(
            f"{where}the scenario '{scenario.name}' has changed since this game was saved "
            "(its files no longer match the save), so the game cannot be replayed"
        )
    codec = ActionCodec(rules.action_types)
    session = Session(rules, scenario, save.seed)
    for i, raw in enumerate(save.actions, start=1):
        try:
            action = codec.decode(raw)
            session.play(action)
        except (ValueError, TypeError) as err:
            raise SaveError(f"{where}action {i} of the save is damaged: {err}") from None
        except IllegalActionError as err:
            raise SaveError(
                f"{where}action {i} of the save is not legal on replay: {err}"
            ) from None
    if session.state_hash() != save.state_hash:
        raise SaveError(
            f"{where}replaying the save did not reach the saved position (state hash differs)"
        )
    return session
