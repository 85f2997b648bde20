"""Session snapshots: every part of the state survives, and bad blobs are refused."""

from __future__ import annotations

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.knowledge import CoverageSet
from multihorizon.persist import FORMAT_VERSION, SnapshotError, restore, snapshot


def _session() -> mh.Session:
    session = mh.Session(session_id="tenant/conv")
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
    with pytest.raises(SnapshotError, match="checksum"):
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
