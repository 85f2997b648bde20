"""Rule question-forms: a turn without "?" is a question by its form, its first word or the
first word of its last clause ("original audit, what was the postcss issue"), on every
backend alike, and not when it ends as a statement does or the rule is off."""

from __future__ import annotations

from types import ModuleType

import pytest

from conftest import REFERENCE, turn_scanner
from multihorizon import Config, Session
from multihorizon.text.lexicon import Lexicon, default_lexicon

QUESTIONS = [
    "any way to speed the import up",
    "the backup from tuesday, which disk did it go to",
    "ok the renewal date, when is it",
    "hows the second draft coming along",
    "isn\u2019t the deadline friday",
    "has the parcel left the depot",
    "lunch on saturday; would noon suit you",
    "the cheaper flight: does it include a bag  ",
]
STATEMENTS = [
    "we moved the meeting, which suits everyone.",
    "the parcel arrived, what a relief!",
    "anything after six works for me.",
    "ok, thanks",
    "the second draft is done",
    "I called them yesterday, they said it's fine",
    "",
    "   ",
    ",",
    "one, ",
]
SPEC_QUESTIONS = ["does it ship abroad", "What is a bridge loan", "why."]


def _scanner(kernels: ModuleType, on: bool) -> object:
    return turn_scanner(kernels, question_forms=on, question_ends=False)


def test_forms_read_as_questions_on_every_backend(kernels: ModuleType) -> None:
    on, off = _scanner(kernels, True), _scanner(kernels, False)
    for text in QUESTIONS:
        assert on.question(text), text  # type: ignore[attr-defined]
        assert not off.question(text), text  # type: ignore[attr-defined]
    for text in STATEMENTS:
        assert not on.question(text), text  # type: ignore[attr-defined]
    for text in SPEC_QUESTIONS:  # the spec's first-word openers, with the rule off or on
        assert on.question(text), text  # type: ignore[attr-defined]
        assert off.question(text), text  # type: ignore[attr-defined]


def test_every_backend_agrees_with_the_reference(kernels: ModuleType) -> None:
    scanner, reference = _scanner(kernels, True), _scanner(REFERENCE, True)
    words = ["what", "Any", "is", "it", "the", "DOESN'T", "x", "", "\u3000", "é"]
    marks = [",", ";", ":", ".", "!", " ", "\t", "?", "\u2019"]
    texts = [a + m + b + n for a in words for m in marks for b in words for n in ("", *marks)]
    for text in texts:
        got = scanner.question(text)  # type: ignore[attr-defined]
        assert got == reference.question(text), repr(text)  # type: ignore[attr-defined]
        assert scanner.scan(text)[2] == reference.scan(text)[2], repr(text)  # type: ignore[attr-defined]


def test_the_config_switch_picks_the_lexicon() -> None:
    assert default_lexicon().is_question("any news on the refund")
    assert not default_lexicon(question_forms=False).is_question("any news on the refund")
    assert not Lexicon(question_forms=False).is_question("the refund, any news")
    session = Session()
    session.user("I returned the jacket last week")
    session.assistant("Refunds usually take five to ten working days.")
    on = session.classify("the refund, has it gone through")
    off_session = Session(config=Config(question_forms=False))
    off_session.user("I returned the jacket last week")
    off_session.assistant("Refunds usually take five to ten working days.")
    assert off_session.classify("the refund, has it gone through") != on


@pytest.mark.parametrize("size", [10_000, 1_000_000])
def test_a_long_turn_is_read_in_one_pass(size: int) -> None:
    text = "x, " * (size // 3) + "which one"
    assert default_lexicon().is_question(text)
