"""``SQLiteStore``: sessions in an SQLite file (embedded, durable)."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from ..errors import InputError
from ..inputs import check_name
from .base import (
    MAX_SESSION_BYTES,
    PartialStateError,
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
    stored_float,
    stored_int,
)

__all__ = ["SQLiteStore"]

_MMAP_BYTES = 256 * 1024 * 1024  # address space, not memory: pages come from the OS cache


class SQLiteStore:
    """Sessions in an SQLite file: WAL mode, one transaction per save.

    Table ``sessions`` holds one row per session (version, last update, the head record in
    ``blob``, the stored turn count, the keyed record count, and their total sizes); table
    ``turns`` one row per turn record; table ``records`` one row per keyed record. A file
    written by an earlier release (whole snapshots in ``blob`` and no ``turns``, or no
    ``records``) is upgraded in place on open and its sessions are read and migrated."""

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
        self.max_bytes = check_int(max_bytes, "max_bytes", 1)
        self._local = threading.local()
        with self._transaction("cannot set up") as connection:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS sessions ("
                " tenant TEXT NOT NULL, session_id TEXT NOT NULL, version INTEGER NOT NULL,"
                " updated_at REAL NOT NULL, blob BLOB NOT NULL,"
                " PRIMARY KEY (tenant, session_id))"
            )
            columns = {row[1] for row in connection.execute("PRAGMA table_info(sessions)")}
            for column in ("turn_count", "turn_bytes", "record_count", "record_bytes"):
                if column not in columns:  # a first-release file
                    connection.execute(
                        f"ALTER TABLE sessions ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0"
                    )
            connection.execute(
                "CREATE TABLE IF NOT EXISTS turns ("
                " tenant TEXT NOT NULL, session_id TEXT NOT NULL, idx INTEGER NOT NULL,"
                " record BLOB NOT NULL, PRIMARY KEY (tenant, session_id, idx))"
            )
            connection.execute(
                "CREATE TABLE IF NOT EXISTS records ("
                " tenant TEXT NOT NULL, session_id TEXT NOT NULL, key TEXT NOT NULL,"
                " record BLOB NOT NULL, PRIMARY KEY (tenant, session_id, key))"
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
                # Reads of the database file through a memory map, not one read() per page:
                # a long session's load reads tens of MB (10,000 turns: 55 -> 43 ms of CPU
                # to read, issue 18 item 4). Writes still go through the WAL.
                connection.execute(f"PRAGMA mmap_size={_MMAP_BYTES}")
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: cannot open ({exc})") from None
            self._local.connection = connection
        return connection

    loads_after_segments = True  # ``load(after_segments=True)``: see ``SessionStore.load``

    def load(
        self, tenant: str, session_id: str, *, from_turn: int = 0, after_segments: bool = False
    ) -> StoredSession | None:
        key = checked_names(tenant, session_id)
        start = check_int(from_turn, "from_turn", 0)
        # One read transaction: the head and the turns of the same save.
        with self._transaction("read failed", "BEGIN") as connection:
            row = connection.execute(
                "SELECT blob, version, updated_at, turn_count, record_count FROM sessions"
                " WHERE tenant=? AND session_id=?",
                key,
            ).fetchone()
            keyed = connection.execute(
                "SELECT key, record FROM records WHERE tenant=? AND session_id=?", key
            ).fetchall()
            if after_segments and row is not None:
                count = stored_int(row[3], f"{tenant}/{session_id}")
                start = max(start, segmented_turns((name for name, _ in keyed), count))
            records = connection.execute(
                "SELECT record FROM turns WHERE tenant=? AND session_id=? AND idx>=? ORDER BY idx",
                (*key, start),
            ).fetchall()
        where = f"{tenant}/{session_id}"
        if row is None:
            if records or keyed:
                raise PartialStateError(
                    f"session {where}: stored state is partial, turn or record rows without "
                    "a session row"
                )
            return None
        head, version, updated, count, record_count = row
        version, updated = stored_int(version, where), stored_float(updated, where)
        count = stored_int(count, where)
        turns = tuple(record for (record,) in records)
        stored = dict(keyed)
        if not isinstance(head, bytes) or not all(
            isinstance(t, bytes) for t in (*turns, *stored.values())
        ):
            raise StoreError(f"{where}: stored row is not a blob")
        if len(stored) != stored_int(record_count, where):
            raise PartialStateError(
                f"session {where}: stored state is partial, {len(stored)} keyed records "
                f"stored, {record_count} recorded"
            )
        start = min(start, count)
        if start + len(turns) != count:
            raise PartialStateError(
                f"session {where}: stored state is partial, {start + len(turns)} turn rows "
                f"stored, {count} recorded"
            )
        return StoredSession(head, turns, version, updated, start, stored)

    def version(self, tenant: str, session_id: str) -> int:
        key = checked_names(tenant, session_id)
        try:
            row = (
                self._connect()
                .execute("SELECT version FROM sessions WHERE tenant=? AND session_id=?", key)
                .fetchone()
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: read failed ({exc})") from None
        return 0 if row is None else stored_int(row[0], f"{tenant}/{session_id}")

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
        with self._transaction("write failed") as connection:
            row = connection.execute(
                "SELECT version, turn_count, turn_bytes, record_count, record_bytes"
                " FROM sessions WHERE tenant=? AND session_id=?",
                key,
            ).fetchone()
            where = f"{tenant}/{session_id}"
            version, count, turn_bytes, record_count, record_bytes = (
                (stored_int(v, where) for v in row) if row else (0, 0, 0, 0, 0)
            )
            if version != expected_version:
                raise conflict(tenant, session_id, version, expected_version)
            check_first_turn(tenant, session_id, first_turn, count)
            if first_turn < count:
                (dropped,) = connection.execute(
                    "SELECT COALESCE(SUM(LENGTH(record)), 0) FROM turns"
                    " WHERE tenant=? AND session_id=? AND idx>=?",
                    (*key, first_turn),
                ).fetchone()
                turn_bytes -= stored_int(dropped, where)
                connection.execute(
                    "DELETE FROM turns WHERE tenant=? AND session_id=? AND idx>=?",
                    (*key, first_turn),
                )
            turn_bytes += sum(len(turn) for turn in new_turns)
            record_count, record_bytes = self._write_records(
                connection, key, keyed, first_turn, record_count, record_bytes
            )
            check_size(tenant, session_id, len(head) + turn_bytes + record_bytes, self.max_bytes)
            connection.executemany(
                "INSERT INTO turns (tenant, session_id, idx, record) VALUES (?, ?, ?, ?)",
                [(*key, first_turn + i, turn) for i, turn in enumerate(new_turns)],
            )
            new = next_version(version)
            connection.execute(
                "INSERT INTO sessions (tenant, session_id, version, updated_at, blob,"
                " turn_count, turn_bytes, record_count, record_bytes)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (tenant, session_id) DO UPDATE SET"
                " version=excluded.version, updated_at=excluded.updated_at,"
                " blob=excluded.blob, turn_count=excluded.turn_count,"
                " turn_bytes=excluded.turn_bytes, record_count=excluded.record_count,"
                " record_bytes=excluded.record_bytes",
                (*key, new, self._clock(), head, first_turn + len(new_turns), turn_bytes,
                 record_count, record_bytes),
            )  # fmt: skip
        return new

    @staticmethod
    def _write_records(
        connection: sqlite3.Connection,
        key: tuple[str, str],
        keyed: dict[str, bytes],
        first_turn: int,
        count: int,
        size: int,
    ) -> tuple[int, int]:
        """Write the keyed records over those of the same keys (a save from turn 0 drops
        every stored one first); returns the new record count and total size. Inside the
        save's transaction: rolled back with it."""
        if first_turn == 0:
            connection.execute("DELETE FROM records WHERE tenant=? AND session_id=?", key)
            count, size = 0, 0
        keys = list(keyed)
        for start in range(0, len(keys), 500):  # under SQLite's bound on parameters
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            found, replaced = connection.execute(
                "SELECT COUNT(*), COALESCE(SUM(LENGTH(record)), 0) FROM records"
                f" WHERE tenant=? AND session_id=? AND key IN ({marks})",
                (*key, *chunk),
            ).fetchone()
            count -= int(found)
            size -= int(replaced)
        connection.executemany(
            "INSERT OR REPLACE INTO records (tenant, session_id, key, record) VALUES (?, ?, ?, ?)",
            [(*key, name, record) for name, record in keyed.items()],
        )
        return count + len(keyed), size + sum(map(len, keyed.values()))

    def delete(self, tenant: str, session_id: str) -> bool:
        key = checked_names(tenant, session_id)
        with self._transaction("delete failed") as connection:
            connection.execute("DELETE FROM turns WHERE tenant=? AND session_id=?", key)
            connection.execute("DELETE FROM records WHERE tenant=? AND session_id=?", key)
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
            for table in ("turns", "records"):
                connection.execute(
                    f"DELETE FROM {table} WHERE (tenant, session_id) IN (SELECT tenant,"
                    " session_id FROM sessions WHERE updated_at < ?)",
                    (cutoff,),
                )
            cursor = connection.execute("DELETE FROM sessions WHERE updated_at < ?", (cutoff,))
        return cursor.rowcount
