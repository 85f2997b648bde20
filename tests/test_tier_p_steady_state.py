"""Issue 14 item 5 for Tier P: a turn's allocations do not grow with the knowledge store (the
query, CDR and packing touch the candidates only, never a column of every fact)."""

from __future__ import annotations

import tracemalloc
from typing import Any

import numpy as np
import pytest

import multihorizon as mh

QUERIES = (
    "How do I configure etcd TLS certificates for every member?",
    "What's a good backup strategy for postgres replicas?",
    "kafka consumer offset retry under latency",
    "redis cache eviction behind a proxy",
)


def _turns(filler: int) -> tuple[int, list[Any]]:
    """The peak bytes allocated by a turn, and the turns' items, over a store of 200 facts
    about the queries' topics plus ``filler`` facts far from all of them."""
    rng = np.random.default_rng(3)
    embedder = mh.HashingEmbedder()
    words = [f"w{i}" for i in range(400)]
    texts = [f"{query} {' '.join(rng.choice(words, 6))}" for query in QUERIES for _ in range(50)]
    far = rng.normal(size=(filler, 384))  # random directions: cosine ~0 to every query
    vectors = np.vstack([embedder.embed(texts), far / np.linalg.norm(far, axis=1)[:, None]])
    store = mh.KnowledgeStore(capacity=len(vectors))
    facts = [mh.Fact(f"f{i}", texts[i], "docs") for i in range(len(texts))]
    facts += [mh.Fact(f"x{i}", f"filler {i}", "docs") for i in range(filler)]
    store.add_many(facts, vectors.astype(np.float32))
    assembler = mh.ContextAssembler(knowledge=store, embedder=embedder, tier_p_worker=False)
    session = assembler.session("steady")
    for text in QUERIES * 2:  # warm: caches and the index's visited lists
        session.preview(text)
    peaks, items = [], []
    for text in QUERIES:
        tracemalloc.start()
        envelope = session.preview(text)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        items.append(envelope.items)
    return max(peaks), items


@pytest.mark.skipif(
    mh.backend == "python",
    reason="the NumPy reference's int8 scan (a store this small is searched exactly) makes "
    "per-row arrays; the native kernels work in fixed blocks",
)
def test_a_turns_allocations_do_not_grow_with_the_store() -> None:
    (small, small_items), (large, large_items) = _turns(0), _turns(4_000)

    def facts(turns: list[Any]) -> list[int]:
        return [sum(item.tier == "P" for item in items) for items in turns]

    assert facts(small_items) == facts(large_items)  # as many candidates packed
    assert min(facts(large_items)) > 0
    # 20x the facts: a column of every fact would add >= 4,000 x 8 bytes (32 kB) at least.
    assert large < small + 16_000, (small, large)
