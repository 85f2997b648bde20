"""Session persistence (SPEC-028 §9): the checksummed record format (``codec``, format 1
in ``legacy``) and the session stores: what they share (``base``), Memory (``stores``),
SQLite (``sqlite``) and Redis (``redis``)."""

from __future__ import annotations

from .codec import (
    FORMAT_VERSION,
    Encoded,
    SnapshotError,
    decode,
    encode,
    extend,
    restore,
    snapshot,
    stored_format,
)
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
    "Encoded",
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
    "stored_format",
]
