from __future__ import annotations

from types import ModuleType

import pytest

LEXICON = [
    ("more", 1),
    ("go on", 2),
    ("it", 3),
    ("what do you mean", 4),
    ("on", 5),
    ("back to", 6),
    ("the second option", 7),
]


def texts_of(text: str, hits: list[tuple[int, int, int, int]]) -> list[str]:
    return [text[start:end] for _, _, start, end in hits]


def test_finds_phrases_with_categories_and_offsets(kernels: ModuleType) -> None:
    text = "Go on, tell me more about the second option."
    hits = kernels.MarkerMatcher(LEXICON).find(text)
    assert hits == [
        (2, 1, 0, 5),
        (5, 4, 3, 5),
        (1, 0, 15, 19),
        (7, 6, 26, 43),
    ]
    assert texts_of(text, hits) == ["Go on", "on", "more", "the second option"]


@pytest.mark.parametrize(
    "text",
    [
        "moreover this is fine",
        "edit the file",
        "so that its scale is right",
        "more_than",
        "onward and upward",
        "bygone era",
        "more2",
    ],
)
def test_whole_words_only(kernels: ModuleType, text: str) -> None:
    assert kernels.MarkerMatcher([("more", 1), ("it", 2), ("on", 3)]).find(text) == []


def test_word_boundaries_at_text_edges_and_punctuation(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher([("it", 1)])
    assert [h[2:] for h in matcher.find("it")] == [(0, 2)]
    assert [h[2:] for h in matcher.find("(it)")] == [(1, 3)]
    assert [h[2:] for h in matcher.find("it's it.")] == [(0, 2), (5, 7)]


def test_multi_word_phrase_spans_any_run_of_spaces_or_punctuation(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher([("what do you mean", 1), ("back to", 2)])
    for text in [
        "What do you mean?",
        "what  do\tyou\nmean",
        "what -- do, you... mean",
        "WHAT/DO/YOU/MEAN",
    ]:
        hits = matcher.find(text)
        assert [h[:2] for h in hits] == [(1, 0)], text
        assert text[hits[0][2] : hits[0][3]].lower().startswith("what")
    assert matcher.find("whatdo you mean") == []
    assert matcher.find("back-to etcd")[0][2:] == (0, 7)


def test_phrase_punctuation_and_case_are_normalised(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher([("  Go,   ON!! ", 9)])
    assert matcher.find("please go on") == [(9, 0, 7, 12)]


def test_overlapping_and_duplicate_phrases_are_all_reported(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher([("go on", 1), ("on and on", 2), ("on", 3), ("go on", 4)])
    hits = matcher.find("go on and on")
    assert hits == [
        (1, 0, 0, 5),
        (4, 3, 0, 5),
        (3, 2, 3, 5),
        (2, 1, 3, 12),
        (3, 2, 10, 12),
    ]


def test_unicode_case_folding_and_offsets(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher([("σίσυφος", 1), ("ÜBER", 2), ("kelvin", 3)])
    text = "🙂 ΣΊΣΥΦΟΣ über \uff4belvin \u212aELVIN"
    hits = matcher.find(text)
    # Offsets are code point indices into the original str, even past a non-BMP emoji.
    assert texts_of(text, hits) == ["ΣΊΣΥΦΟΣ", "über", "\u212aELVIN"]
    assert [h[0] for h in hits] == [1, 2, 3]


def test_simple_folding_keeps_offsets_one_to_one(kernels: ModuleType) -> None:
    # Full case folding would turn "ß" into "ss" and shift offsets; simple folding does not,
    # so "strasse" and "straße" stay distinct and every offset indexes the caller's string.
    matcher = kernels.MarkerMatcher([("straße", 1), ("İstanbul", 2)])
    text = "STRAßE strasse İstanbul"
    assert texts_of(text, matcher.find(text)) == ["STRAßE", "İstanbul"]


def test_non_word_characters_and_lone_surrogates(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher([("go on", 1)])
    text = "\ud800go\udfff on\x00"
    assert texts_of(text, matcher.find(text)) == ["go\udfff on"]


def test_empty_lexicon_and_empty_text(kernels: ModuleType) -> None:
    assert kernels.MarkerMatcher([]).find("anything at all") == []
    assert len(kernels.MarkerMatcher([])) == 0
    assert kernels.MarkerMatcher(LEXICON).find("") == []
    assert kernels.MarkerMatcher(LEXICON).find("!!! ... ???") == []


def test_one_megabyte_text(kernels: ModuleType) -> None:
    unit = "we went back to the etcd setup, moreover go on and edit it. "
    text = unit * (1_000_000 // len(unit) + 1)
    hits = kernels.MarkerMatcher(LEXICON).find(text)
    repeats = text.count(unit)
    # per unit: "back to", "go on", "on" (inside go on), "it"
    assert len(hits) == 4 * repeats
    assert hits[-1][3] <= len(text)


def test_len_and_repr(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher(LEXICON)
    assert len(matcher) == len(LEXICON)
    assert repr(matcher) == f"MarkerMatcher({len(LEXICON)} phrases)"


@pytest.mark.parametrize(
    ("phrases", "error", "message"),
    [
        ("go on", TypeError, "phrases: expected an iterable"),
        (42, TypeError, "phrases: expected an iterable"),
        ([("go on",)], TypeError, r"phrases\[0\]: expected a \(text, category\) pair"),
        ([("ok", 1), (b"go", 1)], TypeError, r"phrases\[1\]: text must be str"),
        ([("go", "1")], TypeError, r"phrases\[0\]: category must be int"),
        ([("go", True)], TypeError, r"phrases\[0\]: category must be int"),
        ([("go", 1 << 31)], ValueError, r"phrases\[0\]: category 2147483648 does not fit"),
        ([("go", 1), ("?!", 2)], ValueError, r"phrases\[1\]: '\?!' has no word characters"),
        ([("", 2)], ValueError, r"phrases\[0\]: '' has no word characters"),
    ],
)
def test_bad_phrases_are_refused(
    kernels: ModuleType, phrases: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        kernels.MarkerMatcher(phrases)


@pytest.mark.parametrize("text", [None, b"go on", 3])
def test_text_must_be_str(kernels: ModuleType, text: object) -> None:
    with pytest.raises(TypeError, match="text: expected str"):
        kernels.MarkerMatcher(LEXICON).find(text)
