"""NumPy reference kernels: the readable definition that every backend agrees with.

The C++ (``multihorizon._core``) and Numba (``_kernels_numba``) backends export the same
names with the same signatures; the test suite checks them against this module. Values are
computed here in float64 and rounded to float32 once, so this module is also the precision
yardstick for the others.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._context_py import make_retrieve_context, pair_answers
from ._hashing_py import hash_embed
from ._norm_py import squared_norm
from ._packing_py import cdr_rank, pack_tiers
from ._persons_py import StanceReader
from ._postings_py import PostingLists
from ._retrieve_py import make_retrieve_turns
from ._store_py import make_store_row
from ._terms_py import TermReader
from ._threads_py import fold_turn, make_thread_scan
from ._tier_p_py import make_tier_p_search, make_tier_p_stage
from ._turn_cues_py import TurnCueReader
from ._unicode_py import SEPARATOR, fold, is_word
from ._unicode_py import words as folded_words
from ._validate import (
    as_any_float_matrix,
    as_count,
    as_current,
    as_float_matrix,
    as_float_rows,
    as_float_vector,
    as_forced_rows,
    as_half_life,
    as_int,
    as_int8_codes,
    as_phrases,
    as_postings,
    as_real,
    as_rescore,
    as_scales,
    as_thread_ids,
    as_turn_ids,
    as_unit_interval,
)

__all__ = [
    "IntentSettler",
    "MarkerMatcher",
    "PostingLists",
    "StanceReader",
    "TermReader",
    "TurnCueReader",
    "TurnScanner",
    "best_above",
    "bm25_scores",
    "cdr_rank",
    "cosine_scores",
    "fold_turn",
    "hash_embed",
    "intent_decision",
    "pack_tiers",
    "pair_answers",
    "quantize_rows",
    "recency_weights",
    "retrieve_context",
    "retrieve_turns",
    "score_turns",
    "score_turns_int8",
    "squared_norm",
    "store_row",
    "thread_scan",
    "tier_p_search",
    "tier_p_stage",
    "top_k",
]

Hit = tuple[int, int, int, int]

# --------------------------------------------------------------------------------------------
# Text: simple case folding and word characters (tables shared with C++ and Numba)
# --------------------------------------------------------------------------------------------


def _symbols(text: str) -> tuple[list[int], list[int]]:
    """The folded symbol stream of ``text`` and the text offset of each symbol.

    Word characters become their folded code point; each run of other characters becomes
    one ``SEPARATOR``. This is what lets "go on" match "go, on" and "go -- on".
    """
    symbols: list[int] = []
    offsets: list[int] = []
    in_separator = False
    for offset, char in enumerate(text):
        cp = ord(char)
        if is_word(cp):
            symbols.append(fold(cp))
            offsets.append(offset)
            in_separator = False
        elif not in_separator:
            symbols.append(SEPARATOR)
            offsets.append(offset)
            in_separator = True
    return symbols, offsets


# --------------------------------------------------------------------------------------------
# 1. Marker matching: Aho-Corasick over the folded symbol stream, whole words only
# --------------------------------------------------------------------------------------------


class MarkerMatcher:
    """Every whole-word occurrence of a fixed lexicon of phrases, in one pass.

    Parameters
    ----------
    phrases : iterable of (str, int)
        ``(text, category)`` pairs. A phrase is its sequence of words: case, and the
        punctuation or spacing between its words, do not matter.

    Notes
    -----
    Matching is case-insensitive under Unicode simple case folding, and whole-word: a hit
    must not be preceded or followed by a word character ("it" does not match "edit").
    Between two words of a phrase, the text may hold any run of spaces or punctuation.
    Overlapping hits are all reported. The scan is linear in the text length.
    """

    def __init__(self, phrases: Iterable[tuple[str, int]]) -> None:
        pairs = as_phrases(phrases)
        self._categories = [category for _, category in pairs]
        self._lengths: list[int] = []
        # Trie as one dict of edges per state; state 0 is the root.
        self._goto: list[dict[int, int]] = [{}]
        self._outputs: list[list[int]] = [[]]
        for index, (text, _) in enumerate(pairs):
            words = folded_words(text)
            if not words:
                raise ValueError(f"phrases[{index}]: {text!r} has no word characters")
            symbols = list(words[0])
            for word in words[1:]:
                symbols.append(SEPARATOR)
                symbols.extend(word)
            self._lengths.append(len(symbols))
            state = 0
            for symbol in symbols:
                nxt = self._goto[state].get(symbol)
                if nxt is None:
                    nxt = len(self._goto)
                    self._goto[state][symbol] = nxt
                    self._goto.append({})
                    self._outputs.append([])
                state = nxt
            self._outputs[state].append(index)
        self._fail = self._link_failures()

    def _link_failures(self) -> list[int]:
        fail = [0] * len(self._goto)
        queue = list(self._goto[0].values())
        for state in queue:  # breadth first: a state's failure target is shallower
            for symbol, child in self._goto[state].items():
                queue.append(child)
                target = fail[state]
                while target and symbol not in self._goto[target]:
                    target = fail[target]
                fallback = self._goto[target].get(symbol, 0)
                fail[child] = fallback if fallback != child else 0
                self._outputs[child] = self._outputs[child] + self._outputs[fail[child]]
        return fail

    def __len__(self) -> int:
        return len(self._categories)

    def find(self, text: str) -> list[Hit]:
        """All hits as ``(category, phrase_index, start, end)``, sorted by (start, end, index).

        ``start`` and ``end`` are offsets into ``text`` (``text[start:end]`` is the hit).
        """
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        symbols, offsets = _symbols(text)
        hits: list[Hit] = []
        state = 0
        for position, symbol in enumerate(symbols):
            while state and symbol not in self._goto[state]:
                state = self._fail[state]
            state = self._goto[state].get(symbol, 0)
            for index in self._outputs[state]:
                start = offsets[position - self._lengths[index] + 1]
                end = offsets[position] + 1
                before_ok = start == 0 or not is_word(ord(text[start - 1]))
                after_ok = end == len(text) or not is_word(ord(text[end]))
                if before_ok and after_ok:
                    hits.append((self._categories[index], index, start, end))
        hits.sort(key=lambda hit: (hit[2], hit[3], hit[1]))
        return hits

    def __repr__(self) -> str:
        return f"MarkerMatcher({len(self)} phrases)"


# --------------------------------------------------------------------------------------------
# 2. Similarity: cosine of one query against the rows of a matrix
# --------------------------------------------------------------------------------------------


def cosine_scores(query: Any, matrix: Any) -> npt.NDArray[np.float32]:
    """Cosine similarity of ``query`` (d,) with every row of ``matrix`` (n, d).

    Computed in float64 and rounded to float32, clipped to [-1, 1]. A zero query or zero row
    has similarity 0 (never NaN). Inputs must be finite real arrays; float32 row-major input
    is used without a copy.
    """
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    q64 = q.astype(np.float64)
    m64 = m.astype(np.float64)
    norms = np.sqrt(np.einsum("ij,ij->i", m64, m64)) * math.sqrt(float(q64 @ q64))
    dots = m64 @ q64
    with np.errstate(invalid="ignore", divide="ignore"):
        scores = np.where(norms > 0.0, dots / np.where(norms > 0.0, norms, 1.0), 0.0)
    return np.clip(scores, -1.0, 1.0).astype(np.float32)


def _rank(scores: npt.NDArray[np.float32], first: npt.NDArray[np.bool_] | None = None) -> Any:
    """Row order: ``first`` rows before the rest, then score descending, then lower index."""
    keys: list[Any] = [np.arange(scores.shape[0]), -scores.astype(np.float64)]
    if first is not None:
        keys.append(~first)
    return np.lexsort(keys)


def top_k(query: Any, matrix: Any, k: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The ``k`` rows most similar to ``query``: (indices, scores), best first.

    Ties go to the lower row index. ``k`` larger than the row count returns every row;
    ``k = 0`` returns empty arrays.
    """
    count = as_count(k, "k")
    scores = cosine_scores(query, matrix)
    order = _rank(scores)[:count]
    return order.astype(np.int64), scores[order]


def best_above(query: Any, matrix: Any, threshold: float) -> tuple[int, float]:
    """The most similar row if its similarity is strictly above ``threshold``.

    Returns ``(index, score)``: ``index`` is -1 when no row is above the threshold, and
    ``score`` is always the best similarity found (``-inf`` for an empty matrix), so one call
    serves both "join the best thread above 0.70" (SPEC-028 §3.3) and "max similarity below
    0.50" (§5.2).
    """
    bar = as_real(threshold, "threshold")
    scores = cosine_scores(query, matrix)
    if scores.shape[0] == 0:
        return -1, -math.inf
    best = int(np.argmax(scores))
    score = float(scores[best])
    return (best if score > bar else -1), score


# --------------------------------------------------------------------------------------------
# 3. Recency decay
# --------------------------------------------------------------------------------------------

#: Exponents past this give weights below float32's smallest normal (2**-126); they are
#: returned as exactly 0.0, so no subnormal value reaches later arithmetic.
RECENCY_MAX_HALVINGS = 126.0


def recency_weights(turn_ids: Any, current: int, half_life: float) -> npt.NDArray[np.float32]:
    """``0.5 ** ((current - turn_ids) / half_life)`` as float32 (SPEC-028 §3.2).

    Turn ids must lie in ``[0, current]``. A turn more than ``126 * half_life`` turns old
    gets exactly 0.0 (its true weight is below 2**-126, float32's smallest normal), so very
    old turns never produce subnormals. Relative error against the exact value is below 1e-6
    on every backend.
    """
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    life = as_half_life(half_life)
    with np.errstate(over="ignore"):  # a subnormal half-life: age / half_life is inf, weight 0
        halvings = (now - ids).astype(np.float64) / life
    weights = np.where(halvings > RECENCY_MAX_HALVINGS, 0.0, np.exp2(-halvings))
    return weights.astype(np.float32)


# --------------------------------------------------------------------------------------------
# 4. Fused turn scoring (Tier C retrieval)
# --------------------------------------------------------------------------------------------


def score_turns(
    query: Any,
    embeddings: Any,
    turn_ids: Any,
    *,
    current: int,
    thread_ids: Any = None,
    active_thread: int = -1,
    forced: Any = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """Rank the turns of a turn log for one query and return the top ``k``.

    For row ``i`` (turn ``turn_ids[i]`` embedded as ``embeddings[i]``)::

        relevance = cosine(query, embeddings[i])
        active    = thread_ids[i] == active_thread          (active_thread >= 0)
        recency   = 1.0                                    if i in forced or active
                    0.5 ** ((current - turn_ids[i]) / half_life)   otherwise
        score     = relevance * (1 - recency_multiplier + recency_multiplier * recency)
                    + recency_bonus * recency + thread_bonus * active

    A referenced (forced) turn is pulled back to full weight (SPEC-028 §4.2) and so is every
    turn of the active thread, however old (§3.3). ``recency_multiplier = 1`` with no
    bonuses is the spec's literal relevance x recency; ``recency_multiplier = 0`` with a
    small ``recency_bonus`` keeps old relevant turns reachable (recency as a bounded bonus).

    Forced rows come first (by score), then the rest by score descending; ties go to the
    lower row. Returns ``(row indices int64, scores float32)``.
    """
    q = as_float_vector(query, "query")
    m = as_float_matrix(embeddings, "embeddings", q.shape[0])
    rows = m.shape[0]
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    if ids.shape[0] != rows:
        raise ValueError(f"turn_ids: expected {rows} ids (one per row), got {ids.shape[0]}")
    multiplier = as_unit_interval(recency_multiplier, "recency_multiplier")
    bonus = as_real(recency_bonus, "recency_bonus")
    thread_weight = as_real(thread_bonus, "thread_bonus")
    count = as_count(k, "k")
    active_id = as_int(active_thread, "active_thread")

    in_active, is_forced = _turn_masks(thread_ids, active_id, forced, rows)

    relevance = cosine_scores(q, m)
    recency = recency_weights(ids, now, half_life).astype(np.float64)
    recency[is_forced | in_active] = 1.0  # SPEC-028 §4.2 and §3.3
    scores = _fused(relevance, recency, in_active, multiplier, bonus, thread_weight)
    order = _rank(scores, is_forced)[:count]
    return order.astype(np.int64), scores[order]


def _turn_masks(
    thread_ids: Any, active_id: int, forced: Any, rows: int
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """The rows of the active thread (SPEC-028 §3.3) and the forced rows (§4.2, referenced
    turns): the two masks the turn scorers restore to full recency."""
    in_active = np.zeros(rows, dtype=bool)
    if thread_ids is not None:
        threads = as_thread_ids(thread_ids, rows)
        if active_id >= 0:
            in_active = threads == active_id
    is_forced = np.zeros(rows, dtype=bool)
    if forced is not None:
        is_forced[as_forced_rows(forced, rows)] = True
    return in_active, is_forced


def _fused(
    relevance: npt.NDArray[np.float32],
    recency: npt.NDArray[np.float64],
    in_active: npt.NDArray[np.bool_],
    multiplier: float,
    bonus: float,
    thread_weight: float,
) -> npt.NDArray[np.float32]:
    """score_turns' formula in float64, rounded to float32 once (``recency`` already 1.0 for
    the forced and active rows)."""
    scores = (
        relevance.astype(np.float64) * (1.0 - multiplier + multiplier * recency)
        + bonus * recency
        + thread_weight * in_active
    )
    return scores.astype(np.float32)


# --------------------------------------------------------------------------------------------
# 4b. Tier C on an int8 copy of the turn log
# --------------------------------------------------------------------------------------------

#: The codes' range: a row's largest magnitude becomes +-127.
INT8_PEAK = 127.0


def quantize_rows(
    matrix: Any, *, by_column: bool = False
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float32]]:
    """Per-row int8 codes of a float matrix (n, d) and one scale per row.

    ``codes[i, j] = rint(matrix[i, j] * 127 / max_j |matrix[i, j]|)`` (in [-127, 127], half to
    even) and ``scales[i] = 1 / ||codes[i]||`` as float32, so that ``codes[i] * scales[i]``
    approximates the row's direction ``matrix[i] / ||matrix[i]||`` (cosine ignores length).
    A zero row has zero codes and scale 0. Each step is exact or rounded once in float64, so
    every backend makes the same codes and scales. Returns ``(codes int8, scales float32)``;
    ``by_column``: the codes as their transpose, C-contiguous (d, n), the layout the turn log
    keeps sparse codes in (``dialogue.int8_codes``), written without a transposing copy.
    """
    m = as_any_float_matrix(matrix, "matrix").astype(np.float64)
    peak = np.abs(m).max(axis=1, initial=0.0)
    nonzero = peak > 0.0
    divisor = np.where(nonzero, peak, 1.0)[:, None]
    codes = np.rint(m * INT8_PEAK / divisor).astype(np.int8)
    squares = np.einsum("ij,ij->i", codes, codes, dtype=np.int64)
    with np.errstate(divide="ignore"):
        scales = np.where(nonzero, 1.0 / np.sqrt(squares.astype(np.float64)), 0.0)
    if by_column:
        codes = np.ascontiguousarray(codes.T)
    return codes, scales.astype(np.float32)


store_row = make_store_row(quantize_rows)


def _int8_cosines(
    q: npt.NDArray[np.float32], codes: npt.NDArray[np.int8], scales: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """The approximate cosine of every row: the integer dot product of the query's codes with
    the row's (exact in int64), ``(dot * query_scale) * row_scale`` in float64, clipped to
    [-1, 1], float32."""
    query_codes, query_scale = quantize_rows(q[None, :])
    dots: npt.NDArray[np.int64] = np.einsum("ij,j->i", codes, query_codes[0], dtype=np.int64)
    cosine = dots.astype(np.float64) * float(query_scale[0]) * scales.astype(np.float64)
    return np.clip(cosine, -1.0, 1.0).astype(np.float32)


def score_turns_int8(
    query: Any,
    codes: Any,
    scales: Any,
    embeddings: Any,
    turn_ids: Any,
    *,
    current: int,
    thread_ids: Any = None,
    active_thread: int = -1,
    forced: Any = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
    rescore: int | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """``score_turns`` on the turn log's int8 copy, its best candidates rescored in float32.

    ``codes, scales = quantize_rows(embeddings)`` is the int8 copy. Two passes:

    1. every unforced row gets ``score_turns``' score with its relevance read from the int8
       copy (the query quantized the same way; its cosine is an exact integer dot product
       times the two scales); the best ``max(rescore, k)`` are the nominees
       (``rescore`` defaults to ``k + max(16, k // 2)``);
    2. the nominees and every forced row are scored again from their float32 rows, exactly as
       ``score_turns`` scores them, and the best ``k`` returned in ``score_turns``' order.

    So the result is ``score_turns``' whenever its top ``k`` unforced rows are among the
    nominees (on real text, at the default, they are), every returned score is
    ``score_turns``' score of that row, and forced rows are never missed. The float32 rows
    are read only in pass 2: a non-finite value raises there, naming the lowest bad row read.
    Returns ``(row indices int64, scores float32)``.
    """
    q = as_float_vector(query, "query")
    c = as_int8_codes(codes, "codes", q.shape[0])
    rows = c.shape[0]
    s = as_scales(scales, rows)
    m = as_float_rows(embeddings, "embeddings", rows, q.shape[0])
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    if ids.shape[0] != rows:
        raise ValueError(f"turn_ids: expected {rows} ids (one per row), got {ids.shape[0]}")
    multiplier = as_unit_interval(recency_multiplier, "recency_multiplier")
    bonus = as_real(recency_bonus, "recency_bonus")
    thread_weight = as_real(thread_bonus, "thread_bonus")
    count = as_count(k, "k")
    active_id = as_int(active_thread, "active_thread")
    in_active, is_forced = _turn_masks(thread_ids, active_id, forced, rows)
    life = as_half_life(half_life)
    nominees = as_rescore(rescore, count)

    recency = recency_weights(ids, now, life).astype(np.float64)
    recency[is_forced | in_active] = 1.0  # SPEC-028 §4.2 and §3.3
    # Pass 1: the int8 copy nominates the unforced rows worth reading in float32.
    relevance = _int8_cosines(q, c, s)
    approximate = _fused(relevance, recency, in_active, multiplier, bonus, thread_weight)
    unforced = np.flatnonzero(~is_forced)
    best = unforced[_rank(approximate[unforced])[: max(nominees, count)]]
    rescored = np.union1d(np.flatnonzero(is_forced), best).astype(np.int64)  # ascending
    # Pass 2: score_turns' exact scores of those rows.
    read = m[rescored]
    finite = np.isfinite(read).all(axis=1)
    if not finite.all():
        row = int(rescored[np.argmin(finite)])
        raise ValueError(f"embeddings: contains non-finite values (NaN or inf) in row {row}")
    exact = _fused(
        cosine_scores(q, read),
        recency[rescored],
        in_active[rescored],
        multiplier,
        bonus,
        thread_weight,
    )
    order = _rank(exact, is_forced[rescored])[:count]
    return rescored[order], exact[order]


#: Tier C's whole ranking in one call (``multihorizon._retrieve_py`` defines it).
retrieve_turns = make_retrieve_turns(score_turns, score_turns_int8)
#: Tier C's stage in one call: the ranking, the answers paired, each item's reason.
retrieve_context = make_retrieve_context(retrieve_turns, pair_answers)
#: Tier P's fused stage (``multihorizon._tier_p_py`` defines it).
tier_p_stage = make_tier_p_stage(score_turns_int8)
#: Its search half alone (run before the turn's intent is known).
tier_p_search = make_tier_p_search(score_turns_int8)
#: The placement's array work for one turn (``multihorizon._threads_py`` defines it).
thread_scan = make_thread_scan(cosine_scores)


# --------------------------------------------------------------------------------------------
# 6. BM25 (Tier C's lexical channel)
# --------------------------------------------------------------------------------------------


def bm25_scores(
    postings: Any, offsets: Any, lengths: Any, *, k1: float = 1.2, b: float = 0.75
) -> npt.NDArray[np.float64]:
    """BM25 of every document for a query, from the query terms' posting lists.

    ``postings[offsets[t]:offsets[t + 1]]`` are the distinct documents (ids in
    ``[0, len(lengths))``) holding query term ``t``; ``lengths`` the documents' lengths.
    With ``N = len(lengths)``, ``df`` a term's posting count and ``avg = mean(lengths)``,
    each posting adds to its document::

        log(1 + (N - df + 0.5) / (df + 0.5)) * (k1 + 1) / (1 + k1 * (1 - b + b * length / avg))

    (term frequency 1: a turn's terms are distinct). Documents no term reaches score 0. The
    compiled backends visit only the postings (O(postings), not O(documents)) and agree with
    this to floating-point rounding.
    """
    post, offs, lens = as_postings(postings, offsets, lengths)
    saturation_k = as_real(k1, "k1")
    if saturation_k < 0:
        raise ValueError(f"k1: must be >= 0, got {saturation_k}")
    length_b = as_unit_interval(b, "b")
    count = lens.size
    scores = np.zeros(count, dtype=np.float64)
    if post.size and (int(post.min()) < 0 or int(post.max()) >= count or lens.sum() <= 0):
        outside = post[(post < 0) | (post >= count)]
        document = int(outside[0]) if outside.size else int(post[0])
        raise ValueError(f"postings: document {document} is outside [0, len(lengths))")
    if not post.size:
        return scores
    inverse_average = count / float(lens.sum())
    for term in range(offs.size - 1):
        documents = post[offs[term] : offs[term + 1]]
        frequency = float(documents.size)
        idf = math.log1p((count - frequency + 0.5) / (frequency + 0.5))
        norm = 1.0 - length_b + length_b * lens[documents] * inverse_average
        np.add.at(scores, documents, idf * (saturation_k + 1.0) / (1.0 + saturation_k * norm))
    return scores


# --------------------------------------------------------------------------------------------
# 7. The turn scanner and the SPEC-028 §5.2 decision (defined in ``_intent_py``, which builds
#    on the matcher, cosine and hashing kernels above: imported last for that reason)
# --------------------------------------------------------------------------------------------

from ._intent_py import TurnScannerBase, intent_decision  # noqa: E402
from ._settler_py import IntentSettlerBase  # noqa: E402


class TurnScanner(TurnScannerBase):
    """``multihorizon._intent_py.TurnScannerBase`` over the reference kernels above: the
    definition of the turn scanner (see there)."""

    matcher_type = MarkerMatcher
    best_above = staticmethod(best_above)
    hash_embed = staticmethod(hash_embed)
    squared_norm = staticmethod(squared_norm)


class IntentSettler(IntentSettlerBase):
    """``multihorizon._settler_py.IntentSettlerBase`` over the reference kernels above."""

    hash_embed = staticmethod(hash_embed)
