"""Reading files we did not write ourselves: regular files only, of bounded size, and names that
are safe to print (DESIGN.md §8, "Error boundaries").

`read_limited` opens without blocking and checks the open file itself, so a FIFO, a device such
as /dev/zero or a folder is refused before a single byte is read, and a file that grows past the
limit while it is read is refused too; told the folder the file must lie in, it opens without
following a link and checks the opened file, not only the name before opening. `display` turns
any text (a file name that is not UTF-8, a lone surrogate, a NUL byte, a megabyte-long value)
into a short line fit for a message.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Final

_NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)
_BINARY: Final = getattr(os, "O_BINARY", 0)
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_LINK_ERRORS: Final = frozenset({errno.ELOOP, errno.EMLINK})
"""What opening a link with O_NOFOLLOW says (Linux: ELOOP; FreeBSD: EMLINK)."""
NO_SUCH_FILE: Final = "No such file or directory"
LINKED: Final = "A link, or changed for a link while it was read (not followed)"
DISPLAY_LIMIT: Final = 120
"""Characters of a quoted value or file name kept in a message."""


class FileRefused(OSError):
    """A path that is not a readable regular file within the size limit; `str()` says why."""


def read_limited(path: str | os.PathLike[str], limit: int, *,
                 within: str | os.PathLike[str] | None = None) -> bytes:
    """The bytes of the regular file at `path`; FileRefused (an OSError) when it is not one,
    is larger than `limit` bytes, or cannot be opened (the reason in plain words).

    With `within` (a folder), `path` must be a path without links (a resolved one) inside it:
    the file is opened without following a link, and once open, the file the path resolves to
    now must still lie in the folder and be the very file opened. So a file swapped for a link
    (or a folder of its path for a link elsewhere) between a check and the read is refused,
    never read."""
    flags = os.O_RDONLY | _NONBLOCK | _BINARY | (_NOFOLLOW if within is not None else 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(NO_SUCH_FILE) from None
    except (OSError, ValueError) as err:
        # ValueError: a NUL byte in the name; OSError: a name too long, a loop of links, ...
        if within is not None and isinstance(err, OSError) and err.errno in _LINK_ERRORS:
            raise FileRefused(LINKED) from None
        raise FileRefused(_reason(err)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused("Is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("Not a regular file (a device, a pipe or a socket)")
        if within is not None:
            _check_opened(path, within, info)
        if info.st_size > limit:
            raise FileRefused(f"File too large ({_size(info.st_size)}; "
                              f"at most {_size(limit)})")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileRefused(f"File too large (at most {_size(limit)})")
        return b"".join(chunks)
    except FileRefused:
        raise
    except OSError as err:
        raise FileRefused(_reason(err)) from None
    finally:
        os.close(fd)


def _check_opened(path: str | os.PathLike[str], within: str | os.PathLike[str],
                  info: os.stat_result) -> None:
    """The open file (`info`) is the one `path` resolves to now, and that lies in `within`."""
    real = os.path.realpath(path)
    if not is_inside(real, within):
        raise FileRefused(LINKED)
    now = os.stat(real)
    if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
        raise FileRefused(LINKED)


def is_inside(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether the resolved `path` lies in the resolved `folder` (False for any odd name)."""
    try:
        return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))
    except (OSError, ValueError):
        return False


def is_regular_file(path: Path) -> bool:
    """Whether `path` names a regular file; False (never an exception) for any odd name."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def display(text: object, limit: int = DISPLAY_LIMIT) -> str:
    """`text` made safe to show on one line: lone surrogates (from a file name that is not
    UTF-8) and control characters (NUL, newlines) become '?', and a long text is cut with '…'."""
    raw = str(text)
    if len(raw) > limit:
        raw = raw[: limit - 1] + "…"
    return printable(raw, keep_newlines=False)


def printable(text: str, *, keep_newlines: bool = True) -> str:
    """`text` with lone surrogates and control characters (but newlines, when kept) as '?', so
    it can be encoded, drawn and printed anywhere."""
    safe = text.encode("utf-8", "replace").decode("utf-8")
    return "".join(
        "?" if _control(ch) and not (keep_newlines and ch == "\n") else ch for ch in safe
    )


def _control(ch: str) -> bool:
    code = ord(ch)
    return code < 32 or 0x7F <= code < 0xA0


def _size(n: int) -> str:
    return f"{n / (1 << 20):.1f} MB" if n >= 1 << 20 else f"{n} bytes"


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    if isinstance(err, ValueError):
        return "The name holds a NUL byte"
    return type(err).__name__
