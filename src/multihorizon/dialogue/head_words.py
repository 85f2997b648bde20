"""The words no noun phrase is headed by, and the content words of a phrase: shared by the
marker-led mentions (``mention_markers``) and the gated patterns (``mention_patterns``) of
SPEC-028 §4.1. Linear in the phrase."""

from __future__ import annotations

import re

from ..text.tokens import STOPWORDS, normalise_term

__all__ = ["NOT_HEADS", "WORD", "WORD_RE", "phrase_terms"]

WORD = r"[^\W_](?:[\w'\u2019+#-]*[^\W_'\u2019+-])?"  # one word, keeps "c++", "pg_dump", "don't"
WORD_RE = re.compile(WORD)

# Words that, right after "that/this/those/these", show the demonstrative is a pronoun or a
# conjunction, not a determiner: "that is", "this seems", "that they ...".
NOT_HEADS = STOPWORDS | frozenset(
    """
    i you he she it we they me him her us them its their our sounds sound sounded seems seem
    seemed looks look looked works work worked makes made means helps helped happens happened
    happen depends depend matters mattered feels felt gets goes went comes came takes took
    gives gave did does done being be been isn't wasn't doesn't didn't won't can't couldn't
    shouldn't wouldn't aren't weren't hasn't haven't hadn't also just really actually even
    still already probably definitely basically exactly right wrong true false good great
    fine nice cool interesting awesome correct possible better worse best worst easy hard
    too very quite pretty enough much time times day days moment case point reason sense
    extent end regard respect matter fact stage morning evening night week month year weekend
    afternoon today tomorrow yesterday stuff part though although anyway tho lol haha please
    yet either neither instead together
    """.split()  # noqa: SIM905
)
# Adjectives of NOT_HEADS that tell one thing from another before a head noun.
_MODIFIERS = frozenset(["good", "better", "best", "bad", "worse", "worst", "easy", "hard"])


def phrase_terms(phrase: str, limit: int = 6, *, modifiers: bool = False) -> tuple[str, ...]:
    """The content words of a phrase. With ``modifiers`` (a noun phrase before "you said"),
    an adjective before the head counts ("the better antenna you said": better, antenna)."""
    terms: list[str] = []
    found = WORD_RE.findall(phrase)
    for position, word in enumerate(found):
        folded = word.casefold()
        kept = (
            modifiers
            and folded in _MODIFIERS
            and any(later.casefold() not in NOT_HEADS for later in found[position + 1 :])
        )
        if folded in NOT_HEADS and not kept:
            continue
        term = normalise_term(word)
        if len(term) >= 2 and term not in STOPWORDS and not term.isdigit() and term not in terms:
            terms.append(term)
            if len(terms) == limit:
                break
    return tuple(terms)
