"""How many real user turns ``Session.user``'s intent stage decides in the native settle
(issue 14): the first conversations of every ``../shared/data`` file replayed through the
session's calls (``shared_data.log_turn``: user turns, replies and tool outputs; hashing
embedder), each call of the classifier's ``settle`` counted as settled (the intent code came
back and no rule the stage reads itself took the turn on: ``GATED``) or not (the Python
rules run).

    python bench/settle_fraction.py [--conversations N] [--turns N]
    python bench/run_tree.py OLD/src bench/settle_fraction.py   # another tree, same turns

``replay`` is the replay itself (``bench/settle_reasons.py`` reads the same turns).

Sessions where a speaker is named are counted apart: there every turn goes on (the
references stage reads addressed speakers).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import multihorizon as mh
from multihorizon import session_intent

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from shared_data import locate, log_turn

#: Called with each counted settle: the session's group ("speakers" / "no speakers"), the
#: settle's arguments and what it returned, or ``(GATED, code)`` for a code the stage then
#: sent on to the Python rules itself.
Observer = Callable[[str, tuple[Any, ...], Any], None]
#: Why a settled code went on: a rule whose gate the intent stage reads itself read the turn
#: (``session_intent._gated_rules_read``: the report rules, the terse gate's; a tree before
#: stop 40 has none, its settle handed such turns on).
GATED = "settled, then read by a gated rule (report rules, terse gate)"
#: Called after each user turn with its group and ``Session.user``'s envelope.
AfterTurn = Callable[[str, Any], None]


def replay(
    path: Path,
    conversations: int,
    turns: int,
    observe: Observer,
    after: AfterTurn | None = None,
) -> None:
    """Replay the first ``conversations`` of ``path`` (``turns`` each) through ``Session``,
    calling ``observe`` on every settle of a user turn's intent stage (and ``after`` once the
    turn is in)."""
    embedder = mh.HashingEmbedder()
    gated = getattr(session_intent, "_gated_rules_read", None)
    read: list[bool] = []
    if gated is not None:

        def reading(*args: Any) -> bool:
            found = bool(gated(*args))
            read.append(found)
            return found

        session_intent._gated_rules_read = reading
    try:
        _replay_file(path, conversations, turns, observe, after, embedder, read)
    finally:
        if gated is not None:
            session_intent._gated_rules_read = gated


def _replay_file(
    path: Path,
    conversations: int,
    turns: int,
    observe: Observer,
    after: AfterTurn | None,
    embedder: mh.Embedder,
    read: list[bool],
) -> None:
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if number >= conversations:
                break
            conversation = json.loads(line)
            session = mh.Session(embedder=embedder)
            classifier = session._classifier
            settle = classifier.settle
            speakers = any(turn.get("speaker") for turn in conversation["turns"][:turns])
            group = "speakers" if speakers else "no speakers"

            calls: list[tuple[tuple[Any, ...], Any]] = []

            def counted(*args: Any, _settle: Any = settle, _calls: list[Any] = calls) -> Any:
                found = _settle(*args)
                _calls.append((args, found))
                return found

            for turn in conversation["turns"][:turns]:
                if turn["role"] != "user":
                    log_turn(session, turn)
                    continue
                classifier.settle = counted  # only the user turn's intent stage is counted
                calls.clear()
                read.clear()
                envelope = log_turn(session, turn)
                classifier.settle = settle
                if calls:  # the last call decided (a second one reads the turn's detection)
                    args, found = calls[-1]
                    sent_on = isinstance(found, int) and any(read)
                    observe(group, args, (GATED, found) if sent_on else found)
                if after is not None and envelope is not None:
                    after(group, envelope)


def _replay(
    path: Path, conversations: int, turns: int, counts: Counter[str], why: Counter[str]
) -> None:
    def observe(group: str, args: tuple[Any, ...], found: Any) -> None:
        counts[f"{group} {'settled' if isinstance(found, int) else 'python'}"] += 1
        if isinstance(found, tuple) and found[0] == GATED:
            why[f"{group}: intent {found[1]}, {GATED}"] += 1
        elif not isinstance(found, int):  # why: §5.2's code and the pending bits
            why[f"{group}: intent {found[0]}, pending {found[1]}"] += 1

    replay(path, conversations, turns, observe)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=20, help="per file")
    parser.add_argument("--turns", type=int, default=120, help="per conversation")
    args = parser.parse_args(argv)
    folder = locate()
    if folder is None:
        raise SystemExit("shared/data not found (set MULTIHORIZON_DATA)")
    counts: Counter[str] = Counter()
    why: Counter[str] = Counter()
    for path in sorted(folder.glob("*.jsonl")):
        _replay(path, args.conversations, args.turns, counts, why)
    print(f"multihorizon from {Path(mh.__file__).parent}")
    total_settled = total = 0
    for group in ("no speakers", "speakers"):
        settled, python = counts[f"{group} settled"], counts[f"{group} python"]
        total_settled, total = total_settled + settled, total + settled + python
        share = settled / max(1, settled + python)
        print(f"{group}: {settled} of {settled + python} user turns settled natively ({share:.1%})")
    print(f"all: {total_settled} of {total} ({total_settled / max(1, total):.1%})")
    print("turns the Python rules decide, by §5.2 code and pending bits (most common):")
    for reason, count in why.most_common(8):
        print(f"  {reason}: {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
