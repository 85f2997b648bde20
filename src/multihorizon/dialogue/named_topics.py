"""Topics a turn names at its opening (SPEC-028 §3.3 thread resumption; rules
resume-announcements and again-returns): "For the quotes, what should they include?",
"Right, the chair again: ...", "Kiln again. Which cone ...?". One pass over the turn's first
``_NAMED_TOPIC_CHARS`` characters, behind cheap gates (issue 14)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import filterfalse, repeat
from typing import TYPE_CHECKING

from ..text.lexicon import OPENING_FILLERS, RETURN_FRONTS, TOPIC_FRONTS
from ..text.tokens import content_terms
from ..text.topic_clause_words import (
    AGAIN_NOT_TOPICS,
    FRAMING_NOUNS,
    RETURN_CLAUSE_FRONTS,
    RETURN_NAME_FILLERS,
)
from .phrasing import WORD_STRIP

if TYPE_CHECKING:
    from .features import TurnFeatures

__all__ = ["named_topic", "named_topic_of", "return_clause"]

# How far into a turn a named topic may end ("Back to the VPN, ...", "For the island, ...").
_NAMED_TOPIC_CHARS = 60
_NAMED_TOPIC_WORDS = 4
_CLAUSE_MARKS = ",:;"
_DASHES = frozenset(("-", "\u2013", "\u2014"))
_OPENING_CLAUSE_MARKS = (*_CLAUSE_MARKS, *_DASHES)
# The words an opening clause that names a topic starts with: "the"/"that"/"this" (a name,
# "the chair again"), a return front ("still on", "circling back to"), a topic front ("for
# the", "re", "about"); any other names one only as "X again".
_NAMED_CLAUSE_FIRST = frozenset(
    ("the", "that", "this", *(f[0] for f in RETURN_CLAUSE_FRONTS), *(f[0] for f in TOPIC_FRONTS))
)


def named_topic(text: str, *, clauses: bool = False) -> tuple[tuple[str, ...], bool]:
    """The content words of a topic the turn names at its opening before asking (rule
    resume-announcements), and whether it announces a return: "For the quotes, what should
    they include?" -> (quotes,), False; "Re the crypto, how ..." -> (crypto,), False; "Right,
    the chair again: what about ..." -> (chair,), True. ((), False) when it names none. With
    ``clauses`` (rule again-returns) also "Kiln again: ...", "OK, API again. ...", "Still on
    the jars: ..." (``return_clause``). One pass over the first ``_NAMED_TOPIC_CHARS``
    characters."""
    head = text[:_NAMED_TOPIC_CHARS]
    if not _may_end_opening_clause(head, clauses):
        return (), False  # no mark that could end a clause (most turns; issue 14)
    tokens = head.casefold().replace("\u2019", "'").split()
    if not _may_open_named_clause(tokens):
        return (), False  # a clause no rule below reads as a topic
    return _named_topic_in(text, tokens, clauses)


def _read_named_topic(text: str, clauses: bool) -> tuple[tuple[str, ...], bool]:
    """``named_topic``'s pass, whatever its head holds (the gates' reference)."""
    tokens = text[:_NAMED_TOPIC_CHARS].casefold().replace("\u2019", "'").split()
    return _named_topic_in(text, tokens, clauses)


def _may_open_named_clause(tokens: Sequence[str]) -> bool:
    """Whether ``_named_topic_in`` could name a topic in a head of ``tokens``: each of its
    readings needs the opening clause's first word (after fillers) to be one of
    ``_NAMED_CLAUSE_FIRST`` (a topic front, a return front, a definite name), or its last
    word to be "again"."""
    # The first word after fillers, in C (``filter``/``filterfalse`` over ``map``): no Python
    # frame per token (issue 14).
    words = filter(None, map(str.strip, tokens, repeat(WORD_STRIP)))
    first = next(filterfalse(OPENING_FILLERS.__contains__, words), None)
    # "again" holds no space: in the joined head it is inside one token (a C-level scan).
    return first in _NAMED_CLAUSE_FIRST or "again" in " ".join(tokens)


def _named_topic_in(
    text: str, tokens: Sequence[str], clauses: bool
) -> tuple[tuple[str, ...], bool]:
    clause: list[str] = []
    returning = False  # "Anyway, about the tank, ...": back from an aside
    for index, token in enumerate(tokens):
        word = token.strip(WORD_STRIP)
        if not clause and (not word or word in OPENING_FILLERS):
            returning = returning or word in RETURN_FRONTS
            continue  # "Right, ...", "OK so ..." come before the topic
        if token in _DASHES:
            break
        clause.append(word)
        if token[-1] in _CLAUSE_MARKS or (index + 1 < len(tokens) and tokens[index + 1] in _DASHES):
            break
        if clauses and word == "again" and token[-1] in ".?":
            break  # "OK, API again. Should ...?"
        if clauses and clause[0] == "the" and token[-1] == ".":
            break  # "Right, the refund. Do I ...?"
    else:
        return (), False
    # Words must follow: "For the quotes, what ..." asks; "Right, the chair." names nothing.
    if len(text.split(None, index + 3)) - (index + 1) < 2:
        return (), False
    if clauses and (named := return_clause(clause)):
        return named, True
    before = tokens[: index + 1 - len(clause)]
    if clauses and _bare_name(clause, tokens[index], before):  # "Right, the refund. Do I ...?"
        return tuple(content_terms(" ".join(clause[1:]))), False
    if len(clause) >= 2 and clause[-1] == "again" and clause[0] in ("the", "that", "this"):
        return tuple(content_terms(" ".join(clause[1:-1]))), True
    # "About the router again, ...": a named topic with "again" announces a return.
    again = len(clause) >= 3 and clause[-1] == "again"
    if again:
        clause = clause[:-1]
    for front in TOPIC_FRONTS:
        size = len(front)
        if tuple(clause[:size]) == front and 1 <= len(clause) - size <= _NAMED_TOPIC_WORDS:
            return tuple(content_terms(" ".join(clause[size:]))), returning or again
    return (), False


def _may_end_opening_clause(head: str, clauses: bool) -> bool:
    """Whether ``named_topic``'s pass over ``head`` could end a clause: a clause mark or a
    dash in it, or with ``clauses`` an "again" or a "the" before a full stop. False: the
    pass finds none, so the turn names no topic."""
    if any(map(head.__contains__, _OPENING_CLAUSE_MARKS)):  # no Python frame per mark
        return True
    if not clauses:
        return False
    folded = head.casefold()
    return "again" in folded or ("the" in folded and "." in head)


def _bare_name(clause: Sequence[str], last: str, before: Sequence[str]) -> bool:
    """Whether an opening clause is a definite name alone ("the refund.", "the beam -", "the
    number puzzle:"; rule again-returns): "the" and one or two words, not a word that only
    frames what follows ("The problem is: ...": ``FRAMING_NOUNS``), ending at ".", ":" or a
    dash (a comma may go on: "The chair, how tall ...?"), after discourse words only ("Right,
    ...", not "I have the babies."; ``RETURN_NAME_FILLERS``)."""
    if clause[:1] != ["the"] or not 2 <= len(clause) <= 3 or last[-1] == ",":
        return False
    if any(token.strip(WORD_STRIP) not in RETURN_NAME_FILLERS for token in before):
        return False
    return FRAMING_NOUNS.isdisjoint(clause[1:])


def named_topic_of(features: TurnFeatures, clauses: bool) -> tuple[tuple[str, ...], bool]:
    """``named_topic`` of a turn's text, read once per turn: the intent, thread and
    follow-up rules all ask (issue 14)."""
    name = "named_topic_clauses" if clauses else "named_topic"
    return features.once(name, None, lambda: named_topic(features.text, clauses=clauses))


def return_clause(clause: Sequence[str]) -> tuple[str, ...]:
    """The content words of a topic an opening clause goes back to (rule again-returns): a
    name and "again" ("kiln again", "snow trip again", not "try again": ``AGAIN_NOT_TOPICS``)
    or a return front and a name ("still on the jars", "circling back to the move":
    ``RETURN_CLAUSE_FRONTS``); () for none. ``clause``: its case-folded words."""
    if 2 <= len(clause) <= _NAMED_TOPIC_WORDS and clause[-1] == "again":
        if AGAIN_NOT_TOPICS.isdisjoint(clause[:-1]):
            return tuple(content_terms(" ".join(clause[:-1])))
        return ()
    for front in RETURN_CLAUSE_FRONTS:
        size = len(front)
        if tuple(clause[:size]) == front and 1 <= len(clause) - size <= _NAMED_TOPIC_WORDS:
            return tuple(content_terms(" ".join(clause[size:])))
    return ()
