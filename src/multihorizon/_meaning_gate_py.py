"""The native settle's gate for rule meaning-asks (``settle.hpp`` ``may_mean``), as the
readable reference: ``MeaningGates.may_mean`` is a superset of
``bool(dialogue.meaning_asks.meaning_term(text))`` read from the text alone, so
``Session.classify`` settles natively every turn it says no to (issue 14). Data, not engine:
built from ``meaning_asks.meaning_words`` (the echoes tuple's last seven fields)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["MEANING_FIELDS", "MeaningGates"]

MEANING_FIELDS = 7


def _words(value: Any) -> frozenset[str]:
    words = frozenset(map(str, value))
    if any(not word.isascii() for word in words):
        raise ValueError("echoes: expected ASCII meaning words")
    return words


def _kernels(value: Any) -> tuple[tuple[str, ...], ...]:
    kernels = tuple(tuple(map(str, kernel)) for kernel in value)
    if any(not kernel or not all(map(str.isascii, kernel)) for kernel in kernels):
        raise ValueError("echoes: expected non-empty kernels of ASCII words")
    return kernels


@dataclass(frozen=True)
class MeaningGates:
    """Rule meaning-asks as data: the longest turn (0: off), the kernels the term follows
    and those it comes before, the words that let a kernel ask without a "?", the words that
    after a kernel make it ask for content ("What are its symptoms?") and those that before
    a "mean" ask what follows ("does that mean ...")."""

    chars: int
    after: tuple[tuple[str, ...], ...]
    before: tuple[tuple[str, ...], ...]
    asking: frozenset[str]
    breakers: frozenset[str]
    consequence: frozenset[str]
    ends: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, value: Sequence[Any]) -> MeaningGates:
        if len(value) != MEANING_FIELDS:
            raise ValueError(f"echoes: expected {MEANING_FIELDS} meaning fields")
        chars = int(value[0])
        if chars < 0:
            raise ValueError("echoes: expected a non-negative meaning length")
        return cls(
            chars, _kernels(value[1]), _kernels(value[2]), _words(value[3]), _words(value[4]),
            _words(value[5]), _kernels(value[6]),
        )  # fmt: skip

    def may_mean(self, text: str, strip: str) -> bool:
        """Whether ``meaning_term(text)`` may name a term: at most ``chars`` characters and,
        on ASCII text (words: ``text.lower().split()``, ``strip`` taken off their ends), a
        kernel's words in a row, one of ``asking`` among them unless the text holds a "?",
        and not an occurrence that ``meaning_term`` surely reads as none: an "after" kernel
        whose last word ends no clause (nothing stripped) before one of ``breakers``, with
        none of ``ends`` after it (a term loses its ending before the breakers are read), a
        "mean" kernel after one of ``consequence`` that ends no clause. True on any other
        text up to that length."""
        if len(text) > self.chars or not text.isascii():
            return len(text) <= self.chars
        asks, tokens = "?" in text, text.lower().split()
        words = [token.strip(strip) for token in tokens]
        for at in range(len(words)):
            for after, kernels in ((True, self.after), (False, self.before)):
                for kernel in kernels:
                    end = at + len(kernel)
                    if tuple(words[at:end]) != kernel:
                        continue
                    if not (asks or not self.asking.isdisjoint(kernel)):
                        continue
                    # Nothing stripped off the word before: no clause ends between them.
                    joined = end < len(words) and tokens[end - 1] == words[end - 1]
                    breaker = after and joined and words[end] in self.breakers
                    if breaker and not self._ends_after(words, end):
                        continue  # "What are its symptoms?" asks for content
                    joined = at > 0 and tokens[at - 1] == words[at - 1]
                    consequence = joined and words[at - 1] in self.consequence
                    if not after and consequence and kernel[0].startswith("mean"):
                        continue  # "does that mean it's healed?"
                    return True
        return False

    def _ends_after(self, words: list[str], start: int) -> bool:
        """Whether one of ``ends`` stands in ``words`` at or after ``start``."""
        return any(
            tuple(words[at : at + len(end)]) == end
            for at in range(start, len(words))
            for end in self.ends
        )
