"""Every user turn's decisions over the real data, one JSON line each, to compare two trees
(issue 14: a latency change must not move a decision).

    python tools/decision_replay.py OUT.jsonl [--conversations 6] [--turns 300]

Replays the first ``--conversations`` conversations of each file (at most ``--turns`` turns
each) through ``Session.user``/``Session.assistant``/``Session.tool`` with the hashing
embedder, and writes per user turn: where, intent, active thread, whether it resumed, the
references (type, target turn, surface, span) and the context items (turn id, reason). The
data folder is ``tests/shared_data.locate()``'s (``MULTIHORIZON_DATA``, else ``shared/data``
beside the checkout); turns are logged by ``shared_data.log_turn``, as the differential tests
log them. Run it with each tree's ``multihorizon`` on the path (``PYTHONPATH=OTHER/src`` from
an interpreter without an editable install) and ``cmp`` the two files.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import islice
from pathlib import Path
from typing import Any, TextIO

import multihorizon as mh

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from shared_data import MISSING_DATA, locate, log_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--conversations", type=int, default=6)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--data", type=Path, default=locate())
    args = parser.parse_args()
    if args.data is None:
        parser.error(MISSING_DATA)
    embedder = mh.HashingEmbedder()
    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path in sorted(args.data.glob("*.jsonl")):
            with path.open(encoding="utf-8") as handle:
                for line in islice(handle, args.conversations):
                    conversation = json.loads(line)
                    written += _replay(path.name, conversation, args.turns, embedder, out)
    print(f"{written} user turns -> {args.out} ({mh.__file__})", file=sys.stderr)


def _replay(
    name: str,
    conversation: dict[str, Any],
    limit: int,
    embedder: mh.HashingEmbedder,
    out: TextIO,
) -> int:
    session = mh.Session(embedder=embedder)
    written = 0
    for turn in conversation["turns"][:limit]:
        envelope = log_turn(session, turn, embedder)
        if not isinstance(envelope, mh.Envelope):
            continue  # a reply, a tool output or an empty turn
        record = {
            "at": f"{name} {conversation['conv_id']} {turn['turn_id']}",
            "intent": str(envelope.intent),
            "thread": envelope.active_thread,
            "resumed": envelope.thread_resumed,
            "refs": [
                [str(r.type), r.target_turn, r.surface, r.start, r.end] for r in envelope.references
            ],
            "items": [[item.turn_id, item.reason] for item in envelope.items],
            "antecedents": list(envelope.antecedents),
        }
        out.write(json.dumps(record) + "\n")
        written += 1
    return written


if __name__ == "__main__":
    main()
