"""Stored formats stay readable: a format-2 snapshot written by the release that hardened the
stores (tests/data/session_v2.mhss) loads to the same session today (issue #18: any later
format change must keep reading it)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import multihorizon as mh
from multihorizon import kernels
from multihorizon.persist import decode, encode, restore


def _session() -> mh.Session:
    # The turns tests/data/session_v2.mhss was written from.
    session = mh.Session(session_id="tenant/conv")
    session.user("How do I configure etcd? We run etcd 3.5 on three nodes.", speaker="ann")
    session.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    session.tool_output("run_sql", [{"member": "etcd-1", "ok": True}], args={"q": "select"})
    session.user("Actually, what's a good backup strategy for Postgres?", speaker="ann")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")
    session.user("summarise the query result and keep it", speaker="ann")
    session.user("Back to etcd: do it again")
    return session


def _view(session: mh.Session) -> tuple[object, ...]:
    turns = [
        (t.turn_id, t.role, t.content, t.topic_thread, t.references, t.entities, t.tool_calls,
         t.speaker)
        for t in session.turns
    ]  # fmt: skip
    states = {name: session.thread_state(name) for name in session.threads}
    scratch = [(e.scratch_id, e.tool_name, e.summary) for e in session.scratch]
    return (turns, session.threads, session.active_thread, states, scratch)


def test_a_format_2_snapshot_still_loads() -> None:
    stored = (Path(__file__).parent / "data" / "session_v2.mhss").read_bytes()
    assert stored[4:6] == (2).to_bytes(2, "big")
    session, coverage = restore(stored)
    assert session.session_id == "tenant/conv"
    assert _view(session) == _view(_session())
    assert coverage.fact_ids == {"fact-1"}
    head, turns = encode(session, coverage)
    again, _ = decode(head, turns)
    assert _view(again) == _view(session)
    # It goes on like the live session does.
    live = _session()
    assert session.user("which flags?").intent == live.user("which flags?").intent


def _assert_int8_copy_rebuilt(session: mh.Session) -> None:
    # A stored session keeps the float32 (or float16) rows; the int8 copy Tier C scans is
    # rebuilt from them on load.
    log = session._log
    codes, scales = kernels.quantize_rows(log.embeddings)
    np.testing.assert_array_equal(log.codes, codes)
    np.testing.assert_array_equal(log.scales, scales)
    assert len(log.codes) == len(log) > 0


@pytest.mark.parametrize("name", ["session_v1.mhss", "session_v2.mhss"])
def test_stored_sessions_of_every_format_rebuild_the_int8_copy(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = (Path(__file__).parent / "data" / name).read_bytes()
    session, _ = restore(stored)
    _assert_int8_copy_rebuilt(session)
    on_int8 = session.user("which flags?").items
    # Tier C retrieval on the rebuilt copy picks what float32 exact scoring picks.
    exact = kernels.score_turns

    def float32_only(query, codes, scales, embeddings, turn_ids, **options):  # type: ignore[no-untyped-def]
        options.pop("rescore", None)
        return exact(query, embeddings, turn_ids, **options)

    monkeypatch.setattr(kernels, "score_turns_int8", float32_only)
    again, _ = restore(stored)
    on_float32 = again.user("which flags?").items
    assert [(i.turn_id, i.score, i.reason) for i in on_int8] == [
        (i.turn_id, i.score, i.reason) for i in on_float32
    ]


@pytest.mark.parametrize("float16", [False, True])
def test_a_saved_session_rebuilds_the_int8_copy_from_its_stored_rows(float16: bool) -> None:
    head, turns = encode(_session(), float16=float16)
    session, _ = decode(head, turns)
    _assert_int8_copy_rebuilt(session)
