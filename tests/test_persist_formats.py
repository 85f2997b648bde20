"""Stored formats stay readable: a format-2 snapshot written by the release that hardened the
stores (tests/data/session_v2.mhss) loads to the same session today (issue #18: any later
format change must keep reading it)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
import persist_shapes
from multihorizon import kernels
from multihorizon.persist import (
    FORMAT_VERSION,
    RedisStore,
    SQLiteStore,
    decode,
    encode,
    frames,
    restore,
    snapshot,
    stored_format,
)
from multihorizon.tiers.knowledge import CoverageSet
from redis_server import RedisServer


def _session() -> mh.Session:
    # The turns tests/data/session_v2.mhss was written from, with its embedder (the first
    # releases' hashing embedder: the stored model id is multihorizon-hash-384).
    # That release kept "Back to etcd: do it again" in the backup thread as a CLARIFY turn;
    # rule resume-announcements resumes etcd: off here, to build what it stored. Its "do it
    # again" repeated the last request; rule repeats-named-requests takes the etcd one. Its
    # bare "again" was a CLARIFY marker: rule again-asks, off here, reads it as none.
    session = mh.Session(
        session_id="tenant/conv",
        embedder=mh.HashingEmbedder(version=1),
        config=mh.Config(
            resume_announcements=False, repeats_named_requests=False, again_asks=False
        ),
    )
    session.user("How do I configure etcd? We run etcd 3.5 on three nodes.", speaker="ann")
    session.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    session.tool_output("run_sql", [{"member": "etcd-1", "ok": True}], args={"q": "select"})
    session.user("Actually, what's a good backup strategy for Postgres?", speaker="ann")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")
    session.user("summarise the query result and keep it", speaker="ann")
    session.user("Back to etcd: do it again")
    return session


def _view(session: mh.Session, renamed: dict[str, str] | None = None) -> tuple[object, ...]:
    """What a session holds, with thread names changed as ``renamed`` says."""
    names = renamed or {}
    turns = [
        (t.turn_id, t.role, t.content, names.get(t.topic_thread, t.topic_thread), t.references,
         t.entities, t.tool_calls, t.speaker)
        for t in session.turns
    ]  # fmt: skip
    states = {}
    for name in session.threads:
        state = session.thread_state(name)
        assert state is not None
        states[names.get(name, name)] = dataclasses.replace(state, thread_id=names.get(name, name))
    scratch = [(e.scratch_id, e.tool_name, e.summary) for e in session.scratch]
    threads = tuple(names.get(name, name) for name in session.threads)
    active = names.get(session.active_thread, session.active_thread)
    return (turns, threads, active, states, scratch)


def test_a_format_2_snapshot_still_loads() -> None:
    stored = (Path(__file__).parent / "data" / "session_v2.mhss").read_bytes()
    assert stored[4:6] == (2).to_bytes(2, "big")
    session, coverage = restore(stored)
    assert session.session_id == "tenant/conv"
    # A stored thread keeps its name; today's labels skip discourse words ("good").
    assert session.threads == ("configure-etcd", "good-backup")
    assert _view(session, {"good-backup": "backup-strategy"}) == _view(_session())
    assert coverage.fact_ids == {"fact-1"}
    again, _ = decode(*encode(session, coverage))
    assert _view(again) == _view(session)
    # It goes on like the live session does.
    live = _session()
    assert session.user("which flags?").intent == live.user("which flags?").intent


# ---- sessions of every shape, written by the format-2, format-3 and format-4 releases -----
# (tests/persist_shapes.py; formats 3 and 4 also wrote a session long enough for a segment)

_SHAPES = sorted(persist_shapes.SHAPES)
_CASES = [
    *((2, name) for name in _SHAPES),
    *((3, name) for name in [*_SHAPES, *persist_shapes.LONG_SHAPES]),
    *((4, name) for name in [*_SHAPES, *persist_shapes.LONG_SHAPES]),
]
_IDS = [f"format{version}-{name}" for version, name in _CASES]
_FOLDERS = {2: persist_shapes.DATA, 3: persist_shapes.DATA3, 4: persist_shapes.DATA4}
_STORE_FILES = {
    2: persist_shapes.STORE_FILE,
    3: persist_shapes.STORE_FILE3,
    4: persist_shapes.STORE_FILE4,
}
_ALL_SHAPES = {**persist_shapes.SHAPES, **persist_shapes.LONG_SHAPES}


def _expected(name: str, version: int = 2) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((_FOLDERS[version] / f"{name}.json").read_text())
    return loaded


def _plain(value: Any) -> Any:
    """``value`` as JSON would give it back (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


def _check(name: str, session: mh.Session, coverage: CoverageSet, version: int = 2) -> None:
    expected = _expected(name, version)
    float16 = _ALL_SHAPES[name][1]
    assert _plain(persist_shapes.view(session, coverage, float16=float16)) == expected["view"]
    if "follow_ups" in expected:
        assert _plain(persist_shapes.follow_ups(session)) == expected["follow_ups"]


@pytest.mark.parametrize(("version", "name"), _CASES, ids=_IDS)
def test_a_stored_session_of_every_format_and_shape_loads_to_the_same_state(
    version: int, name: str
) -> None:
    stored = persist_shapes.stored(_FOLDERS[version], name)
    assert stored[4:6] == version.to_bytes(2, "big")
    session, coverage = restore(stored)
    _check(name, session, coverage, version)


@pytest.mark.parametrize(("version", "name"), _CASES, ids=_IDS)
def test_a_stored_session_of_every_format_written_again_reads_back_the_same(
    version: int, name: str
) -> None:
    session, coverage = restore(persist_shapes.stored(_FOLDERS[version], name))
    float16 = _ALL_SHAPES[name][1]
    blob = snapshot(session, coverage, float16=float16)
    assert blob[4:6] == FORMAT_VERSION.to_bytes(2, "big")  # saved whole in today's format
    again, again_coverage = restore(blob)
    _check(name, again, again_coverage, version)


@pytest.mark.parametrize(("version", "name"), [case for case in _CASES if case[1] in _SHAPES])
def test_a_store_file_of_every_format_still_loads(version: int, name: str, tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    shutil.copyfile(_STORE_FILES[version], path)
    store = SQLiteStore(path)
    stored = store.load("t", name)
    assert stored is not None
    assert stored_format(stored.head) == version
    session, coverage = decode(stored.head, stored.turns, stored.records)
    _check(name, session, coverage, version)


@pytest.mark.parametrize("name", ["tools", "many_threads", "multi_party"])
def test_a_format_2_redis_session_loads_and_is_saved_whole_in_format_3(
    name: str, tmp_path: Path, redis_server: RedisServer
) -> None:
    import redis

    # The format-2 release's Redis layout: a hash without record fields, a turn list, no
    # keyed records (its records as the fixture store file keeps them).
    path = tmp_path / "store.sqlite"
    shutil.copyfile(persist_shapes.STORE_FILE, path)
    old = SQLiteStore(path).load("t", name)
    assert old is not None
    raw = redis.Redis.from_url(redis_server.url)
    session_id = _expected(name)["view"]["session_id"]
    tenant, _, short = session_id.partition("/")
    key = f"mh/s/{session_id}"
    raw.hset(key, mapping={"blob": old.head, "version": 7, "updated_at": 1.0e9,
                           "turn_count": len(old.turns),
                           "turn_bytes": sum(map(len, old.turns))})  # fmt: skip
    raw.rpush(key + "/turns", *old.turns)
    raw.sadd(f"mh/t/{tenant}", short)
    store = RedisStore(redis_server.url)
    stored = store.load(tenant, short)
    assert stored is not None
    assert stored.records == {}
    _check(name, *decode(stored.head, stored.turns, stored.records))
    # Through the assembler: its next turn saves the session whole, in format 3.
    # The fixtures were written with the first hashing embedder (multihorizon-hash-384).
    chat = mh.ContextAssembler(store=store, embedder=mh.HashingEmbedder(version=1)).session(
        session_id
    )
    chat.user("one more question")
    again = store.load(tenant, short)
    assert again is not None
    assert stored_format(again.head) == FORMAT_VERSION
    assert any(key.startswith("thread/") for key in again.records)
    session, _ = decode(again.head, again.turns, again.records)
    assert len(session) == len(old.turns) + 1
    assert session.turns.contents[:-1] == decode(stored.head, stored.turns)[0].turns.contents


def _assert_int8_copy_rebuilt(session: mh.Session) -> None:
    # A stored session keeps the float32 (or float16) rows; the int8 copy Tier C scans is
    # rebuilt from them on load.
    log = session.turns
    codes, scales = kernels.quantize_rows(log.embeddings)
    np.testing.assert_array_equal(log.codes, codes)
    np.testing.assert_array_equal(log.scales, scales)
    assert len(log.codes) == len(log) > 0


# Where ``int8_rows_per_rescored`` stands in ``kernels.retrieve_context``' arguments.
_PER_RESCORED_AT = 22


@pytest.mark.parametrize("name", ["session_v1.mhss", "session_v2.mhss"])
def test_stored_sessions_of_every_format_rebuild_the_int8_copy(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = (Path(__file__).parent / "data" / name).read_bytes()
    session, _ = restore(stored)
    _assert_int8_copy_rebuilt(session)
    # These sessions are short enough for Tier C to take float32
    # (``kernels.INT8_ROWS_PER_RESCORED``): the int8 path is forced (0 rows per rescored
    # row) so that the rebuilt copy is scanned.
    scanned: list[int] = []
    retrieve = kernels.retrieve_context

    def on(rows_per_rescored: float) -> Any:
        def forced(*args, **options):  # type: ignore[no-untyped-def]
            scanned.append(len(args[1]))
            if len(args) > _PER_RESCORED_AT:  # Tier C passes every argument by position
                args = (*args[:_PER_RESCORED_AT], rows_per_rescored, *args[_PER_RESCORED_AT + 1 :])
            else:
                options["int8_rows_per_rescored"] = rows_per_rescored
            return retrieve(*args, **options)

        return forced

    monkeypatch.setattr(kernels, "retrieve_context", on(0))
    on_int8 = session.user("which flags?").items
    assert scanned  # the int8 copy was scanned
    # Tier C retrieval on the rebuilt copy picks what float32 exact scoring picks.
    monkeypatch.setattr(kernels, "retrieve_context", on(1e18))
    again, _ = restore(stored)
    on_float32 = again.user("which flags?").items
    assert [(i.turn_id, i.score, i.reason) for i in on_int8] == [
        (i.turn_id, i.score, i.reason) for i in on_float32
    ]


@pytest.mark.parametrize("float16", [False, True])
def test_a_saved_session_rebuilds_the_int8_copy_from_its_stored_rows(float16: bool) -> None:
    head, turns, records = encode(_session(), float16=float16)
    session, _ = decode(head, turns, records)
    _assert_int8_copy_rebuilt(session)


@pytest.mark.parametrize("name", ["tools", "many_threads"])
def test_a_format_3_store_session_is_saved_whole_in_format_4_by_its_next_turn(
    name: str, tmp_path: Path
) -> None:
    path = tmp_path / "store.sqlite"
    shutil.copyfile(persist_shapes.STORE_FILE3, path)
    store = SQLiteStore(path)
    old = store.load("t", name)
    assert old is not None
    assert stored_format(old.head) == 3
    session_id = _expected(name, 3)["view"]["session_id"]
    tenant, _, short = session_id.partition("/")
    # The fixture store keeps every shape under tenant "t"; the assembler reads its own key.
    store.save(tenant, short, old.head, old.turns, first_turn=0, expected_version=0,
               records=old.records)  # fmt: skip
    chat = mh.ContextAssembler(store=store).session(session_id)
    chat.user("one more question")
    again = store.load(tenant, short)
    assert again is not None
    assert stored_format(again.head) == FORMAT_VERSION == 5
    assert again.turn_count == len(old.turns) + 1
    versions = {
        frames.FRAME.unpack_from(record)[1] for record in [*again.turns, *again.records.values()]
    }
    assert versions == {FORMAT_VERSION}  # every record written again
    session, _ = decode(again.head, again.turns, again.records)
    assert session.turns.contents[:-1] == decode(old.head, old.turns, old.records)[0].turns.contents


@pytest.mark.parametrize("name", ["tools", "many_threads", "long"])
def test_a_format_4_session_grows_by_format_5_records_and_loads_the_same(name: str) -> None:
    # Format 5 changed only the checksums (CRC-32 for SHA-256), which each frame names: a
    # session stored in format 4 is appended to, not written whole, and reads back whole.
    head, turns, records = _records_of(persist_shapes.stored(persist_shapes.DATA4, name))
    assert stored_format(head) == 4
    _check(name, *decode(head, turns, records), 4)  # (its follow-ups add turns to it)
    session, coverage = decode(head, turns, records)
    stored = len(session)
    session.user("one more question about it")
    float16 = _ALL_SHAPES[name][1]
    grown = encode(session, coverage, first_turn=stored, float16=float16)
    versions = {frames.FRAME.unpack_from(r)[1] for r in [*grown.turns, *grown.records.values()]}
    assert stored_format(grown.head) == FORMAT_VERSION == 5
    assert versions == {5}
    loaded, loaded_coverage = decode(
        grown.head, [*turns, *grown.turns], {**records, **grown.records}
    )
    assert persist_shapes.view(loaded, loaded_coverage, float16=float16) == persist_shapes.view(
        session, coverage, float16=float16
    )


def _records_of(blob: bytes) -> tuple[bytes, list[bytes], dict[str, bytes]]:
    """The head, turn records and keyed records of a snapshot blob, as stored."""
    import struct

    count, turn_count = struct.unpack_from(">QQ", blob, 6)
    sizes = struct.unpack_from(f">{count}Q", blob, 22)
    offset, parts = 22 + 8 * count, []
    for size in sizes:
        parts.append(blob[offset : offset + size])
        offset += size
    keys = json.loads(parts[1 + turn_count])
    return (
        parts[0],
        parts[1 : 1 + turn_count],
        dict(zip(keys, parts[2 + turn_count :], strict=True)),
    )
