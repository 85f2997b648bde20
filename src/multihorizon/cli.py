"""The ``multihorizon`` command.

``multihorizon demo`` runs a scripted conversation through a ``ContextAssembler`` over a
small bundled knowledge base, with the embedded default embedder (no server, no download),
and prints per user turn the intent, blend, thread, references, headers and the packed
envelope. ``multihorizon replay FILE.jsonl`` does the same for a conversation of a file in
the ``../shared/data`` format.
``multihorizon eval FILE.jsonl --task threads|references|intent|retrieval`` scores the
library on real conversations against gold labels, with baselines (``evaluate``).
``multihorizon info`` reports the live backend; ``multihorizon rules`` lists every rule
beyond the spec's text with its switch, evidence and function (``rules``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Sequence

from . import __version__, _backend
from .evaluation import TASKS

# SPEC-028 §3.3's example conversation (etcd, a digression to backups, back to etcd TLS),
# with an enumerated answer and an ordinal reference to it, a clarification, a SQL tool call
# and "summarise the query result", and a hybrid document request.
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
    ("tool", "run_sql: SELECT name, peer_url, healthy FROM etcd_members"),
    ("user", "Summarise the query result: are all three members healthy?"),
    ("assistant", "Two of the three members are healthy; etcd-3 is failing its checks."),
    ("user", "Write me a guide about what we just discussed."),
]

DEMO_ROWS = [
    {"name": "etcd-1", "peer_url": "https://10.0.0.1:2380", "healthy": True},
    {"name": "etcd-2", "peer_url": "https://10.0.0.2:2380", "healthy": True},
    {"name": "etcd-3", "peer_url": "https://10.0.0.3:2380", "healthy": False},
]


def _demo(budget: int = 600) -> int:
    from .assembler import ContextAssembler
    from .demo_kb import DEMO_FACTS
    from .embed import HashingEmbedder
    from .knowledge import KnowledgeStore

    embedder = HashingEmbedder()
    knowledge = KnowledgeStore(embedder=embedder)
    knowledge.add_many(DEMO_FACTS)
    assembler = ContextAssembler(knowledge=knowledge, embedder=embedder)
    conversation = assembler.session("demo/etcd")
    print(
        f"multihorizon {__version__} demo: backend {_backend.name}, embedder "
        f"{embedder.model_id}, {len(knowledge)} facts, {budget}-token budget per turn; "
        "no server, no download\n"
    )
    started = time.perf_counter()
    for role, text in DEMO_TURNS:
        if role == "assistant":
            conversation.assistant(text)
            print(f"  assistant: {_short(text, 90)}")
            continue
        if role == "tool":
            tool, _, call = text.partition(": ")
            entry = conversation.tool_output(tool, DEMO_ROWS, args={"sql": call})
            print(f"  tool {tool} -> {entry.scratch_id} ({entry.output_type}, {call})")
            continue
        envelope = conversation.user(text, budget_tokens=budget)
        turn = envelope.turn
        print(f"\nuser: {text}")
        resumed = " (resumed)" if turn.thread_resumed else ""
        print(
            f"  intent {turn.intent}, blend P/C/E {turn.blend.header()}, "
            f"thread {turn.active_thread}{resumed}, mode {turn.mode}"
        )
        for reference in turn.references:
            print(f"  reference: {reference}")
        if envelope.sub_queries:
            print(f"  sub-queries: {' | '.join(envelope.sub_queries)}")
        for name, value in envelope.headers.items():
            print(f"    {name}: {value}")
        print(f"  envelope ({envelope.used_tokens}/{budget} tokens, in packing order):")
        for item in envelope.items:
            print(
                f"    [{item.tier} {item.source_id} {item.reason} {item.tokens}t] "
                f"{_short(item.content.replace(chr(10), ' / '), 84)}"
            )
    elapsed = (time.perf_counter() - started) * 1e6
    session = conversation.session
    print(
        f"\n{len(session.turns)} turns in {len(session.threads)} threads "
        f"({', '.join(session.threads)}); {elapsed / len(DEMO_TURNS):.0f} us per turn"
    )
    return 0


def _replay(args: argparse.Namespace) -> int:
    from .assembler import ContextAssembler
    from .errors import MultihorizonError
    from .evaluation import make_embedder, read_conversations

    try:
        conversations = read_conversations(args.path)
        embedder = make_embedder(args.embedder)
    except MultihorizonError as exc:
        print(f"multihorizon replay: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.conversation < len(conversations):
        print(
            f"multihorizon replay: --conversation must be in [0, {len(conversations)})",
            file=sys.stderr,
        )
        return 2
    conversation = conversations[args.conversation]
    assembler = ContextAssembler(embedder=embedder)
    name = re.sub(r"[^A-Za-z0-9._:@-]", "-", str(conversation.get("conv_id") or "replay"))
    session = assembler.session(f"replay/{name.strip('-._:@')[:100] or 'replay'}")
    print(f"{conversation.get('conv_id', '')}: {len(conversation['turns'])} turns")
    for turn in conversation["turns"][: args.turns]:
        content, role = turn["content"], turn["role"]
        if not content.strip():
            continue
        speaker = str(turn["speaker"]) if turn.get("speaker") else None
        if role == "tool":
            entry = session.tool_output("api", content)
            print(f"  tool -> {entry.scratch_id} ({entry.output_type})")
        elif role == "assistant":
            session.assistant(content, speaker=speaker)
            print(f"  assistant: {_short(content, 90)}")
        else:
            envelope = session.user(content, budget_tokens=args.budget, speaker=speaker)
            head = envelope.turn
            print(f"\nuser{f' {speaker}' if speaker else ''}: {_short(content, 90)}")
            print(
                f"  {head.intent} {head.blend.header()} thread {head.active_thread}"
                f"{' (resumed)' if head.thread_resumed else ''}; "
                f"{len(head.references)} references; {envelope.used_tokens}/{args.budget} tokens"
            )
            for item in envelope.items[1:4]:
                print(
                    f"    [{item.tier} {item.source_id} {item.reason}] {_short(item.content, 80)}"
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


def _rules(*, spec: bool) -> int:
    from .config import Config
    from .rules import rules_table

    print(rules_table(Config.spec() if spec else Config()))
    return 0


def _eval(args: argparse.Namespace) -> int:
    from .config import Config
    from .errors import MultihorizonError
    from .evaluation import evaluate

    config = Config(peer_replies=True) if args.peer_replies else Config()
    try:
        report = evaluate(
            args.path, args.task, embedder=args.embedder, config=config, limit=args.limit
        )
    except MultihorizonError as exc:
        print(f"multihorizon eval: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_dict()) if args.json else report.table())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="multihorizon", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"multihorizon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser(
        "demo", help="a scripted conversation through the assembler, on a bundled knowledge base"
    )
    demo.add_argument("--budget", type=int, default=600, help="tokens per envelope")
    replay = commands.add_parser(
        "replay", help="replay a JSONL conversation (../shared/data format) through the assembler"
    )
    replay.add_argument("path")
    replay.add_argument("--conversation", type=int, default=0, help="which line (from 0)")
    replay.add_argument("--turns", type=int, default=40, help="at most this many turns")
    replay.add_argument("--budget", type=int, default=1000, help="tokens per envelope")
    replay.add_argument("--embedder", default="hashing")
    commands.add_parser("info", help="show the live backend")
    listing = commands.add_parser(
        "rules", help="list every rule beyond the spec's text: switch, evidence, function"
    )
    listing.add_argument(
        "--spec", action="store_true", help="show each rule's state under Config.spec()"
    )
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
    scoring.add_argument(
        "--peer-replies",
        action="store_true",
        help="both sides are people: a reply may open a topic (Config.peer_replies)",
    )
    args = parser.parse_args(argv)
    if args.command == "eval":
        return _eval(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "demo":
        return _demo(args.budget)
    if args.command == "rules":
        return _rules(spec=args.spec)
    return _info()


if __name__ == "__main__":
    sys.exit(main())
