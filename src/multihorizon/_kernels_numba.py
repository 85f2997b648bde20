"""Numba kernels: the NumPy reference (``_kernels_py``) compiled, with the C++ algorithms.

Every name here has the signature and behaviour of its counterpart in
``multihorizon._kernels_py``, which stays the definition; the test suite checks the two
against each other. The algorithms are those of the C++ backend (``cpp/include/multihorizon``):
a dense Aho-Corasick automaton over folded code points, exact cosine in float64, a bounded
heap for top k, and an open-addressing table of feature hashes for the embedder.

Python functions here only validate (with the shared ``_validate`` helpers, before any work)
and convert; the loops run in ``numba.njit(cache=True, nogil=True)`` functions, so concurrent
callers overlap and a warm cache skips compilation. Importing this module raises ImportError
when numba is missing, which is how ``_backend`` knows the backend is unavailable.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from . import _unicode_tables as tables
from ._validate import (
    as_count,
    as_current,
    as_dim,
    as_float_matrix,
    as_float_vector,
    as_forced_rows,
    as_half_life,
    as_int,
    as_phrases,
    as_postings,
    as_real,
    as_texts,
    as_thread_ids,
    as_turn_ids,
    as_unit_interval,
)

__all__ = [
    "MarkerMatcher",
    "best_above",
    "bm25_scores",
    "cosine_scores",
    "hash_embed",
    "recency_weights",
    "score_turns",
    "top_k",
]

Hit = tuple[int, int, int, int]
Int64Array = npt.NDArray[np.int64]
Float32Array = npt.NDArray[np.float32]
Float64Array = npt.NDArray[np.float64]
CodePoints = npt.NDArray[np.uint32]
CodePoint = int | np.int64

_Function = TypeVar("_Function", bound=Callable[..., Any])


class _Decorator(Protocol):
    def __call__(self, function: _Function, /) -> _Function: ...


# The cast keeps each compiled function's own signature for mypy whether or not the
# installed numba ships type hints (recent releases do; older ones leave njit untyped).
jit = cast(_Decorator, numba.njit(cache=True, nogil=True))
#: For float64 reductions only: reassociation lets LLVM vectorise the sums. The results stay
#: within a few ulps of the reference's (BLAS sums in its own order, too).
jit_reassociating = cast(
    _Decorator, numba.njit(cache=True, nogil=True, fastmath={"reassoc", "contract"})
)


def _codepoints(text: str) -> CodePoints:
    """One uint32 per code point of ``text``, so array indices are ``str`` offsets.

    ``surrogatepass`` keeps lone surrogates (legal in a ``str``) as their own code point
    instead of failing; UTF-32 never merges a surrogate pair, so offsets stay one to one.
    """
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


# --------------------------------------------------------------------------------------------
# Text: simple case folding and word characters, from the shared generated tables
# --------------------------------------------------------------------------------------------

#: Any run of non-word characters is one separator symbol.
SEPARATOR = 0x20

_FOLD_FROM = np.array(tables.FOLD_FROM, dtype=np.int64)
_FOLD_TO = np.array(tables.FOLD_TO, dtype=np.int64)
_WORD_LO = np.array(tables.WORD_LO, dtype=np.int64)
_WORD_HI = np.array(tables.WORD_HI, dtype=np.int64)


def _fold_array(codepoints: Int64Array) -> Int64Array:
    slots = np.minimum(np.searchsorted(_FOLD_FROM, codepoints), _FOLD_FROM.size - 1)
    return np.where(_FOLD_FROM[slots] == codepoints, _FOLD_TO[slots], codepoints)


def _word_mask(codepoints: Int64Array) -> npt.NDArray[np.bool_]:
    slots = np.searchsorted(_WORD_LO, codepoints, side="right") - 1
    return (slots >= 0) & (codepoints <= _WORD_HI[np.maximum(slots, 0)])


_LATIN1 = np.arange(256, dtype=np.int64)

#: What the jitted text functions read, passed as an argument rather than read as globals:
#: numba freezes global arrays into its on-disk cache, which would then outlive a
#: regenerated ``_unicode_tables.py``. Latin-1 has direct lookup tables (index 0: folded,
#: 1: word character), since most chat text never leaves it; the rest is binary search.
_UNICODE = (
    _fold_array(_LATIN1),
    _word_mask(_LATIN1).astype(np.int64),
    _FOLD_FROM,
    _FOLD_TO,
    _WORD_LO,
    _WORD_HI,
)
UnicodeTables = tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]

# Hot loops read the Latin-1 tables inline and call _fold / _is_word only past Latin-1: a
# call that takes arrays costs numba some reference counting, ten times the lookup itself.
# The jitted code also bisects on its own: numba's np.searchsorted (and np.argsort, slice
# assignment) cost seconds of compile time each for what is a loop of a few lines.


@jit
def _last_at_most(sorted_values: Int64Array, value: CodePoint) -> int:
    """The index of the last element <= ``value``, or -1 (``bisect_right`` - 1)."""
    low = 0
    high = sorted_values.shape[0]
    while low < high:
        middle = (low + high) >> 1
        if sorted_values[middle] <= value:
            low = middle + 1
        else:
            high = middle
    return low - 1


@jit
def _fold(cp: CodePoint, unicode: UnicodeTables) -> int:
    """Unicode simple case folding of one code point (one code point out, never more)."""
    slot = _last_at_most(unicode[2], cp)
    if slot >= 0 and unicode[2][slot] == cp:
        return int(unicode[3][slot])
    return int(cp)


@jit
def _is_word(cp: CodePoint, unicode: UnicodeTables) -> bool:
    """A word character: ``str.isalnum()`` or ``_``."""
    slot = _last_at_most(unicode[4], cp)
    return bool(slot >= 0 and cp <= unicode[5][slot])


# --------------------------------------------------------------------------------------------
# 1. Marker matching: a dense Aho-Corasick automaton over the folded symbol stream
# --------------------------------------------------------------------------------------------

#: Symbol codes of the Latin-1 lookup besides alphabet ids: a word character that no phrase
#: contains (no match can span it), and a non-word character (part of a separator).
_UNUSED_WORD = -1
_NON_WORD = -2


def _phrase_symbols(text: str) -> list[int]:
    """A phrase as the automaton sees it: its folded words joined by one ``SEPARATOR``."""
    codepoints = _codepoints(text).astype(np.int64)
    symbols: list[int] = []
    pending_separator = False
    for cp, is_word in zip(
        _fold_array(codepoints).tolist(), _word_mask(codepoints).tolist(), strict=True
    ):
        if not is_word:
            pending_separator = True
            continue
        if pending_separator and symbols:
            symbols.append(SEPARATOR)
        pending_separator = False
        symbols.append(cp)
    return symbols


class MarkerMatcher:
    """Every whole-word occurrence of a fixed lexicon of phrases, in one pass.

    See ``multihorizon._kernels_py.MarkerMatcher`` for the contract. The automaton is a
    dense transition table (state x symbol) over the compact alphabet of the symbols the
    phrases use, so the scan does one table read per symbol and never follows failure links.
    """

    def __init__(self, phrases: Iterable[tuple[str, int]]) -> None:
        pairs = as_phrases(phrases)
        sequences: list[list[int]] = []
        for index, (text, _) in enumerate(pairs):
            symbols = _phrase_symbols(text)
            if not symbols:
                raise ValueError(f"phrases[{index}]: {text!r} has no word characters")
            sequences.append(symbols)
        self._categories = np.array([category for _, category in pairs], dtype=np.int64)
        self._lengths = np.array([len(symbols) for symbols in sequences], dtype=np.int64)
        self._build_alphabet(sequences)
        children, own_outputs = self._build_trie(sequences)
        self._build_transitions(children, own_outputs)
        longest = int(self._lengths.max()) if sequences else 1
        # Offsets of the last `longest` symbols locate a hit's start without keeping the
        # offset of every symbol of the text.
        self._ring_mask = (1 << (longest - 1).bit_length()) - 1

    def _build_alphabet(self, sequences: list[list[int]]) -> None:
        alphabet = sorted({symbol for symbols in sequences for symbol in symbols})
        self._symbol_ids = {symbol: index for index, symbol in enumerate(alphabet)}
        self._alphabet_size = max(1, len(alphabet))
        self._separator_id = self._symbol_ids.get(SEPARATOR, _UNUSED_WORD)
        # Sorted, so a symbol's id is its position: the scan finds it by binary search.
        self._alphabet = np.array(alphabet, dtype=np.int64)
        latin1_fold, latin1_word = _UNICODE[0], _UNICODE[1]
        self._latin1_code = np.array(
            [
                self._symbol_ids.get(int(latin1_fold[cp]), _UNUSED_WORD)
                if latin1_word[cp]
                else _NON_WORD
                for cp in range(256)
            ],
            dtype=np.int64,
        )

    def _build_trie(
        self, sequences: list[list[int]]
    ) -> tuple[list[dict[int, int]], list[list[int]]]:
        children: list[dict[int, int]] = [{}]
        own_outputs: list[list[int]] = [[]]
        for index, symbols in enumerate(sequences):
            state = 0
            for symbol in symbols:
                symbol_id = self._symbol_ids[symbol]
                nxt = children[state].get(symbol_id)
                if nxt is None:
                    nxt = len(children)
                    children[state][symbol_id] = nxt
                    children.append({})
                    own_outputs.append([])
                state = nxt
            own_outputs[state].append(index)
        return children, own_outputs

    def _build_transitions(
        self, children: list[dict[int, int]], own_outputs: list[list[int]]
    ) -> None:
        """delta(s, a) = child of s on a if any, else delta(fail(s), a); outputs flattened.

        A state's outputs are its own phrases (ascending index) then its failure state's,
        which are strictly shorter. So at one text position hits come out by start, then
        phrase index, which the scan relies on for the reference's hit order.
        """
        states = len(children)
        transitions = np.zeros((states, self._alphabet_size), dtype=np.int32)
        fail = [0] * states
        outputs = [list(phrase_list) for phrase_list in own_outputs]
        queue: list[int] = []
        for symbol_id, child in children[0].items():
            transitions[0, symbol_id] = child
            queue.append(child)
        for state in queue:  # breadth first: fail[state] is final before state is expanded
            outputs[state] += outputs[fail[state]]
            transitions[state] = transitions[fail[state]]
            for symbol_id, child in children[state].items():
                fail[child] = int(transitions[fail[state], symbol_id])
                transitions[state, symbol_id] = child
                queue.append(child)
        self._transitions = transitions
        self._output_begin = np.zeros(states + 1, dtype=np.int64)
        self._output_begin[1:] = np.cumsum([len(phrase_list) for phrase_list in outputs])
        self._outputs = np.array(
            [index for phrase_list in outputs for index in phrase_list], dtype=np.int64
        )

    def __len__(self) -> int:
        return int(self._categories.shape[0])

    def find(self, text: str) -> list[Hit]:
        """All hits as ``(category, phrase_index, start, end)``, sorted by (start, end, index).

        ``start`` and ``end`` are offsets into ``text`` (``text[start:end]`` is the hit).
        """
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        hits = _scan_markers(
            _codepoints(text),
            self._transitions,
            self._output_begin,
            self._outputs,
            self._lengths,
            self._categories,
            self._latin1_code,
            self._alphabet,
            self._separator_id,
            self._ring_mask,
            _UNICODE,
        )
        categories, phrases, starts, ends = hits.T.tolist()
        return list(zip(categories, phrases, starts, ends, strict=True))

    def __repr__(self) -> str:
        return f"MarkerMatcher({len(self)} phrases)"


@jit
def _wide_symbol_id(cp: CodePoint, alphabet: Int64Array, unicode: UnicodeTables) -> int:
    """The alphabet id of a character past Latin-1, ``_UNUSED_WORD`` or ``_NON_WORD``."""
    if not _is_word(cp, unicode):
        return _NON_WORD
    # The folded symbol may be Latin-1 again (KELVIN SIGN folds to "k"): search all of it.
    folded = _fold(cp, unicode)
    slot = _last_at_most(alphabet, folded)
    if slot >= 0 and alphabet[slot] == folded:
        return slot
    return _UNUSED_WORD


# Array copies here are spelled out element by element: numba's slice and row assignment
# compile for seconds, these loops for milliseconds, and they run just as fast.


@jit
def _copy_rows(hits: Int64Array, rows: int, capacity: int) -> Int64Array:
    """The first ``rows`` hits in a new array of ``capacity`` rows."""
    copy = np.empty((capacity, 4), dtype=np.int64)
    for row in range(rows):
        for column in range(4):
            copy[row, column] = hits[row, column]
    return copy


@jit
def _scan_markers(
    codepoints: CodePoints,
    transitions: npt.NDArray[np.int32],
    output_begin: Int64Array,
    outputs: Int64Array,
    lengths: Int64Array,
    categories: Int64Array,
    latin1_code: Int64Array,
    alphabet: Int64Array,
    separator_id: int,
    ring_mask: int,
    unicode: UnicodeTables,
) -> Int64Array:
    """Hits as rows (category, phrase, start, end) in the reference's order."""
    length = codepoints.shape[0]
    latin1_word = unicode[1]
    ring = np.zeros(ring_mask + 1, dtype=np.int64)
    hits = np.empty((64, 4), dtype=np.int64)
    count = 0
    emitted = 0
    in_separator = False
    state = 0
    for position in range(length):
        cp = np.int64(codepoints[position])
        symbol = latin1_code[cp] if cp < 256 else _wide_symbol_id(cp, alphabet, unicode)
        if symbol == _NON_WORD:
            if in_separator:
                continue
            in_separator = True
            symbol = separator_id
        else:
            in_separator = False
        ring[emitted & ring_mask] = position
        emitted += 1
        if symbol < 0:  # a symbol no phrase contains: no match can span it
            state = 0
            continue
        state = int(transitions[state, symbol])
        for slot in range(output_begin[state], output_begin[state + 1]):
            phrase = outputs[slot]
            start = ring[(emitted - lengths[phrase]) & ring_mask]
            end = position + 1
            # Whole words only; the text's edges count as a space.
            before = np.int64(codepoints[start - 1]) if start > 0 else SEPARATOR
            after = np.int64(codepoints[end]) if end < length else SEPARATOR
            starts_word = not (
                latin1_word[before] != 0 if before < 256 else _is_word(before, unicode)
            )
            ends_word = not (latin1_word[after] != 0 if after < 256 else _is_word(after, unicode))
            if starts_word and ends_word:
                if count == hits.shape[0]:
                    hits = _copy_rows(hits, count, 2 * count)
                hits[count, 0] = categories[phrase]
                hits[count, 1] = phrase
                hits[count, 2] = start
                hits[count, 3] = end
                count += 1
    # Hits come out by end, and at one end by (start, phrase): a stable sort on start alone
    # gives the reference's (start, end, phrase). Usually there is nothing to sort.
    for row in range(1, count):
        if hits[row, 2] < hits[row - 1, 2]:
            return _stable_sort_by_start(hits, count)
    return _copy_rows(hits, count, count)


@jit
def _stable_sort_by_start(hits: Int64Array, count: int) -> Int64Array:
    """The first ``count`` hits, counting-sorted on start: linear and stable."""
    first = hits[0, 2]
    last = hits[0, 2]
    for row in range(count):
        first = min(first, hits[row, 2])
        last = max(last, hits[row, 2])
    slots = np.zeros(last - first + 2, dtype=np.int64)
    for row in range(count):
        slots[hits[row, 2] - first + 1] += 1
    for key in range(1, slots.shape[0]):
        slots[key] += slots[key - 1]
    ordered = np.empty((count, 4), dtype=np.int64)
    for row in range(count):
        target = slots[hits[row, 2] - first]
        slots[hits[row, 2] - first] += 1
        for column in range(4):
            ordered[target, column] = hits[row, column]
    return ordered


# --------------------------------------------------------------------------------------------
# 2. Similarity: exact cosine in float64, rounded to float32 once
# --------------------------------------------------------------------------------------------


@jit_reassociating
def _norm(vector: Float32Array) -> float:
    total = 0.0
    for value in vector:
        total += np.float64(value) * np.float64(value)
    return math.sqrt(total)


@jit_reassociating
def _cosine(query: Float32Array, row: Float32Array, query_norm: float) -> np.float32:
    """One row's cosine, as the reference: 0 for a zero vector, clipped to [-1, 1].

    Float64 sums of float32 products neither overflow nor underflow, so unlike the C++
    float32 fast path this needs no exact fallback for extreme magnitudes.
    """
    dot = 0.0
    squares = 0.0
    for column in range(query.shape[0]):
        value = np.float64(row[column])
        dot += np.float64(query[column]) * value
        squares += value * value
    denominator = math.sqrt(squares) * query_norm
    if not denominator > 0.0:
        return np.float32(0.0)
    return np.float32(min(1.0, max(-1.0, dot / denominator)))


@jit
def _cosine_rows(query: Float32Array, matrix: Float32Array) -> Float32Array:
    query_norm = _norm(query)
    scores = np.empty(matrix.shape[0], dtype=np.float32)
    for row in range(matrix.shape[0]):
        scores[row] = _cosine(query, matrix[row], query_norm)
    return scores


@jit
def _ranks_before(a: int, b: int, scores: Float32Array, forced: npt.NDArray[np.bool_]) -> bool:
    """The reference's row order: forced rows first, then higher score, then lower index."""
    if forced[a] != forced[b]:
        return bool(forced[a])
    if scores[a] != scores[b]:
        return bool(scores[a] > scores[b])
    return a < b


@jit
def _sift_down(
    heap: Int64Array, size: int, at: int, scores: Float32Array, forced: npt.NDArray[np.bool_]
) -> None:
    """Restore the heap below ``at``: every parent ranks after its children."""
    while True:
        worst = at
        for child in (2 * at + 1, 2 * at + 2):
            if child < size and _ranks_before(heap[worst], heap[child], scores, forced):
                worst = child
        if worst == at:
            return
        heap[at], heap[worst] = heap[worst], heap[at]
        at = worst


@jit
def _best_rows(scores: Float32Array, forced: npt.NDArray[np.bool_], count: int) -> Int64Array:
    """The ``count`` best rows, best first, in O(n log count).

    A heap whose root is the worst row kept: a new row enters only if it ranks before the
    root. Heapsort then puts the kept rows in order. The order is total (indices break
    ties), so the result is exactly the reference's sorted prefix.
    """
    size = min(count, scores.shape[0])
    heap = np.empty(size, dtype=np.int64)
    if size == 0:
        return heap
    for row in range(size):
        heap[row] = row
    for at in range(size // 2 - 1, -1, -1):
        _sift_down(heap, size, at, scores, forced)
    for row in range(size, scores.shape[0]):
        if _ranks_before(row, heap[0], scores, forced):
            heap[0] = row
            _sift_down(heap, size, 0, scores, forced)
    for last in range(size - 1, 0, -1):
        heap[0], heap[last] = heap[last], heap[0]
        _sift_down(heap, last, 0, scores, forced)
    return heap


@jit
def _top_k(
    query: Float32Array, matrix: Float32Array, count: int
) -> tuple[Int64Array, Float32Array]:
    scores = _cosine_rows(query, matrix)
    rows = _best_rows(scores, np.zeros(scores.shape[0], dtype=np.bool_), count)
    return rows, scores[rows]


@jit
def _best_row(query: Float32Array, matrix: Float32Array) -> tuple[int, np.float32]:
    """The first row with the highest cosine and that cosine; (-1, -inf) for no rows."""
    query_norm = _norm(query)
    best = -1
    best_score = np.float32(-np.inf)
    for row in range(matrix.shape[0]):
        score = _cosine(query, matrix[row], query_norm)
        if best < 0 or score > best_score:
            best = row
            best_score = score
    return best, best_score


def cosine_scores(query: Any, matrix: Any) -> Float32Array:
    """Cosine similarity of ``query`` (d,) with every row of ``matrix`` (n, d).

    Computed in float64 and rounded to float32, clipped to [-1, 1]. A zero query or zero row
    has similarity 0 (never NaN). Inputs must be finite real arrays; float32 row-major input
    is used without a copy.
    """
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    return _cosine_rows(q, m)


def top_k(query: Any, matrix: Any, k: int) -> tuple[Int64Array, Float32Array]:
    """The ``k`` rows most similar to ``query``: (indices, scores), best first.

    Ties go to the lower row index. ``k`` larger than the row count returns every row;
    ``k = 0`` returns empty arrays.
    """
    count = as_count(k, "k")
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    return _top_k(q, m, min(count, m.shape[0]))  # a k past int64 is every row, as in numpy


def best_above(query: Any, matrix: Any, threshold: float) -> tuple[int, float]:
    """The most similar row if its similarity is strictly above ``threshold``.

    Returns ``(index, score)``: ``index`` is -1 when no row is above the threshold, and
    ``score`` is always the best similarity found (``-inf`` for an empty matrix).
    """
    bar = as_real(threshold, "threshold")
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    best, best_score = _best_row(q, m)
    score = float(best_score)
    return (best if best >= 0 and score > bar else -1), score


# --------------------------------------------------------------------------------------------
# 3. Recency decay
# --------------------------------------------------------------------------------------------

#: Past this many halvings the weight is below float32's smallest normal: exactly 0.0.
RECENCY_MAX_HALVINGS = 126.0


@jit
def _recency(age: int, half_life: float) -> np.float32:
    # Divide like the reference (no reciprocal): the cutoff then falls on the same turn.
    halvings = np.float64(age) / half_life
    if halvings > RECENCY_MAX_HALVINGS:
        return np.float32(0.0)
    return np.float32(np.exp2(-halvings))


@jit
def _recency_weights(ids: Int64Array, current: int, half_life: float) -> Float32Array:
    weights = np.empty(ids.shape[0], dtype=np.float32)
    for row in range(ids.shape[0]):
        weights[row] = _recency(current - ids[row], half_life)
    return weights


def recency_weights(turn_ids: Any, current: int, half_life: float) -> Float32Array:
    """``0.5 ** ((current - turn_ids) / half_life)`` as float32 (SPEC-028 §3.2).

    Turn ids must lie in ``[0, current]``. A turn more than ``126 * half_life`` turns old
    gets exactly 0.0, so very old turns never produce subnormals.
    """
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    return _recency_weights(ids, now, as_half_life(half_life))


# --------------------------------------------------------------------------------------------
# 4. Fused turn scoring (Tier C retrieval)
# --------------------------------------------------------------------------------------------


@jit
def _score_turns(
    query: Float32Array,
    embeddings: Float32Array,
    ids: Int64Array,
    current: int,
    threads: Int64Array,
    active_thread: int,
    forced_rows: Int64Array,
    half_life: float,
    multiplier: float,
    bonus: float,
    thread_weight: float,
    count: int,
) -> tuple[Int64Array, Float32Array]:
    rows = embeddings.shape[0]
    forced = np.zeros(rows, dtype=np.bool_)
    for row in forced_rows:
        forced[row] = True
    query_norm = _norm(query)
    scores = np.empty(rows, dtype=np.float32)
    for row in range(rows):
        # Relevance and recency are rounded to float32 first, exactly as the reference
        # builds them from cosine_scores and recency_weights.
        relevance = np.float64(_cosine(query, embeddings[row], query_norm))
        active = active_thread >= 0 and threads[row] == active_thread
        if forced[row] or active:  # SPEC-028 §4.2 and §3.3: back to full weight
            recency = 1.0
        else:
            recency = np.float64(_recency(current - ids[row], half_life))
        scores[row] = np.float32(
            relevance * (1.0 - multiplier + multiplier * recency)
            + bonus * recency
            + thread_weight * (1.0 if active else 0.0)
        )
    best = _best_rows(scores, forced, count)
    return best, scores[best]


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
) -> tuple[Int64Array, Float32Array]:
    """Rank the turns of a turn log for one query and return the top ``k``.

    The formula is documented in ``multihorizon._kernels_py.score_turns``. Forced rows come
    first (by score), then the rest by score descending; ties go to the lower row. Returns
    ``(row indices int64, scores float32)``.
    """
    # Checked in the reference's order, so the first bad argument named is the same.
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
    count = min(as_count(k, "k"), rows)  # a k past int64 is every row, as in numpy
    active_id = as_int(active_thread, "active_thread")
    if not -1 <= active_id <= np.iinfo(np.int64).max:  # no int64 thread id can equal it
        active_id = -1
    # Without thread ids no turn is in the active thread: -1 says so to the kernel.
    threads = np.zeros(rows, dtype=np.int64)
    if thread_ids is not None:
        threads = as_thread_ids(thread_ids, rows)
    elif active_id >= 0:
        active_id = -1
    forced_rows = np.zeros(0, dtype=np.int64)
    if forced is not None:
        forced_rows = as_forced_rows(forced, rows)
    life = as_half_life(half_life)
    return _score_turns(
        q,
        m,
        ids,
        now,
        threads,
        active_id,
        forced_rows,
        life,
        multiplier,
        bonus,
        thread_weight,
        count,
    )


# --------------------------------------------------------------------------------------------
# 5. Hashing embedder
# --------------------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1
_FNV_OFFSET = 0xCBF29CE484222325
_GOLDEN = 0x9E3779B97F4A7C15
# Every constant the hash touches is np.uint64: numba turns uint64 mixed with int64 into
# float64, which would silently wreck the hash.
FNV_PRIME = np.uint64(0x100000001B3)
_FMIX_1 = np.uint64(0xFF51AFD7ED558CCD)
_FMIX_2 = np.uint64(0xC4CEB9FE1A85EC53)
_SHIFT_33 = np.uint64(33)
_SHIFT_32 = np.uint64(32)
_SHIFT_63 = np.uint64(63)
_LOW_32 = np.uint64(0xFFFFFFFF)
_ZERO = np.uint64(0)
_SEPARATOR_CODE = np.uint64(SEPARATOR)
#: Feature kinds, each hashing from its own seed, and their weights.
UNIGRAM, BIGRAM, CHARGRAM = 1, 2, 3
KIND_WEIGHTS = {UNIGRAM: 1.0, BIGRAM: 0.5, CHARGRAM: 0.25}
_UNIGRAM_SEED = np.uint64(_FNV_OFFSET ^ ((UNIGRAM * _GOLDEN) & _MASK64))
_BIGRAM_SEED = np.uint64(_FNV_OFFSET ^ ((BIGRAM * _GOLDEN) & _MASK64))
_CHARGRAM_SEED = np.uint64(_FNV_OFFSET ^ ((CHARGRAM * _GOLDEN) & _MASK64))
_UNIGRAM_WEIGHT = KIND_WEIGHTS[UNIGRAM]
_BIGRAM_WEIGHT = KIND_WEIGHTS[BIGRAM]
_CHARGRAM_WEIGHT = KIND_WEIGHTS[CHARGRAM]
_SHORTEST_CHARGRAM, _LONGEST_CHARGRAM = 3, 5


@jit
def _fnv_step(h: np.uint64, symbol: np.uint64) -> np.uint64:
    """One FNV-1a step per code point, wrapping modulo 2**64."""
    return (h ^ symbol) * FNV_PRIME


@jit
def _finalize(h: np.uint64) -> np.uint64:
    """MurmurHash3's fmix64: spreads FNV's low-bit differences across all 64 bits."""
    h ^= h >> _SHIFT_33
    h *= _FMIX_1
    h ^= h >> _SHIFT_33
    h *= _FMIX_2
    h ^= h >> _SHIFT_33
    return h


@jit
def _symbol_stream(
    codepoints: CodePoints, unicode: UnicodeTables
) -> tuple[npt.NDArray[np.uint64], int, Int64Array, int]:
    """ " w1 w2 ... wn ": the folded words, one separator between and around them.

    Returns the stream, its length, where each word starts in it, and the word count.
    """
    stream = np.empty(codepoints.shape[0] + 2, dtype=np.uint64)
    word_starts = np.empty(codepoints.shape[0] + 1, dtype=np.int64)
    symbols = 1
    words = 0
    stream[0] = _SEPARATOR_CODE
    latin1_fold, latin1_word = unicode[0], unicode[1]
    for position in range(codepoints.shape[0]):
        cp = np.int64(codepoints[position])
        if cp < 256:
            is_word = latin1_word[cp] != 0
            folded = latin1_fold[cp]
        else:
            is_word = _is_word(cp, unicode)
            folded = _fold(cp, unicode) if is_word else cp
        if is_word:
            if stream[symbols - 1] == _SEPARATOR_CODE:  # folded word characters never are
                word_starts[words] = symbols
                words += 1
            stream[symbols] = np.uint64(folded)
            symbols += 1
        elif stream[symbols - 1] != _SEPARATOR_CODE:
            stream[symbols] = _SEPARATOR_CODE
            symbols += 1
    if words > 0 and stream[symbols - 1] != _SEPARATOR_CODE:
        stream[symbols] = _SEPARATOR_CODE
        symbols += 1
    return stream, symbols, word_starts, words


@jit
def _features(
    stream: npt.NDArray[np.uint64], symbols: int, word_starts: Int64Array, words: int
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int8]]:
    """Every feature occurrence of the text, finalized hash and kind, repeats included."""
    chargrams = 0
    for size in range(_SHORTEST_CHARGRAM, _LONGEST_CHARGRAM + 1):
        chargrams += max(0, symbols - size + 1)
    total = words + max(0, words - 1) + chargrams
    features = np.empty(total, dtype=np.uint64)
    kinds = np.empty(total, dtype=np.int8)
    found = 0
    for word in range(words):
        unigram = _UNIGRAM_SEED
        bigram = _BIGRAM_SEED
        if word > 0:  # the previous word's symbols, a separator, then this word's
            at = word_starts[word - 1]
            while stream[at] != _SEPARATOR_CODE:
                bigram = _fnv_step(bigram, stream[at])
                at += 1
            bigram = _fnv_step(bigram, _SEPARATOR_CODE)
        at = word_starts[word]
        while stream[at] != _SEPARATOR_CODE:
            unigram = _fnv_step(unigram, stream[at])
            bigram = _fnv_step(bigram, stream[at])
            at += 1
        features[found] = _finalize(unigram)
        kinds[found] = UNIGRAM
        found += 1
        if word > 0:
            features[found] = _finalize(bigram)
            kinds[found] = BIGRAM
            found += 1
    for start in range(symbols - _SHORTEST_CHARGRAM + 1):
        # The 3-, 4- and 5-grams at one start share their prefix hash.
        h = _CHARGRAM_SEED
        for size in range(1, min(_LONGEST_CHARGRAM, symbols - start) + 1):
            h = _fnv_step(h, stream[start + size - 1])
            if size >= _SHORTEST_CHARGRAM:
                features[found] = _finalize(h)
                kinds[found] = CHARGRAM
                found += 1
    return features, kinds


@jit
def _feature_counts(
    features: npt.NDArray[np.uint64], kinds: npt.NDArray[np.int8]
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int8], Int64Array]:
    """Distinct (feature, kind) pairs and their counts, in an open-addressing table.

    Keyed by the finalized hash: fmix64 is a bijection, so distinct features keep distinct
    keys. The kind is part of the key because the reference counts each kind separately.
    The table starts small and doubles at half load, so repetitive long texts (few distinct
    features) stay in cache. Empty entries have count 0.
    """
    capacity = 64
    keys = np.zeros(capacity, dtype=np.uint64)
    key_kinds = np.zeros(capacity, dtype=np.int8)
    counts = np.zeros(capacity, dtype=np.int64)
    distinct = 0
    for index in range(features.shape[0]):
        if 2 * (distinct + 1) > capacity:
            keys, key_kinds, counts = _rehashed(keys, key_kinds, counts, 2 * capacity)
            capacity *= 2
        mask = capacity - 1
        feature = features[index]
        kind = kinds[index]
        slot = np.int64(feature & np.uint64(mask))
        while counts[slot] != 0 and (keys[slot] != feature or key_kinds[slot] != kind):
            slot = (slot + 1) & mask
        if counts[slot] == 0:
            keys[slot] = feature
            key_kinds[slot] = kind
            distinct += 1
        counts[slot] += 1
    return keys, key_kinds, counts


@jit
def _rehashed(
    keys: npt.NDArray[np.uint64], kinds: npt.NDArray[np.int8], counts: Int64Array, capacity: int
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int8], Int64Array]:
    """The same table with ``capacity`` entries."""
    new_keys = np.zeros(capacity, dtype=np.uint64)
    new_kinds = np.zeros(capacity, dtype=np.int8)
    new_counts = np.zeros(capacity, dtype=np.int64)
    mask = capacity - 1
    for entry in range(counts.shape[0]):
        if counts[entry] == 0:
            continue
        slot = np.int64(keys[entry] & np.uint64(mask))
        while new_counts[slot] != 0:
            slot = (slot + 1) & mask
        new_keys[slot] = keys[entry]
        new_kinds[slot] = kinds[entry]
        new_counts[slot] = counts[entry]
    return new_keys, new_kinds, new_counts


@jit
def _embed_one(codepoints: CodePoints, dim: int, unicode: UnicodeTables, out: Float32Array) -> None:
    """Embed one text into ``out`` (already zero), as the reference's ``_embed_one``."""
    stream, symbols, word_starts, words = _symbol_stream(codepoints, unicode)
    if words == 0:
        return
    features, kinds = _features(stream, symbols, word_starts, words)
    keys, key_kinds, counts = _feature_counts(features, kinds)
    vector = np.zeros(dim, dtype=np.float64)
    scale = np.uint64(dim)
    for entry in range(counts.shape[0]):
        if counts[entry] == 0:
            continue
        mixed = keys[entry]
        slot = np.int64(((mixed & _LOW_32) * scale) >> _SHIFT_32)
        sign = -1.0 if (mixed >> _SHIFT_63) != _ZERO else 1.0
        if key_kinds[entry] == UNIGRAM:
            weight = _UNIGRAM_WEIGHT
        elif key_kinds[entry] == BIGRAM:
            weight = _BIGRAM_WEIGHT
        else:
            weight = _CHARGRAM_WEIGHT
        vector[slot] += sign * weight * (1.0 + math.log(counts[entry]))
    squares = 0.0
    for value in vector:
        squares += value * value
    norm = math.sqrt(squares)
    if norm > 0.0:  # opposite signs can cancel every slot: then the zeros stay
        for column in range(dim):
            out[column] = np.float32(vector[column] / norm)


@jit
def _embed_batch(
    codepoints: CodePoints, bounds: Int64Array, dim: int, unicode: UnicodeTables
) -> Float32Array:
    """Row ``i`` embeds ``codepoints[bounds[i]:bounds[i + 1]]``."""
    out = np.zeros((bounds.shape[0] - 1, dim), dtype=np.float32)
    for row in range(bounds.shape[0] - 1):
        _embed_one(codepoints[bounds[row] : bounds[row + 1]], dim, unicode, out[row])
    return out


def hash_embed(texts: str | Sequence[str], dim: int = 384) -> Float32Array:
    """Embed text by signed feature hashing: (dim,) for one text, (n, dim) for a batch.

    The features, hash and weighting are documented in ``multihorizon._kernels_py``; the
    vectors are the reference's to float32 rounding, on every machine and process.
    """
    batch, single = as_texts(texts)
    size = as_dim(dim)
    # One call for the whole batch: a code point per str character, so str lengths are the
    # bounds in the joined array.
    bounds = np.zeros(len(batch) + 1, dtype=np.int64)
    bounds[1:] = np.cumsum([len(text) for text in batch])
    out = _embed_batch(_codepoints("".join(batch)), bounds, size, _UNICODE)
    return out[0] if single else out


# ---- BM25 -------------------------------------------------------------------------------


@numba.njit(cache=True, nogil=True)
def _bm25(
    postings: Int64Array, offsets: Int64Array, lengths: Float64Array, k1: float, b: float
) -> tuple[Float64Array, int]:
    count = lengths.shape[0]
    scores = np.zeros(count, dtype=np.float64)
    total = 0.0
    for doc in range(count):
        total += lengths[doc]
    if postings.shape[0] == 0:
        return scores, -1
    if count == 0 or total <= 0.0:
        return scores, 0
    inverse_average = count / total
    for term in range(offsets.shape[0] - 1):
        begin, end = offsets[term], offsets[term + 1]
        frequency = float(end - begin)
        idf = math.log1p((count - frequency + 0.5) / (frequency + 0.5))
        for i in range(begin, end):
            doc = postings[i]
            if doc < 0 or doc >= count:
                return scores, i
            norm = 1.0 - b + b * lengths[doc] * inverse_average
            scores[doc] += idf * (k1 + 1.0) / (1.0 + k1 * norm)
    return scores, -1


def bm25_scores(
    postings: Any, offsets: Any, lengths: Any, *, k1: float = 1.2, b: float = 0.75
) -> Float64Array:
    post, offs, lens = as_postings(postings, offsets, lengths)
    saturation_k = as_real(k1, "k1")
    if saturation_k < 0:
        raise ValueError(f"k1: must be >= 0, got {saturation_k}")
    scores, bad = _bm25(post, offs, lens, saturation_k, as_unit_interval(b, "b"))
    if bad >= 0:
        raise ValueError(f"postings: document {int(post[bad])} is outside [0, len(lengths))")
    return scores
