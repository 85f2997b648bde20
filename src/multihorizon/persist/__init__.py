"""Session persistence (SPEC-028 §9): the checksummed record format (``codec``) and the
Memory, SQLite and Redis session stores (``stores``)."""

from __future__ import annotations

from .codec import FORMAT_VERSION, SnapshotError, decode, encode, extend, restore, snapshot
from .stores import (
    ConflictError,
    MemoryStore,
    PartialStateError,
    RedisStore,
    SessionStore,
    SessionTooLargeError,
    SQLiteStore,
    StoredSession,
    StoreError,
)

__all__ = [
    "FORMAT_VERSION",
    "ConflictError",
    "MemoryStore",
    "PartialStateError",
    "RedisStore",
    "SQLiteStore",
    "SessionStore",
    "SessionTooLargeError",
    "SnapshotError",
    "StoreError",
    "StoredSession",
    "decode",
    "encode",
    "extend",
    "restore",
    "snapshot",
]
