"""Knowledge ingest rate on real-text facts (issue 14 item 4), for side-by-side runs of two
trees (``run_tree.py``): ``KnowledgeStore.add_many`` of ``--facts`` facts in batches of
``--batch`` with precomputed hashing-embedder vectors (hnswlib on all cores), and the time
spent in each batch.

    python bench/ingest_rate.py --facts 100000
    python bench/run_tree.py OLD/src bench/ingest_rate.py --facts 100000

Prints facts/s over the whole ingest, the CDGR edge count, and the rate of the first and last
tenth (hnswlib's insert slows as the graph grows).
"""

from __future__ import annotations

import argparse
import time

import knowledge_data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=5000)
    args = parser.parse_args()
    import multihorizon as mh

    texts = knowledge_data.real_texts(args.facts)
    vectors = knowledge_data.real_vectors(args.facts)
    facts = [mh.Fact(f"f{i}", texts[i], "bench") for i in range(args.facts)]
    store = mh.KnowledgeStore(capacity=args.facts, embedder=mh.HashingEmbedder())
    spent: list[float] = []
    for start in range(0, args.facts, args.batch):
        began = time.perf_counter()
        store.add_many(facts[start : start + args.batch], vectors[start : start + args.batch])
        spent.append(time.perf_counter() - began)
    tenth = max(1, len(spent) // 10)
    total = sum(spent)
    print(
        f"{mh.__file__}: {args.facts:,} facts in {total:.1f} s = {args.facts / total:,.0f} "
        f"facts/s; first tenth {args.batch * tenth / sum(spent[:tenth]):,.0f}/s, last tenth "
        f"{args.batch * tenth / sum(spent[-tenth:]):,.0f}/s; {store.edge_count:,} edges; "
        f"params {store.params.as_dict()}",
        flush=True,
    )


if __name__ == "__main__":
    main()
