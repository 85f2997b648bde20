"""How a return names its thread's words (SPEC-028 §3.3, rule return-variants): a word named
in "Getting back to the move, ..." or "Anyway, about the tomatoes, ..." matches the thread
that said "moving" or "tomato", which ``tokens.normalise_term`` (plural endings only) keeps
apart. The endings are lexicon data (``INFLECTION_SWAPS``); each lookup is a set test.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from ..text.lexicon import INFLECTION_SWAPS

__all__ = ["inflections", "words_held"]

# The shortest stem an ending swap may leave ("move" -> "mov"): shorter ones match too much.
_MIN_STEM = 3


def inflections(word: str) -> tuple[str, ...]:
    """The word and its forms under ``INFLECTION_SWAPS``, each way round ("move" -> "mov",
    "moving", "moved", ...; "tomatoe" -> "tomato"). Forms no thread used are harmless: they
    are only looked up."""
    forms = [word]
    for first, second in INFLECTION_SWAPS:
        for ending, other in ((first, second), (second, first)):
            if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
                forms.append(word[: len(word) - len(ending)] + other)
    return tuple(forms)


def words_held(vocabulary: Set[str], words: Sequence[str], variants: bool) -> int:
    """How many of these words a thread's ``vocabulary`` holds; with ``variants`` a word
    counts when one of its ``inflections`` is there."""
    if not variants:
        return len(vocabulary & set(words))
    return sum(not vocabulary.isdisjoint(inflections(word)) for word in set(words))
