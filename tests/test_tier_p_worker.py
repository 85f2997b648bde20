"""Tier P beside Tier C (issue 14 item 4): the turn's nearest-neighbour query runs on the
assembler's worker thread while the session plans, and the envelope is exactly the one the
sequential order gives; errors come back typed and change nothing; the thread ends on close,
on collection, and does not follow a fork."""

from __future__ import annotations

import gc
import multiprocessing
import pickle
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.assembly import assembler as assembler_module
from multihorizon.tiers import knowledge as knowledge_module
from multihorizon.tiers import knowledge_candidates, knowledge_worker
from multihorizon.tiers.knowledge import KnowledgeError
from multihorizon.tiers.knowledge_worker import NeighbourWorker

WORKER_NAME = "multihorizon-tier-p"
TOPICS = ("etcd", "postgres", "kafka", "redis", "nginx", "terraform", "espresso", "kubernetes")
WORDS = (
    "tls",
    "certificate",
    "backup",
    "restore",
    "replica",
    "leader",
    "quorum",
    "snapshot",
    "partition",
    "offset",
    "consumer",
    "cache",
    "eviction",
    "proxy",
    "upstream",
    "module",
    "state",
    "plan",
    "grinder",
    "pressure",
    "pod",
    "scheduler",
    "volume",
    "timeout",
    "retry",
    "latency",
    "throughput",
    "index",
    "vacuum",
    "compaction",
    "member",
    "cluster",
    "config",
)

TURNS = (
    "How do I configure etcd TLS certificates for every member?",
    "What about the quorum when a member restarts?",
    "Actually, what's a good backup strategy for postgres with replicas?",
    "and the vacuum settings for a busy index?",
    "Back to etcd - what about snapshot compaction?",
    "write me a guide about what we just discussed",
    "How does kafka consumer offset retry work under latency?",
    "tell me more about the second step",
    "redis cache eviction with a proxy upstream?",
    "ok thanks",
)


def _facts(count: int) -> list[mh.Fact]:
    rng = np.random.default_rng(14)
    facts = []
    for i in range(count):
        topic = TOPICS[i % len(TOPICS)]
        words = " ".join(rng.choice(WORDS, 6))
        facts.append(mh.Fact(f"f{i}", f"{topic} {words} note {i}", "docs", 0.5 + (i % 5) / 10))
    return facts


@pytest.fixture(scope="module")
def store() -> mh.KnowledgeStore:
    kb = mh.KnowledgeStore(embedder=mh.HashingEmbedder(), capacity=1200)
    kb.add_many(_facts(1200))
    return kb


def _assembler(store: mh.KnowledgeStore, worker: bool) -> mh.ContextAssembler:
    return mh.ContextAssembler(knowledge=store, embedder=store.embedder, tier_p_worker=worker)


def _view(envelope: mh.ContextEnvelope) -> tuple[Any, ...]:
    items = tuple(
        (item.tier, item.source_id, item.content, item.score, item.tokens, item.reason)
        for item in envelope.items
    )
    return items, dict(envelope.headers), envelope.sub_queries, envelope.intent


def _conversation(session: mh.TierSession, offset: int) -> Iterator[tuple[Any, ...]]:
    for n in range(len(TURNS)):
        text = TURNS[(n + offset) % len(TURNS)]
        yield _view(session.user(text, budget_tokens=600 + 97 * n))
        session.assistant(f"Here is what I know about {text.split()[-1]} 1. first 2. second")
    yield _view(session.preview("and the kafka partition leader?", budget_tokens=500))
    yield _view(session.document("a runbook", ["etcd tls", "postgres backup"], budget_tokens=800))


def _worker_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == WORKER_NAME]


def _plan_after(session: mh.TierSession, signal: threading.Event, monkeypatch: Any) -> None:
    """Make the session's plan wait for ``signal``: the worker has the query by then (the
    caller would otherwise run it itself when the worker is slow to start)."""
    plan = session.session.plan

    def waiting(*args: Any, **kwargs: Any) -> Any:
        assert signal.wait(timeout=60)  # the timeout only guards against a hang
        return plan(*args, **kwargs)

    monkeypatch.setattr(session.session, "plan", waiting)


def test_the_query_runs_on_the_worker_beside_the_plan(
    store: mh.KnowledgeStore, monkeypatch: Any
) -> None:
    where: list[str] = []
    on_worker = threading.Event()
    search = knowledge_worker.search_exactly
    nearest = store.nearest

    def recording(*args: Any, **kwargs: Any) -> Any:
        where.append(threading.current_thread().name)
        if threading.current_thread().name == WORKER_NAME:
            on_worker.set()
        return search(*args, **kwargs)

    def unexpected(*args: Any, **kwargs: Any) -> Any:
        where.append("nearest")
        return nearest(*args, **kwargs)

    monkeypatch.setattr(knowledge_worker, "search_exactly", recording)
    monkeypatch.setattr(store, "nearest", unexpected)
    assembler = _assembler(store, worker=True)
    session = assembler.session("w/where")
    _plan_after(session, on_worker, monkeypatch)
    session.user("How do I configure etcd TLS?")  # the plan ran while the worker queried
    assert where == [WORKER_NAME]  # the search and its coverage, one call, on the worker
    on_worker.clear()
    session.user("What about the quorum?")  # facts delivered: their coverage is the worker's
    assert where == [WORKER_NAME, WORKER_NAME]
    assert session.coverage.fact_ids
    # In sequence, a store searched exactly takes Tier P's fused stage in the caller.
    fused = knowledge_candidates.rank_exactly

    def recording_fused(*args: Any, **kwargs: Any) -> Any:
        where.append(threading.current_thread().name)
        return fused(*args, **kwargs)

    monkeypatch.setattr(knowledge_candidates, "rank_exactly", recording_fused)
    sequential = _assembler(store, worker=False)
    where.clear()
    sequential.session("w/where").user("How do I configure etcd TLS?")
    assert where == [threading.current_thread().name]
    assembler.close()


class _Gate:
    """A store stand-in whose query holds the worker until the test opens it."""

    def __init__(self) -> None:
        self.entered, self.opened = threading.Event(), threading.Event()

    def nearest(self, *args: Any, **kwargs: Any) -> str:
        self.entered.set()
        assert self.opened.wait(timeout=60)  # the timeout only guards against a hang
        return "gate"


def test_the_caller_runs_a_query_the_worker_has_not_started(store: mh.KnowledgeStore) -> None:
    worker, gate = NeighbourWorker(), _Gate()
    blocker = worker.submit(gate, store.vector("f2"), 5, -1.0)  # type: ignore[arg-type]
    assert gate.entered.wait(timeout=60)  # the worker is busy with the gate
    pending = worker.submit(store, store.vector("f1"), 5, -1.0)
    assert pending.result().facts[0].fact_id == "f1"  # the caller ran it, no waiting
    gate.opened.set()
    assert blocker.result() == "gate"
    worker.close()  # the worker skips the job the caller took, then stops
    assert not worker.running


def test_a_turn_takes_back_a_query_the_worker_has_not_started(
    store: mh.KnowledgeStore, monkeypatch: Any
) -> None:
    assembler, sequential = _assembler(store, True), _assembler(store, False)
    worker, gate = assembler._worker, _Gate()
    assert worker is not None
    blocker = worker.submit(gate, store.vector("f2"), 5, -1.0)  # type: ignore[arg-type]
    assert gate.entered.wait(timeout=60)  # the worker is busy: the turn's job waits behind
    where: list[str] = []
    fused = knowledge_candidates.rank_exactly

    def recording_fused(*args: Any, **kwargs: Any) -> Any:
        where.append(threading.current_thread().name)
        return fused(*args, **kwargs)

    monkeypatch.setattr(knowledge_candidates, "rank_exactly", recording_fused)
    ours = _view(assembler.session("w/back").user("How do I configure etcd TLS?"))
    assert where == [threading.current_thread().name]  # the whole stage, in the caller
    assert ours == _view(sequential.session("w/back").user("How do I configure etcd TLS?"))
    gate.opened.set()
    assert blocker.result() == "gate"
    assembler.close()  # the worker skips the job the turn took back, then stops


def test_concurrent_and_sequential_envelopes_are_identical(store: mh.KnowledgeStore) -> None:
    concurrent, sequential = _assembler(store, True), _assembler(store, False)
    for number in range(3):
        ours = list(_conversation(concurrent.session(f"w/s{number}"), number))
        theirs = list(_conversation(sequential.session(f"w/s{number}"), number))
        assert ours == theirs
    assert any(view[0] and any(item[0] == "P" for item in view[0]) for view in ours)
    concurrent.close()


def test_identical_under_several_caller_threads(store: mh.KnowledgeStore) -> None:
    concurrent, sequential = _assembler(store, True), _assembler(store, False)
    callers = 4
    start = threading.Barrier(callers)
    results: dict[int, list[tuple[Any, ...]]] = {}
    errors: list[BaseException] = []

    def drive(number: int) -> None:
        try:
            session = concurrent.session(f"w/t{number}")
            start.wait()
            results[number] = list(_conversation(session, number))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=drive, args=(n,)) for n in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    for number in range(callers):
        expected = list(_conversation(sequential.session(f"w/t{number}"), number))
        assert results[number] == expected
    assert len(_worker_threads()) >= 1
    concurrent.close()


@pytest.mark.parametrize("error", [KnowledgeError("index gone"), MemoryError("no room")])
def test_a_worker_error_reaches_the_caller_and_changes_nothing(
    store: mh.KnowledgeStore, monkeypatch: Any, error: BaseException
) -> None:
    assembler = _assembler(store, worker=True)
    session = assembler.session("w/errors")
    session.user("How do I configure etcd TLS certificates?")
    before = (len(session.turns), set(session.coverage.fact_ids), len(session.session.scratch))
    search = knowledge_worker.search_exactly
    on_worker = threading.Event()

    def failing(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread().name == WORKER_NAME:
            on_worker.set()
            raise error
        return search(*args, **kwargs)

    monkeypatch.setattr(knowledge_worker, "search_exactly", failing)
    _plan_after(session, on_worker, monkeypatch)
    with pytest.raises(type(error), match=str(error)) as raised:
        session.user("What about the postgres backup?")
    assert raised.value is error  # raised on the worker, re-raised in the caller
    after = (len(session.turns), set(session.coverage.fact_ids), len(session.session.scratch))
    assert after == before
    monkeypatch.undo()
    envelope = session.user("What about the postgres backup?")  # the worker lives on
    assert envelope.turn_id == before[0]
    assembler.close()


def test_close_stops_the_worker_and_a_later_turn_starts_it(store: mh.KnowledgeStore) -> None:
    already = set(_worker_threads())
    assembler = _assembler(store, worker=True)
    assert not set(_worker_threads()) - already  # nothing started before the first turn
    assembler.session("w/close").user("How do I configure etcd TLS?")
    ours = set(_worker_threads()) - already
    assert len(ours) == 1
    assembler.close()  # joins the thread
    assert not set(_worker_threads()) - already
    assembler.session("w/close").user("and the quorum?")  # loaded again, worker again
    assert len(set(_worker_threads()) - already) == 1
    assembler.close()
    assert not set(_worker_threads()) - already


def test_a_forgotten_assembler_stops_its_worker(store: mh.KnowledgeStore) -> None:
    already = set(_worker_threads())
    assembler = _assembler(store, worker=True)
    assembler.session("w/gc").user("How do I configure etcd TLS?")
    (thread,) = set(_worker_threads()) - already
    del assembler
    gc.collect()
    thread.join(timeout=60)  # the finaliser's stop signal ends it; the timeout only guards
    assert not thread.is_alive()


def test_no_worker_without_knowledge_or_when_switched_off(store: mh.KnowledgeStore) -> None:
    assert not mh.ContextAssembler().tier_p_worker
    assert not _assembler(store, worker=False).tier_p_worker
    assert _assembler(store, worker=True).tier_p_worker


def _child_turn(store: mh.KnowledgeStore, assembler: mh.ContextAssembler, out: Any) -> None:
    out.put(_view(assembler.session("w/fork").user("What about the postgres backup?")))


def test_a_forked_child_runs_its_own_worker(store: mh.KnowledgeStore) -> None:
    assembler = _assembler(store, worker=True)
    assembler.session("w/fork").user("How do I configure etcd TLS?")  # parent's thread runs
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    child = context.Process(target=_child_turn, args=(store, assembler, out))
    child.start()
    got = out.get(timeout=120)  # waits for the child's envelope; the timeout only guards
    child.join()
    assert child.exitcode == 0
    expected = _view(assembler.session("w/fork").user("What about the postgres backup?"))
    assert got == expected
    assembler.close()


def test_pickling_a_worker_gives_an_idle_one(store: mh.KnowledgeStore) -> None:
    worker = NeighbourWorker()
    pending = worker.submit(store, store.vector("f1"), 5, -1.0)
    assert pending.result().facts[0].fact_id == "f1"
    copy = pickle.loads(pickle.dumps(worker))
    assert isinstance(copy, NeighbourWorker)
    assert not copy.running
    assert worker.running
    worker.close()
    assert not worker.running


@pytest.mark.parametrize("worker", [True, False])
@pytest.mark.parametrize("with_knowledge", [True, False])
def test_a_turn_embeds_its_text_once(
    store: mh.KnowledgeStore, worker: bool, with_knowledge: bool
) -> None:
    calls: list[int] = []

    class Counting(mh.HashingEmbedder):
        def embed(self, texts: Any) -> Any:
            calls.append(len(texts))
            return super().embed(texts)

    assembler = mh.ContextAssembler(
        knowledge=store if with_knowledge else None, embedder=Counting(), tier_p_worker=worker
    )
    session = assembler.session("w/embed")
    session.user("How do I configure etcd TLS?")
    assert calls == [1]
    assembler.close()


def test_auto_stays_in_sequence_while_queries_are_cheap(store: mh.KnowledgeStore) -> None:
    already = set(_worker_threads())
    assembler = mh.ContextAssembler(knowledge=store, embedder=store.embedder)  # "auto"
    session = assembler.session("w/auto-cheap")
    for text in TURNS[:4]:
        session.user(text)
    assert assembler.tier_p_worker
    assert store.scan_bytes == 1200 * store.dim  # searched exactly, a small pass
    assert store.scan_bytes < assembler_module.BESIDE_FROM_BYTES
    assert not assembler.tier_p_beside()
    assert not set(_worker_threads()) - already  # the worker never started
    assembler.close()


def test_auto_goes_beside_when_queries_cost_more_than_the_hop(
    store: mh.KnowledgeStore, monkeypatch: Any
) -> None:
    monkeypatch.setattr(assembler_module, "BESIDE_FROM_BYTES", -1)  # every query "costs"
    already = set(_worker_threads())
    auto = mh.ContextAssembler(knowledge=store, embedder=store.embedder)
    sequential = _assembler(store, worker=False)
    assert auto.tier_p_beside()
    assert not sequential.tier_p_beside()
    assert list(_conversation(auto.session("w/auto"), 3)) == list(
        _conversation(sequential.session("w/auto"), 3)
    )
    assert len(set(_worker_threads()) - already) == 1
    auto.close()


def test_tier_p_worker_takes_true_false_or_auto(store: mh.KnowledgeStore) -> None:
    with pytest.raises(mh.errors.InputError, match="tier_p_worker"):
        mh.ContextAssembler(knowledge=store, embedder=store.embedder, tier_p_worker="yes")


def test_auto_goes_beside_for_a_store_searched_through_hnswlib(monkeypatch: Any) -> None:
    monkeypatch.setattr(knowledge_module, "EXACT_SEARCH_LIMIT", 0)
    graph = mh.KnowledgeStore(embedder=mh.HashingEmbedder(), capacity=64)
    graph.add_many(_facts(64))
    assert graph.scan_bytes is None
    auto = mh.ContextAssembler(knowledge=graph, embedder=graph.embedder)
    assert auto.tier_p_beside()
    sequential = _assembler(graph, worker=False)
    assert list(_conversation(auto.session("w/g"), 1)) == list(
        _conversation(sequential.session("w/g"), 1)
    )
    auto.close()
