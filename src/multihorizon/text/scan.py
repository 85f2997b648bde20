"""Single-pass scanners for the text rules that must run in time linear in their input.

Python's ``re`` backtracks. A pattern searched from every position whose run can fail at its
end (``(?<=[.!?\\n])\\s*X``, ``\\S.*?[.!?]+(?=\\s)``) re-reads the run from each start: O(n^2).
One earlier user turn of ``"x" + "\\n" * 4000`` made ``"do it again"`` take 11 s, and ``re``
holds the GIL, so every session of the process stalled. The scanners here visit each
character a bounded number of times: the patterns they still call either consume a whole
maximal run and cannot fail (``[.!?\\n][\\s.!?]*``), or are anchored at a position that no
other call reads from again.

Each scanner gives exactly the result of the regular expression it replaces; the equivalence
is argued in its docstring and checked by differential tests (tests/test_linear_time.py).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence

__all__ = ["ChainScanner", "SpanSet", "anchored_words", "digit_group", "sentence_spans"]

_NON_SPACE = re.compile(r"\S")
# A maximal run of end marks, or one line break. A run never fails: finditer reads it once.
_STOPS = re.compile(r"[.!?]+|\n")


def sentence_spans(text: str, most: int | None = None) -> list[tuple[int, int]]:
    """The spans of ``re.finditer(r"\\S.*?(?:[.!?]+(?=\\s|\\Z)|(?=\\n)|\\Z)", text, re.S)``,
    the first ``most`` of them when it is given (the text after them is not read).

    A sentence starts at a non-space character ``s`` and ends at the first position ``j > s``
    where a run of end marks closes (the run's end, when whitespace or the end of the text
    follows it), before a line break, or at the end. A run ``[a, b)`` of marks closes at ``b``
    from any ``j`` inside it, so only maximal runs are looked at, each once.
    """
    size = len(text)
    # (the last start it can close a sentence for, where it closes it), in text order.
    stops = _closing_stops(text, size)
    stop = next(stops, None)
    spans: list[tuple[int, int]] = []
    position = 0
    while most is None or len(spans) < most:
        found = _NON_SPACE.search(text, position)
        if found is None:
            return spans
        start = found.start()
        while stop is not None and stop[0] < start:
            stop = next(stops, None)
        end = stop[1] if stop is not None else size
        spans.append((start, end))
        position = end
    return spans


def _closing_stops(text: str, size: int) -> Iterator[tuple[int, int]]:
    for stop in _STOPS.finditer(text):
        start, end = stop.span()
        if text[start] == "\n":
            yield start - 1, start  # (?=\n) at j = start >= s + 1
        elif end == size or text[end].isspace():  # re's \s is str.isspace
            yield end - 2, end  # [.!?]+ from some j in [a, b) with j >= s + 1


def anchored_words(
    text: str, blocks: re.Pattern[str], word: re.Pattern[str], *, lead: str = r"\s*"
) -> list[re.Match[str]]:
    """``word``'s non-overlapping matches at the positions a block of separators leads to.

    Replaces ``(?:^|(?<=[.!?\\n])[ \\t\\n]*|(?<=[.!?][ \\t]))\\s*WORD`` searched over the text:
    a word counts at the first non-space position after the start of the text, after an end
    mark, or after a line break. ``blocks`` finds each maximal block of end marks, line breaks
    and spaces that holds one of them (``[.!?\\n][\\s.!?]*``: it consumes the block, so it never
    fails and reads each character once); the word is tried where the block ends. Positions
    inside a block are end marks or spaces, where no word starts. A match starts at the word,
    where the replaced pattern's match started at the spaces before it.
    """
    found: list[re.Match[str]] = []
    last_end = 0
    first = re.compile(lead).match(text)
    starts = [first.end()] if first is not None else []
    for position in _block_ends(text, blocks, starts):
        if position < last_end:
            continue
        match = word.match(text, position)
        if match is not None:
            found.append(match)
            last_end = match.end()
    return found


def _block_ends(text: str, blocks: re.Pattern[str], starts: list[int]) -> list[int]:
    ends = starts + [block.end() for block in blocks.finditer(text)]
    return sorted(set(ends))


class ChainScanner:
    """Whether ``^|(?<=[.!?\\n])`` LEAD* (FILLER SEPARATOR*)* OPENER matches anywhere.

    ``blocks`` finds the maximal blocks of lead characters and end marks that hold an end mark
    or a line break (consuming the block, so it never fails): a chain starts where such a block
    ends, and after the text's leading lead characters. From there it is deterministic: at each
    word position the opener is tried, else one filler word with its separators is consumed.
    Every character class involved (lead, separators, end marks) holds no letter, and every
    opener and filler starts with one, so a shorter run of lead or separator characters never
    matches where the greedy one failed, and a word position's outcome does not depend on how
    it was reached: each is computed once. The replaced regex re-ran the whole chain from every
    end mark of "ok. ok. ok. ...".
    """

    __slots__ = ("_blocks", "_filler", "_lead", "_opener")

    def __init__(
        self,
        *,
        lead: re.Pattern[str],
        blocks: re.Pattern[str],
        filler: re.Pattern[str],
        opener: re.Pattern[str],
    ) -> None:
        self._lead = lead  # matched once, at the start of the text
        self._blocks = blocks
        self._filler = filler  # one filler word and the separators after it
        self._opener = opener

    def found_in(self, text: str) -> bool:
        lead = self._lead.match(text)
        starts = [lead.end()] if lead is not None else []
        failed: set[int] = set()  # word positions whose chain is known to fail
        for position in _block_ends(text, self._blocks, starts):
            walked: list[int] = []
            while position not in failed and position < len(text):
                if self._opener.match(text, position) is not None:
                    return True
                walked.append(position)
                filler = self._filler.match(text, position)
                if filler is None:
                    break
                position = filler.end()
            failed.update(walked)
        return False


def digit_group(text: str, position: int) -> bool:
    """Whether the comma or full stop at ``position`` sits inside a number, so it is a
    thousands separator ("£1,250", "2,400 EUR": a digit before, three after and no fourth) or
    a decimal point ("£1,120.50", "Apache 2.0": digits either side), never a list or sentence
    boundary. Reads at most five characters."""
    if not 0 < position < len(text) - 1 or not text[position - 1].isdigit():
        return False
    if text[position] == ".":
        return text[position + 1].isdigit()
    group = text[position + 1 : position + 4]
    return len(group) == 3 and group.isdigit() and not text[position + 4 : position + 5].isdigit()


class SpanSet:
    """Spans ``[start, end)`` of a text, asked whether a position lies inside one of them in
    O(log n): a 1M-character reply holds thousands of lists and words to test against them."""

    __slots__ = ("_reach", "_starts")

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [start for start, _ in ordered]
        # The furthest end any span up to each index reaches: spans may overlap or nest.
        self._reach: list[int] = []
        for _, end in ordered:
            self._reach.append(max(end, self._reach[-1]) if self._reach else end)

    def holds(self, position: int) -> bool:
        """Whether ``position`` lies inside one of the spans."""
        index = bisect_right(self._starts, position) - 1
        return index >= 0 and self._reach[index] > position
