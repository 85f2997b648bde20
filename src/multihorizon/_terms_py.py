"""Reference of ``TermReader``: a turn's content words (SPEC-028 §3.1 entities, the keys of
the entity index of §4.2; ``text.tokens.content_terms`` documents them). The C++ twin
(``cpp/include/multihorizon/terms.hpp``) reads ASCII text in one pass and returns None for
any other text, which this reference then reads (Unicode word characters and case folding);
the Numba backend uses this one (text, not numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = ["DEFINITE", "WORD", "TermReader"]

# A word: a letter or digit, then as far as the last letter or digit of the run of word
# characters and ".+#-" after it, else up to two "+" or "#": technical tokens stay whole
# ("v3.5", "c++", "pg_dump"). The run is bounded by characters the pattern cannot take, so
# its backtracking is linear.
WORD = re.compile(r"[^\W_](?:[\w.+#-]*[^\W_+.-]|[+#]{1,2})?", re.UNICODE)
# A definite noun phrase: a determiner and the one or two words after it ("the song", "that
# rental car"). Each repetition is bounded by characters the next part cannot take: linear.
DEFINITE = re.compile(
    r"\b(?:the|that|this|those|these)\s+([^\W\d_][\w'-]*)(?:\s+([^\W\d_][\w'-]*))?", re.I
)


class TermReader:
    """Content words and their normal forms, from the word lists of ``text.tokens``.

    Parameters
    ----------
    stopwords : iterable of str
        Case-folded words that are never content words ("the", "thanks").
    ie_nouns : iterable of str
        Nouns whose plural "-ies" comes from "-ie" ("movies" -> "movie", not "movy").
    """

    def __init__(self, stopwords: Iterable[str], ie_nouns: Iterable[str]) -> None:
        self._stopwords = _word_set(stopwords, "stopwords")
        self._ie_nouns = _word_set(ie_nouns, "ie_nouns")

    def normalise(self, word: str) -> str:
        """Case-folded singular form of one word: "Queries" -> "query", "Movies" ->
        "movie", "bug's" -> "bug"."""
        term = word.casefold()
        if term.endswith(("'s", "\u2019s")):
            term = term[:-2]
        if len(term) > 4 and term.endswith("ies"):
            return term[:-1] if term[:-1] in self._ie_nouns else term[:-3] + "y"
        if len(term) > 4 and term.endswith(("sses", "shes", "ches", "xes")):
            return term[:-2]
        if len(term) > 3 and term.endswith("s") and not term.endswith(("ss", "us", "is")):
            return term[:-1]
        return term

    def content_terms(self, text: str) -> list[str]:
        """Distinct normalised content words of ``text``, in order of first appearance: a
        word's normal form (``normalise``) when neither the word nor that form is a stop
        word, it has two characters at least and is not all digits."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        stopwords, normalise = self._stopwords, self.normalise
        seen: dict[str, None] = {}
        # Each distinct word once: a long turn repeats most of its words.
        for word in dict.fromkeys(WORD.findall(text)):
            if word.casefold() in stopwords:
                continue
            term = normalise(word)
            if len(term) >= 2 and term not in stopwords and not term.isdigit():
                seen.setdefault(term, None)
        return list(seen)

    def definite_words(self, text: str) -> Iterator[str]:
        """``definite_terms`` one at a time, repeats kept (a caller that stops early reads
        less)."""
        for match in DEFINITE.finditer(text):
            for word in match.groups():
                if word is None:
                    continue
                folded = word.casefold()
                if folded in self._stopwords:
                    continue
                term = self.normalise(folded)
                if len(term) >= 2 and term not in self._stopwords:
                    yield term

    def definite_terms(self, text: str) -> tuple[str, ...]:
        """The words right after a definite determiner ("the song", "that rental car":
        ``DEFINITE``'s words), as entity terms: a word's normal form when neither the word
        nor that form is a stop word and it has two characters at least; distinct, in
        order. A definite noun phrase names something already known."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        return tuple(dict.fromkeys(self.definite_words(text)))

    def turn_terms(self, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``(content_terms, definite_terms)`` of one turn, as tuples (the C++ reader reads
        both in one call)."""
        return tuple(self.content_terms(text)), self.definite_terms(text)


def _word_set(words: Iterable[str], name: str) -> frozenset[str]:
    found = frozenset(words)
    if not all(isinstance(word, str) for word in found):
        raise TypeError(f"{name}: expected str words")
    return found
