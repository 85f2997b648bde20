"""Fuzzing the compiled kernels against the NumPy reference with adversarial input.

Arrays: NaN and infinities, subnormals and float32 overflow, empty shapes, Fortran order,
strided, reversed, misaligned and read-only layouts, every real dtype and some that are not,
extreme int64 ids, huge k. Text: long runs, lone surrogates, every Unicode general category.
For each input the compiled core (at every SIMD level this CPU runs) must do what the
reference does: raise the same exception type, or return the same result. `.ci/sanitize` runs
this file under AddressSanitizer and UndefinedBehaviorSanitizer.

Budget: MULTIHORIZON_FUZZ_EXAMPLES examples per test (default 40; the sanitizer job uses the
default, a long local run can raise it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from conftest import CORE, REFERENCE
from multihorizon.text import tokens as text_module

pytestmark = pytest.mark.skipif(CORE is None, reason="no compiled core")

EXAMPLES = int(os.environ.get("MULTIHORIZON_FUZZ_EXAMPLES", "40"))
fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    # CI replays the same examples every run (MULTIHORIZON_FUZZ_SEED=random explores anew).
    derandomize=os.environ.get("MULTIHORIZON_FUZZ_SEED") != "random",
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_LEVELS = ("avx512", "avx2", "generic")
LEVELS = list(_LEVELS[_LEVELS.index(CORE._simd_level()) :]) if CORE is not None else []
INT64 = np.iinfo(np.int64)

# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------

SPECIAL_FLOATS = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    np.nan,
    np.inf,
    -np.inf,
    1e-45,
    -1e-45,
    1e-38,
    3.4e38,
    -3.4e38,
    1e39,
    1e300,
    5e-324,
]
REAL_DTYPES = [np.float32, np.float64, np.float16, np.int8, np.int32, np.int64, np.uint8, np.uint64]
ODD_DTYPES = [np.bool_, np.complex64]


def floats_for(dtype: Any) -> st.SearchStrategy[Any]:
    kind = np.dtype(dtype).kind
    if kind == "f":
        return st.one_of(
            st.sampled_from(SPECIAL_FLOATS),
            st.floats(width=64, allow_nan=True, allow_infinity=True),
            st.floats(-10, 10),
        )
    if kind in "iu":
        info = np.iinfo(dtype)
        return st.one_of(
            st.integers(int(info.min), int(info.max)),
            st.integers(-3, 3).filter(lambda v: v >= info.min),
        )
    if kind == "c":
        return st.complex_numbers(max_magnitude=10, allow_nan=False)
    return st.booleans()


def relayout(array: np.ndarray, layout: str) -> np.ndarray:
    """The same values in another memory layout."""
    if layout == "fortran":
        return np.asfortranarray(array)
    if layout == "strided":
        wide = (
            np.zeros((*array.shape[:-1], array.shape[-1] * 2), dtype=array.dtype)
            if (array.ndim)
            else np.zeros(2, dtype=array.dtype)
        )
        if array.ndim == 0:
            return array
        wide[..., ::2] = array
        return wide[..., ::2]
    if layout == "reversed":
        return np.ascontiguousarray(array[::-1])[::-1] if array.ndim else array
    if layout == "misaligned":
        raw = np.zeros(array.nbytes + 1, dtype=np.uint8)
        view = raw[1:].view(array.dtype).reshape(array.shape)
        view[...] = array
        return view
    if layout == "readonly":
        copy = array.copy()
        copy.setflags(write=False)
        return copy
    return array


LAYOUTS = st.sampled_from(["c", "fortran", "strided", "reversed", "misaligned", "readonly"])


@st.composite
def arrays(draw: st.DrawFn, shape: tuple[int, ...], odd: bool = True) -> Any:
    """A numpy array of the shape in any dtype and layout, or sometimes a plain list."""
    dtypes = REAL_DTYPES + (ODD_DTYPES if odd else [])
    dtype = draw(st.sampled_from(dtypes))
    if np.dtype(dtype).kind == "f":  # drawn in float64, then rounded (or overflowed) to dtype
        values = draw(hnp.arrays(np.float64, shape, elements=floats_for(np.float64)))
        with np.errstate(all="ignore"):
            array = values.astype(dtype)
    else:
        array = draw(hnp.arrays(dtype, shape, elements=floats_for(dtype)))
    array = relayout(array, draw(LAYOUTS))
    if draw(st.integers(0, 9)) == 0:
        return array.tolist()
    return array


@st.composite
def query_and_matrix(draw: st.DrawFn) -> tuple[Any, Any]:
    dim = draw(st.sampled_from([0, 1, 2, 3, 8, 15, 16, 17, 33]))
    rows = draw(st.integers(0, 40))
    # Mostly well-formed finite float32, so the comparisons run; sometimes anything at all.
    if draw(st.booleans()):
        query = draw(arrays((dim,)))
        matrix = draw(arrays((rows, dim)))
    else:
        finite = st.floats(-1e3, 1e3, width=32)
        query = draw(hnp.arrays(np.float32, (dim,), elements=finite))
        matrix = draw(hnp.arrays(np.float32, (rows, dim), elements=finite))
        matrix = relayout(matrix, draw(LAYOUTS))
    if draw(st.integers(0, 19)) == 0:  # the wrong dimension or rank
        matrix = draw(arrays(draw(st.sampled_from([(rows,), (rows, dim + 1), (1, rows, dim)]))))
    return query, matrix


COUNTS = st.one_of(
    st.integers(-3, 50),
    st.sampled_from([2**31, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63), -(2**70)]),
    st.sampled_from([1.0, True, None, "3", np.int8(4), np.uint64(2**64 - 1)]),
)
REALS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, -1, 10**400, True, None, "0.5", np.float32(0.25), np.int64(1)]),
)


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", result) or ("error", exception type)."""
    try:
        return "ok", call()
    except Exception as exc:
        return "error", type(exc)


def at_every_level(call: Callable[[Any], Any]) -> list[tuple[str, Any]]:
    assert CORE is not None
    results = []
    try:
        for level in LEVELS:
            CORE._set_simd_level(level)
            results.append(outcome(lambda: call(CORE)))
    finally:
        CORE._set_simd_level("best")
    return results


def agree(call: Callable[[Any], Any], compare: Callable[[Any, Any], None]) -> None:
    expected = outcome(lambda: call(REFERENCE))
    for got in at_every_level(call):
        assert got[1] is not SystemError, got  # a C-API call whose failure went unchecked
        assert got[0] == expected[0], (got, expected)
        if got[0] == "error":
            # An input with several defects may be reported by whichever check runs first
            # (the C++ core checks finiteness inside its single pass over the matrix): both
            # must be a typed argument error. Same-type parity for one defect at a time is
            # tests/test_boundary_errors.py's table.
            argument_errors = (TypeError, ValueError)
            assert issubclass(got[1], argument_errors), (got, expected)
            assert issubclass(expected[1], argument_errors), (got, expected)
        else:
            compare(got[1], expected[1])


# --------------------------------------------------------------------------------------------
# Arrays
# --------------------------------------------------------------------------------------------

SCORE_ATOL = 2e-6  # exact products and double sums: within a float32 rounding of float64


def same_scores(got: Any, expected: Any) -> None:
    np.testing.assert_allclose(got, expected, atol=SCORE_ATOL, rtol=0)
    assert got.dtype == np.float32


def same_ranking(got: Any, expected: Any) -> None:
    rows, scores = got
    expected_rows, expected_scores = expected
    assert len(rows) == len(expected_rows)
    assert len(set(rows.tolist())) == len(rows)
    np.testing.assert_allclose(scores, expected_scores, atol=SCORE_ATOL, rtol=0)
    assert np.all(np.diff(scores) <= SCORE_ATOL)


@fuzz
@given(query_and_matrix(), COUNTS, REALS)
def test_similarity_kernels_agree_with_the_reference(
    data: tuple[Any, Any], k: Any, threshold: Any
) -> None:
    query, matrix = data
    agree(lambda K: K.cosine_scores(query, matrix), same_scores)
    agree(lambda K: K.top_k(query, matrix, k), same_ranking)

    def same_best(got: Any, expected: Any) -> None:
        if got[0] != expected[0]:  # a near tie may go either way by a rounding
            assert abs(got[1] - expected[1]) <= SCORE_ATOL
        assert got[1] == pytest.approx(expected[1], abs=SCORE_ATOL) or got[1] == expected[1]

    agree(lambda K: K.best_above(query, matrix, threshold), same_best)


EXTREME_IDS = st.one_of(
    st.integers(0, 100),
    st.sampled_from([int(INT64.min), int(INT64.max), -1, 2**62 - 1, 2**62, 2**62 + 1]),
    st.integers(int(INT64.min), int(INT64.max)),
)


@st.composite
def turn_ids(draw: st.DrawFn) -> Any:
    values = draw(st.lists(EXTREME_IDS, max_size=40))
    dtype = draw(st.sampled_from([np.int64, np.uint64, np.int32, np.float64, np.int8]))
    with np.errstate(all="ignore"):
        try:
            array = np.array(values, dtype=np.int64).astype(dtype)
        except OverflowError:
            array = np.array(values, dtype=object)
    return relayout(array, draw(LAYOUTS)) if array.dtype != object else array


CURRENTS = st.one_of(
    st.integers(0, 200),
    st.sampled_from([-1, 2**62 - 1, 2**62, 2**70, int(INT64.max), 1.0, True, None]),
)
HALF_LIVES = st.one_of(
    st.floats(1e-3, 1e3),
    st.sampled_from([0.0, -1.0, 1e-300, 5e-324, 1e300, np.nan, np.inf, "6", None, 6]),
)


def same_weights(got: Any, expected: Any) -> None:
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, expected, rtol=2e-6, atol=1e-44)


@fuzz
@given(turn_ids(), CURRENTS, HALF_LIVES)
# Found by this test: a subnormal half-life gave NaN for the current turn (0 * inf).
@example(np.array([0, 1, 2]), 2, 5e-324)
@example(np.array([0, 1, 2]), 2, 1e-310)
def test_recency_agrees_with_the_reference(ids: Any, current: Any, half_life: Any) -> None:
    agree(lambda K: K.recency_weights(ids, current, half_life), same_weights)


@st.composite
def score_calls(draw: st.DrawFn) -> dict[str, Any]:
    query, matrix = draw(query_and_matrix())
    rows = len(matrix) if hasattr(matrix, "__len__") else 0
    current = draw(st.one_of(st.integers(0, 60), CURRENTS))
    if draw(st.booleans()):
        ids: Any = np.array(
            draw(st.lists(st.integers(0, 60), min_size=rows, max_size=rows)), dtype=np.int64
        )
    else:
        ids = draw(turn_ids())
    call: dict[str, Any] = {
        "query": query,
        "embeddings": matrix,
        "turn_ids": ids,
        "current": current,
    }
    if draw(st.booleans()):
        call["thread_ids"] = draw(
            st.one_of(
                st.lists(st.integers(-2, 3), min_size=rows, max_size=rows),
                turn_ids(),
            )
        )
        call["active_thread"] = draw(st.one_of(st.integers(-2, 3), COUNTS))
    if draw(st.booleans()):
        call["forced"] = draw(
            st.one_of(st.lists(st.integers(-2, rows + 1), max_size=4), turn_ids())
        )
    for knob in ("recency_multiplier", "recency_bonus", "thread_bonus", "half_life"):
        if draw(st.booleans()):
            call[knob] = draw(st.one_of(st.floats(0, 1), REALS))
    if draw(st.booleans()):
        call["k"] = draw(COUNTS)
    return call


@fuzz
@given(score_calls())
@example(
    call={
        "query": np.array([0.0], dtype=np.float32),
        "embeddings": np.array([[0.0]], dtype=np.float32),
        "turn_ids": np.array([0]),
        "current": 1,
        "recency_bonus": 144.0,
    }
)
def test_score_turns_agrees_with_the_reference(call: dict[str, Any]) -> None:
    def run(K: Any) -> Any:
        args = dict(call)
        return K.score_turns(
            args.pop("query"), args.pop("embeddings"), args.pop("turn_ids"), **args
        )

    def same(got: Any, expected: Any) -> None:
        rows, scores = got
        assert len(rows) == len(expected[0])
        # A float32 score above 128 is one ulp (1.5e-5) from its neighbour: a large bonus
        # rounded once in float32 and once in float64 may differ by that ulp, no more.
        np.testing.assert_allclose(np.sort(scores), np.sort(expected[1]), atol=1e-5, rtol=2e-7)

    agree(run, same)


@st.composite
def bm25_calls(draw: st.DrawFn) -> tuple[Any, Any, Any, Any, Any]:
    docs = draw(st.integers(0, 12))
    if draw(st.booleans()):  # a well-formed index
        lists = draw(
            st.lists(
                st.lists(st.integers(0, max(docs - 1, 0)), unique=True, max_size=docs), max_size=4
            )
        )
        postings: Any = np.array([d for lst in lists for d in lst], dtype=np.int64)
        offsets: Any = np.cumsum([0] + [len(lst) for lst in lists]).astype(np.int64)
        lengths: Any = np.array(
            draw(st.lists(st.integers(1, 9), min_size=docs, max_size=docs)), dtype=np.float64
        )
        if docs == 0:
            postings = np.zeros(0, dtype=np.int64)
    else:
        postings = draw(turn_ids())
        offsets = draw(st.one_of(turn_ids(), st.just([0, len(postings)])))
        lengths = draw(arrays((docs,)))
    k1 = draw(st.one_of(st.just(1.2), REALS))
    b = draw(st.one_of(st.just(0.75), REALS))
    return postings, offsets, lengths, k1, b


@fuzz
@given(bm25_calls())
def test_bm25_agrees_with_the_reference(call: tuple[Any, Any, Any, Any, Any]) -> None:
    postings, offsets, lengths, k1, b = call

    def same(got: Any, expected: Any) -> None:
        np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-12)

    agree(lambda K: K.bm25_scores(postings, offsets, lengths, k1=k1, b=b), same)


# --------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------

ALL_CATEGORIES = [
    "Lu",
    "Ll",
    "Lt",
    "Lm",
    "Lo",
    "Mn",
    "Mc",
    "Me",
    "Nd",
    "Nl",
    "No",
    "Pc",
    "Pd",
    "Ps",
    "Pe",
    "Pi",
    "Pf",
    "Po",
    "Sm",
    "Sc",
    "Sk",
    "So",
    "Zs",
    "Zl",
    "Zp",
    "Cc",
    "Cf",
    "Cs",
    "Co",
    "Cn",
]
# Every general category, lone surrogates (Cs) and unassigned code points (Cn) included.
CHARACTERS = st.characters(categories=ALL_CATEGORIES)
WORDISH = st.sampled_from(
    list("aAzZ_09 \u00df\u017f\u0130\u0131\ufb00\u03a3\u03c3\u03c2 -,.'\u2019\u0301\u200d")
)


@st.composite
def adversarial_text(draw: st.DrawFn) -> str:
    pieces = draw(
        st.lists(
            st.one_of(
                st.text(CHARACTERS, max_size=20),
                st.text(WORDISH, max_size=20),
                # Long runs: of one character, of a word, of separators.
                st.builds(
                    lambda c, n: c * n,
                    st.one_of(CHARACTERS, WORDISH, st.just("go on ")),
                    st.integers(100, 3000),
                ),
            ),
            max_size=4,
        )
    )
    return "".join(pieces)


@st.composite
def phrase_lists(draw: st.DrawFn) -> list[Any]:
    phrases = draw(
        st.lists(
            st.tuples(
                st.one_of(
                    st.text(WORDISH, min_size=1, max_size=12), st.text(CHARACTERS, max_size=6)
                ),
                st.one_of(st.integers(-5, 5), st.sampled_from([2**31, -(2**31), 2**31 - 1])),
            ),
            max_size=8,
        )
    )
    return phrases


@fuzz
@given(phrase_lists(), adversarial_text(), st.data())
def test_marker_matcher_agrees_with_the_reference(
    phrases: list[Any], text: str, data: st.DataObject
) -> None:
    if text:  # a phrase cut from the text itself, so long texts have hits too
        start = data.draw(st.integers(0, len(text) - 1))
        phrases = [*phrases, (text[start : start + data.draw(st.integers(1, 12))], 7)]
    agree(lambda K: len(K.MarkerMatcher(phrases)), lambda got, expected: None)
    built = outcome(lambda: (REFERENCE.MarkerMatcher(phrases), CORE.MarkerMatcher(phrases)))
    assume(built[0] == "ok")
    reference, core = built[1]
    assert len(core) == len(reference) == len(phrases)

    def same(got: Any, expected: Any) -> None:
        assert got == expected

    agree(lambda K: (core if K is CORE else reference).find(text), same)


@fuzz
@given(
    st.lists(adversarial_text(), max_size=4), st.one_of(st.integers(1, 70), COUNTS), st.booleans()
)
def test_hash_embed_agrees_with_the_reference(texts: list[str], dim: Any, single: bool) -> None:
    argument: Any = texts[0] if single and texts else texts

    def same(got: Any, expected: Any) -> None:
        assert got.dtype == np.float32
        assert got.shape == expected.shape
        np.testing.assert_allclose(got, expected, atol=1e-6, rtol=0)

    agree(lambda K: K.hash_embed(argument, dim), same)


@fuzz
@given(st.lists(adversarial_text(), min_size=1, max_size=6), adversarial_text())
def test_tokenised_text_scores_the_same_through_bm25(docs: list[str], query: str) -> None:
    # The lexical channel end to end: the tokeniser's terms become posting lists for BM25.
    terms_of = [text_module.content_terms(doc) for doc in docs]
    index: dict[str, list[int]] = {}
    for doc, terms in enumerate(terms_of):
        for term in terms:
            index.setdefault(term, []).append(doc)
    lists = [index[t] for t in dict.fromkeys(text_module.content_terms(query)) if t in index]
    postings = np.array([d for lst in lists for d in lst], dtype=np.int64)
    offsets = np.cumsum([0] + [len(lst) for lst in lists]).astype(np.int64)
    lengths = np.array([len(terms) for terms in terms_of], dtype=np.float64)

    def same(got: Any, expected: Any) -> None:
        np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-12)

    agree(lambda K: K.bm25_scores(postings, offsets, lengths), same)


def test_misaligned_arrays_score_as_their_aligned_copies() -> None:
    # Found by UBSan under this file: a float32 or int64 buffer at an odd byte offset was
    # read in place through a float* / int64* (undefined behaviour); it is now copied.
    assert CORE is not None
    rng = np.random.default_rng(5)
    query = rng.standard_normal(33).astype(np.float32)
    matrix = rng.standard_normal((20, 33)).astype(np.float32)
    ids = np.arange(20, dtype=np.int64)
    lengths = np.arange(1, 21, dtype=np.float64)
    odd = [relayout(a, "misaligned") for a in (query, matrix, ids, lengths)]
    assert not any(a.flags.aligned for a in odd)
    for level in LEVELS:
        CORE._set_simd_level(level)
        try:
            np.testing.assert_array_equal(
                CORE.cosine_scores(odd[0], odd[1]), CORE.cosine_scores(query, matrix)
            )
            np.testing.assert_array_equal(
                CORE.recency_weights(odd[2], 25, 6.0), CORE.recency_weights(ids, 25, 6.0)
            )
            got = CORE.score_turns(odd[0], odd[1], odd[2], current=25, k=5)
            want = CORE.score_turns(query, matrix, ids, current=25, k=5)
            np.testing.assert_array_equal(got[0], want[0])
            np.testing.assert_array_equal(got[1], want[1])
            np.testing.assert_array_equal(
                CORE.bm25_scores(odd[2][:5], [0, 5], odd[3]),
                CORE.bm25_scores(ids[:5], [0, 5], lengths),
            )
        finally:
            CORE._set_simd_level("best")


# --------------------------------------------------------------------------------------------
# Threads and persons (issue 14's per-turn stages)
# --------------------------------------------------------------------------------------------


@st.composite
def fold_calls(draw: st.DrawFn) -> tuple[Any, Any, Any, Any]:
    dim = draw(st.integers(0, 9))
    embedding = draw(arrays((dim,)))
    total = draw(st.one_of(st.none(), arrays((draw(st.sampled_from([dim, dim + 1])),))))
    rows = draw(st.integers(0, 10))
    recent = draw(st.one_of(st.none(), arrays((rows, dim))))
    window = draw(st.one_of(st.integers(-2, 12), st.sampled_from([2**63, 2**70, True, 1.5])))
    return embedding, total, recent, window


@fuzz
@given(fold_calls())
def test_fold_turn_agrees_with_the_reference(call: tuple[Any, Any, Any, Any]) -> None:
    embedding, total, recent, window = call

    def same_fold(got: Any, expected: Any) -> None:
        for value, want in zip(got, expected, strict=True):
            assert value.dtype == want.dtype
            assert value.tobytes() == want.tobytes()

    agree(lambda K: K.fold_turn(embedding, total, recent, window=window), same_fold)


@fuzz
@given(adversarial_text(), st.integers(0, 3000), st.integers(0, 500))
def test_stance_reader_agrees_with_the_reference(text: str, answer: int, head: int) -> None:
    words = (["i", "my"], ["my"], ["you"], "\"'.,?!\u2019", [("shall", "i")], [("and", "you")])
    reference = REFERENCE.StanceReader(*words, answer_chars=answer, head_chars=head)
    core = CORE.StanceReader(*words, answer_chars=answer, head_chars=head)
    found = core.stance(text)
    assert found == (reference.stance(text) if text.isascii() else None)
