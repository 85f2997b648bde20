"""Items picked by a letter inside a longer turn, and the item a turn asks about when it names
another in a clause it puts aside (SPEC-028 §4.1 "which item of which list"):

- rule letter-picks: "is B worth the extra?", "what about C if we go in May?", "c - how do I
  check the recall", "I'd lean to (a) then": a lone letter used as a label picks that item of
  the latest lettered list in reach, the user's own ("Options: A) ... B) ... C) ...") or a
  reply's. A capital that is a word is no label: "A friend said", "I think" (a lone "A"
  needs a closing mark, "A?", "A, ..."; "I" is never one), nor a letter after a capitalised
  word or a number ("Vitamin C", "5 C");
- rule clause-picks: "before I go with (b), would the wood-fired route need a flue?", "Even
  though c is cheapest, does the infrared one ...": when the first item the turn names sits
  in a clause opened by ``text.pick_labels.CLAUSE_OPENERS`` and the question after it names
  another item (a reference of the turn, else by its words, rule item-words), that one is put
  first.

Both add or reorder ``named`` references (the antecedents, the envelope and Tier C; not the
§5.2 intent). Each reads the first ``_CHARS`` characters of the turn once (``str.split``) and
the lists of the turns in reach only when a label is found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import repeat

from ..config import Config
from ..text.list_styles import LETTERED, list_style
from ..text.pick_labels import (
    CLAUSE_OPENERS,
    LABEL_CLOSERS,
    LABEL_FOLLOWERS,
    LABEL_LEADS,
    LABEL_LETTERS,
)
from ..text.tokens import content_terms
from .features import TurnFeatures
from .implicit_items import item_named
from .letter_values import is_value, paired_label
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = [
    "aside_end",
    "inline_items",
    "lettered_list",
    "with_clause_picks",
    "with_letter_picks",
]

_CHARS = 400  # a letter label is looked for among a turn's first characters
_WALK = 12  # turns walked back for a lettered list (as rule item-words)
_CONFIDENCE = 0.6
_MARKUP = "*\"'`"
_CLOSING = ".,?:;!)"
_DASHES = ("-", "\u2013", "\u2014")
_LABEL_CHARS = 6  # characters before an item read for its letter label
_LABEL_ENDS = frozenset(").:")
_INLINE_ENDS = (": ", ") ", ". ", " - ")  # how a user marks options on one line
_INLINE_TEXT = 2000  # characters of a user turn read for options on one line
_INLINE_CHARS = 300  # an inline option is read to at most these characters
_CLAUSE_CHARS = 200  # a clause put aside ends at its comma within these characters
# Every character around a label's letter that ``_labels`` strips or accepts: a word whose
# letter is a label is that letter once these are stripped from both ends.
LABEL_MARKS = _MARKUP + "(" + _CLOSING
# The characters whose ``casefold`` is a letter of ``LABEL_LETTERS`` (every code point checked
# in tests/test_letter_labels.py).
LABEL_FORMS = frozenset(LABEL_LETTERS + LABEL_LETTERS.upper())


def with_letter_picks(
    resolution: Resolution, content: str, features: TurnFeatures, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the item a letter label of the turn picks first (rule
    letter-picks); unchanged when the turn holds no label or no lettered list in reach has
    its item."""
    if not config.letter_picks or resolution.addressee is not None:
        return resolution
    labels = _labels(content[:_CHARS], len(content) <= _CHARS)
    if not labels or features.written_lists:
        return resolution  # most turns; a turn writing its own lettered list picks nothing
    if config.letter_values:  # "my blood type is B", "to C: or D:", "(c) 2024 Acme"
        labels = [label for label in labels if not is_value(content, label)]
        if not labels:
            return resolution
    aside = aside_end(content)
    # A label in the question over one in a clause put aside ("Since (a) is out, is b ...").
    labels.sort(key=lambda label: label[1] < aside)
    pair = paired_label(content, labels[0], labels) if config.letter_pairs else None
    letter, start, end = labels[0] if pair is None else pair
    found = _lettered_item(LABEL_LETTERS.index(letter.casefold()) + 1, log)
    if found is None:
        return resolution
    turn, item = found
    picked = Reference(
        "ordinal", content[start:end], start, end, turn, item=item, confidence=_CONFIDENCE
    )
    spans = [(start, end)]
    also: Reference | None = None
    if pair is not None:  # "plan A or B?": both named, the first first (rule letter-pairs)
        second = _lettered_item(LABEL_LETTERS.index(labels[0][0].casefold()) + 1, log)
        _, at, to = labels[0]
        if second is not None and second[1] != item:
            also = Reference("ordinal", content[at:to], at, to, second[0], item=second[1],
                             confidence=_CONFIDENCE)  # fmt: skip
            spans.append((at, to))
    # An ordinal the stage read on the same words ("what about c?" against the latest
    # reply's list) gives way to the pick; a tool reference over the turn stays (§5.2 reads it).
    kept = [
        r
        for r in resolution.references
        if r.type != "ordinal" or all(r.end <= a or r.start >= b for a, b in spans)
    ]
    if len(kept) == len(resolution.references) and any(r.item == item for r in kept):
        return resolution
    dropped = {id(r) for r in resolution.references} - {id(r) for r in kept}
    named = tuple(r for r in resolution.named if id(r) not in dropped)
    resolution = replace(resolution, references=tuple(kept), named=named)
    if also is not None:
        resolution = resolution.with_first(also)
    return resolution.with_first(picked)


def _labels(head: str, whole: bool) -> list[tuple[str, int, int]]:
    """(letter, start, end) of each lone letter of ``head`` used as a label: one in brackets
    ("(b)"); one opening a sentence in lower case ("b worth it?") or with a closing mark
    ("C?", "B, how", "c - ..."); one mid-sentence after a word of ``LABEL_LEADS`` ("what
    about C if"), "a" there only with a mark (else the article). ``whole``: ``head`` is the
    whole turn (a letter ending it is closed)."""
    found: list[tuple[str, int, int]] = []
    tokens = head.split()
    # A label's word is its letter once ``LABEL_MARKS`` are stripped: one pass in C finds the
    # words that may be one, and most turns hold none (74% of the real user turns; issue 14).
    bare = list(map(str.strip, tokens, repeat(LABEL_MARKS)))
    if LABEL_FORMS.isdisjoint(bare):
        return found
    cursor = 0
    before = ""  # the word before, as written
    for raw, letter_only in zip(tokens, bare, strict=True):
        start = head.find(raw, cursor)
        cursor = start + len(raw)
        if letter_only not in LABEL_FORMS:
            before = raw
            continue  # not a lone letter: "Bob", "C++", "e.g." (most words stop here)
        opening = not before or before[-1] in ".!?" or "\n" in head[start - 1 : start]
        word = raw.strip(_MARKUP)
        inner = word.lstrip("(")
        letter, rest = inner[:1], inner[1:]
        previous, before = before, raw
        if not letter or letter.casefold() not in LABEL_LETTERS or rest.strip(_CLOSING):
            continue  # ")b", "b(": marks on the side a label does not take them
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
            pass  # "(b)": a label wherever it stands
        elif opening:
            if not marked and (letter == "a" or letter.isupper()):
                continue  # the article; "A friend said", "B vitamins help"
        elif previous.strip(_MARKUP + ".,:;!?").casefold() not in LABEL_LEADS:
            continue  # "vitamin C", "plan B, ...", "grade B", "5 C"
        elif letter == "a" and not marked:
            continue  # "is a good one": the article
        at = head.find(letter, start)
        found.append((letter, at, at + 1))
    return found


def _lettered_item(number: int, log: TurnLog) -> tuple[int, str] | None:
    """(turn, item) of the ``number``-th item of the latest list lettered so in reach: a
    reply's or the user's own, the latest list of a turn first; the item must stand after
    its own letter ("B) ...", "(b) ..."). A turn whose labels no list parse kept ("A: a
    MacBook, B: a ThinkPad, or C: ...") gives the words between the label and the next."""
    now = len(log)
    for turn in range(now - 1, max(-1, now - 1 - _WALK), -1):
        features = log.features[turn]
        if log.roles[turn] == "assistant":
            if not log.enumerations.get(turn):
                continue
            lists = features.enumeration_lists
        elif log.roles[turn] == "user":
            lists = features.written_lists
        else:
            continue
        text = features.text
        for listed in reversed(lists or ()):
            if number > len(listed.items) or list_style(text, listed.items) != LETTERED:
                continue
            if _labelled(text, listed.items[number - 1], number):
                return turn, listed.items[number - 1]
        inline = inline_items(text) if log.roles[turn] == "user" else ()
        if number <= len(inline):
            return turn, inline[number - 1]
    return None


def lettered_list(text: str, items: Sequence[str]) -> bool:
    """Whether ``text`` labels the list of ``items`` with letters, its first two items
    standing after "a" and "b" (any case, with a mark)."""
    return len(items) >= 2 and all(_labelled(text, items[at], at + 1) for at in (0, 1))


def _labelled(text: str, item: str, number: int) -> bool:
    """Whether ``item`` stands in ``text`` right after the letter of ``number`` and a mark."""
    at = text.find(item)
    label = text[max(0, at - _LABEL_CHARS) : at].rstrip().rstrip(_MARKUP)
    letter = LABEL_LETTERS[number - 1]
    return at > 0 and label[-1:] in _LABEL_ENDS and label[-2:-1].casefold() == letter


def inline_items(text: str) -> tuple[str, ...]:
    """A user's options written on one line with letter labels ("A: a MacBook, B: a
    ThinkPad, or C: a Dell", "a - the blue one, b - the grey one"), which no list parse
    keeps: the words after each label, to the next label or the end of the sentence; ()
    with fewer than two. Read in the first ``_INLINE_TEXT`` characters."""
    head = " " + text[:_INLINE_TEXT]
    if not any(" " + first + end in head for first in "Aa" for end in _INLINE_ENDS):
        return ()  # most turns: no first label
    found: list[str] = []
    for number in range(1, len(LABEL_LETTERS) + 1):
        item = _inline_item(head, number)
        if not item:
            break
        found.append(item)
    return tuple(found) if len(found) >= 2 else ()


def _inline_item(head: str, number: int) -> str | None:
    """The words after the ``number``-th letter label of ``head`` (" A: x, B: y, or C: z"),
    to the next label or the end of the sentence, when ``head`` labels the first option the
    same way; else None."""
    for upper in (True, False):
        first, letter = LABEL_LETTERS[0], LABEL_LETTERS[number - 1]
        if upper:
            first, letter = first.upper(), letter.upper()
        for end in _INLINE_ENDS:
            opening = head.find(" " + first + end)
            start = head.find(" " + letter + end)
            if opening < 0 or start < opening:
                continue
            start += 2 + len(end)
            body = head[start : start + _INLINE_CHARS]
            if number < len(LABEL_LETTERS):
                after = (LABEL_LETTERS[number].upper() if upper else LABEL_LETTERS[number]) + end
                cut = body.find(" " + after)
                body = body[:cut] if cut >= 0 else body
            for stop in (". ", "? ", "\n", "?"):
                cut = body.find(stop)
                body = body[:cut] if cut >= 0 else body
            body = body.strip().rstrip(",;")
            for tail in (", or", ", and", " or", " and"):
                if body.endswith(tail):
                    body = body[: -len(tail)].rstrip(",; ")
            return body or None
    return None


def aside_end(content: str) -> int:
    """Where a clause the turn opens with ``CLAUSE_OPENERS`` ends (its comma), else -1."""
    head = content[:_CLAUSE_CHARS].lstrip()
    folded = head.casefold()
    if not any(folded.startswith(opener + " ") for opener in CLAUSE_OPENERS):
        return -1
    comma = head.find(",")
    if comma < 0 or not head[comma + 1 :].strip():
        return -1
    return len(content) - len(content.lstrip()) + comma


def with_clause_picks(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the item the question names first when the first item the turn
    names sits in a clause it puts aside (rule clause-picks); unchanged otherwise."""
    if not config.clause_picks or resolution.addressee is not None:
        return resolution
    picks = [r for r in resolution.references if r.item is not None]
    if not picks:
        return resolution  # most turns
    aside = aside_end(content)
    if aside < 0 or picks[0].start >= aside:
        return resolution
    later = [r for r in picks if r.start > aside and r.item != picks[0].item]
    if later:
        return resolution.with_first(later[0])
    found = item_named(content_terms(content[aside + 1 :]), log)
    if found is None or found[1] == picks[0].item:
        return resolution
    turn, item, words = found
    at = content.casefold().find(words[0][:4], aside) if words else -1
    start, end = (at, at + len(words[0])) if at >= 0 else (aside + 1, len(content))
    picked = Reference(
        "ordinal", content[start:end], start, end, turn, item=item, confidence=_CONFIDENCE
    )
    return resolution.with_first(picked)
