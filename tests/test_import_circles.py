"""No module of the project imports, however indirectly, a module that imports it back.

Every import counts: at the top of a module, inside a function, under `TYPE_CHECKING`. An
import moved into a function or behind `TYPE_CHECKING` hides a circle from Python's loader but
not from a reader; the cure is a third module both can import, or a protocol. A package's
`__init__` importing its own modules is no circle (Python loads the package first anyway), and
neither is a module naming its own package.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

from test_layering import project_modules


def module_names() -> dict[str, Path]:
    """Every project module by dotted name (a package by its own name, not `.__init__`)."""
    return {name.removesuffix(".__init__"): path for name, path in project_modules()}


def imported(module: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The project modules `module` imports anywhere in its text. `from a import b` counts as
    an import of `a.b` when that is a module, else of `a`."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, node.module] if node.module else parts)
            else:
                base = node.module or ""
            modules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            found.update(modules)
            if len(modules) < len(node.names):
                found.add(base)
    return {name for name in found
            if name in known and name != module and not module.startswith(name + ".")}


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without
    recursion), each sorted, in a stable order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def test_no_module_imports_itself_back():
    known = module_names()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    found = circles(graph)
    assert not found, "import circles (break each with a third module or a protocol):\n" + \
        "\n".join(" <-> ".join(group) for group in found)


def test_the_checker_finds_circles_of_two_and_of_three():
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}, "g": set()}
    assert circles(graph) == [["a", "b"], ["c", "d", "e"]]


def test_an_import_inside_a_function_or_for_type_checking_counts(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from pkg import one\n")
    (pkg / "one.py").write_text("from typing import TYPE_CHECKING\n"
                                "if TYPE_CHECKING:\n    from pkg.two import Two\n")
    (pkg / "two.py").write_text("def f():\n    from pkg import one\n    from . import three\n")
    (pkg / "three.py").write_text("import pkg\n")
    known = {"pkg": pkg / "__init__.py", "pkg.one": pkg / "one.py", "pkg.two": pkg / "two.py",
             "pkg.three": pkg / "three.py"}
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert graph == {"pkg": {"pkg.one"}, "pkg.one": {"pkg.two"},
                     "pkg.two": {"pkg.one", "pkg.three"}, "pkg.three": set()}
    assert circles(graph) == [["pkg.one", "pkg.two"]]
