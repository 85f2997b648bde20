"""``Session.user``'s intent stage settles more turns natively (issue 14, stop 40): the
native settle hands no statement on for the rules whose gates the stage answers exactly from
the turn's features (``session_intent._gated_rules_read``): the report rules
(``reply_rules.reports_on_the_reply``; ``IntentSettler.settle``'s ``reports_read``) and the
rules past the terse gate (terse-reports, also-holdings' closing "too"/"as well"). A turn
settled so must get the intent the whole Python path gives it: the hand-written files are
replayed both ways, and ``Session.classify`` (which keeps the settle's own gates) agrees.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon import _backend, kernels, session_intent
from multihorizon._intent_py import ALL_CODES, INTENT_EXPLORE, PENDING_QUESTION
from multihorizon.dialogue.also_holdings import added_thing
from multihorizon.dialogue.intent import INTENTS, Intent, IntentClassifier, intent_for_turn
from multihorizon.dialogue.stated_reports import surprise_ended
from multihorizon.dialogue.terse_reports import TERSE_CHARS, TERSE_WORDS, terse_report
from multihorizon.text.holding_words import HOLD_ANCHORS, HOLD_STARTS, HOLD_VERBS
from multihorizon.text.lexicon import default_lexicon
from multihorizon.text.terse_words import TERSE_ASKS, TERSE_CONSTRAINTS, TERSE_MODALS
from multihorizon.text.turn_text import plain_words
from shared_data import log_turn

DATA = Path(__file__).parent / "data" / "handwritten"
BACKENDS = _backend.available()


# The files of the statement rules the gates are for (reports, answers, subjects, details):
# the decision replay (tools/decision_replay.py) compares every file with main's tree.
FILES = ("reports_", "answers_", "subjects_", "detail_", "checks_", "ddexp_", "continue_")
# Codes rule output-detail-intents never changes (as the stage reads them).
_NOT_DETAILS = {INTENTS.index(Intent.CLARIFY), INTENTS.index(Intent.TOOL_REFERENCE)}


def _before(
    self: mh.Session, context: object, content: str, vector: object, features: object,
    resolution: object,
) -> Intent:  # fmt: skip
    """The intent stage as it was before the gates were read here: the terse gate hands
    every short statement after a reply on, the settle hands on for the report rules."""
    recent, first_turn, final, tool_outputs, codes, terse, _replied = self._current_view()
    if terse and len(content) <= TERSE_CHARS and ("?" not in content or surprise_ended(content)):
        final, codes = False, 0
    found = self._classifier.settle(
        content, vector, recent, first_turn, tool_outputs, codes != 0, final, codes
    )
    if isinstance(found, int):
        return INTENTS[found]
    if found[1] & PENDING_QUESTION and found[0] in _NOT_DETAILS:
        return INTENTS[found[0]]
    similarity = self._threads.active_similarity(vector)  # type: ignore[arg-type]
    return intent_for_turn(context, similarity, features, resolution)  # type: ignore[arg-type]


def _replay(before: bool) -> tuple[list[str], int]:
    """Every user turn's intent over the statement rules' hand-written files
    (``Session.user``), and how many turns a gate of ``_gated_rules_read`` let the settle's
    code stand; ``before``: with the stage as it was (``_before``)."""
    intents: list[str] = []
    standing = [0]
    gated = session_intent._gated_rules_read

    def counted(
        context: object,
        features: object,
        code: int,
        terse_open: bool,
        detected: bool = False,
        answers: bool = False,
    ) -> bool:
        read = gated(context, features, code, terse_open, detected, answers)  # type: ignore[arg-type]
        standing[0] += not read and (terse_open or detected or answers or code == INTENT_EXPLORE)
        return read

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session_intent, "_gated_rules_read", counted)
        if before:
            patch.setattr(mh.Session, "_turn_intent", _before)
        for path in sorted(DATA.glob("*.jsonl")):
            if not path.name.startswith(FILES):
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                session = mh.Session()
                for turn in json.loads(line)["turns"]:
                    envelope = log_turn(session, turn)
                    if turn["role"] == "user":
                        intents.append(str(envelope.intent))  # type: ignore[union-attr]
    return intents, standing[0]


def test_a_settled_turn_gets_the_intent_it_got_before() -> None:
    now, standing = _replay(before=False)
    before, _ = _replay(before=True)
    assert len(now) == len(before) > 500
    assert now == before
    # The gates let the settle's code stand on many turns (the replay exercises them).
    assert standing > 100


def _assistant_chat() -> mh.Session:
    session = mh.Session()
    session.user("My bike's disc brakes squeal every time I stop, what should I do?")
    session.assistant(
        "Clean the rotors with isopropyl alcohol, check the pads for glazing and bed them in "
        "again with a few hard stops. If they still squeal, swap the pads for organic ones."
    )
    return session


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("swapped the pads, still squeals", True),  # rule terse-reports
        ("My parents bought us a trampoline too", True),  # also-holdings' closing "too"
        ("bedded them in, much quieter now", True),  # report rules (thread-details)
        ("My neighbour's dog barks all night long.", True),  # an EXPLORE, thread-details
        ("The weather is lovely in Lisbon this week.", False),  # none reads it
    ],
)
def test_each_gated_rule_is_asked_and_agrees(backend: str, text: str, read: bool) -> None:
    # The stage asks each rule itself: where one reads the turn the Python path decides it,
    # and either way Session.user gives classify's intent (the settle's own gates).
    session = _assistant_chat()
    asked: list[bool] = []
    gated = session_intent._gated_rules_read

    def recorded(*args: object) -> bool:
        found = gated(*args)  # type: ignore[arg-type]
        asked.append(found)
        return found

    expected = session.classify(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session_intent, "_gated_rules_read", recorded)
        assert session.user(text).intent is expected
    assert asked == [read], text


def test_a_plain_short_statement_after_a_reply_is_settled_natively(backend: str) -> None:
    session = _assistant_chat()
    text = "The weather is lovely in Lisbon this week."
    expected = session.classify(text)
    called: list[str] = []

    def recorded(*args: object) -> object:
        called.append("python path")
        return intent_for_turn(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session_intent, "intent_for_turn", recorded)
        assert session.user(text).intent is expected
    assert called == []


def _classifier() -> IntentClassifier:
    return IntentClassifier(
        default_lexicon(), mh.Config(), explore_below=0.3, dim=384, skip_function_words=True
    )


# Statements the settle's report gate hands on (short, or a report opener) and others.
STATEMENTS = [
    "Cleaned the rotors.",
    "Tried that already, no luck with the pads.",
    "Done, the pads are swapped and bedded in now.",
    "The diff is fine.",
    "We tried that, the staging cluster still drops.",
    "My neighbour's dog barks all night long and I cannot sleep before two in the morning.",
    "Separately, the boiler broke and we have no hot water.",
    "ok",
    "Thanks, that makes sense.",
    "How do I bed in new pads?",
]


def test_every_backend_reads_reports_read_the_same() -> None:
    rows = np.random.default_rng(40).standard_normal((4, 384)).astype(np.float32)
    recent = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    found: dict[str, list[object]] = {}
    previous = kernels.backend()
    try:
        for name in BACKENDS:
            kernels.use(name)
            classifier = _classifier()
            answers: list[object] = []
            for text in STATEMENTS:
                args = (text, None, recent, False, False, True, True, ALL_CODES)
                default, read = classifier.settle(*args), classifier.settle(*args, True)
                assert classifier.settle(*args, False) == default, (name, text)
                if isinstance(default, int):
                    assert read == default, (name, text)  # only a gate is left out
                elif isinstance(read, int):
                    # Settled only without the report gate: a statement the scan calls
                    # EXPLORE, its scan otherwise the same.
                    assert read == default[0] == INTENT_EXPLORE, (name, text)
                    assert default[1] == 0, (name, text)
                answers.append((default if isinstance(default, int) else default[:2], read))
            found[name] = answers
    finally:
        kernels.use(previous)
    for name in BACKENDS:
        assert found[name] == found["python"], name
    # Some statement is settled only with reports_read.
    assert any(
        not isinstance(default, int) and isinstance(read, int)
        for default, read in found["python"]  # type: ignore[misc]
    )


_WORDS = st.sampled_from(
    sorted(
        TERSE_ASKS | TERSE_CONSTRAINTS | TERSE_MODALS | HOLD_VERBS | HOLD_ANCHORS | HOLD_STARTS
        | {"swapped", "booked", "pads", "still", "squeals", "cargo", "bike", "too", "as",
           "well", "we", "I've", "Also,", "oh", "and", "the", "thing,", "another", "plus"}
    )
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=TERSE_WORDS + 2), st.integers(0, 5))
def test_the_cheap_tests_are_supersets(words: list[str], shared: int) -> None:
    # _terse_rules_read asks a rule only when its cheap test holds: terse_report with one
    # word shared, a verb of having among the words of a text the terse gate passes.
    plain = tuple(word.casefold().strip(",") for word in words)
    if terse_report(plain, shared):
        assert terse_report(plain, 1)
    text = " ".join(words)
    if len(text) <= TERSE_CHARS and added_thing(text, True) >= 0:
        assert not HOLD_VERBS.isdisjoint(plain_words(text))
