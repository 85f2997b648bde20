"""Session stores: restarts, replicas, tenant isolation, conflicts, crashes, corrupt rows."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.errors import InputError, SnapshotError
from multihorizon.persist.stores import (
    ConflictError,
    MemoryStore,
    RedisStore,
    SessionTooLargeError,
    SQLiteStore,
    StoreError,
)
from redis_server import RedisServer


@pytest.fixture(params=["memory", "sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[object]:
    if request.param == "memory":
        yield MemoryStore()
    elif request.param == "sqlite":
        yield SQLiteStore(tmp_path / "s.db")
    else:
        server = RedisServer(tmp_path)
        server.start()
        try:
            yield RedisStore(server.url)
        finally:
            server.stop()


def test_a_session_survives_a_new_assembler(store: object, tmp_path: Path) -> None:
    first = mh.ContextAssembler(store=store).session("acme/chat-1")  # type: ignore[arg-type]
    first.user("How do I configure etcd? We run etcd 3.5 on three nodes.")
    first.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    first.tool_output("run_sql", [{"member": "etcd-1"}])
    # A second assembler (another replica, or this one after a restart) picks it up.
    second = mh.ContextAssembler(store=store).session("acme/chat-1")  # type: ignore[arg-type]
    assert len(second.session) == 2
    assert len(second.session.scratch) == 1
    envelope = second.user("Tell me more about the second step")
    assert [ref.target_turn for ref in envelope.turn.references] == [1]
    # ... and the first replica sees that turn on its next call.
    first.assistant("Issue one certificate per member.")
    assert [t.role for t in first.session.turns] == ["user", "assistant", "user", "assistant"]


def test_tenants_cannot_see_each_other(store: object) -> None:
    acme = mh.ContextAssembler(store=store)  # type: ignore[arg-type]
    acme.session("acme/shared-name").user("acme's secret roadmap")
    globex = mh.ContextAssembler(store=store)  # type: ignore[arg-type]
    other = globex.session("globex/shared-name")
    assert len(other.session) == 0  # same name, other tenant: a different session
    other.user("globex's own turn")
    assert store.list("acme") == ["shared-name"]  # type: ignore[attr-defined]
    assert store.list("globex") == ["shared-name"]  # type: ignore[attr-defined]
    stored = store.load("acme", "shared-name")  # type: ignore[attr-defined]
    assert "acme's secret roadmap" in stored.turns[0].decode("utf-8", "replace")
    for hostile in ("../acme", "acme/../globex", "*", "", "a" * 200, "acme\x00"):
        with pytest.raises(InputError):
            store.load(hostile, "shared-name")  # type: ignore[attr-defined]
        with pytest.raises(InputError):
            store.list(hostile)  # type: ignore[attr-defined]
    with pytest.raises(InputError):
        acme.session("acme/../globex/shared-name")


def test_concurrent_writers_conflict_instead_of_losing_turns(store: object) -> None:
    blob = b"x"
    first = store.save("t", "s", blob, [b"t0"], first_turn=0, expected_version=0)  # type: ignore[attr-defined]
    second = store.save("t", "s", blob, [b"t1"], first_turn=1, expected_version=first)  # type: ignore[attr-defined]
    assert second == first + 1
    with pytest.raises(ConflictError, match=f"version {first + 1}"):
        store.save("t", "s", b"late", [b"t2"], first_turn=2, expected_version=first)  # type: ignore[attr-defined]
    stored = store.load("t", "s")  # type: ignore[attr-defined]
    assert (stored.head, stored.turns, stored.version) == (blob, (b"t0", b"t1"), second)
    # Through the assembler: a replica that saves on a stale version reloads and retries
    # nothing silently: the failed call raises and its session is back to the stored state.
    a = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    b = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    a.user("first turn from replica a")
    b.user("second turn from replica b")  # b reloads a's turn first
    a.user("third turn from replica a")
    final = mh.ContextAssembler(store=store).session("t/chat").session  # type: ignore[arg-type]
    assert [t.content for t in final.turns] == [
        "first turn from replica a",
        "second turn from replica b",
        "third turn from replica a",
    ]


def test_a_failed_call_leaves_the_stored_session_as_it_was(store: object) -> None:
    chat = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    chat.user("How do I configure etcd?")
    before = store.load("t", "chat")  # type: ignore[attr-defined]
    with pytest.raises(mh.BudgetError):
        chat.user("Back to etcd", budget_tokens=1)
    with pytest.raises(InputError):
        chat.user("")
    assert store.load("t", "chat") == before  # type: ignore[attr-defined]
    assert len(chat.session) == 1


def _expire_and_delete(store: object, now: list[float]) -> None:
    store.save("t", "old", b"1", [b"a", b"b"], first_turn=0, expected_version=0)  # type: ignore[attr-defined]
    now[0] += 100
    store.save("t", "new", b"2", [b"c"], first_turn=0, expected_version=0)  # type: ignore[attr-defined]
    assert store.expire(50) == 1  # type: ignore[attr-defined]
    assert store.list("t") == ["new"]  # type: ignore[attr-defined]
    assert store.load("t", "old") is None  # type: ignore[attr-defined]
    # Created again under the expired name: none of the old turn records come back.
    store.save("t", "old", b"3", [b"d"], first_turn=0, expected_version=0)  # type: ignore[attr-defined]
    assert store.load("t", "old").turns == (b"d",)  # type: ignore[attr-defined]
    assert store.delete("t", "new")  # type: ignore[attr-defined]
    assert not store.delete("t", "new")  # type: ignore[attr-defined]
    assert store.load("t", "new") is None  # type: ignore[attr-defined]


def test_expire_and_delete(tmp_path: Path) -> None:
    now = [1000.0]
    _expire_and_delete(MemoryStore(clock=lambda: now[0]), now)
    _expire_and_delete(SQLiteStore(tmp_path / "e.db", lambda: now[0]), now)


def test_corrupt_rows_are_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    store = SQLiteStore(path)
    mh.ContextAssembler(store=store).session("t/chat").user("hello there")
    mh.ContextAssembler(store=store).session("t/chat").user("and a second turn")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE turns SET record = substr(record, 1, 100) WHERE idx = 1")
    with pytest.raises(mh.persist.SnapshotError, match="turn 1: corrupt or truncated"):
        mh.ContextAssembler(store=SQLiteStore(path)).session("t/chat")
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM turns WHERE idx = 1")
    with pytest.raises(StoreError, match="1 turn rows stored, 2 recorded"):
        SQLiteStore(path).load("t", "chat")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE sessions SET blob = substr(blob, 1, 100)")
    with pytest.raises(StoreError):  # the missing row, or the truncated head
        mh.ContextAssembler(store=SQLiteStore(path)).session("t/chat")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE sessions SET blob = 'text, not a blob'")
    with pytest.raises(StoreError, match="not a blob"):
        SQLiteStore(path).load("t", "chat")


CHILD = textwrap.dedent(
    """
    import sys
    import multihorizon as mh
    from multihorizon.persist.stores import SQLiteStore
    chat = mh.ContextAssembler(store=SQLiteStore(sys.argv[1])).session("t/chat")
    print("ready", flush=True)
    for n in range(len(chat.session), 10_000):  # go on from what is stored
        chat.user(f"turn number {n} about etcd and postgres")
        print(n, flush=True)
    """
)


def test_sqlite_survives_a_process_killed_at_random_points(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    rng = random.Random(7)
    logged = 0
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        # Wait for the child's own signals (whatever the backend's import and JIT cost): it
        # is ready, then it committed some turns; the kill lands wherever the next one is.
        assert child.stdout.readline().strip() == "ready"
        for _ in range(rng.randint(1, 40)):
            child.stdout.readline()
        os.kill(child.pid, signal.SIGKILL)
        child.stdout.close()
        child.wait()
        chat = mh.ContextAssembler(store=SQLiteStore(path)).session("t/chat").session
        turns = [t.content for t in chat.turns]
        # Every committed turn is there, in order, each once; nothing half-written.
        assert turns == [f"turn number {n} about etcd and postgres" for n in range(len(turns))]
        assert len(turns) >= logged
        logged = len(turns)
    assert logged > 0


def test_redis_going_away_fails_cleanly_and_recovers(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url, timeout=1.0)
    chat = mh.ContextAssembler(store=store).session("t/chat")
    chat.user("How do I configure etcd?")
    redis_server.stop()
    with pytest.raises(StoreError, match="redis"):
        chat.user("and TLS?")
    with pytest.raises(StoreError, match="redis"):
        store.list("t")
    redis_server.start()  # same port, its append-only file: the data is back
    assert [t.content for t in chat.session.turns] == ["How do I configure etcd?"]
    chat.user("and TLS?")
    fresh = mh.ContextAssembler(store=RedisStore(redis_server.url)).session("t/chat")
    assert [t.content for t in fresh.session.turns] == ["How do I configure etcd?", "and TLS?"]


REDIS_WRITER = textwrap.dedent(
    """
    import sys
    import multihorizon as mh
    from multihorizon.persist.stores import ConflictError, RedisStore
    chat = mh.ContextAssembler(store=RedisStore(sys.argv[1])).session("t/shared")
    for n in range(int(sys.argv[3])):
        while True:
            try:
                chat.user(f"{sys.argv[2]} turn {n}")
                break
            except ConflictError:
                pass  # the other process saved first: reload and apply the turn again
    """
)


def test_two_processes_share_a_session_without_losing_a_turn(
    redis_server: RedisServer,
) -> None:
    writers = [
        subprocess.Popen([sys.executable, "-c", REDIS_WRITER, redis_server.url, name, "15"])
        for name in ("alpha", "beta")
    ]
    for writer in writers:
        assert writer.wait(timeout=120) == 0
    chat = mh.ContextAssembler(store=RedisStore(redis_server.url)).session("t/shared")
    turns = [t.content for t in chat.session.turns]
    assert sorted(turns) == sorted(f"{w} turn {n}" for w in ("alpha", "beta") for n in range(15))
    for name in ("alpha", "beta"):  # each writer's turns in its own order
        own = [t for t in turns if t.startswith(name)]
        assert own == [f"{name} turn {n}" for n in range(15)]


def test_a_deleted_and_recreated_session_is_not_overwritten(store: object) -> None:
    old = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    old.user("old topic one")
    old.user("old topic two")
    store.delete("t", "chat")  # type: ignore[attr-defined]
    new = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    new.user("new topic one")
    new.user("new topic two")
    old.user("third from the old replica")  # reloads the new session first
    turns = [t.content for t in mh.ContextAssembler(store=store).session("t/chat").session.turns]  # type: ignore[arg-type]
    assert turns == ["new topic one", "new topic two", "third from the old replica"]


def test_redis_expire_and_delete(redis_server: RedisServer) -> None:
    now = [1000.0]
    _expire_and_delete(RedisStore(redis_server.url, clock=lambda: now[0]), now)


def test_a_turn_appends_one_record_and_rewrites_only_the_head(store: object) -> None:
    chat = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    chat.user("How do I configure etcd? We run etcd 3.5 on three nodes.")
    chat.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    before = store.load("t", "chat")  # type: ignore[attr-defined]
    chat.user("Tell me more about the second step")
    after = store.load("t", "chat")  # type: ignore[attr-defined]
    assert after.turns[:2] == before.turns  # the stored turns are untouched
    assert len(after.turns) == 3
    chat.tool_output("run_sql", [{"member": "etcd-1"}])  # no turn: the head only
    assert store.load("t", "chat").turns == after.turns  # type: ignore[attr-defined]
    version = store.version("t", "chat")  # type: ignore[attr-defined]
    with pytest.raises(StoreError, match="stores 3 turns; cannot append from turn 5"):
        store.save("t", "chat", after.head, [b"x"], first_turn=5, expected_version=version)  # type: ignore[attr-defined]
    for version in (-1, "3", True, None):
        with pytest.raises(InputError, match="expected_version"):
            store.save("t", "chat", after.head, first_turn=3, expected_version=version)  # type: ignore[attr-defined]
    for bad in ("text", [b"ok", "text"]):
        with pytest.raises(InputError, match="turns"):
            store.save("t", "chat", after.head, bad, first_turn=3, expected_version=0)  # type: ignore[attr-defined]
    current = store.version("t", "chat")  # type: ignore[attr-defined]
    for records in ([b"x"], {"": b"x"}, {"k": "text"}, {1: b"x"}):
        with pytest.raises(InputError, match="records"):
            store.save("t", "chat", after.head, first_turn=3, expected_version=current,  # type: ignore[attr-defined]
                       records=records)  # fmt: skip


def test_keyed_records_are_written_over_by_key_and_dropped_by_a_whole_save(
    store: object,
) -> None:
    save = store.save  # type: ignore[attr-defined]
    version = save("t", "k", b"h1", [b"t0"], first_turn=0, expected_version=0,
                   records={"a": b"a1", "b": b"b1"})  # fmt: skip
    version = save("t", "k", b"h2", [b"t1"], first_turn=1, expected_version=version,
                   records={"b": b"b2", "c": b"c1"})  # fmt: skip
    loaded = store.load("t", "k")  # type: ignore[attr-defined]
    assert loaded.records == {"a": b"a1", "b": b"b2", "c": b"c1"}
    assert store.load("t", "k", from_turn=1).records == loaded.records  # type: ignore[attr-defined]
    # Replacing stored turns keeps the keyed records it does not name.
    version = save("t", "k", b"h3", [b"t1x"], first_turn=1, expected_version=version,
                   records={"a": b"a2"})  # fmt: skip
    assert store.load("t", "k").records == {"a": b"a2", "b": b"b2", "c": b"c1"}  # type: ignore[attr-defined]
    # A save from turn 0 is the whole session: the keyed records it does not name go.
    version = save("t", "k", b"h4", [b"t0"], first_turn=0, expected_version=version,
                   records={"z": b"z1"})  # fmt: skip
    assert store.load("t", "k").records == {"z": b"z1"}  # type: ignore[attr-defined]
    with pytest.raises(ConflictError):
        save("t", "k", b"h5", [], first_turn=1, expected_version=version - 1, records={"q": b"q"})
    assert store.load("t", "k").records == {"z": b"z1"}  # type: ignore[attr-defined]


def _store_of(kind: str, tmp_path: Path, redis_url: str, **options: int) -> object:
    if kind == "memory":
        return MemoryStore(**options)  # type: ignore[arg-type]
    if kind == "sqlite":
        return SQLiteStore(tmp_path / f"cap-{len(options)}.db", **options)  # type: ignore[arg-type]
    return RedisStore(redis_url, prefix=f"cap{len(options)}", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["memory", "sqlite", "redis"])
def test_an_oversized_session_is_refused_and_kept_as_it_was(
    kind: str, tmp_path: Path, redis_server: RedisServer
) -> None:
    store = _store_of(kind, tmp_path, redis_server.url, max_bytes=30_000)
    chat = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    chat.user("How do I configure etcd?")
    before = store.load("t", "chat")  # type: ignore[attr-defined]
    cap = r"t/chat would be [\d,]+ bytes, over .* 30,000-byte cap"
    with pytest.raises(SessionTooLargeError, match=cap):
        chat.user(" ".join(f"word{i}" for i in range(3000)))  # 26 kB, stored as text and terms
    assert store.load("t", "chat") == before  # type: ignore[attr-defined]
    assert [t.content for t in chat.session.turns] == ["How do I configure etcd?"]
    chat.user("a short follow-up fits")  # and the session goes on
    assert len(store.load("t", "chat").turns) == 2  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="max_bytes"):
        _store_of(kind, tmp_path, redis_server.url, max_bytes=0)


def test_a_first_release_sqlite_file_is_read_and_migrated(tmp_path: Path) -> None:
    # The first release's table: whole format-1 snapshots in `blob`, no turn rows.
    path = tmp_path / "v1.db"
    legacy = (Path(__file__).parent / "data" / "session_v1.mhss").read_bytes()
    with sqlite3.connect(path) as connection:
        connection.execute(
            "CREATE TABLE sessions (tenant TEXT NOT NULL, session_id TEXT NOT NULL,"
            " version INTEGER NOT NULL, updated_at REAL NOT NULL, blob BLOB NOT NULL,"
            " PRIMARY KEY (tenant, session_id))"
        )
        connection.execute("INSERT INTO sessions VALUES ('tenant', 'conv', 7, 1.0, ?)", (legacy,))
    store = SQLiteStore(path)
    # Its vectors are the first releases' hashing embedder's: today's default refuses them by
    # name and says which embedder reads them.
    with pytest.raises(SnapshotError, match=r"load it with HashingEmbedder\(384, version=1\)"):
        mh.ContextAssembler(store=store).session("tenant/conv")
    first_release = mh.HashingEmbedder(version=1)
    chat = mh.ContextAssembler(store=store, embedder=first_release).session("tenant/conv")
    assert len(chat.session) == 5
    chat.user("Back to etcd: and the second step?")
    stored = store.load("tenant", "conv")
    assert len(stored.turns) == 6  # every turn now a format-2 record
    assert stored.head[:4] == b"MHSH"
    again = (
        mh.ContextAssembler(store=SQLiteStore(path), embedder=first_release)
        .session("tenant/conv")
        .session
    )
    assert [t.content for t in again.turns] == [t.content for t in chat.session.turns]


def test_redis_keys_of_different_tenants_never_meet(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    # With ":" as the separator these two pairs would spell the same key.
    store.save("a", "b:c", b"tenant a", first_turn=0, expected_version=0)
    store.save("a:b", "c", b"tenant a:b", first_turn=0, expected_version=0)
    assert store.load("a", "b:c").head == b"tenant a"  # type: ignore[union-attr]
    assert store.load("a:b", "c").head == b"tenant a:b"  # type: ignore[union-attr]
    assert store.list("a") == ["b:c"]


def test_a_replica_reads_only_the_turns_it_lacks(store: object) -> None:
    a = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    b = mh.ContextAssembler(store=store).session("t/chat")  # type: ignore[arg-type]
    a.user("How do I configure etcd? We run etcd 3.5 on three nodes.")
    b.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    a.tool_output("run_sql", [{"member": "etcd-1"}])
    loads: list[int] = []
    original = store.load  # type: ignore[attr-defined]

    def spy(tenant: str, session_id: str, *, from_turn: int = 0, **more: object) -> object:
        loads.append(from_turn)
        return original(tenant, session_id, from_turn=from_turn, **more)

    store.load = spy  # type: ignore[attr-defined]
    b.user("Tell me more about the second step")  # b holds 2 turns: reads from turn 2 on
    a.user("and the third?")  # a holds 2 turns as well, then b's third
    assert loads == [2, 2]
    assert store.load("t", "chat", from_turn=3).turns == original("t", "chat").turns[3:]  # type: ignore[attr-defined]
    assert store.load("t", "chat", from_turn=99).turns == ()  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="from_turn"):
        store.load("t", "chat", from_turn=-1)  # type: ignore[attr-defined]
    # Caught up turn by turn, a replica holds what a fresh load gives, to the bit.
    _assert_same_session(a.session, mh.ContextAssembler(store=store).session("t/chat").session)  # type: ignore[arg-type]
    b.assistant("The third step restarts each member.")
    assert loads[-1] == 3
    _assert_same_session(b.session, mh.ContextAssembler(store=store).session("t/chat").session)  # type: ignore[arg-type]


def _assert_same_session(replica: mh.Session, fresh: mh.Session) -> None:
    assert [t.content for t in replica.turns] == [t.content for t in fresh.turns]
    assert replica.turns.tool_calls == fresh.turns.tool_calls
    assert len(replica.scratch) == len(fresh.scratch) == 1
    count = len(fresh._threads)
    assert replica._threads._sums[:count].tobytes() == fresh._threads._sums[:count].tobytes()
    assert replica._threads.vocabulary == fresh._threads.vocabulary
    assert replica.active_thread == fresh.active_thread


def test_a_redis_error_of_any_kind_is_typed_and_never_stores_a_turn_twice(
    redis_server: RedisServer,
) -> None:
    import redis

    store = RedisStore(redis_server.url)
    chat = mh.ContextAssembler(store=store).session("t/chat")
    chat.user("How do I configure etcd?")
    admin = redis.Redis.from_url(redis_server.url)
    admin.config_set("maxmemory-policy", "noeviction")
    admin.config_set("maxmemory", 1)  # every write (and MULTI) now fails: OOM
    try:
        with pytest.raises(StoreError, match="OutOfMemoryError"):
            chat.user("second turn")
    finally:
        admin.config_set("maxmemory", 0)
    chat.user("second turn")  # the caller retries the failed turn
    stored = mh.ContextAssembler(store=store).session("t/chat").session
    assert [t.content for t in stored.turns] == ["How do I configure etcd?", "second turn"]
    admin.hset("mh/s/t/chat", "version", "garbage")
    with pytest.raises(StoreError, match="t/chat: stored field is corrupt"):
        store.version("t", "chat")
    with pytest.raises(StoreError, match="t/chat: stored field is corrupt"):
        store.load("t", "chat")


def test_a_first_release_redis_session_is_refused_by_name_then_migrated(
    redis_server: RedisServer,
) -> None:
    import redis

    legacy = (Path(__file__).parent / "data" / "session_v1.mhss").read_bytes()
    admin = redis.Redis.from_url(redis_server.url)
    # The first release's layout: ":" separators, a format-1 blob.
    admin.hset("mh:s:tenant:conv", mapping={"blob": legacy, "version": 7, "updated_at": 1.0})
    admin.sadd("mh:t:tenant", "conv")
    admin.zadd("mh:updated", {"tenant/conv": 1.0})
    store = RedisStore(redis_server.url)
    with pytest.raises(StoreError, match=r"first release's layout.*migrate_legacy"):
        mh.ContextAssembler(store=store).session("tenant/conv")
    assert store.migrate_legacy() == 1
    assert store.migrate_legacy() == 0  # nothing left to move
    assert admin.exists("mh:s:tenant:conv") == 0
    # Its vectors are the first release's hashing embedder's (model multihorizon-hash-384).
    first_release = mh.HashingEmbedder(version=1)
    chat = mh.ContextAssembler(store=store, embedder=first_release).session("tenant/conv")
    assert len(chat.session) == 5
    chat.user("Back to etcd: and the second step?")
    assert len(store.load("tenant", "conv").turns) == 6  # type: ignore[union-attr]
    assert store.list("tenant") == ["conv"]
    # Left behind, by name, with the reason; the good ones move anyway.
    admin.hset("mh:s:tenant:conv", mapping={"blob": legacy, "version": 8, "updated_at": 2.0})
    admin.hset("mh:s:tenant:damaged", mapping={"blob": legacy})  # no version
    admin.hset("mh:s:tenant:good", mapping={"blob": legacy, "version": 3, "updated_at": 2.0})
    admin.sadd("mh:t:tenant", "conv", "damaged", "good")
    with pytest.raises(StoreError, match="moved 1; 2 left") as failure:
        store.migrate_legacy()
    assert "tenant/conv: a session of this name is already in the new layout" in str(failure.value)
    assert "tenant/damaged: the stored record is incomplete" in str(failure.value)
    assert store.load("tenant", "good").head == legacy  # type: ignore[union-attr]
    # (A blob is also checked against the id it is loaded under: this one is tenant/conv's.)
    with pytest.raises(StoreError, match="stored session 'tenant/conv' found under"):
        mh.ContextAssembler(store=store, embedder=first_release).session("tenant/good")


def test_a_catch_up_that_fails_half_way_keeps_nothing_of_it(tmp_path: Path) -> None:
    path = tmp_path / "h.db"
    a = mh.ContextAssembler(store=SQLiteStore(path)).session("t/chat")
    b = mh.ContextAssembler(store=SQLiteStore(path)).session("t/chat")
    a.user("How do I configure etcd?")
    b.assistant("Set --initial-cluster.")  # b holds both turns
    a.user("And TLS?")
    a.assistant("Use --cert-file.")
    with sqlite3.connect(path) as connection:  # the last record goes bad
        (good,) = connection.execute("SELECT record FROM turns WHERE idx = 3").fetchone()
        connection.execute("UPDATE turns SET record = substr(record, 1, 50) WHERE idx = 3")
    with pytest.raises(mh.persist.SnapshotError, match="turn 3"):
        b.user("anything")  # b replays turn 2, then fails on turn 3
    assert len(b.session) == 0  # not turns 0-2 with a stale head: nothing, until reloaded
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE turns SET record = ? WHERE idx = 3", (good,))
    b.preview("what about TLS?")  # a preview reads the stored session too (and saves nothing)
    assert len(b.session) == 4
    assert len(SQLiteStore(path).load("t", "chat").turns) == 4  # type: ignore[union-attr]
    b.user("anything")
    assert [t.content for t in b.session.turns][-2:] == ["Use --cert-file.", "anything"]


def test_sqlite_corrupt_fields_and_a_locked_file_give_store_errors(tmp_path: Path) -> None:
    path = tmp_path / "f.db"
    store = SQLiteStore(path)
    mh.ContextAssembler(store=store).session("t/chat").user("hello there")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE sessions SET turn_count = 'two'")
    with pytest.raises(StoreError, match="t/chat: stored field is corrupt"):
        store.load("t", "chat")
    with pytest.raises(StoreError, match="t/chat: stored field is corrupt"):
        store.save("t", "chat", b"h", first_turn=0, expected_version=store.version("t", "chat"))
    for bad in ("5", None, -1, float("nan"), True):
        with pytest.raises(InputError, match="timeout"):
            SQLiteStore(tmp_path / "t.db", timeout=bad)  # type: ignore[arg-type]
    locker = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="cannot"):
            SQLiteStore(tmp_path / "locked.db", timeout=0.1)
    finally:
        locker.execute("ROLLBACK")
        locker.close()


def test_one_save_may_append_thousands_of_turns(store: object) -> None:
    # A migrated session's first save writes all its turns at once (the Redis script pushes
    # them in chunks: Lua cannot unpack that many arguments in one call).
    turns = [f"turn {i}".encode() for i in range(2500)]
    version = store.save("t", "big", b"head", turns, first_turn=0, expected_version=0)  # type: ignore[attr-defined]
    stored = store.load("t", "big")  # type: ignore[attr-defined]
    assert (stored.turns, stored.version) == (tuple(turns), version)
    assert store.load("t", "big", from_turn=2499).turns == (b"turn 2499",)  # type: ignore[attr-defined]


def test_a_memory_load_is_not_changed_by_later_saves_and_a_refused_save_changes_nothing() -> None:
    store = MemoryStore(max_bytes=100)
    version = store.save("t", "s", b"h", [b"a", b"b"], first_turn=0, expected_version=0,
                         records={"thread/0": b"x"})  # fmt: skip
    before = store.load("t", "s")
    assert before is not None
    version = store.save("t", "s", b"H", [b"c"], first_turn=1, expected_version=version,
                         records={"thread/0": b"y", "calls/1": b"z"})  # fmt: skip
    assert (before.head, before.turns, dict(before.records)) == (b"h", (b"a", b"b"),
                                                                 {"thread/0": b"x"})  # fmt: skip
    after = store.load("t", "s")
    assert after is not None
    assert (after.turns, dict(after.records)) == ((b"a", b"c"), {"thread/0": b"y", "calls/1": b"z"})
    with pytest.raises(SessionTooLargeError):
        store.save("t", "s", b"H", [b"d" * 100], first_turn=2, expected_version=version)
    assert store.load("t", "s") == after
    # A save from turn 0 drops the keyed records stored before, and counts from nothing.
    store.save("t", "s", b"h", [b"e"], first_turn=0, expected_version=version)
    again = store.load("t", "s")
    assert again is not None
    assert (again.turns, dict(again.records)) == ((b"e",), {})
