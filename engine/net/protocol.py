"""The protocol's limits, its message checks, and the secrets of seats (docs/online.md).

Every message is one JSON object in a text frame, at most `MAX_MESSAGE` bytes, nested at most
`MAX_DEPTH` deep, with `"v": VERSION` and a `"type"`. A request may carry an `"id"` (a short
text or a number) that the answer repeats as `"re"`.

Seat tokens are 128 random bits (`secrets.token_urlsafe(16)`); invitation codes 50 random bits
in ten letters and digits that cannot be misread (no 0/O, 1/I/L). The server stores only their
SHA-256 digests and compares digests in constant time, so a copy of the database opens no seat.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any, Final

VERSION: Final = 1
MAX_MESSAGE: Final = 64 * 1024
"""Bytes in one message from a client (an action is well under 1 KiB)."""
MAX_DEPTH: Final = 16
"""JSON nesting of a client's message (an action holds lists two deep)."""
MAX_TEXT: Final = 200
"""Characters of a name, a scenario reference, an id."""
MAX_CHAT: Final = 500
"""Characters of one chat line."""
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 10


class ProtocolError(Exception):
    """A message the server refuses: `code` names the kind, the text says why in words."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's message as a dict, after every check of its shape; else ProtocolError."""
    if isinstance(text, bytes):
        raise ProtocolError("bad-message", "messages are JSON text, not binary frames")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too-large", f"a message may hold at most {MAX_MESSAGE} bytes")
    if _depth(text) > MAX_DEPTH:
        raise ProtocolError("bad-message", f"a message may nest at most {MAX_DEPTH} deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-message", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message must be a JSON object")
    if data.get("v") != VERSION:
        raise ProtocolError("version", f"this server speaks version {VERSION} of the protocol")
    if not isinstance(data.get("type"), str):
        raise ProtocolError("bad-message", "a message needs a type")
    request = data.get("id")
    if request is not None and not (isinstance(request, str) and len(request) <= 64
                                    or isinstance(request, int)
                                    and not isinstance(request, bool)
                                    and abs(request) < 2**53):
        raise ProtocolError("bad-message", "a request id is a short text or a number")
    return data


def _depth(text: str) -> int:
    """How deep brackets nest in `text`, outside strings (before json builds anything)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def text_field(data: dict[str, Any], key: str, *, limit: int = MAX_TEXT,
               required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or len(value) > limit or "\x00" in value:
        raise ProtocolError("bad-message", f"'{key}' must be a text of at most {limit} "
                            "characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError("bad-message", f"'{key}' is not valid text") from None
    return value


def int_field(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**53:
        raise ProtocolError("bad-message", f"'{key}' must be a whole number")
    return value


def dumps(message: dict[str, Any]) -> str:
    return json.dumps({"v": VERSION, **message}, separators=(",", ":"))


# --- secrets -------------------------------------------------------------------------------------


def new_token() -> str:
    """A seat token: 128 random bits."""
    return secrets.token_urlsafe(16)


def new_code() -> str:
    """An invitation code to read aloud or type: ten characters, shown as XXXXX-XXXXX."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def normal_code(code: str) -> str:
    """A code as typed, made canonical (case, spaces and dashes ignored; O read as 0 is not in
    the alphabet, so it is read as the letter)."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def same_digest(a: str | None, b: str) -> bool:
    return a is not None and hmac.compare_digest(a.encode("ascii", "replace"),
                                                 b.encode("ascii", "replace"))
