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
import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from . import __version__, _backend

TASKS = ("threads", "references", "intent", "retrieval")  # evaluation.TASKS, checked by a test

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
    from .assembly.assembler import ContextAssembler
    from .demo_kb import DEMO_FACTS
    from .embed import HashingEmbedder
    from .tiers.knowledge import KnowledgeStore

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
    from .assembly.assembler import ContextAssembler
    from .evaluation import make_embedder, read_conversations

    conversations = read_conversations(args.path)
    if args.conversation >= len(conversations):
        raise _UsageError(
            f"--conversation {args.conversation}: {args.path} has {len(conversations)} "
            f"conversation(s), numbered from 0"
        )
    embedder = _embedder(make_embedder, args.embedder)
    conversation = conversations[args.conversation]
    assembler = ContextAssembler(embedder=embedder)
    name = re.sub(r"[^A-Za-z0-9._:@-]", "-", str(conversation.get("conv_id") or "replay"))
    session = assembler.session(f"replay/{name.strip('-._:@')[:100] or 'replay'}")
    turns = conversation["turns"][: args.turns]
    print(f"{conversation.get('conv_id', '')}: {len(conversation['turns'])} turns")
    with _bar(args.progress, total=len(turns), desc="replay", unit="turn") as bar:
        for turn in turns:
            bar.update()
            content, role = turn["content"], turn["role"]
            if not content.strip():
                continue
            speaker = str(turn["speaker"]) if turn.get("speaker") else None
            if role == "tool":
                entry = session.tool_output("api", content)
                bar.out(f"  tool -> {entry.scratch_id} ({entry.output_type})")
            elif role == "assistant":
                session.assistant(content, speaker=speaker)
                bar.out(f"  assistant: {_short(content, 90)}")
            else:
                envelope = session.user(content, budget_tokens=args.budget, speaker=speaker)
                head = envelope.turn
                bar.out(f"\nuser{f' {speaker}' if speaker else ''}: {_short(content, 90)}")
                bar.out(
                    f"  {head.intent} {head.blend.header()} thread {head.active_thread}"
                    f"{' (resumed)' if head.thread_resumed else ''}; "
                    f"{len(head.references)} references; "
                    f"{envelope.used_tokens}/{args.budget} tokens"
                )
                for item in envelope.items[1:4]:
                    bar.out(
                        f"    [{item.tier} {item.source_id} {item.reason}] "
                        f"{_short(item.content, 80)}"
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
    from .evaluation import evaluate, make_embedder, read_conversations

    conversations = read_conversations(args.path)[: args.limit]
    labelled = _labelled(conversations, args.task)
    if not labelled:
        print(
            f"multihorizon eval: warning: {args.path} has no labels for --task {args.task} "
            f"({_LABELS[args.task]}): every score below is 0 by construction",
            file=sys.stderr,
        )
    embedder = _embedder(make_embedder, args.embedder)
    config = Config(peer_replies=args.peer_replies)
    with _bar(
        args.progress, total=len(conversations), desc=f"eval {args.task}", unit="conv"
    ) as bar:

        def progress(items: Sequence[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            for item in items:
                yield item
                bar.update()

        report = evaluate(
            args.path, args.task, embedder=embedder, config=config, limit=args.limit,
            progress=progress,
        )  # fmt: skip
    print(json.dumps(report.as_dict()) if args.json else report.table())
    return 0


# What each task scores against, for the no-labels warning.
_LABELS = {
    "threads": "turns with a 'thread'",
    "references": "probes with 'gold_turn_ids'",
    "intent": "probes with a 'gold_intent'",
    "retrieval": "probes with 'gold_turn_ids'",
}


def _labelled(conversations: Sequence[dict[str, Any]], task: str) -> int:
    """How many labels ``task`` can score in ``conversations``."""
    if task == "threads":
        return sum(turn.get("thread") is not None for c in conversations for turn in c["turns"])
    key = "gold_intent" if task == "intent" else "gold_turn_ids"
    return sum(bool(probe.get(key)) for c in conversations for probe in c.get("probes", []))


def _embedder(make: Callable[[str], Any], spec: str) -> Any:
    """The embedder, or a one-line error: a missing extra, a model that does not load."""
    try:
        return make(spec)
    except ImportError as exc:
        raise _UsageError(str(exc)) from None
    except OSError as exc:  # a model folder or name that does not load
        raise _UsageError(f"--embedder {spec}: cannot load the model ({exc})") from None


class _Bar:
    """A tqdm progress bar on stderr (or nothing), and a way to print lines past it."""

    def __init__(self, bar: Any) -> None:
        self._bar = bar

    def update(self) -> None:
        if self._bar is not None:
            self._bar.update()

    def out(self, line: str) -> None:
        if self._bar is None:
            print(line)
        else:
            self._bar.write(line, file=sys.stdout)


@contextlib.contextmanager
def _bar(mode: str, *, total: int, desc: str, unit: str) -> Iterator[_Bar]:
    """``auto``: a bar on an interactive stderr once the work has taken 2 s; ``always``:
    from the start, wherever stderr goes; ``never``."""
    if mode == "never":
        yield _Bar(None)
        return
    from tqdm import tqdm

    auto = mode == "auto"
    with tqdm(
        total=total, desc=desc, unit=unit, file=sys.stderr, leave=not auto,
        disable=None if auto else False, delay=2.0 if auto else 0.0, dynamic_ncols=True,
    ) as bar:  # fmt: skip
        yield _Bar(bar)


class _UsageError(Exception):
    """A mistake in the command line or its input: one line on stderr, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``prog: error: ... (see prog --help)``), exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a number >= {minimum}, got {value}")
        return value

    parse.__name__ = "count"  # argparse names the type in its messages
    return parse


def _budget(text: str) -> int:
    from .assembly.packing import MAX_BUDGET

    value = _count(1)(text)
    if value > MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_BUDGET} tokens, got {value}")
    return value


DESCRIPTION = """\
The Multi-Horizon Context Model (CRP-SPEC-028) from the command line: build per-turn
context envelopes (knowledge, conversation, tool output under one token budget) for a
scripted demo or a recorded conversation, and score the engine against gold labels.

examples:
  multihorizon demo                       # the scripted conversation, no download
  multihorizon replay chats.jsonl --turns 20 | less
  multihorizon eval chats.jsonl --task threads --limit 50
  multihorizon info                       # which kernel backend is live
"""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="multihorizon", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    parser.add_argument("--version", action="version", version=f"multihorizon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo", help="a scripted conversation through the assembler, on a bundled knowledge base",
        description="Run SPEC-028's example conversation (etcd, a digression, a tool call, a "
        "document request) and print each user turn's intent, thread, headers and envelope.",
    )  # fmt: skip
    demo.add_argument("--budget", type=_budget, default=600, help="tokens per envelope (600)")
    replay = commands.add_parser(
        "replay", help="replay a JSONL conversation through the assembler",
        description="Replay one conversation of a JSON Lines file (one conversation per line: "
        "'turns' with turn_id, role, content) and print each user turn's envelope.",
    )  # fmt: skip
    replay.add_argument("path", help="conversations in the ../shared/data JSON Lines format")
    replay.add_argument(
        "--conversation", type=_count(0), default=0, help="which line, from 0 (default 0)"
    )
    replay.add_argument("--turns", type=_count(1), default=40, help="at most this many turns (40)")
    replay.add_argument("--budget", type=_budget, default=1000, help="tokens per envelope (1000)")
    _shared(replay)
    commands.add_parser(
        "info", help="show the live backend", description="Show the version and kernel backend."
    )
    listing = commands.add_parser(
        "rules",
        help="list every rule beyond the spec's text: switch, evidence, function",
        description="List every rule beyond SPEC-028's text (multihorizon.rules): its spec "
        "section, the Config fields that switch it off, its evidence and its function.",
    )
    listing.add_argument(
        "--spec", action="store_true", help="show each rule's state under Config.spec()"
    )
    scoring = commands.add_parser(
        "eval", help="score threads, references, intent or retrieval against gold labels",
        description="Replay every conversation of a JSON Lines file and score one task against "
        "its gold labels, with baselines computed in the same run.",
    )  # fmt: skip
    scoring.add_argument("path", help="conversations in the ../shared/data JSON Lines format")
    scoring.add_argument("--task", required=True, choices=TASKS, help="what to score")
    scoring.add_argument(
        "--limit", type=_count(1), default=None, help="only the first N conversations"
    )
    scoring.add_argument("--json", action="store_true", help="print one JSON object")
    peers = scoring.add_mutually_exclusive_group()
    peers.add_argument(
        "--peer-replies",
        action="store_const",
        const=True,
        default=None,
        help="both sides are people: a reply may open a topic (Config(peer_replies=True); "
        "by default detected from the replies)",
    )
    peers.add_argument(
        "--assistant-replies",
        dest="peer_replies",
        action="store_const",
        const=False,
        help="replies come from an assistant (Config(peer_replies=False))",
    )
    _shared(scoring)
    return parser


def _shared(command: argparse.ArgumentParser) -> None:
    """The arguments of both replay and eval."""
    command.add_argument(
        "--embedder",
        default="hashing",
        help="'hashing' (default, no download) or 'st:MODEL_OR_PATH' (sentence-transformers, "
        "pip install 'multihorizon[st]')",
    )
    command.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="a progress bar on stderr: auto (an interactive stderr, work over 2 s), always, never",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 done, 2 a usage or input mistake)."""
    from .errors import MultihorizonError

    args = _parser().parse_args(argv)
    try:
        if args.command == "eval":
            return _eval(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "demo":
            return _demo(args.budget)
        if args.command == "rules":
            return _rules(spec=args.spec)
        return _info()
    except (_UsageError, MultihorizonError) as exc:
        print(f"multihorizon {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`multihorizon replay ... | head`): stop quietly, as Unix
        # tools do; point stdout at /dev/null so the interpreter's final flush is silent.
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, like a tool the signal ended
    except KeyboardInterrupt:
        print(f"multihorizon {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
