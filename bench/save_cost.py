"""Issue 18 items 3-4: bytes written per save, and restore CPU, against the session's length.

    python bench/save_cost.py [--turns 100 1000 10000]

A session of N turns (alternating user and assistant, a new topic every 40 turns,
the default hashing embedder);
then one more user turn saved incrementally as the assembler saves it (the head record plus
the new turn record), and the whole session decoded from its records (the CPU a replica
spends to pick it up). Prints one row per N: head bytes, turn-record bytes, bytes per save,
the head's share of it, and decode CPU (process time, best of 3).
"""

from __future__ import annotations

import argparse
import time

import multihorizon as mh
from multihorizon.persist import decode, encode

_WORDS = ("etcd", "postgres", "ingress", "redis", "kafka", "nginx", "vault", "grafana", "mysql",
          "ceph", "consul", "traefik", "minio", "airflow", "spark", "elastic")  # fmt: skip


def _topic(block: int) -> str:
    """A new topic every 40 turns (a new thread and its state), some of them resumed."""
    first, second = _WORDS[block % len(_WORDS)], _WORDS[(block // len(_WORDS)) % len(_WORDS)]
    return f"{first} {second} cluster {block % 97}"


def _session(turns: int) -> mh.Session:
    session = mh.Session(session_id="bench/save")
    for turn in range(turns):
        topic = _topic(turn // 40)
        if turn % 2 == 0:
            session.user(f"How do I tune {topic}, step {turn}?")
        else:
            session.assistant(f"For {topic}: set the option to {turn} and restart.")
    return session


def _row(turns: int) -> str:
    session = _session(turns)
    before = len(session)
    session.user("and what about the second option?")
    head, records = encode(session, first_turn=before)
    turn_bytes = sum(len(record) for record in records)
    full_head, all_turns = encode(session)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        decode(full_head, all_turns)
        best = min(best, time.process_time() - start)
    total = len(head) + turn_bytes
    return (
        f"{turns:>7} {len(head):>10} {turn_bytes:>10} {total:>10} "
        f"{100 * len(head) / total:>6.1f}% {best * 1e3:>10.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[100, 1000, 10000])
    args = parser.parse_args()
    print(
        f"{'turns':>7} {'head B':>10} {'turn B':>10} {'save B':>10} {'head%':>7} {'decode ms':>10}"
    )
    for turns in args.turns:
        print(_row(turns), flush=True)


if __name__ == "__main__":
    main()
