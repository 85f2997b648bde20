"""Which list an item reference names (SPEC-028 §4.2 "which enumeration"), read from the words
around it, and the word helpers the item forms share (``ordinal_mentions``, ``item_forms``).

A scope follows the phrase ("the second option from your deployment answer", "the third of
the databases") or opens its sentence ("in the list of databases, the third", "among the
hotels, the cheapest one"). Each reads a bounded window of tokens.
"""

from __future__ import annotations

from ..text.ordinal_forms import (
    ABOUT_WORDS,
    GENERIC_SCOPE,
    LABEL_IDIOMS,
    SCOPE_AFTER,
    SCOPE_BEFORE,
    SCOPE_DETERMINERS,
)
from ..text.tokens import STOPWORDS, normalise_term

__all__ = [
    "CLAUSE_STOPS",
    "MAX_TERMS",
    "Token",
    "is_content",
    "joined",
    "list_scope",
    "quantity_label",
]

Token = tuple[str, int, int]  # (case-folded word, start, end)

MAX_TERMS = 6
CLAUSE_STOPS = frozenset(".,;:?!\n()")


def joined(text: str, left: Token, right: Token) -> bool:
    """Whether only blanks or hyphens separate two tokens (one clause, one phrase)."""
    gap = text[left[2] : right[1]]
    return all(char in " \t-" for char in gap)


def is_content(word: str) -> bool:
    return bool(word) and word[0].isalpha() and word not in STOPWORDS and len(word) > 2


def quantity_label(tokens: list[Token], here: int) -> bool:
    """Whether an item noun and the label after it are no pick: a quantity ("answer 2
    questions", "number 3 pencils") or an idiom (``LABEL_IDIOMS``: "from day one")."""
    after = tokens[here + 2][0] if here + 2 < len(tokens) else ""
    if tokens[here][0] in ("answer", "number") and len(after) > 3 and after.endswith("s"):
        return True
    before = tokens[here - 1][0] if here > 0 else ""
    return before in LABEL_IDIOMS.get(tokens[here][0], ())


def list_scope(
    text: str, tokens: list[Token], first: int, after: int
) -> tuple[tuple[str, ...], bool]:
    """The words naming which list: after the phrase ("from your deployment answer", "of the
    databases") or before it in its sentence ("in the list of databases, the third")."""
    terms: list[str] = []
    if (
        after + 1 < len(tokens)
        and tokens[after][0] in SCOPE_AFTER
        and tokens[after + 1][0] in SCOPE_DETERMINERS
        and joined(text, tokens[after - 1], tokens[after])
    ):
        for position in range(after + 2, min(len(tokens), after + 2 + MAX_TERMS)):
            if not joined(text, tokens[position - 1], tokens[position]):
                break
            word = tokens[position][0]
            if word in ("you", "i", "we") or word in ABOUT_WORDS:
                break  # "of the ones you listed": the rest is a clause
            if is_content(word) and word not in GENERIC_SCOPE:
                terms.append(normalise_term(word))
    if terms:
        return tuple(terms), False
    return _scope_before(text, tokens, first), False


def _scope_before(text: str, tokens: list[Token], first: int) -> tuple[str, ...]:
    """A scope cue earlier in the phrase's sentence: "in the list of databases, the third"."""
    begin = first
    while begin > 0 and not any(
        char in ".?!\n" for char in text[tokens[begin - 1][2] : tokens[begin][1]]
    ):
        begin -= 1
    words = [token[0] for token in tokens[begin:first]]
    for cue in SCOPE_BEFORE:
        width = len(cue)
        for at in range(len(words) - width + 1):
            if tuple(words[at : at + width]) != cue:
                continue
            terms: list[str] = []
            for position in range(begin + at + width, first):
                gap = text[tokens[position - 1][2] : tokens[position][1]]
                if any(char in CLAUSE_STOPS for char in gap) and terms:
                    break
                word = tokens[position][0]
                if is_content(word) and word not in GENERIC_SCOPE:
                    terms.append(normalise_term(word))
            if terms:
                return tuple(terms[:MAX_TERMS])
    return ()
