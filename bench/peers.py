"""Peer implementations: what a Python developer would write instead of our kernels.

Each peer does the same work as the kernel it is timed against and returns the same result
on the benchmark workloads (``test_bench_kernels.py`` asserts this). Where a peer cannot be
made equivalent in general, its docstring says how it differs.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

Hit = tuple[int, int, int, int]

# Python's ``\w`` is ``str.isalnum()`` or ``_`` (Unicode 14 in Python 3.11), the same word
# characters as the kernels' tables, so ``\W+`` is exactly one kernel separator.
_WORD = re.compile(r"\w+")
_SEPARATOR_RUN = re.compile(r"\W+")
_LONG_SEPARATOR_RUN = re.compile(r"\W{2,}")


def _phrase_words(text: str) -> tuple[str, ...]:
    words = tuple(_WORD.findall(text.lower()))
    if not words:
        raise ValueError(f"{text!r} has no word characters")
    return words


#: ``(category, phrase index)`` of each phrase spelled by one word sequence.
Labels = list[tuple[int, int]]


def _group_phrases(phrases: Iterable[tuple[str, int]]) -> dict[tuple[str, ...], Labels]:
    """Phrases by word sequence: two that differ only in case or punctuation both hit."""
    groups: dict[tuple[str, ...], Labels] = {}
    for index, (text, category) in enumerate(phrases):
        groups.setdefault(_phrase_words(text), []).append((category, index))
    return groups


class AhoCorasickMarkerMatcher:
    """pyahocorasick over the lower-cased text, runs of non-word characters collapsed.

    Same contract as ``MarkerMatcher.find``: whole words only, any run of non-word
    characters between a phrase's words, overlapping hits, offsets into the caller's string,
    hits sorted by (start, end, phrase index).

    Differences: case-insensitivity is ``str.lower()``, not Unicode simple case folding, so
    the two disagree on the few characters where they differ (final sigma, Cherokee, ...),
    and a text whose ``lower()`` changes its length (it contains "İ") is refused, because
    offsets could no longer be mapped back.
    """

    def __init__(self, phrases: Iterable[tuple[str, int]]) -> None:
        import ahocorasick  # an optional bench dependency: imported only when used

        self._automaton = ahocorasick.Automaton()
        for words, labels in _group_phrases(phrases).items():
            key = " ".join(words)
            self._automaton.add_word(key, (len(key), labels))
        # An empty automaton cannot be built; it then matches nothing.
        self._empty = len(self._automaton) == 0
        if not self._empty:
            self._automaton.make_automaton()

    def find(self, text: str) -> list[Hit]:
        lowered = text.lower()
        if len(lowered) != len(text):
            raise ValueError("text: lower() changes its length; offsets cannot be mapped")
        if self._empty:
            return []
        normalised = _SEPARATOR_RUN.sub(" ", lowered)
        size = len(normalised)
        hits: list[Hit] = []
        for last, (length, labels) in self._automaton.iter(normalised):
            start = last - length + 1
            end = last + 1
            if (start == 0 or normalised[start - 1] == " ") and (
                end == size or normalised[end] == " "
            ):
                hits.extend((category, index, start, end) for category, index in labels)
        if hits and size != len(text):
            hits = self._to_text_offsets(lowered, hits)
        hits.sort(key=lambda hit: (hit[2], hit[3], hit[1]))
        return hits

    @staticmethod
    def _to_text_offsets(lowered: str, hits: list[Hit]) -> list[Hit]:
        # Only separator runs of two or more characters shift offsets, and a chat turn has
        # few of them (", " and " -- "), so the loop is over those alone.
        shifted_from: list[int] = []  # normalised offset of the first character after a run
        shift_after: list[int] = []  # characters removed up to and including that run
        removed = 0
        for run in _LONG_SEPARATOR_RUN.finditer(lowered):
            run_start, run_end = run.span()
            shifted_from.append(run_start - removed + 1)
            removed += run_end - run_start - 1
            shift_after.append(removed)

        def to_text(offset: int) -> int:
            runs_before = bisect.bisect_right(shifted_from, offset)
            return offset + (shift_after[runs_before - 1] if runs_before else 0)

        return [
            (category, index, to_text(start), to_text(end - 1) + 1)
            for category, index, start, end in hits
        ]


class RegexMarkerMatcher:
    """One compiled ``re`` alternation with ``\\b`` boundaries and ``re.IGNORECASE``.

    The pattern is ``\\b(?=[first letters])(?=(?:(p1)|(p2)|...)\\b)``, a phrase's words
    joined by ``\\W+``, the alternatives longest first. The lookahead makes every match
    zero-width, so overlapping hits that start at different words are all found ("going
    back to" and "back to"). At one start a regex reports only the longest phrase; every
    other phrase matching there is a word-prefix of it ("no" of "no wait"), so those are
    added from a table built with the lexicon.

    Differences: ``re.IGNORECASE`` is not Unicode simple case folding (they differ on a
    handful of characters, e.g. "İ"); the scan is not linear in the text length (each word
    start tries the alternatives in turn).
    """

    def __init__(self, phrases: Iterable[tuple[str, int]]) -> None:
        groups = _group_phrases(phrases)
        self._pattern: re.Pattern[str] | None = None
        if not groups:
            return
        # Longest first, so the first alternative that matches is the longest phrase.
        ordered = sorted(groups, key=lambda words: (-len(words), -len(" ".join(words))))
        alternatives = "|".join(
            "(" + r"\W+".join(re.escape(word) for word in words) + ")" for words in ordered
        )
        # A class of the phrases' first letters in front lets the engine reject most word
        # boundaries without trying 150 alternatives there (about 4x faster).
        first_letters = "".join(sorted({re.escape(words[0][0]) for words in ordered}))
        self._pattern = re.compile(
            rf"\b(?=[{first_letters}])(?=(?:{alternatives})\b)", re.IGNORECASE
        )
        self._labels = [groups[words] for words in ordered]
        # For each alternative, the shorter lexicon phrases that are its word-prefixes, as
        # (word count, labels).
        self._prefixes: list[list[tuple[int, Labels]]] = [
            [
                (size, groups[words[:size]])
                for size in range(1, len(words))
                if words[:size] in groups
            ]
            for words in ordered
        ]

    def find(self, text: str) -> list[Hit]:
        hits: list[Hit] = []
        if self._pattern is None:
            return hits
        for match in self._pattern.finditer(text):
            group = match.lastindex
            assert group is not None  # every alternative is a group
            start, end = match.span(group)
            hits.extend(
                (category, index, start, end) for category, index in self._labels[group - 1]
            )
            for word_count, labels in self._prefixes[group - 1]:
                prefix_end = self._end_of_word(text, start, word_count)
                hits.extend((category, index, start, prefix_end) for category, index in labels)
        hits.sort(key=lambda hit: (hit[2], hit[3], hit[1]))
        return hits

    @staticmethod
    def _end_of_word(text: str, start: int, count: int) -> int:
        end = start
        for _, word in zip(range(count), _WORD.finditer(text, start), strict=False):
            end = word.end()
        return end


# --------------------------------------------------------------------------------------------
# NumPy peers: vectorised, no validation, float32 matmul
# --------------------------------------------------------------------------------------------


def numpy_cosine(
    query: npt.NDArray[np.float32], matrix: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """``matrix @ query`` over the row norms times the query norm; zero norms give 0.

    Differences: float32 accumulation (the reference accumulates in float64), no clipping
    to [-1, 1] and no input validation (NaN propagates).
    """
    dots: npt.NDArray[np.float32] = matrix @ query
    # einsum reads the matrix once; np.linalg.norm(axis=1) builds a squared copy first.
    norms = np.sqrt(np.einsum("ij,ij->i", matrix, matrix)) * np.sqrt(query @ query)
    scores = np.zeros_like(dots)
    np.divide(dots, norms, out=scores, where=norms > 0)
    return scores


def _best_first(scores: npt.NDArray[Any], k: int) -> npt.NDArray[np.int64]:
    if k <= 0:
        return np.empty(0, dtype=np.int64)
    if k >= scores.shape[0]:
        return np.argsort(-scores, kind="stable").astype(np.int64)
    candidates = np.argpartition(scores, -k)[-k:]
    return candidates[np.argsort(-scores[candidates], kind="stable")].astype(np.int64)


def numpy_top_k(
    query: npt.NDArray[np.float32], matrix: npt.NDArray[np.float32], k: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """``numpy_cosine`` then ``argpartition`` and an ``argsort`` of the k candidates.

    Differences: among rows tied at the k-th score, ``argpartition`` keeps an arbitrary one
    (the kernels keep the lower row index).
    """
    scores = numpy_cosine(query, matrix)
    order = _best_first(scores, k)
    return order, scores[order]


def numpy_recency(
    turn_ids: npt.NDArray[np.int64], current: int, half_life: float
) -> npt.NDArray[np.float32]:
    """``0.5 ** ((current - turn_ids) / half_life)`` in float64, rounded to float32.

    Differences: weights of turns 126 to ~150 half-lives old stay float32 subnormals (the
    kernels return exactly 0 there), and there is no validation of the ids.
    """
    return (0.5 ** ((current - turn_ids) / half_life)).astype(np.float32)


def numpy_recency_exp2(
    turn_ids: npt.NDArray[np.int64], current: int, half_life: float
) -> npt.NDArray[np.float32]:
    """``np.exp2(-(current - turn_ids) / half_life)``: the same weights, the faster spelling.

    ``0.5 ** x`` goes through the general ``pow``; ``exp2`` is what a tuned NumPy version
    would call. Differences as for ``numpy_recency``.
    """
    return np.exp2((turn_ids - current) / half_life).astype(np.float32)


def numpy_score_turns(
    query: npt.NDArray[np.float32],
    embeddings: npt.NDArray[np.float32],
    turn_ids: npt.NDArray[np.int64],
    *,
    current: int,
    thread_ids: npt.NDArray[np.int64],
    active_thread: int,
    forced: npt.NDArray[np.int64],
    half_life: float,
    recency_multiplier: float,
    recency_bonus: float,
    thread_bonus: float,
    k: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The reference formula, vectorised: forced rows first, then ``argpartition``.

    Differences: float32 cosine; recency weights below float32's smallest normal are not
    flushed to 0 (they change no ranking); thread ids and forced rows are required (the kernels
    accept ``None``); ties at the k-th score as in ``numpy_top_k``; no validation.
    """
    relevance = numpy_cosine(query, embeddings)
    in_active = (
        thread_ids == active_thread if active_thread >= 0 else np.zeros(len(thread_ids), bool)
    )
    recency = np.exp2((turn_ids - current) / half_life)
    recency[in_active] = 1.0
    recency[forced] = 1.0
    scores = (
        relevance * (1.0 - recency_multiplier + recency_multiplier * recency)
        + recency_bonus * recency
        + thread_bonus * in_active
    ).astype(np.float32)
    forced_rows = np.unique(forced)
    forced_first = forced_rows[np.argsort(-scores[forced_rows], kind="stable")][:k]
    rest = scores.astype(np.float64)
    rest[forced_rows] = -np.inf
    unforced_wanted = min(k - len(forced_first), len(rest) - len(forced_rows))
    order = np.concatenate([forced_first, _best_first(rest, unforced_wanted)])
    return order.astype(np.int64), scores[order]


def numpy_bm25_dense(
    postings: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    lengths: npt.NDArray[np.float64],
    k1: float = 1.2,
    b: float = 0.75,
) -> npt.NDArray[np.float64]:
    """BM25 the usual NumPy way: length normalisation for every document, then one
    fancy-indexed add per term (what ``TurnLog.bm25`` did before the kernel). No validation."""
    count = lengths.shape[0]
    saturation = (k1 + 1.0) / (1.0 + k1 * (1.0 - b + b * lengths / lengths.mean()))
    scores = np.zeros(count)
    for term in range(offsets.shape[0] - 1):
        documents = postings[offsets[term] : offsets[term + 1]]
        frequency = documents.shape[0]
        scores[documents] += (
            np.log1p((count - frequency + 0.5) / (frequency + 0.5)) * saturation[documents]
        )
    return scores
