"""Why ``Session.user``'s intent stage hands a turn on to the Python rules (issue 14): the
turns of ``bench/settle_fraction.py`` replayed the same way, each turn the native settle did
not settle attributed to the first gate of ``IntentSettlerBase.settles`` (``_settler_py``,
twin of ``settle.hpp``) that sends it on, and, per gate, on how many of those turns the
Python path's final intent differs from the §5.2 code the native scan computed, with the
rules that made the difference. A gate that almost never changes the answer is a candidate
for a native final answer; "only gate" counts the turns no later gate would send on either
(those a native final answer for that gate alone would settle).

    python bench/settle_reasons.py [--conversations N] [--turns N] [--handwritten]

``--handwritten`` replays ``tests/data/handwritten/*.jsonl`` instead of ``../shared/data``.
The gates are read from the pure-Python reference settler built with the session's own
arguments; a turn it would settle but the native one did not (or the other way round) is
counted as "disagrees" (expected 0).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import multihorizon as mh
from multihorizon import _kernels_py
from multihorizon._intent_py import (
    CUE_QUESTION,
    INTENT_CLARIFY,
    INTENT_DRILL_DOWN,
    INTENT_EXPLORE,
    PENDING_EMBEDDING,
    PENDING_NAMES,
    PENDING_REFERENCES,
)
from multihorizon._settle_py import may_open_with_report_opener
from multihorizon.dialogue import intent as intent_module
from multihorizon.dialogue import output_detail_intents, reply_reading
from multihorizon.dialogue.bare_returns import ALONE
from multihorizon.dialogue.intent import INTENTS
from multihorizon.text.lexicon import Marker

sys.path.insert(0, str(Path(__file__).resolve().parent))
from settle_fraction import GATED, replay
from shared_data import locate

_ROOT = Path(__file__).resolve().parents[1]

# What each rule after §5.2's decision returns when it changes the answer
# (reply_reading.read_on_the_reply), by the name reply_reading calls it under.
_REPLY_RULES = {
    "bare_return_of": "bare-returns",
    "asks_back_a_term": "echo-clarifications",
    "asks_about_a_reply_term": "reply-term-asks",
    "asks_on_the_topic": "side-questions",
    "requests_on_the_thread": "thread-requests",
    "acked_in_thread": "also-questions",
    "returns_to_dormant": "return-drill-downs",
    "reports_on_the_reply": "report-backs",
    "asks_what_reply_meant": "term-questions",
}
# classify()'s inputs beyond the scan's hits, and the rule or stage that sets each.
_CLASSIFY_INPUTS = {
    "resolved_references": "references stage (prior content)",
    "has_tool_reference": "tool reference",
    "points_back": "tool-reference-match (points back)",
    "acknowledgement": "acknowledgement / acknowledged-statements",
    "names_known": "names-known (definite NP, follow-up-forms)",
    "new_topic": "new topic (moves_on)",
    "clarify": "explain",
    "announced": "topic-announcements",
}


_MARKER_NAMES = {int(marker): marker.name for marker in Marker}


def _kind_names(mask: int) -> str:
    names = [_MARKER_NAMES.get(bit, str(bit)) for bit in range(64) if mask >> bit & 1]
    return "+".join(names) or "-"


def reference_settler(session: Any) -> Any:
    """The pure-Python ``IntentSettler`` over ``session``'s classifier's own arguments (the
    same ``intent._settler``, with ``kernels`` set to the reference kernels while it builds;
    skip_function_words as ``Session`` sets it for a HashingEmbedder)."""
    classifier, skip = session._classifier, session.embedder.version >= 2
    names = vars(intent_module)
    real = names["kernels"]
    names["kernels"] = SimpleNamespace(IntentSettler=_kernels_py.IntentSettler)
    try:
        return intent_module._settler(classifier, classifier._lexicon, skip)
    finally:
        names["kernels"] = real


def reasons(ref: Any, args: tuple[Any, ...], found: Any) -> Iterator[str]:
    """Every gate of ``IntentSettlerBase.settles`` that would send the turn on, in its order
    (none: it settles); ``ref`` is the reference settler, ``args`` the settle's, ``found``
    the scan's tuple."""
    text, _, _, first_turn, tool_outputs, final = args[:6]
    code, pending, hits, kinds, cues, _ = found
    # Questions are not final when the 7th argument says so (a past tool output).
    if not final or (len(args) > 6 and not args[6] and cues & CUE_QUESTION):
        yield "not final (speaker named, fresh or past tool output)"
    # A statement's code that is not one of the 8th argument's (rule reply-answers).
    if len(args) > 7 and not cues & CUE_QUESTION and not args[7] >> code & 1:
        yield "statement after a reply's question, EXPLORE/DRILL_DOWN (reply-answers)"
    if ref._always_pending:
        yield "always pending (lexicon without gates)"
    if pending & PENDING_NAMES:
        yield "pending: names (definite NP)"
    if pending & PENDING_EMBEDDING:
        yield "pending: embedding"
    if pending & ~(PENDING_REFERENCES | PENDING_NAMES | PENDING_EMBEDDING):
        yield f"pending: bits {pending}"
    if ref._repeats and any(k == ref._clarify and p in ref._again for k, p, _, _ in hits):
        yield "CLARIFY '... again' (resume-announcements)"
    # The last turn is a reply (``replied``, the 11th argument; a tree before stop 43 has none).
    replied = len(args) <= 10 or args[10]
    if pending:
        slow = ref.slow_kinds(text, kinds) & ~(0 if replied else getattr(ref, "_reply_kinds", 0))
        if slow:
            yield f"slow-path marker {_kind_names(slow)}"
        settled = code in (INTENT_DRILL_DOWN, INTENT_CLARIFY) and (
            (ref._tool_match and not tool_outputs) or not kinds & ref._tool_kinds
        )
        gates = ref._detection
        # The caller's detection found no mention (``detected_none``, the 10th argument).
        detected_none = len(args) > 9 and args[9]
        if not (settled or detected_none) and (
            gates is None or gates.may_detect(text, hits, kinds, ref._ordinal_forms)
        ):
            named = kinds & (gates.mention_kinds if gates is not None else kinds)
            yield f"detection: {_kind_names(named) if named else 'GATE_NUMBER may open'}"
    question = bool(cues & CUE_QUESTION)
    if kinds & (ref._outcomes if tool_outputs else 0) and question:
        yield "tool-outcome question (tool-reference-match)"
    if kinds & ref._acknowledged and not question and len(text) <= ref._acknowledged_chars:
        yield "ACK_OPENER short statement (acknowledged-statements)"
    if question and ref.may_add(hits, kinds):
        yield "'Also, ...?' (also-questions)"
    if question and ref.may_add_subject(text, hits, kinds):
        yield "'One more thing, <a situation>. ...?' at the opening (adder-questions)"
    # The caller reads the report rules itself (``reports_read``, the 9th argument).
    reports = ref._reports and replied and not (len(args) > 8 and args[8])
    if reports and code == INTENT_EXPLORE and not first_turn and not question:
        if len(text) <= ref._detail_chars:
            yield "short statement <= detail chars (thread-details)"
        elif len(text) <= ref._report_chars and may_open_with_report_opener(
            text, ref._report_openers
        ):
            yield "short statement, report opener (report-backs)"
    short = not first_turn and len(text) <= ref._side_question_chars
    terms = ref._term_gates
    if (
        ref._terms
        and replied
        and short
        and question
        and "what" in text.lower()
        and (terms is None or terms.may_ask(text))
    ):
        yield "short 'what' question (term-questions)"
    if ref._side_questions and short and code == INTENT_EXPLORE and question:
        yield "short EXPLORE question (side-questions)"
    if ref._echoes and replied and short and ref.may_echo(text):
        yield "short turn that may ask back a term (echo-clarifications)"
    if ref._reply_terms and replied and short and ref.may_ask_reply_term(text, question):
        yield "short turn that may ask about a reply's term (reply-term-asks)"
    if ref._reply_terms and replied and not first_turn and ref.may_check(text):
        yield "turn that may check a reply's term (term-checks)"
    if ref._reply_terms and replied and not first_turn and ref.may_mean(text):
        yield "turn that may ask what a reply's term means (meaning-asks)"
    if ref._ordinal_forms and ref.may_pick_without_gates(text):
        if len(text) <= ref._standalone_chars:
            yield "ungated pick: short turn (ordinal-forms)"
        elif any(needle in text for needle in ref._needles):
            yield "ungated pick: needle '#' / ' one' (ordinal-forms)"
        else:
            yield "ungated pick: lone capital (ordinal-forms)"


def first_reason(ref: Any, args: tuple[Any, ...], found: Any) -> str | None:
    """The first of ``reasons``: the gate that sends the turn on, None when it settles."""
    return next(reasons(ref, args, found), None)


@dataclass
class _Turn:
    """What one user turn's Python path did (filled by the wrappers of ``_traced``)."""

    scans: list[tuple[tuple[Any, ...], Any]] = field(default_factory=list)
    classified: list[tuple[dict[str, Any], Any]] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)


@contextmanager
def _traced(turn: Callable[[], _Turn]) -> Iterator[None]:
    """Wrap ``intent.classify`` and the rules read after it so that each records, on the
    current turn, its inputs and result (classify) or that it fired (the others)."""
    saved: list[tuple[Any, str, Any]] = []

    def wrap(module: Any, name: str, record: Callable[[Any, tuple[Any, ...], Any], None]) -> None:
        inner = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            result = inner(*args, **kwargs)
            record(result, args, kwargs)
            return result

        saved.append((module, name, inner))
        setattr(module, name, wrapper)

    def classified(result: Any, args: tuple[Any, ...], kwargs: Any) -> None:
        turn().classified.append(({**kwargs, "hits": tuple(args[0])}, result))

    wrap(intent_module, "classify", classified)
    for name, rule in _REPLY_RULES.items():
        alone = ALONE if name == "bare_return_of" else True

        def fired(
            result: Any, _: tuple[Any, ...], __: Any, rule: str = rule, hit: Any = alone
        ) -> None:
            if result is hit or (hit is True and result):
                turn().fired.append(rule)

        wrap(reply_reading, name, fired)

    def detail(result: Any, _: tuple[Any, ...], __: Any) -> None:
        if result:
            turn().fired.append("output-detail-intents")

    wrap(output_detail_intents, "asks_output_detail", detail)
    try:
        yield
    finally:
        for module, name, inner in reversed(saved):
            setattr(module, name, inner)


def _why_differs(turn: _Turn, scanned: Any, final: Any) -> list[str]:
    """The rules that took the turn from §5.2's code to its final intent."""
    if not turn.classified:
        return ["session-recaps"]
    kwargs, decided = turn.classified[-1]
    code = scanned[0]
    labels: list[str] = []
    if decided is not INTENTS[code]:
        labels += [label for key, label in _CLASSIFY_INPUTS.items() if kwargs.get(key)]
        if not labels and kwargs["hits"] != tuple(scanned[2]):
            labels = ["hits set aside (again-reports/-asks, also-questions)"]
        labels = labels or [f"similarity / question cue ({INTENTS[code]} -> {decided})"]
    if final is not decided:
        labels += turn.fired[-1:] or ["after classify (announced / other)"]
    return labels


@dataclass
class Tally:
    """Per gate: turns, turns whose final intent differs from §5.2's code, and the rules."""

    turns: Counter[str] = field(default_factory=Counter)
    differs: Counter[str] = field(default_factory=Counter)
    rules: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    settled: Counter[str] = field(default_factory=Counter)
    only: Counter[str] = field(default_factory=Counter)  # the one gate that sends it on
    only_differs: Counter[str] = field(default_factory=Counter)
    checks: Counter[str] = field(default_factory=Counter)


def run(paths: list[Path], conversations: int, turns: int) -> Tally:
    ref = reference_settler(mh.Session(embedder=mh.HashingEmbedder()))
    tally = Tally()
    current = [_Turn()]

    def observe(group: str, args: tuple[Any, ...], found: Any) -> None:
        current[0].scans.append((args, found))

    def after(group: str, envelope: Any) -> None:
        turn, current[0] = current[0], _Turn()
        if len(turn.scans) != 1:
            tally.checks[f"{len(turn.scans)} settles in one turn"] += 1
        if not turn.scans:
            return
        args, found = turn.scans[-1]
        if (
            isinstance(found, tuple) and found[0] == GATED
        ):  # settled, then sent on by a rule the stage reads itself
            key = f"{group}: {GATED}"
            tally.turns[key] += 1
            tally.only[key] += 1
            if envelope.intent is not INTENTS[found[1]]:
                tally.differs[key] += 1
                tally.only_differs[key] += 1
                tally.rules[key].update(turn.fired[-1:] or ["terse-reports / also-holdings"])
            return
        if isinstance(found, int):
            tally.settled[group] += 1
            if first_reason(ref, args, ref.settle(*args[:5], False)) is not None:
                tally.checks["settled natively, sent on by the reference"] += 1
            return
        gates = list(reasons(ref, args, found)) or ["disagrees"]
        if gates == ["disagrees"]:
            tally.checks["sent on natively, settled by the reference"] += 1
        key = f"{group}: {gates[0]}"
        tally.turns[key] += 1
        differs = envelope.intent is not INTENTS[found[0]]
        tally.only[key] += len(gates) == 1
        tally.only_differs[key] += len(gates) == 1 and differs
        if differs:
            tally.differs[key] += 1
            tally.rules[key].update(_why_differs(turn, found, envelope.intent))

    with _traced(lambda: current[0]):
        for path in paths:
            replay(path, conversations, turns, observe, after)
    return tally


def table(tally: Tally) -> list[str]:
    lines = []
    for group in ("no speakers", "speakers"):
        keys = [key for key in tally.turns if key.startswith(f"{group}:")]
        sent = sum(tally.turns[key] for key in keys)
        total = sent + tally.settled[group]
        lines.append(
            f"\n**{group}**: {tally.settled[group]} of {total} settled natively; {sent} sent on\n"
        )
        if not keys:
            continue
        lines.append("| reason | turns | share | differs | top rules | only gate (differs) |")
        lines.append("|---|---|---|---|---|---|")
        for key in sorted(keys, key=lambda k: -tally.turns[k]):
            count, differs = tally.turns[key], tally.differs[key]
            top = ", ".join(f"{rule} {n}" for rule, n in tally.rules[key].most_common(3))
            reason = key.split(": ", 1)[1]
            lines.append(
                f"| {reason} | {count} | {count / max(1, total):.1%} | "
                f"{differs} ({differs / count:.0%}) | {top or '-'} | "
                f"{tally.only[key]} ({tally.only_differs[key]}) |"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=20, help="per file")
    parser.add_argument("--turns", type=int, default=120, help="per conversation")
    parser.add_argument("--handwritten", action="store_true", help="tests/data/handwritten")
    args = parser.parse_args(argv)
    if args.handwritten:
        paths = sorted((_ROOT / "tests" / "data" / "handwritten").glob("*.jsonl"))
    else:
        folder = locate()
        if folder is None:
            raise SystemExit("shared/data not found (set MULTIHORIZON_DATA)")
        paths = sorted(folder.glob("*.jsonl"))
    tally = run(paths, args.conversations, args.turns)
    print(f"multihorizon from {Path(mh.__file__).parent}; {len(paths)} files")
    print("\n".join(table(tally)))
    print(
        "\n(only gate: turns on which no later gate would send the turn on either, so a"
        " native final answer for this gate alone would settle them; in brackets, those"
        " whose final intent differs.)"
    )
    print(f"\nchecks (expected none): {dict(tally.checks) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
