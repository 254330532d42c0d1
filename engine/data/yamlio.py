"""Safe YAML loading that remembers where every value came from (DESIGN.md §4).

`parse_yaml` lets PyYAML's safe loader (the C one when the wheel has it) compose the node tree,
then builds plain dicts, lists and scalars itself, recording the 1-based (line, column) of every
mapping, key and value. Nothing but plain data is ever constructed: an unknown or Python tag is a
problem, not an object. PyYAML silently keeps the last of two equal keys; here every duplicate
is a problem. Syntax errors become a `Problem` at the place a reader must look (an unclosed quote
points at the opening quote, not at the end of the file).

Hostile files stay cheap (DESIGN.md §8): only a regular file of at most `MAX_FILE_BYTES` is read,
an alias is built once and shared (so "billion laughs" costs what its few lines cost), a file
whose aliases would expand to more than `MAX_VALUES` values or whose data nests deeper than
`MAX_DEPTH` levels is one problem, not a MemoryError or a RecursionError.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final, NamedTuple

import yaml

from engine.core.files import FileRefused, read_limited

YamlPath = tuple[Hashable, ...]
"""Keys and list indexes from the document root to a value, like ("spaces", 3, "adjacent")."""

Mark = tuple[int, int]
"""A 1-based (line, column)."""

_LOADER: Final[type[yaml.CSafeLoader | yaml.SafeLoader]] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader
)
_TAG: Final = "tag:yaml.org,2002:"
_STR: Final = _TAG + "str"
_SEQ: Final = _TAG + "seq"
_MAP: Final = _TAG + "map"
_MERGE: Final = _TAG + "merge"
_SCALAR_TAGS: Final = frozenset(_TAG + t for t in ("null", "bool", "int", "float", "timestamp"))
_CONSTRUCTORS: Final[dict[str | None, Callable[[Any, yaml.Node], Any]]] = (
    yaml.constructor.SafeConstructor.yaml_constructors
)
_RESOLVED_FIRST: Final = frozenset(
    first for first in _LOADER.yaml_implicit_resolvers if first is not None)
"""First characters of the plain scalars YAML 1.1 may read as something else than text."""
_DECIMAL: Final = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,17})\Z")
"""A plain decimal integer (the commonest number in our data), read without the resolver."""
_INDENTATION_HINTS: Final = ("expected key", "block end", "'-' indicator")
BOOL_WORDS: Final = frozenset({"yes", "no", "on", "off"})
"""Plain words YAML 1.1 reads as booleans though few readers expect it."""
BOOL_HINT: Final = " (YAML reads no/off/yes/on as booleans; quote it)"
YAML_SUFFIXES: Final = (".yaml", ".yml")
HEADER_LINES: Final = 40
"""Lines of a file looked at for the `game:`/`kind:` header that makes it one of ours."""
_HEADER_KEYS: Final = ("game:", "kind:")
MAX_FILE_BYTES: Final = 4 << 20
"""The largest shipped data file is under 20 KB; 4 MB leaves room for far bigger maps."""
MAX_VALUES: Final = 25_000
"""Values a file may hold once its aliases are expanded (the largest shipped file has 1,830).
Reading and checking a file of this many unknown keys takes about 0.2 s of CPU, so a refusal
stays well under a second even on a loaded machine."""
MAX_DEPTH: Final = 64
"""Levels of nested lists and mappings (the shipped files use at most 6)."""
QUOTED_WIDTH: Final = 100
"""Characters of a source line quoted under a problem (around its column)."""
MESSAGE_WIDTH: Final = 400
"""Characters of a problem's message printed."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a data file at a 1-based line and column; line 0 means the whole file.

    `source_line` is the text of that line, quoted under the message with a caret at the column.
    """

    file: str
    line: int
    col: int
    message: str
    source_line: str = ""
    stands_for: int = 1
    """How many problems this one counts (more than 1: a summary of problems not listed)."""

    def render(self) -> str:
        """`file:line:col: message`, then the source line and a caret under the column.

        A long line is quoted around the column only (`QUOTED_WIDTH` characters, '…' where it
        is cut) and a long message is cut, so a problem costs the same to print whatever the
        file holds (a one-line file of a megabyte has thousands of problems on its line)."""
        message = self.message if len(self.message) <= MESSAGE_WIDTH \
            else self.message[: MESSAGE_WIDTH - 1] + "…"
        if self.line <= 0:
            return f"{self.file}: {message}"
        if not self.source_line:
            return f"{self.file}:{self.line}:{self.col}: {message}"
        number = str(self.line)
        quoted, col = _around(self.source_line, self.col)
        # Copy tabs so the caret lines up however the terminal expands them.
        pad = "".join("\t" if ch == "\t" else " " for ch in quoted[: col - 1])
        return (
            f"{self.file}:{self.line}:{self.col}: {message}\n"
            f"    {number} | {quoted}\n"
            f"    {' ' * len(number)} | {pad}^"
        )


def _around(line: str, col: int) -> tuple[str, int]:
    """At most `QUOTED_WIDTH` characters of `line` around the 1-based column `col` ('…' where
    cut), and that column's place in them."""
    if len(line) <= QUOTED_WIDTH:
        return line, col
    start = max(0, min(col - 1 - QUOTED_WIDTH // 2, len(line) - QUOTED_WIDTH))
    head = "…" if start > 0 else ""
    tail = "…" if start + QUOTED_WIDTH < len(line) else ""
    return head + line[start : start + QUOTED_WIDTH] + tail, col - start + len(head)


def render_problems(problems: Sequence[Problem], limit: int) -> list[str]:
    """The first `limit` problems rendered, then a line counting the others (if any)."""
    shown = [problem.render() for problem in problems[:limit]]
    if len(problems) > limit:
        shown.append(more_problems(len(problems) - limit))
    return shown


def more_problems(count: int) -> str:
    """The line that stands for `count` problems not shown."""
    return f"… and {count:,} more problem{'s' if count != 1 else ''} not shown (fix these first)"


def sorted_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Problems without repeats, sorted by file, line and column."""
    return sorted(set(problems), key=lambda p: (p.file, p.line, p.col, p.message))


@dataclass(slots=True, eq=False)
class LoadedDoc:
    """One YAML file: its plain data, its text, and where each value of the data came from.

    `marks` holds the mark of every value node (mappings and lists included) by path;
    `key_marks` the mark of every mapping key, by the path of its value. `problems` lists what
    went wrong while reading (syntax errors, duplicate keys, unsupported tags); after a syntax
    error `data` is None.
    """

    file: str
    data: Any
    lines: list[str]
    raw: bytes
    problems: list[Problem] = field(default_factory=list)
    marks: dict[YamlPath, Mark] = field(default_factory=dict)
    key_marks: dict[YamlPath, Mark] = field(default_factory=dict)
    folder: str = ""
    """The real folder of the file read (links followed); "" for text not read from a file."""
    quoted: bool = True
    """Whether problems quote the file's lines (see `unquote`)."""

    def mark(self, path: YamlPath) -> Mark:
        """Where the value at `path` starts, or where its nearest existing parent starts."""
        for end in range(len(path), -1, -1):
            found = self.marks.get(path[:end])
            if found is not None:
                return found
        return (1, 1)

    def key_mark(self, path: YamlPath) -> Mark:
        """Where the key of the value at `path` starts (the value's mark if it has no key)."""
        return self.key_marks.get(path) or self.mark(path)

    def value(self, path: YamlPath) -> Any:
        """The data at `path`; KeyError when the path does not exist."""
        value = self.data
        try:
            for key in path:
                value = value[key]
        except (KeyError, IndexError, TypeError) as exc:
            raise KeyError(path) from exc
        return value

    def source_line(self, line: int) -> str:
        """The text of a 1-based line, empty past the end of the file (and always empty once
        `unquote` was called)."""
        if not self.quoted:
            return ""
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def looks_like_data(self) -> bool:
        """Whether the text looks like one of our data files: one of its first lines starts
        with `game:` or `kind:`."""
        return any(line.startswith(_HEADER_KEYS) for line in self.lines[:HEADER_LINES])

    def unquote(self) -> None:
        """Quote no line of this file in its problems, now or later (a file that is not one of
        ours may be anything a link or a mistake led to)."""
        self.quoted = False
        self.problems = [dataclasses.replace(p, source_line="") for p in self.problems]

    def problem_at(self, line: int, col: int, message: str) -> Problem:
        """A problem at a 1-based line and column of this file."""
        return Problem(self.file, line, col, message, self.source_line(line))

    def problem(self, path: YamlPath, message: str, *, at_key: bool = False) -> Problem:
        """A problem at the value at `path` (at its key with `at_key`)."""
        line, col = self.key_mark(path) if at_key else self.mark(path)
        return self.problem_at(line, col, message)


def load_yaml(path: str | os.PathLike[str], name: str | None = None, *,
              within: str | os.PathLike[str] | None = None) -> LoadedDoc:
    """Read and parse a YAML file (named `name` in problems, default its path); raises OSError
    only when the file cannot be read (or is not a regular file of at most `MAX_FILE_BYTES`;
    the error's text says which).

    Only a YAML file is read: its path is resolved first (links followed) and must name a
    `.yaml` or `.yml` file, so a manifest that is a link to /etc/passwd is refused before a
    byte of it is read, let alone quoted. The resolved file is opened without following a link
    and checked once open (`read_limited`), and must lie in `within` (by default its own
    folder): a file swapped for a link between a check and the read is not read."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError) as err:  # a NUL byte, a name too long
        raise FileRefused("not a usable file name") from err
    if not real.lower().endswith(YAML_SUFFIXES):
        raise FileRefused("Not a YAML file (.yaml or .yml, once links are followed)")
    folder = os.path.dirname(real)
    raw = read_limited(real, MAX_FILE_BYTES, within=folder if within is None else within)
    doc = parse_yaml(raw, os.fspath(path) if name is None else name)
    doc.folder = folder
    return doc


def parse_yaml(raw: bytes, file: str) -> LoadedDoc:
    """Parse YAML bytes into plain data with marks; never raises for bad content.

    The data is built from the parser's events as they come (no node tree first), so a file
    past `MAX_VALUES` or `MAX_DEPTH` is refused as soon as the parser reaches that point: the
    cost of a refusal is bounded by the limits, not by the size of the file. The garbage
    collector is paused during the load: scanning the many new containers dominates large
    loads and none of them can be cyclic garbage yet.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        doc = LoadedDoc(file, None, raw.decode("utf-8-sig", "replace").splitlines(), raw)
        before = raw[: exc.start].decode("utf-8-sig", "replace")
        line = before.count("\n") + 1
        col = len(before) - before.rfind("\n")
        doc.problems.append(doc.problem_at(line, col, "not UTF-8 text (save the file as UTF-8)"))
        return doc
    doc = LoadedDoc(file, None, text.splitlines(), raw)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        loader = _LOADER(text)
        try:
            doc.data = _Builder(doc, loader).document()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        doc.data = None
        doc.problems.append(_syntax_problem(doc, text, exc))
    except _Stop as exc:
        doc.data = None
        doc.problems.append(doc.problem_at(exc.line, exc.col, exc.message))
    finally:
        if was_enabled:
            gc.enable()
    return doc


class _Stop(Exception):
    """The data cannot be built (too large, too deep, an anchor named twice); `message` says
    why, at a mark."""

    def __init__(self, mark: Mark, message: str) -> None:
        super().__init__(message)
        self.line, self.col = mark
        self.message = message


class _Anchor(NamedTuple):
    """A value built for an anchor: what an alias to it gives."""

    value: Any
    size: int
    """The values it holds once its own aliases are expanded (1 for a scalar)."""
    mark: Mark
    event: Any
    """Its event when it is a scalar (a key may be an alias to one), else None."""


class _Builder:
    """Turns the parser's events into plain data, recording marks and reporting what YAML
    hides (the work of PyYAML's composer, without its node tree).

    An anchored value is built once: an alias to a list or mapping shares the value built for
    its anchor (nothing downstream changes the data), and the values counted are those the data
    would hold if every alias were written out, which is what validation walks.
    """

    __slots__ = ("_doc", "_loader", "_anchors", "_open", "_values", "_marks")

    def __init__(self, doc: LoadedDoc, loader: Any) -> None:
        self._doc = doc
        self._loader = loader
        self._anchors: dict[str, _Anchor] = {}
        self._open: dict[str, Mark] = {}
        """The anchors of the lists and mappings being built, with their marks."""
        self._values = 0
        self._marks = doc.marks

    def document(self) -> Any:
        """The data of the stream's single document (None for an empty stream)."""
        get = self._loader.get_event
        get()  # the stream's start
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            self._marks[()] = (1, 1)
            return None
        root = get()  # the document's start came first
        value = self._node(root, (), 0)
        get()  # the document's end
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            raise yaml.composer.ComposerError("expected a single document in the stream",
                                              root.start_mark, "but found another document",
                                              event.start_mark)
        return value

    def _node(self, event: Any, path: YamlPath | None, depth: int) -> Any:
        """The value of the node that starts with `event`, found at `path` (None: a value
        that is not kept, such as a key that is a list)."""
        mark = (event.start_mark.line + 1, event.start_mark.column + 1)
        kind = type(event)
        if kind is yaml.AliasEvent:
            return self._alias(event, mark, path)
        if path is not None:
            self._marks[path] = mark
        anchor = event.anchor
        if anchor is not None:
            self._check_anchor(anchor, event)
        if kind is yaml.ScalarEvent:
            self._count(mark, 1)
            value = self._scalar(event, mark)
            if anchor is not None:
                self._anchors[anchor] = _Anchor(value, 1, mark, event)
            return value
        if depth >= MAX_DEPTH:
            raise _Stop(mark, f"the data is nested more than {MAX_DEPTH} levels deep here")
        if anchor is not None:
            self._open[anchor] = mark
        before = self._values
        value = self._list(event, mark, path, depth) if kind is yaml.SequenceStartEvent \
            else self._mapping(event, mark, path, depth)
        self._count(mark, 1)
        if anchor is not None:
            del self._open[anchor]
            self._anchors[anchor] = _Anchor(value, self._values - before, mark, None)
        return value

    def _alias(self, event: Any, mark: Mark, path: YamlPath | None) -> Any:
        found = self._anchors.get(event.anchor)
        if found is None:
            if event.anchor in self._open:
                self._report(mark, "this alias refers to a list or mapping that contains it")
                if path is not None:
                    self._marks[path] = self._open[event.anchor]
                return None
            raise yaml.composer.ComposerError(None, None, f"found undefined alias "
                                              f"{event.anchor!r}", event.start_mark)
        if path is not None:
            self._marks[path] = found.mark
        self._count(mark, found.size)
        return found.value

    def _check_anchor(self, anchor: str, event: Any) -> None:
        first = self._anchors[anchor].mark if anchor in self._anchors else self._open.get(anchor)
        if first is not None:
            raise _Stop((event.start_mark.line + 1, event.start_mark.column + 1),
                            f"duplicate anchor {anchor!r} (first at line {first[0]}); name "
                            "each anchor once")

    def _list(self, event: Any, mark: Mark, path: YamlPath | None, depth: int) -> list[Any]:
        if event.tag is not None and event.tag not in ("!", _SEQ):
            self._report(mark, f"unsupported tag {_short(event.tag)!r}")
        get = self._loader.get_event
        value: list[Any] = []
        while True:
            item = get()
            if type(item) is yaml.SequenceEndEvent:
                return value
            value.append(self._node(item, None if path is None else (*path, len(value)),
                                    depth + 1))

    def _mapping(self, event: Any, mark: Mark, path: YamlPath | None,
                 depth: int) -> dict[Any, Any]:
        if event.tag is not None and event.tag not in ("!", _MAP):
            self._report(mark, f"unsupported tag {_short(event.tag)!r}")
        get = self._loader.get_event
        result: dict[Any, Any] = {}
        key_marks = self._doc.key_marks
        while True:
            key_event = get()
            kind = type(key_event)
            if kind is yaml.MappingEndEvent:
                return result
            key_mark = (key_event.start_mark.line + 1, key_event.start_mark.column + 1)
            if kind is yaml.AliasEvent:
                found = self._anchors.get(key_event.anchor)
                if found is not None and found.event is not None:
                    self._count(key_mark, 1)
                    key_event, key_mark = found.event, found.mark
                    kind = yaml.ScalarEvent
            if kind is not yaml.ScalarEvent:
                self._report(key_mark, "a key must be a single value, not a list or mapping")
                self._node(key_event, None, depth + 1)
                self._node(get(), None, depth + 1)
                continue
            if key_event.anchor is not None and key_event is not getattr(
                    self._anchors.get(key_event.anchor), "event", None):
                self._check_anchor(key_event.anchor, key_event)
                self._anchors[key_event.anchor] = _Anchor(
                    self._scalar(key_event, key_mark), 1, key_mark, key_event)
            key = self._key(key_event, key_mark)
            key_path = None if path is None else (*path, key)
            if key in result:
                first = key_marks.get(key_path) if key_path is not None else None
                where = f" (first at line {first[0]})" if first is not None else ""
                self._report(key_mark, f"duplicate key {key!r}{where}")
                self._node(get(), None, depth + 1)
                continue
            if key_path is not None:
                key_marks[key_path] = key_mark
            result[key] = self._node(get(), key_path, depth + 1)

    def _count(self, mark: Mark, values: int) -> None:
        self._values += values
        if self._values > MAX_VALUES:
            raise _Stop(mark, f"the data holds more than {MAX_VALUES:,} values once its "
                            "aliases are expanded (an alias repeats its anchor's value)")

    def _key(self, event: Any, mark: Mark) -> Any:
        """A mapping key; keys are strings or numbers, as in JSON.

        A date key is kept as written. A key YAML 1.1 reads as a boolean or null, or as a
        number written otherwise (`no`, `~`, `0101`), is kept as written and reported.
        """
        key = self._scalar(event, mark)
        text = event.value
        if isinstance(key, date):
            return text
        if isinstance(key, bool):
            hint = BOOL_HINT if text.lower() in BOOL_WORDS else "; quote it"
            self._report(mark, f"key {text} is read as boolean {key}{hint}")
        elif key is None:
            self._report(mark, f"key {text!r} is read as null; quote it")
        elif isinstance(key, int) and str(key) != text:
            self._report(mark, f"key {text} is read as the number {key}; quote it")
        else:
            return key
        return text

    def _scalar(self, event: Any, mark: Mark) -> Any:
        tag = event.tag
        value = event.value
        if tag is None or tag == "!":
            if not event.implicit[0] or value[:1] not in _RESOLVED_FIRST:
                return value  # quoted, or plain text no YAML 1.1 pattern can match
            if _DECIMAL.match(value):
                return int(value)
            tag = self._loader.resolve(yaml.ScalarNode, value, event.implicit)
        if tag == _STR:
            return value
        if tag in _SCALAR_TAGS:
            node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
            try:
                return _CONSTRUCTORS[tag](self._loader, node)
            except (ArithmeticError, LookupError, TypeError, ValueError, yaml.YAMLError):
                self._report(mark, f"cannot read {value!r} as {_short(tag)}")
        elif tag == _MERGE:
            self._report(mark, "merge keys ('<<') are not supported; write the keys out")
        else:
            self._report(mark, f"unsupported tag {_short(tag)!r}")
        return value

    def _report(self, mark: Mark, message: str) -> None:
        self._doc.problems.append(self._doc.problem_at(mark[0], mark[1], message))


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _syntax_problem(doc: LoadedDoc, text: str, exc: yaml.YAMLError) -> Problem:
    """A syntax error as a Problem where the reader should look.

    PyYAML's `problem_mark` is where the parser gave up. For a construct that never ends (an
    unclosed quote or bracket) that is the end of the file or a later line, so the problem is
    placed at the `context_mark` (the opening quote or bracket) instead. Elsewhere the context
    is the enclosing collection, often far above, so the problem mark is kept.
    """
    if isinstance(exc, yaml.reader.ReaderError):
        # The C reader counts bytes, the Python one characters; the reader stops at the first
        # character it refuses, so finding that character gives the position either way.
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        before = text[: max(text.find(chr(char)), 0)]
        line = before.count("\n") + 1
        col = len(before) - before.rfind("\n")
        return doc.problem_at(line, col, f"{exc.reason} (character #x{char:04x})")
    if not isinstance(exc, yaml.MarkedYAMLError) or exc.problem_mark is None:
        return doc.problem_at(1, 1, f"invalid YAML: {exc}")
    problem = exc.problem or "invalid YAML"
    line, col = exc.problem_mark.line + 1, exc.problem_mark.column + 1
    context, cmark = exc.context or "", exc.context_mark
    if cmark is None or (cmark.line + 1, cmark.column + 1) == (line, col):
        return doc.problem_at(line, col, problem + _syntax_hint(doc, problem, line, col))
    cline, ccol = cmark.line + 1, cmark.column + 1
    at_end = line > len(doc.lines) or "end of stream" in problem
    if "quoted scalar" in context and at_end:
        return doc.problem_at(cline, ccol, "unclosed quote: the string that starts here never ends")
    if "flow" in context and (at_end or cline < line):
        opener = doc.source_line(cline)[ccol - 1 : ccol]
        return doc.problem_at(
            cline, ccol, f"unclosed {opener!r}: {problem} at line {line}, column {col}"
        )
    if at_end:
        return doc.problem_at(cline, ccol, f"{problem} {context} that starts here")
    message = f"{problem} ({context} at line {cline}, column {ccol})"
    return doc.problem_at(line, col, message + _syntax_hint(doc, problem, line, col))


def _syntax_hint(doc: LoadedDoc, problem: str, line: int, col: int) -> str:
    if doc.source_line(line)[col - 1 : col] == "\t":
        return "; a tab cannot indent YAML, use spaces"
    if "mapping values are not allowed" in problem:
        return "; quote a value that contains ': '"
    if any(hint in problem for hint in _INDENTATION_HINTS):
        return "; check the indentation"
    return ""


# A plain scalar up to a space, a flow indicator or a ': ' (a colon inside, as in 1:30, stays).
_PLAIN_TOKEN: Final = re.compile(r"(?:[^\s,\[\]{}:]|:(?=[^\s,\[\]{}]))+")


def source_token(doc: LoadedDoc, path: YamlPath, *, at_key: bool = False) -> str:
    """The plain text written for the scalar at `path` (empty when the path has no own mark).

    Error messages use it to explain YAML 1.1 surprises: `no` read as False, `0101` as 65.
    """
    found = (doc.key_marks if at_key else doc.marks).get(path)
    if found is None:
        return ""
    line, col = found
    match = _PLAIN_TOKEN.match(doc.source_line(line), col - 1)
    return match.group() if match else ""
