"""Save files: a JSON action log that rebuilds a game by replaying it (DESIGN.md §3).

Format 2: `{format, game, scenario, scenario_sha256, seed, dice, actions: [...], state_hash,
players, turn, phase, saved}`, and for a game with fresh dice (`dice: "fresh"`, a game started
without a seed) `setup_rolls` and `rolls`, one list per action: the outcomes each drew
(engine.core.dice.FreshDice), so the save holds what has been rolled and nothing of what is to
come. Format 1 (no `dice`: seeded) still loads; `phase` and `saved`, the date, came later and
older saves load without them. `players` maps each seat in play to "human" or
"computer:LEVEL" (the level the seat plays at, so a reload plays the same opponent); older saves
say "computer" alone, which loads as the game's default level; a seat outside the game's players
(`EMPTY_SEAT`) is not written. Loading replays every action through the rules, with its recorded
outcomes, and checks the final state hash. A save file is
input we did not necessarily write (DESIGN.md §8): it is read only if it is a regular file under
`MAX_SAVE_BYTES`, every entry is checked for type and size before use, each action must be one of
the legal choices when it is replayed, and any failure at all, whatever raised it, becomes one
`SaveError` line that quotes nothing from the file beyond a short, sanitised value.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, Final

from engine.core.actions import ActionCodec
from engine.core.dice import RecordedRollsError
from engine.core.files import NO_SUCH_FILE, FileRefused, display, read_limited
from engine.core.game import Rules, Scenario
from engine.core.session import Session

FORMAT = 2
READS: Final = (1, 2)
"""The formats this version loads (1: every game seeded, no `dice` entry)."""
MAX_SAVE_BYTES: Final = 32 << 20
"""A whole Guerra game saves to well under 2 MB; anything far larger is not one of ours."""
MAX_ACTIONS: Final = 200_000
MAX_DEPTH: Final = 4
"""Action fields are JSON scalars or lists of them (a hex as [q, r], a list of ids)."""
MAX_TEXT: Final = 200
"""The longest string an action field or a save entry may hold."""
MAX_INT: Final = 2**63
MAX_OUTCOME: Final = 2**31
"""A recorded outcome is an index into a die's faces, a deck, a bag or a shuffle."""
MAX_ROLLS: Final = 1_000_000
"""Recorded outcomes in one save; a whole game draws a few thousand."""
EMPTY_SEAT: Final = "empty"
"""The players value of a seat outside the number of players chosen (Guerra's second seats in a
game of two): it never decides, and the save does not list it."""
_GAME_ID: Final = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")
_DIGEST: Final = re.compile(r"[0-9a-f]{64}")


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
    phase: str = ""
    """The phase of the turn at the save, in words ("action", "first shootings"); "" if unknown."""
    saved: str = ""
    """When the save was written (ISO date and time, local); "" in saves older than the field."""
    fresh: bool = False
    """The game's dice draw fresh outcomes; they are in `setup_rolls` and `rolls`."""
    setup_rolls: tuple[int, ...] = ()
    rolls: tuple[tuple[int, ...], ...] = ()
    """One tuple per action: the outcomes it drew (fresh dice only)."""


def phase_name(state: Any) -> str:
    """The game state's phase in words, for the load list ("" when the game has no phases)."""
    phase = getattr(state, "phase", None)
    if phase is None:
        return ""
    text = phase.value if isinstance(phase, Enum) else phase
    return str(text).replace("_", " ").replace("-", " ")


def save_data(session: Session, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The JSON object that `write_save` stores for `session`."""
    return {
        "format": FORMAT,
        "game": session.rules.game_id,
        "scenario": session.scenario.path,
        "scenario_sha256": session.scenario.sha256,
        "seed": session.seed,
        "turn": session.state.turn,
        "phase": phase_name(session.state),
        "saved": datetime.now().isoformat(timespec="seconds"),
        "players": {seat: who for seat, who in (players or {}).items() if who != EMPTY_SEAT},
        "actions": [e.action.to_json() for e in session.history],
        "state_hash": session.state_hash(),
        **_dice_data(session),
    }


def _dice_data(session: Session) -> dict[str, Any]:
    if not session.fresh:
        return {"dice": "seeded"}
    return {"dice": "fresh", "setup_rolls": list(session.setup_rolls),
            "rolls": [list(e.rolls) for e in session.history]}


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
    where = display(path)
    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
    except FileRefused as err:
        if str(err) == NO_SUCH_FILE:
            raise SaveError(f"{where}: no such save file") from None
        raise SaveError(f"{where}: cannot read the save file ({err})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{where}: not a save file (not UTF-8 text)") from None
    except json.JSONDecodeError as err:
        raise SaveError(
            f"{where}: the save file is damaged or truncated (JSON error at line {err.lineno}, "
            f"column {err.colno}: {err.msg})"
        ) from None
    except RecursionError:
        raise SaveError(f"{where}: not a save file (its data is nested too deeply)") from None
    except (ValueError, MemoryError):
        # json refuses integers of more than 4,300 digits with a plain ValueError
        raise SaveError(f"{where}: not a save file (it holds a value too large to read)") from None
    try:
        return _checked(data, where)
    except SaveError:
        raise
    except Exception as err:  # the boundary: whatever the content, one line, no traceback
        raise SaveError(f"{where}: not a usable save file ({type(err).__name__})") from None


def _checked(data: Any, where: str) -> SaveFile:
    if not isinstance(data, dict):
        raise SaveError(f"{where}: not a save file (expected a JSON object)")
    found = data.get("format")
    if found not in READS or isinstance(found, bool):
        shown = display(found, 20) if isinstance(found, int | str) else type(found).__name__
        raise SaveError(
            f"{where}: unsupported save format {shown} (this version reads "
            f"{' and '.join(str(f) for f in READS)})"
        )
    expected = {
        "game": str, "scenario": str, "scenario_sha256": str, "seed": int,
        "actions": list, "state_hash": str,
    }
    for key, typ in expected.items():
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise SaveError(f"{where}: the save file has no valid '{key}' entry")

    def bad(key: str) -> SaveError:
        return SaveError(f"{where}: the save file has no valid '{key}' entry")

    if not _GAME_ID.fullmatch(data["game"]):
        raise bad("game")
    scenario = data["scenario"]
    if not 0 < len(scenario) <= 1024 or "\x00" in scenario or not _encodable(scenario):
        raise bad("scenario")
    if not _DIGEST.fullmatch(data["scenario_sha256"]):
        raise bad("scenario_sha256")
    if not -MAX_INT < data["seed"] < MAX_INT:
        raise bad("seed")
    if not 0 < len(data["state_hash"]) <= MAX_TEXT:
        raise bad("state_hash")
    actions = data["actions"]
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"{where}: the save file holds too many actions ({len(actions)})")
    for i, raw in enumerate(actions, start=1):
        problem = _action_problem(raw)
        if problem:
            raise SaveError(f"{where}: action {i} of the save is damaged ({problem})")
    players = data.get("players", {})
    if not isinstance(players, dict) or len(players) > 16 or not all(
        isinstance(k, str) and isinstance(v, str) and len(k) <= 64 and len(v) <= 64
        and _encodable(k) and _encodable(v) for k, v in players.items()
    ):
        raise bad("players")
    fresh, setup_rolls, rolls = _checked_rolls(data, len(actions), bad)
    turn = data.get("turn", 0)
    phase = data.get("phase", "")
    saved = data.get("saved", "")
    return SaveFile(
        game=data["game"],
        scenario=scenario,
        scenario_sha256=data["scenario_sha256"],
        seed=data["seed"],
        actions=tuple(actions),
        state_hash=data["state_hash"],
        players=dict(players),
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool)
        and 0 <= turn < MAX_INT else 0,
        phase=display(phase, 40) if isinstance(phase, str) else "",
        saved=saved if isinstance(saved, str) and _is_date(saved) else "",
        fresh=fresh,
        setup_rolls=setup_rolls,
        rolls=rolls,
    )


def _checked_rolls(data: dict[str, Any], actions: int, bad: Callable[[str], SaveError]
                   ) -> tuple[bool, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The `dice` entry and, for fresh dice, the recorded outcomes: a list of small whole
    numbers for the set-up and one per action."""
    kind = data.get("dice", "seeded")
    if kind not in ("seeded", "fresh"):
        raise bad("dice")
    if kind == "seeded":
        return False, (), ()
    setup, rolls = data.get("setup_rolls"), data.get("rolls")
    if not isinstance(setup, list) or not _outcomes(setup):
        raise bad("setup_rolls")
    if not isinstance(rolls, list) or len(rolls) != actions \
            or not all(isinstance(r, list) and _outcomes(r) for r in rolls) \
            or len(setup) + sum(len(r) for r in rolls) > MAX_ROLLS:
        raise bad("rolls")
    return True, tuple(setup), tuple(tuple(r) for r in rolls)


def _outcomes(values: list[Any]) -> bool:
    return len(values) <= MAX_ROLLS and all(
        type(v) is int and 0 <= v < MAX_OUTCOME for v in values)


def _action_problem(raw: Any) -> str:
    """Why a stored action cannot be one of ours ("" when its shape is fine)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        return "not an action object"
    if len(raw) > 32:
        return "too many fields"
    for key, value in raw.items():
        if not isinstance(key, str) or len(key) > 64:
            return "a field name is not valid"
        problem = _value_problem(value, 0)
        if problem:
            return f"field {display(key, 40)!r}: {problem}"
    return ""


def _value_problem(value: Any, depth: int) -> str:
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, int):
        return "" if -MAX_INT < value < MAX_INT else "a number far too large"
    if isinstance(value, float):
        return "" if value == value and abs(value) != float("inf") else "not a finite number"
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            return f"a text of {len(value)} characters"
        return "" if _encodable(value) and "\x00" not in value else "a text that is not valid"
    if isinstance(value, list):
        if depth >= MAX_DEPTH:
            return "lists nested too deeply"
        if len(value) > 1000:
            return "a list far too long"
        return next((p for p in (_value_problem(v, depth + 1) for v in value) if p), "")
    return f"a {type(value).__name__} where an action holds only numbers, texts and lists"


def _encodable(text: str) -> bool:
    """False for a text with lone surrogates (which cannot be written or drawn)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_date(text: str) -> bool:
    if len(text) > 40:
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def restore(save: SaveFile, rules: Rules[Any], scenario: Scenario, origin: str = "") -> Session:
    """Rebuild the session a save describes by replaying its actions; checks the scenario digest
    and the final state hash. Every failure, whatever raised it, is a SaveError."""
    where = f"{display(origin)}: " if origin else ""
    if save.game != rules.game_id:
        raise SaveError(f"{where}this save is for the game '{display(save.game)}', "
                        f"not '{rules.game_id}'")
    if save.scenario_sha256 != scenario.sha256:
        raise SaveError(
            f"{where}the scenario '{scenario.name}' has changed since this game was saved "
            "(its files no longer match the save), so the game cannot be replayed"
        )
    try:
        session = Session(rules, scenario, save.seed, fresh=save.fresh,
                          setup_rolls=save.setup_rolls if save.fresh else None)
    except RecordedRollsError:
        raise SaveError(f"{where}the recorded outcomes of the set-up do not fit the "
                        "game (the save's rolls were changed)") from None
    except Exception as err:  # the boundary: a seed the rules cannot use
        raise SaveError(f"{where}the game cannot be set up from this save "
                        f"({type(err).__name__})") from None
    codec = ActionCodec(rules.action_types)
    for i, raw in enumerate(save.actions, start=1):
        try:
            action = codec.decode(raw)
        except Exception as err:
            raise SaveError(f"{where}action {i} of the save is damaged: {display(err)}") from None
        try:
            # Checked here against the decision's own choices, so an action with a field the
            # rules never offer (a level of 12345) is refused before the rules look into it.
            legal = action in session.legal_actions()
            if legal:
                session.play(action, check_legal=False,
                             rolls=save.rolls[i - 1] if save.fresh else None)
        except RecordedRollsError:
            raise SaveError(f"{where}action {i} of the save could not be replayed: its "
                            "recorded outcomes do not fit it (the save's rolls were "
                            "changed)") from None
        except Exception as err:
            raise SaveError(f"{where}action {i} of the save could not be replayed "
                            f"({type(err).__name__})") from None
        if not legal:
            raise SaveError(f"{where}action {i} of the save is not legal on replay: "
                            f"{display(_describe(action))} is not one of the choices then")
    if session.state_hash() != save.state_hash:
        raise SaveError(
            f"{where}replaying the save did not reach the saved position (state hash differs)"
        )
    return session


def _describe(action: Any) -> str:
    try:
        return str(action.describe())
    except Exception:  # a describe() that trips on a field the rules never offer
        return type(action).__name__
