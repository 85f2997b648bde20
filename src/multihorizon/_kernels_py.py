"""NumPy reference kernels: the readable definition that every backend agrees with.

The C++ (``multihorizon._core``) and Numba (``_kernels_numba``) backends export the same
names with the same signatures; the test suite checks them against this module. Values are
computed here in float64 and rounded to float32 once, so this module is also the precision
yardstick for the others.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _unicode_tables as tables
from ._function_words import FUNCTION_WORDS
from ._validate import (
    as_count,
    as_current,
    as_dim,
    as_flag,
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

# --------------------------------------------------------------------------------------------
# Text: simple case folding and word characters (tables shared with C++ and Numba)
# --------------------------------------------------------------------------------------------

_FOLD = dict(zip(tables.FOLD_FROM, tables.FOLD_TO, strict=True))
#: Separator symbol: any run of non-word characters is one separator.
SEPARATOR = 0x20


def fold(cp: int) -> int:
    """Unicode simple case folding of one code point (one code point out, never more)."""
    return _FOLD.get(cp, cp)


def is_word(cp: int) -> bool:
    """True for a word character: ``str.isalnum()`` or ``_`` (Unicode 14 tables)."""
    slot = bisect.bisect_right(tables.WORD_LO, cp) - 1
    return slot >= 0 and cp <= tables.WORD_HI[slot]


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


def _words(text: str) -> list[list[int]]:
    """The folded words of ``text``, each a list of code points."""
    words: list[list[int]] = []
    current: list[int] = []
    for char in text:
        cp = ord(char)
        if is_word(cp):
            current.append(fold(cp))
        elif current:
            words.append(current)
            current = []
    if current:
        words.append(current)
    return words


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
            words = _words(text)
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

    in_active = np.zeros(rows, dtype=bool)
    if thread_ids is not None:
        threads = as_thread_ids(thread_ids, rows)
        if active_id >= 0:
            in_active = threads == active_id
    is_forced = np.zeros(rows, dtype=bool)
    if forced is not None:
        is_forced[as_forced_rows(forced, rows)] = True

    relevance = cosine_scores(q, m).astype(np.float64)
    recency = recency_weights(ids, now, half_life).astype(np.float64)
    recency[is_forced | in_active] = 1.0  # SPEC-028 §4.2 and §3.3
    scores = (
        relevance * (1.0 - multiplier + multiplier * recency)
        + bonus * recency
        + thread_weight * in_active
    ).astype(np.float32)
    order = _rank(scores, is_forced)[:count]
    return order.astype(np.int64), scores[order]


# --------------------------------------------------------------------------------------------
# 5. Hashing embedder
# --------------------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
_GOLDEN = 0x9E3779B97F4A7C15
#: Feature kinds: each hashes from its own seed, so the word "the" and the 3-gram "the"
#: are different features.
UNIGRAM, BIGRAM, CHARGRAM = 1, 2, 3
KIND_WEIGHTS = {UNIGRAM: 1.0, BIGRAM: 0.5, CHARGRAM: 0.25}
CHARGRAM_SIZES = (3, 4, 5)


def _seed(kind: int) -> int:
    return FNV_OFFSET ^ ((kind * _GOLDEN) & _MASK64)


def _fnv(seed: int, codepoints: Sequence[int]) -> int:
    """FNV-1a over code points (one 64-bit step per code point)."""
    h = seed
    for cp in codepoints:
        h = ((h ^ cp) * FNV_PRIME) & _MASK64
    return h


def _finalize(h: int) -> int:
    """MurmurHash3's fmix64: spreads FNV's low-bit differences across all 64 bits."""
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & _MASK64
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & _MASK64
    h ^= h >> 33
    return h


def _feature_counts(words: list[list[int]]) -> list[tuple[int, Counter[int]]]:
    """Per feature kind, the counts of each 64-bit feature hash of one text's words."""
    unigrams = Counter(_fnv(_seed(UNIGRAM), word) for word in words)
    bigrams = Counter(
        _fnv(_seed(BIGRAM), [*left, SEPARATOR, *right]) for left, right in itertools.pairwise(words)
    )
    chargrams: Counter[int] = Counter()
    if words:
        # Character n-grams over " w1 w2 ... wn ": word edges and short words count too.
        stream = [SEPARATOR]
        for word in words:
            stream.extend(word)
            stream.append(SEPARATOR)
        for size in CHARGRAM_SIZES:
            for start in range(len(stream) - size + 1):
                chargrams[_fnv(_seed(CHARGRAM), stream[start : start + size])] += 1
    return [(UNIGRAM, unigrams), (BIGRAM, bigrams), (CHARGRAM, chargrams)]


def _unigram_key(word: Sequence[int]) -> int:
    """A word's finalized unigram hash: how every backend recognises a function word."""
    return _finalize(_fnv(_seed(UNIGRAM), word))


#: The finalized unigram hashes of ``FUNCTION_WORDS`` (ASCII, so folding leaves them as is).
FUNCTION_WORD_KEYS = frozenset(
    _unigram_key([ord(char) for char in word]) for word in FUNCTION_WORDS
)


def _content_words(words: list[list[int]]) -> list[list[int]]:
    """The words that are not function words; all of them when every word is one ("what
    about it?" keeps its words rather than embedding to zeros)."""
    kept = [word for word in words if _unigram_key(word) not in FUNCTION_WORD_KEYS]
    return kept or words


def _embed_one(text: str, dim: int, skip_function_words: bool) -> npt.NDArray[np.float64]:
    vector = np.zeros(dim, dtype=np.float64)
    words = _words(text)
    if skip_function_words:
        words = _content_words(words)
    for kind, counts in _feature_counts(words):
        for feature, tf in counts.items():
            mixed = _finalize(feature)
            slot = ((mixed & 0xFFFFFFFF) * dim) >> 32
            sign = -1.0 if mixed >> 63 else 1.0
            vector[slot] += sign * KIND_WEIGHTS[kind] * (1.0 + math.log(tf))
    norm = math.sqrt(float(vector @ vector))
    return vector / norm if norm > 0.0 else vector


def hash_embed(
    texts: str | Sequence[str], dim: int = 384, *, skip_function_words: bool = False
) -> npt.NDArray[np.float32]:
    """Embed text by signed feature hashing: (dim,) for one text, (n, dim) for a batch.

    Features of the case-folded text: word unigrams (weight 1), word bigrams (0.5) and
    character 3-, 4- and 5-grams over the words joined by single spaces with a space at each
    end (0.25). Each distinct feature adds ``sign * weight * (1 + ln tf)`` to the slot chosen
    by its hash: FNV-1a over code points with a per-kind seed, then MurmurHash3's fmix64;
    slot ``((h & 0xFFFFFFFF) * dim) >> 32``, sign from the top bit. The vector is
    L2-normalised; a text with no word characters embeds to zeros. Fixed hashes make the
    result identical across processes, machines and backends.

    ``skip_function_words``: the words whose finalized unigram hash is one of
    ``FUNCTION_WORD_KEYS`` (``multihorizon._function_words``) are removed before any feature
    is made, unless every word of the text is one; the features are then those of the
    remaining words, as if the text held only them (bigrams join the words left adjacent,
    character n-grams run over them). Similarity then reads content, not phrasing.
    """
    batch, single = as_texts(texts)
    size = as_dim(dim)
    skip = as_flag(skip_function_words, "skip_function_words")
    out = np.zeros((len(batch), size), dtype=np.float32)
    for row, text in enumerate(batch):
        out[row] = _embed_one(text, size, skip)
    return out[0] if single else out


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
