"""Enumerations in a reply (SPEC-028 §4.1 "the second option" -> which enumeration?): the items
of the last numbered, bulleted, inline or prose list, read once when the reply is analysed."""

from __future__ import annotations

import re
from itertools import pairwise

from .scan import anchored_words

__all__ = ["LAST", "enumeration_items"]

# Ordinal value meaning "the last item" ("the last one", "the latter").
LAST = -1

# Enumerations (SPEC-028 §4.1 "the second option" -> which enumeration?).
_NUMBERED_LINE = re.compile(
    r"^([ \t]*)(?:#{1,6}[ \t]+)?(?:\*\*|__)?"
    r"(?:(?:option|step|approach|choice|method|solution|alternative)[ \t]+)?"
    r"\(?(\d{1,2})(?:[.)]|[ \t]*[:\u2013\u2014-])(?:\*\*|__)?[ \t]+(\S.*)$",
    re.IGNORECASE,
)
_BULLET_LINE = re.compile(r"^([ \t]*)[-*+\u2022\u2023\u25e6\u00b7\u2043][ \t]+(\S.*)$")
# After whitespace, a colon or the start: one negative lookbehind, about 2x faster than three
# alternative lookbehinds tried at every position.
_INLINE_MARK = re.compile(r"(?<![^\s:])\(?(\d{1,2})[.)][ \t]+(?=\S)")
# A prose ordinal opens a sentence or a line: "First, ...". Tried only where a block of end
# marks, line breaks and spaces ends (scan.anchored_words): searched with a leading
# "(?<=[.!?\n])[ \t\n]*\s*", a run of line breaks cost O(n^2).
_PROSE_BLOCK = re.compile(r"[.!?\n][\s.!?]*")
_PROSE_MARK = re.compile(
    r"(first(?:ly)?|first[ \t]+of[ \t]+all|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|"
    r"fifth(?:ly)?|sixth(?:ly)?|next|then|also|lastly|finally|last(?:[ \t]+of[ \t]+all)?)"
    r"[ \t]*[,:]",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?](?=\s|\Z)|\n")

# ---------------------------------------------------------------------------------------------
# Enumerations


def enumeration_items(text: str) -> tuple[str, ...]:
    """The items of the LAST enumeration in ``text``, each stripped; () when there is none.

    Recognised (SPEC-028 §4.1 ordinal references need "which enumeration"): numbered lines
    ("1. ", "1) ", "(1) ", "Option 1: ", "### 2. "), bulleted lines ("- ", "* ", "• "), inline
    numbering ("1. a, 2. b, 3. c") and prose ordinals ("First, ... Second, ... Finally, ...").
    A list needs at least two items. Continuation lines indented under an item join its text;
    nested lists belong to their parent item. When several lists occur, the one that ends last
    wins: that is the one "the second option" most plausibly points at.
    """
    if not text:
        return ()
    candidates: list[tuple[int, list[str]]] = []  # (end offset, items)
    _line_lists(text, candidates)
    _inline_lists(text, candidates)
    _prose_lists(text, candidates)
    best: list[str] | None = None
    best_end = -1
    for end, items in candidates:
        if len(items) >= 2 and end >= best_end:
            best, best_end = items, end
    return tuple(best) if best is not None else ()


def _clean_item(item: str) -> str:
    item = item.strip()
    # An item wrapped as "**Redis**" keeps its emphasis; a stray "**" left by "**1. Redis**"
    # (the opening pair consumed with the number) is dropped.
    if item.count("**") % 2 == 1:
        item = item[:-2] if item.endswith("**") else item.removeprefix("**")
    return item.strip().rstrip(",;").strip()


def _line_lists(text: str, out: list[tuple[int, list[str]]]) -> None:
    """Numbered and bulleted line lists; each finished list is appended to ``out``."""
    offset = 0
    # The open list: its items, marker style, indent, last number and end offset.
    current: list[str] = []
    style = ""
    base = 0
    last_number = 0
    end = 0

    def close() -> None:
        nonlocal current
        if len(current) >= 2:
            out.append((end, [_clean_item(item) for item in current]))
        current = []

    for line in text.splitlines(keepends=True):
        stripped = line.rstrip("\r\n")
        line_end = offset + len(stripped)
        offset += len(line)
        numbered = _NUMBERED_LINE.match(stripped)
        bullet = None if numbered else _BULLET_LINE.match(stripped)
        if numbered is not None or bullet is not None:
            match = numbered if numbered is not None else bullet
            assert match is not None
            indent = len(match.group(1).expandtabs(4))
            if current and indent > base:
                # A nested list line belongs to the current item.
                continue
            if numbered is not None:
                number = int(numbered.group(2))
                if current and style == "numbered" and number == last_number + 1:
                    current.append(numbered.group(3))
                else:
                    close()
                    current, style, base = [numbered.group(3)], "numbered", indent
                last_number = number
            else:
                assert bullet is not None
                if current and style == "bullet" and indent == base:
                    current.append(bullet.group(2))
                else:
                    close()
                    current, style, base = [bullet.group(2)], "bullet", indent
            end = line_end
            continue
        if not stripped.strip():
            continue  # blank lines separate items without ending the list
        indent = len(stripped) - len(stripped.lstrip(" \t"))
        if current and indent > base:
            current[-1] = current[-1] + " " + stripped.strip()  # continuation of the item
            end = line_end
        elif current and style == "bullet":
            close()  # unindented prose ends a bulleted list ...
        # ... but not a numbered one: "1. Redis\nIt is fast.\n2. Memcached" is still one list.
    close()


def _inline_lists(text: str, out: list[tuple[int, list[str]]]) -> None:
    """Inline numbering within a paragraph: "Options: 1. Redis, 2. Memcached, 3. Postgres."."""
    for paragraph_match in re.finditer(r"[^\n]+", text):
        paragraph = paragraph_match.group()
        marks = [m for m in _INLINE_MARK.finditer(paragraph)]
        if len(marks) < 2:
            continue
        # Keep consecutive runs 1, 2, 3, ... (a line list "1. x" is one mark per line: < 2).
        run: list[re.Match[str]] = []
        for mark in marks:
            number = int(mark.group(1))
            if run and number == int(run[-1].group(1)) + 1:
                run.append(mark)
            elif number == 1:
                _emit_inline(paragraph, paragraph_match.start(), run, out)
                run = [mark]
        _emit_inline(paragraph, paragraph_match.start(), run, out)


def _emit_inline(
    paragraph: str, base: int, run: list[re.Match[str]], out: list[tuple[int, list[str]]]
) -> None:
    if len(run) < 2:
        return
    items = []
    for here, after in pairwise(run):
        items.append(_strip_joiners(paragraph[here.end() : after.start()]))
    tail_start = run[-1].end()
    stop = _SENTENCE_END.search(paragraph, tail_start)
    tail_end = stop.start() if stop is not None else len(paragraph)
    items.append(_strip_joiners(paragraph[tail_start:tail_end]))
    out.append((base + tail_end, [_clean_item(item) for item in items]))


def _strip_joiners(item: str) -> str:
    item = item.strip().rstrip(",;").strip()
    for joiner in (" and", " or"):
        if item.endswith(joiner):
            item = item[: -len(joiner)]
    return item.strip().rstrip(",;")


def _prose_lists(text: str, out: list[tuple[int, list[str]]]) -> None:
    """Prose ordinals: "First, do X. Second, do Y. Finally, do Z."."""
    # Every run opens with "first"; most turns have none, and the pattern is slow to scan.
    if "first" not in text.casefold():
        return
    marks = anchored_words(text, _PROSE_BLOCK, _PROSE_MARK)
    if len(marks) < 2:
        return
    run: list[re.Match[str]] = []
    for mark in marks:
        word = mark.group(1).casefold()
        if word.startswith("first"):
            _emit_prose(text, run, out)
            run = [mark]
        elif run:
            run.append(mark)
            if word.startswith(("final", "last")):
                _emit_prose(text, run, out)
                run = []
    _emit_prose(text, run, out)


def _emit_prose(text: str, run: list[re.Match[str]], out: list[tuple[int, list[str]]]) -> None:
    # "Then," and "Also," are weak markers; a run needs "First" plus a real ordinal or an end.
    strong = [
        mark
        for mark in run[1:]
        if not mark.group(1).casefold().startswith(("then", "also", "next"))
    ]
    if len(run) < 2 or not strong:
        return
    items = [text[here.end() : after.start()] for here, after in pairwise(run)]
    stop = _SENTENCE_END.search(text, run[-1].end())
    tail_end = stop.end() if stop is not None and text[stop.start()] != "\n" else len(text)
    if stop is not None and text[stop.start()] == "\n":
        tail_end = stop.start()
    items.append(text[run[-1].end() : tail_end])
    # A prose item is a sentence or more: its closing full stop is not part of the item.
    out.append((tail_end, [_clean_item(item).rstrip(".").strip() for item in items]))
