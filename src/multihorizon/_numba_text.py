"""The Numba backend's text kernels: whole-word Aho-Corasick marker matching over simple
case-folded code points, and the feature-hashing embedder (``_kernels_py`` defines both)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from . import _unicode_tables as tables
from ._function_words import FUNCTION_WORDS
from ._numba_jit import CodePoint, CodePoints, Float32Array, Int64Array, code_points, jit
from ._validate import as_dim, as_flag, as_phrases, as_texts

__all__ = ["MarkerMatcher", "hash_embed"]

Hit = tuple[int, int, int, int]

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
    codepoints = code_points(text).astype(np.int64)
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
            code_points(text),
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
                is_word = _is_word(cp, unicode)
                folded = np.int64(_fold(cp, unicode)) if is_word else cp
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
        code_points("".join(batch)), bounds, size, _UNICODE, _FUNCTION_WORD_KEYS, skip
    )
    return out[0] if single else out
