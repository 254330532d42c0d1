"""Safe YAML loading that keeps file:line:col (DESIGN.md §4, NOTES "YAML")."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.data import yamlio
from engine.data.yamlio import LoadedDoc, Problem, load_yaml, parse_yaml, source_token

DEFAULT_LOADER = yamlio._LOADER
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if yaml.__with_libyaml__ else [])
YAML_PIECES = st.sampled_from(
    [*"ab:-[]{},\"'|>&*!#?\n\t ~.", "\n  ", "yes", "0101", "!!int ", "!!python/name:os", "<<"]
)


@pytest.fixture(autouse=True, params=LOADERS, ids=lambda loader: loader.__name__)
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test runs with the C loader and with the pure-Python fallback."""
    monkeypatch.setattr(yamlio, "_LOADER", request.param)
    yield


def parse(text: str) -> LoadedDoc:
    return parse_yaml(text.encode(), "f.yaml")


def rendered(doc: LoadedDoc) -> list[str]:
    return [problem.render() for problem in doc.problems]


def test_the_c_loader_is_used_when_pyyaml_has_it() -> None:
    assert yaml.__with_libyaml__
    assert DEFAULT_LOADER is yaml.CSafeLoader


@settings(max_examples=300, deadline=None)
@given(st.lists(YAML_PIECES, max_size=30).map("".join))
def test_any_text_loads_or_becomes_problems_with_a_place(text: str) -> None:
    assert all(p.line >= 1 and p.col >= 1 for p in parse(text).problems)


def test_plain_data_with_the_mark_of_every_mapping_key_and_value() -> None:
    doc = parse("spaces:\n  - id: a\n    adjacent: [b, c]\n  - {id: b}\n")
    assert doc.data == {"spaces": [{"id": "a", "adjacent": ["b", "c"]}, {"id": "b"}]}
    assert doc.problems == []
    assert doc.mark(()) == (1, 1)
    assert doc.mark(("spaces",)) == (2, 3)
    assert doc.mark(("spaces", 0)) == (2, 5)
    assert doc.key_mark(("spaces", 0, "adjacent")) == (3, 5)
    assert doc.mark(("spaces", 0, "adjacent")) == (3, 15)
    assert doc.mark(("spaces", 0, "adjacent", 1)) == (3, 19)
    assert doc.mark(("spaces", 1, "id")) == (4, 10)
    assert doc.value(("spaces", 0, "adjacent", 1)) == "c"


def test_a_missing_path_falls_back_to_its_nearest_parent() -> None:
    doc = parse("spaces:\n  - id: a\n")
    assert doc.mark(("spaces", 0, "adjacent", 3)) == (2, 5)
    assert doc.key_mark(("spaces", 0, "adjacent")) == (2, 5)
    with pytest.raises(KeyError):
        doc.value(("spaces", 0, "adjacent"))


def test_yaml_1_1_scalars_load_as_pyyaml_reads_them() -> None:
    doc = parse("a: [no, off, 0101, 0108, 1:30, ~, '0101']\n")
    assert doc.data == {"a": [False, False, 65, "0108", 90, None, "0101"]}
    assert [source_token(doc, ("a", i)) for i in range(5)] == ["no", "off", "0101", "0108", "1:30"]


def test_every_duplicate_key_is_a_problem() -> None:
    doc = parse("a: 1\nb: {x: 1, x: 2}\na: 3\n")
    assert doc.data == {"a": 1, "b": {"x": 1}}
    assert rendered(doc) == [
        "f.yaml:2:11: duplicate key 'x' (first at line 2)\n"
        "    2 | b: {x: 1, x: 2}\n"
        "      |           ^",
        "f.yaml:3:1: duplicate key 'a' (first at line 1)\n    3 | a: 3\n      | ^",
    ]


def test_pyyaml_puts_an_unclosed_quote_at_the_end_of_the_file() -> None:
    """Why the loader reports the context mark for an unclosed quote."""
    text = 'a: 1\nb: "abc\nc: 2\n'
    with pytest.raises(yaml.MarkedYAMLError) as caught:
        yaml.load(text, Loader=yamlio._LOADER)
    assert caught.value.problem_mark is not None and caught.value.context_mark is not None
    assert (caught.value.problem_mark.line, caught.value.problem_mark.column) == (3, 0)
    assert (caught.value.context_mark.line, caught.value.context_mark.column) == (1, 3)


def test_an_unclosed_quote_is_reported_at_the_opening_quote() -> None:
    doc = parse('a: 1\nb: "abc\nc: 2\n')
    assert doc.data is None
    assert rendered(doc) == [
        "f.yaml:2:4: unclosed quote: the string that starts here never ends\n"
        '    2 | b: "abc\n'
        "      |    ^"
    ]


def test_an_unclosed_bracket_is_reported_at_the_bracket() -> None:
    doc = parse("a: [1, 2\nb: 3\n")
    assert rendered(doc)[0].splitlines()[0].startswith("f.yaml:1:4: unclosed '[': ")


def test_other_syntax_errors_stay_where_the_parser_stopped() -> None:
    bad_indent = parse("a:\n  b: 1\n c: 2\n")
    assert bad_indent.problems[0].line == 3
    assert bad_indent.problems[0].message.endswith("; check the indentation")
    tab = parse("a:\n\tb: 1\n")
    assert (tab.problems[0].line, tab.problems[0].col) == (2, 1)
    assert tab.problems[0].message.endswith("; a tab cannot indent YAML, use spaces")
    colon = parse("a: b: c\n")
    assert (colon.problems[0].line, colon.problems[0].col) == (1, 5)


def test_no_object_is_ever_constructed() -> None:
    doc = parse("a: !!python/object/apply:os.system [echo hacked]\nb: !custom 1\nc: !!set {x}\n")
    assert doc.data == {"a": ["echo hacked"], "b": "1", "c": {"x": None}}
    assert [p.message for p in doc.problems] == [
        "unsupported tag '!!python/object/apply:os.system'",
        "unsupported tag '!custom'",
        "unsupported tag '!!set'",
    ]


def test_keys_yaml_would_read_as_booleans_or_odd_numbers_are_problems() -> None:
    doc = parse("off: 1\n0101: 2\n12: 3\n1936-07-18: 4\n")
    assert doc.data == {"off": 1, "0101": 2, 12: 3, "1936-07-18": 4}
    assert [p.message for p in doc.problems] == [
        "key off is read as boolean False (YAML reads no/off/yes/on as booleans; quote it)",
        "key 0101 is read as the number 65; quote it",
    ]


def test_merge_keys_and_self_referring_aliases_are_problems() -> None:
    assert [p.message for p in parse("a: &x {k: 1}\nb:\n  <<: *x\n").problems] == [
        "merge keys ('<<') are not supported; write the keys out"
    ]
    assert [p.message for p in parse("a: &x [*x]\n").problems] == [
        "this alias refers to a list or mapping that contains it"
    ]


def test_the_garbage_collector_is_paused_only_during_the_load() -> None:
    assert gc.isenabled()
    parse("a: 1\n")
    assert gc.isenabled()
    parse('a: "\n')
    assert gc.isenabled()
    gc.disable()
    try:
        parse("a: 1\n")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_empty_file_has_no_data_and_no_problem() -> None:
    doc = parse("")
    assert (doc.data, doc.problems, doc.mark(("x",))) == (None, [], (1, 1))


def test_text_that_is_not_utf8_is_a_problem_at_the_bad_byte() -> None:
    doc = parse_yaml(b"a: 1\nb: \xff\n", "f.yaml")
    assert [(p.line, p.col, p.message) for p in doc.problems] == [
        (2, 4, "not UTF-8 text (save the file as UTF-8)")
    ]


def test_load_yaml_keeps_the_path_and_the_bytes(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_bytes(b"a: 1\n")
    doc = load_yaml(path)
    assert (doc.file, doc.raw, doc.lines, doc.data) == (str(path), b"a: 1\n", ["a: 1"], {"a": 1})
    with pytest.raises(OSError):
        load_yaml(tmp_path / "missing.yaml")


def test_render_quotes_the_line_with_a_caret_under_the_column() -> None:
    problem = Problem("b.yaml", 12, 7, "unknown key 'adjacnt'", "      adjacnt: [a, b]")
    assert problem.render() == (
        "b.yaml:12:7: unknown key 'adjacnt'\n"
        "    12 |       adjacnt: [a, b]\n"
        "       |       ^"
    )
    tabbed = Problem("b.yaml", 3, 3, "here", "\tx: 1")
    assert tabbed.render().splitlines()[2] == "      | \t ^"
    assert Problem("b.yaml", 0, 0, "cannot read: gone").render() == "b.yaml: cannot read: gone"
