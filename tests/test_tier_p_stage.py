"""Tier P's fused stage (issue 14): ``tier_p_stage`` and its search half ``tier_p_search`` on
every backend give the NumPy reference's bits, the stage is its search half then the CDR
ranking, the store-level ``rank_exactly`` ranks as ``nearest`` + ``rank_cdr`` (and as
``search_exactly`` + ``rank_cdr``, the worker's split) with the delivered facts left out, and
the delivered flags by label follow the coverage set."""

from __future__ import annotations

import threading
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon import _kernels_py
from multihorizon.embed import normalise_embedding
from multihorizon.tiers.coverage import CoverageSet
from multihorizon.tiers.knowledge_cdr import rank_cdr
from multihorizon.tiers.knowledge_stage import rank_exactly, search_exactly

DIM = 24


def _unit(rng: np.random.Generator, count: int, sparse: bool) -> np.ndarray:
    rows = rng.normal(size=(count, DIM)).astype(np.float32)
    if sparse:  # mostly-zero rows: the store keeps such codes column by column
        rows[rng.random((count, DIM)) < 0.8] = 0.0
        rows[:, 0] += 0.1
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows.astype(np.float32)


def _store(rng: np.random.Generator, count: int, sparse: bool) -> mh.KnowledgeStore:
    store = mh.KnowledgeStore(DIM, capacity=count, graph=False)
    facts = [
        mh.Fact(
            f"f{i:03d}", f"fact {i}", "test", importance_weight=(0.4, 0.6, 0.6)[i % 3],
            ttl=(None, 10.0, 1e12)[i % 3], modified_at=0.0 if i % 3 else None,
        )
        for i in range(count)
    ]  # fmt: skip
    store.add_many(facts, _unit(rng, count, sparse))
    for i in range(0, count, 17):  # some labels not retrievable
        store.delete(f"f{i:03d}")
    return store


def _arguments(store: mh.KnowledgeStore, query: np.ndarray, **changes: Any) -> dict[str, Any]:
    rows = store._exact_rows
    assert rows is not None
    total = len(store._facts)
    arguments = {
        "query": query, "codes": rows.view(total), "scales": rows.scales[:total],
        "vectors": store._vectors[:total], "turn_ids": rows.turn_ids[:total],
        "live": rows.live, "count": 20, "dead": total - len(store), "min_relevance": 0.0,
        "delivered": None, "columns": store._columns, "weighted": None, "depth_sum": 0.0,
        "now": 5.0, "novelty": 1, "partial_floor": 0.5,
    }  # fmt: skip
    arguments.update(changes)
    return arguments


@pytest.mark.parametrize("sparse", [False, True])
def test_every_backend_gives_the_reference_bits(kernels: ModuleType, sparse: bool) -> None:
    rng = np.random.default_rng(7 + sparse)
    store = _store(rng, 300, sparse)
    weighted = (0.5 * _unit(rng, 6, sparse).astype(np.float64)).sum(axis=0)
    delivered = rng.random(320) < 0.3
    for case in range(30):  # floors near the found cosines too
        query = _unit(rng, 1, sparse)[0]
        changes = {
            "novelty": case % 3, "min_relevance": (-1.0, 0.0, 0.2, 0.35, 0.5)[case % 5],
            "count": (1, 20, 400)[case % 3],
            "delivered": delivered if case % 2 else None,
            "weighted": weighted if case % 4 < 2 else None,
            "depth_sum": 3.0 if case % 4 < 2 else 0.0,
        }  # fmt: skip
        want = _kernels_py.tier_p_stage(**_arguments(store, query, **changes))
        got = kernels.tier_p_stage(**_arguments(store, query, **changes))
        assert len(got[0]) == len(want[0])
        for got_column, want_column in zip(got, want, strict=True):
            assert got_column.dtype == want_column.dtype
            assert got_column.tobytes() == want_column.tobytes()
        if case % 2:
            assert not delivered[got[0]].any()


_RANKING = ("delivered", "columns", "now", "novelty", "partial_floor")


def _search_arguments(arguments: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in arguments.items() if name not in _RANKING}


@pytest.mark.parametrize("sparse", [False, True])
def test_the_search_half_gives_the_reference_bits_and_the_stage_is_it_then_cdr(
    kernels: ModuleType, sparse: bool
) -> None:
    rng = np.random.default_rng(17 + sparse)
    store = _store(rng, 300, sparse)
    weighted = (0.5 * _unit(rng, 6, sparse).astype(np.float64)).sum(axis=0)
    delivered = rng.random(320) < 0.3
    for case in range(30):
        query = _unit(rng, 1, sparse)[0]
        arguments = _arguments(
            store, query, novelty=case % 3, min_relevance=(-1.0, 0.0, 0.2, 0.35, 0.5)[case % 5],
            count=(1, 20, 400)[case % 3], delivered=delivered if case % 2 else None,
            weighted=weighted if case % 4 < 2 else None, depth_sum=3.0 if case % 4 < 2 else 0.0,
        )  # fmt: skip
        want = _kernels_py.tier_p_search(**_search_arguments(arguments))
        got = kernels.tier_p_search(**_search_arguments(arguments))
        for got_column, want_column in zip(got, want, strict=True):
            assert got_column.dtype == want_column.dtype
            assert got_column.tobytes() == want_column.tobytes()
        # The stage: the found labels not delivered, ranked by CDR in search order.
        labels, cosines, covered = got
        kept = np.flatnonzero(~delivered[labels]) if case % 2 else np.arange(len(labels))
        importance, ttl, modified = store._columns[:, labels[kept]]
        novelties, recency, scores, order = kernels.cdr_rank(
            cosines[kept].astype(np.float64), covered[kept], importance, ttl, modified,
            5.0, case % 3, 0.5,
        )  # fmt: skip
        stage = kernels.tier_p_stage(**arguments)
        assert stage[0].tobytes() == labels[kept][order].tobytes()
        assert stage[4].tobytes() == scores[order].tobytes()
        assert stage[2].tobytes() == novelties[order].tobytes()
        assert stage[3].tobytes() == recency[order].tobytes()


def test_the_search_half_refuses_bad_arguments(kernels: ModuleType) -> None:
    rng = np.random.default_rng(3)
    store = _store(rng, 40, False)
    query = _unit(rng, 1, False)[0]
    bad = {"live": np.ones(3, dtype=bool), "depth_sum": -1.0, "weighted": np.zeros(DIM + 1)}
    for name, value in bad.items():
        changes = {name: value}
        if name == "weighted":
            changes["depth_sum"] = 1.0
        with pytest.raises(ValueError, match=name):
            kernels.tier_p_search(**_search_arguments(_arguments(store, query, **changes)))


def test_the_stage_refuses_bad_arguments(kernels: ModuleType) -> None:
    rng = np.random.default_rng(3)
    store = _store(rng, 40, False)
    query = _unit(rng, 1, False)[0]
    bad = {
        "live": np.ones(3, dtype=bool),
        "delivered": np.ones(40, dtype=np.float64),
        "columns": np.zeros((2, 40)),
        "depth_sum": -1.0,
        "weighted": np.zeros(DIM + 1),
        "novelty": 3,
        "partial_floor": 1.5,
    }
    for name, value in bad.items():
        changes = {name: value}
        if name == "weighted":
            changes["depth_sum"] = 1.0
        with pytest.raises(ValueError, match=name):
            kernels.tier_p_stage(**_arguments(store, query, **changes))


@pytest.mark.parametrize("novelty", [True, False, "partial"])
def test_rank_exactly_is_nearest_then_rank_cdr(backend: str, novelty: bool | str) -> None:
    rng = np.random.default_rng(11)
    store = _store(rng, 200, True)
    coverage = CoverageSet(DIM)
    for turn in range(8):
        query = _unit(rng, 1, True)[0]
        neighbours = store.nearest(query, 30, min_relevance=0.05)
        delivered = coverage.fact_ids if novelty is not False else set()
        keep = [i for i, fact in enumerate(neighbours.facts) if fact.fact_id not in delivered]
        want = rank_cdr(
            neighbours, keep=keep if delivered else None, coverage=coverage,
            novelty=novelty, now_seconds=5.0,
        )  # fmt: skip
        got = rank_exactly(
            store, query, 30, 0.05, coverage=coverage, novelty=novelty,
            partial_floor=0.5, now_seconds=5.0,
        )  # fmt: skip
        # The worker's split: the search and the coverage first, the ranking after.
        found = search_exactly(store, query, 30, 0.05, *coverage.terms())
        assert found is not None
        assert found.facts == neighbours.facts
        assert found.similarities.tobytes() == neighbours.similarities.tobytes()
        split = rank_cdr(
            found, keep=keep if delivered else None, coverage=coverage, novelty=novelty,
            now_seconds=5.0,
        )  # fmt: skip
        # A document task's pull: the same ranking from either search.
        pull = [_unit(rng, 1, True)[0]]
        pulled = [
            rank_cdr(
                answer, keep=keep if delivered else None, coverage=coverage, novelty=novelty,
                pull=pull, now_seconds=5.0,
            )
            for answer in (neighbours, found)
        ]  # fmt: skip
        assert [f.fact_id for f in pulled[0].facts] == [f.fact_id for f in pulled[1].facts]
        assert pulled[0].score.tobytes() == pulled[1].score.tobytes()
        assert got is not None
        for ranked in (got, split):
            assert [f.fact_id for f in ranked.facts] == [f.fact_id for f in want.facts]
            for column in ("relevance", "novelty", "recency", "score"):
                assert getattr(ranked, column).tobytes() == getattr(want, column).tobytes()
            assert want.vectors is None or np.array_equal(ranked.vectors, want.vectors)
        taken = got.take(list(range(min(3, len(got)))))
        assert taken.vectors is not None
        coverage.add_many([f.fact_id for f in taken.facts], taken.vectors)
        if turn == 4:
            coverage.add(f"f{199:03d}", store.vector("f199"))


def test_delivered_flags_follow_adds_restores_and_a_growing_store() -> None:
    rng = np.random.default_rng(5)
    store = _store(rng, 50, False)
    coverage = CoverageSet(DIM)

    def flags() -> set[int]:
        mask = coverage.delivered_flags(store, store._labels, len(store._facts))
        return set(np.flatnonzero(mask).tolist())

    assert flags() == set()
    coverage.add("f003", store.vector("f003"))
    coverage.add_many(["f007", "f003", "later"], _unit(rng, 3, False))
    assert flags() == {3, 7}  # "later" is not in the store yet
    store.add(mh.Fact("later", "a fact added after its delivery", "test"), _unit(rng, 1, False)[0])
    assert flags() == {3, 7, 50}
    coverage.restore({**coverage.state(), "fact_ids": ["f010"]})
    assert flags() == {10}
    other = _store(rng, 20, False)
    mask = coverage.delivered_flags(other, other._labels, len(other._facts))
    assert set(np.flatnonzero(mask).tolist()) == {10}


def test_equal_scores_are_ordered_by_fact_id_as_rank_cdr_orders_them() -> None:
    rng = np.random.default_rng(9)
    base = _unit(rng, 6, False)
    # Duplicated vectors: equal scores. Labels ascending, ids not ("f9" > "f10" as text).
    ids = ["f9", "f10", "a2", "a1", "b1", "b2", "z", "y"]
    rows = np.concatenate([base[[0, 0, 1, 1, 2, 2]], base[3:5]])
    store = mh.KnowledgeStore(DIM, capacity=16, graph=False)
    store.add_many([mh.Fact(i, f"fact {i}", "test") for i in ids], rows)
    coverage = CoverageSet(DIM)
    for query in (base[0], base[1], base[2], base[0] + base[1] + base[2]):
        query = (query / np.linalg.norm(query)).astype(np.float32)
        want = rank_cdr(
            store.nearest(query, 8, min_relevance=-1.0), coverage=coverage, now_seconds=5.0
        )
        got = rank_exactly(
            store, query, 8, -1.0, coverage=coverage, novelty=True, partial_floor=0.5,
            now_seconds=5.0,
        )  # fmt: skip
        assert got is not None
        assert [f.fact_id for f in got.facts] == [f.fact_id for f in want.facts]
        assert got.score.tobytes() == want.score.tobytes()
        assert got.vectors is not None
        assert want.vectors is not None
        assert got.vectors.tobytes() == want.vectors.tobytes()
        pairs = {("f10", "f9"), ("a1", "a2"), ("b1", "b2")}
        order = [f.fact_id for f in got.facts]
        for first, second in pairs:
            assert order.index(first) < order.index(second)


def test_a_planned_vector_ranks_as_the_query_it_came_from() -> None:
    # fact_candidates hands rank_exactly the plan's vector (normalise_embedding's answer)
    # with normalised=True: the ranking is the one the raw query gets.
    rng = np.random.default_rng(21)
    store = _store(rng, 120, True)
    coverage = CoverageSet(DIM)
    coverage.add_many(["f001", "f002"], store.vectors_of(["f001", "f002"]))
    for _ in range(6):
        raw = rng.normal(size=DIM).astype(np.float32) * 3.0  # not unit length
        planned = normalise_embedding(raw, DIM)
        want = rank_exactly(
            store, raw, 25, 0.0, coverage=coverage, novelty=True, partial_floor=0.5,
            now_seconds=5.0,
        )  # fmt: skip
        got = rank_exactly(
            store, planned, 25, 0.0, coverage=coverage, novelty=True, partial_floor=0.5,
            now_seconds=5.0, normalised=True,
        )  # fmt: skip
        assert got is not None
        assert want is not None
        assert len(want) > 0
        assert [f.fact_id for f in got.facts] == [f.fact_id for f in want.facts]
        for column in ("relevance", "novelty", "recency", "score"):
            assert getattr(got, column).tobytes() == getattr(want, column).tobytes()


def test_the_exact_arrays_lease_holds_the_lock_and_always_gives_it_back() -> None:
    store = _store(np.random.default_rng(3), 40, False)
    taken: list[bool] = []

    def try_lock() -> None:  # from another thread: the store's lock while lent
        got = store._lock.acquire(blocking=False)
        taken.append(got)
        if got:
            store._lock.release()

    with store.exact_arrays() as held:
        assert held is not None
        assert len(held.facts) == 40
        other = threading.Thread(target=try_lock)
        other.start()
        other.join()
    with pytest.raises(RuntimeError), store.exact_arrays():
        raise RuntimeError("the stage failed")
    other = threading.Thread(target=try_lock)
    other.start()
    other.join()
    assert taken == [False, True]
