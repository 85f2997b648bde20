"""Partial stored states are refused, never loaded as a new session (issue #18, item 2).

Against a real redis-server: each key and each hash field of a saved session deleted in turn,
and counts made to disagree. Every load raises ``PartialStateError`` (a ``SnapshotError`` and
a ``StoreError``) naming the session and what is missing, and a save on top of the partial
state is refused the same way, so nothing lands on records the save did not account for.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from multihorizon.persist import SnapshotError
from multihorizon.persist.stores import PartialStateError, RedisStore, SQLiteStore, StoreError
from redis_server import RedisServer

_KEY = "mh/s/t/chat"


def _saved(url: str) -> RedisStore:
    store = RedisStore(url)
    version = store.save("t", "chat", b"head-1", [b"turn-0", b"turn-1"], first_turn=0,
                         expected_version=0, records={"a": b"ra", "b": b"rb"})  # fmt: skip
    store.save("t", "chat", b"head-2", [b"turn-2"], first_turn=2, expected_version=version,
               records={"b": b"rb2", "c": b"rc"})  # fmt: skip
    return store


async def _aload(store: RedisStore) -> object:
    try:
        return await store.aload("t", "chat")
    finally:
        await store.aclose()


def _raw(store: RedisStore):  # type: ignore[no-untyped-def]
    import redis

    return redis.Redis(connection_pool=store._client.connection_pool)


@pytest.mark.parametrize(
    ("damage", "missing"),
    [
        (lambda r: r.delete(_KEY), "missing its hash"),
        (lambda r: r.hdel(_KEY, "blob"), "blob"),
        (lambda r: r.hdel(_KEY, "version"), "version"),
        (lambda r: r.hdel(_KEY, "updated_at"), "updated_at"),
        (lambda r: r.hdel(_KEY, "turn_count"), "turn_count"),
        (lambda r: r.delete(_KEY + "/turns"), "0 turn records stored, 3 recorded"),
        (lambda r: r.rpop(_KEY + "/turns"), "2 turn records stored, 3 recorded"),
        (lambda r: r.rpush(_KEY + "/turns", b"stray"), "4 turn records stored, 3 recorded"),
        (lambda r: r.hset(_KEY, "turn_count", 2), "3 turn records stored, 2 recorded"),
        (lambda r: r.delete(_KEY + "/records"), "0 keyed records stored, 3 recorded"),
        (lambda r: r.hdel(_KEY + "/records", "a"), "2 keyed records stored, 3 recorded"),
        (lambda r: r.hset(_KEY + "/records", "x", b"?"), "4 keyed records stored, 3 recorded"),
    ],
    ids=[
        "hash",
        "blob",
        "version",
        "updated_at",
        "turn_count",
        "list",
        "list-short",
        "list-long",
        "count",
        "records",
        "record-lost",
        "record-stray",
    ],
)
def test_each_partial_state_is_refused(
    redis_server: RedisServer, damage: object, missing: str
) -> None:
    store = _saved(redis_server.url)
    raw = _raw(store)
    before = store.load("t", "chat")
    assert before is not None
    assert before.turns == (b"turn-0", b"turn-1", b"turn-2")
    assert before.records == {"a": b"ra", "b": b"rb2", "c": b"rc"}
    damage(raw)  # type: ignore[operator]
    snapshot = {k: raw.dump(k) for k in sorted(raw.keys("*"))}
    with pytest.raises(PartialStateError, match="t/chat") as failure:
        store.load("t", "chat")
    assert missing in str(failure.value)
    assert isinstance(failure.value, SnapshotError)
    assert isinstance(failure.value, StoreError)
    with pytest.raises(PartialStateError, match="t/chat"):
        asyncio.run(_aload(store))
    # Whatever version a client believes in, a save never lands on the partial state.
    for version in {0, before.version, store.version("t", "chat")}:
        for first_turn in (0, 3):
            with pytest.raises((PartialStateError, StoreError)):
                store.save("t", "chat", b"head-3", [b"turn-x"], first_turn=first_turn,
                           expected_version=version)  # fmt: skip
    assert {k: raw.dump(k) for k in sorted(raw.keys("*"))} == snapshot  # nothing written


def test_a_lost_hash_is_not_a_new_session(redis_server: RedisServer) -> None:
    # The reproducer: the hash evicted while the list survives used to load as a
    # new session, and the next save appended to the old list.
    store = _saved(redis_server.url)
    _raw(store).delete(_KEY)
    assert store.version("t", "chat") == 0
    with pytest.raises(PartialStateError, match="stored state is partial"):
        store.save("t", "chat", b"head", [b"turn-0"], first_turn=0, expected_version=0)
    assert _raw(store).llen(_KEY + "/turns") == 3


def test_a_whole_deleted_session_is_new_again(redis_server: RedisServer) -> None:
    store = _saved(redis_server.url)
    assert store.delete("t", "chat")
    assert store.load("t", "chat") is None
    assert store.save("t", "chat", b"head", [b"turn-0"], first_turn=0, expected_version=0) > 0


def test_sqlite_turn_rows_without_their_session_row(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SQLiteStore(path)
    store.save("t", "chat", b"head", [b"turn-0", b"turn-1"], first_turn=0, expected_version=0)
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM sessions")
    with pytest.raises(PartialStateError, match="t/chat: stored state is partial"):
        store.load("t", "chat")


def test_sqlite_keyed_records_lost_or_without_their_session_row(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SQLiteStore(path)
    store.save("t", "chat", b"head", [b"turn-0"], first_turn=0, expected_version=0,
               records={"a": b"ra", "b": b"rb"})  # fmt: skip
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM records WHERE key='a'")
    with pytest.raises(PartialStateError, match="1 keyed records stored, 2 recorded"):
        store.load("t", "chat")
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM sessions")
        connection.execute("DELETE FROM turns")
    with pytest.raises(PartialStateError, match="t/chat: stored state is partial"):
        store.load("t", "chat")
