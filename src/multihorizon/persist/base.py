"""What every session store shares: the errors, ``StoredSession``, the ``SessionStore``
protocol and the checks of a save's arguments and of what a store reads back."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..errors import InputError, MultihorizonError, SnapshotError
from ..inputs import check_name
from .turns import SEGMENT_KEY, SEGMENT_TURNS

__all__ = [
    "MAX_KEY_CHARS",
    "MAX_SESSION_BYTES",
    "ConflictError",
    "PartialStateError",
    "SessionStore",
    "SessionTooLargeError",
    "StoreError",
    "StoredSession",
    "check_first_turn",
    "check_int",
    "check_keyed",
    "check_records",
    "check_size",
    "checked_names",
    "conflict",
    "next_version",
    "segmented_turns",
    "stored_float",
    "stored_int",
    "stored_text",
]

MAX_SESSION_BYTES = 256 * 1024 * 1024
MAX_KEY_CHARS = 200  # a keyed record's key ("thread/12", "calls/40")


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
    """A session as stored: its head record, its turn records from ``first_turn`` on (all
    of them unless the load asked for fewer), in turn order, and its keyed records."""

    head: bytes
    turns: tuple[bytes, ...]
    version: int
    updated_at: float
    first_turn: int = 0
    records: Mapping[str, bytes] = field(default_factory=dict)

    @property
    def turn_count(self) -> int:
        return self.first_turn + len(self.turns)

    @property
    def size(self) -> int:
        """Bytes of the records held here."""
        return (
            len(self.head)
            + sum(len(turn) for turn in self.turns)
            + sum(len(record) for record in self.records.values())
        )


def checked_names(tenant: str, session_id: str) -> tuple[str, str]:
    """The checked (tenant, session) pair every keyed call starts with."""
    return check_name(tenant, "tenant"), check_name(session_id, "session_id")


class SessionStore(Protocol):
    def load(self, tenant: str, session_id: str, *, from_turn: int = 0) -> StoredSession | None:
        """The session's head, its turn records from ``from_turn`` on (a replica that holds
        the earlier ones reads only what it lacks) and all its keyed records; None when
        there is no such session.

        A store whose ``loads_after_segments`` is True also takes ``after_segments=True``:
        the turn records start after the run of turns that its segments (keyed records
        ``turns/0``, ``turns/1``, ...) stand for (``segmented_turns``), which
        ``persist.decode(..., first_turn=stored.first_turn)`` reads from the segments."""
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
        records: Mapping[str, bytes] | None = None,
    ) -> int:
        """If the stored version is still ``expected_version`` (0: new session), replace the
        head, store ``turns`` as turn records ``first_turn`` onwards (records already stored
        from ``first_turn`` on are replaced; those before it are kept) and write ``records``
        over the keyed records of the same keys (with ``first_turn`` 0, the keyed records
        stored before are all dropped), in one atomic step; returns the new version. Raises
        ``ConflictError`` (stale version), ``SessionTooLargeError`` (over the cap) or
        ``StoreError`` (``first_turn`` past the stored turns), storing nothing."""
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


def segmented_turns(keys: Iterable[str], turn_count: int) -> int:
    """How many of a session's first turns its keyed records' segments stand for: 1024 per
    segment of the unbroken run ``turns/0``, ``turns/1``, ..., at most ``turn_count``. A
    load that leaves those turn records out reads 10,000 turns' records as 9 segments and
    784 turns, not 10,000 turns and 9 segments (issue 18 item 4)."""
    present = {key for key in keys if key.startswith(SEGMENT_KEY)}
    blocks = 0
    while f"{SEGMENT_KEY}{blocks}" in present:
        blocks += 1
    return min(blocks * SEGMENT_TURNS, turn_count // SEGMENT_TURNS * SEGMENT_TURNS)


def check_records(
    head: object,
    turns: object,
    first_turn: object,
    expected_version: object,
    records: object = None,
) -> tuple[bytes, list[bytes], dict[str, bytes]]:
    """The arguments of a save, checked: (head, turns, keyed records)."""
    if not isinstance(head, (bytes, bytearray)):
        raise InputError(f"head: expected bytes, got {type(head).__name__}")
    if isinstance(turns, (bytes, bytearray, str)) or not isinstance(turns, Sequence):
        raise InputError(f"turns: expected a sequence of bytes, got {type(turns).__name__}")
    for index, turn in enumerate(turns):
        if not isinstance(turn, (bytes, bytearray)):
            raise InputError(f"turns[{index}]: expected bytes, got {type(turn).__name__}")
    check_int(first_turn, "first_turn", 0)
    check_int(expected_version, "expected_version", 0)
    return bytes(head), [bytes(turn) for turn in turns], check_keyed(records)


def check_keyed(records: object) -> dict[str, bytes]:
    """Keyed records (key -> bytes), checked; None is none."""
    if records is None:
        return {}
    if not isinstance(records, Mapping):
        raise InputError(f"records: expected a mapping, got {type(records).__name__}")
    checked = {}
    for key, record in records.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_CHARS or not key.isascii():
            raise InputError(f"records: a key must be 1-{MAX_KEY_CHARS} ASCII characters: {key!r}")
        if not isinstance(record, (bytes, bytearray)):
            raise InputError(f"records[{key!r}]: expected bytes, got {type(record).__name__}")
        checked[key] = bytes(record)
    return checked


def check_int(value: object, name: str, minimum: int) -> int:
    """An int argument (not a bool) of at least ``minimum``, else ``InputError``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InputError(f"{name}: expected an int >= {minimum}, got {value!r}")
    return value


def stored_text(value: object) -> str:
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)


def stored_int(value: object, what: str) -> int:
    """An integer read back from a store row; a corrupt field is a ``StoreError``."""
    try:
        return int(stored_text(value))
    except (TypeError, ValueError):
        raise StoreError(f"{what}: stored field is corrupt ({value!r})") from None


def stored_float(value: object, what: str) -> float:
    """A number read back from a store row; a corrupt field is a ``StoreError``."""
    try:
        return float(stored_text(value))
    except (TypeError, ValueError):
        raise StoreError(f"{what}: stored field is corrupt ({value!r})") from None


def check_size(tenant: str, session_id: str, size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise SessionTooLargeError(
            f"session {tenant}/{session_id} would be {size:,} bytes, over this store's "
            f"{max_bytes:,}-byte cap (max_bytes): start a new session or raise the cap"
        )


def check_first_turn(tenant: str, session_id: str, first_turn: int, stored: int) -> None:
    if first_turn > stored:
        raise StoreError(
            f"session {tenant}/{session_id} stores {stored} turns; cannot append from "
            f"turn {first_turn}"
        )


def conflict(tenant: str, session_id: str, version: int, expected: int) -> ConflictError:
    return ConflictError(f"session {tenant}/{session_id} is at version {version}, not {expected}")
