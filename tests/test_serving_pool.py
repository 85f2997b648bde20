"""Bounded sessions: ``ContextAssembler(max_sessions=..., idle_ttl=...)`` and ``close``."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.persist.stores import SQLiteStore


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _talk(session: mh.TierSession, n: int) -> None:
    session.user(f"How do I configure etcd on node {n}? We run three members.")
    session.assistant(f"Set --initial-cluster on member {n} and enable client TLS.")


def test_a_thousand_sessions_stay_within_max_sessions() -> None:
    evicted: list[str] = []
    assembler = mh.ContextAssembler(max_sessions=50, on_evict=evicted.append)
    sessions: list[weakref.ref[mh.TierSession]] = []
    inner: list[weakref.ref[mh.Session]] = []
    for n in range(1000):
        session = assembler.session(f"tenant/user-{n}")
        _talk(session, n)
        sessions.append(weakref.ref(session))
        inner.append(weakref.ref(session.session))
        del session
        assert len(assembler) <= 50
    gc.collect()
    alive = sum(ref() is not None for ref in sessions)
    alive_inner = sum(ref() is not None for ref in inner)
    # Memory is bounded: only the 50 held sessions (and their Session objects) survive.
    assert alive == 50
    assert alive_inner == 50
    assert assembler.evictions == 950
    assert len(evicted) == 950
    assert evicted[:2] == ["tenant/user-0", "tenant/user-1"]  # least recently used first
    assert "tenant/user-999" in assembler
    assert "tenant/user-0" not in assembler


def test_least_recently_used_goes_first() -> None:
    assembler = mh.ContextAssembler(max_sessions=2)
    a = assembler.session("a")
    assembler.session("b")
    assert assembler.session("a") is a  # a is now the most recently used
    assembler.session("c")  # b goes
    assert "a" in assembler
    assert "b" not in assembler
    assert "c" in assembler
    assert assembler.evictions == 1


def test_an_evicted_session_without_a_store_is_closed_and_says_why() -> None:
    assembler = mh.ContextAssembler(max_sessions=1)
    first = assembler.session("first")
    _talk(first, 1)
    assembler.session("second")
    assert first.closed
    with pytest.raises(mh.SessionClosedError, match="evicted"):
        first.user("Still there?")
    again = assembler.session("first")
    assert again is not first
    assert len(again.session) == 0  # without a store its turns are gone (documented)


def test_with_a_store_an_evicted_session_reloads_with_every_turn(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "sessions.db")
    assembler = mh.ContextAssembler(store=store, max_sessions=10)
    for n in range(50):
        _talk(assembler.session(f"user-{n}"), n)
    assert len(assembler) == 10
    assert assembler.evictions == 40
    reloaded = assembler.session("user-0")
    assert len(reloaded.session) == 2
    assert reloaded.session.turns[0].content.startswith("How do I configure etcd on node 0?")
    envelope = reloaded.user("Back to node 0: what about TLS?")
    assert envelope.turn.intent is not None
    assert len(assembler.session("user-0").session) == 3


def test_with_a_store_a_held_evicted_session_keeps_working(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "sessions.db")
    assembler = mh.ContextAssembler(store=store, max_sessions=1)
    held = assembler.session("kept")
    _talk(held, 0)
    assembler.session("other")  # evicts "kept" from memory, not from the store
    assert not held.closed
    held.user("And the third member?")
    fresh = assembler.session("kept")
    assert fresh is not held
    assert len(fresh.session) == 3  # one conversation, through the store


def test_idle_sessions_go_after_idle_ttl() -> None:
    clock = FakeClock()
    assembler = mh.ContextAssembler(idle_ttl=60, clock=clock)
    assembler.session("old")
    clock.now += 30
    assembler.session("recent")
    clock.now += 31  # "old" idle 61 s, "recent" 31 s
    assert assembler.expire() == 1
    assert "old" not in assembler
    assert "recent" in assembler
    clock.now += 60
    assembler.session("new")  # session() expires idle ones too
    assert "recent" not in assembler
    assert assembler.evictions == 2


def test_close_one_and_close_all(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "sessions.db")
    assembler = mh.ContextAssembler(store=store)
    one, two = assembler.session("one"), assembler.session("two")
    _talk(one, 1)
    assert assembler.close("one") == 1
    assert assembler.close("one") == 0
    with pytest.raises(mh.SessionClosedError, match="closed"):
        one.user("hello again")
    assert len(assembler.session("one").session) == 2  # the store kept it
    assert assembler.close() == 2
    assert len(assembler) == 0
    assert two.closed
    assert assembler.evictions == 0  # closing is not evicting


@pytest.mark.parametrize(
    ("max_sessions", "idle_ttl"), [(0, None), (-1, None), (1.5, None), (None, 0), (None, -3)]
)
def test_bad_limits_are_rejected(max_sessions: object, idle_ttl: object) -> None:
    with pytest.raises(mh.InputError):
        mh.ContextAssembler(max_sessions=max_sessions, idle_ttl=idle_ttl)  # type: ignore[arg-type]
