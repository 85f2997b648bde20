"""Bad input raises the same exception type on every backend as in the NumPy reference.

One table of bad calls, each with the exception the reference raises and the argument its
message names; every backend (each C++ SIMD level, Numba, NumPy) must raise exactly that type.
The C++ bindings convert and check every argument before any kernel runs, so a bad argument
never reaches native code, where it could read out of bounds or overflow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np
import pytest

INT64_MIN = int(np.iinfo(np.int64).min)
INT64_MAX = int(np.iinfo(np.int64).max)


class IndexRaises:
    """An object whose ``__index__`` raises: it is not an integer."""

    def __init__(self, error: type[Exception]) -> None:
        self.error = error

    def __index__(self) -> int:
        raise self.error("no index here")


class IndexOnly:
    """Not an int, but convertible to one through ``__index__``."""

    def __index__(self) -> int:
        return 3


def failing_iterable(error: type[Exception]) -> Iterator[Any]:
    yield ("go on", 1)
    raise error("the iterable broke")


@dataclass(frozen=True)
class Bad:
    id: str
    call: Callable[[ModuleType], Any]
    error: type[Exception]
    names: str | None  # the argument the message must name; None for a passed-through error


Q = np.array([1.0, 2.0, 3.0], dtype=np.float32)
M = np.eye(3, dtype=np.float32)
IDS = np.array([0, 1, 2], dtype=np.int64)


def sim(kernel: str, query: Any = Q, matrix: Any = M, **extra: Any) -> Callable[[ModuleType], Any]:
    """A call of cosine_scores / top_k / best_above with one argument replaced."""

    def call(k: ModuleType) -> Any:
        if kernel == "cosine_scores":
            return k.cosine_scores(query, matrix)
        if kernel == "top_k":
            return k.top_k(query, matrix, extra.get("k", 2))
        return k.best_above(query, matrix, extra.get("threshold", 0.5))

    return call


def score(**changes: Any) -> Callable[[ModuleType], Any]:
    """A score_turns call with some arguments replaced."""
    args: dict[str, Any] = {"query": Q, "embeddings": M, "turn_ids": IDS, "current": 5}
    args.update(changes)
    query, embeddings, turn_ids = args.pop("query"), args.pop("embeddings"), args.pop("turn_ids")
    return lambda k: k.score_turns(query, embeddings, turn_ids, **args)


CODES = np.eye(3, dtype=np.int8) * 127
SCALES = np.full(3, 1 / 127, dtype=np.float32)


def score8(**changes: Any) -> Callable[[ModuleType], Any]:
    """A score_turns_int8 call with some arguments replaced."""
    args: dict[str, Any] = {
        "query": Q,
        "codes": CODES,
        "scales": SCALES,
        "embeddings": M,
        "turn_ids": IDS,
        "current": 5,
    }
    args.update(changes)
    positional = [args.pop(name) for name in ("query", "codes", "scales", "embeddings", "turn_ids")]
    return lambda k: k.score_turns_int8(*positional, **args)


def quantize(matrix: Any) -> Callable[[ModuleType], Any]:
    return lambda k: k.quantize_rows(matrix)


def recency(turn_ids: Any = IDS, current: Any = 5, half_life: Any = 6.0) -> Callable[..., Any]:
    return lambda k: k.recency_weights(turn_ids, current, half_life)


def bm25(
    postings: Any = (0, 1), offsets: Any = (0, 2), lengths: Any = (2.0, 3.0), **knobs: Any
) -> Callable[[ModuleType], Any]:
    return lambda k: k.bm25_scores(postings, offsets, lengths, **knobs)


def markers(phrases: Any) -> Callable[[ModuleType], Any]:
    return lambda k: k.MarkerMatcher(phrases)


def find(text: Any) -> Callable[[ModuleType], Any]:
    return lambda k: k.MarkerMatcher([("go on", 1)]).find(text)


def embed(texts: Any = "hello", dim: Any = 16) -> Callable[[ModuleType], Any]:
    return lambda k: k.hash_embed(texts, dim)


SIMILARITY_CASES = [
    Bad(f"{kernel}-{label}", sim(kernel, **change), error, name)
    for kernel in ("cosine_scores", "top_k", "best_above")
    for label, change, error, name in [
        ("query-str", {"query": "abc"}, ValueError, "query"),
        ("query-2d", {"query": [[1.0, 2.0, 3.0]]}, ValueError, "query"),
        ("query-nan", {"query": [np.nan, 1.0, 1.0]}, ValueError, "query"),
        ("query-inf", {"query": [np.inf, 1.0, 1.0]}, ValueError, "query"),
        ("query-overflows-f32", {"query": [1e300, 1.0, 1.0]}, ValueError, "query"),
        ("query-complex", {"query": np.ones(3, dtype=complex)}, ValueError, "query"),
        ("query-object", {"query": [None, 1.0, 2.0]}, ValueError, "query"),
        ("query-ragged", {"query": [[1.0], [1.0, 2.0]]}, ValueError, "query"),
        ("query-bool", {"query": np.ones(3, dtype=bool)}, ValueError, "query"),
        ("matrix-1d", {"matrix": [1.0, 2.0, 3.0]}, ValueError, "matrix"),
        ("matrix-3d", {"matrix": np.ones((1, 1, 3))}, ValueError, "matrix"),
        ("matrix-columns", {"matrix": np.ones((2, 4))}, ValueError, "matrix"),
        ("matrix-nan-row", {"matrix": [[1, 2, 3], [1, np.nan, 0]]}, ValueError, "row 1"),
        ("matrix-inf-row", {"matrix": [[1, 2, 3], [-np.inf, 0, 0]]}, ValueError, "row 1"),
        ("matrix-str", {"matrix": [["a", "b", "c"]]}, ValueError, "matrix"),
        ("matrix-none", {"matrix": None}, ValueError, "matrix"),
    ]
]

TOP_K_CASES = [
    Bad("top_k-k-negative", sim("top_k", k=-1), ValueError, "k"),
    Bad("top_k-k-float", sim("top_k", k=1.5), TypeError, "k"),
    Bad("top_k-k-bool", sim("top_k", k=True), TypeError, "k"),
    Bad("top_k-k-str", sim("top_k", k="2"), TypeError, "k"),
    Bad("top_k-k-none", sim("top_k", k=None), TypeError, "k"),
    Bad("top_k-k-huge-negative", sim("top_k", k=-(2**70)), ValueError, "k"),
    Bad("top_k-k-index-raises-type", sim("top_k", k=IndexRaises(TypeError)), TypeError, "k"),
    Bad("top_k-k-index-raises-other", sim("top_k", k=IndexRaises(KeyError)), KeyError, None),
]

THRESHOLD_CASES = [
    Bad(f"best_above-threshold-{label}", sim("best_above", threshold=value), error, "threshold")
    for label, value, error in [
        ("str", "0.5", TypeError),
        ("none", None, TypeError),
        ("bool", True, TypeError),
        ("nan", float("nan"), ValueError),
        ("inf", float("inf"), ValueError),
        ("int-beyond-float", 10**400, ValueError),
        ("fraction", Fraction(1, 2), TypeError),
        ("decimal", Decimal("0.5"), TypeError),
        ("array-0d", np.array(0.5), TypeError),
        ("list", [0.5], TypeError),
    ]
]

RECENCY_CASES = [
    Bad("recency-ids-negative", recency(turn_ids=[-1]), ValueError, "turn_ids"),
    Bad("recency-ids-int64-min", recency(turn_ids=[INT64_MIN, 1]), ValueError, "turn_ids"),
    Bad("recency-ids-int64-max", recency(turn_ids=[INT64_MAX]), ValueError, "turn_ids"),
    Bad("recency-ids-after-current", recency(turn_ids=[6]), ValueError, "turn_ids"),
    Bad(
        "recency-ids-uint64-max",
        recency(turn_ids=np.array([2**64 - 1], dtype=np.uint64)),
        ValueError,
        "turn_ids",
    ),
    Bad("recency-ids-float", recency(turn_ids=[1.5]), ValueError, "turn_ids"),
    Bad("recency-ids-2d", recency(turn_ids=[[1]]), ValueError, "turn_ids"),
    Bad("recency-ids-str", recency(turn_ids=["a"]), ValueError, "turn_ids"),
    Bad("recency-current-negative", recency(current=-1), ValueError, "current"),
    Bad("recency-current-2**62", recency(current=2**62), ValueError, "current"),
    Bad("recency-current-2**70", recency(current=2**70), ValueError, "current"),
    Bad("recency-current-float", recency(current=5.0), TypeError, "current"),
    Bad("recency-current-bool", recency(current=True), TypeError, "current"),
    Bad("recency-current-np-bool", recency(current=np.bool_(True)), TypeError, "current"),
    Bad("recency-current-index-raises", recency(current=IndexRaises(TypeError)), TypeError, None),
    Bad("recency-half-life-zero", recency(half_life=0.0), ValueError, "half_life"),
    Bad("recency-half-life-negative", recency(half_life=-6), ValueError, "half_life"),
    Bad("recency-half-life-nan", recency(half_life=float("nan")), ValueError, "half_life"),
    Bad("recency-half-life-inf", recency(half_life=float("inf")), ValueError, "half_life"),
    Bad("recency-half-life-str", recency(half_life="6"), TypeError, "half_life"),
    Bad("recency-half-life-none", recency(half_life=None), TypeError, "half_life"),
]

SCORE_CASES = [
    Bad("score-query-nan", score(query=[np.nan, 0, 0]), ValueError, "query"),
    Bad("score-embeddings-columns", score(embeddings=np.ones((3, 2))), ValueError, "embeddings"),
    Bad(
        "score-embeddings-nan",
        score(embeddings=[[1, 0, 0]] * 2 + [[0, np.nan, 0]]),
        ValueError,
        "row 2",
    ),
    Bad("score-ids-count", score(turn_ids=[0, 1]), ValueError, "turn_ids"),
    Bad("score-ids-int64-min", score(turn_ids=[INT64_MIN, 0, 1]), ValueError, "turn_ids"),
    Bad("score-ids-after-current", score(turn_ids=[0, 1, 9]), ValueError, "turn_ids"),
    Bad("score-current-negative", score(current=-1), ValueError, "current"),
    Bad("score-current-float", score(current=2.0), TypeError, "current"),
    Bad("score-threads-shape", score(thread_ids=[0, 1]), ValueError, "thread_ids"),
    Bad("score-threads-float", score(thread_ids=[0.5, 1, 1]), ValueError, "thread_ids"),
    Bad(
        "score-threads-uint64-max",
        score(thread_ids=np.array([2**64 - 1] * 3, dtype=np.uint64)),
        ValueError,
        "thread_ids",
    ),
    Bad("score-threads-str", score(thread_ids=["a", "b", "c"]), ValueError, "thread_ids"),
    Bad("score-forced-out-of-range", score(forced=[3]), ValueError, "forced"),
    Bad("score-forced-negative", score(forced=[-1]), ValueError, "forced"),
    Bad("score-forced-int64-min", score(forced=[INT64_MIN]), ValueError, "forced"),
    Bad(
        "score-forced-uint64-max",
        score(forced=np.array([2**64 - 1], dtype=np.uint64)),
        ValueError,
        "forced",
    ),
    Bad("score-forced-float", score(forced=[0.5]), ValueError, "forced"),
    Bad("score-forced-2d", score(forced=[[0]]), ValueError, "forced"),
    Bad("score-active-float", score(active_thread=1.5), TypeError, "active_thread"),
    Bad(
        "score-multiplier-above-1", score(recency_multiplier=2.0), ValueError, "recency_multiplier"
    ),
    Bad("score-multiplier-str", score(recency_multiplier="1"), TypeError, "recency_multiplier"),
    Bad("score-bonus-nan", score(recency_bonus=float("nan")), ValueError, "recency_bonus"),
    Bad("score-bonus-none", score(recency_bonus=None), TypeError, "recency_bonus"),
    Bad("score-thread-bonus-inf", score(thread_bonus=float("inf")), ValueError, "thread_bonus"),
    Bad(
        "score-thread-bonus-fraction", score(thread_bonus=Fraction(1, 3)), TypeError, "thread_bonus"
    ),
    Bad("score-half-life-zero", score(half_life=0), ValueError, "half_life"),
    Bad("score-k-negative", score(k=-1), ValueError, "k"),
    Bad("score-k-float", score(k=1.0), TypeError, "k"),
    # Found by the fuzzer: the embeddings' values are checked before every later argument.
    Bad(
        "score-embeddings-nan-before-k",
        score(embeddings=[[1, 0, 0], [np.nan, 0, 0], [0, 0, 1]], k=1.0),
        ValueError,
        "row 1",
    ),
]

INT8_CASES = [
    Bad("quantize-1d", quantize([1.0, 2.0]), ValueError, "matrix"),
    Bad("quantize-3d", quantize(np.ones((1, 1, 2))), ValueError, "matrix"),
    Bad("quantize-str", quantize([["a"]]), ValueError, "matrix"),
    Bad("quantize-none", quantize(None), ValueError, "matrix"),
    Bad("quantize-nan-row", quantize([[1.0, 2.0], [np.nan, 0.0]]), ValueError, "row 1"),
    Bad("quantize-overflows-f32", quantize([[1e300, 1.0]]), ValueError, "row 0"),
    Bad("int8-query-nan", score8(query=[np.nan, 0, 0]), ValueError, "query"),
    Bad("int8-codes-int16", score8(codes=CODES.astype(np.int16)), ValueError, "codes"),
    Bad("int8-codes-float", score8(codes=M), ValueError, "codes"),
    Bad("int8-codes-uint8", score8(codes=CODES.astype(np.uint8)), ValueError, "codes"),
    Bad("int8-codes-1d", score8(codes=CODES[0]), ValueError, "codes"),
    Bad("int8-codes-columns", score8(codes=np.ones((3, 2), np.int8)), ValueError, "codes"),
    Bad("int8-codes-str", score8(codes="abc"), ValueError, "codes"),
    Bad("int8-scales-count", score8(scales=SCALES[:2]), ValueError, "scales"),
    Bad("int8-scales-2d", score8(scales=SCALES[None, :]), ValueError, "scales"),
    Bad("int8-scales-nan", score8(scales=[1.0, np.nan, 1.0]), ValueError, "scales"),
    Bad("int8-scales-str", score8(scales=["a", "b", "c"]), ValueError, "scales"),
    Bad("int8-embeddings-rows", score8(embeddings=M[:2]), ValueError, "embeddings"),
    Bad("int8-embeddings-columns", score8(embeddings=np.ones((3, 2))), ValueError, "embeddings"),
    Bad("int8-embeddings-1d", score8(embeddings=M[0]), ValueError, "embeddings"),
    Bad(
        "int8-embeddings-nan-read",
        score8(embeddings=[[1, 0, 0], [0, np.nan, 0], [0, 0, 1]]),
        ValueError,
        "row 1",
    ),
    Bad("int8-ids-count", score8(turn_ids=[0, 1]), ValueError, "turn_ids"),
    Bad("int8-ids-after-current", score8(turn_ids=[0, 1, 9]), ValueError, "turn_ids"),
    Bad("int8-current-float", score8(current=2.0), TypeError, "current"),
    Bad("int8-threads-shape", score8(thread_ids=[0, 1]), ValueError, "thread_ids"),
    Bad("int8-forced-out-of-range", score8(forced=[3]), ValueError, "forced"),
    Bad("int8-active-float", score8(active_thread=1.5), TypeError, "active_thread"),
    Bad(
        "int8-multiplier-above-1", score8(recency_multiplier=2.0), ValueError, "recency_multiplier"
    ),
    Bad("int8-bonus-none", score8(recency_bonus=None), TypeError, "recency_bonus"),
    Bad("int8-half-life-zero", score8(half_life=0), ValueError, "half_life"),
    Bad("int8-k-negative", score8(k=-1), ValueError, "k"),
    Bad("int8-rescore-negative", score8(rescore=-1), ValueError, "rescore"),
    Bad("int8-rescore-float", score8(rescore=2.5), TypeError, "rescore"),
    Bad("int8-rescore-bool", score8(rescore=True), TypeError, "rescore"),
    # The arguments are checked in the reference's order: the first bad one is named.
    Bad("int8-codes-before-ids", score8(codes=M, turn_ids=[9]), ValueError, "codes"),
    Bad("int8-k-before-half-life", score8(k=-1, half_life=0), ValueError, "k"),
    Bad("int8-half-life-before-rescore", score8(half_life=0, rescore=-1), ValueError, "half_life"),
    Bad(
        "int8-arguments-before-embedding-values",
        score8(embeddings=[[1, 0, 0], [0, np.nan, 0], [0, 0, 1]], rescore=-1),
        ValueError,
        "rescore",
    ),
]

BM25_CASES = [
    Bad("bm25-postings-float", bm25(postings=[0.5, 1.0]), ValueError, "postings"),
    Bad("bm25-postings-2d", bm25(postings=[[0, 1]]), ValueError, "postings"),
    Bad("bm25-postings-out-of-range", bm25(postings=[0, 2]), ValueError, "postings"),
    Bad("bm25-postings-negative", bm25(postings=[0, -1]), ValueError, "postings"),
    Bad("bm25-postings-int64-min", bm25(postings=[0, INT64_MIN]), ValueError, "postings"),
    Bad(
        "bm25-postings-uint64-max",
        bm25(postings=np.array([0, 2**64 - 1], dtype=np.uint64)),
        ValueError,
        "postings",
    ),
    Bad("bm25-offsets-empty", bm25(offsets=[]), ValueError, "offsets"),
    Bad("bm25-offsets-not-zero-first", bm25(offsets=[1, 2]), ValueError, "offsets"),
    Bad("bm25-offsets-decreasing", bm25(offsets=[0, 2, 1, 2]), ValueError, "offsets"),
    Bad("bm25-offsets-end", bm25(offsets=[0, 3]), ValueError, "offsets"),
    Bad("bm25-offsets-huge-end", bm25(offsets=[0, INT64_MAX]), ValueError, "offsets"),
    Bad("bm25-offsets-float", bm25(offsets=[0.0, 2.0]), ValueError, "offsets"),
    Bad("bm25-lengths-nan", bm25(lengths=[1.0, np.nan]), ValueError, "lengths"),
    Bad("bm25-lengths-negative", bm25(lengths=[1.0, -1.0]), ValueError, "lengths"),
    Bad("bm25-lengths-2d", bm25(lengths=[[1.0, 2.0]]), ValueError, "lengths"),
    Bad("bm25-lengths-str", bm25(lengths=["a", "b"]), ValueError, "lengths"),
    Bad("bm25-lengths-all-zero", bm25(lengths=[0.0, 0.0]), ValueError, "postings"),
    Bad("bm25-k1-negative", bm25(k1=-0.5), ValueError, "k1"),
    Bad("bm25-k1-str", bm25(k1="1"), TypeError, "k1"),
    Bad("bm25-b-above-1", bm25(b=1.5), ValueError, "b"),
    Bad("bm25-b-nan", bm25(b=float("nan")), ValueError, "b"),
    # Found by the fuzzer: the arrays are checked before the knobs, as in the reference.
    Bad(
        "bm25-offsets-before-b",
        bm25(postings=[], offsets=[], lengths=[], b=True),
        ValueError,
        "offsets",
    ),
    Bad("bm25-lengths-before-k1", bm25(lengths=[np.nan, 1.0], k1="x"), ValueError, "lengths"),
]

TEXT_CASES = [
    Bad("markers-str", markers("go on"), TypeError, "phrases"),
    Bad("markers-bytes", markers(b"go on"), TypeError, "phrases"),
    Bad("markers-int", markers(5), TypeError, "phrases"),
    Bad("markers-none", markers(None), TypeError, "phrases"),
    Bad("markers-not-a-pair", markers([("go on",)]), TypeError, "phrases[0]"),
    Bad("markers-triple", markers([("go on", 1, 2)]), TypeError, "phrases[0]"),
    Bad("markers-item-int", markers([7]), TypeError, "phrases[0]"),
    Bad("markers-text-int", markers([(1, 1)]), TypeError, "phrases[0]"),
    Bad("markers-text-bytes", markers([(b"go", 1)]), TypeError, "phrases[0]"),
    Bad("markers-category-float", markers([("go", 1.0)]), TypeError, "phrases[0]"),
    Bad("markers-category-str", markers([("go", "1")]), TypeError, "phrases[0]"),
    Bad("markers-category-bool", markers([("go", True)]), TypeError, "phrases[0]"),
    Bad("markers-category-np-bool", markers([("go", np.bool_(True))]), TypeError, "phrases[0]"),
    Bad(
        "markers-category-index-raises-runtime",
        markers([("go", IndexRaises(RuntimeError))]),
        TypeError,
        "phrases[0]",
    ),
    Bad(
        "markers-category-index-raises-type",
        markers([("go", IndexRaises(TypeError))]),
        TypeError,
        "phrases[0]",
    ),
    Bad("markers-category-index-only", markers([("go", IndexOnly())]), TypeError, "phrases[0]"),
    Bad("markers-category-2**31", markers([("go", 2**31)]), ValueError, "phrases[0]"),
    Bad("markers-category-below-int32", markers([("go", -(2**31) - 1)]), ValueError, "phrases[0]"),
    Bad("markers-category-2**100", markers([("go", 2**100)]), ValueError, "phrases[0]"),
    Bad("markers-category-uint64", markers([("go", np.uint64(2**63))]), ValueError, "phrases[0]"),
    Bad(
        "markers-no-word-characters", markers([("go", 1), ("-- ...", 2)]), ValueError, "phrases[1]"
    ),
    Bad("markers-empty-text", markers([("", 1)]), ValueError, "phrases[0]"),
    Bad(
        "markers-iterable-raises",
        lambda k: k.MarkerMatcher(failing_iterable(RuntimeError)),
        RuntimeError,
        None,
    ),
    Bad("find-bytes", find(b"go on"), TypeError, "text"),
    Bad("find-none", find(None), TypeError, "text"),
    Bad("find-int", find(3), TypeError, "text"),
    Bad("find-list", find(["go on"]), TypeError, "text"),
    Bad("embed-bytes", embed(texts=b"hello"), TypeError, "texts"),
    Bad("embed-bytearray", embed(texts=bytearray(b"hello")), TypeError, "texts"),
    Bad("embed-int", embed(texts=5), TypeError, "texts"),
    Bad("embed-none", embed(texts=None), TypeError, "texts"),
    Bad("embed-item-int", embed(texts=["a", 1]), TypeError, "texts[1]"),
    Bad("embed-item-bytes", embed(texts=[b"a"]), TypeError, "texts[0]"),
    Bad("embed-dim-zero", embed(dim=0), ValueError, "dim"),
    Bad("embed-dim-negative", embed(dim=-1), ValueError, "dim"),
    Bad("embed-dim-too-large", embed(dim=2**24 + 1), ValueError, "dim"),
    Bad("embed-dim-2**64", embed(dim=2**64), ValueError, "dim"),
    Bad("embed-dim-float", embed(dim=16.0), TypeError, "dim"),
    Bad("embed-dim-bool", embed(dim=True), TypeError, "dim"),
    Bad("embed-dim-index-raises", embed(dim=IndexRaises(TypeError)), TypeError, None),
    Bad(
        "embed-iterable-raises", lambda k: k.hash_embed(failing_iterable(KeyError)), KeyError, None
    ),
]

CASES = [
    *SIMILARITY_CASES,
    *TOP_K_CASES,
    *THRESHOLD_CASES,
    *RECENCY_CASES,
    *SCORE_CASES,
    *INT8_CASES,
    *BM25_CASES,
    *TEXT_CASES,
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input_raises_the_reference_error(kernels: ModuleType, case: Bad) -> None:
    with pytest.raises(Exception) as raised:  # noqa: PT011 - the type is checked exactly below
        case.call(kernels)
    assert raised.type is case.error, f"{raised.type.__name__}: {raised.value}"
    if case.names is not None:
        assert case.names in str(raised.value)


@pytest.mark.parametrize("huge", [2**63, 2**64, 2**200])
def test_integers_beyond_int64_are_not_errors_where_the_reference_takes_them(
    kernels: ModuleType, huge: int
) -> None:
    # A k above the row count returns every row, however large; an active thread that no
    # int64 thread id can equal is no active thread.
    rows, _ = kernels.top_k(Q, M, huge)
    assert rows.tolist() == [2, 1, 0]
    rows, _ = kernels.score_turns(Q, M, IDS, current=2, k=huge)
    assert sorted(rows.tolist()) == [0, 1, 2]
    threads = np.array([0, 1, 1])
    expected = kernels.score_turns(Q, M, IDS, current=2, thread_ids=threads, thread_bonus=0.5)
    for active in (huge, -huge):
        got = kernels.score_turns(
            Q, M, IDS, current=2, thread_ids=threads, active_thread=active, thread_bonus=0.5
        )
        np.testing.assert_array_equal(got[0], expected[0])
        np.testing.assert_array_equal(got[1], expected[1])
