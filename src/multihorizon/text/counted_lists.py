"""Prose lists announced by their count (SPEC-028 §4.1 "the second option" -> which
enumeration?, rule counted-lists): "Three fit that room. The A ... . The B ... . The C ... ."
(one sentence per item) and "Here are two good routes.\n\nThe A ...\n\nThe B ..." (one
paragraph per item); ``text.enumerations`` reads them with a reply's other lists."""

from __future__ import annotations

import re

from .scan import sentence_spans

__all__ = ["announced_count", "counted_lists"]

# A prose list announced by its count (rule counted-lists): "Three fit that room. The A ... .
# The B ... . The C ... ." (one sentence per item) or "Here are two good routes.\n\nThe A
# ...\n\nThe B ..." (one paragraph per item). The count opens the announcement or follows
# one of these words ("Here are three setups"; not "It takes two hours").
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# The words an announcement opens with; a reply without them is not read further.
_GATE_WORDS = r"\b(?:two|three|four|five|six|few|several|couple|some|here|these)\b"
_GATE = re.compile(_GATE_WORDS)  # over the lower-cased text: twice as fast as ...
_GATE_ANY_CASE = re.compile(_GATE_WORDS, re.IGNORECASE)  # ... this, for texts lower() resizes
_LOOKBACK = 120  # characters before a count word where its sentence must start
_STOP = re.compile(r"[.!?](?=\s|\Z)|\n")  # a sentence's end (as ``scan.sentence_spans``)
_CUTS = ("\n", ". ", "! ", "? ", ".\t", "!\t", "?\t")  # what ends the sentence before
_ITEMS_CHARS = 4000  # an announcement and its sentences lie within this many characters
_COUNT_AFTER = frozenset(("are", "have", "has", "of", "these", "suggest", "recommend", "see"))
# "Here are a few options.", "There are several routes:", "Here's what works.": a list of two
# to six, the count unsaid (0 below).
_VAGUE_COUNTS = (
    ("a", "few"), ("several",), ("a", "couple"), ("are", "some"), ("have", "some"),
    ("here", "are"), ("here's",), ("here\u2019s",), ("these", "are"),
)  # fmt: skip
_VAGUE_MOST = 6
_COUNT_LEAD_WORDS = 12  # a longer sentence is no announcement
_COUNT_AT = 4  # the count is one of the announcement's first words


def counted_lists(text: str, out: list[tuple[int, int, list[str]]]) -> None:
    """Lists of sentences or paragraphs that a short sentence announces by their count: the
    next N sentences of its paragraph when exactly N follow, else the next N paragraphs
    when the text holds exactly those (a closing question may follow either). Only the
    sentences that open with a count word are read (most replies have none)."""
    last = -1
    lowered = text.lower()
    gate = _GATE.finditer(lowered) if len(lowered) == len(text) else _GATE_ANY_CASE.finditer(text)
    for match in gate:
        start = _sentence_start(text, match.start())
        if start is None or start == last:
            continue
        last = start
        stop = _sentence_stop(text, match.end(), start + _LOOKBACK)
        first_count = None if stop is None else announced_count(text[start:stop])
        if first_count is None:
            continue  # most count words: no announcement, its sentence never split
        window = text[start : start + _ITEMS_CHARS]
        # Only the announcement and the sentences _counted_sentences reads: a reply of many
        # count-word sentences is not split again from each of them.
        spans = sentence_spans(window, _spans_read(first_count))
        if not spans or spans[0][0] != 0:
            continue
        count = announced_count(window[: spans[0][1]])
        if count is None:
            continue
        if _spans_read(count) > len(spans):
            spans = sentence_spans(window, _spans_read(count))
        end = spans[0][1]
        found = _counted_sentences(window, end, spans, 1, count)
        if found is not None and (found[1] < len(window) or start + len(window) == len(text)):
            out.append((start + found[0], start + found[1], found[2]))
        elif text.startswith("\n\n", _skip_spaces(text, start + end)):
            paragraphs = _counted_paragraphs(text, start + end, count)
            if paragraphs is not None:
                out.append(paragraphs)


def _spans_read(count: int) -> int:
    # The announcement, its ``count`` sentences (two to six when vague), a closing question
    # and one more to see the paragraph end: what _counted_sentences reads.
    return (count or _VAGUE_MOST) + 3


def _sentence_stop(text: str, at: int, limit: int) -> int | None:
    """Where the sentence holding ``at`` ends (after its end mark, or at a line break), if
    before ``limit``; else None."""
    found = _STOP.search(text, at, min(limit, len(text)))
    if found is None:
        return len(text) if limit >= len(text) else None
    return found.start() if found.group() == "\n" else found.end()


def _sentence_start(text: str, at: int) -> int | None:
    """Where the sentence holding ``at`` starts, if ``at`` is one of its first
    ``_COUNT_AT`` words and the start lies within ``_LOOKBACK`` characters; else None."""
    begin = max(0, at - _LOOKBACK)
    cut = max(text.rfind(mark, begin, at) for mark in _CUTS)
    if cut < 0 and begin > 0:
        return None  # a long sentence: no announcement
    start = cut + 1
    while start < at and text[start].isspace():
        start += 1
    return start if len(text[start:at].split()) < _COUNT_AT else None


def _skip_spaces(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t":
        at += 1
    return at


def announced_count(sentence: str) -> int | None:
    """The count a short sentence announces ("Three fit that room.", "Here are two good
    routes:"), else None."""
    if not sentence.endswith((".", ":")):
        return None
    words = sentence.casefold().rstrip(".:").split()
    if len(words) > _COUNT_LEAD_WORDS:
        return None
    for at, word in enumerate(words[:_COUNT_AT]):
        count = _COUNT_WORDS.get(word)
        if count is not None:
            return count if at == 0 or words[at - 1] in _COUNT_AFTER else None
    for at in range(min(_COUNT_AT, len(words))):
        if any(tuple(words[at : at + len(vague)]) == vague for vague in _VAGUE_COUNTS):
            return 0
    return None


def _fits(found: int, count: int) -> bool:
    """Whether ``found`` items are the ``count`` announced (0: two to six)."""
    return found == count if count else 2 <= found <= _VAGUE_MOST


def _counted_sentences(
    text: str, end: int, spans: list[tuple[int, int]], first: int, count: int
) -> tuple[int, int, list[str]] | None:
    """The ``count`` sentences that end the announcement's paragraph (it ends at ``end``),
    if exactly so many do (a closing question aside). Reads at most ``count`` + 2 of them."""
    if first >= len(spans) or "\n" in text[end : spans[first][0]]:
        return None  # the announcement ends its paragraph
    line_end = text.find("\n", spans[first][0])
    stop = line_end if line_end >= 0 else len(text)
    same: list[tuple[int, int]] = []
    for span in spans[first : first + (count or _VAGUE_MOST) + 2]:
        if span[1] > stop:
            break
        same.append(span)
    if len(same) > 2 and text[same[-1][0] : same[-1][1]].endswith("?"):
        same = same[:-1]  # a closing question
    if not _fits(len(same), count):
        return None
    items = [text[a:b].strip().rstrip(".").strip() for a, b in same]
    return (same[0][0], same[-1][1], items) if all(items) else None


def _counted_paragraphs(text: str, end: int, count: int) -> tuple[int, int, list[str]] | None:
    """The ``count`` one-line paragraphs after the announcement, if the text holds exactly
    those (a closing question aside). Reads at most ``count`` + 2 of them."""
    spans: list[tuple[int, int]] = []
    at = end
    most = count or _VAGUE_MOST
    while len(spans) <= most + 1:
        while at < len(text) and text[at] in " \t\n":
            at += 1
        if at >= len(text):
            break
        close = text.find("\n\n", at)
        close = close if close >= 0 else len(text)
        spans.append((at, close))
        at = close
    if at < len(text) and len(spans) > most + 1:
        return None
    paragraphs = [text[a:b].strip() for a, b in spans]
    if len(paragraphs) > 2 and paragraphs[-1].endswith("?"):
        paragraphs, spans = paragraphs[:-1], spans[:-1]  # a closing question
    if not _fits(len(paragraphs), count) or any("\n" in p for p in paragraphs):
        return None
    return spans[0][0], spans[-1][0] + len(text[spans[-1][0] : spans[-1][1]].rstrip()), paragraphs
