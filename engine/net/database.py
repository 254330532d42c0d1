"""The store a `--db` address names: SQLite (the embedded default) or PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from engine.net.pgstore import PostgresStore
from engine.net.store import SqliteStore, Store, StoreError


def open_store(address: str) -> Store:
    """A store from `--db`: `sqlite:///PATH` (relative; `sqlite:////PATH` absolute, or a bare
    path) or `postgresql://...`."""
    if address.startswith(("postgresql://", "postgres://")):
        return PostgresStore(address)
    if address.startswith("sqlite:"):
        # as SQLAlchemy reads it: sqlite:///relative/file.db, sqlite:////absolute/file.db
        path = unquote(address.removeprefix("sqlite:").removeprefix("///"))
        if not path or path.startswith("//"):
            raise StoreError(f"no file in the database address {address!r}")
        return SqliteStore(Path(path))
    if "://" in address:
        raise StoreError(f"unknown database address {address!r} "
                         "(use sqlite:///PATH or postgresql://...)")
    return SqliteStore(Path(address))
