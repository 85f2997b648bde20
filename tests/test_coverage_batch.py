"""A committed envelope's facts join the session's coverage set in one pass (issue 14):
``CoverageSet.add_many`` leaves the very bits ``add`` one fact at a time leaves (the coverage,
so the novelty and the CDR order of every later turn, cannot move), and the packing's sums
for the headers are those of the packed items."""

from __future__ import annotations

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.tiers.coverage import CoverageSet

DIM = 48


def _one_by_one(
    start: CoverageSet, ids: list[str], vectors: np.ndarray, depth: float
) -> CoverageSet:
    for fact_id, vector in zip(ids, vectors, strict=True):
        start.add(fact_id, vector, depth=depth)
    return start


@pytest.mark.parametrize("seed", range(6))
def test_add_many_is_add_one_by_one_bit_for_bit(seed: int) -> None:
    rng = np.random.default_rng(seed)
    depth = float(rng.choice([0.5, 0.25, 1.0, 0.3]))
    one, many = CoverageSet(DIM), CoverageSet(DIM)
    for batch in range(5):
        count = int(rng.integers(1, 70))
        vectors = (rng.standard_normal((count, DIM)) * 10 ** rng.uniform(-3, 3)).astype(np.float32)
        # Ids repeat within a batch and across batches: each is added once.
        ids = [f"f{int(i)}" for i in rng.integers(0, 120, count)]
        _one_by_one(one, ids, vectors, depth)
        many.add_many(ids, vectors, depth=depth)
        assert many.fact_ids == one.fact_ids, batch
        assert many.state()["depth_sum"] == one.state()["depth_sum"]
        assert np.array_equal(many.state()["weighted"], one.state()["weighted"]), batch
        probe = rng.standard_normal((7, DIM)).astype(np.float32)
        assert np.array_equal(many.coverage(probe), one.coverage(probe))


def test_add_many_of_nothing_new_changes_nothing() -> None:
    coverage = CoverageSet(DIM)
    vectors = np.eye(DIM, dtype=np.float32)[:3]
    coverage.add_many(["a", "b", "c"], vectors)
    before = coverage.state()
    coverage.add_many(["b", "a"], vectors[:2] * 5)
    coverage.add_many([], np.empty((0, DIM), dtype=np.float32))
    after = coverage.state()
    assert after["fact_ids"] == before["fact_ids"] == ["a", "b", "c"]
    assert after["depth_sum"] == before["depth_sum"]
    assert np.array_equal(after["weighted"], before["weighted"])


def _assembler(scratch_entries: int) -> tuple[mh.ContextAssembler, list[str]]:
    embedder = mh.HashingEmbedder()
    store = mh.KnowledgeStore(embedder=embedder)
    topics = ["tomato blight", "sourdough starter", "bicycle chain", "kettle descaling"]
    texts = [f"{topic} note {n}: how the {topic} behaves in week {n}" for topic in topics
             for n in range(12)]  # fmt: skip
    store.add_many([mh.Fact(f"f{i}", text, "notes") for i, text in enumerate(texts)])
    assembler = mh.ContextAssembler(knowledge=store, embedder=embedder, tier_p_worker=False)
    session = assembler.session("s")
    for n in range(scratch_entries):
        session.tool_output(f"tool{n}", "line of output\n" * (10 + 25 * n), volatility="STABLE")
    return assembler, topics


@pytest.mark.parametrize("budget", [300, 700, 4000])
def test_headers_sum_the_packed_items(budget: int) -> None:
    """Tokens per tier, facts used and the scratch tokens saved, against the items."""
    assembler, topics = _assembler(scratch_entries=6)
    session = assembler.session("s")
    seen_facts = 0
    for turn in range(8):
        envelope = session.user(
            f"what about the {topics[turn % 4]} this week?", budget_tokens=budget
        )
        per_tier = {"S": 0, "P": 0, "C": 0, "E": 0}
        for item in envelope.items:
            per_tier[item.tier] += item.tokens
        assert dict(envelope.tier_tokens) == per_tier
        headers = envelope.headers
        assert headers["CRP-Context-Tokens-Used"] == str(sum(per_tier.values()))
        facts = sum(item.tier == "P" for item in envelope.items)
        seen_facts += facts
        assert headers["CRP-Context-Facts-Used"].split("/")[0] == str(facts)
        entries = {entry.scratch_id: entry for entry in session.session.scratch}
        saved = sum(
            max(0, entries[item.source_id].raw_token_count - item.tokens)
            for item in envelope.items
            if item.tier == "E"
        )
        assert headers["CRP-Context-Scratch-Tokens-Saved"] == str(saved)
    assert seen_facts > 0  # the turns did pack facts
