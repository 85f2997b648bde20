"""Per-probe report on the enumerated items of hand-written files: every probe with a
``gold_item`` whose turn the session got right but whose item it got wrong (or none), and
the turn-and-item figures per file.

python tools/item_report.py tests/data/handwritten/*.jsonl [-v]

Figures as the evaluation's references task (``multihorizon eval FILE --task references``,
item accuracy: the first resolved reference that names an item, default hashing embedder);
``-v`` prints each item miss with the turn gold and got and the references resolved.
"""

from __future__ import annotations

import sys

from multihorizon import Config
from multihorizon.embed import HashingEmbedder
from multihorizon.evaluation.metrics import first_item, same_item
from multihorizon.evaluation.replay import read_conversations, replays


def report(path: str, verbose: bool) -> tuple[int, int, int]:
    """(item right, turn right but item wrong, all probes with a gold item) over ``path``."""
    config = Config().replace(antecedents=True)
    right = turn_only = total = 0
    for (replay,) in replays(read_conversations(path), HashingEmbedder(), [config]):
        for _, _, probes in replay.steps():
            for probe in probes:
                gold = probe.get("gold_item")
                if gold is None:
                    continue
                total += 1
                envelope = replay.ask(probe)
                item = first_item(envelope.references)
                if same_item(item, gold):
                    right += 1
                    continue
                wanted = set(probe.get("gold_turn_ids") or ())
                ours = [replay.data_ids[turn] for turn in envelope.antecedents]
                turn_ok = bool(ours) and ours[0] in wanted
                turn_only += turn_ok
                if verbose:
                    refs = [(r.type, r.surface, r.target_turn, r.item) for r in envelope.references]
                    print(
                        f"{'TURN-OK' if turn_ok else 'TURN-NO'} {replay.conversation['conv_id']}"
                        f"@{probe['at_turn']} {probe['query']!r}\n    gold {sorted(wanted)} "
                        f"{gold!r}\n    got {ours[:3]} {item!r}\n    refs {refs}"
                    )
    return right, turn_only, total


def main(paths: list[str], verbose: bool) -> None:
    pooled = [0, 0, 0]
    for path in paths:
        right, turn_only, total = report(path, verbose)
        if total:
            print(
                f"{path}: item {right}/{total} = {right / total:.3f}, "
                f"turn right item wrong {turn_only}"
            )
        pooled = [a + b for a, b in zip(pooled, (right, turn_only, total), strict=True)]
    if pooled[2]:
        print(
            f"pooled: item {pooled[0]}/{pooled[2]} = {pooled[0] / pooled[2]:.3f}, "
            f"turn right item wrong {pooled[1]}"
        )


if __name__ == "__main__":
    main([a for a in sys.argv[1:] if a != "-v"], "-v" in sys.argv)
