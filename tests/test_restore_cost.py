"""What the cheaper load (issue 18 item 4) defers or batches gives exactly what the eager
load gave: the entity index and the int8 copy built on first use, the thread states checked
in bulk, the garbage collector paused only while a load runs, and format 4's binary segment
columns (the same columns as the turn records; a segment that does not fit is passed over,
and with damaged turn records under it the load is refused)."""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
import persist_shapes
from multihorizon import kernels
from multihorizon.dialogue.threadstate import ThreadState
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.errors import InputError, SnapshotError
from multihorizon.persist import (
    MemoryStore,
    PartialStateError,
    RedisStore,
    SQLiteStore,
    columns,
    decode,
    encode,
    frames,
)
from multihorizon.persist import turns as persist_turns
from multihorizon.persist.base import segmented_turns
from multihorizon.tiers.knowledge import CoverageSet


def _session(turns: int = 40) -> mh.Session:
    session = mh.Session(session_id="restore/cost")
    for turn in range(turns):
        topic = ("etcd quorum", "nginx upstream", "postgres vacuum")[(turn // 4) % 3]
        if turn % 2 == 0:
            session.user(f"How do I tune {topic} number {turn}?")
        else:
            session.assistant(f"For {topic}: set the option to {turn} and restart.")
    return session


def test_a_restored_log_finds_every_entity_in_the_turns_an_eager_index_listed() -> None:
    session = _session()
    restored, _ = decode(*encode(session))
    terms = {term for turn in session.turns for term in turn.entities}
    for term in sorted(terms):
        assert list(restored.turns.turns_mentioning(term)) == list(
            session.turns.turns_mentioning(term)
        )
    # Turns appended after the load are indexed after the restored ones, in order.
    for each in (session, restored):
        each.user("How do I tune etcd quorum again?")
    for term in sorted(terms):
        assert list(restored.turns.turns_mentioning(term)) == list(
            session.turns.turns_mentioning(term)
        )


def test_a_log_appended_to_before_its_index_is_read_indexes_every_turn_in_order() -> None:
    log, rng = TurnLog(4), np.random.default_rng(1)
    state = {
        "first_turn": 0,
        "roles": ["user", "assistant"],
        "contents": ["a", "b"],
        "timestamps": ["t", "t"],
        "threads": ["x", "x"],
        "thread_index": np.zeros(2, np.int32),
        "references": [[], []],
        "entities": [["etcd", "quorum"], ["etcd"]],
        "speakers": [None, None],
        "enumerations": {},
        "embeddings": rng.standard_normal((2, 4)).astype(np.float32),
        "tool_calls": {},
    }
    other = mh.Session()
    log.restore(state, other.features_of)
    log.append(
        role="user",
        content="c",
        embedding=rng.standard_normal(4).astype(np.float32),
        timestamp="t",
        thread="x",
        thread_index=0,
        entities=("etcd",),
        features=other.features_of("c", "user"),
    )
    assert list(log.turns_mentioning("etcd")) == [0, 1, 2]
    assert list(log.turns_mentioning("quorum")) == [0]


_STATES: list[Any] = [
    {"thread_id": "a"},
    {"thread_id": "a", "open_questions": ["q?", "r?"], "replied": []},
    {"thread_id": "a", "open_questions": ("q?",), "replied": (True,), "title": "T"},
    {"thread_id": "b", "established": ["x"], "user_constraints": ["y"], "last_active_turn": 7},
    {"thread_id": "c", "open_questions": ["q?"], "replied": [1]},  # checked one by one
]
_BAD: list[Any] = [
    {"thread_id": ""},
    {"thread_id": "a", "last_active_turn": -1},
    {"thread_id": "a", "last_active_turn": True},
    {"thread_id": "a", "established": "x"},
    {"thread_id": "a", "established": [1]},
    {"thread_id": "a", "open_questions": ["q?"], "replied": [True, False]},
    {"thread_id": "a", "unknown": 1},
    {"title": "no id"},
    ["not", "a", "mapping"],
]


@pytest.mark.parametrize("states", [_STATES, _STATES[:4]], ids=["one-unusual", "all-plain"])
def test_thread_states_restored_in_bulk_are_those_restored_one_by_one(states: Any) -> None:
    bulk = ThreadState.restore_many(states)
    alone = [ThreadState.restore(state) for state in states]
    assert [state.state() for state in bulk] == [state.state() for state in alone]
    assert bulk == alone
    assert all(type(state.replied) is tuple for state in bulk)


@pytest.mark.parametrize("bad", _BAD)
def test_a_bad_thread_state_restored_in_bulk_raises_as_alone(bad: Any) -> None:
    with pytest.raises(InputError) as alone:
        ThreadState.restore(bad)
    with pytest.raises(InputError) as bulk:
        ThreadState.restore_many([{"thread_id": "fine"}, bad])
    assert str(bulk.value) == str(alone.value)


def test_a_corrupted_thread_state_still_fails_the_load() -> None:
    head, turns, records = encode(_session())
    key = next(key for key in records if key.startswith("thread/"))
    # A record re-framed with a valid checksum around a state of the wrong shape.
    bad = frames.frame(frames.KEYED_MAGIC, frames.json_and_bytes({"thread_id": 3}))
    with pytest.raises(SnapshotError, match="thread_id"):
        decode(head, turns, {**records, key: bad})


@pytest.mark.parametrize("enabled", [True, False])
def test_a_load_leaves_the_collector_as_it_found_it(enabled: bool) -> None:
    head, turns, records = encode(_session(8))
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        decode(head, turns, records)
        assert gc.isenabled() is enabled
        with pytest.raises(SnapshotError):
            decode(head, turns[:-1], records)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


# ---- format 4: a segment's turns as binary columns -------------------------------------


def _long_session(turns: int = 1100) -> mh.Session:
    """Past one segment (1024 turns): speakers, lists, references, tool calls, and text
    that is not ASCII."""
    session = mh.Session(session_id="restore/long")
    topics = ("etcd quorum", "nginx upstream", "postgres vacuum", "Ünïcode café ☕", "kafka lag")
    for turn in range(turns):
        topic = topics[(turn // 6) % len(topics)]
        if turn % 2 == 0:
            speaker = ("ann", "bob", None)[turn % 3]
            text = f"the second one about {topic}?" if turn % 10 == 4 else f"How do I tune {topic}?"
            session.user(text, speaker=speaker)
        else:
            session.assistant(f"For {topic}:\n1. set option {turn}\n2. restart\n3. check it")
        if turn % 50 == 0:
            session.tool_output("sql", [{"turn": turn, "ok": True}], kind="rows")
    return session


@pytest.fixture(scope="module")
def long_records() -> tuple[mh.Session, tuple[bytes, list[bytes], dict[str, bytes]]]:
    session = _long_session()
    head, turns, records = encode(session)
    return session, (head, turns, records)


def _view(session: mh.Session) -> Any:
    return persist_shapes.view(session, CoverageSet(session.dim))


def _without_segments(records: dict[str, bytes]) -> dict[str, bytes]:
    return {key: record for key, record in records.items() if not key.startswith("turns/")}


def test_binary_segment_columns_give_what_the_turn_records_give(long_records: Any) -> None:
    session, (head, turns, records) = long_records
    assert frames.FRAME.unpack_from(records["turns/0"])[1] == frames.FORMAT_VERSION == 5
    via_segment, _ = decode(head, turns, records)
    via_records, _ = decode(head, turns, _without_segments(records))
    assert _view(via_segment) == _view(via_records) == _view(session)
    log = via_segment.turns
    assert all(type(text) is str for text in log.contents)
    assert all(type(terms) is tuple for terms in log.entities)
    assert log.speakers[:5] == ["ann", None, None, None, "bob"]


def test_a_segment_is_used_for_the_turns_it_stands_for(
    long_records: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, (head, turns, records) = long_records
    read: list[tuple[int, int]] = []
    original = persist_turns._from_records

    def spy(chunk: Any, first: int, dim: int) -> Any:
        read.append((first, len(chunk)))
        return original(chunk, first, dim)

    monkeypatch.setattr(persist_turns, "_from_records", spy)
    decode(head, turns, records)
    assert read == [(1024, len(turns) - 1024)]


def _segment_parts(record: bytes) -> tuple[dict[str, Any], bytes]:
    header, data = columns.segment_header(record[frames.FRAME.size :])
    return header, bytes(data)


def _reframed(header: dict[str, Any], data: bytes) -> bytes:
    return frames.frame(frames.KEYED_MAGIC, frames.json_and_bytes(header, data))


def _damaged_segments(record: bytes) -> list[tuple[str, bytes]]:
    """A segment changed in each way a bad write could change it, each re-framed with a
    valid checksum: only the checks of its contents can tell."""
    header, data = _segment_parts(record)
    sizes = header["sizes"]
    roles, thread_index, thread = 0, sizes[0], sizes[0] + sizes[1]
    string_ends = sum(sizes[:-3])
    flipped_role = bytearray(data)
    flipped_role[roles] = 7
    thread_out = bytearray(data)
    thread_out[thread : thread + 4] = (10**6).to_bytes(4, "little")
    ends = bytearray(data)
    ends[string_ends : string_ends + 8] = (10**9).to_bytes(8, "little")
    del thread_index
    return [
        ("count", _reframed({**header, "count": header["count"] - 1}, data)),
        ("first", _reframed({**header, "first": 1}, data)),
        ("links", _reframed({**header, "links": "0" * 64}, data)),
        ("sizes", _reframed({**header, "sizes": [*sizes[:-1], sizes[-1] - 4]}, data)),
        ("size types", _reframed({**header, "sizes": ["x"] * len(sizes)}, data)),
        ("table", _reframed({**header, "table": header["table"] + 1}, data)),
        ("dtype", _reframed({**header, "dtype": "<f8"}, data)),
        ("role", _reframed(header, bytes(flipped_role))),
        ("thread", _reframed(header, bytes(thread_out))),
        ("string ends", _reframed(header, bytes(ends))),
        ("truncated", _reframed(header, data[:-100])),
        ("checksum", record[:-1] + bytes([record[-1] ^ 1])),
        ("not a record", b"MHSK"),
    ]


def test_a_segment_that_does_not_fit_is_passed_over_for_the_turn_records(
    long_records: Any,
) -> None:
    _, (head, turns, records) = long_records
    expected = _view(decode(head, turns, _without_segments(records))[0])
    for what, damaged in _damaged_segments(records["turns/0"]):
        again, _ = decode(head, turns, {**records, "turns/0": damaged})
        assert _view(again) == expected, what


def test_a_damaged_segment_over_damaged_turn_records_is_refused(long_records: Any) -> None:
    _, (head, turns, records) = long_records
    flipped = [*turns]
    flipped[5] = turns[5][:-1] + bytes([turns[5][-1] ^ 1])
    decode(head, flipped, records)  # the segment stands for turn 5: its checksum holds
    for what, damaged in _damaged_segments(records["turns/0"]):
        with pytest.raises(SnapshotError, match="turn 5: corrupt"):
            decode(head, flipped, {**records, "turns/0": damaged})
        assert what


def test_unpacked_columns_refuse_what_does_not_fit_with_value_error(long_records: Any) -> None:
    _, (_, _, records) = long_records
    for what, damaged in _damaged_segments(records["turns/0"])[3:-2]:
        header, data = _segment_parts(damaged)
        with pytest.raises(ValueError):  # noqa: PT011 - each names its own problem
            columns.unpack_columns(header, memoryview(data), 384)
        assert what


@settings(max_examples=150, deadline=None)
@given(position=st.integers(0, 10**9), value=st.integers(0, 255))
def test_any_byte_of_a_segment_changed_loads_or_is_refused_typed(
    long_records: Any, position: int, value: int
) -> None:
    _, (head, turns, records) = long_records
    header, data = _segment_parts(records["turns/0"])
    changed = bytearray(data)
    changed[position % len(changed)] = value
    stored = {**records, "turns/0": _reframed(header, bytes(changed))}
    with contextlib.suppress(SnapshotError):
        decode(head, turns, stored)
    # And unpacked alone: a checked ValueError or columns, never another error.
    with contextlib.suppress(ValueError):
        columns.unpack_columns(header, memoryview(bytes(changed)), 384)


def test_the_int8_copy_of_a_restored_log_is_made_when_first_read() -> None:
    session = _session(12)
    log = TurnLog(session.dim)
    log.restore(session.turns.state(), session.features_of)
    # Appended before the copy was read: it catches up over every turn, in order.
    log.append(
        role="user",
        content="c",
        embedding=session.turns.embeddings[0],
        timestamp="t",
        thread="x",
        thread_index=0,
        features=session.features_of("c", "user"),
    )
    codes, scales = kernels.quantize_rows(log.embeddings)
    np.testing.assert_array_equal(log.codes, codes)
    np.testing.assert_array_equal(log.scales, scales)
    np.testing.assert_array_equal(log.codes[:12], session.turns.codes)


# ---- a load that leaves out the turn records its segments stand for ---------------------


@pytest.fixture(params=["memory", "sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    if request.param == "redis":  # a real redis-server (the load is one server-side script)
        return RedisStore(request.getfixturevalue("redis_server").url)
    return MemoryStore() if request.param == "memory" else SQLiteStore(tmp_path / "s.db")


def _stored(store: Any, records: tuple[bytes, list[bytes], dict[str, bytes]]) -> int:
    head, turns, keyed = records
    return int(store.save("restore", "long", head, turns, first_turn=0, expected_version=0,
                          records=keyed))  # fmt: skip


def test_a_load_after_the_segments_gives_the_state_a_whole_load_gives(
    long_records: Any, store: Any
) -> None:
    session, records = long_records
    _stored(store, records)
    assert store.loads_after_segments
    whole = store.load("restore", "long")
    part = store.load("restore", "long", after_segments=True)
    assert (whole.first_turn, len(whole.turns)) == (0, len(session))
    assert (part.first_turn, len(part.turns)) == (1024, len(session) - 1024)
    assert part.turn_count == whole.turn_count
    assert part.records == whole.records
    loaded, _ = decode(part.head, part.turns, part.records, first_turn=part.first_turn)
    assert _view(loaded) == _view(session)
    # Through the assembler, which loads that way, and goes on like the session.
    chat = mh.ContextAssembler(store=store).session("restore/long")
    assert _view(chat.session) == _view(session)
    chat.user("How do I tune kafka lag?")
    again = store.load("restore", "long")
    assert again is not None
    assert again.turn_count == len(session) + 1


def test_turns_no_whole_run_of_segments_stands_for_are_all_read(long_records: Any) -> None:
    assert segmented_turns(["turns/0", "turns/2", "thread/0"], 5000) == 1024
    assert segmented_turns(["turns/1", "turns/2"], 5000) == 0
    assert segmented_turns(["turns/0", "turns/1"], 2000) == 1024  # past the turns stored
    store = MemoryStore()
    session = _session(12)
    head, turns, keyed = encode(session)
    store.save("restore", "short", head, turns, first_turn=0, expected_version=0, records=keyed)
    stored = store.load("restore", "short", after_segments=True)
    assert stored is not None
    assert (stored.first_turn, len(stored.turns)) == (0, 12)


def test_a_load_after_a_damaged_or_missing_segment_is_refused_and_the_assembler_reads_all(
    long_records: Any, store: Any
) -> None:
    session, records = long_records
    version = _stored(store, records)
    head, turns, keyed = records
    damaged = dict(_damaged_segments(keyed["turns/0"]))
    for what in ("role", "checksum", "count", "not a record"):
        bad = {"turns/0": damaged[what]}
        version = store.save("restore", "long", head, [], first_turn=len(turns),
                             expected_version=version, records=bad)  # fmt: skip
        part = store.load("restore", "long", after_segments=True)
        assert part.first_turn == 1024
        with pytest.raises(SnapshotError, match="segment turns/0 is missing or damaged"):
            decode(part.head, part.turns, part.records, first_turn=part.first_turn)
        # The assembler reads every turn record then: the segment is passed over.
        chat = mh.ContextAssembler(store=store).session("restore/long")
        assert _view(chat.session) == _view(session), what
    with pytest.raises(SnapshotError, match="first_turn"):
        decode(head, turns, keyed, first_turn=-1)
    with pytest.raises(SnapshotError, match="not whole segments"):
        decode(head, turns[10:], keyed, first_turn=10)


def test_a_partial_sqlite_state_is_refused_on_a_load_after_the_segments(
    long_records: Any, tmp_path: Path
) -> None:
    import sqlite3

    store = SQLiteStore(tmp_path / "s.db")
    _stored(store, long_records[1])
    with sqlite3.connect(tmp_path / "s.db") as connection:
        connection.execute("DELETE FROM turns WHERE idx = 1050")
    with pytest.raises(PartialStateError, match="turn rows stored"):
        store.load("restore", "long", after_segments=True)


def test_thread_sums_given_as_one_matrix_restore_what_a_mapping_restores() -> None:
    session = _session(40)
    state = session.state()
    sums = state["threads"]["sums"]  # thread index -> its sum, as ``Session.state`` gives
    indexes = np.array(sorted(sums), np.intp)
    rows = np.array([sums[index] for index in indexes])
    # As a load gives them (ascending), and in another order (taken row by row then).
    for offered in (sums, (indexes, rows), (indexes[::-1].copy(), rows[::-1].copy())):
        copy = mh.Session(session_id=session.session_id)
        copy.restore({**state, "threads": {**state["threads"], "sums": offered}})
        assert _view(copy) == _view(session)
    copy = mh.Session(session_id=session.session_id)
    with pytest.raises(InputError, match="sums of shape"):
        copy.restore({**state, "threads": {**state["threads"], "sums": (indexes, rows[:, :-1])}})


def test_a_load_copies_each_embedding_row_once_from_its_segment(long_records: Any) -> None:
    session, (head, turns, records) = long_records
    segments = {0: records["turns/0"]}
    found = persist_turns.read_turns(turns[1024:], 0, session.dim, segments, 1024)
    first, tail = found["embeddings"]
    # A view of the segment's stored bytes (no copy), then the tail's rows.
    assert np.shares_memory(first, np.frombuffer(records["turns/0"], np.uint8))
    assert (first.shape[0], tail.shape[0]) == (1024, len(turns) - 1024)
    loaded, _ = decode(head, turns[1024:], records, first_turn=1024)
    np.testing.assert_array_equal(loaded.turns.embeddings, session.turns.embeddings)
    assert not np.shares_memory(loaded.turns.embeddings, first)


def test_a_turn_log_takes_its_embeddings_as_blocks_of_rows() -> None:
    session = _session(12)
    state = session.turns.state()
    rows = state["embeddings"]
    whole, parts = TurnLog(session.dim), TurnLog(session.dim)
    whole.restore(state, session.features_of)
    # float16 rows are widened as they are copied in: the same values as widened first.
    halves = [rows[:5].astype(np.float16), rows[5:]]
    parts.restore({**state, "embeddings": halves}, session.features_of)
    np.testing.assert_array_equal(parts.embeddings[:5], rows[:5].astype(np.float16))
    np.testing.assert_array_equal(parts.embeddings[5:], whole.embeddings[5:])
    for bad in ([rows[:5], rows[5:, :-1]], [rows[:5]], [rows[:5].astype(np.int32), rows[5:]]):
        with pytest.raises(InputError, match="turn log state: embeddings"):
            TurnLog(session.dim).restore({**state, "embeddings": bad}, session.features_of)
