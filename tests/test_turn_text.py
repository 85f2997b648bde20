"""One turn's word record (``text.turn_text``, issue 14): the statement rules read the same
plain words, tokens and report clauses once per turn, with the readings they had when each
rule made its own."""

from __future__ import annotations

import random

import pytest

import multihorizon as mh
from multihorizon.dialogue.echoes import echoed_term
from multihorizon.dialogue.features import from_scan
from multihorizon.dialogue.outcome_reports import LONG_OUTCOME_CHARS, outcome_report
from multihorizon.dialogue.returns import any_held, words_held
from multihorizon.dialogue.term_origins import recalled_term
from multihorizon.text.outcome_words import OUTCOME_JOINERS
from multihorizon.text.terse_words import past_form
from multihorizon.text.turn_text import (
    STATEMENT_ENDS,
    WORD_STRIP,
    TurnWords,
    plain_words,
    regular_past,
    turn_words,
)

_TEXTS = [
    "Switched it off last night, here's today's reading",
    "yep, a merged PR bumped it. pinned it back, replanned",
    "We fixed the crash, here is our crash log from before the fix",
    "ok totally random but i bought a ukulele",
    "I reboiled it for another twelve minutes and it wrinkles on the saucer now, though dark.",
    "It\u2019s on the hallway wall \u2014 away from radiators; she\u2019s fine!",
    "right? we tried that , then it failed ... so we gave up and then and then and",
    "a, b, c, d, e, f, g, h, i, j, k",
    "and, and, and so then but so",
    "  ",
    "",
    "\"Quoted\" (bracketed) words: 'single' \u2018curly\u2019 \u201cdouble\u201d.",
]


def _reference_clauses(text: str) -> list[list[str]]:
    """The clauses as rule outcome-reports cut them before the record (a list built whole)."""
    clauses: list[list[str]] = []
    clause: list[str] = []
    for token in text.casefold().replace("\u2019", "'").split():
        word = token.strip(WORD_STRIP)
        if word in OUTCOME_JOINERS and clause:
            clauses.append(clause)
            clause = []
        if word:
            clause.append(word)
        if token[-1] in STATEMENT_ENDS and clause:
            clauses.append(clause)
            clause = []
        if len(clauses) >= 8:
            return clauses
    return [*clauses, clause] if clause else clauses


def _random_texts(count: int) -> list[str]:
    rng = random.Random(38)
    words = ["I", "we", "fixed", "it", "and", "but", "so", "then", "ok", "tried", "the", "x"]
    marks = ["", "", "", ",", ".", "!", "?", ";", ":", "\u2019s", "'", "-", ")"]
    return [
        " ".join(rng.choice(words) + rng.choice(marks) for _ in range(rng.randrange(0, 30)))
        for _ in range(count)
    ]


@pytest.mark.parametrize("text", _TEXTS + _random_texts(300))
def test_record_reads_the_words_each_rule_read(text: str) -> None:
    record = TurnWords(text)
    assert list(record.plain) == plain_words(text)
    assert list(record.tokens) == text.casefold().replace("\u2019", "'").split()
    assert list(record.clauses()) == _reference_clauses(text)


def test_clauses_end_at_statement_marks_and_joiners_not_at_question_marks() -> None:
    record = TurnWords("Tried it, right? it worked and then it broke; so what")
    assert list(record.clauses()) == [
        ["tried", "it"],
        ["right", "it", "worked"],
        ["and"],
        ["then", "it", "broke"],
        ["so", "what"],
    ]
    eight = list(TurnWords("a, b, c, d, e, f, g, h, i, j").clauses())
    assert len(eight) == 8
    assert eight[-1] == ["h"]


def test_one_record_per_text_object_and_a_fresh_one_per_turn() -> None:
    text = "We pinned the release on the staging cluster."
    record = turn_words(text)
    assert turn_words(text) is record
    fresh = turn_words(text, fresh=True)
    assert fresh is not record
    assert fresh.plain == record.plain
    copy = (" " + text)[1:]  # equal text, another object: its own record, the same words
    assert copy is not text
    other = turn_words(copy)
    assert other is not fresh
    assert other.plain == fresh.plain
    features = from_scan(copy, "user", [], 0)
    assert features.words is other  # the rules read the record the classifier's stage made


def test_a_rule_concludes_once_per_record() -> None:
    text = "Switched it off last night, here's today's reading"
    assert outcome_report(text)
    record = turn_words(text)
    assert record.read == {"outcome-reports": True}
    # Too long for the limit: the length decides before the record is read.
    long = "I fixed it and " * 20
    assert not outcome_report(long)
    assert outcome_report(long, LONG_OUTCOME_CHARS) is outcome_report(long, LONG_OUTCOME_CHARS)


def test_any_held_is_words_held_above_zero() -> None:
    rng = random.Random(14)
    pool = ["move", "moving", "moved", "tomato", "tomatoe", "runner", "running", "pin", "pins"]
    for _ in range(500):
        vocabulary = frozenset(rng.sample(pool, rng.randrange(0, 4)))
        words = tuple(rng.sample(pool, rng.randrange(0, 4)))
        assert any_held(vocabulary, words) is (words_held(vocabulary, words, True) > 0)


def test_regular_past_and_the_terse_reading() -> None:
    assert all(map(regular_past, ("tried", "booked", "re-seeded")))
    assert not any(map(regular_past, ("bed", "shed", "need")))
    # Rule terse-reports reads letters only, as before the shared test.
    assert all(map(past_form, ("booked", "took")))
    assert not past_form("re-seeded")


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("what was that ISA thing you mentioned?", ("isa",)),
        ("wat was that ISA thing u said", ("isa",)),
        ("explain what ESOP is", ("esop",)),
        ("remind me what the PAYE code was", ("paye", "code")),
        ("We pinned the release on the staging cluster.", ()),
        ("That ISA thing you mentioned, remind me", ()),
    ],
)
def test_recalled_term_reads_only_text_holding_a_frame_word(
    text: str, term: tuple[str, ...]
) -> None:
    assert recalled_term(text) == term


def test_a_statement_after_a_reply_classifies_as_logged() -> None:
    # The classifier's stage and the rules share one record: classify() and user() agree.
    session = mh.Session()
    session.user("How do I keep my sourdough starter alive in a cold kitchen?")
    session.assistant("Keep it near the oven light and feed it twice a day with warm water.")
    text = "Moved it next to the oven light and fed it twice, it doubled by evening."
    assert session.classify(text) == session.user(text).intent == mh.Intent.CONTINUE


def test_long_text_is_read_in_linear_time() -> None:
    text = "fixed, " * 150_000  # ~1,000,000 characters: one pass each
    record = TurnWords(text)
    assert len(record.plain) == 150_000
    assert sum(1 for _ in record.clauses()) == 8


@pytest.mark.parametrize(
    ("text", "wide", "term"),
    [
        ("Fret buzz?", False, ("fret", "buzz")),
        ("Float pin, what's that?", False, ("float", "pin")),
        ("Backfill, you mean the old rows?", False, ("backfill",)),
        ("Kettle stitch, meaning?", False, ("kettle", "stitch")),
        ("valley and mountain fold, what's the difference?", True, ("valley", "mountain", "fold")),
        ("Float pin, what's the weather like?", False, ()),
        ("We pinned the release?", False, ()),
    ],
)
def test_echoed_terms_read_their_links_by_first_word(
    text: str, wide: bool, term: tuple[str, ...]
) -> None:
    # The links are looked up by the word at each place (issue 14), with the same finds.
    assert echoed_term(text, wide) == term
