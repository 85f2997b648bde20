"""Where sessions live between turns: ``SessionStore`` and its backends.

A store keeps one versioned snapshot (``persist.snapshot``) per session, under a tenant
namespace: every call names its tenant, and no call with one tenant can read, list,
overwrite or delete another tenant's sessions. Each save carries the version it was based
on; a save based on a stale version (another replica wrote first) raises
``ConflictError`` and stores nothing, so two writers never lose or duplicate a turn.

- ``MemoryStore``: in the process (the default; nothing to start).
- ``SQLiteStore(path)``: embedded and durable: WAL mode, one transaction per save, so a
  process killed at any point leaves the last committed turn readable.
- ``RedisStore(url)``: a Redis server shared by replicas (WATCH/MULTI saves).
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .errors import InputError, MultihorizonError

__all__ = [
    "ConflictError",
    "MemoryStore",
    "RedisStore",
    "SQLiteStore",
    "SessionStore",
    "StoreError",
    "StoredSession",
]

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$")
MAX_SESSION_BYTES = 256 * 1024 * 1024


class StoreError(MultihorizonError, RuntimeError):
    """The store cannot do what was asked (unreachable, full, corrupt row)."""


class ConflictError(StoreError):
    """Another writer saved this session first: reload it and apply the turn again."""


@dataclass(frozen=True, slots=True)
class StoredSession:
    blob: bytes
    version: int
    updated_at: float


def check_name(value: object, what: str) -> str:
    """Tenant and session names: 1-128 characters of letters, digits and ``._:@-``, so a
    name can never reach into another namespace ("../", "/", "*")."""
    if not isinstance(value, str) or not _NAME.match(value):
        raise InputError(
            f"{what}: expected 1-128 letters, digits or . _ : @ - (starting with a letter or "
            f"digit), got {value!r}"
        )
    return value


class SessionStore(Protocol):
    def load(self, tenant: str, session_id: str) -> StoredSession | None: ...

    def version(self, tenant: str, session_id: str) -> int:
        """The stored version (0: no such session), without reading the snapshot."""
        ...

    def save(self, tenant: str, session_id: str, blob: bytes, *, expected_version: int) -> int:
        """Store ``blob`` if the stored version is still ``expected_version`` (0: new
        session); returns the new version, or raises ``ConflictError``."""
        ...

    def delete(self, tenant: str, session_id: str) -> bool: ...

    def list(self, tenant: str) -> list[str]: ...

    def expire(self, idle_seconds: float) -> int:
        """Delete sessions idle for longer than ``idle_seconds``; returns how many."""
        ...


def next_version(version: int) -> int:
    """The version after ``version``. A new session (0) starts at the clock in nanoseconds,
    not at 1: a session deleted and created again never repeats a version a replica may
    still hold, so that replica's save conflicts instead of overwriting the new one."""
    return version + 1 if version else time.time_ns()


def _check_blob(blob: object) -> bytes:
    if not isinstance(blob, (bytes, bytearray)):
        raise InputError(f"blob: expected bytes, got {type(blob).__name__}")
    if len(blob) > MAX_SESSION_BYTES:
        raise StoreError(
            f"session of {len(blob):,} bytes is over the {MAX_SESSION_BYTES:,}-byte cap"
        )
    return bytes(blob)


class MemoryStore:
    """Sessions in this process's memory."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._rows: dict[tuple[str, str], StoredSession] = {}
        self._lock = threading.Lock()
        self._clock = clock

    def load(self, tenant: str, session_id: str) -> StoredSession | None:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
        with self._lock:
            return self._rows.get(key)

    def version(self, tenant: str, session_id: str) -> int:
        row = self.load(tenant, session_id)
        return 0 if row is None else row.version

    def save(self, tenant: str, session_id: str, blob: bytes, *, expected_version: int) -> int:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
        data = _check_blob(blob)
        with self._lock:
            current = self._rows.get(key)
            version = current.version if current is not None else 0
            if version != expected_version:
                raise ConflictError(
                    f"session {tenant}/{session_id} is at version {version}, not {expected_version}"
                )
            new = next_version(version)
            self._rows[key] = StoredSession(data, new, self._clock())
            return new

    def delete(self, tenant: str, session_id: str) -> bool:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
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


class SQLiteStore:
    """Sessions in an SQLite file: WAL mode, one transaction per save."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self._clock = clock
        self._local = threading.local()
        with self._connect() as connection:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS sessions ("
                " tenant TEXT NOT NULL, session_id TEXT NOT NULL, version INTEGER NOT NULL,"
                " updated_at REAL NOT NULL, blob BLOB NOT NULL,"
                " PRIMARY KEY (tenant, session_id))"
            )

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            try:
                connection = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: cannot open ({exc})") from None
            self._local.connection = connection
        return connection

    def load(self, tenant: str, session_id: str) -> StoredSession | None:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
        try:
            row = (
                self._connect()
                .execute(
                    "SELECT blob, version, updated_at FROM sessions"
                    " WHERE tenant=? AND session_id=?",
                    key,
                )
                .fetchone()
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: read failed ({exc})") from None
        if row is None:
            return None
        blob, version, updated = row
        if not isinstance(blob, bytes):
            raise StoreError(f"{tenant}/{session_id}: stored row is not a blob")
        return StoredSession(blob, int(version), float(updated))

    def version(self, tenant: str, session_id: str) -> int:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
        try:
            row = (
                self._connect()
                .execute("SELECT version FROM sessions WHERE tenant=? AND session_id=?", key)
                .fetchone()
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: read failed ({exc})") from None
        return 0 if row is None else int(row[0])

    def save(self, tenant: str, session_id: str, blob: bytes, *, expected_version: int) -> int:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
        data = _check_blob(blob)
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                row = connection.execute(
                    "SELECT version FROM sessions WHERE tenant=? AND session_id=?", key
                ).fetchone()
                version = int(row[0]) if row is not None else 0
                if version != expected_version:
                    raise ConflictError(
                        f"session {tenant}/{session_id} is at version {version}, "
                        f"not {expected_version}"
                    )
                new = next_version(version)
                connection.execute(
                    "INSERT INTO sessions (tenant, session_id, version, updated_at, blob) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant, session_id) DO UPDATE SET "
                    "version=excluded.version, updated_at=excluded.updated_at, "
                    "blob=excluded.blob",
                    (*key, new, self._clock(), data),
                )
                connection.execute("COMMIT")
                return new
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: write failed ({exc})") from None

    def delete(self, tenant: str, session_id: str) -> bool:
        key = (check_name(tenant, "tenant"), check_name(session_id, "session_id"))
        try:
            cursor = self._connect().execute(
                "DELETE FROM sessions WHERE tenant=? AND session_id=?", key
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: delete failed ({exc})") from None
        return cursor.rowcount > 0

    def list(self, tenant: str) -> list[str]:
        tenant = check_name(tenant, "tenant")
        rows = (
            self._connect()
            .execute(
                "SELECT session_id FROM sessions WHERE tenant=? ORDER BY session_id", (tenant,)
            )
            .fetchall()
        )
        return [row[0] for row in rows]

    def expire(self, idle_seconds: float) -> int:
        cursor = self._connect().execute(
            "DELETE FROM sessions WHERE updated_at < ?", (self._clock() - idle_seconds,)
        )
        return cursor.rowcount


class RedisStore:
    """Sessions in a Redis server shared by replicas (``pip install "multihorizon[redis]"``).

    One hash per session (``version``, ``updated_at``, ``blob``), a set of session names per
    tenant, and a sorted set by last update for expiry. A save WATCHes the session's hash and
    writes in MULTI/EXEC, so of two replicas saving on the same version exactly one wins and
    the other gets ``ConflictError``. A Redis that is unreachable or goes away mid-call gives
    ``StoreError``; nothing half-written is ever visible (EXEC applies all or nothing).
    """

    def __init__(self, url: str = "redis://127.0.0.1:6379/0", *, prefix: str = "mh",
                 timeout: float = 5.0, clock: Callable[[], float] = time.time) -> None:  # fmt: skip
        try:
            import redis
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise ImportError(
                "RedisStore needs the redis extra: pip install 'multihorizon[redis]'"
            ) from exc
        self._redis_module = redis
        # Typed as Any: redis-py's own annotations are partial (untyped pipeline methods).
        self._client: Any = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self._prefix = check_name(prefix, "prefix")
        self._clock = clock

    def _key(self, tenant: str, session_id: str) -> str:
        tenant, session_id = check_name(tenant, "tenant"), check_name(session_id, "session_id")
        return f"{self._prefix}:s:{tenant}:{session_id}"

    def _call(self, what: str, action: Callable[[], Any]) -> Any:
        errors = self._redis_module.exceptions
        try:
            return action()
        except (errors.ConnectionError, errors.TimeoutError) as exc:
            raise StoreError(f"redis: {what} failed ({exc})") from None

    def load(self, tenant: str, session_id: str) -> StoredSession | None:
        key = self._key(tenant, session_id)
        row = self._call("read", lambda: self._client.hmget(key, "blob", "version", "updated_at"))
        blob, version, updated = row
        if blob is None:
            return None
        if version is None or updated is None:
            raise StoreError(f"{tenant}/{session_id}: stored row is incomplete")
        return StoredSession(bytes(blob), int(version), float(updated))

    def version(self, tenant: str, session_id: str) -> int:
        key = self._key(tenant, session_id)
        value = self._call("read", lambda: self._client.hget(key, "version"))
        return 0 if value is None else int(value)

    def save(self, tenant: str, session_id: str, blob: bytes, *, expected_version: int) -> int:
        key = self._key(tenant, session_id)
        data = _check_blob(blob)
        members = f"{self._prefix}:t:{tenant}"
        by_time = f"{self._prefix}:updated"

        def transaction() -> int:
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(key)
                    stored = pipe.hget(key, "version")
                    version = 0 if stored is None else int(stored)
                    if version != expected_version:
                        raise ConflictError(
                            f"session {tenant}/{session_id} is at version {version}, "
                            f"not {expected_version}"
                        )
                    now = self._clock()
                    pipe.multi()
                    new = next_version(version)
                    pipe.hset(key, mapping={"blob": data, "version": new, "updated_at": now})
                    pipe.sadd(members, session_id)
                    pipe.zadd(by_time, {f"{tenant}/{session_id}": now})
                    pipe.execute()
                    return new
                except self._redis_module.exceptions.WatchError:
                    raise ConflictError(
                        f"session {tenant}/{session_id} was written by another replica"
                    ) from None

        return int(self._call("write", transaction))

    def delete(self, tenant: str, session_id: str) -> bool:
        key = self._key(tenant, session_id)

        def remove() -> bool:
            pipe = self._client.pipeline()
            pipe.delete(key)
            pipe.srem(f"{self._prefix}:t:{tenant}", session_id)
            pipe.zrem(f"{self._prefix}:updated", f"{tenant}/{session_id}")
            return bool(pipe.execute()[0])

        return bool(self._call("delete", remove))

    def list(self, tenant: str) -> list[str]:
        members = f"{self._prefix}:t:{check_name(tenant, 'tenant')}"
        names = self._call("list", lambda: self._client.smembers(members))
        return sorted(name.decode() for name in names)

    def expire(self, idle_seconds: float) -> int:
        """Delete sessions idle for longer than ``idle_seconds``. Each is re-checked under
        WATCH, so a session saved meanwhile is kept."""
        cutoff = self._clock() - idle_seconds
        by_time = f"{self._prefix}:updated"
        old = self._call("expire", lambda: self._client.zrangebyscore(by_time, "-inf", cutoff))
        errors = self._redis_module.exceptions

        def remove(member: str) -> bool:
            tenant, _, session_id = member.partition("/")
            key = self._key(tenant, session_id)
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(key, by_time)
                    score = pipe.zscore(by_time, member)
                    if score is None or float(score) >= cutoff:
                        return False  # saved again since: not idle
                    pipe.multi()
                    pipe.delete(key)
                    pipe.srem(f"{self._prefix}:t:{tenant}", session_id)
                    pipe.zrem(by_time, member)
                    pipe.execute()
                    return True
                except errors.WatchError:
                    return False  # written meanwhile: not idle

        names = [member.decode() for member in old]
        return int(self._call("expire", lambda: sum(remove(name) for name in names)))
