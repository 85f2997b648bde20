"""Enumerations in a reply (SPEC-028 §4.1 "the second option" -> which enumeration?): the items
of the last numbered, bulleted, inline or prose list, read once when the reply is analysed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .counted_lists import announced_count, counted_lists
from .or_pairs import or_pair
from .pick_labels import roman_value
from .scan import SpanSet, anchored_words, digit_group, sentence_spans
from .sentence_lists import (
    LIST_LEAD_NOUNS,
    alternative_lists,
    bold_lead_lists,
    has_alternatives,
    instruction_clauses,
    instruction_lists,
    label_lists,
)
from .table_lists import table_lists

__all__ = [
    "LAST",
    "Candidates",
    "Enumeration",
    "enumeration_items",
    "enumeration_lists",
    "first_number",
    "last_items",
    "lists_of",
    "parse_lists",
]

# Ordinal value meaning "the last item" ("the last one", "the latter").
LAST = -1

# Enumerations (SPEC-028 §4.1 "the second option" -> which enumeration?).
_NUMBERED_LINE = re.compile(
    r"^([ \t]*)(?:#{1,6}[ \t]+)?(?:\*\*|__)?"
    r"(?:(option|step|approach|choice|method|solution|alternative|day|week|phase|stage|part|"
    r"tip|idea|round|level)[ \t]+)?"
    # Rule roman-labels: "II. Rail fence" (at most four numeral letters, then "." or ")").
    r"\(?(\d{1,2}|[IVXivx]{1,4}(?=[.)])|[A-Ja-j](?=[.):]))"
    r"(?:[.)]|[ \t]*[:\u2013\u2014-])(?:\*\*|__)?[ \t]+(\S.*)$",
    re.IGNORECASE,
)
# Label nouns that say something about the item ("Day 2: ..."), kept in its text.
_KEPT_LABELS = frozenset(("day", "week", "phase", "stage", "part", "round", "level"))
_BULLET_LINE = re.compile(r"^([ \t]*)[-*+\u2022\u2023\u25e6\u00b7\u2043][ \t]+(\S.*)$")
# After whitespace, a colon or the start: one negative lookbehind, about 2x faster than three
# alternative lookbehinds tried at every position.
_INLINE_MARK = re.compile(r"(?<![^\s:])\(?(\d{1,2}|[a-jA-J])[.)][ \t]+(?=\S)")
# How every inline mark ends: a scan for it skips ahead in C, the mark's own runs its
# lookbehind at every character (issue 14: most of a reply's list parse).
_MARK_END = re.compile(r"[.)][ \t]+(?=\S)")
# A prose ordinal opens a sentence or a line: "First, ...". Tried only where a block of end
# marks, line breaks and spaces ends (scan.anchored_words): searched with a leading
# "(?<=[.!?\n])[ \t\n]*\s*", a run of line breaks cost O(n^2).
_PROSE_BLOCK = re.compile(r"[.!?\n][\s.!?]*")
_PROSE_MARK = re.compile(
    r"(first(?:ly)?|first[ \t]+of[ \t]+all|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|"
    r"fifth(?:ly)?|sixth(?:ly)?|next|then|also|lastly|finally|last(?:[ \t]+of[ \t]+all)?|"
    r"after[ \t]+that)"
    # "First, do X" and "Then do Y": the comma is optional (ours: assistants write both).
    r"(?:[ \t]*[,:]|[ \t]+(?=[^\W\d_]))",
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
    return last_items(parse_lists(text))


# One parse of a text's lists: (start, end, items) of every list, and (parent list start,
# parent item index, items) of each list nested under an item.
Candidates = tuple[tuple[tuple[int, int, list[str]], ...], tuple[tuple[int, int, list[str]], ...]]


def parse_lists(text: str) -> Candidates:
    """Every list of ``text`` and the lists nested under an item, read in one pass: a reply's
    ``enumeration_items`` and ``enumeration_lists`` are both read from it (``last_items``,
    ``lists_of``), so a reply whose lists a later turn reads is parsed once (issue 14)."""
    if not text:
        return (), ()
    nested: list[tuple[int, int, list[str]]] = []
    return tuple(_candidates(text, nested)), tuple(nested)


def last_items(parsed: Candidates) -> tuple[str, ...]:
    """``enumeration_items`` of a parse: the list that ends last (the later of equals)."""
    best: list[str] | None = None
    best_end = -1
    for _, end, items in parsed[0]:
        if end >= best_end:
            best, best_end = items, end
    return tuple(best) if best is not None else ()


@dataclass(frozen=True, slots=True)
class Enumeration:
    """One list of a reply: its items and its lead, the words before it (its heading or the
    sentence that opens it: "Common causes:"), which a scoped ordinal ("the second of the
    causes") matches."""

    items: tuple[str, ...]
    lead: str


_LEAD_CHARS = 200  # the lead is the end of the text before a list: a heading, a sentence


def enumeration_lists(text: str) -> tuple[Enumeration, ...]:
    """Every list of ``text`` (``enumeration_items`` gives the last one's items), in order of
    their ends, each with its lead. A comma list ("you could A, B or C") counts only in a text
    with no other list. A list nested under an item is one of them too, its lead that item
    ("Frontend" for "- React\n- Vue" under "1. Frontend"): "the one about Vue" names it."""
    return lists_of(text, parse_lists(text))


def lists_of(text: str, parsed: Candidates) -> tuple[Enumeration, ...]:
    """``enumeration_lists`` of ``text`` from its parse (``parse_lists(text)``)."""
    candidates, nested = parsed
    found = sorted(candidates, key=lambda candidate: (candidate[1], candidate[0]))
    lists: list[Enumeration] = []
    previous_end = 0
    for start, end, items in found:
        lead_start = max(previous_end, start - _LEAD_CHARS, 0)
        lists.append(Enumeration(tuple(items), text[lead_start:start].strip()))
        previous_end = max(previous_end, end)
    # A nested list's lead is its parent item (its "start" holds the parent's index).
    lists += [Enumeration(tuple(items), lead) for lead, items in _nested_leads(found, nested)]
    return tuple(lists)


def first_number(text: str, first_item: str) -> int:
    """The number a numbered list labels its first item with ("4. Wrist stretch" -> 4): a
    list that goes on from an earlier reply ("Any more?" "4. ... 5. ...") counts on from
    there. 1 for a list that starts at one, is lettered or bulleted, or is not found."""
    at = text.find(first_item)
    if at < 0:
        return 1
    line = text[text.rfind("\n", 0, at) + 1 : at]
    digits = "".join(char for char in line if char.isdigit())
    label = line.strip().rstrip(".):\u2013\u2014- *_").lstrip("#*_ \t")
    # Only a bare label before the item ("4.", "4)", "Step 4:"), never a number in prose.
    named = label.casefold().removesuffix(digits).strip(" \t")
    if not digits or len(digits) > 2 or (label != digits and not named.isalpha()):
        return 1
    return int(digits)


def _nested_leads(
    found: Sequence[tuple[int, int, list[str]]], nested: Sequence[tuple[int, int, list[str]]]
) -> list[tuple[str, list[str]]]:
    """Each nested list with the text of the item it sits under (``nested`` entries are
    (parent list start, parent item index, items))."""
    parents = {start: items for start, _, items in found}
    out = []
    for start, index, items in nested:
        parent = parents.get(start)
        if parent is not None and index < len(parent):
            out.append((parent[index], items))
    return out


_SENTENCE_LIST_CHARS = 20_000  # rule sentence-lists reads replies up to this long


def _candidates(
    text: str, nested: list[tuple[int, int, list[str]]] | None = None
) -> list[tuple[int, int, list[str]]]:
    """Every list of two or more items: (start, end, items); ``nested`` gets the lists nested
    under an item (parent list start, parent item index, items)."""
    candidates: list[tuple[int, int, list[str]]] = []
    _heading_lists(text, candidates)
    _line_lists(text, candidates, nested)
    table_lists(text, candidates)  # rule table-rows
    line_lists = [(start, end) for start, end, _ in candidates]
    _inline_lists(text, candidates)
    _prose_lists(text, candidates, line_lists)
    counted_lists(text, candidates)
    # The sentences, split once for their lists (rule sentence-lists: alternatives, then
    # instructions and comma lists when no other list), in replies up to _SENTENCE_LIST_CHARS:
    # a longer one is a passage, and splitting it costs 5x its lists (tests/test_linear_time).
    spans: list[tuple[int, int]] | None = None
    short = len(text) <= _SENTENCE_LIST_CHARS
    if short and has_alternatives(text):
        spans = sentence_spans(text)
        alternative_lists(text, candidates, spans)
    bold: list[tuple[int, int, list[str]]] = []
    bold_lead_lists(text, bold)
    labelled: list[tuple[int, int, list[str]]] = []
    label_lists(text, labelled)
    ends = {end for _, end, _ in candidates}
    bold += [found for found in labelled if found[1] not in ends]
    # A bold lead-in list is the shape itself: a counted list read over the same items (and
    # a closing remark after them) is dropped for it (rule sentence-lists).
    firsts = {items[0].rstrip(".") for _, _, items in bold}
    candidates = [c for c in candidates if c[2][0].rstrip(".") not in firsts] + bold
    found = [candidate for candidate in candidates if len(candidate[2]) >= 2]
    if not found and short:
        spans = sentence_spans(text) if spans is None else spans
        instruction_lists(text, found, spans)
    if not found:
        _comma_lists(text, found, spans)
    return found


def _clean_item(item: str) -> str:
    item = item.strip()
    # An item wrapped as "**Redis**" keeps its emphasis; a stray "**" left by "**1. Redis**"
    # (the opening pair consumed with the number) is dropped.
    if item.count("**") % 2 == 1:
        item = item[:-2] if item.endswith("**") else item.removeprefix("**")
    return item.strip().rstrip(",;").strip()


_HEADING_CHARS = 80  # a longer bold line is an emphasised sentence, no heading


def _heading_text(line: str) -> tuple[str, str] | None:
    """A line that is a heading alone ("**Dog walk**", "__Quiz night__:", "### Blue-green"):
    (its style, its text); None otherwise. Numbered headings ("**1. Redis**") are numbered
    lines (``_NUMBERED_LINE``)."""
    stripped = line.strip().removesuffix(":").strip()
    for mark in ("**", "__"):
        if (
            len(stripped) > 2 * len(mark)
            and stripped.startswith(mark)
            and stripped.endswith(mark)
            and mark not in stripped[len(mark) : -len(mark)]
        ):
            inner = stripped[len(mark) : -len(mark)].strip().removesuffix(":").strip()
            return (mark, inner) if inner and len(inner) <= _HEADING_CHARS else None
    if stripped.startswith("#"):
        level = len(stripped) - len(stripped.lstrip("#"))
        inner = stripped[level:]
        if level <= 6 and inner.startswith((" ", "\t")) and len(inner.strip()) <= _HEADING_CHARS:
            return "#" * level, inner.strip()
    return None


def _heading_lists(text: str, out: list[tuple[int, int, list[str]]]) -> None:
    """Sections under headings of one style ("**Dog walk**\nWalkers collect ...\n\n**Quiz
    night**\n..."): the headings are the items; a list needs two sections with text under
    them (a lone bold line is emphasis). The list ends at its last heading, so a list under
    that heading is still the reply's last list."""
    if "**" not in text and "__" not in text and "#" not in text:
        return
    items: list[str] = []
    style, start, end, bodied = "", 0, 0, 0
    offset = 0
    for line in text.splitlines(keepends=True):
        line_start, offset = offset, offset + len(line)
        stripped = line.rstrip("\r\n")
        heading = _heading_text(stripped) if stripped.strip()[:1] in "*_#" else None
        if heading is None:
            if items and stripped.strip() and bodied < len(items):
                bodied = len(items)  # the last heading has text under it
            continue
        if heading[0] != style or bodied < len(items):
            if len(items) >= 2 and bodied >= len(items) - 1:
                out.append((start, end, items))
            style, items, start, bodied = heading[0], [], line_start, 0
        items.append(heading[1])
        end = line_start + len(stripped)
    if len(items) >= 2 and bodied >= len(items) - 1:
        out.append((start, end, items))


def _line_lists(
    text: str,
    out: list[tuple[int, int, list[str]]],
    nested: list[tuple[int, int, list[str]]] | None = None,
) -> None:
    """Numbered and bulleted line lists; each finished list is appended to ``out`` (and each
    list nested under one of its items to ``nested``)."""
    offset = 0
    # The open list: its items, marker style, indent, last number and end offset.
    current: list[str] = []
    style = ""
    base = 0
    last_number = 0
    end = 0
    list_start = 0

    sub: list[str] = []  # the nested list under the current item

    def close_sub() -> None:
        nonlocal sub
        if nested is not None and len(sub) >= 2 and current:
            nested.append((list_start, len(current) - 1, [_clean_item(item) for item in sub]))
        sub = []

    def close() -> None:
        nonlocal current
        close_sub()
        if len(current) >= 2:
            out.append((list_start, end, [_clean_item(item) for item in current]))
        current = []

    for line in text.splitlines(keepends=True):
        stripped = line.rstrip("\r\n")
        line_start = offset
        line_end = offset + len(stripped)
        offset += len(line)
        numbered = _NUMBERED_LINE.match(stripped)
        bullet = None if numbered else _BULLET_LINE.match(stripped)
        if numbered is not None or bullet is not None:
            match = numbered if numbered is not None else bullet
            assert match is not None
            indent = len(match.group(1).expandtabs(4))
            if current and indent > base:
                # A nested list line belongs to the current item (and to its nested list).
                sub.append(match.group(match.lastindex or 0))
                continue
            close_sub()
            if numbered is not None:
                label = numbered.group(3)
                text_of_item = numbered.group(4)
                if numbered.group(2) and numbered.group(2).casefold() in _KEPT_LABELS:
                    # "Day 2: Arashiyama": the day is part of what the item says.
                    text_of_item = stripped[numbered.start(2) :].strip()
                kind, number = _label_kind(label, style, last_number)
                if current and style == kind and number == last_number + 1:
                    current.append(text_of_item)
                else:
                    close()
                    current, style, base = [text_of_item], kind, indent
                    list_start = line_start
                last_number = number
            else:
                assert bullet is not None
                if current and style == "bullet" and indent == base:
                    current.append(bullet.group(2))
                else:
                    close()
                    current, style, base = [bullet.group(2)], "bullet", indent
                    list_start = line_start
            end = line_end
            continue
        if not stripped.strip():
            continue  # blank lines separate items without ending the list
        indent = len(stripped) - len(stripped.lstrip(" \t"))
        if current and indent > base:
            current[-1] = current[-1] + " " + stripped.strip()  # continuation of the item
            end = line_end
        elif current and style != "numbered":
            close()  # unindented prose ends a bulleted or lettered list ...
        # ... but not a numbered one: "1. Redis\nIt is fast.\n2. Memcached" is still one list.
    close()


def _label_kind(label: str, style: str, last_number: int) -> tuple[str, int]:
    """(kind, number) of a line's label: "3" numbered 3; "A)", "b." lettered, a, b, c counted
    like 1, 2, 3; "II." roman 2 (rule roman-labels: "I." opens a roman list, after "h." it is
    a ninth letter)."""
    kind = "numbered" if label.isdigit() else "lettered"
    number = int(label) if label.isdigit() else ord(label[0].casefold()) - 96
    roman = roman_value(label)
    if roman is not None and not (style == kind and number == last_number + 1):
        return "roman", roman
    if kind == "lettered" and len(label) > 1:
        return "roman", 0  # "IIII": no numeral, and no letter either; it continues no list
    return kind, number


def _inline_lists(text: str, out: list[tuple[int, int, list[str]]]) -> None:
    """Inline numbering within a paragraph: "Options: 1. Redis, 2. Memcached, 3. Postgres."."""
    for paragraph_match in re.finditer(r"[^\n]+", text):
        paragraph = paragraph_match.group()
        ends = _MARK_END.finditer(paragraph)  # fewer than two ends: fewer than two marks
        if next(ends, None) is None or next(ends, None) is None:
            continue
        marks = [m for m in _INLINE_MARK.finditer(paragraph)]
        if len(marks) < 2:
            continue
        # Keep consecutive runs 1, 2, 3, ... (a line list "1. x" is one mark per line: < 2).
        run: list[re.Match[str]] = []
        for mark in marks:
            number = _label_number(mark.group(1))
            same_kind = run and run[-1].group(1).isdigit() == mark.group(1).isdigit()
            if run and same_kind and number == _label_number(run[-1].group(1)) + 1:
                run.append(mark)
            elif number == 1:
                _emit_inline(paragraph, paragraph_match.start(), run, out)
                run = [mark]
        _emit_inline(paragraph, paragraph_match.start(), run, out)


def _label_number(label: str) -> int:
    """ "3" -> 3, "c" -> 3: lettered inline lists ("a) x, b) y") count like numbered ones."""
    return int(label) if label.isdigit() else ord(label.casefold()) - 96


def _emit_inline(
    paragraph: str, base: int, run: list[re.Match[str]], out: list[tuple[int, int, list[str]]]
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
    cleaned = [_clean_item(item) for item in items]
    if all(cleaned):  # "a. b. c.": marks with nothing between them are no list
        out.append((base + run[0].start(), base + tail_end, cleaned))


def _strip_joiners(item: str) -> str:
    item = item.strip().rstrip(",;").strip()
    for joiner in (" and", " or"):
        if item.endswith(joiner):
            item = item[: -len(joiner)]
    return item.strip().rstrip(",;")


def _prose_lists(
    text: str, out: list[tuple[int, int, list[str]]], line_lists: list[tuple[int, int]]
) -> None:
    """Prose ordinals: "First, do X. Second, do Y. Finally, do Z."; not a word opening an item
    of a line list (``line_lists``: "2. First fix the pipes" is that item's text). Every run
    opens with "first"; most turns have none, and the pattern is slow to scan."""
    if "first" not in text.casefold():
        return
    inside = SpanSet(line_lists).holds  # sorted only for a text with a "first"
    marks = [m for m in anchored_words(text, _PROSE_BLOCK, _PROSE_MARK) if not inside(m.start())]
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


def _emit_prose(text: str, run: list[re.Match[str]], out: list[tuple[int, int, list[str]]]) -> None:
    # "Then," and "Also," are weak markers; a run needs "First" plus a real ordinal or an end.
    strong = [
        mark
        for mark in run[1:]
        if not mark.group(1).casefold().startswith(("then", "also", "next", "after"))
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
    items = [_clean_item(item).rstrip(".").strip() for item in items]
    out.append((run[0].start(), tail_end, items))


# A comma list ("You could run X, Y, or Z.", "Swap each egg for one of: A, B or C.") opens
# after a colon or one of these openers; other prose lists ("I visited Rome, Paris and
# Berlin") are no choice offered.
_MODALS = frozenset(("could", "can", "might", "may", "should", "would"))
_SUBJECTS = frozenset(("you", "we", "i"))
_OPENER_WORDS = frozenset(("try", "use", "consider", "either", "get", "pick", "choose"))
_OPENER_TAILS = (" one of ", " such as ", " between ", " either ", " options are ")
# A comma part opening with a relative pronoun describes the part before it ("those four come
# to £3,515, which leaves under £700 for bills, council tax and savings"): no offered list.
_RELATIVE_OPENERS = frozenset(("which", "who", "whose"))
_COMMA_SENTENCE_CHARS = 600  # a longer "sentence" is a run-on paragraph, no offered list


def _comma_lists(
    text: str, out: list[tuple[int, int, list[str]]], spans: list[tuple[int, int]] | None = None
) -> None:
    """Choices offered in one sentence: "You could get A, B, or C." (ours: SPEC-028 §4.1
    reads "the second option" against an enumeration; assistants often offer one inline)."""
    if "," not in text and " or " not in text:
        return
    for start, end in sentence_spans(text) if spans is None else spans:
        if end - start > _COMMA_SENTENCE_CHARS:
            continue
        sentence = text[start:end].rstrip(".!?").rstrip()
        pair = or_pair(sentence, _after_opener)  # rule or-pairs: "A, which ..., or B, for ..."
        if pair is not None:
            out.append((start + sentence.find(pair[0]), end, pair))
            continue
        # "The main approaches are A, where ...; B, where ...; and C, where ...": items that
        # hold commas of their own are set apart by semicolons.
        semicolons = sentence.count(";") >= 2
        parts = _semicolon_split(sentence) if semicolons else _top_level_split(sentence)
        # "Try these, cheapest first: A, B, or C": the list opens after the colon.
        opened = next((k for k in range(len(parts) - 1, 0, -1) if ":" in parts[k]), 0)
        parts = parts[opened:]
        if len(parts) < 2:
            continue
        head = _after_opener(parts[0]) or (_after_verb(parts[0]) if semicolons else None)
        clauses = instruction_clauses(parts) if head is None and not semicolons else None
        if clauses is not None:  # "Hone it weekly, sharpen it monthly, and store it ..."
            head, parts = clauses[0], clauses
        elif head is None or (_describes(sentence, parts) and not _counts(parts)):
            continue
        if any(part.partition(" ")[0] in _RELATIVE_OPENERS for part in parts[1:]):
            continue  # "... come to £3,515.40, which leaves £700 for bills, ...": a clause
        items = [head, *parts[1:]]
        items = [_strip_joiners(item.removeprefix("or ").removeprefix("and ")) for item in items]
        if len(items) >= 2 and all(items) and all(len(item) <= 120 for item in items):
            out.append((start + sentence.find(parts[0]), end, [_clean_item(i) for i in items]))


def _counts(parts: list[str]) -> bool:
    """Whether a colon lead announces the list's count ("Two tools: A does X, and B does Y":
    rule counted-lists), so two clauses are its items."""
    colon = parts[0].find(":")
    return colon > 0 and announced_count(parts[0][: colon + 1]) == len(parts)


def _describes(sentence: str, parts: list[str]) -> bool:
    """Whether a comma "list" describes rather than offers: after a one-word colon lead
    ("Very: nobody can lose alone, and a round takes five minutes."), or two clauses joined
    by "and" (each of four words or more), where options would be joined by "or"."""
    colon = sentence.find(":")
    lead = sentence[:colon].split() if colon >= 0 else []
    if colon >= 0 and len(lead) < 2 and not (lead and lead[0].casefold() in LIST_LEAD_NOUNS):
        return True  # "Very: ..."; not "Options: A; B; or C" (rule sentence-lists)
    last = parts[-1]
    two_clauses = len(parts) == 2 and all(len(part.split()) >= 4 for part in parts)
    return two_clauses and not last.startswith("or ") and " or " not in sentence


def _semicolon_split(sentence: str) -> list[str]:
    """``sentence`` split at its semicolons; the last part must open with "and"/"or"."""
    parts = [part.strip() for part in sentence.split(";")]
    return parts if parts[-1].startswith(("and ", "or ")) else []


# The verb after which a semicolon list's first item follows ("The main approaches are A").
_LIST_VERBS = (" are ", " include ", " is ")


def _after_verb(first: str) -> str | None:
    lowered = first.casefold()
    for verb in _LIST_VERBS:
        cut = lowered.find(verb)
        if cut >= 0:
            return first[cut + len(verb) :].strip() or None
    return None


def _top_level_split(sentence: str) -> list[str]:
    """``sentence`` split at commas and at its last " or "/" and " outside brackets; the
    last part must have been joined by "or"/"and" (else []). A thousands separator
    ("£1,250", "2,400 EUR") splits nothing: it is part of an amount, no list boundary."""
    parts: list[str] = []
    depth = 0
    begin = 0
    for position, char in enumerate(sentence):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0 and not digit_group(sentence, position):
            parts.append(sentence[begin:position].strip())
            begin = position + 1
    parts.append(sentence[begin:].strip())
    last = parts[-1]
    for joiner in (" or ", " and "):
        if last.startswith(joiner.strip() + " "):
            return parts  # "..., or C": the comma already split it
        cut = last.rfind(joiner)
        if cut > 0:
            return [*parts[:-1], last[:cut].strip(), last[cut + len(joiner) :].strip()]
    return []


def _after_opener(first: str) -> str | None:
    """The first item of a comma list: what follows its colon or opener, else None."""
    if ":" in first:
        return first.rsplit(":", 1)[1].strip() or None
    words = first.split()
    folded = [word.casefold() for word in words]
    if len(words) >= 4 and folded[0] in _SUBJECTS and folded[1] in _MODALS:
        # "You could use A, B or C": the items are the verb's objects; "You could either add
        # A, rewrite B, or cache C": after "either" the items are the actions, verb and all.
        skip = 3 + (folded[2] in ("also", "just", "instead"))
        if skip < len(words):
            return " ".join(words[skip:]).removeprefix("either ")
    if len(words) >= 2 and folded[0] in _OPENER_WORDS:
        return " ".join(words[1:]).removeprefix("either ")
    lowered = " " + first.casefold() + " "
    for tail in _OPENER_TAILS:
        cut = lowered.rfind(tail)
        if cut >= 0:
            rest = first[cut + len(tail) - 1 :].strip()
            return rest or None
    return None
