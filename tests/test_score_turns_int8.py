"""Tier C on the int8 copy: quantize_rows and score_turns_int8 on every backend.

Codes, scales and integer dot products are exact, so every backend makes the reference's codes
and scales bit for bit, and the C++ kernels give the same bits at every SIMD level. Each
backend's score_turns_int8 returns its own score_turns' scores for the rows it returns (the
float32 rescore is that code), and its ranking whenever score_turns' top k are among the
nominees (always, when every row is rescored). Across backends, scores agree as score_turns'
do (tests/test_agreement.py: float32 cosine and recency rounding).
"""

from __future__ import annotations

import itertools
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORE, REFERENCE

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def bits(array: Any) -> list[int]:
    values = np.asarray(array)
    return values.view(np.uint32 if values.dtype == np.float32 else np.uint64).tolist()


def assert_same(got: tuple[Any, Any], want: tuple[Any, Any]) -> None:
    assert got[0].dtype == np.int64
    assert got[1].dtype == np.float32
    assert got[0].tolist() == want[0].tolist()
    assert bits(got[1]) == bits(want[1])


COSINE_TOLERANCE = 2e-4  # as tests/test_agreement.py allows score_turns across backends


def assert_agrees(got: tuple[Any, Any], want: tuple[Any, Any]) -> None:
    """Another backend's result: the same length and scores to rounding; the same rows where
    the reference's scores are clearly apart (no near-tie a last-bit difference could flip)."""
    assert len(got[0]) == len(want[0])
    np.testing.assert_allclose(got[1], want[1], atol=COSINE_TOLERANCE)
    scores = want[1].astype(np.float64)
    if len(scores) < 2 or np.min(np.abs(np.diff(scores))) > 1e-5:
        assert got[0].tolist() == want[0].tolist()


def assert_own_scores(
    kernels: ModuleType, got: tuple[Any, Any], log: dict[str, Any], **options: Any
) -> None:
    """Every returned score is the backend's own score_turns score of that row, bit for bit."""
    options = {key: value for key, value in options.items() if key != "rescore"}
    options["k"] = len(log["turn_ids"])
    rows, scores = exact_call(kernels, log, **options)
    score_of = dict(zip(rows.tolist(), bits(scores), strict=True))
    assert bits(got[1]) == [score_of[row] for row in got[0].tolist()]


def turn_log(rows: int, dim: int, seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    # Mixed magnitudes per row: the scale must not depend on a row's length.
    scale = np.exp(rng.uniform(-6, 6, size=(rows, 1)))
    embeddings = (rng.standard_normal((rows, dim)) * scale).astype(np.float32)
    return {
        "query": rng.standard_normal(dim).astype(np.float32),
        "embeddings": embeddings,
        "turn_ids": np.arange(rows, dtype=np.int64),
        "current": rows,
        "thread_ids": rng.integers(0, 6, rows),
    }


KNOBS = {"recency_multiplier": 0.0, "recency_bonus": 0.15, "thread_bonus": 0.1, "half_life": 6.0}


# ---- quantize_rows ----------------------------------------------------------------------


@pytest.mark.parametrize("dim", [1, 3, 31, 32, 33, 64, 97, 384, 385])
def test_quantize_rows_matches_the_reference_bit_for_bit(kernels: ModuleType, dim: int) -> None:
    matrix = turn_log(50, dim, seed=dim)["embeddings"]
    matrix[3] = 0.0
    matrix[4, 0] = np.float32(1e-45)  # a subnormal peak
    codes, scales = kernels.quantize_rows(matrix)
    want_codes, want_scales = REFERENCE.quantize_rows(matrix)
    assert codes.dtype == np.int8
    assert scales.dtype == np.float32
    assert codes.shape == (50, dim)
    np.testing.assert_array_equal(codes, want_codes)
    assert bits(scales) == bits(want_scales)


def _near_ties(peak: np.float32, rows: int, rng: np.random.Generator) -> npt.NDArray[np.float32]:
    """Rows whose first value is ``peak`` and whose others are 0-3 ulps from a value whose
    code is a tie (k + 0.5)."""
    halves = ((rng.integers(0, 127, size=(rows, 383)) + 0.5) * np.float64(peak) / 127).astype(
        np.float32
    )
    steps = rng.integers(-3, 4, size=halves.shape)
    near = halves.copy()
    for _ in range(3):
        near = np.where(steps > 0, np.nextafter(near, np.float32(np.inf)), near)
        near = np.where(steps < 0, np.nextafter(near, np.float32(-np.inf)), near)
        steps = steps - np.sign(steps)
    return np.concatenate([np.full((rows, 1), peak, dtype=np.float32), near], axis=1)


def test_quantize_rows_rounds_ties_and_near_ties_as_the_reference(kernels: ModuleType) -> None:
    # The AVX2 loop multiplies by 1 / peak and divides only where the product is near a half:
    # exact ties (small-integer ratios, as the hashing embedder's counts make) and values one
    # to three ulps either side of a tie must round as the reference's division does.
    rng = np.random.default_rng(11)
    counts = rng.integers(-3, 4, size=(300, 384)).astype(np.float32)
    counts[rng.random(counts.shape) < 0.85] = 0.0
    # Peaks for which x * 127 * (1 / peak) rounds to another code than x * 127 / peak.
    peaks = [np.float32(0.37), np.float32(0.22099055349826813), np.float32(0.4002147912979126)]
    near_ties = np.concatenate([_near_ties(peak, 200, rng) for peak in peaks])
    scaled, peak_of_row = near_ties.astype(np.float64) * 127, near_ties[:, :1].astype(np.float64)
    assert (np.rint(scaled * (1 / peak_of_row)) != np.rint(scaled / peak_of_row)).any()
    for matrix in (counts, near_ties):
        codes, scales = kernels.quantize_rows(matrix)
        want_codes, want_scales = REFERENCE.quantize_rows(matrix)
        np.testing.assert_array_equal(codes, want_codes)
        assert bits(scales) == bits(want_scales)


def test_quantize_rows_definition(kernels: ModuleType) -> None:
    codes, scales = kernels.quantize_rows([[0.5, -1.0, 0.25, 0.0], [0.0, 0.0, 0.0, 0.0]])
    # 0.5 * 127 = 63.5 and 0.25 * 127 = 31.75: half to even, then nearest.
    assert codes.tolist() == [[64, -127, 32, 0], [0, 0, 0, 0]]
    assert scales[0] == np.float32(1.0 / np.sqrt(64**2 + 127**2 + 32**2))
    assert scales[1] == 0.0
    # Ties go to the even code on both sides of zero, as numpy.rint.
    ties, _ = kernels.quantize_rows([[2.5, -2.5, 3.5, -0.5, 127.0], [-0.5, 1.0, 0.0, 0.0, 0.0]])
    assert ties.tolist() == [[2, -2, 4, 0, 127], [-64, 127, 0, 0, 0]]
    # codes * scale is the row's direction, up to the rounding of the codes.
    row = np.array([0.5, -1.0, 0.25, 0.0])
    direction = codes[0] * np.float64(scales[0])
    assert np.linalg.norm(direction - row / np.linalg.norm(row)) < 0.01


def test_quantize_rows_of_an_empty_matrix(kernels: ModuleType) -> None:
    codes, scales = kernels.quantize_rows(np.zeros((0, 8), dtype=np.float32))
    assert codes.shape == (0, 8)
    assert scales.shape == (0,)
    by_column, _ = kernels.quantize_rows(np.zeros((0, 8), dtype=np.float32), by_column=True)
    assert by_column.shape == (8, 0)


@pytest.mark.parametrize("rows", [1, 63, 64, 65, 200])
def test_quantize_rows_by_column_is_the_transpose(kernels: ModuleType, rows: int) -> None:
    # Block edges of the native kernel (64 rows per block) on both sides.
    matrix = turn_log(rows, 97, seed=rows)["embeddings"]
    matrix[0] = 0.0
    matrix[matrix < 0.02] = 0.0  # sparse, as the hashing embedder's rows
    codes, scales = kernels.quantize_rows(matrix)
    columns, column_scales = kernels.quantize_rows(matrix, by_column=True)
    assert columns.dtype == np.int8
    assert columns.shape == (97, rows)
    assert columns.flags.c_contiguous
    np.testing.assert_array_equal(columns, codes.T)
    assert bits(column_scales) == bits(scales)


@pytest.mark.parametrize("by_column", [False, True])
def test_quantize_rows_names_the_first_non_finite_row(kernels: ModuleType, by_column: bool) -> None:
    matrix = turn_log(130, 16, seed=5)["embeddings"]
    matrix[70, 3] = np.inf
    matrix[100, 0] = np.nan
    with pytest.raises(ValueError, match="70"):
        kernels.quantize_rows(matrix, by_column=by_column)


# ---- score_turns_int8 -------------------------------------------------------------------


def int8_call(kernels: ModuleType, log: dict[str, Any], **options: Any) -> tuple[Any, Any]:
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    return kernels.score_turns_int8(
        log["query"],
        codes,
        scales,
        log["embeddings"],
        log["turn_ids"],
        current=log["current"],
        thread_ids=log["thread_ids"],
        **options,
    )


def exact_call(kernels: ModuleType, log: dict[str, Any], **options: Any) -> tuple[Any, Any]:
    return kernels.score_turns(
        log["query"],
        log["embeddings"],
        log["turn_ids"],
        current=log["current"],
        thread_ids=log["thread_ids"],
        **options,
    )


@pytest.mark.parametrize("dim", [1, 17, 32, 48, 100, 384])
@pytest.mark.parametrize(
    "options",
    [
        {"k": 10},
        {"k": 12, "active_thread": 2, **KNOBS},
        {"k": 5, "forced": [0, 7, 299], "active_thread": 1, **KNOBS},
        {"k": 3, "rescore": 0},
        {"k": 0},
        {"k": 400, "recency_multiplier": 0.5, "recency_bonus": 0.05},
    ],
    ids=["plain", "config", "forced", "rescore-0", "k-0", "k-all"],
)
def test_agrees_with_the_reference_and_returns_score_turns_scores(
    kernels: ModuleType, dim: int, options: dict[str, Any]
) -> None:
    log = turn_log(300, dim, seed=dim)
    got = int8_call(kernels, log, **options)
    assert_agrees(got, int8_call(REFERENCE, log, **options))
    assert_own_scores(kernels, got, log, **options)


@pytest.mark.skipif(CORE is None, reason="no compiled core")
@pytest.mark.parametrize("dim", [1, 31, 32, 33, 64, 65, 96, 384, 385])
def test_cpp_gives_the_same_bits_at_every_simd_level(dim: int) -> None:
    from conftest import BACKEND_IDS

    assert CORE is not None
    log = turn_log(700, dim, seed=dim)
    options = {"k": 30, "active_thread": 1, "forced": [3, 600], **KNOBS}
    results = []
    for name in (name for name in BACKEND_IDS if name.startswith("cpp")):
        CORE._set_simd_level(name.removeprefix("cpp-") if name != "cpp" else "best")
        try:
            results.append(int8_call(CORE, log, **options))
        finally:
            CORE._set_simd_level("best")
    for result in results[1:]:
        assert_same(result, results[0])


@pytest.mark.parametrize("seed", range(4))
def test_rescoring_every_row_is_score_turns(kernels: ModuleType, seed: int) -> None:
    log = turn_log(257, 40, seed=seed)
    options = {"k": 20, "active_thread": 3, "forced": [5, 250], **KNOBS}
    got = int8_call(kernels, log, rescore=257, **options)
    assert_same(got, exact_call(kernels, log, **options))


@pytest.mark.parametrize("seed", range(4))
def test_the_default_rescore_finds_score_turns_top_k_on_clustered_rows(
    kernels: ModuleType, seed: int
) -> None:
    # Rows near a few directions, as turns of a few topics are: many close scores.
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((8, 64))
    rows = centres[rng.integers(0, 8, 2000)] + 0.6 * rng.standard_normal((2000, 64))
    log = {
        "query": (centres[0] + 0.6 * rng.standard_normal(64)).astype(np.float32),
        "embeddings": rows.astype(np.float32),
        "turn_ids": np.arange(2000, dtype=np.int64),
        "current": 2000,
        "thread_ids": rng.integers(0, 8, 2000),
    }
    for options in ({"k": 10}, {"k": 12, "active_thread": 0, **KNOBS}):
        assert_same(int8_call(kernels, log, **options), exact_call(kernels, log, **options))


def test_every_forced_row_is_rescored_and_first(kernels: ModuleType) -> None:
    log = turn_log(500, 24, seed=11)
    forced = list(range(0, 500, 25))  # 20 forced rows, more than k and than rescore
    got = int8_call(kernels, log, k=25, forced=forced, rescore=3, **KNOBS)
    want = exact_call(kernels, log, k=25, forced=forced, **KNOBS)
    assert set(got[0][:20].tolist()) == set(forced)
    assert_same((got[0][:20], got[1][:20]), (want[0][:20], want[1][:20]))


def test_codes_of_any_int8_value_are_summed_exactly(kernels: ModuleType) -> None:
    # -128 is not a code quantize_rows makes, but an int8 the kernels must still multiply
    # exactly (the AVX2 loop takes |row| as unsigned bytes).
    rng = np.random.default_rng(3)
    codes = rng.integers(-128, 128, size=(130, 200), dtype=np.int8)
    codes[0] = -128
    embeddings = rng.standard_normal((130, 200)).astype(np.float32)
    scales = np.full(130, 1e-3, dtype=np.float32)
    query = rng.standard_normal(200).astype(np.float32)
    ids = np.arange(130)
    options = {"current": 130, "k": 10, "rescore": 10, "recency_multiplier": 0.0}
    got = kernels.score_turns_int8(query, codes, scales, embeddings, ids, **options)
    want = REFERENCE.score_turns_int8(query, codes, scales, embeddings, ids, **options)
    assert_agrees(got, want)
    # The nominees are the rows with the largest integer dot products (no recency here).
    dots = codes.astype(np.int64) @ REFERENCE.quantize_rows(query[None, :])[0][0].astype(np.int64)
    assert set(got[0].tolist()) == set(np.argsort(-dots, kind="stable")[:10].tolist())


def test_a_non_finite_float_row_is_reported_only_when_read(kernels: ModuleType) -> None:
    log = turn_log(200, 16, seed=5)
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    embeddings = log["embeddings"].copy()
    rows, _ = kernels.score_turns_int8(
        log["query"], codes, scales, embeddings, log["turn_ids"], current=200, k=3, rescore=3
    )
    unread = next(row for row in range(200) if row not in set(rows.tolist()))
    # The float32 copy is read for the nominees only: a NaN elsewhere goes unseen ...
    embeddings[unread, 0] = np.nan
    again = kernels.score_turns_int8(
        log["query"], codes, scales, embeddings, log["turn_ids"], current=200, k=3, rescore=3
    )
    assert again[0].tolist() == rows.tolist()
    # ... and one in a nominee is an error naming that row.
    embeddings[rows[1], 2] = np.inf
    with pytest.raises(ValueError, match=f"embeddings: .* in row {rows[1]}"):
        kernels.score_turns_int8(
            log["query"], codes, scales, embeddings, log["turn_ids"], current=200, k=3, rescore=3
        )


def test_an_empty_log(kernels: ModuleType) -> None:
    rows, scores = kernels.score_turns_int8(
        [1.0], np.zeros((0, 1), np.int8), [], np.zeros((0, 1)), [], current=0
    )
    assert rows.shape == (0,)
    assert scores.shape == (0,)


@pytest.mark.skipif(CORE is None, reason="no compiled core")
def test_the_gil_is_released_on_large_logs() -> None:
    import threading

    assert CORE is not None
    log = turn_log(20_000, 128, seed=1)
    codes, scales = CORE.quantize_rows(log["embeddings"])
    results: list[Any] = []

    def run() -> None:
        results.append(
            CORE.score_turns_int8(
                log["query"], codes, scales, log["embeddings"], log["turn_ids"], current=20_000
            )
        )

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4
    for result in results[1:]:
        assert_same(result, results[0])


# ---- differential: every backend against the reference on generated logs ---------------


@st.composite
def logs(draw: st.DrawFn) -> dict[str, Any]:
    rows = draw(st.integers(0, 90))
    dim = draw(st.integers(1, 70))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    values = rng.standard_normal((rows, dim)) * np.exp(rng.uniform(-20, 20, size=(rows, 1)))
    if rows and draw(st.booleans()):
        values[rng.integers(0, rows)] = 0.0
    if rows and draw(st.booleans()):  # duplicate rows: ties broken by the lower row
        values[-1] = values[0]
    sparse = draw(st.booleans())  # hashing-embedder-like rows: few non-zero slots
    if sparse:
        values *= rng.random((rows, dim)) < 0.1
    query = values[0] if rows and draw(st.booleans()) else rng.standard_normal(dim)
    current = rows + draw(st.integers(0, 50))
    forced = sorted(set(rng.integers(0, rows, draw(st.integers(0, 3))).tolist())) if rows else []
    return {
        "query": query.astype(np.float32),
        "embeddings": values.astype(np.float32),
        "turn_ids": np.sort(rng.integers(0, current + 1, rows)),
        "current": current,
        "thread_ids": rng.integers(0, 4, rows),
        "active_thread": draw(st.integers(-1, 3)),
        "forced": forced or None,
        "half_life": draw(st.sampled_from([0.5, 6.0, 1e9])),
        "recency_multiplier": draw(st.sampled_from([0.0, 0.5, 1.0])),
        "recency_bonus": draw(st.sampled_from([0.0, 0.15, -0.3])),
        "thread_bonus": draw(st.sampled_from([0.0, 0.1])),
        "k": draw(st.integers(0, 30)),
        "rescore": draw(st.sampled_from([None, 0, 1, 5, 200])),
    }


@given(log=logs())
@SETTINGS
def test_every_backend_agrees_with_the_reference_on_generated_logs(log: dict[str, Any]) -> None:
    from conftest import BACKEND_IDS, NUMBA

    query, embeddings, ids = log.pop("query"), log.pop("embeddings"), log.pop("turn_ids")
    codes, scales = REFERENCE.quantize_rows(embeddings)
    want = REFERENCE.score_turns_int8(query, codes, scales, embeddings, ids, **log)
    options = {key: value for key, value in log.items() if key != "rescore"}
    every = {**options, "rescore": embeddings.shape[0]}
    backends: list[tuple[str, Any]] = [("python", REFERENCE)]
    if NUMBA is not None:
        backends.append(("numba", NUMBA))
    if CORE is not None:
        backends += [(name, CORE) for name in BACKEND_IDS if name.startswith("cpp")]
    cpp_results = []
    for name, module in backends:
        if name.startswith("cpp"):
            assert CORE is not None
            CORE._set_simd_level(name.removeprefix("cpp-") if name != "cpp" else "best")
        try:
            got_codes, got_scales = module.quantize_rows(embeddings)
            np.testing.assert_array_equal(got_codes, codes)
            assert bits(got_scales) == bits(scales), name
            got = module.score_turns_int8(query, codes, scales, embeddings, ids, **log)
            assert_agrees(got, want)
            # Rescoring every row is the backend's own score_turns, bit for bit.
            exact = module.score_turns(query, embeddings, ids, **options)
            assert_same(
                module.score_turns_int8(query, codes, scales, embeddings, ids, **every), exact
            )
            if name.startswith("cpp"):
                cpp_results.append(got)
        finally:
            if CORE is not None:
                CORE._set_simd_level("best")
    for result in cpp_results[1:]:
        assert_same(result, cpp_results[0])


@pytest.mark.parametrize("k", [1, 10, 12, 31, 32, 48, 100])
def test_every_backend_rescores_the_count_kernels_default_rescore_names(
    kernels: ModuleType, k: int
) -> None:
    # retrieve_turns chooses int8 or float32 by this count: each backend's
    # default rescore gives what the named count gives.
    from multihorizon import kernels as live

    log = turn_log(600, 24, seed=k)
    options = {"k": k, "active_thread": 2, **KNOBS}
    named = int8_call(kernels, log, rescore=live.default_rescore(k), **options)
    assert_same(int8_call(kernels, log, **options), named)
    assert live.default_rescore(k) == k + max(16, k // 2)


# ---- codes kept column by column (Tier P's sparse store, issue 14) --------------------------


def sparse_log(rows: int, dim: int, seed: int) -> dict[str, Any]:
    """A log whose rows are mostly zeros, as the hashing embedder's are on real text."""
    log = turn_log(rows, dim, seed)
    rng = np.random.default_rng(seed + 100)
    log["embeddings"] *= rng.random((rows, dim)) < 0.15
    log["query"] *= rng.random(dim) < 0.15
    log["query"][0] = 1.0  # at least one nonzero code
    return log


def column_codes(codes: np.ndarray, spare: int) -> np.ndarray:
    """``codes`` as a [rows, dim] view of a column-by-column buffer with ``spare`` more rows
    of room (strides (1, rows + spare)), as ``dialogue.int8_codes.Int8Codes`` keeps them."""
    buffer = np.zeros((codes.shape[1], codes.shape[0] + spare), dtype=np.int8)
    buffer[:, : codes.shape[0]] = codes.T
    view = buffer[:, : codes.shape[0]].T
    if min(codes.shape) > 1:  # (a single row or column is both layouts at once)
        assert not view.flags.c_contiguous
        assert view.strides[0] == 1
    return view


@pytest.mark.parametrize("dim", [1, 17, 48, 384])
@pytest.mark.parametrize("rows", [1, 63, 64, 129, 700])
@pytest.mark.parametrize(
    "options",
    [{"k": 10}, {"k": 50, "recency_multiplier": 0.0}, {"k": 5, "forced": [0, 3], **KNOBS}],
    ids=["plain", "no-recency", "forced"],
)
def test_codes_kept_column_by_column_give_the_row_by_row_result(
    kernels: ModuleType, dim: int, rows: int, options: dict[str, Any]
) -> None:
    options = {
        key: [row for row in value if row < rows] if key == "forced" else value
        for key, value in options.items()
    }
    log = sparse_log(rows, dim, seed=dim + rows)
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    arguments = (log["query"], codes, scales, log["embeddings"], log["turn_ids"])
    named = {"current": log["current"], "thread_ids": log["thread_ids"], **options}
    want = kernels.score_turns_int8(*arguments, **named)
    got = kernels.score_turns_int8(log["query"], column_codes(codes, 37), *arguments[2:], **named)
    assert_same(got, want)


@pytest.mark.skipif(CORE is None, reason="no compiled core")
def test_cpp_column_codes_give_the_same_bits_at_every_simd_level() -> None:
    from conftest import BACKEND_IDS

    assert CORE is not None
    log = sparse_log(900, 384, seed=5)
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    columns = column_codes(codes, 100)
    results = []
    for name in (name for name in BACKEND_IDS if name.startswith("cpp")):
        CORE._set_simd_level(name.removeprefix("cpp-") if name != "cpp" else "best")
        try:
            results.append(
                CORE.score_turns_int8(
                    log["query"],
                    columns,
                    scales,
                    log["embeddings"],
                    log["turn_ids"],
                    current=log["current"],
                    k=40,
                    recency_multiplier=0.0,
                )
            )
        finally:
            CORE._set_simd_level("best")
    for result in results[1:]:
        assert_same(result, results[0])


def test_no_recency_term_scores_by_cosine_alone(kernels: ModuleType) -> None:
    """recency_multiplier 0 and recency_bonus 0 (Tier P's exact search): the turn ids do not
    change the result, and the scores are the float32 cosines."""
    log = turn_log(400, 64, seed=9)
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    options = {"k": 30, "recency_multiplier": 0.0, "recency_bonus": 0.0}
    old = kernels.score_turns_int8(
        log["query"], codes, scales, log["embeddings"], np.zeros(400, dtype=np.int64),
        current=0, **options,
    )  # fmt: skip
    new = kernels.score_turns_int8(
        log["query"], codes, scales, log["embeddings"], log["turn_ids"],
        current=log["current"], **options,
    )  # fmt: skip
    assert_same(old, new)
    rows, cosines = kernels.top_k(log["query"], log["embeddings"], 30)
    assert old[0].tolist() == rows.tolist()
    assert bits(old[1]) == bits(cosines)


TIER_P = {"recency_multiplier": 0.0, "recency_bonus": 0.0}  # the score is the cosine alone


@pytest.mark.skipif(CORE is None, reason="no compiled core")
@pytest.mark.parametrize("rows", [1, 3, 5, 127, 130, 901])
@pytest.mark.parametrize("by_column", [False, True], ids=["rows", "columns"])
def test_cpp_cosine_only_pass_gives_the_same_bits_at_every_simd_level(
    rows: int, by_column: bool
) -> None:
    """Tier P's pass (no recency term, no thread, no forced row) makes its int8 cosines four
    rows at a time: the same bits as the scalar level, ties and tails included."""
    from conftest import BACKEND_IDS

    assert CORE is not None
    log = sparse_log(rows, 384, seed=rows)
    log["embeddings"][rows // 2 :: 3] = log["embeddings"][0]  # equal scores: ties by row
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    layout = column_codes(codes, 7) if by_column else codes
    args = (log["query"], layout, scales, log["embeddings"], np.zeros(rows, dtype=np.int64))
    results = []
    for name in (name for name in BACKEND_IDS if name.startswith("cpp")):
        CORE._set_simd_level(name.removeprefix("cpp-") if name != "cpp" else "best")
        try:
            for k, rescore in ((10, None), (rows, None), (4, 0)):
                call = {"current": 0, "k": k, "rescore": rescore, **TIER_P}
                results.append(CORE.score_turns_int8(*args, **call))
        finally:
            CORE._set_simd_level("best")
    for result, first in zip(results[3:], itertools.cycle(results[:3])):
        assert_same(result, first)


def test_cosine_only_pass_agrees_with_the_reference(kernels: ModuleType) -> None:
    log = sparse_log(700, 384, seed=3)
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    for k, rescore in ((10, None), (50, None), (700, None), (6, 0)):
        call = {"current": 0, "k": k, "rescore": rescore, **TIER_P}
        args = (log["query"], codes, scales, log["embeddings"], np.zeros(700, dtype=np.int64))
        got = kernels.score_turns_int8(*args, **call)
        assert_agrees(got, REFERENCE.score_turns_int8(*args, **call))
