"""How a return names its thread's words (SPEC-028 §3.3, rule return-variants): a word named
in "Getting back to the move, ..." or "Anyway, about the tomatoes, ..." matches the thread
that said "moving" or "tomato", which ``tokens.normalise_term`` (plural endings only) keeps
apart. The endings are lexicon data (``INFLECTION_SWAPS``); each lookup is a set test.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set

from ..text.lexicon import INFLECTION_SWAPS

__all__ = ["held_by_thread", "holds_all", "inflections", "last_left", "words_held"]

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


def holds_all(vocabulary: Set[str], words: Sequence[str]) -> bool:
    """Whether a thread's ``vocabulary`` holds every one of these words, in some inflection:
    a return that names only words the active thread used stays there (rule
    return-variants); "Back to the singing business" after "a translation business" names
    the singing too, so it does not."""
    return words_held(vocabulary, words, True) == len(set(words))


def last_left(turns: Sequence[Sequence[int]], active: int) -> int:
    """The thread other than ``active`` whose latest turn is the newest (``turns``: each
    thread's turn ids, oldest first): where an announced return that names nothing any
    thread holds goes ("Back on the range topic: ..." after a digression), as the one
    dormant thread of two did before (rule resume-announcements)."""
    return max((i for i in range(len(turns)) if i != active), key=lambda i: turns[i][-1])


def held_by_thread(
    term_threads: Mapping[str, Sequence[int]], words: Sequence[str], variants: bool
) -> dict[int, int]:
    """Per thread, how many of these distinct words its vocabulary holds (``words_held``),
    for the threads holding one, read from a term index (``term_threads``: each word's
    threads, each listed once) rather than by intersecting every thread's vocabulary (issue
    14: the cost follows the words, not the threads)."""
    counts: dict[int, int] = {}
    for word in dict.fromkeys(words):
        owners: Iterable[int] = (
            {owner for form in inflections(word) for owner in term_threads.get(form, ())}
            if variants
            else term_threads.get(word, ())
        )
        for owner in owners:
            counts[owner] = counts.get(owner, 0) + 1
    return counts
