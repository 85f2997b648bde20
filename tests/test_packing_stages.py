"""The assembler's stage kernels (issue 14): ``cdr_rank`` and ``pack_tiers`` on every backend
agree bit for bit with the Python definitions the envelope was packed with before them
(``coverage.novelty_factor``/``recency_factor`` and ``packing.Tier``/``share_budget``/
``sandwich``), and refuse bad input with a message naming the argument."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

from multihorizon.assembly.envelope import PackedItem
from multihorizon.assembly.packing import Tier, sandwich, share_budget
from multihorizon.tiers.coverage import novelty_factor, recency_factor
from multihorizon.tiers.facts import Fact

MODES = {0: False, 1: True, 2: "partial"}


def _recency_per_fact(ttl: np.ndarray, modified: np.ndarray, now: float) -> np.ndarray:
    """``coverage.recency_factor`` of each fact (NaN: no TTL / not modified)."""
    facts = [
        Fact(f"f{i}", "x", ttl=None if np.isnan(t) else float(t),
             modified_at=None if np.isnan(m) else float(m))
        for i, (t, m) in enumerate(zip(ttl.tolist(), modified.tolist(), strict=True))
    ]  # fmt: skip
    return np.array([recency_factor(fact, now) for fact in facts], dtype=np.float64)


def _cdr_case(rng: np.random.Generator, size: int) -> dict[str, Any]:
    now = 1_700_000_000.0
    ttl = np.where(rng.random(size) < 0.5, np.nan, rng.uniform(10, 1000, size))
    modified = np.where(rng.random(size) < 0.2, np.nan, now - rng.uniform(0, 1500, size))
    return {
        "relevance": rng.uniform(-0.2, 1.0, size),
        "coverage": rng.uniform(-0.5, 1.0, size),
        "importance": rng.choice([0.3, 0.6, 0.8, 1.0], size),
        "ttl": ttl,
        "modified": modified,
        "now": now,
    }


@pytest.mark.parametrize("mode", list(MODES))
def test_cdr_rank_is_the_python_cdr_bit_for_bit(kernels: ModuleType, mode: int) -> None:
    rng = np.random.default_rng(mode)
    for size in (0, 1, 2, 7, 50, 200):
        case = _cdr_case(rng, size)
        novelty, recency, score, order = kernels.cdr_rank(
            case["relevance"], case["coverage"], case["importance"], case["ttl"],
            case["modified"], case["now"], mode, 0.5,
        )  # fmt: skip
        want_novelty = novelty_factor(case["coverage"], MODES[mode], 0.5)
        want_recency = _recency_per_fact(case["ttl"], case["modified"], case["now"])
        want_score = case["importance"] * case["relevance"] * want_novelty * want_recency
        assert novelty.tobytes() == want_novelty.tobytes()
        assert recency.tobytes() == want_recency.tobytes()
        assert score.tobytes() == want_score.tobytes()
        assert order.tolist() == np.argsort(-want_score, kind="stable").tolist()


def test_cdr_rank_keeps_equal_scores_in_input_order(kernels: ModuleType) -> None:
    ones = np.ones(4)
    nan = np.full(4, np.nan)
    _, _, score, order = kernels.cdr_rank(
        [0.5, 0.9, 0.5, 0.9], np.zeros(4), ones, nan, nan, 0.0, 1, 0.5
    )
    assert order.tolist() == [1, 3, 0, 2]
    assert score[1] == score[3]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"coverage": [0.1]}, "coverage"),
        ({"relevance": [np.nan, 0.2]}, "relevance"),
        ({"ttl": [0.0, np.nan]}, "ttl"),
        ({"modified": [np.inf, 1.0]}, "modified"),
        ({"now": float("nan")}, "now"),
        ({"novelty": 3}, "novelty"),
        ({"partial_floor": 1.5}, "partial_floor"),
    ],
)
def test_cdr_rank_refuses_bad_input(
    kernels: ModuleType, change: dict[str, Any], message: str
) -> None:
    arguments: dict[str, Any] = {
        "relevance": [0.5, 0.4],
        "coverage": [0.1, 0.2],
        "importance": [0.6, 0.6],
        "ttl": [np.nan, 100.0],
        "modified": [np.nan, 1.0],
        "now": 10.0,
        "novelty": 1,
        "partial_floor": 0.5,
    }
    arguments.update(change)
    with pytest.raises(ValueError, match=message):
        kernels.cdr_rank(*arguments.values())


def _python_pack(
    tokens: list[int], scores: list[float], tiers: list[int], weights: list[float],
    groups: list[int], group_weights: list[float], budget: int,
) -> list[int]:  # fmt: skip
    """What compose.pack did before the kernel: Tier, share_budget and sandwich, on items
    whose source id is their index."""
    names = ["P", "C", "E", "X"]
    candidates: list[list[PackedItem]] = [[] for _ in weights]
    for index, (count, score, tier) in enumerate(zip(tokens, scores, tiers, strict=True)):
        item = PackedItem(names[groups[tier]], str(index), "", score, count, "")
        candidates[tier].append(item)
    packed = [Tier(names[groups[t]], weights[t], candidates[t]) for t in range(len(weights))]
    share_budget(packed, budget)
    chosen = [item for tier in packed for item in tier.chosen]
    by_group = {names[g]: w for g, w in enumerate(group_weights)}
    return [int(item.source_id) for item in sandwich(chosen, by_group)]


def test_pack_tiers_is_the_python_packing(kernels: ModuleType) -> None:
    rng = np.random.default_rng(14)
    for case in range(400):
        size = int(rng.integers(0, 60))
        tiers = np.sort(rng.integers(0, 4, size))
        tokens = rng.integers(0, 400 if case % 3 else 40, size)
        scores = np.round(rng.uniform(0, 1, size), 1 if case % 4 == 0 else 12)  # ties too
        weights = rng.choice([0.0, 0.05, 0.25, 0.3, 0.7], 4)
        groups = [0, 0, 1, 2]
        group_weights = rng.choice([0.0, 0.05, 0.25, 0.7], 3)
        budget = int(rng.integers(0, 6000))
        got = kernels.pack_tiers(tokens, scores, tiers, weights, groups, group_weights, budget)
        want = _python_pack(
            tokens.tolist(), scores.tolist(), tiers.tolist(), weights.tolist(), groups,
            group_weights.tolist(), budget,
        )  # fmt: skip
        assert got.tolist() == want, case
        assert int(tokens[got].sum()) <= budget


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tokens": [-1, 2]}, "tokens"),
        ({"tokens": [1.5, 2.0]}, "tokens"),
        ({"scores": [np.nan, 1.0]}, "scores"),
        ({"tiers": [0, 2]}, "tiers"),
        ({"weights": [-0.5, 0.5]}, "weights"),
        ({"groups": [0, 1]}, "groups"),
        ({"budget": -1}, "budget"),
    ],
)
def test_pack_tiers_refuses_bad_input(
    kernels: ModuleType, change: dict[str, Any], message: str
) -> None:
    arguments: dict[str, Any] = {
        "tokens": [3, 4],
        "scores": [0.5, 0.4],
        "tiers": [0, 1],
        "weights": [0.5, 0.5],
        "groups": [0, 0],
        "group_weights": [1.0],
        "budget": 10,
    }
    arguments.update(change)
    with pytest.raises((ValueError, TypeError), match=message):
        kernels.pack_tiers(*arguments.values())


def test_rank_cdr_breaks_equal_scores_by_fact_id() -> None:
    from multihorizon.tiers.facts import Fact
    from multihorizon.tiers.knowledge import Neighbours
    from multihorizon.tiers.knowledge_cdr import rank_cdr

    rng = np.random.default_rng(3)
    ids = [f"f{n}" for n in rng.permutation(40)]
    facts = tuple(Fact(fact_id, "text") for fact_id in ids)
    similarities = rng.choice([0.2, 0.5, 0.7, 0.9], 40).astype(np.float64)  # many ties
    vectors = np.zeros((40, 8), dtype=np.float32)
    nan = np.full(40, np.nan)
    neighbours = Neighbours(
        vectors[0], 40, -1.0, facts, similarities, vectors, np.full(40, 0.6), nan, nan
    )
    ranked = rank_cdr(neighbours, novelty=False, now_seconds=0.0)
    want = sorted(range(40), key=lambda i: (-(0.6 * similarities[i]), ids[i]))
    assert [fact.fact_id for fact in ranked.facts] == [ids[i] for i in want]
    assert list(ranked.score) == sorted(ranked.score, reverse=True)


@pytest.mark.parametrize("novelty", [True, "partial", False])
def test_rank_cdr_of_kept_rows_is_the_whole_ranking_without_the_others(
    novelty: object, backend: str
) -> None:
    """``keep`` (the assembler leaves out facts a session was already given): the rows kept
    rank as they do among every row, with the same bits, on every backend's cdr_rank."""
    from multihorizon.tiers.coverage import CoverageSet
    from multihorizon.tiers.facts import Fact
    from multihorizon.tiers.knowledge import Neighbours
    from multihorizon.tiers.knowledge_cdr import rank_cdr

    rng = np.random.default_rng(11)
    count, dim = 50, 32
    facts = tuple(Fact(f"f{n}", "text") for n in rng.permutation(count))
    vectors = rng.standard_normal((count, dim)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    coverage = CoverageSet(dim)
    for n in range(5):
        coverage.add(f"c{n}", vectors[n * 7])
    ttl = np.where(rng.random(count) < 0.5, 100.0, np.nan)
    neighbours = Neighbours(
        vectors[0], count, -1.0, facts, rng.choice([0.3, 0.6, 0.9], count).astype(np.float64),
        vectors, rng.choice([0.4, 0.8], count), ttl, np.zeros(count),
    )  # fmt: skip
    keep = sorted(rng.choice(count, 12, replace=False).tolist())
    options = {"coverage": coverage, "novelty": novelty, "now_seconds": 70.0}
    every = rank_cdr(neighbours, **options)  # type: ignore[arg-type]
    kept = rank_cdr(neighbours, keep=keep, **options)  # type: ignore[arg-type]
    wanted = {facts[i].fact_id for i in keep}
    rows = [i for i, fact in enumerate(every.facts) if fact.fact_id in wanted]
    assert [fact.fact_id for fact in kept.facts] == [every.facts[i].fact_id for i in rows]
    for column in ("relevance", "novelty", "recency", "score"):
        assert getattr(kept, column).tolist() == getattr(every, column)[rows].tolist()
    assert len(rank_cdr(neighbours, keep=[], **options)) == 0  # type: ignore[arg-type]
