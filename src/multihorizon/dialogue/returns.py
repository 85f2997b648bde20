"""How a return names its thread's words (SPEC-028 §3.3, rule return-variants): a word named
in "Getting back to the move, ..." or "Anyway, about the tomatoes, ..." matches the thread
that said "moving" or "tomato", which ``tokens.normalise_term`` (plural endings only) keeps
apart. The endings are lexicon data (``INFLECTION_SWAPS``); each lookup is a set test.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from functools import lru_cache

from ..text.lexicon import INFLECTION_SWAPS

__all__ = [
    "any_held",
    "held_by_thread",
    "holds_all",
    "inflections",
    "last_left",
    "question_return",
    "words_held",
]

# The shortest stem an ending swap may leave ("move" -> "mov"): shorter ones match too much.
_MIN_STEM = 3
# Question words of one later thread that move a return from the thread its named words pick
# (rule return-question-words): one shared word ("letter", "ISO") is chance.
_MOVE_WORDS = 2


# The longest word whose forms are cached: a token of user text may run to thousands of
# characters, and the cache would hold it.
_CACHED_CHARS = 40


def inflections(word: str) -> tuple[str, ...]:
    """The word and its forms under ``INFLECTION_SWAPS``, each way round ("move" -> "mov",
    "moving", "moved", ...; "tomatoe" -> "tomato"). Forms no thread used are harmless: they
    are only looked up."""
    return _cached_forms(word) if len(word) <= _CACHED_CHARS else _forms(word)


# Every user turn after a reply looks up its words' forms (rule outcome-reports'
# ``words_held``): a conversation's words repeat, and the swaps are ~40 suffix tests a word.
@lru_cache(maxsize=1 << 15)
def _cached_forms(word: str) -> tuple[str, ...]:
    return _forms(word)


def _forms(word: str) -> tuple[str, ...]:
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


def any_held(vocabulary: Set[str], words: Sequence[str]) -> bool:
    """``words_held(vocabulary, words, True) > 0``: whether a thread's ``vocabulary`` holds
    one of these words in some inflection; the words themselves are looked up first, all at
    once, and the other forms only when none is there."""
    return not vocabulary.isdisjoint(words) or any(
        not vocabulary.isdisjoint(inflections(word)) for word in words
    )


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


def question_return(
    term_threads: Mapping[str, Sequence[int]],
    turns: Sequence[Sequence[int]],
    active: int,
    found: int,
    named: Sequence[str],
    terms: Sequence[str],
    *,
    announced: bool,
) -> int:
    """Where a return goes by the words of its question as well as the words it names (rule
    return-question-words; ``found``: ``Threads.return_target``'s thread for the ``named``
    words, -1: none). A word of the question counts for the one thread that used it (a word
    two threads used names neither), the named words and the active thread aside. When a
    named word is a thread's ("Back to the boiler: if the engineer finds a leak, does the
    landlord pay?"), a thread holding more of the question's words takes the return: the
    topic went on in a thread of its own (a turn opened it as a new topic, "we rent, who
    pays for repairs?"). When no thread holds a named word ("back to running, ..." after
    "10k", "pace"), the thread holding the most question words (no tie) takes it, else an
    announced return goes to the thread left most recently. One pass over the turn's words."""
    if active < 0 or len(turns) < 2:
        return found
    skip = {form for word in named for form in inflections(word)}
    counts: dict[int, int] = {}
    for term in dict.fromkeys(terms):
        owners = term_threads.get(term, ())
        if term in skip or len(owners) != 1 or owners[0] == active:
            continue
        counts[owners[0]] = counts.get(owners[0], 0) + 1
    by_name = held_by_thread(term_threads, named, True)
    by_name.pop(active, None)
    leader = -1
    if counts:
        best = max(counts.values())
        leaders = [index for index, count in counts.items() if count == best]
        leader = leaders[0] if len(leaders) == 1 else -1
    if by_name:  # the return named a thread's word: more question words move it
        moves = (
            found >= 0
            and leader not in (-1, found)
            and counts[leader] >= _MOVE_WORDS
            and counts[leader] > counts.get(found, 0)
            and turns[leader][-1] > turns[found][-1]
        )
        return leader if moves else found
    if leader >= 0 and counts[leader] >= _MOVE_WORDS:
        return leader
    return last_left(turns, active) if announced else found
