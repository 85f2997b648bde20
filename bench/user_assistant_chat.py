"""``Session.user`` on real assistant-chat conversations, side by side with a previous copy
(issue 14: the intent stage's native settle): the first conversations of ``sgd.jsonl`` and
``trec_cast_2019.jsonl`` replayed turn by turn in both copies, interleaved, each user turn
timed (hashing vectors computed once and given). Per-turn p50 / p99 and the p50 ratio.

    python bench/user_assistant_chat.py --previous DIR [--conversations N] [--rounds N]

``DIR`` as for ``bench/intent_latency.py --previous``; every turn's intent must agree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import multihorizon as mh
from intent_latency import previous_package
from shared_data import locate

FILES = ("sgd.jsonl", "trec_cast_2019.jsonl")


def conversations(count: int) -> list[list[tuple[str, str]]]:
    folder = locate()
    if folder is None:
        raise SystemExit("shared/data not found (set MULTIHORIZON_DATA)")
    found = []
    for name in FILES:
        with (folder / name).open(encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                if number >= count:
                    break
                turns = json.loads(line)["turns"][:120]
                found.append([(t["role"], t["content"]) for t in turns if t["content"].strip()])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--previous", required=True)
    parser.add_argument("--conversations", type=int, default=10, help="per file")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    packages: dict[str, Any] = {"ours": mh, "previous": previous_package(args.previous)}
    embedder = mh.HashingEmbedder()
    chats = conversations(args.conversations)
    vectors = [embedder.embed([text for _, text in chat]) for chat in chats]
    times: dict[str, list[float]] = {side: [] for side in packages}
    clock = time.perf_counter_ns
    for _ in range(args.rounds):
        for chat, rows in zip(chats, vectors, strict=True):
            sessions = {side: package.Session() for side, package in packages.items()}
            for turn, ((role, text), vector) in enumerate(zip(chat, rows, strict=True)):
                intents = set()
                order = list(sessions.items())  # who goes first alternates
                for side, session in order if turn % 4 < 2 else order[::-1]:
                    if role != "user":
                        session.assistant(text, embedding=vector)
                        continue
                    start = clock()
                    envelope = session.user(text, embedding=vector)
                    times[side].append(clock() - start)
                    intents.add(str(envelope.intent))
                if len(intents) > 1:
                    raise SystemExit(f"intents differ on {text!r}: {intents}")
    p50 = {}
    for side, samples in times.items():
        samples.sort()
        p50[side] = statistics.median(samples)
        p99 = samples[int(0.99 * (len(samples) - 1))]
        line = f"p50 {p50[side] / 1000:7.1f} us  p99 {p99 / 1000:7.1f} us"
        print(f"{side:9s} {len(samples)} turns  {line}")
    print(f"Session.user p50 ours / previous: {p50['ours'] / p50['previous']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
