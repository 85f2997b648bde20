"""What ``Threads.restore`` builds in bulk from a load's columns (issue 18 item 4), kept apart
from the turn path in ``threads``: the vocabularies and term index, and each thread's recent
window, which a whole load leaves to be gathered when the thread is first read.

A 10k-turn session holds thousands of threads and most stay dormant: gathering every
thread's last ``RECENT_WINDOW`` embeddings at load copied up to one row per turn (15 MB at
10k turns of short threads) that no turn may ever read.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, SupportsIndex, overload

import numpy as np
import numpy.typing as npt

__all__ = ["CheckedWords", "RecentWindows", "add_words"]

_Window = npt.NDArray[np.float32]


class CheckedWords(list[tuple[str, ...]]):
    """Each turn's words as a tuple, every word a ``str``: made by a maker that checked them
    (a load: a segment's words come from its table of strings, a turn record's are checked
    as it is read), so ``Threads.restore`` does not check 40,000 words again."""

    __slots__ = ()


def add_words(
    first: int,
    indexes: Sequence[int],
    terms_of: Sequence[tuple[str, ...]],
    *,
    turns: list[list[int]],
    vocabulary: list[set[str]],
    term_threads: dict[str, list[int]],
    turn_terms: dict[int, tuple[str, ...]],
) -> None:
    """Turns ``first`` onwards (each in thread ``indexes[k]``, bringing ``terms_of[k]``) added
    to the turn lists, vocabularies, term index (term -> threads, in the order each first
    took the term) and per-turn words, with the same result as ``Threads.commit`` turn by
    turn (one loop over the turns: a pass over distinct (term, thread) pairs, from
    ``dict.fromkeys``, cost twice as much at 10k turns)."""
    for turn_id, (index, terms) in enumerate(zip(indexes, terms_of, strict=True), first):
        turns[index].append(turn_id)
        words = vocabulary[index]
        for term in terms:
            if term not in words:
                words.add(term)
                owners = term_threads.get(term)
                if owners is None:
                    term_threads[term] = [index]
                else:
                    owners.append(index)
        turn_terms[turn_id] = terms


class RecentWindows(list[_Window]):
    """Each thread's last ``window`` turn embeddings (contiguous float32 rows, oldest first),
    as a list; the windows of a whole load's threads (``defer``) are gathered from the turn
    log's rows the first time each is read. Every read through the list (indexing,
    iteration) sees built windows."""

    __slots__ = ("_limit", "_rows", "_turns", "_window")

    def __init__(self, window: int) -> None:
        super().__init__()
        self._window = window
        self._rows: Callable[[], npt.NDArray[np.float32]] | None = None
        self._turns: Sequence[Sequence[int]] = ()
        self._limit = 0

    def defer(
        self,
        count: int,
        rows: Callable[[], npt.NDArray[np.float32]],
        turns: Sequence[Sequence[int]],
        limit: int,
    ) -> None:
        """Add ``count`` windows, for threads ``len(self)`` onwards, none gathered yet:
        thread ``t``'s is ``rows()[ids]`` for the last ``window`` of its turn ids
        ``turns[t]`` below ``limit`` (later turns are the live session's, added with their
        window). Only for an empty list (a whole load)."""
        if len(self):
            raise ValueError("deferred windows are for a whole load")
        unbuilt: Any = None  # a placeholder no reader sees (``__getitem__`` builds it)
        list.extend(self, itertools.repeat(unbuilt, count))
        self._rows, self._turns, self._limit = rows, turns, limit

    def _gathered(self, index: int) -> _Window:
        assert self._rows is not None
        ids = self._turns[index]
        end = bisect.bisect_left(ids, self._limit)
        picks = ids[max(0, end - self._window) : end]
        window: _Window = np.ascontiguousarray(self._rows()[picks], np.float32)
        list.__setitem__(self, index, window)
        return window

    @overload
    def __getitem__(self, index: SupportsIndex) -> _Window: ...

    @overload
    def __getitem__(self, index: slice) -> list[_Window]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> _Window | list[_Window]:
        if isinstance(index, slice):
            return [self[position] for position in range(len(self))[index]]
        value = list.__getitem__(self, index)
        if value is None:
            return self._gathered(range(len(self))[index])
        return value

    def __iter__(self) -> Iterator[_Window]:
        return (self[position] for position in range(len(self)))

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        return (list, (list(self),))  # a copy or a pickle is a plain list, every window built
