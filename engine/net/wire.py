"""Views, actions, events and decisions as JSON, and back to the very same objects.

A game's view is plain data with a few things JSON has no word for: tuples, sets, mappings
keyed by something other than text (Filipinas keys its action costs by the action). Each of
these becomes an object with one tagged key (`{"$t": [...]}` a tuple, `{"$map": [[k, v], ...]}`
a mapping, `{"$set": [...]}` a set, `{"$a": {...}}` an action), so a view read back equals the
rules' own view and a game screen draws an online game from the same values as a local one.
A dict with a key that starts with "$" is wrapped (`{"$d": {...}}`) so it cannot pass for a tag.

Decoding takes data a server sent: only the tags above are understood, actions go through the
game's `ActionCodec`, events through the `Event` classes already imported (a name the server
sends never imports anything), and any other shape raises `WireError`.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import sys
from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action, ActionCodec, Event, Message
from engine.core.game import Decision, Result


class WireError(ValueError):
    """Data that is not one of ours (a damaged or hostile message)."""


MAX_NESTING = 64
"""Deeper than any view of ours; a deeper value is refused rather than recursed into."""


_SCALARS = frozenset({str, int, float, bool, type(None)})


@functools.lru_cache(maxsize=8192)
def action_json(action: Action) -> dict[str, Any]:
    """`action.to_json()`, kept for the actions met again and again (a Filipinas view keys its
    costs by every legal action; each seat's answers list them too). Callers do not change
    the dict they get."""
    return action.to_json()


def encode_value(value: Any, depth: int = 0) -> Any:
    """A view value as JSON-ready data (see the module's tags). The common shapes (dicts of
    text keys, lists, scalars) are dispatched on their exact type: a Guerra view holds some
    100,000 values and is encoded for every seat after every action."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if depth > MAX_NESTING:
        raise WireError("a value nested too deeply to send")
    if kind is dict:
        out: dict[str, Any] = {}
        tagged = False
        for key, item in value.items():
            if type(key) is not str:
                return _encode_map(value, depth)
            tagged = tagged or key[:1] == "$"
            out[key] = item if type(item) in _SCALARS else encode_value(item, depth + 1)
        return {"$d": out} if tagged else out
    if kind is list:
        return [v if type(v) in _SCALARS else encode_value(v, depth + 1) for v in value]
    if kind is tuple:
        return {"$t": [v if type(v) in _SCALARS else encode_value(v, depth + 1)
                       for v in value]}
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Action):
        return {"$a": action_json(value)}
    if isinstance(value, enum.Enum):
        return encode_value(value.value, depth + 1)
    if isinstance(value, list):
        return [encode_value(v, depth + 1) for v in value]
    if isinstance(value, tuple):
        return {"$t": [encode_value(v, depth + 1) for v in value]}
    if isinstance(value, set | frozenset):
        items = [encode_value(v, depth + 1) for v in value]
        return {"$set": sorted(items, key=repr), "$frozen": isinstance(value, frozenset)}
    if isinstance(value, Mapping):
        if all(isinstance(k, str) for k in value):
            return encode_value(dict(value), depth)
        return _encode_map(value, depth)
    raise WireError(f"a {type(value).__name__} cannot be sent")


def _encode_map(value: Mapping[Any, Any], depth: int) -> dict[str, Any]:
    return {"$map": [[encode_value(k, depth + 1), encode_value(v, depth + 1)]
                     for k, v in value.items()]}


def decode_value(data: Any, codec: ActionCodec, depth: int = 0) -> Any:
    """The value `encode_value` made `data` from."""
    if depth > MAX_NESTING:
        raise WireError("a value nested too deeply")
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return [decode_value(v, codec, depth + 1) for v in data]
    if not isinstance(data, dict):
        raise WireError(f"a {type(data).__name__} in a message")
    if len(data) == 1 or (len(data) == 2 and "$frozen" in data):
        key = next(k for k in data if k != "$frozen")
        inner = data[key]
        if key == "$t":
            return tuple(decode_value(v, codec, depth + 1) for v in _list(inner))
        if key == "$set":
            items = [_hashable(decode_value(v, codec, depth + 1)) for v in _list(inner)]
            return frozenset(items) if data.get("$frozen") else set(items)
        if key == "$map":
            pairs = [_list(p) for p in _list(inner)]
            if any(len(p) != 2 for p in pairs):
                raise WireError("a mapping entry is not a pair")
            return {_hashable(decode_value(k, codec, depth + 1)): decode_value(v, codec, depth + 1)
                    for k, v in pairs}
        if key == "$a":
            return decode_action(inner, codec)
        if key == "$d":
            if not isinstance(inner, dict):
                raise WireError("a wrapped mapping is not a mapping")
            return {k: decode_value(v, codec, depth + 1) for k, v in inner.items()}
        if key.startswith("$"):
            raise WireError("an unknown tag in a message")
    return {k: decode_value(v, codec, depth + 1) for k, v in data.items()}


def _list(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise WireError("a list was expected")
    return data


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise WireError("a key that cannot be a key") from None
    return value


def decode_action(data: Any, codec: ActionCodec) -> Action:
    """An action from its JSON object (the game's codec checks its type and fields)."""
    if not isinstance(data, dict):
        raise WireError("an action is not an object")
    try:
        return codec.decode({k: _plain(v) for k, v in data.items()})
    except (ValueError, TypeError) as err:
        raise WireError(f"not an action of this game ({type(err).__name__})") from None


def _plain(value: Any) -> Any:
    """An action field as JSON holds it: scalars and lists only (depth-limited)."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise WireError("an action field is neither a scalar nor a list")


# --- events --------------------------------------------------------------------------------------


def _event_classes() -> dict[str, type[Event]]:
    """Every `Event` class imported so far, by module and name: the class its module holds
    under that name (a slotted dataclass leaves its first, unslotted draft among the
    subclasses too)."""
    found: dict[str, type[Event]] = {}
    todo: list[type[Event]] = [Event]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if getattr(sys.modules.get(cls.__module__), cls.__qualname__, None) is cls:
            found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found


def encode_event(event: Event) -> dict[str, Any]:
    cls = type(event)
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(event):
        if f.name in ("text", "visible_to"):
            continue
        fields[f.name] = encode_value(getattr(event, f.name))
    data: dict[str, Any] = {"type": f"{cls.__module__}.{cls.__qualname__}",
                            "text": event.text, "fields": fields}
    if event.visible_to is not None:
        data["to"] = sorted(event.visible_to)
    return data


def decode_event(data: Any, codec: ActionCodec, classes: Mapping[str, type[Event]] | None = None
                 ) -> Event:
    """The event `encode_event` described; an event class this program does not have (another
    version of a game) becomes a plain `Message` with the same text."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str) \
            or not isinstance(data.get("type"), str) or not isinstance(data.get("fields"), dict):
        raise WireError("an event is not an event object")
    to = data.get("to")
    visible = None if to is None else frozenset(str(s) for s in _list(to))
    cls = (classes if classes is not None else _event_classes()).get(data["type"])
    if cls is None:
        return Message(data["text"], visible_to=visible)
    values = {k: decode_value(v, codec) for k, v in data["fields"].items()}
    names = {f.name for f in dataclasses.fields(cls)} - {"text", "visible_to"}
    if set(values) != names:
        return Message(data["text"], visible_to=visible)
    try:
        return cls(data["text"], visible_to=visible, **values)
    except TypeError:
        return Message(data["text"], visible_to=visible)


class EventDecoder:
    """Decodes many events with one lookup of the event classes."""

    def __init__(self, codec: ActionCodec) -> None:
        self.codec = codec
        self.classes = _event_classes()

    def __call__(self, data: Any) -> Event:
        return decode_event(data, self.codec, self.classes)


# --- decisions and results -----------------------------------------------------------------------


def encode_decision(decision: Decision) -> dict[str, Any]:
    return {"player": decision.player, "kind": decision.kind, "prompt": decision.prompt,
            "section": decision.section, "private": decision.private, "table": decision.table}


def decode_decision(data: Any) -> Decision:
    if not isinstance(data, dict):
        raise WireError("a decision is not an object")
    try:
        player = data["player"]
        if player is not None and not isinstance(player, str):
            raise WireError("a decision's player is not a side")
        return Decision(player, _text(data["kind"]), _text(data["prompt"]),
                        _text(data["section"]), bool(data["private"]), bool(data["table"]))
    except KeyError as err:
        raise WireError(f"a decision without {err}") from None


def encode_result(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"winner": result.winner, "reason": result.reason, "scores": dict(result.scores)}


def decode_result(data: Any) -> Result | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise WireError("a result is not an object")
    winner = data.get("winner")
    scores = data.get("scores", {})
    if winner is not None and not isinstance(winner, str) or not isinstance(scores, dict):
        raise WireError("a result is damaged")
    return Result(winner, _text(data.get("reason")),
                  {str(k): int(v) for k, v in scores.items() if isinstance(v, int)})


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise WireError("a text was expected")
    return value


MAX_TOLD = 4000
"""The longest reason line or detail a peer is believed (a longer one is cut)."""


def encode_told(line: str, detail: str = "") -> str:
    """A computer's reason for an action (engine.ai.reasons.Told) as the JSON text the store
    keeps with the action."""
    return json.dumps({"line": line, "detail": detail})


def decode_told(data: Any) -> tuple[str, str] | None:
    """(line, detail) from a stored JSON text or a peer's {"line", "detail"}; None for
    anything else (a damaged reason is left out of the log, never a failure)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return None
    if not isinstance(data, dict):
        return None
    line, detail = data.get("line"), data.get("detail", "")
    if not isinstance(line, str) or not line or not isinstance(detail, str):
        return None
    return line[:MAX_TOLD], detail[:MAX_TOLD]
