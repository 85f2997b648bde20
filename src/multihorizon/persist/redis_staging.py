"""Big Redis saves in bounded commands (issue 18, the last Redis defect).

The first whole save of a 50k-turn session is ~100 MB; sent as one script call it passed
the store's 5 s socket timeout on a loaded server, and a server with a smaller
``client-query-buffer-limit`` refuses it outright. A save bigger than the store's
``chunk_bytes`` is instead written in commands of at most ``chunk_bytes`` each (one round
trip apiece) under staging keys that no reader looks at (``<session>/staged/<token>/...``,
a fresh token per attempt, with a TTL so a writer that dies leaves nothing for long), then
committed by one script (``redis_layout.STAGED_COMMIT_SCRIPT``) that checks the version as
every save does and renames the staged keys into place: a reader sees the whole save or none
of it. A save that appends (``first_turn`` > 0) first has the session's kept records (turns
before ``first_turn``, keyed records it does not write) copied under its staging keys by
server-side steps of at most ``chunk_bytes`` each (``copy_kept``), so its commit, too, moves
no record: it costs the same for 2 MB as for 200 MB.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from .redis_layout import COPY_RECORDS_SCRIPT, COPY_TURNS_SCRIPT, RECORD_SIZES_SCRIPT

__all__ = ["STAGED_TTL", "copy_kept", "save_bytes", "stage", "staged_keys"]

STAGED_TTL = 3600  # seconds a staged save may take before its keys expire (then refused)
_Item = TypeVar("_Item")


def save_bytes(head: bytes, turns: Sequence[bytes], records: Mapping[str, bytes]) -> int:
    """The bytes a save sends."""
    return (
        len(head)
        + sum(map(len, turns))
        + sum(len(key) + len(record) for key, record in records.items())
    )


def staged_keys(key: str) -> tuple[str, str, str]:
    """Fresh staging keys (turn list, keyed records' hash, the copy steps' tally of bytes)
    for one save attempt."""
    base = f"{key}/staged/{secrets.token_hex(8)}"
    return f"{base}/turns", f"{base}/records", f"{base}/tally"


def _batches(
    items: Sequence[_Item], size: Callable[[_Item], int], limit: int
) -> Iterator[list[_Item]]:
    """``items`` in order, in runs of at most ``limit`` bytes (an item bigger than that
    alone)."""
    batch: list[_Item] = []
    total = 0
    for item in items:
        grown = total + size(item)
        if batch and grown > limit:
            yield batch
            batch, grown = [], size(item)
        batch.append(item)
        total = grown
    if batch:
        yield batch


def stage(
    client: Any,
    keys: tuple[str, ...],
    turns: Sequence[bytes],
    records: Mapping[str, bytes],
    chunk_bytes: int,
) -> None:
    """Write ``turns`` (in order) and ``records`` under the staging ``keys``, each command
    at most ``chunk_bytes`` of records, each its own round trip (with the keys' TTL)."""
    turn_key, record_key = keys[:2]
    for batch in _batches(turns, len, chunk_bytes):
        pipe = client.pipeline(transaction=False)
        pipe.rpush(turn_key, *batch)
        pipe.expire(turn_key, STAGED_TTL)
        pipe.execute()
    items = list(records.items())
    for pairs in _batches(items, lambda item: len(item[0]) + len(item[1]), chunk_bytes):
        pipe = client.pipeline(transaction=False)
        pipe.hset(record_key, mapping=dict(pairs))
        pipe.expire(record_key, STAGED_TTL)
        pipe.execute()


def copy_kept(
    client: Any,
    session_keys: Sequence[str],
    staged: tuple[str, str, str],
    expected_version: int,
    first_turn: int,
    written: Mapping[str, bytes],
    chunk_bytes: int,
) -> tuple[str, bytes, int]:
    """Copy what an appending save keeps (turn records before ``first_turn``; keyed records
    it does not write) from the session's keys (``session_keys``: hash, turn list, records'
    hash) under its ``staged`` keys, server side, in steps of at most ``chunk_bytes`` (one
    record bigger than that alone), each its own script call. Turns go first, so call this
    before ``stage`` puts the save's own turns after them. Returns (status, value, keyed
    records copied): ok, or a step's refusal (conflict with the stored version, or partial:
    a record gone; the commit's checks then name what is wrong)."""
    session, turn_list, records = session_keys
    copy_turns = client.register_script(COPY_TURNS_SCRIPT)
    position = 0
    while position < first_turn:
        status, value = copy_turns(
            keys=[session, turn_list, staged[0], staged[2]],
            args=[str(expected_version), STAGED_TTL, position, first_turn, chunk_bytes],
        )
        if status != b"ok":
            return status.decode(), value, 0
        position = int(value)
    sizes = client.register_script(RECORD_SIZES_SCRIPT)(keys=[records])
    kept = [
        (name.decode(), int(size))
        for name, size in zip(sizes[::2], sizes[1::2], strict=True)
        if name.decode() not in written
    ]
    copy_records = client.register_script(COPY_RECORDS_SCRIPT)
    for batch in _batches(kept, lambda item: item[1], chunk_bytes):
        status, value = copy_records(
            keys=[session, records, staged[1], staged[2]],
            args=[str(expected_version), STAGED_TTL, *(name for name, _ in batch)],
        )
        if status != b"ok":
            return status.decode(), value, 0
    return "ok", b"", len(kept)
