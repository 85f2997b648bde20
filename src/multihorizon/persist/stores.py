"""Where sessions live between turns: ``SessionStore`` and its backends.

A store keeps each session as the records of ``persist.encode``: one head, rewritten at
each save, and one record per turn, appended once (a save sends only the turns added since
the last one). Sessions live under a tenant namespace: every call names its tenant, and no
call with one tenant can read, list, overwrite or delete another tenant's sessions. Each
save carries the version it was based on; a save based on a stale version (another replica
wrote first) raises ``ConflictError`` and stores nothing, so two writers never lose or
duplicate a turn. A save that would take a session past the store's ``max_bytes`` raises
``SessionTooLargeError`` and stores nothing.

- ``MemoryStore``: in the process (the default; nothing to start).
- ``SQLiteStore(path)``: embedded and durable: WAL mode, one transaction per save, so a
  process killed at any point leaves the last committed turn readable.
- ``RedisStore(url)``: a Redis server shared by replicas (atomic script or WATCH/MULTI
  saves).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..errors import InputError, MultihorizonError, SnapshotError
from ..inputs import check_name

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

MAX_SESSION_BYTES = 256 * 1024 * 1024
_HASH_FIELDS = ("blob", "version", "updated_at", "turn_count")  # as load reads them


class StoreError(MultihorizonError, RuntimeError):
    """The store cannot do what was asked (unreachable, full, corrupt row)."""


class ConflictError(StoreError):
    """Another writer saved this session first: reload it and apply the turn again."""


class PartialStateError(StoreError, SnapshotError):
    """A session's stored records are partial or disagree (a hash without its turn list or
    blob, a turn list without its hash, counts that differ): both a ``StoreError`` and a
    ``SnapshotError``, and never retried away like a ``ConflictError``."""


class SessionTooLargeError(StoreError):
    """The save would take the session past the store's size cap."""


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session as stored: its head record and its turn records from ``first_turn`` on (all
    of them unless the load asked for fewer), in turn order."""

    head: bytes
    turns: tuple[bytes, ...]
    version: int
    updated_at: float
    first_turn: int = 0

    @property
    def turn_count(self) -> int:
        return self.first_turn + len(self.turns)

    @property
    def size(self) -> int:
        """Bytes of the records held here."""
        return len(self.head) + sum(len(turn) for turn in self.turns)


def _names(tenant: str, session_id: str) -> tuple[str, str]:
    """The checked (tenant, session) pair every keyed call starts with."""
    return check_name(tenant, "tenant"), check_name(session_id, "session_id")


class SessionStore(Protocol):
    def load(self, tenant: str, session_id: str, *, from_turn: int = 0) -> StoredSession | None:
        """The session's head and its turn records from ``from_turn`` on (a replica that
        holds the earlier ones reads only what it lacks); None when there is no such
        session."""
        ...

    def version(self, tenant: str, session_id: str) -> int:
        """The stored version (0: no such session), without reading the snapshot."""
        ...

    def save(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
    ) -> int:
        """If the stored version is still ``expected_version`` (0: new session), replace the
        head and store ``turns`` as turn records ``first_turn`` onwards (records already
        stored from ``first_turn`` on are replaced; those before it are kept), in one atomic
        step; returns the new version. Raises ``ConflictError`` (stale version),
        ``SessionTooLargeError`` (over the cap) or ``StoreError`` (``first_turn`` past the
        stored turns), storing nothing."""
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


def _check_records(
    head: object, turns: object, first_turn: object, expected_version: object
) -> tuple[bytes, list[bytes]]:
    if not isinstance(head, (bytes, bytearray)):
        raise InputError(f"head: expected bytes, got {type(head).__name__}")
    if isinstance(turns, (bytes, bytearray, str)) or not isinstance(turns, Sequence):
        raise InputError(f"turns: expected a sequence of bytes, got {type(turns).__name__}")
    for index, turn in enumerate(turns):
        if not isinstance(turn, (bytes, bytearray)):
            raise InputError(f"turns[{index}]: expected bytes, got {type(turn).__name__}")
    _check_int(first_turn, "first_turn", 0)
    _check_int(expected_version, "expected_version", 0)
    return bytes(head), [bytes(turn) for turn in turns]


def _check_int(value: object, name: str, minimum: int) -> int:
    """An int argument (not a bool) of at least ``minimum``, else ``InputError``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InputError(f"{name}: expected an int >= {minimum}, got {value!r}")
    return value


def _stored_text(value: object) -> str:
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)


def _stored_int(value: object, what: str) -> int:
    """An integer read back from a store row; a corrupt field is a ``StoreError``."""
    try:
        return int(_stored_text(value))
    except (TypeError, ValueError):
        raise StoreError(f"{what}: stored field is corrupt ({value!r})") from None


def _stored_float(value: object, what: str) -> float:
    """A number read back from a store row; a corrupt field is a ``StoreError``."""
    try:
        return float(_stored_text(value))
    except (TypeError, ValueError):
        raise StoreError(f"{what}: stored field is corrupt ({value!r})") from None


def _check_size(tenant: str, session_id: str, size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise SessionTooLargeError(
            f"session {tenant}/{session_id} would be {size:,} bytes, over this store's "
            f"{max_bytes:,}-byte cap (max_bytes): start a new session or raise the cap"
        )


def _check_first_turn(tenant: str, session_id: str, first_turn: int, stored: int) -> None:
    if first_turn > stored:
        raise StoreError(
            f"session {tenant}/{session_id} stores {stored} turns; cannot append from "
            f"turn {first_turn}"
        )


def _conflict(tenant: str, session_id: str, version: int, expected: int) -> ConflictError:
    return ConflictError(f"session {tenant}/{session_id} is at version {version}, not {expected}")


class MemoryStore:
    """Sessions in this process's memory."""

    def __init__(
        self, clock: Callable[[], float] = time.time, *, max_bytes: int = MAX_SESSION_BYTES
    ) -> None:
        self._rows: dict[tuple[str, str], StoredSession] = {}
        self._lock = threading.Lock()
        self._clock = clock
        self.max_bytes = _check_int(max_bytes, "max_bytes", 1)

    def load(self, tenant: str, session_id: str, *, from_turn: int = 0) -> StoredSession | None:
        key = _names(tenant, session_id)
        start = _check_int(from_turn, "from_turn", 0)
        with self._lock:
            row = self._rows.get(key)
        if row is None or start == 0:
            return row
        start = min(start, len(row.turns))
        return dataclasses.replace(row, turns=row.turns[start:], first_turn=start)

    def version(self, tenant: str, session_id: str) -> int:
        key = _names(tenant, session_id)
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
    ) -> int:
        key = _names(tenant, session_id)
        head, new_turns = _check_records(head, turns, first_turn, expected_version)
        with self._lock:
            current = self._rows.get(key)
            version = current.version if current is not None else 0
            if version != expected_version:
                raise _conflict(tenant, session_id, version, expected_version)
            kept = current.turns if current is not None else ()
            _check_first_turn(tenant, session_id, first_turn, len(kept))
            row = StoredSession(
                head, (*kept[:first_turn], *new_turns), next_version(version), self._clock()
            )
            _check_size(tenant, session_id, row.size, self.max_bytes)
            self._rows[key] = row
            return row.version

    def delete(self, tenant: str, session_id: str) -> bool:
        key = _names(tenant, session_id)
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
    """Sessions in an SQLite file: WAL mode, one transaction per save.

    Table ``sessions`` holds one row per session (version, last update, the head record in
    ``blob``, the stored turn count and their total size); table ``turns`` one row per turn
    record. A file written by the first release (whole snapshots in ``blob``, no ``turns``)
    is upgraded in place on open and its sessions are read and migrated."""

    def __init__(
        self,
        path: str | Path,
        clock: Callable[[], float] = time.time,
        *,
        max_bytes: int = MAX_SESSION_BYTES,
        timeout: float = 30.0,
    ) -> None:
        self.path = str(path)
        self._clock = clock
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, (int, float))
            or not (0 <= timeout <= 3600)
        ):
            raise InputError(f"timeout: expected seconds in [0, 3600], got {timeout!r}")
        self._timeout = float(timeout)  # to wait for another writer's lock
        self.max_bytes = _check_int(max_bytes, "max_bytes", 1)
        self._local = threading.local()
        with self._transaction("cannot set up") as connection:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS sessions ("
                " tenant TEXT NOT NULL, session_id TEXT NOT NULL, version INTEGER NOT NULL,"
                " updated_at REAL NOT NULL, blob BLOB NOT NULL,"
                " PRIMARY KEY (tenant, session_id))"
            )
            columns = {row[1] for row in connection.execute("PRAGMA table_info(sessions)")}
            for column in ("turn_count", "turn_bytes"):
                if column not in columns:  # a first-release file
                    connection.execute(
                        f"ALTER TABLE sessions ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0"
                    )
            connection.execute(
                "CREATE TABLE IF NOT EXISTS turns ("
                " tenant TEXT NOT NULL, session_id TEXT NOT NULL, idx INTEGER NOT NULL,"
                " record BLOB NOT NULL, PRIMARY KEY (tenant, session_id, idx))"
            )

    @contextlib.contextmanager
    def _transaction(
        self, what: str, begin: str = "BEGIN IMMEDIATE"
    ) -> Iterator[sqlite3.Connection]:
        """One transaction on this thread's connection: committed when the block ends,
        rolled back on any error (SQLite's, or the block's own such as ``ConflictError``);
        an SQLite failure becomes ``StoreError`` naming ``what`` failed."""
        connection = self._connect()
        try:
            connection.execute(begin)
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:  # a failed COMMIT may have ended it already
                    connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {what} ({exc})") from None

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            try:
                connection = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None)
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: cannot open ({exc})") from None
            self._local.connection = connection
        return connection

    def load(self, tenant: str, session_id: str, *, from_turn: int = 0) -> StoredSession | None:
        key = _names(tenant, session_id)
        start = _check_int(from_turn, "from_turn", 0)
        # One read transaction: the head and the turns of the same save.
        with self._transaction("read failed", "BEGIN") as connection:
            row = connection.execute(
                "SELECT blob, version, updated_at, turn_count FROM sessions"
                " WHERE tenant=? AND session_id=?",
                key,
            ).fetchone()
            records = connection.execute(
                "SELECT record FROM turns WHERE tenant=? AND session_id=? AND idx>=? ORDER BY idx",
                (*key, start),
            ).fetchall()
        where = f"{tenant}/{session_id}"
        if row is None:
            if records:
                raise PartialStateError(
                    f"session {where}: stored state is partial, turn rows without a session row"
                )
            return None
        head, version, updated, count = row
        version, updated = _stored_int(version, where), _stored_float(updated, where)
        count = _stored_int(count, where)
        turns = tuple(record for (record,) in records)
        if not isinstance(head, bytes) or not all(isinstance(t, bytes) for t in turns):
            raise StoreError(f"{where}: stored row is not a blob")
        start = min(start, count)
        if start + len(turns) != count:
            raise PartialStateError(
                f"session {where}: stored state is partial, {start + len(turns)} turn rows "
                f"stored, {count} recorded"
            )
        return StoredSession(head, turns, version, updated, start)

    def version(self, tenant: str, session_id: str) -> int:
        key = _names(tenant, session_id)
        try:
            row = (
                self._connect()
                .execute("SELECT version FROM sessions WHERE tenant=? AND session_id=?", key)
                .fetchone()
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: read failed ({exc})") from None
        return 0 if row is None else _stored_int(row[0], f"{tenant}/{session_id}")

    def save(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
    ) -> int:
        key = _names(tenant, session_id)
        head, new_turns = _check_records(head, turns, first_turn, expected_version)
        with self._transaction("write failed") as connection:
            row = connection.execute(
                "SELECT version, turn_count, turn_bytes FROM sessions"
                " WHERE tenant=? AND session_id=?",
                key,
            ).fetchone()
            where = f"{tenant}/{session_id}"
            version, count, turn_bytes = (_stored_int(v, where) for v in row) if row else (0, 0, 0)
            if version != expected_version:
                raise _conflict(tenant, session_id, version, expected_version)
            _check_first_turn(tenant, session_id, first_turn, count)
            if first_turn < count:
                (dropped,) = connection.execute(
                    "SELECT COALESCE(SUM(LENGTH(record)), 0) FROM turns"
                    " WHERE tenant=? AND session_id=? AND idx>=?",
                    (*key, first_turn),
                ).fetchone()
                turn_bytes -= _stored_int(dropped, where)
                connection.execute(
                    "DELETE FROM turns WHERE tenant=? AND session_id=? AND idx>=?",
                    (*key, first_turn),
                )
            turn_bytes += sum(len(turn) for turn in new_turns)
            _check_size(tenant, session_id, len(head) + turn_bytes, self.max_bytes)
            connection.executemany(
                "INSERT INTO turns (tenant, session_id, idx, record) VALUES (?, ?, ?, ?)",
                [(*key, first_turn + i, turn) for i, turn in enumerate(new_turns)],
            )
            new = next_version(version)
            connection.execute(
                "INSERT INTO sessions (tenant, session_id, version, updated_at, blob,"
                " turn_count, turn_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (tenant, session_id) DO UPDATE SET"
                " version=excluded.version, updated_at=excluded.updated_at,"
                " blob=excluded.blob, turn_count=excluded.turn_count,"
                " turn_bytes=excluded.turn_bytes",
                (*key, new, self._clock(), head, first_turn + len(new_turns), turn_bytes),
            )
        return new

    def delete(self, tenant: str, session_id: str) -> bool:
        key = _names(tenant, session_id)
        with self._transaction("delete failed") as connection:
            connection.execute("DELETE FROM turns WHERE tenant=? AND session_id=?", key)
            cursor = connection.execute("DELETE FROM sessions WHERE tenant=? AND session_id=?", key)
        return cursor.rowcount > 0

    def list(self, tenant: str) -> list[str]:
        tenant = check_name(tenant, "tenant")
        try:
            rows = (
                self._connect()
                .execute(
                    "SELECT session_id FROM sessions WHERE tenant=? ORDER BY session_id",
                    (tenant,),
                )
                .fetchall()
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: read failed ({exc})") from None
        return [row[0] for row in rows]

    def expire(self, idle_seconds: float) -> int:
        cutoff = self._clock() - idle_seconds
        with self._transaction("expire failed") as connection:
            connection.execute(
                "DELETE FROM turns WHERE (tenant, session_id) IN (SELECT tenant,"
                " session_id FROM sessions WHERE updated_at < ?)",
                (cutoff,),
            )
            cursor = connection.execute("DELETE FROM sessions WHERE updated_at < ?", (cutoff,))
        return cursor.rowcount


# One save that appends turns, atomically (a script runs alone on the server). KEYS: the
# session hash, its turn list, the tenant's session set, the by-update sorted set. ARGV:
# expected version, first turn, head, new version, now, session name, tenant/name, the size
# cap, the number of turns, the turns. Versions stay strings: they pass 2**53, Lua's exact
# integer range. Answers {status, value}: ok, conflict (stored version), gap (stored turn
# count), size (the size it would reach), corrupt, partial (what is missing: a hash without
# its list or blob, a list without its hash, counts that disagree; checked first, so a client
# that retries on conflict stops), or replace (records from first turn on exist: the
# caller's transaction handles that rare case).
_APPEND_SCRIPT = """
local stored = redis.call('HMGET', KEYS[1], 'version', 'turn_count', 'turn_bytes', 'updated_at')
local listed = redis.call('LLEN', KEYS[2])
if not stored[1] then
  if redis.call('EXISTS', KEYS[1]) == 1 then return {'partial', 'the version field'} end
  if listed > 0 then return {'partial', 'its hash (a turn list without it)'} end
elseif redis.call('HEXISTS', KEYS[1], 'blob') == 0 then return {'partial', 'the blob field'}
elseif not stored[2] then return {'partial', 'the turn_count field'}
elseif not stored[4] then return {'partial', 'the updated_at field'} end
local version = stored[1] or '0'
if version ~= ARGV[1] then return {'conflict', version} end
local count = tonumber(stored[2] or '0')
local bytes = tonumber(stored[3] or '0')
if count == nil or bytes == nil then return {'corrupt', ''} end
if listed ~= count then
  return {'partial', string.format('turn records: %d listed, %d recorded', listed, count)}
end
local first = tonumber(ARGV[2])
if first > count then return {'gap', tostring(count)} end
if first < count then return {'replace', ''} end
local n = tonumber(ARGV[9])
local added = 0
for i = 1, n do added = added + string.len(ARGV[9 + i]) end
local size = string.len(ARGV[3]) + bytes + added
if size > tonumber(ARGV[8]) then return {'size', string.format('%d', size)} end
for start = 1, n, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, 9 + start, 9 + math.min(n, start + 999)))
end
redis.call('HSET', KEYS[1], 'blob', ARGV[3], 'version', ARGV[4], 'updated_at', ARGV[5],
  'turn_count', string.format('%d', first + n), 'turn_bytes', string.format('%d', bytes + added))
redis.call('SADD', KEYS[3], ARGV[6])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[7])
return {'ok', ''}
"""


class RedisStore:
    """Sessions in a Redis server shared by replicas (``pip install "multihorizon[redis]"``).

    Per session a hash (``version``, ``updated_at``, the head record in ``blob``,
    ``turn_count``, ``turn_bytes``) and a list of turn records; a set of session names per
    tenant, and a sorted set by last update for expiry. A save that appends turns is one
    server-side script, which checks the version and writes alone on the server; the rare
    save that replaces stored records WATCHes the hash and writes in MULTI/EXEC. Either way,
    of two replicas saving on the same version exactly one wins and the other gets
    ``ConflictError``. Any Redis failure (unreachable, gone mid-call, out of memory,
    read-only) gives ``StoreError``; nothing half-written is ever visible.
    """

    def __init__(self, url: str = "redis://127.0.0.1:6379/0", *, prefix: str = "mh",
                 timeout: float = 5.0, clock: Callable[[], float] = time.time,
                 max_bytes: int = MAX_SESSION_BYTES) -> None:  # fmt: skip
        try:
            import redis
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise ImportError(
                "RedisStore needs the redis extra: pip install 'multihorizon[redis]'"
            ) from exc
        self._redis_module = redis
        # Typed as Any: redis-py's own annotations are partial (untyped pipeline methods).
        if not isinstance(url, str):
            raise InputError(f"url: expected str, got {type(url).__name__}")
        try:
            self._client: Any = redis.Redis.from_url(
                url, socket_timeout=timeout, socket_connect_timeout=timeout
            )
        except ValueError as exc:  # redis-py's own, for a malformed URL
            raise InputError(f"url: {exc}") from None
        self._prefix = check_name(prefix, "prefix")
        self._clock = clock
        self.max_bytes = _check_int(max_bytes, "max_bytes", 1)
        # The common save, appending turns, in one round trip (WATCH/MULTI takes four).
        self._append = self._client.register_script(_APPEND_SCRIPT)
        self._aio: tuple[Any, Any, Any] | None = None  # (loop, asyncio client, script)
        self._address = (url, timeout)

    def _key(self, tenant: str, session_id: str) -> str:
        tenant, session_id = check_name(tenant, "tenant"), check_name(session_id, "session_id")
        # "/" cannot occur in a name, so no tenant/session pair can spell another's key
        # (with ":" the pair "a", "b:c" and the pair "a:b", "c" would share one).
        return f"{self._prefix}/s/{tenant}/{session_id}"

    def _call(self, what: str, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except self._redis_module.exceptions.RedisError as exc:
            # Unreachable, timed out, out of memory, read-only after a failover, a key of
            # the wrong type: all the store failing, not the caller.
            raise StoreError(f"redis: {what} failed ({type(exc).__name__}: {exc})") from None

    def _legacy_key(self, tenant: str, session_id: str) -> str:
        return f"{self._prefix}:s:{tenant}:{session_id}"

    def _refuse_legacy(self, tenant: str, session_id: str) -> None:
        """A session the first release stored (``prefix:s:tenant:name``, a format-1 blob) is
        refused by name, never taken for a missing one: ``migrate_legacy()`` moves it."""
        legacy = self._legacy_key(tenant, session_id)
        if self._call("read", lambda: self._client.exists(legacy)):
            raise StoreError(
                f"session {tenant}/{session_id} is stored in the first release's layout "
                f"({legacy!r}): run RedisStore(url).migrate_legacy() once to move it"
            )

    def migrate_legacy(self) -> int:
        """Move the first release's sessions (key ``prefix:s:tenant:name``, its tenant sets
        ``prefix:t:tenant`` and ``prefix:updated``) to this layout, each in one transaction;
        the format-1 blob becomes the head and is migrated to format 2 at its next save.
        Stop first-release replicas first: a session they save afterwards is written in the
        old layout again. Tenant sets say which tenant owns a key (the old ``:`` separator
        alone cannot). Returns how many moved; when some could not be (a damaged record, a
        session already in the new layout), the rest are still moved and a ``StoreError``
        names each one left behind and why."""
        prefix = f"{self._prefix}:t:"
        tenant_sets = self._call("scan", lambda: list(self._client.scan_iter(f"{prefix}*")))
        moved, left = 0, list[str]()
        for tenant_set in tenant_sets:
            tenant = tenant_set.decode()[len(prefix) :]
            names = self._call("scan", functools.partial(self._client.smembers, tenant_set))
            for name in sorted(raw.decode() for raw in names):
                try:
                    problem = self._call(
                        "migrate", functools.partial(self._move_legacy, tenant, name)
                    )
                except StoreError as exc:
                    problem = str(exc)
                if problem is None:
                    moved += 1
                elif problem:
                    left.append(f"{tenant}/{name}: {problem}")
        if left:
            raise StoreError(
                f"migrate_legacy: moved {moved}; {len(left)} left in the old layout: "
                + "; ".join(left)
            )
        return moved

    def _move_legacy(self, tenant: str, session_id: str) -> str | None:
        """None once moved; "" when there is nothing to move; else why it was not moved."""
        old, new = self._legacy_key(tenant, session_id), self._key(tenant, session_id)
        member = f"{tenant}/{session_id}"
        for _ in range(5):  # a save racing the move: read again
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(old, new)
                    blob, version, updated = pipe.hmget(old, "blob", "version", "updated_at")
                    if blob is None:
                        return ""
                    if pipe.exists(new):
                        return "a session of this name is already in the new layout"
                    if version is None or updated is None:
                        return "the stored record is incomplete"
                    stamp = _stored_float(updated, member)
                    pipe.multi()
                    pipe.hset(
                        new,
                        mapping={
                            "blob": blob,
                            "version": _stored_int(version, member),
                            "updated_at": stamp,
                            "turn_count": 0,
                            "turn_bytes": 0,
                        },
                    )
                    pipe.sadd(f"{self._prefix}/t/{tenant}", session_id)
                    pipe.zadd(f"{self._prefix}/updated", {member: stamp})
                    pipe.delete(old)
                    pipe.srem(f"{self._prefix}:t:{tenant}", session_id)
                    pipe.zrem(f"{self._prefix}:updated", member)
                    pipe.execute()
                    return None
                except self._redis_module.exceptions.WatchError:
                    continue
        return "written by another client during five attempts to move it"

    def load(self, tenant: str, session_id: str, *, from_turn: int = 0) -> StoredSession | None:
        key = self._key(tenant, session_id)
        start = _check_int(from_turn, "from_turn", 0)

        def read() -> list[Any]:
            pipe = self._client.pipeline(transaction=True)  # head and turns of one save
            pipe.hmget(key, "blob", "version", "updated_at", "turn_count")
            pipe.lrange(f"{key}/turns", start, -1)
            pipe.exists(key, f"{key}/turns")
            return list(pipe.execute())

        fields, records, present = self._call("read", read)
        if present == 0:
            self._refuse_legacy(tenant, session_id)
            return None
        return self._loaded(tenant, session_id, start, fields, records)

    def _loaded(
        self, tenant: str, session_id: str, start: int, fields: Sequence[Any], records: Any
    ) -> StoredSession:
        """A stored session from what ``load`` (or ``aload``) read: the hash's fields and
        the turn records from ``start``."""
        head, version, updated, count = fields
        where = f"{tenant}/{session_id}"
        # A hash lost (eviction, TTL, a stray DEL) while its list survives, a field lost, or a
        # list that does not hold the recorded turns: refused, never loaded as a new session
        # that the next save would append to the old list.
        missing = [name for name, value in zip(_HASH_FIELDS, fields, strict=True) if value is None]
        if missing:
            lost = "its hash" if len(missing) == 4 else "the hash field(s) " + ", ".join(missing)
            raise PartialStateError(f"session {where}: stored state is partial, missing {lost}")
        version, updated = _stored_int(version, where), _stored_float(updated, where)
        count = _stored_int(count, where)
        start = min(start, count)
        if start + len(records) != count:
            raise PartialStateError(
                f"session {where}: stored state is partial, {start + len(records)} turn records "
                f"stored, {count} recorded"
            )
        return StoredSession(bytes(head), tuple(bytes(r) for r in records), version, updated, start)

    def version(self, tenant: str, session_id: str) -> int:
        key = self._key(tenant, session_id)
        value = self._call("read", lambda: self._client.hget(key, "version"))
        if value is None:
            self._refuse_legacy(tenant, session_id)
            return 0
        return int(_stored_int(value, f"{tenant}/{session_id}"))

    def save(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
    ) -> int:
        key = self._key(tenant, session_id)
        head, new_turns = _check_records(head, turns, first_turn, expected_version)
        members = f"{self._prefix}/t/{tenant}"
        by_time = f"{self._prefix}/updated"
        turn_list = f"{key}/turns"
        where = f"{tenant}/{session_id}"
        new_version = next_version(expected_version)
        status, value = self._call(
            "write",
            lambda: self._append(
                keys=[key, turn_list, members, by_time],
                args=[
                    str(expected_version), first_turn, head, str(new_version), repr(self._clock()),
                    session_id, where, self.max_bytes, len(new_turns), *new_turns,
                ],
            ),
        )  # fmt: skip
        status = status.decode()
        if status == "ok":
            return new_version
        self._refuse_status(status, value, tenant, session_id, first_turn, expected_version)
        # "replace": records from first_turn on are stored already (a migrated session's
        # first save): the general transaction below.

        def transaction() -> int:
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(key)
                    stored, count, size = pipe.hmget(key, "version", "turn_count", "turn_bytes")
                    where = f"{tenant}/{session_id}"
                    version, count, turn_bytes = (
                        _stored_int(v or 0, where) for v in (stored, count, size)
                    )
                    if version != expected_version:
                        raise _conflict(tenant, session_id, version, expected_version)
                    listed = pipe.llen(turn_list)
                    if listed != count or (version and not pipe.hexists(key, "blob")):
                        raise PartialStateError(
                            f"session {where}: stored state is partial, {listed} turn records "
                            f"listed, {count} recorded, or the blob field missing"
                        )
                    _check_first_turn(tenant, session_id, first_turn, count)
                    if first_turn < count:
                        dropped = pipe.lrange(turn_list, first_turn, -1)
                        turn_bytes -= sum(len(record) for record in dropped)
                    turn_bytes += sum(len(turn) for turn in new_turns)
                    _check_size(tenant, session_id, len(head) + turn_bytes, self.max_bytes)
                    now = self._clock()
                    pipe.multi()
                    new = next_version(version)
                    if first_turn == 0:
                        pipe.delete(turn_list)
                    elif first_turn < count:
                        pipe.ltrim(turn_list, 0, first_turn - 1)
                    if new_turns:
                        pipe.rpush(turn_list, *new_turns)
                    pipe.hset(
                        key,
                        mapping={
                            "blob": head,
                            "version": new,
                            "updated_at": now,
                            "turn_count": first_turn + len(new_turns),
                            "turn_bytes": turn_bytes,
                        },
                    )
                    pipe.sadd(members, session_id)
                    pipe.zadd(by_time, {f"{tenant}/{session_id}": now})
                    pipe.execute()
                    return new
                except self._redis_module.exceptions.WatchError:
                    raise ConflictError(
                        f"session {tenant}/{session_id} was written by another replica"
                    ) from None

        return int(self._call("write", transaction))

    def _refuse_status(
        self,
        status: str,
        value: Any,
        tenant: str,
        session_id: str,
        first_turn: int,
        expected_version: int,
    ) -> None:
        """Raise the error of the append script's refusal (``replace`` is not one)."""
        where = f"{tenant}/{session_id}"
        if status == "conflict":
            raise _conflict(tenant, session_id, _stored_int(value, where), expected_version)
        if status == "gap":
            _check_first_turn(tenant, session_id, first_turn, _stored_int(value, where))
        if status == "size":
            _check_size(tenant, session_id, _stored_int(value, where), self.max_bytes)
        if status == "corrupt":
            raise StoreError(f"{where}: stored field is corrupt (turn_count or turn_bytes)")
        if status == "partial":
            raise PartialStateError(
                f"session {where}: stored state is partial, missing {_stored_text(value)}"
            )

    def delete(self, tenant: str, session_id: str) -> bool:
        key = self._key(tenant, session_id)

        def remove() -> bool:
            pipe = self._client.pipeline()
            pipe.delete(key)
            pipe.delete(f"{key}/turns")
            pipe.srem(f"{self._prefix}/t/{tenant}", session_id)
            pipe.zrem(f"{self._prefix}/updated", f"{tenant}/{session_id}")
            return bool(pipe.execute()[0])

        return bool(self._call("delete", remove))

    def list(self, tenant: str) -> list[str]:
        members = f"{self._prefix}/t/{check_name(tenant, 'tenant')}"
        names = self._call("list", lambda: self._client.smembers(members))
        return sorted(name.decode() for name in names)

    def expire(self, idle_seconds: float) -> int:
        """Delete sessions idle for longer than ``idle_seconds``. Each is re-checked under
        WATCH, so a session saved meanwhile is kept."""
        cutoff = self._clock() - idle_seconds
        by_time = f"{self._prefix}/updated"
        old = self._call("expire", lambda: self._client.zrangebyscore(by_time, "-inf", cutoff))
        errors = self._redis_module.exceptions

        def remove(member: str) -> bool:
            tenant, _, session_id = member.partition("/")
            key = self._key(tenant, session_id)
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(key, by_time)
                    score = pipe.zscore(by_time, member)
                    if score is None or _stored_float(score, member) >= cutoff:
                        return False  # saved again since: not idle
                    pipe.multi()
                    pipe.delete(key)
                    pipe.delete(f"{key}/turns")
                    pipe.srem(f"{self._prefix}/t/{tenant}", session_id)
                    pipe.zrem(by_time, member)
                    pipe.execute()
                    return True
                except errors.WatchError:
                    return False  # written meanwhile: not idle

        names = [member.decode() for member in old]
        return int(self._call("expire", lambda: sum(remove(name) for name in names)))

    # ---- asyncio twins (redis.asyncio): the event loop never waits on a socket -------------

    def _async_client(self) -> tuple[Any, Any]:
        """The redis.asyncio client and append script of the running loop (a client's
        connections belong to the loop that made them)."""
        import asyncio

        import redis.asyncio

        loop = asyncio.get_running_loop()
        if self._aio is None or self._aio[0] is not loop:
            url, timeout = self._address
            client = redis.asyncio.Redis.from_url(
                url, socket_timeout=timeout, socket_connect_timeout=timeout
            )
            self._aio = (loop, client, client.register_script(_APPEND_SCRIPT))
        return self._aio[1], self._aio[2]

    async def aclose(self) -> None:
        """Close the asyncio client's connections (call before the event loop ends)."""
        if self._aio is not None:
            client, self._aio = self._aio[1], None
            await client.aclose()

    async def _acall(self, what: str, action: Callable[[], Any]) -> Any:
        try:
            return await action()
        except self._redis_module.exceptions.RedisError as exc:
            raise StoreError(f"redis: {what} failed ({type(exc).__name__}: {exc})") from None

    async def _arefuse_legacy(self, tenant: str, session_id: str) -> None:
        client, _ = self._async_client()
        legacy = self._legacy_key(tenant, session_id)
        if await self._acall("read", lambda: client.exists(legacy)):
            self._refuse_legacy(tenant, session_id)  # raises, with the message

    async def aversion(self, tenant: str, session_id: str) -> int:
        """``version`` without blocking the event loop."""
        key = self._key(tenant, session_id)
        client, _ = self._async_client()
        value = await self._acall("read", lambda: client.hget(key, "version"))
        if value is None:
            await self._arefuse_legacy(tenant, session_id)
            return 0
        return int(_stored_int(value, f"{tenant}/{session_id}"))

    async def aload(
        self, tenant: str, session_id: str, *, from_turn: int = 0
    ) -> StoredSession | None:
        """``load`` without blocking the event loop."""
        key = self._key(tenant, session_id)
        start = _check_int(from_turn, "from_turn", 0)
        client, _ = self._async_client()

        async def read() -> list[Any]:
            async with client.pipeline(transaction=True) as pipe:
                pipe.hmget(key, "blob", "version", "updated_at", "turn_count")
                pipe.lrange(f"{key}/turns", start, -1)
                pipe.exists(key, f"{key}/turns")
                return list(await pipe.execute())

        fields, records, present = await self._acall("read", read)
        if present == 0:
            await self._arefuse_legacy(tenant, session_id)
            return None
        return self._loaded(tenant, session_id, start, fields, records)

    async def asave(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
    ) -> int:
        """``save`` without blocking the event loop: the common append in one script call;
        the rare save that replaces stored records runs ``save`` in a worker thread."""
        import asyncio

        key = self._key(tenant, session_id)
        head, new_turns = _check_records(head, turns, first_turn, expected_version)
        where = f"{tenant}/{session_id}"
        new_version = next_version(expected_version)
        _, script = self._async_client()
        keys = [key, f"{key}/turns", f"{self._prefix}/t/{tenant}", f"{self._prefix}/updated"]
        args = [
            str(expected_version), first_turn, head, str(new_version), repr(self._clock()),
            session_id, where, self.max_bytes, len(new_turns), *new_turns,
        ]  # fmt: skip
        status, value = await self._acall("write", lambda: script(keys=keys, args=args))
        status = status.decode()
        if status == "ok":
            return new_version
        if status in ("conflict", "gap", "size", "corrupt", "partial"):
            # The same answers as save's, raised the same way (the script wrote nothing).
            self._refuse_status(status, value, tenant, session_id, first_turn, expected_version)
        return await asyncio.to_thread(
            self.save, tenant, session_id, head, new_turns,
            first_turn=first_turn, expected_version=expected_version,
        )  # fmt: skip
