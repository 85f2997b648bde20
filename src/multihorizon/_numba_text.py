"""The Numba backend's text kernels: simple case folding and word characters from the shared
tables, and whole-word Aho-Corasick marker matching over the folded code points
(``_kernels_py`` defines it). The hashing embedder is in ``_numba_hashing``."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from . import _unicode_tables as tables
from ._numba_jit import CodePoint, CodePoints, Int64Array, code_points, jit
from ._validate import as_phrases

__all__ = [
    "SEPARATOR",
    "UNICODE",
    "MarkerMatcher",
    "UnicodeTables",
    "fold_code_point",
    "is_word_code_point",
]

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
UNICODE = (
    _fold_array(_LATIN1),
    _word_mask(_LATIN1).astype(np.int64),
    _FOLD_FROM,
    _FOLD_TO,
    _WORD_LO,
    _WORD_HI,
)
UnicodeTables = tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]

# Hot loops read the Latin-1 tables inline and call fold_code_point / is_word_code_point
# only past Latin-1: a call that takes arrays costs numba some reference counting, ten times
# the lookup itself.
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
def fold_code_point(cp: CodePoint, unicode: UnicodeTables) -> int:
    """Unicode simple case folding of one code point (one code point out, never more)."""
    slot = _last_at_most(unicode[2], cp)
    if slot >= 0 and unicode[2][slot] == cp:
        return int(unicode[3][slot])
    return int(cp)


@jit
def is_word_code_point(cp: CodePoint, unicode: UnicodeTables) -> bool:
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
        latin1_fold, latin1_word = UNICODE[0], UNICODE[1]
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
            UNICODE,
        )
        categories, phrases, starts, ends = hits.T.tolist()
        return list(zip(categories, phrases, starts, ends, strict=True))

    def __repr__(self) -> str:
        return f"MarkerMatcher({len(self)} phrases)"


@jit
def _wide_symbol_id(cp: CodePoint, alphabet: Int64Array, unicode: UnicodeTables) -> int:
    """The alphabet id of a character past Latin-1, ``_UNUSED_WORD`` or ``_NON_WORD``."""
    if not is_word_code_point(cp, unicode):
        return _NON_WORD
    # The folded symbol may be Latin-1 again (KELVIN SIGN folds to "k"): search all of it.
    folded = fold_code_point(cp, unicode)
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
                latin1_word[before] != 0 if before < 256 else is_word_code_point(before, unicode)
            )
            ends_word = not (
                latin1_word[after] != 0 if after < 256 else is_word_code_point(after, unicode)
            )
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
