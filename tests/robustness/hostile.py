"""Hostile input for the loading paths (DESIGN.md §8) and the checks every refusal must pass.

`save_mutations` and `scenario_mutations` build the mutated files from a good save and the
shipped scenario folders, deterministically from a seed, so `make test` runs a fixed slice and
`make soak` the whole sets. `Outcome` measures one attempt: exit code, stderr, time, whether the
input file changed, and which paths outside the allowed folder were opened (an audit hook sees
every `open` the process makes).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import plugins
from engine.cli import main
from engine.core.saves import write_save
from engine.core.session import Session
from engine.loading import load_game_scenario
from engine.paths import SCENARIOS

GAMES = ("baler", "filipinas", "guerra")
REFUSAL_SECONDS = 1.0
"""Every refusal is given within this much CPU time (issue 9). CPU time, not wall time: the
suite runs beside other work on shared machines, where the wall clock says more about the
neighbours than about us."""
HANG_SECONDS = 10.0
"""Wall time past which an attempt counts as a hang (waiting on a pipe costs no CPU)."""

HOSTILE_VALUES: list[tuple[str, Any]] = [
    ("null", None),
    ("true", True),
    ("dict", {"a": 1}),
    ("list", [1, [2, [3]]]),
    ("nan", float("nan")),
    ("inf", float("inf")),
    ("big-int", 10**4000),
    ("negative", -1),
    ("int-12345", 12345),
    ("huge-string", "x" * 1_000_000),
    ("surrogate", "\udcff"),
    ("nul", "a\x00b"),
    ("empty", ""),
    ("deep-list", "DEEP900"),
]
"""Values put into save entries and action fields; "DEEP900" becomes a list nested 900 deep."""


# --- watching what the process opens ------------------------------------------------------------

_opened: list[str] | None = None


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _opened is not None and args and isinstance(args[0], str | bytes):
        _opened.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


@contextlib.contextmanager
def watching_opens() -> Iterator[list[str]]:
    """The paths opened inside the block (files and folders alike)."""
    global _opened
    _opened = []
    try:
        yield _opened
    finally:
        _opened = None


def outside(opened: list[str], allowed: list[Path]) -> list[str]:
    """The opened paths that lie in none of the `allowed` folders (Python's own files and the
    installed packages are not the input's doing, and are left out)."""
    roots = [p.resolve() for p in allowed]
    # the program's own files (code, fonts, package metadata) are not the input's doing
    ignore = [Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
              Path(__file__).resolve().parents[2]]
    found = []
    for name in opened:
        try:
            path = Path(name).resolve()
        except (OSError, ValueError):
            found.append(name)
            continue
        if any(path.is_relative_to(r) for r in roots + ignore) or name.startswith("/dev/null"):
            continue
        found.append(name)
    return found


# --- one attempt ---------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What one attempt at loading gave."""

    name: str
    code: int
    err: str
    seconds: float
    """CPU time of the attempt."""
    wall: float = 0.0
    changed: bool = False
    outside: list[str] = field(default_factory=list)

    @property
    def clean_error(self) -> bool:
        lines = [line for line in self.err.splitlines() if line.strip()]
        return self.code == 2 and "Traceback" not in self.err and len(lines) >= 1

    def check(self, *, one_line: bool = True, may_pass: bool = False) -> None:
        """Exit 2 with one line (or success when `may_pass`), no traceback, in time, the input
        unchanged, nothing read outside."""
        where = (f"{self.name}: exit {self.code}, {self.seconds:.2f} s CPU, {self.wall:.2f} s, "
                 f"stderr {self.err[:300]!r}")
        assert self.wall < HANG_SECONDS, where
        assert "Traceback" not in self.err, where
        if may_pass and self.code == 0:
            pass
        else:
            assert self.code == 2, where
            if one_line:
                assert len(self.err.strip().splitlines()) == 1, where
            assert self.seconds < REFUSAL_SECONDS, where
        assert not self.changed, f"{self.name}: the input file changed"
        assert not self.outside, f"{self.name}: read outside: {self.outside[:5]}"


def run_cli(name: str, argv: list[str], watched: Path | None = None,
            allowed: list[Path] | None = None) -> Outcome:
    """Run `wargames argv` in this process and measure it."""
    before = _fingerprint(watched)
    err = io.StringIO()
    with watching_opens() as opened, contextlib.redirect_stderr(err), \
            contextlib.redirect_stdout(io.StringIO()):
        start, cpu = time.perf_counter(), time.thread_time()
        code = main(argv)
        seconds, wall = time.thread_time() - cpu, time.perf_counter() - start
    out = Outcome(name, code, err.getvalue(), seconds, wall, _fingerprint(watched) != before)
    if allowed is not None:
        out.outside = outside(opened, allowed)
    return out


def _fingerprint(path: Path | None) -> tuple[bytes, int] | None:
    if path is None or not path.is_file():
        return None
    return path.read_bytes(), path.stat().st_mtime_ns


# --- saves ---------------------------------------------------------------------------------------

def good_save(game: str, folder: Path, actions: int = 25, seed: int = 3) -> Path:
    """A save of `game` after a short random playout from its standard scenario."""
    plugin = plugins.get(game)
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    rng = random.Random(seed)
    while len(session.history) < actions and session.result() is None:
        legal = session.legal_actions()
        session.play(rng.choice(legal))
    path = folder / f"{game}-good.json"
    write_save(path, session, {side: "human" for side in plugin.sides})
    return path


def _hostile(value: Any) -> Any:
    if value == "DEEP900":
        deep: Any = 1
        for _ in range(900):
            deep = [deep]
        return deep
    return value


def _dump(data: Any) -> str:
    return json.dumps(data, indent=1)


def save_mutations(good: Path, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """`count` mutated versions of the save `good`: the listed failures first, then random
    mutations of entries and action fields (each a name and the file's bytes)."""
    data = json.loads(good.read_text(encoding="utf-8"))
    text = good.read_bytes()
    fixed: list[tuple[str, bytes]] = [
        ("nested-100000", b'{"format": 1, "actions": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
        ("seed-5000-digits", _dump({**data, "seed": 0}).replace(
            '"seed": 0', '"seed": ' + "9" * 5000).encode()),
        ("seed-5000-digits-text", text.replace(
            f'"seed": {data["seed"]}'.encode(), b'"seed": ' + b"9" * 5000)),
        ("scenario-5000-chars", _dump({**data, "scenario": "a" * 5000 + ".yaml"}).encode()),
        ("scenario-x-x", _dump({**data, "scenario": "x/" * 2000 + "x.yaml"}).encode()),
        ("scenario-etc-passwd", _dump({**data, "scenario": "/etc/passwd"}).encode()),
        ("scenario-dev-zero", _dump({**data, "scenario": "/dev/zero"}).encode()),
        ("scenario-nul", _dump({**data, "scenario": "baler/siege\x00.yaml"}).encode()),
        ("scenario-surrogate", _dump({**data, "scenario": "\udcff.yaml"}).encode()),
        ("game-surrogate", _dump({**data, "game": "\udcff"}).encode()),
        ("truncated-half", text[: len(text) // 2]),
        ("empty", b""),
        ("not-utf8", b"\xff\xfe" + text),
        ("binary", bytes(range(256)) * 10),
    ]
    for i, (name, content) in enumerate(fixed):
        if i < count:
            yield name, content
    for i in range(max(0, count - len(fixed))):
        mutated = json.loads(json.dumps(data))
        label, value = rng.choice(HOSTILE_VALUES)
        if mutated["actions"] and rng.random() < 0.7:
            k = rng.randrange(len(mutated["actions"]))
            action = mutated["actions"][k]
            fields = [f for f in action if f != "type"] or ["type"]
            name = rng.choice(fields)
            action[name] = _hostile(value)
            where = f"action{k}.{name}"
        else:
            name = rng.choice(sorted(mutated))
            mutated[name] = _hostile(value)
            where = name
        yield f"mut{i}-{where}={label}", _dump(mutated).encode("utf-8", "surrogatepass")


# --- scenarios -----------------------------------------------------------------------------------

def copy_scenarios(game: str, folder: Path) -> Path:
    """A copy of `game`'s scenario folder, nested two levels down so '..' has somewhere to go;
    returns the copy."""
    target = folder / "a" / "b" / game
    shutil.copytree(SCENARIOS / game, target)
    return target


ScenarioEdit = Callable[[Path], None]


def _edit(file: str, old: str, new: str) -> ScenarioEdit:
    def edit(folder: Path) -> None:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert old in text, (file, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


def _append_files(manifest: str, entry: str) -> ScenarioEdit:
    def edit(folder: Path) -> None:
        path = folder / manifest
        text = path.read_text(encoding="utf-8")
        start = text.index("files:")
        end = text.index("]", start) if "[" in text[start:text.index("\n", start)] else -1
        if end >= 0:
            text = text[:end] + f", {json.dumps(entry)}" + text[end:]
        else:
            text = text.replace("files:\n", f"files:\n  - {json.dumps(entry)}\n", 1)
        path.write_text(text, encoding="utf-8")

    return edit


BILLION_LAUGHS = """lol1: &a1 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
lol2: &a2 [*a1,*a1,*a1,*a1,*a1,*a1,*a1,*a1,*a1]
lol3: &a3 [*a2,*a2,*a2,*a2,*a2,*a2,*a2,*a2,*a2]
lol4: &a4 [*a3,*a3,*a3,*a3,*a3,*a3,*a3,*a3,*a3]
lol5: &a5 [*a4,*a4,*a4,*a4,*a4,*a4,*a4,*a4,*a4]
lol6: &a6 [*a5,*a5,*a5,*a5,*a5,*a5,*a5,*a5,*a5]
lol7: &a7 [*a6,*a6,*a6,*a6,*a6,*a6,*a6,*a6,*a6]
lol8: &a8 [*a7,*a7,*a7,*a7,*a7,*a7,*a7,*a7,*a7]
lol9: &a9 [*a8,*a8,*a8,*a8,*a8,*a8,*a8,*a8,*a8]
"""


def _prepend(file: str, text: str) -> ScenarioEdit:
    def edit(folder: Path) -> None:
        path = folder / file
        path.write_text(text + path.read_text(encoding="utf-8"), encoding="utf-8")

    return edit


def _append(file: str, text: str) -> ScenarioEdit:
    def edit(folder: Path) -> None:
        path = folder / file
        path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")

    return edit


def _duplicate_first(file: str, heading: str) -> ScenarioEdit:
    """Repeat the first item of the list under `heading` (so its id is declared twice)."""

    def edit(folder: Path) -> None:
        path = folder / file
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        start = next(i for i, line in enumerate(lines) if line.startswith(heading))
        first = start + 1
        while not lines[first].lstrip().startswith("- "):
            first += 1
        indent = len(lines[first]) - len(lines[first].lstrip())
        end = first + 1
        while end < len(lines) and lines[end].strip() and (
                len(lines[end]) - len(lines[end].lstrip()) > indent):
            end += 1
        lines[first:first] = lines[first:end]
        path.write_text("".join(lines), encoding="utf-8")

    return edit


MANIFESTS = {"baler": "siege.yaml", "filipinas": "standard.yaml", "guerra": "july_1936.yaml"}

LISTED: dict[str, list[tuple[str, ScenarioEdit]]] = {
    "filipinas": [
        ("no-political-success-on", _edit("tables.yaml", "  success_on: 5\n  us_step: 1\n",
                                          "  us_step: 1\n")),
        ("no-limits-wet-turn", _edit("tables.yaml", "  wet_turn: -1\n", "")),
        ("inf-in-resources", _edit("map.yaml", "resources: 2,", "resources: .inf,")),
        ("1e400-in-resources", _edit("map.yaml", "resources: 2,", "resources: 1e400,")),
        ("nan-in-resources", _edit("map.yaml", "resources: 2,", "resources: .nan,")),
        ("inf-hit-on", _edit("tables.yaml", "  hit_on: 6\n", "  hit_on: .inf\n")),
        ("duplicate-marker-id", _duplicate_first("counters.yaml", "markers:")),
    ],
    "guerra": [
        ("placement-without-city", _edit("setup.yaml", "{family: nationalist_army, city: sevilla}",
                                         "{family: nationalist_army}")),
        ("duplicate-road-id", _duplicate_first("map.yaml", "roads:")),
    ],
    "baler": [],
}


def scenario_attacks(game: str) -> list[tuple[str, ScenarioEdit]]:
    """The issue's listed scenario failures that apply to every game, then the game's own."""
    manifest = MANIFESTS[game]
    return [
        ("billion-laughs", _prepend(manifest, BILLION_LAUGHS.replace("lol", "x_lol"))),
        ("list-500-deep", _append(manifest, "deep: " + "[" * 500 + "]" * 500 + "\n")),
        ("files-etc-passwd", _append_files(manifest, "../../../../../../../../etc/passwd")),
        ("files-proc-environ", _append_files(manifest, "../../../../../../../proc/self/environ")),
        ("files-dev-zero", _append_files(manifest, "../../../../../../../../dev/zero")),
        ("files-nul", _append_files(manifest, "board\x00.yaml")),
        ("files-absolute", _append_files(manifest, "/etc/hostname")),
        ("files-link-out", _link_out(manifest)),
        ("files-secret-above", _append_files(manifest, "../../secret.yaml")),
        *LISTED[game],
    ]


def _link_out(manifest: str) -> ScenarioEdit:
    def edit(folder: Path) -> None:
        (folder / "link.yaml").symlink_to("/etc/passwd")
        _append_files(manifest, "link.yaml")(folder)

    return edit


SECRET = "secret-token-7f3a"
"""Written in a file next to the scenario copies: no output may ever contain it."""


def plant_secret(root: Path) -> None:
    (root / "a" / "secret.yaml").parent.mkdir(parents=True, exist_ok=True)
    (root / "a" / "secret.yaml").write_text(f"game: x\nkind: {SECRET}\n", encoding="utf-8")


NUMBER_EDITS = ("0", "-1", "1", "99", "2")


def valid_mutations(game: str, folder: Path, rng: random.Random,
                    count: int) -> Iterator[tuple[str, ScenarioEdit]]:
    """Edits that change one number of one data file to another plain number (the kind of
    change a designer makes): the result may or may not validate; when it does, the game must
    be playable."""
    files = sorted(p.name for p in folder.glob("*.yaml"))
    sites: list[tuple[str, int, int, int]] = []
    for name in files:
        for n, line in enumerate((folder / name).read_text(encoding="utf-8").splitlines()):
            stripped = line.split("#", 1)[0]
            for i, ch in enumerate(stripped):
                if ch.isdigit() and (i == 0 or not stripped[i - 1].isalnum()
                                     and stripped[i - 1] not in "_-.,\"'"):
                    j = i
                    while j < len(stripped) and stripped[j].isdigit():
                        j += 1
                    after = stripped[j:j + 1]
                    if after in ("", ",", "}", "]", " "):
                        sites.append((name, n, i, j))
    rng.shuffle(sites)
    for name, n, i, j in sites[:count]:
        new = rng.choice(NUMBER_EDITS)

        def edit(target: Path, name: str = name, n: int = n, i: int = i, j: int = j,
                 new: str = new) -> None:
            path = target / name
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
            lines[n] = lines[n][:i] + new + lines[n][j:]
            path.write_text("".join(lines), encoding="utf-8")

        yield f"{name}:{n + 1}:{i + 1}={new}", edit


STRUCTURE_VALUES: list[Any] = [None, True, -1, 0, 1, 7, 99, 2.5, "", "zz_unknown", [], {}, [1],
                                 {"a": 1}]
"""What a structural edit may put in place of a value: other types, empty containers, an
unknown reference."""


def _nodes(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _nodes(value, (*path, i))


def _has_block_text(node: Any) -> bool:
    """Text rows (maps) do not survive a plain YAML dump; such files are left alone."""
    if isinstance(node, str):
        return "\n" in node
    if isinstance(node, dict):
        return any(_has_block_text(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_block_text(v) for v in node)
    return False


def structural_mutations(game: str, folder: Path, rng: random.Random,
                         count: int) -> Iterator[tuple[str, ScenarioEdit]]:
    """Edits to the shape of one data file: a key deleted, a value replaced by one of another
    type, a list item repeated or removed, two values of one mapping swapped. The file is
    rewritten by a YAML dump (comments go; the data stays). Whatever validates must play."""
    import yaml  # the tests' own writer; the game reads through engine.data

    trees = {p.name: yaml.safe_load(p.read_text(encoding="utf-8"))
             for p in sorted(folder.glob("*.yaml"))}
    files = [name for name, tree in trees.items()
             if isinstance(tree, dict) and not _has_block_text(tree)]
    for _ in range(count):
        name = rng.choice(files)
        paths = [p for p in _nodes(trees[name]) if p and p[0] not in ("game", "kind")]
        path = rng.choice(paths)
        op = rng.choice(["delete", "replace", "replace", "repeat", "swap"])
        value = rng.choice(STRUCTURE_VALUES)

        def edit(target: Path, name: str = name, path: tuple[Any, ...] = path, op: str = op,
                 value: Any = value) -> None:
            file = target / name
            tree = yaml.safe_load(file.read_text(encoding="utf-8"))
            parent = tree
            for step in path[:-1]:
                parent = parent[step]
            key = path[-1]
            if op == "delete":
                del parent[key]
            elif op == "repeat" and isinstance(parent, list):
                parent.insert(key, json.loads(json.dumps(parent[key])))
            elif op == "swap" and isinstance(parent, dict) and len(parent) > 1:
                other = next(k for k in parent if k != key)
                parent[key], parent[other] = parent[other], parent[key]
            else:
                parent[key] = json.loads(json.dumps(value))
            file.write_text(yaml.safe_dump(tree, sort_keys=False, allow_unicode=True),
                            encoding="utf-8")

        where = "/".join(map(str, path))
        yield f"{name}:{where}:{op}", edit


PLAYOUT = 60
"""Random actions played on a scenario that validates after an edit."""


def playable(game: str, manifest: Path, seed: int) -> None:
    """New game and a short random playout; raises whatever the rules raise."""
    plugin = plugins.get(game)
    scenario = load_game_scenario(plugin, manifest)
    session = Session(plugin.rules, scenario, seed)
    rng = random.Random(seed)
    for _ in range(PLAYOUT):
        if session.result() is not None:
            break
        legal = session.legal_actions()
        assert legal, "a decision with no legal answer"
        session.play(rng.choice(legal))


# --- saves killed mid-write ----------------------------------------------------------------------

@dataclass
class Kills:
    """What `kill_during_saves` did: how many writers it killed and the saves they finished."""

    kills: int
    saves: list[Path]


def _keep_saving(folder: Path, session: Session, ready: Any) -> None:
    from engine.ui.autosave import write_new_save

    write_new_save(folder, "baler-killed", session, {"spanish": "human"})
    ready.send(True)
    while True:
        write_new_save(folder, "baler-killed", session, {"spanish": "human"})


def kill_during_saves(folder: Path, kills: int, rng: random.Random) -> Kills:
    """Fork a process that writes Ctrl+S saves of a 150-action Heroes of Baler game into
    `folder` without pause and kill it (SIGKILL) at a random moment after its first save,
    `kills` times."""
    import multiprocessing
    import signal

    plugin = plugins.get("baler")
    session = Session(plugin.rules, load_game_scenario(plugin), 3)
    moves = random.Random(3)
    while len(session.history) < 150 and session.result() is None:
        session.play(moves.choice(session.legal_actions()))
    folder.mkdir(parents=True, exist_ok=True)
    context = multiprocessing.get_context("fork")
    for _ in range(kills):
        ours, theirs = context.Pipe()
        writer = context.Process(target=_keep_saving, args=(folder, session, theirs))
        writer.start()
        assert ours.poll(HANG_SECONDS), "the writer did not start"
        ours.recv()
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(writer.pid or 0, signal.SIGKILL)
        writer.join(HANG_SECONDS)
    return Kills(kills, sorted(folder.glob("*.json")))


# --- big inputs and the newer doors (issue 25) ---------------------------------------------------

def _link_manifest(manifest: str, target: str) -> ScenarioEdit:
    """The manifest itself replaced by a link to `target`: a path, or a private YAML file (not
    one of ours: a token on its first line) written above the scenario copies."""
    def edit(folder: Path) -> None:
        path = folder / manifest
        path.unlink()
        if target.startswith("/"):
            path.symlink_to(target)
            return
        private = folder.parent.parent / target
        private.write_text(f"token: {SECRET}\nuser: someone\n", encoding="utf-8")
        path.symlink_to(private)

    return edit


def _list_many(manifest: str, count: int, distinct: bool) -> ScenarioEdit:
    """The manifest's `files:` lists `count` more entries: one file again and again, or as many
    different names."""
    def edit(folder: Path) -> None:
        path = folder / manifest
        text = path.read_text(encoding="utf-8")
        start = text.index("files:")
        line_end = text.index("\n", start)
        first = text[start:line_end].split("[", 1)[1].split(",")[0].strip(" ]")
        extra = ", ".join(f"f{i}.yaml" if distinct else first for i in range(count))
        path.write_text(f"{text[:start]}files: [{extra}]\n{text[line_end + 1:]}",
                        encoding="utf-8")

    return edit


def _fifo(manifest: str) -> ScenarioEdit:
    def edit(folder: Path) -> None:
        os.mkfifo(folder / "pipe.yaml")
        _append_files(manifest, "pipe.yaml")(folder)

    return edit


def _unknown_keys(count: int) -> ScenarioEdit:
    """`count` keys no schema knows added to the first listed data file."""
    def edit(folder: Path) -> None:
        path = sorted(p for p in folder.glob("*.yaml") if p.name not in MANIFESTS.values()
                      and "kind: scenario" not in p.read_text(encoding="utf-8"))[0]
        with path.open("a", encoding="utf-8") as f:
            f.write("".join(f"k{i:07d}: 1\n" for i in range(count)))

    return edit


def _one_line(count: int) -> ScenarioEdit:
    """A one-line list of `count` unknown references (a megabyte on one line)."""
    def edit(folder: Path) -> None:
        path = sorted(p for p in folder.glob("*.yaml") if p.name not in MANIFESTS.values()
                      and "kind: scenario" not in p.read_text(encoding="utf-8"))[0]
        with path.open("a", encoding="utf-8") as f:
            f.write("zz_unknown: [" + ", ".join(f"x{i}" for i in range(count)) + "]\n")

    return edit


BIG: dict[str, list[tuple[str, ScenarioEdit]]] = {
    "filipinas": [
        ("resources-max-a-billion", _edit("tables.yaml", "  max: 20\n", "  max: 1000000000\n")),
        ("band-to-a-billion", _edit("tables.yaml", "{from: 7, to: 9, cards: 3}",
                                    "{from: 7, to: 1000000000, cards: 3}")),
        ("turn-a-billion", _edit("map.yaml", "{turn: 7,", "{turn: 1000000000,")),
    ],
    "guerra": [],
    "baler": [],
}


def door_attacks(game: str) -> list[tuple[str, ScenarioEdit]]:
    """Issue 25's scenario attacks: a manifest that is a link out of the folder, a listed
    FIFO, manifests listing thousands of files, files with tens of thousands of unknown keys or
    a megabyte on one line, and the game's own numbers of a billion."""
    manifest = MANIFESTS[game]
    return [
        ("manifest-link-passwd", _link_manifest(manifest, "/etc/passwd")),
        ("manifest-link-private", _link_manifest(manifest, "private.yaml")),
        ("files-fifo", _fifo(manifest)),
        ("files-one-4000-times", _list_many(manifest, 4000, distinct=False)),
        ("files-20000-entries", _list_many(manifest, 20000, distinct=True)),
        ("unknown-keys-24000", _unknown_keys(24_000)),
        ("keys-190000", _unknown_keys(190_000)),
        ("one-line-1mb", _one_line(120_000)),
        ("one-line-40000", _one_line(40_000)),
        *BIG[game],
    ]


# --- F5 under hostile edits ----------------------------------------------------------------------

@dataclass
class Reload:
    """What F5 did with a hostile edit of the scenario under a running game."""

    name: str
    title: str
    text: str
    seconds: float
    """CPU time of the reload."""
    wall: float
    kept: bool
    """The game on screen is the one from before the reload."""
    outside: list[str]


def f5_under(app: Any, game: str, name: str, edit: ScenarioEdit, root: Path,
             user_data: Path) -> Reload:
    """Start `game` on a copy of its scenarios under `root`, play a few random actions, make
    the hostile `edit` to the copy and press F5 (engine.ui.reload)."""
    from engine.ui.reload import reload_scenario
    from uitest import start_game

    folder = copy_scenarios(game, root)
    plant_secret(root)
    plugin = plugins.get(game)
    session = Session(plugin.rules, load_game_scenario(plugin, folder / MANIFESTS[game]), 5)
    moves = random.Random(5)
    while len(session.history) < 6 and session.result() is None:
        session.play(moves.choice(session.legal_actions()))
    scene = start_game(app, plugin, session, {side: "human" for side in plugin.sides})
    edit(folder)
    with watching_opens() as opened:
        start, cpu = time.perf_counter(), time.thread_time()
        reload_scenario(scene)
        seconds, wall = time.thread_time() - cpu, time.perf_counter() - start
    dialog = scene.dialog
    app.pop()
    # a manifest that is a link is read where it leads: that folder is the scenario's
    allowed = [folder, user_data, *([root / "a"] if "private" in name else [])]
    return Reload(name, dialog.title if dialog else "", dialog.text if dialog else "", seconds,
                  wall, scene.session is session, outside(opened, allowed))


def check_reload(out: Reload) -> None:
    """F5 refused the edit: a dialog in time, the game unchanged, nothing quoted or read from
    outside the scenario's folder."""
    where = f"{out.name}: {out.title!r}, {out.seconds:.2f} s CPU, {out.wall:.2f} s"
    assert out.title in ("The scenario has errors", "Cannot reload the scenario"), where
    assert out.kept, where
    assert out.wall < HANG_SECONDS and out.seconds < REFUSAL_SECONDS, where
    assert SECRET not in out.text and "root:" not in out.text, where
    assert len(out.text) < 20_000, f"{where}: {len(out.text):,} characters in the dialog"
    assert not out.outside, f"{where}: read outside {out.outside[:3]}"


def deleted_after_check(file: str) -> Callable[[Any], ScenarioEdit]:
    """An edit that deletes the listed `file` right after the loader checked its name (made
    with pytest's monkeypatch on the loader's folder check)."""
    def prepare(monkeypatch: Any) -> ScenarioEdit:
        from engine.data import schema

        confined = schema._confined

        def check_then_delete(folder: Path, rel: str) -> tuple[Path | None, str]:
            found = confined(folder, rel)
            if rel == file and found[0] is not None:
                found[0].unlink(missing_ok=True)
            return found

        def edit(_folder: Path) -> None:
            monkeypatch.setattr(schema, "_confined", check_then_delete)

        return edit

    return prepare


def _nested(manifest: str, depth: int) -> ScenarioEdit:
    return _append(manifest, "deep: " + "[" * depth + "]" * depth + "\n")


def _laughs(manifest: str, levels: int, width: int) -> ScenarioEdit:
    lines = [f"z_l1: &z1 [{', '.join(['lol'] * width)}]"]
    lines += [f"z_l{i}: &z{i} [{', '.join([f'*z{i - 1}'] * width)}]" for i in range(2, levels + 1)]
    return _prepend(manifest, "\n".join(lines) + "\n")


def big_inputs(game: str) -> list[tuple[str, ScenarioEdit]]:
    """Inputs of growing size for each cost the issue measured: a manifest listing one file or
    distinct files thousands of times, files of tens or hundreds of thousands of unknown keys,
    a one-line list of a megabyte, nesting around the limit and alias bombs of several
    shapes."""
    manifest = MANIFESTS[game]
    found: list[tuple[str, ScenarioEdit]] = []
    for count in (500, 2_000, 4_000, 20_000, 100_000):
        found.append((f"files-one-{count}-times", _list_many(manifest, count, distinct=False)))
        found.append((f"files-{count}-entries", _list_many(manifest, count, distinct=True)))
    for count in (1_000, 10_000, 24_000, 49_000, 100_000, 190_000, 300_000):
        found.append((f"unknown-keys-{count}", _unknown_keys(count)))
    for count in (10_000, 40_000, 120_000, 300_000):
        found.append((f"one-line-{count}", _one_line(count)))
    for depth in (60, 63, 64, 65, 1_000, 100_000):
        found.append((f"nested-{depth}", _nested(manifest, depth)))
    for levels, width in ((9, 9), (5, 30), (20, 2), (3, 300)):
        found.append((f"aliases-{levels}x{width}", _laughs(manifest, levels, width)))
    return found
