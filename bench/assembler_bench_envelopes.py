"""The assembler benchmarks' own session, envelope by envelope (issue 14): a latency change
to the assembler must leave the envelopes of the session it is timed on as they were.

    python bench/assembler_bench_envelopes.py --out A.jsonl [--facts 10000] [--turns 400]
    python bench/run_tree.py OTHER/src bench/assembler_bench_envelopes.py --out B.jsonl
    cmp A.jsonl B.jsonl

The setup is ``assembler_side_by_side.py``'s (``--facts`` real-text facts, the 1,000-turn
session of ``knowledge_data.fill_session`` with its 50 tool outputs, a 4,000-token budget,
the assembler's default worker) and its turns (fact ``(n * 13) % facts``'s text and vector).
Each ``user()`` envelope of the 1,000 filling turns and of the ``--turns`` timed ones is one
JSON line: the rendered envelope's SHA-256, its items (tier, source id, tokens, reason,
score's ``repr``), headers and tier tokens; the digest of every line is printed.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
from typing import Any

import knowledge_data

TURNS = 1000


def line(envelope: Any) -> str:
    """One envelope as a JSON line."""
    items = [
        [item.tier, item.source_id, item.tokens, item.reason, repr(item.score)]
        for item in envelope.items
    ]
    return json.dumps(
        {
            "render": hashlib.sha256(envelope.render().encode()).hexdigest(),
            "items": items,
            "headers": dict(envelope.headers),
            "tier_tokens": dict(envelope.tier_tokens),
        }
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10000)
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--out", default=None, help="write the envelopes' JSON lines here")
    args = parser.parse_args()
    import multihorizon as mh

    facts = args.facts
    texts = knowledge_data.real_texts(facts + TURNS)
    vectors = knowledge_data.real_vectors(facts + TURNS)
    store = mh.KnowledgeStore(capacity=facts, embedder=mh.HashingEmbedder())
    store.add_many([mh.Fact(f"f{i}", texts[i], "bench") for i in range(facts)], vectors[:facts])
    assembler = mh.ContextAssembler(knowledge=store, embedder=mh.HashingEmbedder())
    session = assembler.session("bench")
    lines: list[str] = []
    user = session.user

    def logged(*call: Any, **options: Any) -> Any:  # the filling turns' envelopes too
        envelope = user(*call, **options)
        lines.append(line(envelope))
        return envelope

    session.user = logged  # type: ignore[method-assign]
    knowledge_data.fill_session(
        session, texts[facts : facts + TURNS], vectors[facts : facts + TURNS]
    )
    positions = itertools.count()
    for _ in range(args.turns):
        position = (next(positions) * 13) % facts
        logged(texts[position], embedding=vectors[position], budget_tokens=4000)
    assembler.close()
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print(f"{len(lines)} envelopes ({mh.backend}), digest {digest}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
