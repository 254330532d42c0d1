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

import gc
import os
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final

import yaml

from engine.core.files import read_limited

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
_INDENTATION_HINTS: Final = ("expected key", "block end", "'-' indicator")
BOOL_WORDS: Final = frozenset({"yes", "no", "on", "off"})
"""Plain words YAML 1.1 reads as booleans though few readers expect it."""
BOOL_HINT: Final = " (YAML reads no/off/yes/on as booleans; quote it)"
MAX_FILE_BYTES: Final = 4 << 20
"""The largest shipped data file is under 20 KB; 4 MB leaves room for far bigger maps."""
MAX_VALUES: Final = 200_000
"""Values a file may hold once its aliases are expanded (the largest shipped file has ~5,000)."""
MAX_DEPTH: Final = 64
"""Levels of nested lists and mappings (the shipped files use at most 6)."""


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

    def render(self) -> str:
        """`file:line:col: message`, then the source line and a caret under the column."""
        if self.line <= 0:
            return f"{self.file}: {self.message}"
        number = str(self.line)
        # Copy tabs so the caret lines up however the terminal expands them.
        pad = "".join("\t" if ch == "\t" else " " for ch in self.source_line[: self.col - 1])
        return (
            f"{self.file}:{self.line}:{self.col}: {self.message}\n"
            f"    {number} | {self.source_line}\n"
            f"    {' ' * len(number)} | {pad}^"
        )


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
        """The text of a 1-based line, empty past the end of the file."""
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def problem_at(self, line: int, col: int, message: str) -> Problem:
        """A problem at a 1-based line and column of this file."""
        return Problem(self.file, line, col, message, self.source_line(line))

    def problem(self, path: YamlPath, message: str, *, at_key: bool = False) -> Problem:
        """A problem at the value at `path` (at its key with `at_key`)."""
        line, col = self.key_mark(path) if at_key else self.mark(path)
        return self.problem_at(line, col, message)


def load_yaml(path: str | os.PathLike[str], name: str | None = None) -> LoadedDoc:
    """Read and parse a YAML file (named `name` in problems, default its path); raises OSError
    only when the file cannot be read (or is not a regular file of at most `MAX_FILE_BYTES`;
    the error's text says which)."""
    raw = read_limited(path, MAX_FILE_BYTES)
    return parse_yaml(raw, os.fspath(path) if name is None else name)


def parse_yaml(raw: bytes, file: str) -> LoadedDoc:
    """Parse YAML bytes into plain data with marks; never raises for bad content.

    The garbage collector is paused during the load: scanning the many new containers
    dominates large loads and none of them can be cyclic garbage yet.
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
            node = loader.get_single_node()
            if node is None:
                doc.marks[()] = (1, 1)
            else:
                doc.data = _Builder(doc, loader).build(node, ())
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        doc.data = None
        doc.problems.append(_syntax_problem(doc, text, exc))
    except _TooLarge as exc:
        doc.data = None
        doc.problems.append(doc.problem_at(exc.line, exc.col, exc.message))
    finally:
        if was_enabled:
            gc.enable()
    return doc


class _TooLarge(Exception):
    """The file's data is too large or too deep to build; `message` says which, at a node."""

    def __init__(self, node: yaml.Node, message: str) -> None:
        super().__init__(message)
        self.line, self.col = _mark(node)
        self.message = message


class _Builder:
    """Turns composed nodes into plain data, recording marks and reporting what YAML hides.

    A node is built once: an alias to a list or mapping shares the value built for its anchor
    (nothing downstream changes the data), and the values counted are those the data would
    hold if every alias were written out, which is what validation walks.
    """

    __slots__ = ("_doc", "_loader", "_open", "_built", "_values")

    def __init__(self, doc: LoadedDoc, loader: Any) -> None:
        self._doc = doc
        self._loader = loader
        self._open: set[int] = set()
        self._built: dict[int, tuple[Any, int]] = {}
        """The value and expanded size of each list or mapping node built so far, by id."""
        self._values = 0

    def build(self, node: yaml.Node, path: YamlPath) -> Any:
        """The plain value of `node`, found at `path`."""
        self._doc.marks[path] = _mark(node)
        if isinstance(node, yaml.ScalarNode):
            self._count(node, 1)
            return self._scalar(node)
        done = self._built.get(id(node))
        if done is not None:
            self._count(node, done[1])
            return done[0]
        if id(node) in self._open:
            self._report(node, "this alias refers to a list or mapping that contains it")
            return None
        if len(path) >= MAX_DEPTH:
            raise _TooLarge(node, f"the data is nested more than {MAX_DEPTH} levels deep here")
        self._open.add(id(node))
        before = self._values
        try:
            value: Any
            if isinstance(node, yaml.SequenceNode):
                if node.tag != _SEQ:
                    self._report(node, f"unsupported tag {_short(node.tag)!r}")
                value = [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            else:
                value = self._mapping(node, path)
        finally:
            self._open.discard(id(node))
        self._count(node, 1)
        self._built[id(node)] = (value, self._values - before)
        return value

    def _count(self, node: yaml.Node, values: int) -> None:
        self._values += values
        if self._values > MAX_VALUES:
            raise _TooLarge(node, f"the data holds more than {MAX_VALUES:,} values once its "
                            "aliases are expanded (an alias repeats its anchor's value)")

    def _mapping(self, node: yaml.Node, path: YamlPath) -> dict[Any, Any]:
        if node.tag != _MAP:
            self._report(node, f"unsupported tag {_short(node.tag)!r}")
        result: dict[Any, Any] = {}
        key_marks = self._doc.key_marks
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self._report(key_node, "a key must be a single value, not a list or mapping")
                continue
            key = self._key(key_node)
            key_path = (*path, key)
            if key in result:
                first_line = key_marks[key_path][0]
                self._report(key_node, f"duplicate key {key!r} (first at line {first_line})")
                continue
            key_marks[key_path] = _mark(key_node)
            result[key] = self.build(value_node, key_path)
        return result

    def _key(self, node: yaml.ScalarNode) -> Any:
        """A mapping key; keys are strings or numbers, as in JSON.

        A date key is kept as written. A key YAML 1.1 reads as a boolean or null, or as a
        number written otherwise (`no`, `~`, `0101`), is kept as written and reported.
        """
        key = self._scalar(node)
        text = node.value
        if isinstance(key, date):
            return text
        if isinstance(key, bool):
            hint = BOOL_HINT if text.lower() in BOOL_WORDS else "; quote it"
            self._report(node, f"key {text} is read as boolean {key}{hint}")
        elif key is None:
            self._report(node, f"key {text!r} is read as null; quote it")
        elif isinstance(key, int) and str(key) != text:
            self._report(node, f"key {text} is read as the number {key}; quote it")
        else:
            return key
        return text

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag in _SCALAR_TAGS:
            try:
                return _CONSTRUCTORS[tag](self._loader, node)
            except (ArithmeticError, LookupError, TypeError, ValueError, yaml.YAMLError):
                self._report(node, f"cannot read {node.value!r} as {_short(tag)}")
        elif tag == _MERGE:
            self._report(node, "merge keys ('<<') are not supported; write the keys out")
        else:
            self._report(node, f"unsupported tag {_short(tag)!r}")
        return node.value

    def _report(self, node: yaml.Node, message: str) -> None:
        line, col = _mark(node)
        self._doc.problems.append(self._doc.problem_at(line, col, message))


def _mark(node: yaml.Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


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
