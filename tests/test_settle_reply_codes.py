"""The native settle decides the turns rules reply-answers and confirm-checks cannot change
(issue 14, stop 37): after a reply that asked the user something, a question and a statement
the scan calls CONTINUE, CLARIFY or TOOL_REFERENCE (``settle``'s ``statement_codes``; rule
reply-answers reads only EXPLORE and DRILL_DOWN statements), and a turn with a CONFIRM_MARK
hit ("only", "just", "really") that rule confirm-checks never reads (longer than
``CONFIRM_CHARS`` or not ending in "?": ``confirm_gates``). Every backend answers the same,
and classify, analyse and user agree with the settle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon._intent_py import ALL_CODES, CUE_QUESTION, INTENT_DRILL_DOWN, INTENT_EXPLORE
from multihorizon._kernels_py import IntentSettler
from multihorizon.dialogue.confirm_checks import CONFIRM_CHARS, confirm_check, may_confirm
from multihorizon.dialogue.intent import INTENTS
from multihorizon.dialogue.settle_data import confirm_gates, slow_kinds
from multihorizon.text.lexicon import Marker, default_lexicon
from multihorizon.text.topic_clause_words import ECHO_CLOSERS

_ANSWERED = (1 << INTENT_EXPLORE) | (1 << INTENT_DRILL_DOWN)
_CONFIRM = 1 << int(Marker.CONFIRM_MARK)

# After the reply's question: statements (answers or not) and questions.
_AFTER_QUESTION = [
    "Estate agents hire me for walkthrough tours of big houses.",  # EXPLORE by the scan
    "Mostly weddings, some drone footage in summer when the weather holds up for it.",
    "We film corporate events for a few local firms, usually indoors in hotel conference rooms.",
    "ok thanks, that makes sense",
    "Indoors mostly.",
    "What lens would you pair with it for low light in those hotel rooms?",
    "How heavy is that body with the battery grip fitted?",
    "Unrelated, but my laptop fan has started whining every time I open a browser.",
    "I only shoot stills really, video is just for the odd reel.",
    "so it's only the sensor size that matters, right?",
]


def _camera(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I want to buy a camera for my small video business. Which one should I get?")
    session.assistant("It depends on what you shoot most. Do you film mostly stills or video?")
    return session


def _settle(session: mh.Session, text: str) -> object:
    """The settle as ``Session.user``'s intent stage calls it, with the session's view (the
    view's last field, rule terse-reports' hand-off of short statements, acts before the
    settle is called: the settle's own gate is what this reads)."""
    view = session._view
    assert view is not None
    recent, first_turn, final, tool_outputs, codes, _terse, _replied = view
    return session._classifier.settle(
        text, None, recent, first_turn, tool_outputs, codes != 0, final, codes
    )


def test_after_a_reply_question_only_explore_and_drill_down_statements_go_on() -> None:
    previous = kernels.backend()
    settled: dict[str, list[object]] = {}
    try:
        for name in _backend.available():
            kernels.use(name)
            session = _camera()
            view = session._view
            assert view is not None
            assert view[4] == ALL_CODES & ~_ANSWERED, name
            answers: list[object] = []
            for text in _AFTER_QUESTION:
                found = _settle(session, text)
                staged = session.analyse(text)[0]
                assert session.classify(text) is staged, (name, text)
                assert session.preview(text).intent is staged, (name, text)
                if isinstance(found, int):
                    assert INTENTS[found] is staged, (name, text)
                    answers.append(found)
                    continue
                # Handed on: a statement the rule may read, or a gate of another rule.
                scan = session._classifier.settle(text, None, view[0], view[1], False, False)
                assert found[:2] == scan[:2], (name, text)
                answers.append(None)
            settled[name] = answers
    finally:
        kernels.use(previous)
    assert len({tuple(answers) for answers in settled.values()}) == 1, settled
    # The rule's own case goes on and reads CONTINUE; a statement the scan calls CONTINUE
    # and a question settle natively.
    answers = settled["python"]
    assert answers[0] is None
    assert _camera().classify(_AFTER_QUESTION[0]) is mh.Intent.CONTINUE
    assert answers[1] == answers[2] == INTENTS.index(mh.Intent.CONTINUE)
    assert answers[5] == INTENTS.index(mh.Intent.DRILL_DOWN)


def test_statement_codes_hands_on_only_the_codes_left_out() -> None:
    classifier = _camera()._classifier
    recent = _camera()._threads.active_recent()
    for text in _AFTER_QUESTION:
        every = classifier.settle(text, None, recent, False, False, True, True, ALL_CODES)
        if not isinstance(every, int):
            continue
        scan = classifier.settle(text, None, recent, False, False, False)
        question = bool(scan[4] & CUE_QUESTION)
        for codes in (0, ALL_CODES & ~(1 << every), 1 << every):
            found = classifier.settle(text, None, recent, False, False, True, True, codes)
            kept = question or codes >> every & 1
            assert found == (every if kept else scan), (text, codes)


def test_without_rule_reply_answers_every_code_is_final() -> None:
    session = _camera(mh.Config().replace(reply_answers=False))
    assert session._view is not None
    assert session._view[4] == ALL_CODES
    assert session.classify(_AFTER_QUESTION[0]) is session.analyse(_AFTER_QUESTION[0])[0]


def _confirm_settler() -> IntentSettler:
    return IntentSettler(
        default_lexicon().scanner, rules=0, explore_below=0.3, dim=8,
        skip_function_words=False, masks=(_CONFIRM, 0, 0, 0, 0), clarify=-1,
        again_phrases=(), switches=(False,) * 9, lengths=(0,) * 7, capitals="", joiners="",
        needles=(), confirms=confirm_gates(),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "reads"),
    [
        ("so the cassette is only 40 quid?", True),
        ("so just the chain, not the cassette?)  ", True),
        ("the cassette is only 40 quid, fine.", False),
        ("I only ride at weekends, mostly short trips to the shop", False),
        ("so just the chain? " + "and the rest stays as it is " * 12, False),  # too long
        ("is it really that simple?\u2003", True),  # a Unicode blank after it
    ],
)
def test_the_confirm_gate_is_confirm_checks_first_test(text: str, reads: bool) -> None:
    settler = _confirm_settler()
    assert may_confirm(text) is reads
    assert settler.may_confirm(text) is reads
    assert settler.slow_kinds(text, _CONFIRM) == slow_kinds(text, _CONFIRM) == _CONFIRM * reads


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("ab ?.,") + list(ECHO_CLOSERS) + ["\u00a0", "\u2028"]),
        max_size=12,
    ),
    st.integers(min_value=0, max_value=CONFIRM_CHARS + 4),
)
def test_no_check_without_the_gate(tail: str, pad: int) -> None:
    # The settle's gate and the rule's own first test agree on every text near the bounds
    # (length, the closing "?" after brackets, quotes and Unicode blanks), and the rule finds
    # no check where the gate is shut: so a turn the settle decides is one the rule leaves.
    text = "so only 40" + " x" * (pad // 2) + tail
    gate = _confirm_settler().slow_kinds(text, _CONFIRM)
    assert gate == slow_kinds(text, _CONFIRM) == _CONFIRM * may_confirm(text)
    if not may_confirm(text):
        assert not confirm_check(text, lambda: frozenset({"40"}), lambda: frozenset({"x"}))


def test_a_confirm_mark_that_is_no_check_settles_in_every_backend() -> None:
    texts = [
        "My commute is only six miles each way but there are two long climbs on it.",
        "It is just the rear mech that clicks when I change down on the steeper climbs.",
        "so the cassette is only 40 quid?",
    ]
    previous = kernels.backend()
    found: dict[str, list[object]] = {}
    try:
        for name in _backend.available():
            kernels.use(name)
            session = mh.Session()
            session.user("My bike chain keeps slipping on the hills near my house.")
            session.assistant("Replace the chain and the cassette together; it costs about 40.")
            found[name] = [_settle(session, text) for text in texts]
            for text in texts:
                staged = session.analyse(text)[0]
                assert session.classify(text) is staged is session.preview(text).intent, name
    finally:
        kernels.use(previous)
    assert len({repr(answers) for answers in found.values()}) == 1, found
    answers = found["python"]
    assert isinstance(answers[0], int), answers  # the second goes on for rule report-backs
    assert not isinstance(answers[2], int)  # a check: rule confirm-checks reads it
