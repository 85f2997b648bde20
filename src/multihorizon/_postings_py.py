"""NumPy reference of ``PostingLists``: the Turn Log's posting lists as Tier C gathers them.

Per content word, the turns holding it, oldest first (SPEC-028 §4.2 entity index; Tier C's
lexical channel, rule lexical-channel). The log feeds them as it indexes its turns, so a user
turn's query gathers its terms' lists in one call (issue 14 item 1). The C++ backend keeps
the lists in native memory (``cpp/include/multihorizon/postings.hpp``); the Numba backend
uses this class (a gather copies integers: nothing for a compiled loop to gain). Each list
is a growable array (capacity doubles), so a turn appends in place and a gather copies views.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import accumulate
from typing import Any

import numpy as np
import numpy.typing as npt

from ._validate import MAX_TURN_ID, as_int, as_turn_ids

__all__ = ["PostingLists"]


def _term(term: Any) -> str:
    if not isinstance(term, str):
        raise TypeError(f"terms: expected str, got {type(term).__name__}")
    return term


def _bounds(offsets: Any) -> npt.NDArray[np.int64]:
    array = np.asarray(offsets)
    if array.dtype.kind not in "iu" and array.size:
        raise ValueError(f"offsets: expected integers, got dtype {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"offsets: expected a 1-d array, got {array.ndim}-d")
    return array.astype(np.int64)


class PostingLists:
    """Per term, the turns holding it (oldest first): the Turn Log's entity index as Tier C
    gathers it."""

    def __init__(self) -> None:
        # term -> [buffer, filled]: the list is ``buffer[:filled]``.
        self._lists: dict[str, list[Any]] = {}
        self._buffer = np.empty(0, dtype=np.int64)  # where reusing gathers write

    def _append(self, term: str, turns: npt.NDArray[np.int64]) -> None:
        kept = self._lists.get(term)
        if kept is None:
            kept = self._lists[term] = [np.empty(max(8, turns.shape[0]), dtype=np.int64), 0]
        buffer, filled = kept
        size = filled + turns.shape[0]
        if buffer.shape[0] < size:
            grown = np.empty(max(size, 2 * buffer.shape[0]), dtype=np.int64)
            grown[:filled] = buffer[:filled]
            kept[0] = buffer = grown
        buffer[filled:size] = turns
        kept[1] = size

    def add_turn(self, turn_id: int, terms: Iterable[str]) -> None:
        """Turn ``turn_id`` holds each of ``terms`` (appended to each one's list)."""
        turn = as_int(turn_id, "turn_id")
        if not 0 <= turn < MAX_TURN_ID:
            raise ValueError(f"turn_id: must be in [0, 2**62), got {turn}")
        keys = [_term(term) for term in terms]  # every term checked before any list grows
        one = np.array([turn], dtype=np.int64)
        for key in keys:
            self._append(key, one)

    def extend(self, terms: Iterable[str], turns: Any, offsets: Any) -> None:
        """Append ``turns[offsets[t]:offsets[t + 1]]`` to the ``t``-th term's list (the layout
        ``gather`` gives: a load's segment indexes its turns in one call)."""
        ids = as_turn_ids(turns, "turns", MAX_TURN_ID - 1)
        bounds = _bounds(offsets)
        words = list(terms)
        if bounds.shape[0] != len(words) + 1:
            raise ValueError(
                f"offsets: must hold len(terms) + 1 = {len(words) + 1} bounds, "
                f"got {bounds.shape[0]}"
            )
        if bounds[0] != 0:
            raise ValueError("offsets: must start with 0")
        if np.any(np.diff(bounds) < 0):
            raise ValueError("offsets: must be non-decreasing")
        if bounds[-1] != ids.shape[0]:
            raise ValueError(f"offsets: must end with len(turns) = {ids.shape[0]}")
        words = list(map(_term, words))  # every term checked before any list grows
        for t, term in enumerate(words):
            self._append(term, ids[bounds[t] : bounds[t + 1]])

    def gather(
        self, terms: Iterable[str], *, reuse: bool = False
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """``(postings, offsets)`` of ``terms`` as ``bm25_scores`` takes them: each term once,
        in order of first appearance, those no turn holds left out;
        ``postings[offsets[t]:offsets[t + 1]]`` are the turns holding the ``t``-th. With
        ``reuse`` the postings are a view of a buffer the next reusing gather writes over
        (capacity doubles: a turn allocates nothing in proportion to the log)."""
        lists = []
        for term in dict.fromkeys(map(_term, terms)):
            kept = self._lists.get(term)
            if kept is not None and kept[1]:
                lists.append(kept[0][: kept[1]])
        sizes = accumulate(found.shape[0] for found in lists)
        offsets = np.array([0, *sizes], dtype=np.int64)
        total = int(offsets[-1])
        if not reuse:
            return np.concatenate([np.empty(0, dtype=np.int64), *lists]), offsets
        if self._buffer.shape[0] < total:
            self._buffer = np.empty(max(total, 2 * self._buffer.shape[0]), dtype=np.int64)
        postings = self._buffer[:total]
        if lists:
            np.concatenate(lists, out=postings)
        return postings, offsets
