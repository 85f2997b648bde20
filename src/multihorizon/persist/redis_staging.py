"""Big Redis saves in bounded commands (issue 18, the last Redis defect).

The first whole save of a 50k-turn session is ~100 MB; sent as one script call it passed
the store's 5 s socket timeout on a loaded server, and a server with a smaller
``client-query-buffer-limit`` refuses it outright. A save bigger than the store's
``chunk_bytes`` is instead written in commands of at most ``chunk_bytes`` each (one round
trip apiece) under staging keys that no reader looks at (``<session>/staged/<token>/...``,
a fresh token per attempt, with a TTL so a writer that dies leaves nothing for long), then
committed by one script (``redis_layout.STAGED_COMMIT_SCRIPT``) that checks the version as
every save does and puts the records in place: a reader sees the whole save or none of it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

__all__ = ["STAGED_TTL", "save_bytes", "stage", "staged_keys"]

STAGED_TTL = 3600  # seconds a staged save may take before its keys expire (then refused)
_Item = TypeVar("_Item")


def save_bytes(head: bytes, turns: Sequence[bytes], records: Mapping[str, bytes]) -> int:
    """The bytes a save sends."""
    return (
        len(head)
        + sum(map(len, turns))
        + sum(len(key) + len(record) for key, record in records.items())
    )


def staged_keys(key: str) -> tuple[str, str]:
    """A fresh pair of staging keys (turn list, keyed records' hash) for one save attempt."""
    token = secrets.token_hex(8)
    return f"{key}/staged/{token}/turns", f"{key}/staged/{token}/records"


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
    keys: tuple[str, str],
    turns: Sequence[bytes],
    records: Mapping[str, bytes],
    chunk_bytes: int,
) -> None:
    """Write ``turns`` (in order) and ``records`` under the staging ``keys``, each command
    at most ``chunk_bytes`` of records, each its own round trip (with the keys' TTL)."""
    turn_key, record_key = keys
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
