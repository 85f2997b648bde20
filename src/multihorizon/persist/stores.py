"""Where sessions live between turns: ``SessionStore`` and its backends.

A store keeps each session as the records of ``persist.encode``: one head, rewritten at
each save, one record per turn, appended once (a save sends only the turns added since the
last one), and keyed records, each written over when it changes (a save sends only those
its turns changed). Sessions live under a tenant namespace: every call names its tenant,
and no call with one tenant can read, list, overwrite or delete another tenant's sessions. Each
save carries the version it was based on; a save based on a stale version (another replica
wrote first) raises ``ConflictError`` and stores nothing, so two writers never lose or
duplicate a turn. A save that would take a session past the store's ``max_bytes`` raises
``SessionTooLargeError`` and stores nothing.

- ``MemoryStore``: in the process (the default; nothing to start).
- ``SQLiteStore(path)`` (``persist.sqlite``): embedded and durable: WAL mode, one
  transaction per save, so a process killed at any point leaves the last committed turn
  readable.
- ``RedisStore(url)`` (``persist.redis``): a Redis server shared by replicas (atomic script
  or WATCH/MULTI saves).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Mapping, Sequence

from ..inputs import check_name
from .base import (
    MAX_SESSION_BYTES,
    ConflictError,
    PartialStateError,
    SessionStore,
    SessionTooLargeError,
    StoredSession,
    StoreError,
    check_first_turn,
    check_int,
    check_records,
    check_size,
    checked_names,
    conflict,
    next_version,
    segmented_turns,
)
from .redis import RedisStore
from .sqlite import SQLiteStore

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


@dataclasses.dataclass(slots=True)
class _MemoryRow:
    """One session in a ``MemoryStore``: its records, kept where a save can append to them
    and with their sizes, so that a save costs the same at 50,000 turns as at 100 (rebuilding
    a tuple of every turn record and adding up their sizes took 40 ms per save at 50k)."""

    head: bytes
    turns: list[bytes]
    version: int
    updated_at: float
    records: dict[str, bytes]
    turn_bytes: int
    record_bytes: int

    def stored(self, start: int) -> StoredSession:
        """What a load gives: copies, so later saves never change it."""
        return StoredSession(self.head, tuple(self.turns[start:]), self.version,
                             self.updated_at, start, dict(self.records))  # fmt: skip


class MemoryStore:
    """Sessions in this process's memory."""

    def __init__(
        self, clock: Callable[[], float] = time.time, *, max_bytes: int = MAX_SESSION_BYTES
    ) -> None:
        self._rows: dict[tuple[str, str], _MemoryRow] = {}
        self._lock = threading.Lock()
        self._clock = clock
        self.max_bytes = check_int(max_bytes, "max_bytes", 1)

    loads_after_segments = True  # ``load(after_segments=True)``: see ``SessionStore.load``

    def load(
        self, tenant: str, session_id: str, *, from_turn: int = 0, after_segments: bool = False
    ) -> StoredSession | None:
        key = checked_names(tenant, session_id)
        start = check_int(from_turn, "from_turn", 0)
        with self._lock:
            row = self._rows.get(key)
            if row is None:
                return None
            if after_segments:
                start = max(start, segmented_turns(row.records, len(row.turns)))
            return row.stored(min(start, len(row.turns)))

    def version(self, tenant: str, session_id: str) -> int:
        key = checked_names(tenant, session_id)
        with self._lock:
            row = self._rows.get(key)
        return 0 if row is None else row.version

    def save(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
        records: Mapping[str, bytes] | None = None,
    ) -> int:
        key = checked_names(tenant, session_id)
        head, new_turns, keyed = check_records(head, turns, first_turn, expected_version, records)
        with self._lock:
            row = self._rows.get(key)
            version = row.version if row is not None else 0
            if version != expected_version:
                raise conflict(tenant, session_id, version, expected_version)
            if row is None or first_turn == 0:  # a new session, or one saved whole again
                row = _MemoryRow(b"", [], version, 0.0, {}, 0, 0)
            check_first_turn(tenant, session_id, first_turn, len(row.turns))
            # Sizes first: a save over the cap changes nothing.
            turn_bytes = row.turn_bytes + sum(map(len, new_turns))
            turn_bytes -= sum(map(len, row.turns[first_turn:]))  # replaced (rare)
            replaced = sum(len(row.records.get(name, b"")) for name in keyed)
            record_bytes = row.record_bytes + sum(map(len, keyed.values())) - replaced
            check_size(tenant, session_id, len(head) + turn_bytes + record_bytes, self.max_bytes)
            del row.turns[first_turn:]
            row.turns += new_turns
            row.records.update(keyed)
            row.head, row.version, row.updated_at = head, next_version(version), self._clock()
            row.turn_bytes, row.record_bytes = turn_bytes, record_bytes
            self._rows[key] = row
            return row.version

    def delete(self, tenant: str, session_id: str) -> bool:
        key = checked_names(tenant, session_id)
        with self._lock:
            return self._rows.pop(key, None) is not None

    def list(self, tenant: str) -> list[str]:
        tenant = check_name(tenant, "tenant")
        with self._lock:
            return sorted(session for owner, session in self._rows if owner == tenant)

    def expire(self, idle_seconds: float) -> int:
        cutoff = self._clock() - idle_seconds
        with self._lock:
            old = [key for key, row in self._rows.items() if row.updated_at < cutoff]
            for key in old:
                del self._rows[key]
            return len(old)
