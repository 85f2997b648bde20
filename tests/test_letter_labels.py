"""Rule letter-picks' label reading (``letter_picks._labels``) after its one-pass prefilter
(issue 14, branch stages38): the same labels as the word-by-word reading it replaced, on
hand-made turns and on random strings of letters, marks and spaces."""

from __future__ import annotations

import random
import sys

import pytest

from multihorizon.dialogue import letter_picks
from multihorizon.text.pick_labels import (
    LABEL_CLOSERS,
    LABEL_FOLLOWERS,
    LABEL_LEADS,
    LABEL_LETTERS,
)

_MARKUP = "*\"'`"
_CLOSING = ".,?:;!)"
_DASHES = ("-", "\u2013", "\u2014")


def _reference(head: str, whole: bool) -> list[tuple[str, int, int]]:
    """The reading before the prefilter: every word read in turn (stop 37's ``_labels``)."""
    found: list[tuple[str, int, int]] = []
    cursor = 0
    before = ""
    for raw in head.split():
        start = head.find(raw, cursor)
        cursor = start + len(raw)
        opening = not before or before[-1] in ".!?" or "\n" in head[start - 1 : start]
        word = raw.strip(_MARKUP)
        inner = word.lstrip("(")
        letter, rest = inner[:1], inner[1:]
        previous, before = before, raw
        if not letter or letter.casefold() not in LABEL_LETTERS or rest.strip(_CLOSING):
            continue
        closed = rest[:1]
        following = head[cursor:].split(None, 1)[:1]
        after = following[0][:1] if following else ""
        marked = (
            closed in LABEL_CLOSERS
            or (not closed and following and following[0].casefold() in LABEL_FOLLOWERS)
            or after in _DASHES
            or (closed == "." and letter.islower())
            or (whole and not head[cursor:].strip())
        )
        if word.startswith("("):
            pass
        elif opening:
            if not marked and (letter == "a" or letter.isupper()):
                continue
        elif previous.strip(_MARKUP + ".,:;!?").casefold() not in LABEL_LEADS or (
            letter == "a" and not marked
        ):
            continue
        at = head.find(letter, start)
        found.append((letter, at, at + 1))
    return found


def test_the_marks_are_the_rules_own() -> None:
    # The prefilter strips what the reading strips or accepts around a letter.
    assert letter_picks.LABEL_MARKS == _MARKUP + "(" + _CLOSING


def test_label_forms_are_every_character_folding_to_a_label_letter() -> None:
    folding = {
        c for c in map(chr, range(sys.maxunicode + 1)) if c.casefold() in LABEL_LETTERS and c
    }
    assert folding == letter_picks.LABEL_FORMS


@pytest.mark.parametrize(
    "head",
    [
        "is B worth the extra?",
        "what about C if we go in May?",
        "c - how do I check the recall",
        "I'd lean to (a) then",
        "A friend said it was fine",
        "vitamin C helps, plan B too",
        "**(b)** or *c*?",
        ")b and b( are not labels",
        "so a, or b.",
        "the second one please",
        "",
        "Options:\nb) the cheap one",
        "what about `d`",
    ],
)
def test_labels_as_the_word_by_word_reading(head: str) -> None:
    for whole in (True, False):
        assert letter_picks._labels(head, whole) == _reference(head, whole)


def test_labels_on_random_strings() -> None:
    pieces = ["a", "b", "C", "h", "i", "x", "(", ")", "*", "'", "`", '"', ".", ",", "?", ":"]
    pieces += [" ", " ", " ", "\n", "-", "about", "what", "or", "the", "\u2013"]
    rng = random.Random(38)
    hits = 0
    for _ in range(4000):
        head = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        for whole in (True, False):
            expected = _reference(head, whole)
            hits += bool(expected)
            assert letter_picks._labels(head, whole) == expected, head
    assert hits > 500  # the strings do hold labels, not only words the prefilter drops
