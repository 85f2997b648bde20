"""Stored formats stay readable: a format-2 snapshot written by the release that hardened the
stores (tests/data/session_v2.mhss) loads to the same session today (issue #18: any later
format change must keep reading it)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import multihorizon as mh
from multihorizon.persist import decode, encode, restore


def _session() -> mh.Session:
    # The turns tests/data/session_v2.mhss was written from, with its embedder (the first
    # releases' hashing embedder: the stored model id is multihorizon-hash-384).
    session = mh.Session(session_id="tenant/conv", embedder=mh.HashingEmbedder(version=1))
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
    head, turns = encode(session, coverage)
    again, _ = decode(head, turns)
    assert _view(again) == _view(session)
    # It goes on like the live session does.
    live = _session()
    assert session.user("which flags?").intent == live.user("which flags?").intent
