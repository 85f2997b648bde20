"""The feature-hashing embedder, NumPy reference (``_kernels_py.hash_embed``): signed hashing
of word unigrams and bigrams and character n-grams of folded text, log term frequency,
L2-normalised. The C++ and Numba backends compute the same vectors."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ._function_words import FUNCTION_WORDS
from ._unicode_py import SEPARATOR
from ._unicode_py import words as folded_words
from ._validate import as_dim, as_flag, as_texts

__all__ = ["hash_embed"]

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
    words = folded_words(text)
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
