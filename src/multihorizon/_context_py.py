"""Reference Tier C stage in one call: the readable definition every backend agrees with.

``retrieve_context`` is Tier C's whole stage for one user turn (SPEC-028 §3.2, §3.3, §4.2):
``retrieve_turns``' ranking with the referenced turns and the turn replied to forced, then
``pair_answers`` over its head: the first ``k`` turns, each unforced question followed by its
answer (rule answers-follow-questions), and why each was chosen (``REASONS``). Python then
builds only the items that reach the envelope.

The pairing reads three of the log's columns, one entry per turn: ``asks`` (1 when the turn
asks a question, 0 when not, anything else when not known yet: a restored log reads a turn's
text the first time a rule asks), ``roles`` (equal for the same role) and ``speakers`` (the
same integer for the same case-folded name, negative when none is named). When the walk
needs a flag not known yet it stops and returns that row as ``pending``, with the ranking's
head in place of the items; the caller reads the flag and resumes with ``pair_answers`` over
that head. The same turns are read as the walk in Python read them.

The C++ backend (``_core.retrieve_context``, ``cpp/include/multihorizon/context.hpp``) does it
in one native call; the Numba backend compiles ``pair_walk`` (``_numba_context``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._validate import as_count, as_forced_rows, as_int

__all__ = [
    "QUESTION_UNKNOWN",
    "REASONS",
    "Context",
    "make_pair_answers",
    "make_retrieve_context",
    "pair_answers",
    "pair_walk",
]

#: Why an item is in context, by the code ``reasons`` holds (the C++ ContextReason).
REASONS = ("reference", "reply-to", "answer", "active-thread", "relevant")
REFERENCE, REPLY_TO, ANSWER, ACTIVE_THREAD, RELEVANT = range(5)
#: An ``asks`` entry of a turn whose question flag is not known yet (any value but 0 and 1).
QUESTION_UNKNOWN = 2

#: ``(rows, scores, reasons, forced_count, pending)``.
Context = tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int8], int, int]


def pair_walk(
    ranked: npt.NDArray[np.int64],
    scores: npt.NDArray[np.float64],
    forced: int,
    k: int,
    follow: bool,
    columns: tuple[Any, Any, Any, Any],
    active_thread: int,
    targets: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int8], int]:
    """The walk of ``pair_answers`` over checked arrays: ``(rows, scores, reasons, pending)``
    with ``pending`` -1 when the walk finished (else the items are empty).

    1. The ``forced`` leading rows (at most ``k``) first, a reference when in ``targets``,
       else the turn replied to.
    2. Then the ranking in order until ``k`` items: with ``follow`` off, each row as it
       comes. With it on, a row already chosen is skipped; a chosen row ``r`` is followed
       by ``r + 1`` (at the same score, reason answer) when there is a free slot, ``r + 1``
       is in the log and not chosen, ``r`` asks a question and ``r + 1`` is by the other
       side (another role, or two named speakers with other names). A chosen row of
       the active thread is active-thread, any other relevant.
    """
    asks, roles, speakers, threads = columns
    count = asks.shape[0]
    rows = np.empty(k, dtype=np.int64)
    values = np.empty(k, dtype=np.float64)
    reasons = np.empty(k, dtype=np.int8)
    seen = np.empty(forced + 2 * k + 2, dtype=np.int64)  # the forced rows and every choice
    taken = 0
    chosen = 0
    leading = min(forced, ranked.shape[0])
    for at in range(leading):
        seen[taken] = ranked[at]
        taken += 1
        if at < k:
            target = np.searchsorted(targets, ranked[at])
            is_target = target < targets.shape[0] and targets[target] == ranked[at]
            rows[chosen], values[chosen] = ranked[at], scores[at]
            reasons[chosen] = REFERENCE if is_target else REPLY_TO
            chosen += 1
    at = leading
    while at < ranked.shape[0] and chosen < k:
        row, score = ranked[at], scores[at]
        at += 1
        if follow and _listed(seen, taken, row):
            continue
        active = active_thread >= 0 and threads[row] == active_thread
        rows[chosen], values[chosen] = row, score
        reasons[chosen] = ACTIVE_THREAD if active else RELEVANT
        chosen += 1
        if not follow:
            continue
        seen[taken] = row
        taken += 1
        answer = row + 1
        if chosen >= k or answer >= count or _listed(seen, taken, answer):
            continue
        if asks[row] != 0 and asks[row] != 1:  # not known yet: the caller reads it
            return rows[:0], values[:0], reasons[:0], row
        other_side = roles[row] != roles[answer] or (
            speakers[row] >= 0 and speakers[answer] >= 0 and speakers[row] != speakers[answer]
        )
        if asks[row] == 1 and other_side:
            rows[chosen], values[chosen], reasons[chosen] = answer, score, ANSWER
            chosen += 1
            seen[taken] = answer
            taken += 1
    return rows[:chosen], values[:chosen], reasons[:chosen], -1


def _listed(seen: npt.NDArray[np.int64], taken: int, row: int) -> bool:
    """Whether ``row`` is among the first ``taken`` entries of ``seen``."""
    return bool(np.any(seen[:taken] == row))


Walk = Callable[..., tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], Any, int]]


def make_pair_answers(walk: Walk) -> Callable[..., Context]:
    """``pair_answers`` over a backend's ``pair_walk``."""

    def pair_answers(
        rows: Any,
        scores: Any,
        forced_count: int,
        k: int,
        answers_follow_questions: bool,
        asks: Any,
        roles: Any,
        speakers: Any,
        thread_ids: Any,
        active_thread: int,
        targets: Any,
    ) -> Context:
        """The context Tier C gives from a ranking (``retrieve_turns``' ``rows`` and
        ``scores``, its ``forced_count`` forced rows leading): ``(rows, scores, reasons,
        forced_count, pending)``, reasons coded as ``REASONS`` (see ``pair_walk``). When a
        row's ``asks`` flag is needed and not known, ``pending`` is that row and ``rows``,
        ``scores`` the ranking given (``reasons`` empty): read the flag and call again.
        ``targets``: the referenced rows (the other forced one is the turn replied to)."""
        ranked = _int_vector(rows, "rows")
        values = np.ascontiguousarray(scores, dtype=np.float64)
        if values.shape != ranked.shape:
            raise ValueError(f"scores: expected shape {ranked.shape}, got {values.shape}")
        forced = as_count(forced_count, "forced_count")
        if forced > ranked.shape[0]:
            raise ValueError(f"forced_count: {forced} is more than the {ranked.shape[0]} rows")
        columns = _pair_columns(asks, roles, speakers, thread_ids)
        count = columns[0].shape[0]
        if ranked.size and (int(ranked.min()) < 0 or int(ranked.max()) >= count):
            bad = int(ranked.min()) if int(ranked.min()) < 0 else int(ranked.max())
            raise ValueError(f"rows: row {bad} is out of range for {count} rows")
        top = as_count(k, "k")
        active = as_int(active_thread, "active_thread")
        target_rows = np.unique(_int_vector(targets, "targets"))
        found = walk(
            ranked, values, forced, top, bool(answers_follow_questions), columns, active,
            target_rows,
        )  # fmt: skip
        return _context(found, ranked, values, forced)

    return pair_answers


#: The reference's ``pair_answers``: its checks around ``pair_walk``.
pair_answers = make_pair_answers(pair_walk)


def make_retrieve_context(
    retrieve_turns: Callable[..., tuple[Any, Any, int]], pair_answers: Callable[..., Context]
) -> Callable[..., Context]:
    """``retrieve_context`` over a backend's ``retrieve_turns`` and ``pair_answers``."""

    def retrieve_context(
        query: Any,
        codes: Any,
        scales: Any,
        embeddings: Any,
        thread_ids: Any,
        lengths: Any,
        postings: Any,
        offsets: Any,
        total_length: float,
        asks: Any,
        roles: Any,
        speakers: Any,
        targets: Any = (),
        reply_to: int = -1,
        active_thread: int = -1,
        half_life: float = 6.0,
        recency_multiplier: float = 1.0,
        recency_bonus: float = 0.0,
        thread_bonus: float = 0.0,
        k: int = 10,
        lexical_pool: int = 48,
        lexical_weight: float = 1.0,
        int8_rows_per_rescored: float = 8,
        answers_follow_questions: bool = True,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> Context:
        """Tier C's stage for one query: ``retrieve_turns`` (its arguments, ``forced`` the
        ``targets`` and ``reply_to`` when >= 0), then ``pair_answers`` over the first
        ``forced_count + 2k`` rows of its ranking (each row read past the forced ones takes
        a slot or is an answer that took one): ``(rows, scores, reasons, forced_count,
        pending)``; on a pending row, ``rows`` and ``scores`` are that head."""
        rows = np.shape(asks)[0] if np.ndim(asks) == 1 else -1
        target_rows = np.unique(as_forced_rows(np.asarray(targets, dtype=np.int64), max(rows, 0)))
        reply = as_int(reply_to, "reply_to")
        if reply >= rows >= 0:
            raise ValueError(f"reply_to: row {reply} is out of range for {rows} rows")
        forced = np.union1d(target_rows, [reply]) if reply >= 0 else target_rows
        ranked, scores, forced_count = retrieve_turns(
            query, codes, scales, embeddings, thread_ids, lengths, postings, offsets,
            total_length, forced, active_thread, half_life, recency_multiplier, recency_bonus,
            thread_bonus, k, lexical_pool, lexical_weight, int8_rows_per_rescored, k1, b,
        )  # fmt: skip
        read = forced_count + 2 * as_count(k, "k")
        return pair_answers(
            ranked[:read], scores[:read], forced_count, k, answers_follow_questions, asks,
            roles, speakers, thread_ids, active_thread, target_rows,
        )  # fmt: skip

    return retrieve_context


def _context(
    found: tuple[Any, Any, Any, int],
    ranked: npt.NDArray[np.int64],
    scores: npt.NDArray[np.float64],
    forced: int,
) -> Context:
    rows, values, reasons, pending = found
    if pending >= 0:
        return ranked, scores, np.empty(0, dtype=np.int8), forced, int(pending)
    return (
        np.asarray(rows, dtype=np.int64),
        np.asarray(values, dtype=np.float64),
        np.asarray(reasons, dtype=np.int8),
        forced,
        -1,
    )


def _int_vector(value: Any, name: str) -> npt.NDArray[np.int64]:
    array = np.asarray(value)
    if array.size and array.dtype.kind not in "iu":
        raise ValueError(f"{name}: expected integers, got dtype {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
    return np.ascontiguousarray(array, dtype=np.int64)


def _pair_columns(
    asks: Any, roles: Any, speakers: Any, thread_ids: Any
) -> tuple[
    npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.int64]
]:
    """The pairing's columns as the kernels read them, one entry per turn each."""
    flags = _int_vector(asks, "asks")
    rows = flags.shape[0]
    checked = []
    for value, name in ((roles, "roles"), (speakers, "speakers"), (thread_ids, "thread_ids")):
        column = _int_vector(value, name)
        if column.shape != (rows,):
            raise ValueError(f"{name}: expected shape ({rows},), got {column.shape}")
        checked.append(column)
    return (
        flags.astype(np.uint8),
        checked[0].astype(np.uint8),
        checked[1].astype(np.int32),
        checked[2],
    )
