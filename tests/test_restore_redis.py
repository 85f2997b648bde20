"""A Redis load that leaves out the turn records its segments stand for (issue 18 item 4):
one server-side script reads the hash, the tail of the turn list and the keyed records
together, against a real redis-server."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import multihorizon as mh
import persist_shapes
from multihorizon.persist import PartialStateError, RedisStore, SnapshotError, decode, encode
from multihorizon.tiers.knowledge import CoverageSet
from redis_server import RedisServer


def _session(turns: int) -> mh.Session:
    session = mh.Session(session_id="restore/long")
    for turn in range(turns):
        topic = ("etcd quorum", "nginx upstream", "kafka lag")[(turn // 4) % 3]
        if turn % 2 == 0:
            session.user(f"How do I tune {topic} number {turn}?")
        else:
            session.assistant(f"For {topic}: set the option to {turn} and restart.")
    return session


@pytest.fixture(scope="module")
def long_session() -> mh.Session:
    return _session(2100)  # two whole segments and a tail


def _view(session: mh.Session) -> Any:
    return persist_shapes.view(session, CoverageSet(session.dim))


def _saved(url: str, session: mh.Session, drop: tuple[str, ...] = ()) -> RedisStore:
    store = RedisStore(url)
    head, turns, keyed = encode(session)
    keyed = {key: record for key, record in keyed.items() if key not in drop}
    store.save("restore", "long", head, turns, first_turn=0, expected_version=0, records=keyed)
    return store


def test_the_turns_after_the_segments_are_read_and_decode_to_the_session(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    store = _saved(redis_server.url, long_session)
    part = store.load("restore", "long", after_segments=True)
    assert part is not None
    assert (part.first_turn, len(part.turns)) == (2048, len(long_session) - 2048)
    whole = store.load("restore", "long")
    assert whole is not None
    assert part.records == whole.records
    assert part.version == whole.version
    loaded, _ = decode(part.head, part.turns, part.records, first_turn=part.first_turn)
    assert _view(loaded) == _view(long_session)
    # ``from_turn`` past the segments still reads from there.
    later = store.load("restore", "long", from_turn=2090, after_segments=True)
    assert later is not None
    assert (later.first_turn, len(later.turns)) == (2090, 10)


def test_a_run_of_segments_stops_at_the_first_one_missing(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    # Saved without ``turns/1`` (as an older release's save could leave it): only
    # ``turns/0`` stands for its turns; the turn records from 1024 on are read.
    store = _saved(redis_server.url, long_session, drop=("turns/1",))
    part = store.load("restore", "long", after_segments=True)
    assert part is not None
    assert part.first_turn == 1024
    loaded, _ = decode(part.head, part.turns, part.records, first_turn=part.first_turn)
    assert _view(loaded) == _view(long_session)


def test_a_segment_key_deleted_from_the_server_is_refused(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    import redis

    store = _saved(redis_server.url, long_session)
    redis.Redis.from_url(redis_server.url).hdel("mh/s/restore/long/records", "turns/0")
    # The keyed record count disagrees: a partial state, named, on either load.
    for after in (True, False):
        with pytest.raises(PartialStateError, match="keyed records stored"):
            store.load("restore", "long", after_segments=after)


def test_a_damaged_segment_is_refused_and_the_assembler_reads_every_turn_record(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    import redis

    store = _saved(redis_server.url, long_session)
    client = redis.Redis.from_url(redis_server.url)
    record = bytearray(client.hget("mh/s/restore/long/records", "turns/1") or b"")
    record[-1] ^= 0xFF  # the last embedding byte: the frame's checksum no longer holds
    client.hset("mh/s/restore/long/records", "turns/1", bytes(record))
    part = store.load("restore", "long", after_segments=True)
    assert part is not None
    assert part.first_turn == 2048
    with pytest.raises(SnapshotError, match="segment turns/1 is missing or damaged"):
        decode(part.head, part.turns, part.records, first_turn=part.first_turn)
    chat = mh.ContextAssembler(store=store).session("restore/long")
    assert _view(chat.session) == _view(long_session)


def test_a_lost_hash_or_turn_list_is_refused_on_a_load_after_the_segments(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    import redis

    store = _saved(redis_server.url, long_session)
    client = redis.Redis.from_url(redis_server.url)
    client.rpop("mh/s/restore/long/turns")
    with pytest.raises(PartialStateError, match="turn records stored"):
        store.load("restore", "long", after_segments=True)
    client.delete("mh/s/restore/long")
    with pytest.raises(PartialStateError, match="missing its hash"):
        store.load("restore", "long", after_segments=True)
    client.delete("mh/s/restore/long/turns", "mh/s/restore/long/records")
    assert store.load("restore", "long", after_segments=True) is None


def test_loads_after_the_segments_see_whole_saves_while_another_client_appends(
    redis_server: RedisServer,
) -> None:
    session = _session(1030)
    store = _saved(redis_server.url, session)
    version, stored, saves = store.version("restore", "long"), len(session), 12
    done = threading.Event()

    def writer() -> None:
        nonlocal version, stored
        try:
            for step in range(saves):
                session.user(f"How do I tune kafka lag again, {step}?")
                head, turns, keyed = encode(session, first_turn=stored)
                version = store.save("restore", "long", head, turns, first_turn=stored,
                                     expected_version=version, records=keyed)  # fmt: skip
                stored = len(session)
        finally:
            done.set()

    thread = threading.Thread(target=writer)
    thread.start()
    seen = set()
    reader = RedisStore(redis_server.url)
    while not done.is_set() or not seen:
        part = reader.load("restore", "long", after_segments=True)
        assert part is not None
        loaded, _ = decode(part.head, part.turns, part.records, first_turn=part.first_turn)
        assert len(loaded) == part.turn_count  # the head and the records of one save
        seen.add(part.turn_count)
    thread.join()
    last = reader.load("restore", "long", after_segments=True)
    assert last is not None
    assert last.turn_count == 1030 + saves


def test_aload_after_the_segments_gives_what_load_gives(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    store = _saved(redis_server.url, long_session)

    async def both() -> tuple[Any, Any]:
        try:
            return (
                await store.aload("restore", "long", after_segments=True),
                await store.aload("restore", "missing", after_segments=True),
            )
        finally:
            await store.aclose()

    part, missing = asyncio.run(both())
    assert missing is None
    assert part == store.load("restore", "long", after_segments=True)
    assert part.first_turn == 2048
