"""Reference Tier C retrieval in one call: the readable definition every backend agrees with.

``retrieve_turns`` is the whole of Tier C's ranking for one user turn (SPEC-028 §3.2, §3.3,
§4.2; architecture.md's two relevance channels) over the turn log's columns: the lexical
channel's BM25 over the query terms' posting lists (only the turns they reach), the embedding
channel's fused scores (``score_turns``, or ``score_turns_int8`` on a long log), the lexical
nominees the embedding channel missed scored by the same formula, and the final ranking. The
turn ids are the rows (0, 1, ...: a log's ids are its append positions) and ``current`` the
number of rows, so nothing proportional to the log is passed or built beside its columns.

The codes may be row-major or column-major (``dialogue.int8_codes``: how ``TurnLog`` keeps
sparse codes); over column-major codes the C++ and Numba backends read only the columns where
the query's code is not zero: the same integers, so the same ranking (issue 14).

The C++ backend (``_core.retrieve_turns``, ``cpp/include/multihorizon/retrieve.hpp``) does it
in one native call with the GIL released; the reference and Numba backends build it from
their own ``score_turns``, ``score_turns_int8`` and the sparse BM25 below
(``make_retrieve_turns``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._validate import (
    as_count,
    as_float_rows,
    as_float_vector,
    as_forced_rows,
    as_int8_codes,
    as_postings,
    as_real,
    as_rescore,
    as_scales,
    as_unit_interval,
)

__all__ = ["RetrieveTurns", "bm25_sparse", "lexical_nominees", "make_retrieve_turns"]

Ranked = tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]
RetrieveTurns = Callable[..., tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], int]]


def bm25_sparse(
    postings: Any, offsets: Any, lengths: Any, total_length: float, k1: float, b: float
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """``bm25_scores``' nonzero entries as ``(documents ascending, scores)``, reading only the
    lengths of the documents the postings reach, and checking only those (``total_length``
    is ``sum(lengths)``, which the caller keeps). Each document's contributions are added
    in term order, as ``bm25_scores`` adds them, so the scores are the same bits."""
    post, offs, _ = as_postings(postings, offsets, ())
    lens = np.asarray(lengths, dtype=np.float64)
    count = lens.shape[0]
    if post.size and (int(post.min()) < 0 or int(post.max()) >= count):
        outside = post[(post < 0) | (post >= count)]
        raise ValueError(f"postings: document {int(outside[0])} is outside [0, len(lengths))")
    reached = lens[post]
    bad = np.flatnonzero(~(np.isfinite(reached) & (reached >= 0)))
    if bad.size:
        at = int(post[bad[0]])
        raise ValueError(f"lengths: must be finite and >= 0, got {lens[at]} at {at}")
    if not post.size or total_length <= 0:
        return np.empty(0, np.int64), np.empty(0, np.float64)
    documents = np.unique(post)
    scores = np.zeros(documents.size, dtype=np.float64)
    inverse_average = count / float(total_length)
    for term in range(offs.size - 1):
        holding = post[offs[term] : offs[term + 1]]  # distinct documents: no repeated index
        frequency = float(holding.size)
        idf = math.log1p((count - frequency + 0.5) / (frequency + 0.5))
        norm = 1.0 - b + b * lens[holding] * inverse_average
        scores[np.searchsorted(documents, holding)] += idf * (k1 + 1.0) / (1.0 + k1 * norm)
    return documents, scores


def lexical_nominees(
    documents: npt.NDArray[np.int64], scores: npt.NDArray[np.float64], pool: int
) -> npt.NDArray[np.int64]:
    """The best ``pool`` documents by BM25 (ties to the lower turn), ascending."""
    if documents.size <= pool:
        return documents
    order = np.lexsort((documents, -scores))[:pool]
    return np.sort(documents[order])


def make_retrieve_turns(
    score_turns: Callable[..., Ranked], score_turns_int8: Callable[..., Ranked]
) -> RetrieveTurns:
    """``retrieve_turns`` over a backend's two turn scorers."""

    def retrieve_turns(
        query: Any,
        codes: Any,
        scales: Any,
        embeddings: Any,
        thread_ids: Any,
        lengths: Any,
        postings: Any,
        offsets: Any,
        total_length: float,
        forced: Any = (),
        active_thread: int = -1,
        half_life: float = 6.0,
        recency_multiplier: float = 1.0,
        recency_bonus: float = 0.0,
        thread_bonus: float = 0.0,
        k: int = 10,
        lexical_pool: int = 48,
        lexical_weight: float = 1.0,
        int8_rows_per_rescored: float = 8,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], int]:
        """Tier C's ranked candidates for one query: ``(rows, scores, forced_count)``.

        Row ``i`` is turn ``i`` (``current`` = the rows); ``codes, scales`` its int8 copy,
        ``thread_ids`` its thread, ``lengths`` its distinct content words (``total_length``
        their sum); ``postings[offsets[t]:offsets[t + 1]]`` the turns holding term ``t``.

        1. Lexical channel: ``bm25_scores``' values of the turns the postings reach (none
           when ``lexical_weight`` is 0).
        2. Embedding channel: ``score_turns``' top ``pool`` with the ``forced`` rows
           (referenced turns, SPEC-028 §4.2) first, where ``pool`` is ``k``, or
           ``max(k, lexical_pool)`` when the lexical channel found a turn. On a log of at
           least ``int8_rows_per_rescored * default_rescore(pool)`` rows (0: always) the
           top comes from ``score_turns_int8`` instead (the same rows in practice).
        3. The lexical channel's best ``lexical_pool`` turns (ties to the lower turn) that
           step 2 did not return are scored by ``score_turns``' formula, unforced.
        4. Every candidate's score, in float64, plus ``lexical_weight / max(BM25)`` x its
           BM25 (rule lexical-channel); ranked forced rows first, then score descending,
           then turn ascending. ``forced_count`` is how many forced rows lead.
        """
        q = as_float_vector(query, "query")
        embeddings = _checked_columns(q, codes, scales, embeddings, lengths)
        rows = embeddings.shape[0]
        forced_rows = np.unique(as_forced_rows(np.asarray(forced, dtype=np.int64), rows))
        top = as_count(k, "k")
        lexical_top = as_count(lexical_pool, "lexical_pool")
        weight = as_real(lexical_weight, "lexical_weight")
        per_rescored = as_real(int8_rows_per_rescored, "int8_rows_per_rescored")
        if not per_rescored >= 0:
            raise ValueError(f"int8_rows_per_rescored: must be >= 0, got {per_rescored}")
        documents, bm25 = bm25_sparse(
            postings, offsets, lengths, total_length, as_real(k1, "k1"), as_unit_interval(b, "b")
        )
        documents, bm25 = (documents, bm25) if weight > 0 else (documents[:0], bm25[:0])
        pool = top if documents.size == 0 else max(top, lexical_top)
        options: dict[str, Any] = dict(
            current=rows, active_thread=active_thread, half_life=half_life,
            recency_multiplier=recency_multiplier, recency_bonus=recency_bonus,
            thread_bonus=thread_bonus,
        )  # fmt: skip
        scored = {"thread_ids": thread_ids, "forced": forced_rows, "k": pool, **options}
        turn_ids = np.arange(rows, dtype=np.int64)  # row i is turn i
        if rows >= per_rescored * as_rescore(None, pool):
            candidates, channel = score_turns_int8(q, codes, scales, embeddings, turn_ids, **scored)
        else:
            candidates, channel = score_turns(q, embeddings, turn_ids, **scored)
        fused = channel.astype(np.float64)
        if documents.size:
            lexical = (documents, bm25, lexical_top, weight)
            candidates, fused = _join_lexical(
                score_turns, q, embeddings, thread_ids, options, lexical, candidates, fused
            )
        is_forced = np.isin(candidates, forced_rows)
        order = np.lexsort((candidates, -fused, ~is_forced))
        return candidates[order].astype(np.int64), fused[order], int(is_forced.sum())

    return retrieve_turns


def _checked_columns(
    q: npt.NDArray[np.float32], codes: Any, scales: Any, embeddings: Any, lengths: Any
) -> npt.NDArray[np.float32]:
    """The float32 rows, after checking the columns' shapes (one row per code row)."""
    rows = as_int8_codes(codes, "codes", q.shape[0]).shape[0]
    as_scales(scales, rows)
    checked = as_float_rows(embeddings, "embeddings", rows, q.shape[0])
    if np.shape(lengths) != (rows,):
        raise ValueError(f"lengths: expected shape ({rows},), got {np.shape(lengths)}")
    return checked


def _join_lexical(
    score_turns: Callable[..., Ranked],
    q: npt.NDArray[np.float32],
    embeddings: Any,
    thread_ids: Any,
    options: dict[str, Any],
    lexical: tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], int, float],
    candidates: npt.NDArray[np.int64],
    fused: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Steps 3 and 4 of ``retrieve_turns``: the lexical nominees the embedding channel
    missed, scored unforced, joined to its candidates, and every candidate's score plus
    ``weight / max(BM25)`` x its BM25 (rule lexical-channel)."""
    documents, bm25, pool, weight = lexical
    missing = np.setdiff1d(lexical_nominees(documents, bm25, pool), candidates)
    if missing.size:
        extra, extra_scores = score_turns(
            q,
            embeddings[missing],
            missing,
            thread_ids=np.asarray(thread_ids)[missing],
            k=int(missing.size),
            **options,
        )
        candidates = np.concatenate((candidates, missing[extra]))
        fused = np.concatenate((fused, extra_scores.astype(np.float64)))
    return candidates, fused + (weight / float(bm25.max())) * _bm25_of(documents, bm25, candidates)


def _bm25_of(
    documents: npt.NDArray[np.int64], bm25: npt.NDArray[np.float64], rows: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """Each row's BM25 (0 where no query term reaches it)."""
    at = np.minimum(np.searchsorted(documents, rows), documents.size - 1)
    return np.where(documents[at] == rows, bm25[at], 0.0)
