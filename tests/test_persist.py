"""Session snapshots: every part of the state survives, and bad blobs are refused."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.persist import (
    FORMAT_VERSION,
    SnapshotError,
    decode,
    encode,
    extend,
    restore,
    snapshot,
)
from multihorizon.tiers.knowledge import CoverageSet


def _session(embedder: mh.Embedder | None = None) -> mh.Session:
    session = mh.Session(session_id="tenant/conv", embedder=embedder)
    session.user("How do I configure etcd? We run etcd 3.5 on three nodes.", speaker="ann")
    session.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    session.tool_output("run_sql", [{"member": "etcd-1", "ok": True}], args={"q": "select"})
    session.user("Actually, what's a good backup strategy for Postgres?", speaker="ann")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")
    session.user("summarise the query result and keep it", speaker="ann")
    return session


def _state(session: mh.Session) -> tuple[object, ...]:
    turns = [
        (t.turn_id, t.role, t.content, t.timestamp, t.topic_thread, t.references, t.entities,
         t.tool_calls, t.speaker)
        for t in session.turns
    ]  # fmt: skip
    states = {name: session.thread_state(name) for name in session.threads}
    return (turns, session.threads, session.active_thread, states, list(session.scratch))


@pytest.mark.parametrize("float16", [False, True])
def test_round_trip_keeps_the_whole_state(float16: bool) -> None:
    session = _session()
    coverage = CoverageSet(session.dim)
    coverage.add("fact-1", np.ones(session.dim, dtype=np.float32) / np.sqrt(session.dim))
    blob = snapshot(session, coverage, float16=float16)
    again, restored = restore(blob)
    assert again.session_id == "tenant/conv"
    assert _state(again) == _state(session)
    tolerance = 1e-3 if float16 else 0.0
    np.testing.assert_allclose(again.turns.embeddings, session.turns.embeddings, atol=tolerance)
    assert restored.fact_ids == {"fact-1"}
    np.testing.assert_allclose(
        restored.coverage(np.ones((1, session.dim), np.float32)),
        coverage.coverage(np.ones((1, session.dim), np.float32)),
    )
    # The restored session goes on exactly as the original would.
    for text in ("Back to etcd - what about the second step?", "those results?"):
        a, b = session.preview(text), again.preview(text)
        assert (a.intent, a.active_thread, a.thread_resumed) == (
            b.intent,
            b.active_thread,
            b.thread_resumed,
        )
        assert [r.target_turn for r in a.references] == [r.target_turn for r in b.references]
        assert [i.turn_id for i in a.items] == [i.turn_id for i in b.items]
    again.user("bob: hello", speaker="cy")
    assert len(again) == len(session) + 1


def test_bad_blobs_are_refused() -> None:
    blob = snapshot(_session())
    with pytest.raises(SnapshotError, match="truncated"):
        restore(blob[:-10])
    corrupt = bytearray(blob)
    corrupt[-100] ^= 0xFF
    with pytest.raises(SnapshotError, match="checksum"):
        restore(bytes(corrupt))
    with pytest.raises(SnapshotError, match="truncated"):
        restore(blob[:10])
    with pytest.raises(SnapshotError, match="not a multihorizon"):
        restore(b"XXXX" + blob[4:])
    newer = bytearray(blob)
    newer[4:6] = (FORMAT_VERSION + 1).to_bytes(2, "big")
    with pytest.raises(SnapshotError, match="format version"):
        restore(bytes(newer))
    with pytest.raises(SnapshotError, match="expected bytes"):
        restore("text")  # type: ignore[arg-type]

    class Other:
        model_id = "other/model"
        dim = 384

        def embed(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 384), dtype=np.float32)

    with pytest.raises(SnapshotError, match="stored with model"):
        restore(blob, embedder=Other())


def _thread_arrays(session: mh.Session) -> tuple[object, ...]:
    threads = session._threads
    count = len(threads)
    return (
        threads._sums[:count].tobytes(),
        threads._centroids[:count].tobytes(),
        [r.tobytes() for r in threads._recent],
        threads.vocabulary,
        threads.term_threads,
        threads.turns,
        threads._next_suffix,
        session.turns.enumerations,
    )


def test_turn_records_rebuild_the_threads_exactly() -> None:
    # The thread sums, centroids, recent windows and vocabularies are not stored: replaying
    # the turn records through the live code must give them back bit for bit.
    session = _session()
    for text in ("Back to etcd: which flags?", "the second one", "Postgres again please"):
        session.user(text)
        session.assistant(f"About {text}: 1. first, 2. second.")
    head, turns, records = encode(session)
    again, _ = decode(head, turns, records)
    assert _thread_arrays(again) == _thread_arrays(session)
    assert _state(again) == _state(session)
    assert encode(again) == (head, turns, records)  # and it encodes to the same records


def test_many_threads_are_rebuilt_exactly_and_a_bad_thread_order_is_refused() -> None:
    # Past the thread arrays' first capacity (16), and every turn in its own topic (four words
    # of its own: a shorter question after a reply follows it up, rule short-follow-ups).
    session = mh.Session()
    for index in range(40):
        words = " ".join(f"{chr(97 + (index * 7 + k) % 26)}{index}x{k}" for k in range(4))
        session.user(f"{words}?")
        session.assistant(f"{words}: set it to {index}.")
    assert len(session.threads) > 16
    head, turns, records = encode(session)
    again, _ = decode(head, turns, records)
    assert _thread_arrays(again) == _thread_arrays(session)
    assert _state(again) == _state(session)
    # A replica that holds these turns catches up with the next ones (``extend``).
    replica, _ = decode(head, turns, records)
    stored = len(session)
    for text in ("b1x0 more?", "something new entirely, qqq zzz?"):
        session.user(text)
    head, new, changed = encode(session, first_turn=stored)
    extend(replica, head, new, {**records, **changed})
    assert _thread_arrays(replica) == _thread_arrays(session)
    assert _state(replica) == _state(session)
    # Turns whose threads do not follow (the second thread named before the first).
    swapped = [turns[2], turns[0], turns[1], *turns[3:]]
    with pytest.raises(SnapshotError):
        decode(head, swapped, records)


def test_the_scratch_buffer_full_flag_is_kept() -> None:
    session = _session()
    session._scratch.full = True  # what an over-budget, all-pinned buffer reports
    again, _ = decode(*encode(session))
    assert again.scratch.full


def test_a_save_sends_only_the_new_turns() -> None:
    session = _session()
    head, turns, records = encode(session)
    session.user("one more question about etcd")
    head_after, new, changed = encode(session, first_turn=len(turns))
    assert len(new) == 1
    assert list(changed) == [f"thread/{session.turns.thread_index[-1]}"]  # its thread only
    assert head_after != head
    again, _ = decode(head_after, [*turns, *new], {**records, **changed})
    assert _state(again) == _state(session)
    with pytest.raises(ValueError, match="first_turn"):
        encode(session, first_turn=len(session) + 1)


def test_bad_records_are_refused() -> None:
    head, turns, records = encode(_session())
    with pytest.raises(SnapshotError, match="records 5 turns but 4"):
        decode(head, turns[:-1])
    with pytest.raises(SnapshotError, match="records 5 turns but 6"):
        decode(head, [*turns, turns[-1]])
    with pytest.raises(SnapshotError, match="found at position 1"):
        decode(head, [turns[0], turns[2], turns[1], *turns[3:]], records)
    flipped = bytearray(turns[2])
    flipped[-3] ^= 0x01
    with pytest.raises(SnapshotError, match="turn 2: corrupt"):
        decode(head, [*turns[:2], bytes(flipped), *turns[3:]], records)
    with pytest.raises(SnapshotError, match="turn 1: truncated"):
        decode(head, [turns[0], turns[1][:20], *turns[2:]], records)
    with pytest.raises(SnapshotError, match="head: not a multihorizon MHSH"):
        decode(turns[0], turns, records)
    with pytest.raises(SnapshotError, match="turn 0: not a multihorizon MHST"):
        decode(head, [head, *turns[1:]], records)
    with pytest.raises(SnapshotError, match="head: corrupt"):
        decode(head[:-1] + bytes([head[-1] ^ 1]), turns, records)
    # A thread state lost, or one that is not a thread state record.
    lost = dict(records)
    lost.pop("thread/0")
    with pytest.raises(SnapshotError, match="thread states of 1 of 2 threads"):
        decode(head, turns, lost)
    with pytest.raises(SnapshotError, match="not a multihorizon MHSK"):
        decode(head, turns, {**records, "thread/0": head})
    with pytest.raises(SnapshotError, match="unknown record"):
        decode(head, turns, {**records, "other/1": records["thread/0"]})


def test_a_first_release_snapshot_is_migrated() -> None:
    # tests/data/session_v1.mhss: _session() with a one-fact coverage set, written by the
    # first release (format 1: one blob with the thread arrays in it).
    legacy = (Path(__file__).parent / "data" / "session_v1.mhss").read_bytes()
    assert legacy[4:6] == (1).to_bytes(2, "big")
    session, coverage = restore(legacy)
    # The same turns today, with the embedder of the first release (the session's model id).
    live = _session(mh.HashingEmbedder(version=1))
    assert session.model_id == live.model_id == "multihorizon-hash-384"
    # A stored thread keeps its name; today's labels skip discourse words ("good").
    assert session.threads == ("configure-etcd", "good-backup")
    assert _timeless(session, {"good-backup": "backup-strategy"}) == _timeless(live)
    assert _thread_arrays(session) == _thread_arrays(live)
    assert coverage.fact_ids == {"fact-1"}
    # Written again it is format 2, and it reads back the same.
    again, _ = decode(*encode(session, coverage))
    assert _state(again) == _state(session)
    assert _thread_arrays(again) == _thread_arrays(live)
    assert decode(legacy)[0].turns.contents == live.turns.contents  # a store's legacy row


def _timeless(session: mh.Session, renamed: dict[str, str] | None = None) -> tuple[object, ...]:
    """The state without timestamps, with thread names changed as ``renamed`` says."""
    turns, threads, active, states, scratch = _state(session)
    names = renamed or {}

    def name(value: object) -> object:
        return names.get(value, value) if isinstance(value, str) else value

    return (
        [(*turn[:3], name(turn[4]), *turn[5:]) for turn in turns],  # type: ignore[index]
        tuple(name(thread) for thread in threads),  # type: ignore[attr-defined]
        name(active),
        {
            name(key): dataclasses.replace(state, thread_id=name(state.thread_id))
            for key, state in states.items()  # type: ignore[attr-defined]
        },
        [(entry.scratch_id, entry.tool_name, entry.summary) for entry in scratch],  # type: ignore[attr-defined]
    )


def test_scratch_entries_are_encoded_once_while_they_live(monkeypatch: pytest.MonkeyPatch) -> None:
    import multihorizon.persist.codec as persist

    session = _session()
    session.tool_output("run_sql", [{"member": "etcd-2"}], args={"q": "select 2"})
    encoded: list[str] = []
    original = persist._entry_record

    def counting(entry: object) -> object:
        encoded.append(entry.scratch_id)  # type: ignore[attr-defined]
        return original(entry)  # type: ignore[arg-type]

    monkeypatch.setattr(persist, "_entry_record", counting)
    cache: dict[str, object] = {}
    first = encode(session, entry_cache=cache)  # type: ignore[arg-type]
    assert len(encoded) == 2
    # A question or a reply to the output now would be about it (rules fresh-output-*).
    session.user("Actually, let's plan the migration first.")
    encode(session, entry_cache=cache)  # type: ignore[arg-type]
    assert len(encoded) == 2  # nothing new to encode
    session.user("summarise the query result")  # touches (replaces) the newest entry only
    again = encode(session, entry_cache=cache)  # type: ignore[arg-type]
    assert encoded[2:] == ["scratch_query_002"]
    assert again == encode(session)  # the same bytes as without the cache
    assert first != again
    assert list(decode(*again)[0].scratch) == list(session.scratch)


def test_an_entry_keeps_the_arguments_it_was_called_with() -> None:
    session = mh.Session()
    args = {"filters": {"region": "eu"}, "ids": (1, 2)}
    entry = session.tool_output("run_sql", [{"a": 1}], args=args)
    args["filters"]["region"] = "us"  # the caller's dict, changed afterwards
    stored = session.scratch.get(entry.scratch_id)
    assert stored.tool_call_args == {"filters": {"region": "eu"}, "ids": [1, 2]}
    cache: dict[str, object] = {}
    encode(session, entry_cache=cache)  # type: ignore[arg-type]
    assert encode(session, entry_cache=cache) == encode(session)  # type: ignore[arg-type]


def test_heads_of_either_format_2_layout_and_hostile_nesting() -> None:
    import multihorizon.persist.codec as persist
    import multihorizon.persist.frames as frames

    session = _session()
    head, turns, records = encode(session)
    _, document, weighted = persist._head_parts(head)
    # The first format-2 heads kept the scratch entries inside the document.
    early = frames.frame(frames.HEAD_MAGIC, frames.json_and_bytes(document, weighted))
    assert _state(decode(early, turns, records)[0]) == _state(session)
    document.pop("scratch")
    nested = b"[" * 100_000
    hostile = frames.frame(
        frames.HEAD_MAGIC,
        frames.json_and_bytes(
            {**document, "scratch": {"serial": 0, "full": False}},
            frames.COUNT.pack(len(nested)) + nested,
        ),
    )
    with pytest.raises(SnapshotError, match="unreadable scratch entries"):
        decode(hostile, turns, records)


def test_words_stored_by_the_first_releases_are_brought_to_todays_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import multihorizon.text.tokens as text
    from multihorizon._terms_py import TermReader

    # The first releases made "movies" "movy"; a session they stored still finds "movie".
    # (The readers are built from the "-ie" nouns at import: the old ones read without them.)
    first_release = TermReader(text.STOPWORDS, ())
    monkeypatch.setattr(text, "_READER", first_release)
    monkeypatch.setattr(text, "_REFERENCE", first_release)
    old = mh.Session()
    old.user("Can you recommend some movies for tonight?")
    old.assistant("Try Alien, Heat and Arrival.")
    assert "movy" in old.turns.entities[0]
    blob = snapshot(old)
    monkeypatch.undo()
    restored, _ = restore(blob)
    assert "movie" in restored.turns.entities[0]
    assert list(restored.turns.turns_mentioning("movie")) == [0]
    assert text.current_term("movy") == "movie"
    assert text.current_term("query") == "query"


def test_segments_stand_for_whole_runs_of_turn_records(monkeypatch: pytest.MonkeyPatch) -> None:
    import multihorizon.persist.codec as codec
    import multihorizon.persist.turns as turns

    monkeypatch.setattr(turns, "SEGMENT_TURNS", 4)
    monkeypatch.setattr(codec, "SEGMENT_TURNS", 4)
    session, stored, records, written = mh.Session(), [], {}, []
    for index in range(11):
        words = " ".join(f"{chr(97 + (index * 5 + k) % 26)}{index}w{k}" for k in range(3))
        session.user(f"{words}?") if index % 2 == 0 else session.assistant(f"{words}.")
        head, new, changed = encode(session, first_turn=len(stored))
        stored += new
        records.update(changed)
        written.append(sorted(key for key in changed if key.startswith("turns/")))
    # Each segment is written once, by the save that completes it.
    assert [w for w in written if w] == [["turns/0"], ["turns/1"]]
    assert written[3] == ["turns/0"]
    assert written[7] == ["turns/1"]
    plain = {key: value for key, value in records.items() if not key.startswith("turns/")}
    expected = (_thread_arrays(session), _state(session))
    for keyed in (records, plain):
        again, _ = decode(head, stored, keyed)
        assert (_thread_arrays(again), _state(again)) == expected
    # A segment that does not stand for the stored records (damaged, or made from records
    # written differently) is passed over: the turn records are read instead.
    damaged = bytearray(records["turns/1"])
    damaged[-1] ^= 1
    again, _ = decode(head, stored, {**records, "turns/1": bytes(damaged)})
    assert (_thread_arrays(again), _state(again)) == expected
    # A turn record a segment stands for is not hashed again (the segment's own checksum
    # holds for what is used); one past the segments is, as always.
    flipped = [bytes([*record[:-1], record[-1] ^ 1]) for record in stored]
    again, _ = decode(head, [*flipped[:8], *stored[8:]], records)
    assert (_thread_arrays(again), _state(again)) == expected
    with pytest.raises(SnapshotError, match="turn 9: corrupt"):
        decode(head, [*stored[:9], flipped[9], stored[10]], records)
