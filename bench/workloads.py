"""Deterministic benchmark workloads, one per kernel target of issue 2.

Every workload is built from fixed seeds and cached, so the pytest-benchmark groups and
``compare.py`` time exactly the same inputs. The shapes mirror how the context engine calls
the kernels on each chat turn:

- markers: a 150-phrase conversational marker lexicon against one ~200-character turn;
- cosine: the new turn's embedding against 64 topic-thread centroids (SPEC-028 §3.3);
- top_k: the new turn against a 10,000-turn log, top 10;
- recency: SPEC-028 §3.2 decay over the 10,000 turn ids of that log;
- score_turns: the fused Tier C scorer over the same log, top 20, with an active thread that
  resumes after a long digression and two referenced (forced) turns;
- hash_embed: one ~200-character turn.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

DIM = 384
TURNS = 10_000
THREADS = 64

# Marker categories, as the Tier C resolver reads them.
RESUME = 1  # the user returns to an earlier topic
REFERENCE = 2  # a definite reference to an earlier turn ("that bug")
DIGRESSION = 3  # a side topic starts
CONTINUE = 4  # keep going on the current topic
CLARIFY = 5  # a question about something already said
RESTATE = 6  # the user repeats an earlier statement
CORRECTION = 7  # the user revises what they said
ACKNOWLEDGE = 8  # short acknowledgements and answers

_LEXICON_BY_CATEGORY: dict[int, tuple[str, ...]] = {
    RESUME: (
        "back to",
        "going back to",
        "go back to",
        "coming back to",
        "returning to",
        "to get back to",
        "anyway",
        "where were we",
        "as we were saying",
        "picking up where we left off",
        "let's return to",
        "back on topic",
        "circling back",
        "circle back to",
        "revisiting",
        "earlier you said",
        "resume",
        "continuing with",
    ),
    REFERENCE: (
        "that bug",
        "the bug",
        "the second option",
        "the first option",
        "the third option",
        "the last option",
        "the query result",
        "that error",
        "the error message",
        "that function",
        "the function you wrote",
        "that file",
        "the config",
        "that config",
        "the previous answer",
        "your last answer",
        "the earlier version",
        "the first one",
        "the second one",
        "the last one",
        "the other one",
        "that one",
        "the stack trace",
        "those logs",
        "that test",
        "the failing test",
        "that snippet",
        "the code above",
        "the example above",
        "that table",
        "that plan",
        "the migration",
        "that query",
        "that script",
        "that command",
        "the output",
        "the link you sent",
        "that commit",
        "that approach",
        "the workaround",
        "that fix",
        "the patch",
        "that issue",
        "that schema",
        "those numbers",
    ),
    DIGRESSION: (
        "by the way",
        "btw",
        "unrelated",
        "on a side note",
        "side question",
        "quick question",
        "off topic",
        "before i forget",
        "speaking of",
        "tangent",
        "random question",
        "separately",
        "one more thing",
        "as an aside",
    ),
    CONTINUE: (
        "go on",
        "continue",
        "keep going",
        "and then",
        "what next",
        "what else",
        "more",
        "tell me more",
        "carry on",
        "proceed",
        "follow up",
        "following up",
        "as a follow up",
        "next step",
    ),
    CLARIFY: (
        "what do you mean",
        "what about",
        "how about",
        "i don't understand",
        "can you explain",
        "explain",
        "clarify",
        "in other words",
        "you mean",
        "do you mean",
        "wait",
        "huh",
        "why",
        "how so",
        "what's the difference",
        "which one",
    ),
    RESTATE: (
        "as i said",
        "as i mentioned",
        "like i said",
        "i already said",
        "again",
        "to repeat",
        "as mentioned",
        "as noted",
        "i told you",
        "remember",
        "recall",
        "as before",
        "same as before",
    ),
    CORRECTION: (
        "actually",
        "no wait",
        "scratch that",
        "never mind",
        "i meant",
        "correction",
        "sorry i meant",
        "not quite",
        "that's wrong",
        "that's not right",
        "instead",
        "rather",
        "let me rephrase",
        "to be clear",
    ),
    ACKNOWLEDGE: (
        "ok",
        "okay",
        "thanks",
        "thank you",
        "got it",
        "makes sense",
        "sounds good",
        "perfect",
        "great",
        "yes",
        "no",
        "right",
        "exactly",
        "sure",
        "cool",
        "fine",
    ),
}

#: (phrase, category) pairs in a fixed order, so phrase indices are stable.
MARKER_LEXICON: list[tuple[str, int]] = [
    (phrase, category) for category, phrases in _LEXICON_BY_CATEGORY.items() for phrase in phrases
]

#: One user turn with a few markers: overlapping phrases ("going back to", "back to"), a
#: reference, and a "follow-up" whose hyphen must match the space in "follow up".
MARKER_TURN = (
    "Going back to that bug in the ingest worker: it only shows up when the follow-up job "
    "retries twice and the cache is cold. Could the second option you mentioned fix it, or "
    "does it need a schema change?"
)

#: Extra turns for the peer agreement test: phrases sharing a start ("no" / "no wait"),
#: overlapping phrases, punctuation runs, case, and words that merely contain a phrase.
MARKER_EDGE_TURNS = (
    "No wait -- go on, tell me MORE about the second option.",
    "moreover, the okay-ish fix: as a follow...up, going back to: the bug",
    "",
    "!!! ... ???",
    "why? why! why_not why2 WHY",
    "that bug, that bug, that  bug",
)


@dataclass(frozen=True)
class MarkerWorkload:
    phrases: list[tuple[str, int]]
    text: str


@dataclass(frozen=True)
class CosineWorkload:
    query: npt.NDArray[np.float32]
    centroids: npt.NDArray[np.float32]


@dataclass(frozen=True)
class TopKWorkload:
    query: npt.NDArray[np.float32]
    matrix: npt.NDArray[np.float32]
    k: int


@dataclass(frozen=True)
class RecencyWorkload:
    turn_ids: npt.NDArray[np.int64]
    current: int
    half_life: float


@dataclass(frozen=True)
class Bm25Workload:
    postings: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    lengths: npt.NDArray[np.float64]


@dataclass(frozen=True)
class ScoreTurnsWorkload:
    query: npt.NDArray[np.float32]
    embeddings: npt.NDArray[np.float32]
    turn_ids: npt.NDArray[np.int64]
    current: int
    thread_ids: npt.NDArray[np.int64]
    active_thread: int
    forced: npt.NDArray[np.int64]
    half_life: float
    recency_multiplier: float
    recency_bonus: float
    thread_bonus: float
    k: int

    def options(self) -> dict[str, Any]:
        """The keyword arguments of ``score_turns`` after its three positional ones."""
        return {
            "current": self.current,
            "thread_ids": self.thread_ids,
            "active_thread": self.active_thread,
            "forced": self.forced,
            "half_life": self.half_life,
            "recency_multiplier": self.recency_multiplier,
            "recency_bonus": self.recency_bonus,
            "thread_bonus": self.thread_bonus,
            "k": self.k,
        }


@dataclass(frozen=True)
class HashEmbedWorkload:
    text: str
    dim: int


def _unit_rows(matrix: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    normalised = matrix / np.linalg.norm(matrix, axis=-1, keepdims=True)
    return np.ascontiguousarray(normalised, dtype=np.float32)


@dataclass(frozen=True)
class _TurnLog:
    centroids: npt.NDArray[np.float32]
    embeddings: npt.NDArray[np.float32]
    thread_ids: npt.NDArray[np.int64]
    query: npt.NDArray[np.float32]
    active_thread: int


@functools.cache
def _turn_log() -> _TurnLog:
    """10,000 turns in topic threads: runs of a few dozen turns, threads revisited later.

    A turn's embedding is its thread's centroid plus as much noise again (cosine about 0.7
    to the centroid), so similarity has the spread of real topical retrieval rather than of
    random vectors. The new turn returns to the thread of turn 3,000, left more than a
    thousand turns ago: the case SPEC-028 §3.3's active-thread restore exists for.
    """
    rng = np.random.default_rng(20_280_028)
    centroids = _unit_rows(rng.standard_normal((THREADS, DIM)))
    thread_ids = np.empty(TURNS, dtype=np.int64)
    start = 0
    while start < TURNS:
        length = int(rng.integers(8, 60))
        thread_ids[start : start + length] = rng.integers(0, THREADS)
        start += length
    active_thread = int(thread_ids[3_000])
    noise = rng.standard_normal((TURNS, DIM)) / np.sqrt(DIM)
    embeddings = _unit_rows(centroids[thread_ids].astype(np.float64) + noise)
    query_noise = rng.standard_normal(DIM) / np.sqrt(DIM)
    query = _unit_rows(centroids[active_thread].astype(np.float64) + query_noise)
    return _TurnLog(centroids, embeddings, thread_ids, query, active_thread)


@functools.cache
def markers() -> MarkerWorkload:
    return MarkerWorkload(MARKER_LEXICON, MARKER_TURN)


@functools.cache
def cosine() -> CosineWorkload:
    log = _turn_log()
    return CosineWorkload(log.query, log.centroids)


@functools.cache
def top_k() -> TopKWorkload:
    log = _turn_log()
    return TopKWorkload(log.query, log.embeddings, 10)


@functools.cache
def recency() -> RecencyWorkload:
    # SPEC-028's default half-life of 6 turns: in a long log most weights are exactly 0,
    # which is what the kernels see in production.
    return RecencyWorkload(np.arange(TURNS, dtype=np.int64), TURNS, 6.0)


@functools.cache
def score_turns() -> ScoreTurnsWorkload:
    log = _turn_log()
    # Two referenced turns: "that bug" resolved to an old turn of another thread and "the
    # second option" to a turn 40 turns back.
    forced = np.array([1_234, TURNS - 40], dtype=np.int64)
    return ScoreTurnsWorkload(
        query=log.query,
        embeddings=log.embeddings,
        turn_ids=np.arange(TURNS, dtype=np.int64),
        current=TURNS,
        thread_ids=log.thread_ids,
        active_thread=log.active_thread,
        forced=forced,
        half_life=6.0,
        recency_multiplier=0.5,
        recency_bonus=0.05,
        thread_bonus=0.05,
        k=20,
    )


@dataclass(frozen=True)
class TierCWorkload:
    """Tier C top-k over a topical log of ``rows`` turns, with its int8 copy."""

    query: npt.NDArray[np.float32]
    embeddings: npt.NDArray[np.float32]
    codes: npt.NDArray[np.int8]
    scales: npt.NDArray[np.float32]
    turn_ids: npt.NDArray[np.int64]
    thread_ids: npt.NDArray[np.int64]
    active_thread: int
    forced: npt.NDArray[np.int64]
    k: int

    def options(self) -> dict[str, Any]:
        """Keyword arguments of score_turns and score_turns_int8: ``Config()``'s Tier C knobs
        (recency as a bounded bonus, the active thread's bonus), as conversation.retrieve
        passes them."""
        rows = self.embeddings.shape[0]
        return {
            "current": rows,
            "thread_ids": self.thread_ids,
            "active_thread": self.active_thread,
            "forced": self.forced,
            "half_life": 6.0,
            "recency_multiplier": 0.0,
            "recency_bonus": 0.15,
            "thread_bonus": 0.10,
            "k": self.k,
        }


def topical_log(rows: int, seed: int = 20_280_028) -> _TurnLog:
    """``_turn_log``'s construction at any size: threads of 8-60 turns over 64 topics, each
    turn its thread's centroid plus as much noise again; the new turn returns to the thread
    of the turn 30% into the log."""
    rng = np.random.default_rng(seed)
    centroids = _unit_rows(rng.standard_normal((THREADS, DIM)))
    thread_ids = np.empty(rows, dtype=np.int64)
    start = 0
    while start < rows:
        length = int(rng.integers(8, 60))
        thread_ids[start : start + length] = rng.integers(0, THREADS)
        start += length
    active_thread = int(thread_ids[(3 * rows) // 10])
    noise = rng.standard_normal((rows, DIM)) / np.sqrt(DIM)
    embeddings = _unit_rows(centroids[thread_ids].astype(np.float64) + noise)
    query_noise = rng.standard_normal(DIM) / np.sqrt(DIM)
    query = _unit_rows(centroids[active_thread].astype(np.float64) + query_noise)
    return _TurnLog(centroids, embeddings, thread_ids, query, active_thread)


@functools.cache
def tier_c(rows: int) -> TierCWorkload:
    """Tier C top-10 at ``rows`` turns: two referenced turns (an old one, one 40 back), the
    active thread left long ago. The int8 copy is made by the reference's quantize_rows (every
    backend makes the same bits)."""
    from multihorizon import _kernels_py

    log = topical_log(rows)
    codes, scales = _kernels_py.quantize_rows(log.embeddings)
    return TierCWorkload(
        query=log.query,
        embeddings=log.embeddings,
        codes=codes,
        scales=scales,
        turn_ids=np.arange(rows, dtype=np.int64),
        thread_ids=log.thread_ids,
        active_thread=log.active_thread,
        forced=np.array([rows // 8, rows - 40], dtype=np.int64),
        k=10,
    )


@functools.cache
def bm25() -> Bm25Workload:
    # A 10,000-turn log's inverted index: each turn holds ~12 distinct content words drawn
    # from a Zipf-like 20,000-word vocabulary (word frequencies in chat follow Zipf's law).
    # The query is a question's 6 content words: 2 common, 2 mid-frequency, 2 rare.
    rng = np.random.default_rng(2028)
    vocabulary = 20_000
    weights = 1.0 / np.arange(1, vocabulary + 1) ** 1.07
    weights /= weights.sum()
    index: dict[int, list[int]] = {}
    lengths = np.empty(TURNS, dtype=np.float64)
    for turn in range(TURNS):
        words = np.unique(rng.choice(vocabulary, size=rng.integers(4, 21), p=weights))
        lengths[turn] = words.size
        for word in words.tolist():
            index.setdefault(word, []).append(turn)
    query = [w for w in (3, 40, 400, 1_500, 6_000, 12_000) if w in index]
    lists = [np.array(index[word], dtype=np.int64) for word in query]
    offsets = np.zeros(len(lists) + 1, dtype=np.int64)
    np.cumsum([len(p) for p in lists], out=offsets[1:])
    return Bm25Workload(np.concatenate(lists), offsets, lengths)


@functools.cache
def hash_embed() -> HashEmbedWorkload:
    return HashEmbedWorkload(MARKER_TURN, DIM)


# --------------------------------------------------------------------------------------------
# Agreement checks: tolerances as in tests/test_agreement.py
# --------------------------------------------------------------------------------------------

#: float32 accumulation over 384 dimensions stays far below this.
COSINE_TOLERANCE = 1e-4
#: float32's smallest normal: the reference flushes weights below it to exactly 0 (and so do
#: our kernels); a plain ``0.5 ** x`` peer returns the subnormal instead.
FLOAT32_SMALLEST_NORMAL = float(np.finfo(np.float32).tiny)


def check_markers(expected: list[tuple[int, int, int, int]], got: Any) -> None:
    hits = [tuple(hit) for hit in got]
    assert hits == expected, f"marker hits differ:\n expected {expected}\n got      {hits}"


def check_scores(expected: npt.NDArray[np.float32], got: Any) -> None:
    np.testing.assert_allclose(np.asarray(got), expected, rtol=0, atol=COSINE_TOLERANCE)


def check_ranking(
    expected: tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]], got: Any
) -> None:
    indices, scores = got
    np.testing.assert_array_equal(np.asarray(indices), expected[0])
    np.testing.assert_allclose(np.asarray(scores), expected[1], rtol=0, atol=COSINE_TOLERANCE)


def check_recency(expected: npt.NDArray[np.float32], got: Any) -> None:
    np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-6, atol=FLOAT32_SMALLEST_NORMAL)


def check_bm25(expected: npt.NDArray[np.float64], got: Any) -> None:
    np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-9, atol=1e-12)


def check_embedding(expected: npt.NDArray[np.float32], got: Any) -> None:
    np.testing.assert_allclose(np.asarray(got), expected, rtol=0, atol=1e-6)
