"""The session stores, under the name the first releases documented
(``from multihorizon.store import SQLiteStore``); they live in ``multihorizon.persist``."""

from __future__ import annotations

from .persist.stores import (
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
    "ConflictError",
    "MemoryStore",
    "PartialStateError",
    "RedisStore",
    "SQLiteStore",
    "SessionStore",
    "SessionTooLargeError",
    "StoreError",
    "StoredSession",
]
