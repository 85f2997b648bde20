"""The int8 pass over codes kept column by column (Tier P's store, Tier C's sparse log) on
every backend and SIMD level, at the edges of the native loops (issue 14): the AVX-512 VNNI
pass takes 128 rows, then 64, then one at a time, and the query's nonzero columns four at a
time (padded with zero weights), on codes biased to unsigned bytes; the AVX2 pass takes 64
rows and two columns. Integer dot products are exact, so the nominees are the rows with the
largest dots on every backend and every level, and the C++ levels give the same bits.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conftest import BACKEND_IDS, CORE, REFERENCE

# Rows on each side of the VNNI pass's 64- and 128-row steps and of the scan's 128-row blocks.
ROWS = [1, 3, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 300]
# Nonzero query codes: each remainder modulo four (the padding), and a dense query.
NONZERO = [1, 2, 3, 4, 5, 7, 8, 384]


def column_view(codes: np.ndarray, spare: int) -> np.ndarray:
    """``codes`` as a [rows, dim] view of a column-by-column buffer with ``spare`` rows of
    room (strides (1, rows + spare)), as ``dialogue.int8_codes.Int8Codes`` keeps them."""
    buffer = np.zeros((codes.shape[1], codes.shape[0] + spare), dtype=np.int8)
    buffer[:, : codes.shape[0]] = codes.T
    return buffer[:, : codes.shape[0]].T


def extreme_log(rows: int, nonzero: int, seed: int) -> dict[str, Any]:
    """Codes over the whole int8 range (-128 included, which quantize_rows never makes, and
    the biased pass maps to 0), a query with ``nonzero`` codes of +-127 or small, and equal
    scales, so that the nominees are the rows with the largest integer dots."""
    dim = 384
    rng = np.random.default_rng(seed)
    codes = rng.integers(-128, 128, size=(rows, dim), dtype=np.int8)
    codes[0] = -128
    if rows > 1:
        codes[1] = 127
    query = np.zeros(dim, dtype=np.float32)
    columns = rng.choice(dim, size=nonzero, replace=False)
    query[columns] = rng.choice([-1.0, 1.0, 0.5, -0.25], size=nonzero).astype(np.float32)
    query[columns[0]] = 1.0  # the peak: code 127
    return {
        "query": query,
        "codes": codes,
        "scales": np.full(rows, 1e-3, dtype=np.float32),
        "embeddings": rng.standard_normal((rows, dim)).astype(np.float32),
        "turn_ids": np.arange(rows, dtype=np.int64),
    }


def nominees_by_dots(log: dict[str, Any], count: int) -> list[int]:
    """The ``count`` rows with the largest integer dots with the query's codes, ties to the
    lower row (the int8 pass's order when every scale is equal and recency is off)."""
    query_codes = REFERENCE.quantize_rows(log["query"][None, :])[0][0].astype(np.int64)
    dots = log["codes"].astype(np.int64) @ query_codes
    return sorted(np.argsort(-dots, kind="stable")[:count].tolist())


def scan(kernels: ModuleType, log: dict[str, Any], codes: np.ndarray, k: int) -> Any:
    return kernels.score_turns_int8(
        log["query"],
        codes,
        log["scales"],
        log["embeddings"],
        log["turn_ids"],
        current=len(log["turn_ids"]),
        k=k,
        rescore=k,
        recency_multiplier=0.0,
    )


@pytest.mark.parametrize("nonzero", NONZERO)
@pytest.mark.parametrize("rows", ROWS)
def test_the_nominees_are_the_rows_with_the_largest_dots(
    kernels: ModuleType, rows: int, nonzero: int
) -> None:
    log = extreme_log(rows, nonzero, seed=rows * 1000 + nonzero)
    k = min(rows, 12)
    labels, _ = scan(kernels, log, column_view(log["codes"], 29), k)
    assert sorted(labels.tolist()) == nominees_by_dots(log, k)


@pytest.mark.skipif(CORE is None, reason="no compiled core")
@pytest.mark.parametrize("nonzero", [1, 3, 6, 150, 384])
@pytest.mark.parametrize("rows", [65, 129, 193, 1000])
def test_cpp_levels_give_the_same_bits_by_column_and_by_row(rows: int, nonzero: int) -> None:
    assert CORE is not None
    log = extreme_log(rows, nonzero, seed=rows + nonzero)
    columns = column_view(log["codes"], 7)
    results = []
    for name in (name for name in BACKEND_IDS if name.startswith("cpp")):
        CORE._set_simd_level(name.removeprefix("cpp-") if name != "cpp" else "best")
        try:
            for codes in (columns, log["codes"]):
                results.append(scan(CORE, log, codes, 40))
        finally:
            CORE._set_simd_level("best")
    first_labels, first_scores = results[0]
    for labels, scores in results[1:]:
        assert labels.tolist() == first_labels.tolist()
        assert scores.view(np.uint32).tolist() == first_scores.view(np.uint32).tolist()
