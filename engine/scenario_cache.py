"""Scenarios that passed every check, kept so that the next start does not check them again.

Loading a scenario validates each of its documents against the game's schemas (pydantic) and
runs the game's own checks: 0.15-0.3 s of CPU (`tools/first_frame.py` under a profiler, issue
27) for files that are the same at every start. After a full load, the scenario's plain data
(`Scenario.documents`, all that the rules read) is written to the user's cache folder under a
key made of
- the bytes of the manifest and of every file it lists, in order (their SHA-256, which is also
  the scenario's `sha256`),
- the game and the manifest's real path,
- a stamp of the code that judged them: the size and modification time of every Python file
  of the engine and of the game's package, the Python version and the installed pydantic's.
An entry found under the key is a scenario the full load accepted with the same bytes and the
same code; anything else (a file changed, a new version, a missing or damaged entry) is loaded
and checked in full, as before. Entries are plain data read by an unpickler that refuses every
class, so no code runs from the cache; a problem reading or writing it is never an error, the
scenario is loaded in full instead. `WARGAMES_SCENARIO_CACHE=0` turns it off (the test suite
does, except for the cache's own tests).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
import yaml

from engine.core.files import read_limited

if TYPE_CHECKING:
    from engine.core.game import GamePlugin, Scenario

ENV = "WARGAMES_SCENARIO_CACHE"
MAX_FILE = 32 << 20
"""A listed file or a cache entry larger than this is not cached (the full load decides)."""
KEEP = 8
"""Entries kept per game: its scenarios under the last few versions of the code."""
_ENGINE = Path(__file__).resolve().parent


def enabled() -> bool:
    return os.environ.get(ENV, "1") != "0"


def folder() -> Path:
    """The cache's folder (not created until an entry is written)."""
    return Path(platformdirs.user_cache_dir("wargames", appauthor=False)) / "scenarios"


def _sources(package: Path) -> list[str]:
    stamps = []
    for root, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                info = os.stat(os.path.join(root, name))
                stamps.append(f"{root}/{name}:{info.st_size}:{info.st_mtime_ns}")
    return stamps


def code_stamp(plugin: GamePlugin) -> str:
    """What judged the files: the engine's and the game's Python sources (size and time of
    change), Python's version and pydantic's files."""
    import importlib.util

    parts = [sys.version, *_sources(_ENGINE)]
    game = sys.modules.get(plugin.schemas.partition(":")[0].split(".")[0])
    if game is not None and getattr(game, "__file__", None):
        parts += _sources(Path(str(game.__file__)).parent)
    spec = importlib.util.find_spec("pydantic")
    if spec is not None and spec.origin:
        with contextlib.suppress(OSError):
            info = os.stat(Path(spec.origin).parent / "version.py")
            parts.append(f"pydantic:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _contents(manifest: Path) -> tuple[Path, bytes, str] | None:
    """The manifest's real path, its bytes, and the SHA-256 of its bytes and its listed files'
    (as the full load computes `Scenario.sha256`); None when anything is unusual (a listed file
    missing, outside the manifest's folder, too large): the full load then says what."""
    try:
        real = manifest.resolve(strict=True)
        raw = read_limited(real, MAX_FILE)
        data = yaml.load(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, ValueError, RecursionError, yaml.YAMLError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files) \
            or len(set(files)) != len(files):
        return None
    digest = hashlib.sha256(raw)
    base = real.parent
    for rel in files:
        try:
            target = (base / rel).resolve(strict=True)
            if not target.is_relative_to(base):
                return None
            digest.update(read_limited(target, MAX_FILE, within=base))
        except (OSError, ValueError):
            return None
    return real, raw, digest.hexdigest()


def _entry(plugin: GamePlugin, real: Path, sha256: str) -> Path:
    key = "\0".join((plugin.id, str(real), sha256, code_stamp(plugin)))
    return folder() / f"{plugin.id}-{hashlib.sha256(key.encode()).hexdigest()[:40]}.pickle"


class _PlainData(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")


def lookup(plugin: GamePlugin, manifest: Path, path: str) -> Scenario | None:
    """The scenario at `manifest` as its last full load accepted it (with `path` as its
    `path`), or None when it must be loaded in full."""
    if not enabled():
        return None
    found = _contents(manifest)
    if found is None:
        return None
    real, _, sha256 = found
    try:
        raw = read_limited(_entry(plugin, real, sha256), MAX_FILE)
        entry = _PlainData(io.BytesIO(raw)).load()
    except Exception:  # missing or damaged: the full load decides
        return None
    if not isinstance(entry, dict) or entry.get("sha256") != sha256 \
            or entry.get("game") != plugin.id:
        return None
    from engine.core.game import Scenario

    try:
        return Scenario(game=plugin.id, name=entry["name"], title=entry["title"], path=path,
                        sha256=sha256, documents=entry["documents"])
    except (KeyError, TypeError):
        return None


def store(plugin: GamePlugin, manifest: Path, scenario: Scenario) -> None:
    """Keep `scenario`, which a full load of `manifest` has just accepted (nothing is kept when
    its files changed meanwhile, or its data is not plain)."""
    if not enabled():
        return
    found = _contents(manifest)
    if found is None or found[2] != scenario.sha256:
        return
    entry = {"game": plugin.id, "name": scenario.name, "title": scenario.title,
             "sha256": scenario.sha256, "documents": dict(scenario.documents)}
    try:
        raw = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
        if _PlainData(io.BytesIO(raw)).load() != entry:
            return
    except Exception:  # a class in the data: not cached
        return
    target = _entry(plugin, found[0], scenario.sha256)
    scratch = target.with_name(f".{target.name}.{os.getpid()}")
    with contextlib.suppress(OSError):
        target.parent.mkdir(parents=True, exist_ok=True)
        scratch.write_bytes(raw)
        os.replace(scratch, target)
    with contextlib.suppress(OSError):
        scratch.unlink(missing_ok=True)
    _prune(plugin)


def _prune(plugin: GamePlugin) -> None:
    """Keep the game's newest KEEP entries (each new version of the code writes new ones)."""
    with contextlib.suppress(OSError):
        entries = sorted(folder().glob(f"{plugin.id}-*.pickle"),
                         key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in entries[KEEP:]:
            old.unlink(missing_ok=True)
