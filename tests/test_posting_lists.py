"""``kernels.PostingLists``: the Turn Log's posting lists gathered for a query in one call
(issue 14 item 1, Tier C's lexical channel). Every backend's class gives the lists the
entity index holds, each query term once in order, and reports bad arguments alike; the
session's turns read the same postings (and so make the same decisions) as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon import _backend
from multihorizon.persist import decode, encode

BACKENDS = _backend.available()


def _lists(name: str) -> Any:
    return _backend.load(name).PostingLists()


def _gathered(lists: Any, terms: Any, *, reuse: bool = False) -> tuple[list[int], list[int]]:
    postings, offsets = lists.gather(terms, reuse=reuse)
    assert postings.dtype == np.int64
    assert offsets.dtype == np.int64
    return postings.tolist(), offsets.tolist()


@pytest.mark.parametrize("name", BACKENDS)
def test_gather_gives_each_held_term_once_in_query_order(name: str) -> None:
    lists = _lists(name)
    lists.add_turn(0, ["etcd", "restart"])
    lists.add_turn(1, ["postgre"])
    lists.add_turn(3, ["etcd", "postgre", "backup"])
    lists.extend(["kafka", "etcd"], np.array([4, 6, 7], dtype=np.int64), [0, 2, 3])
    # A repeated term once, an unknown one left out, order kept as asked (BM25 sums in it).
    got = _gathered(lists, ["postgre", "absent", "etcd", "postgre", "kafka"])
    assert got == ([1, 3, 0, 3, 7, 4, 6], [0, 2, 5, 7])
    assert _gathered(lists, ()) == ([], [0])
    assert _gathered(lists, ["absent"]) == ([], [0])
    lists.extend(["empty"], [], [0, 0])  # a term with no turn is no list
    lists.extend([], [], [0])
    assert _gathered(lists, ["empty", "kafka"]) == ([4, 6], [0, 2])


@pytest.mark.parametrize("name", BACKENDS)
def test_reused_gathers_share_one_buffer_and_others_do_not(name: str) -> None:
    lists = _lists(name)
    for turn in range(40):
        lists.add_turn(turn, ["a"] if turn % 2 else ["a", "b"])
    first, _ = lists.gather(["a", "b"], reuse=True)
    second, offsets = lists.gather(["b", "a"], reuse=True)
    assert np.shares_memory(first, second)  # written over: read a gather before the next
    assert second.tolist() == list(range(0, 40, 2)) + list(range(40))
    assert offsets.tolist() == [0, 20, 60]
    fresh, _ = lists.gather(["b", "a"])
    assert not np.shares_memory(fresh, second)
    assert fresh.tolist() == second.tolist()
    third, _ = lists.gather(["b"], reuse=True)  # a smaller gather: the same buffer
    assert np.shares_memory(third, second)
    assert third.tolist() == list(range(0, 40, 2))


@pytest.mark.parametrize("name", BACKENDS)
def test_terms_are_told_apart_by_their_text_whatever_the_script(name: str) -> None:
    lists = _lists(name)
    terms = ["café", "cafe", "naïve", "東京", "\ud800", "\udc00", "x\ud800", "", "é"]
    for turn, term in enumerate(terms):
        lists.add_turn(turn, [term])
    for turn, term in enumerate(terms):
        assert _gathered(lists, [term]) == ([turn], [0, 1])


def test_every_backend_gathers_the_same_lists() -> None:
    rng = random.Random(35)
    vocabulary = [f"w{i}" for i in range(60)] + ["ü", "ß", "日本"]
    made = {name: _lists(name) for name in BACKENDS}
    for turn in range(400):
        terms = rng.sample(vocabulary, rng.randint(0, 12))
        bulk = rng.random() < 0.1
        for lists in made.values():
            if bulk:  # a run of one turn, in gather's layout
                lists.extend(terms, [turn] * len(terms), list(range(len(terms) + 1)))
            else:
                lists.add_turn(turn, terms)
        query = [rng.choice([*vocabulary, "absent"]) for _ in range(rng.randint(0, 15))]
        reuse = rng.random() < 0.5
        got = {name: _gathered(lists, query, reuse=reuse) for name, lists in made.items()}
        assert len({repr(value) for value in got.values()}) == 1, got


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda lists: lists.add_turn(-1, ["a"]), ValueError, "turn_id: must be in"),
        (lambda lists: lists.add_turn(1 << 62, ["a"]), ValueError, "turn_id: must be in"),
        (lambda lists: lists.add_turn(True, ["a"]), TypeError, "turn_id: expected an int"),
        (lambda lists: lists.add_turn(0, [b"a"]), TypeError, "terms: expected str"),
        (lambda lists: lists.extend(["a"], [-2], [0, 1]), ValueError, "turns: ids must be >= 0"),
        (lambda lists: lists.extend(["a"], [0.5], [0, 1]), ValueError, "turns: expected integers"),
        (lambda lists: lists.extend([3], [1], [0, 1]), TypeError, "terms: expected str"),
        (lambda lists: lists.extend(["a"], [1], [0.0, 1.0]), ValueError, "offsets: expected int"),
        (lambda lists: lists.extend(["a"], [1], [0]), ValueError, "offsets: must hold len"),
        (lambda lists: lists.extend(["a"], [1], [1, 1]), ValueError, "offsets: must start"),
        (lambda lists: lists.extend(["a", "b"], [1], [0, 1, 0]), ValueError, "non-decreasing"),
        (lambda lists: lists.extend(["a"], [1, 2], [0, 1]), ValueError, "offsets: must end"),
        (lambda lists: lists.gather(["a", 3]), TypeError, "terms: expected str"),
    ],
)
def test_bad_arguments_are_reported_alike(name: str, call: Any, error: Any, message: str) -> None:
    with pytest.raises(error, match=message):
        call(_lists(name))


def test_a_restored_session_gathers_the_lists_of_the_live_one() -> None:
    live = mh.Session()
    for text in (
        "How do I back up postgres before the upgrade?",
        "Use pg_dump; postgres keeps serving while it runs.",
        "Does the etcd restart lose the postgres leader?",
        "No: etcd elects a new leader within seconds.",
    ):
        (live.user if text.endswith("?") else live.assistant)(text)
    restored = mh.Session()
    restored.restore(live.state())
    terms = ("postgre", "etcd", "leader", "absent", "postgre")
    want = [part.tolist() for part in live._log.postings(terms)]
    assert want[0]
    assert [part.tolist() for part in restored._log.postings(terms)] == want


def test_a_loaded_session_gathers_the_lists_of_the_live_one_before_and_after_new_turns() -> None:
    # A load's segment (1,024 turns) gives its postings in bulk (``PostingLists.extend``),
    # live turns come one by one (``add_turn``): the gathered lists are the live log's.
    live = mh.Session()
    for turn in range(1040):
        topic = ("etcd quorum", "nginx upstream", "postgres vacuum")[(turn // 4) % 3]
        if turn % 2 == 0:
            live.user(f"How do I tune {topic} number {turn}?")
        else:
            live.assistant(f"For {topic}: set the option to {turn} and restart.")
    loaded, _ = decode(*encode(live))
    terms = sorted({term for turn in live.turns for term in turn.entities})
    queries = [terms, terms[::-1], terms[:3] + terms[:3], ["absent", *terms[5:9]]]
    for _ in range(2):
        for query in queries:
            want = [part.tolist() for part in live.turns.postings(query)]
            assert [part.tolist() for part in loaded.turns.postings(query, reuse=True)] == want
        for each in (live, loaded):  # turns after the load are listed after the loaded ones
            each.user("How do I tune etcd quorum and nginx upstream again?")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_refused_turn_leaves_the_lists_as_they_were(backend: str) -> None:
    # a stop-35 review finding: add_turn listed the terms before the bad one
    lists = _lists(backend)
    lists.add_turn(0, ["a"])
    with pytest.raises(TypeError):
        lists.add_turn(2, ["a", 3])
    assert _gathered(lists, ["a"]) == ([0], [0, 1])


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_iterable_that_gathers_does_not_disturb_the_outer_gather(backend: str) -> None:
    lists = _lists(backend)
    for turn, terms in enumerate((["a"], ["b"], ["a", "b"], ["c"])):
        lists.add_turn(turn, terms)

    def terms() -> Iterator[str]:
        yield "a"
        lists.gather(["c", "b"])
        yield "b"

    assert _gathered(lists, terms()) == _gathered(lists, ["a", "b"]) == ([0, 2, 1, 2], [0, 2, 4])
