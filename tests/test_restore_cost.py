"""What the cheaper load (issue 18 item 4) defers or batches gives exactly what the eager
load gave: the entity index built on first use, the thread states checked in bulk, and the
garbage collector paused only while a load runs."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.dialogue.threadstate import ThreadState
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.errors import InputError, SnapshotError
from multihorizon.persist import decode, encode, frames


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
