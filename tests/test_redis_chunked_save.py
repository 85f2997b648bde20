"""Big Redis saves in bounded commands (issue 18, the last Redis defect): the first whole
save of a long session went as one script call of every record (~100 MB at 50k turns) and
passed the store's 5 s socket timeout on a loaded server. Scaled down here: a session of
3 MB, a store whose ``chunk_bytes`` is 256 kB and whose socket timeout is 2 s, and every
command the client sends measured (``send_packed_command``: a pipeline is one send)."""

from __future__ import annotations

from typing import Any

import pytest

import multihorizon as mh
import persist_shapes
from multihorizon.persist import (
    ConflictError,
    RedisStore,
    StoreError,
    decode,
    encode,
    redis_staging,
)
from multihorizon.tiers.knowledge import CoverageSet
from redis_server import RedisServer

CHUNK = 256 * 1024


def _session(turns: int, dim: int = 64) -> mh.Session:
    # 64 dimensions: a 1,024-turn segment (256 kB of rows) fits the 1 MB command bound.
    session = mh.Session(embedder=mh.HashingEmbedder(dim), session_id="chunked/long")
    for turn in range(turns):
        topic = ("etcd quorum", "nginx upstream", "kafka lag")[(turn // 4) % 3]
        if turn % 2 == 0:
            session.user(f"How do I tune {topic} number {turn}? " + "detail " * 40)
        else:
            session.assistant(f"For {topic}: set the option to {turn} and restart.")
    return session


@pytest.fixture(scope="module")
def long_session() -> mh.Session:
    return _session(2100)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bytes of each command (or pipeline) the redis client sends."""
    from redis.connection import AbstractConnection

    sizes: list[int] = []
    original = AbstractConnection.send_packed_command

    def spy(self: Any, command: Any, check_health: bool = True) -> None:
        parts = [command] if isinstance(command, (str, bytes)) else command
        sizes.append(sum(map(len, parts)))
        original(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", spy)
    return sizes


def _view(session: mh.Session) -> Any:
    return persist_shapes.view(session, CoverageSet(session.dim))


def _loaded(store: RedisStore, session: mh.Session) -> mh.Session:
    stored = store.load("chunked", "long")
    assert stored is not None
    loaded, _ = decode(stored.head, stored.turns, stored.records, embedder=session.embedder)
    return loaded


def test_a_big_first_save_goes_in_bounded_commands_and_loads_whole(
    redis_server: RedisServer, long_session: mh.Session, sent: list[int]
) -> None:
    head, turns, records = encode(long_session)
    size = redis_staging.save_bytes(head, turns, records)
    assert size > 10 * CHUNK
    # The old way: one script call of every record.
    whole = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=1 << 40)
    whole.save("chunked", "long", head, turns, first_turn=0, expected_version=0,
               records=records)  # fmt: skip
    assert max(sent) > size
    whole.delete("chunked", "long")
    sent.clear()
    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    version = store.save(
        "chunked", "long", head, turns, first_turn=0, expected_version=0, records=records
    )
    # Every command at most a chunk of records (or one record bigger than a chunk: a
    # segment) and its framing (a few bytes per record).
    biggest = max(map(len, [*turns, *records.values()]))
    assert len(sent) > 10
    assert max(sent) < max(CHUNK, biggest) + 16 * 1024 < size / 4
    assert _view(_loaded(store, long_session)) == _view(long_session)
    # The per-turn saves after it stay one script call each.
    long_session.user("And the kafka lag again?")
    new = encode(long_session, first_turn=len(long_session) - 1)
    version = store.save("chunked", "long", new.head, new.turns,
                         first_turn=len(long_session) - 1, expected_version=version,
                         records=new.records)  # fmt: skip
    assert _view(_loaded(store, long_session)) == _view(long_session)
    # A whole save over the stored session (a migrated one's first save) is staged too.
    again = encode(long_session)
    store.save("chunked", "long", again.head, again.turns, first_turn=0,
               expected_version=version, records=again.records)  # fmt: skip
    assert _view(_loaded(store, long_session)) == _view(long_session)
    keys = redis_staging_keys(redis_server)
    assert keys == []  # nothing staged is left behind


def redis_staging_keys(server: RedisServer) -> list[bytes]:
    import redis

    return list(redis.Redis.from_url(server.url).scan_iter("*/staged/*"))


def test_a_reader_never_sees_a_staged_save_before_its_commit(
    redis_server: RedisServer, long_session: mh.Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    small = _session(6)
    first = encode(small)
    version = store.save("chunked", "long", first.head, first.turns, first_turn=0,
                         expected_version=0, records=first.records)  # fmt: skip
    seen: list[int] = []
    original = redis_staging.stage

    def staging_then_read(*args: Any) -> None:
        original(*args)
        stored = store.load("chunked", "long")  # between the last chunk and the commit
        assert stored is not None
        seen.append(stored.turn_count)
        assert redis_staging_keys(redis_server)  # staged, not yet in place

    monkeypatch.setattr("multihorizon.persist.redis.stage", staging_then_read)
    head, turns, records = encode(long_session)
    store.save("chunked", "long", head, turns, first_turn=0, expected_version=version,
               records=records)  # fmt: skip
    assert seen == [6]
    assert _loaded(store, long_session).turns.contents[-1] == long_session.turns.contents[-1]


def test_a_staged_save_on_a_stale_version_conflicts_and_leaves_nothing(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    small = encode(_session(6))
    store.save("chunked", "long", small.head, small.turns, first_turn=0, expected_version=0,
               records=small.records)  # fmt: skip
    head, turns, records = encode(long_session)
    with pytest.raises(ConflictError):
        store.save("chunked", "long", head, turns, first_turn=0, expected_version=0,
                   records=records)  # fmt: skip
    assert redis_staging_keys(redis_server) == []
    stored = store.load("chunked", "long")
    assert stored is not None
    assert stored.turn_count == 6


def test_a_staged_save_whose_staging_expired_is_refused(
    redis_server: RedisServer, long_session: mh.Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    import redis

    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    original = redis_staging.stage

    def staging_then_expire(client: Any, keys: tuple[str, str], *rest: Any) -> None:
        original(client, keys, *rest)
        redis.Redis.from_url(redis_server.url).delete(keys[0])  # as if its TTL ran out

    monkeypatch.setattr("multihorizon.persist.redis.stage", staging_then_expire)
    head, turns, records = encode(long_session)
    with pytest.raises(StoreError, match="lost its staged records"):
        store.save("chunked", "long", head, turns, first_turn=0, expected_version=0,
                   records=records)  # fmt: skip
    assert store.load("chunked", "long") is None
    assert redis_staging_keys(redis_server) == []


def test_the_async_save_of_a_big_session_is_staged_too(
    redis_server: RedisServer, long_session: mh.Session
) -> None:
    import asyncio

    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    head, turns, records = encode(long_session)

    async def save() -> int:
        try:
            return await store.asave("chunked", "long", head, turns, first_turn=0,
                                     expected_version=0, records=records)  # fmt: skip
        finally:
            await store.aclose()

    version = asyncio.run(save())
    assert store.version("chunked", "long") == version
    assert _view(_loaded(store, long_session)) == _view(long_session)


def _grown(session: mh.Session, turns: int) -> mh.Session:
    for turn in range(turns):
        topic = ("etcd quorum", "nginx upstream", "kafka lag")[(turn // 4) % 3]
        if turn % 2 == 0:
            session.user(f"More on {topic}, case {turn}? " + "detail " * 40)
        else:
            session.assistant(f"For {topic}: raise the limit to {turn}.")
    return session


def test_a_big_appending_save_commits_by_renaming_what_bounded_steps_staged(
    redis_server: RedisServer, sent: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The commit of an appending save used to copy the staged records into place inside
    # one script; now the kept records are copied under the staging keys in bounded steps
    # and the commit renames: every command (and every script's records) stays bounded.
    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    session = _session(1100)
    whole = encode(session)
    version = store.save("chunked", "long", whole.head, whole.turns, first_turn=0,
                         expected_version=0, records=whole.records)  # fmt: skip
    stored = len(session)
    new = encode(_grown(session, 1000), first_turn=stored)
    assert redis_staging.save_bytes(*new) > 4 * CHUNK
    seen: list[int] = []
    original = redis_staging.stage

    def staging_then_read(client: Any, keys: tuple[str, ...], *rest: Any) -> None:
        original(client, keys, *rest)
        found = store.load("chunked", "long")  # between the last step and the commit
        assert found is not None
        seen.append(found.turn_count)
        # Staged: every turn record and every keyed record of the saved session, so the
        # commit moves none of them (it renames the staged keys into place).
        assert client.llen(keys[0]) == len(session)
        assert client.hlen(keys[1]) == len(set(found.records) | set(new.records))

    monkeypatch.setattr("multihorizon.persist.redis.stage", staging_then_read)
    sent.clear()
    store.save("chunked", "long", new.head, new.turns, first_turn=stored,
               expected_version=version, records=new.records)  # fmt: skip
    assert seen == [stored]  # a reader saw the save before it, whole
    biggest = max(map(len, [*new.turns, *new.records.values()]))
    assert max(sent) < max(CHUNK, biggest) + 16 * 1024
    assert _view(_loaded(store, session)) == _view(session)
    assert redis_staging_keys(redis_server) == []


def test_a_big_appending_save_that_loses_the_race_conflicts_and_leaves_nothing(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    session = _session(40)
    whole = encode(session)
    version = store.save("chunked", "long", whole.head, whole.turns, first_turn=0,
                         expected_version=0, records=whole.records)  # fmt: skip
    other = decode(whole.head, whole.turns, whole.records, embedder=session.embedder)[0]
    other.user("A quick one from another replica?")
    theirs = encode(other, first_turn=40)
    mine = encode(_grown(session, 1200), first_turn=40)
    assert redis_staging.save_bytes(*mine) > 4 * CHUNK
    original = redis_staging.stage

    def another_replica_saves_first(*args: Any) -> None:
        store.save("chunked", "long", theirs.head, theirs.turns, first_turn=40,
                   expected_version=version, records=theirs.records)  # fmt: skip
        original(*args)

    monkeypatch.setattr("multihorizon.persist.redis.stage", another_replica_saves_first)
    with pytest.raises(ConflictError):
        store.save("chunked", "long", mine.head, mine.turns, first_turn=40,
                   expected_version=version, records=mine.records)  # fmt: skip
    assert _view(_loaded(store, other)) == _view(other)
    assert redis_staging_keys(redis_server) == []


def test_a_big_save_that_replaces_stored_turns_is_staged_and_renamed_too(
    redis_server: RedisServer,
) -> None:
    store = RedisStore(redis_server.url, timeout=2.0, chunk_bytes=CHUNK)
    session = _grown(_session(30), 1200)
    whole = encode(session)
    version = store.save("chunked", "long", whole.head, whole.turns, first_turn=0,
                         expected_version=0, records=whole.records)  # fmt: skip
    # Records from turn 20 on written again (as a replica that lost its last save does).
    again = encode(session, first_turn=20)
    store.save("chunked", "long", again.head, again.turns, first_turn=20,
               expected_version=version, records=again.records)  # fmt: skip
    assert _view(_loaded(store, session)) == _view(session)
    assert store.load("chunked", "long").turn_count == len(session)  # type: ignore[union-attr]
