"""Envelope equality over replayed turns (issue 14): the same conversation through a
``ContextAssembler`` with Tier P's worker and without it, each envelope written as one JSON
line (items with tier, id, tokens, reason and score; headers), and a digest of all of them.

    python bench/assembler_envelopes.py [--facts 5000] [--turns 300] [--out FILE]
    python bench/run_tree.py /tmp/main-tree/src bench/assembler_envelopes.py --out main.jsonl

Run it against another tree (``run_tree.py``) and compare the files (or the digests): the
envelopes of a change that must not move them are byte for byte those of the tree before it.
The conversation mixes the facts' own texts (Tier P packs), other real turns, tool outputs,
follow-ups ("tell me more": partial novelty), hybrid requests ("write me a guide about what
we just discussed": sub-queries and CDGR connectors) and budgets from tight to loose; a
third of the facts age (SPEC-027 TTLs against fixed times, so every run scores them alike).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

import knowledge_data

BUDGETS = (300, 900, 1500, 4000)
FOLLOW_UPS = (
    "tell me more",
    "go on",
    "what else?",
    "write me a guide about what we just discussed",
)


def replay(facts: int, turns: int, worker: bool) -> list[str]:
    import multihorizon as mh

    texts = knowledge_data.real_texts(facts + turns)
    vectors = knowledge_data.real_vectors(facts + turns)
    store = mh.KnowledgeStore(capacity=facts, embedder=mh.HashingEmbedder())
    batch = [
        mh.Fact(
            f"f{i}", texts[i], "bench", importance_weight=(0.4, 0.6, 0.9)[i % 3],
            ttl=(None, 10.0, 1e12)[i % 3], modified_at=0.0 if i % 3 else None,
        )
        for i in range(facts)
    ]  # fmt: skip
    store.add_many(batch, vectors[:facts])
    assembler = mh.ContextAssembler(
        knowledge=store, embedder=mh.HashingEmbedder(), tier_p_worker=worker
    )
    session = assembler.session("replay")
    lines = []
    for turn in range(turns):
        budget = BUDGETS[turn % len(BUDGETS)]
        if turn % 7 == 3:
            envelope = session.user(FOLLOW_UPS[turn % len(FOLLOW_UPS)], budget_tokens=budget)
        elif turn % 2:
            position = (turn * 37) % facts
            envelope = session.user(
                texts[position], embedding=vectors[position], budget_tokens=budget
            )
        else:
            envelope = session.user(
                texts[facts + turn], embedding=vectors[facts + turn], budget_tokens=budget
            )
        session.assistant(texts[(turn * 11 + 5) % facts])
        if turn % 10 == 0:
            session.tool_output(f"tool_{turn % 3}", {"rows": turn, "status": "ok"})
        items = [
            [item.tier, item.source_id, item.tokens, item.reason, repr(item.score)]
            for item in envelope.items
        ]
        lines.append(json.dumps({"turn": turn, "items": items, "headers": dict(envelope.headers)}))
    assembler.close()
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=5000)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--out", default=None, help="write the envelopes' JSON lines here")
    args = parser.parse_args()
    sequential = replay(args.facts, args.turns, worker=False)
    beside = replay(args.facts, args.turns, worker=True)
    digest = hashlib.sha256("\n".join(sequential).encode()).hexdigest()
    same = sum(a == b for a, b in zip(sequential, beside, strict=True))
    print(f"sequential digest {digest}")
    print(f"worker == sequential: {same}/{len(sequential)} envelopes")
    facts_used = sum('"P"' in line for line in sequential)
    print(f"envelopes with Tier P facts: {facts_used}/{len(sequential)}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write("\n".join(sequential) + "\n")
    return 0 if same == len(sequential) else 1


if __name__ == "__main__":
    sys.exit(main())
