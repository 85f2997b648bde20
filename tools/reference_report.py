"""Per-probe report on a hand-written reference file: acc@1 by probe kind and every miss.

python tools/reference_report.py tests/data/handwritten/references_entities_tune.jsonl [-v]

The figures are the evaluation's references task (``multihorizon eval FILE --task
references``, default hashing embedder) split by the probes' ``kind``; ``-v`` prints each
miss with the references the session resolved.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from multihorizon import Config
from multihorizon.embed import HashingEmbedder
from multihorizon.evaluation.replay import read_conversations, replays


def main(path: str, verbose: bool) -> None:
    conversations = read_conversations(path)
    config = Config().replace(antecedents=True)
    hits: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (replay,) in replays(conversations, HashingEmbedder(), [config]):
        for _, _, probes in replay.steps():
            for probe in probes:
                wanted = set(probe.get("gold_turn_ids") or ())
                if not wanted:
                    continue
                envelope = replay.ask(probe)
                # As the evaluation's references task: resolved tool entries first (a tool
                # turn is a scratch entry, never a logged turn), then the antecedents.
                ours = [
                    replay.tool_ids.get(ref.scratch_entry, -1)
                    for ref in envelope.references
                    if ref.scratch_entry is not None
                ]
                ours.extend(replay.data_ids[turn] for turn in envelope.antecedents)
                ours = list(dict.fromkeys(ours))
                ok = bool(ours) and ours[0] in wanted
                kind = probe.get("kind") or "-"
                for key in (kind, "all"):
                    hits[key][0] += ok
                    hits[key][1] += 1
                if verbose and not ok:
                    refs = [(ref.type, ref.surface, ref.target_turn) for ref in envelope.references]
                    print(
                        f"{replay.conversation['conv_id']}@{probe['at_turn']} [{kind}] "
                        f"{probe['query']!r}: gold {sorted(wanted)} got {ours[:3]} refs {refs}"
                    )
    for key, (good, total) in sorted(hits.items()):
        print(f"{key:10s} {good}/{total} = {good / total:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], "-v" in sys.argv)
