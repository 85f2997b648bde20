"""The Numba backend's feature-hashing embedder (``_kernels_py.hash_embed`` defines it),
over the folded code points of ``_numba_text``."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ._function_words import FUNCTION_WORDS
from ._numba_jit import CodePoints, Float32Array, Int64Array, code_points, jit
from ._numba_text import (
    SEPARATOR,
    UNICODE,
    UnicodeTables,
    fold_code_point,
    is_word_code_point,
)
from ._validate import as_dim, as_flag, as_texts

__all__ = ["hash_embed"]

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
def _is_function_word(key: np.uint64, function_words: npt.NDArray[np.uint64]) -> bool:
    """Binary search of a finalized unigram hash in the sorted function-word keys."""
    low, high = 0, function_words.shape[0]
    while low < high:
        middle = (low + high) // 2
        if function_words[middle] < key:
            low = middle + 1
        else:
            high = middle
    return bool(low < function_words.shape[0] and function_words[low] == key)


@jit
def _symbol_stream(
    codepoints: CodePoints,
    unicode: UnicodeTables,
    function_words: npt.NDArray[np.uint64],
    skip_function_words: bool,
) -> tuple[npt.NDArray[np.uint64], int, Int64Array, int, int]:
    """ " w1 w2 ... wn ": the folded words, one separator between and around them; with
    ``skip_function_words``, a word whose finalized unigram hash is in ``function_words`` is
    taken out again as soon as it ends.

    Returns the stream, its length, where each word starts in it, the word count and the
    count of words taken out.
    """
    stream = np.empty(codepoints.shape[0] + 2, dtype=np.uint64)
    word_starts = np.empty(codepoints.shape[0] + 1, dtype=np.int64)
    symbols = 1
    words = 0
    skipped = 0
    in_word = False
    unigram = _UNIGRAM_SEED
    stream[0] = _SEPARATOR_CODE
    latin1_fold, latin1_word = unicode[0], unicode[1]
    for position in range(codepoints.shape[0] + 1):
        is_word = False
        folded = np.int64(0)
        if position < codepoints.shape[0]:
            cp = np.int64(codepoints[position])
            if cp < 256:
                is_word = latin1_word[cp] != 0
                folded = latin1_fold[cp]
            else:
                is_word = is_word_code_point(cp, unicode)
                folded = np.int64(fold_code_point(cp, unicode)) if is_word else cp
        if is_word:
            if not in_word:
                in_word = True
                word_starts[words] = symbols
                words += 1
                unigram = _UNIGRAM_SEED
            stream[symbols] = np.uint64(folded)
            unigram = _fnv_step(unigram, np.uint64(folded))
            symbols += 1
        elif in_word:  # a word ended: keep it (and a separator after it) or take it out
            in_word = False
            if skip_function_words and _is_function_word(_finalize(unigram), function_words):
                words -= 1
                symbols = word_starts[words]
                skipped += 1
            else:
                stream[symbols] = _SEPARATOR_CODE
                symbols += 1
    return stream, symbols, word_starts, words, skipped


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
def _embed_one(
    codepoints: CodePoints,
    dim: int,
    unicode: UnicodeTables,
    function_words: npt.NDArray[np.uint64],
    skip_function_words: bool,
    out: Float32Array,
) -> None:
    """Embed one text into ``out`` (already zero), as the reference's ``_embed_one``."""
    stream, symbols, word_starts, words, skipped = _symbol_stream(
        codepoints, unicode, function_words, skip_function_words
    )
    if words == 0 and skipped > 0:  # only function words: the text keeps them all
        stream, symbols, word_starts, words, skipped = _symbol_stream(
            codepoints, unicode, function_words, False
        )
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
    codepoints: CodePoints,
    bounds: Int64Array,
    dim: int,
    unicode: UnicodeTables,
    function_words: npt.NDArray[np.uint64],
    skip_function_words: bool,
) -> Float32Array:
    """Row ``i`` embeds ``codepoints[bounds[i]:bounds[i + 1]]``."""
    out = np.zeros((bounds.shape[0] - 1, dim), dtype=np.float32)
    for row in range(bounds.shape[0] - 1):
        _embed_one(
            codepoints[bounds[row] : bounds[row + 1]],
            dim,
            unicode,
            function_words,
            skip_function_words,
            out[row],
        )
    return out


def _unigram_key(word: str) -> int:
    """An ASCII word's finalized unigram hash, in Python integers (as the reference)."""
    h = int(_UNIGRAM_SEED)
    for char in word:
        h = ((h ^ ord(char)) * int(FNV_PRIME)) & _MASK64
    h ^= h >> 33
    h = (h * int(_FMIX_1)) & _MASK64
    h ^= h >> 33
    h = (h * int(_FMIX_2)) & _MASK64
    h ^= h >> 33
    return h


#: Sorted, for the binary search; passed as an argument, like the Unicode tables, so numba's
#: cache never freezes an old list.
_FUNCTION_WORD_KEYS = np.array(
    sorted(_unigram_key(word) for word in FUNCTION_WORDS), dtype=np.uint64
)


def hash_embed(
    texts: str | Sequence[str], dim: int = 384, *, skip_function_words: bool = False
) -> Float32Array:
    """Embed text by signed feature hashing: (dim,) for one text, (n, dim) for a batch.

    The features, hash and weighting are documented in ``multihorizon._kernels_py``; the
    vectors are the reference's to float32 rounding, on every machine and process.
    """
    batch, single = as_texts(texts)
    size = as_dim(dim)
    skip = as_flag(skip_function_words, "skip_function_words")
    # One call for the whole batch: a code point per str character, so str lengths are the
    # bounds in the joined array.
    bounds = np.zeros(len(batch) + 1, dtype=np.int64)
    bounds[1:] = np.cumsum([len(text) for text in batch])
    out = _embed_batch(
        code_points("".join(batch)), bounds, size, UNICODE, _FUNCTION_WORD_KEYS, skip
    )
    return out[0] if single else out
