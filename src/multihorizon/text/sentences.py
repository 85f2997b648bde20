"""Sentences of a turn for the thread state (SPEC-028 §6.2): code fences, list lines and
abbreviations handled, text sanitised, very long turns read at their head and tail."""

from __future__ import annotations

import re

__all__ = ["HAS_WORD", "sanitise", "scan_window", "split_sentences", "word_set"]

# Very long turns (pasted logs, documents) are scanned only at the head and the tail, which
# bounds the cost of one update; a question usually sits at the end of a long paste.
_SCAN_HEAD = 12_000
_SCAN_TAIL = 4_000


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# ---------------------------------------------------------------------------------------------
# Sentence splitting
# ---------------------------------------------------------------------------------------------

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
# End punctuation (optionally closed by a quote or bracket) followed by whitespace: "v3.5",
# URLs and dotted names have no space after their dots and stay whole.
# The end mark is captured, not looked behind for: a pattern that starts with a character
# class lets ``re`` skip ahead, and it splits three times faster.
_SENTENCE_END = re.compile(r"([.!?\u2026][\"'\u201d\u2019)\]]*)\s+")
# A piece whose last word is one of these did not end a sentence.
_ABBREVIATIONS = word_set(
    "e.g. i.e. etc. vs. cf. approx. incl. esp. resp. mr. mrs. ms. dr. prof. st. fig. eq. ca. al."
)
_LIST_MARKER = re.compile(r"(?:[-*\u2022+>#]+|\(?\d{1,3}[.)]|\(?[a-zA-Z][)])\s+")
HAS_WORD = re.compile(r"[^\W_]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SPACES = re.compile(r"\s+")
_TYPOGRAPHIC = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def sanitise(text: str) -> str:
    """ASCII quotes and apostrophes, so the word lists need not spell both kinds; no lone
    surrogates, which would make a summary unencodable downstream (headers, UTF-8)."""
    if text.isascii():
        return text
    return _SURROGATE.sub("\ufffd", text).translate(_TYPOGRAPHIC)


def scan_window(text: str) -> str:
    if len(text) <= _SCAN_HEAD + _SCAN_TAIL:
        return text
    return text[:_SCAN_HEAD] + "\n" + text[-_SCAN_TAIL:]


def _lines(text: str) -> list[str]:
    """Logical lines: a line break ends a sentence unless it only wraps one (a lower-case
    continuation after a line without end punctuation that is not a list item)."""
    # Each logical line as its physical lines, joined once at the end: joining line by line
    # copied the growing line each time (O(n^2) for thousands of wrapped lines).
    out: list[list[str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        marker = _LIST_MARKER.match(line)
        if marker:
            out.append([line[marker.end() :]])
        elif out and line[0].islower() and out[-1][-1][-1] not in ".!?:;\u2026":
            out[-1].append(line)
        else:
            out.append([line])
    return [" ".join(parts) for parts in out]


def _ends_inside_sentence(piece: str) -> bool:
    """Whether a piece ends at an abbreviation, an initial ("Plan B.") or an inline
    enumeration number ("Steps: 1. Install ..."), not at the end of a sentence."""
    word = piece.rsplit(None, 1)[-1].lstrip("([\"'").lower()
    return (
        word in _ABBREVIATIONS
        or (len(word) == 2 and word[0].isalpha())
        or (len(word) <= 3 and word[:-1].isdigit())
    )


def _tidy(sentence: str) -> str:
    if "  " in sentence or "\t" in sentence:
        sentence = _SPACES.sub(" ", sentence)
    return sentence.strip()


def split_sentences(text: str) -> list[str]:
    """The sentences of a chat turn, whitespace-collapsed, list markers and code fences removed.

    Keeps versions and dotted names ("v3.5", "pg.conf"), URLs and common abbreviations
    ("e.g.", "vs.") inside their sentence; a line break or a list item starts a new one.
    Pieces without a letter or digit are dropped.
    """
    if "```" in text:
        text = _FENCE.sub("\n", text)
    lines = _lines(text) if "\n" in text or "\r" in text else [text.strip()]
    sentences: list[str] = []
    for line in lines:
        # The pieces of the sentence being read, joined once it ends: joining piece by piece
        # copied it each time (O(n^2) for "e.g. e.g. ..."). A piece ending in "." ends in a
        # word of its own, so the piece alone says whether the sentence goes on.
        pending: list[str] = []
        parts = _SENTENCE_END.split(line)
        parts.append("")  # text, end mark, text, end mark, ..., text, ""
        for index in range(0, len(parts), 2):
            piece = parts[index] + parts[index + 1]
            pending.append(piece)
            if piece[-1:] == "." and _ends_inside_sentence(piece):
                continue
            sentence = " ".join(pending)
            if HAS_WORD.search(sentence):
                sentences.append(_tidy(sentence))
            pending = []
        if pending and HAS_WORD.search(" ".join(pending)):
            sentences.append(_tidy(" ".join(pending)))
    return sentences
