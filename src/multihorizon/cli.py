"""The ``multihorizon`` command.

``multihorizon demo`` replays a short scripted conversation through a ``Session`` with the
embedded default embedder (no server, no download) and prints, per user turn, the SPEC-028
§7 headers, the resolved references, the chosen context and the Active Thread Summary.
``multihorizon eval FILE.jsonl --task threads|references|intent|retrieval`` scores the
library on real conversations against gold labels, with baselines (``evaluate``).
``multihorizon info`` reports the live backend.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from . import __version__, _backend
from .evaluate import TASKS
from .session import Session

# SPEC-028 §3.3's example conversation, with a digression, a resumption, an ordinal
# reference, a clarification and a tool result.
DEMO_TURNS: list[tuple[str, str]] = [
    ("user", "How do I configure etcd? We run etcd 3.5 on three nodes."),
    (
        "assistant",
        "To configure etcd, set --initial-cluster on each member and enable client TLS: "
        "1. generate a CA, 2. issue server certificates, 3. restart the members.",
    ),
    ("user", "Actually, what's a good backup strategy for Postgres? We must keep 30 days."),
    ("assistant", "Use pg_basebackup nightly plus WAL archiving for point-in-time recovery."),
    ("user", "What do you mean by WAL archiving?"),
    ("assistant", "Each write-ahead log segment is copied to safe storage as it fills."),
    ("user", "Back to etcd - what about TLS? Tell me more about the second step."),
    ("assistant", "Issue one server certificate per member, signed by your CA."),
    ("tool", "run_sql: SELECT count(*) FROM members -> 3"),
    ("user", "Does the query result match the three nodes we run?"),
]


def _demo() -> int:
    session = Session()
    print(
        f"multihorizon {__version__} demo: backend {_backend.name}, embedder "
        f"{session.model_id}, no server, no download\n"
    )
    started = time.perf_counter()
    user_turns = 0
    for role, text in DEMO_TURNS:
        if role == "assistant":
            session.assistant(text)
            print(f"  assistant: {_short(text)}")
            continue
        if role == "tool":
            tool, _, output = text.partition(": ")
            entry = session.tool_output(tool, output)
            print(f"  tool {tool}: {output}  ({entry.entry_id})")
            continue
        envelope = session.user(text)
        user_turns += 1
        print(f"\nuser: {text}")
        for name, value in envelope.headers.items():
            print(f"    {name}: {value}")
        if envelope.thread_resumed:
            print("    (thread resumed: its dormant turns and state return)")
        for reference in envelope.references:
            print(f"    reference: {reference}")
        for item in envelope.items[:3]:
            print(f"    context: {item}")
        for line in envelope.summary.splitlines():
            print(f"    | {line}")
    elapsed = (time.perf_counter() - started) * 1e6
    print(
        f"\n{len(session.turns)} turns in {len(session.threads)} threads "
        f"({', '.join(session.threads)}); {elapsed / len(DEMO_TURNS):.0f} us per turn"
    )
    return 0


def _short(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _info() -> int:
    print(f"multihorizon {__version__}")
    print(f"backend: {_backend.name} (available: {', '.join(_backend.available())})")
    if _backend.name == "cpp":
        from . import _core

        print(f"simd: {_core._simd_level()}")
    return 0


def _eval(args: argparse.Namespace) -> int:
    from .errors import MultihorizonError
    from .evaluate import evaluate

    try:
        report = evaluate(args.path, args.task, embedder=args.embedder, limit=args.limit)
    except MultihorizonError as exc:
        print(f"multihorizon eval: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_dict()) if args.json else report.table())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="multihorizon", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"multihorizon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("demo", help="replay a scripted conversation through the kernels")
    commands.add_parser("info", help="show the live backend")
    scoring = commands.add_parser(
        "eval", help="score threads, references, intent or retrieval on a JSONL conversation file"
    )
    scoring.add_argument("path", help="conversations in the ../shared/data JSON Lines format")
    scoring.add_argument("--task", required=True, choices=TASKS)
    scoring.add_argument(
        "--embedder",
        default="hashing",
        help="'hashing' (default) or 'st:MODEL_OR_PATH' (sentence-transformers)",
    )
    scoring.add_argument("--limit", type=int, default=None, help="the first N conversations")
    scoring.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.command == "eval":
        return _eval(args)
    return {"demo": _demo, "info": _info}[args.command]()


if __name__ == "__main__":
    sys.exit(main())
