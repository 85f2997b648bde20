"""``retrieve_turns`` over a column-major int8 copy, as ``TurnLog`` keeps it (issue 14).

The int8 scan of a column-major log reads only the columns where the query's code is not
zero; the dot products are the same integers, so every backend must return exactly what it
returns for the same codes row by row, and what the reference returns: the same rows, the
same score bits, the same forced count. Checked on the cases where a shortcut would show:
sparse (hashing-like) and dense rows, near-duplicate rows, every code equal, a zero query,
k above the rows, odd dimensions, row counts off every block size, int32 and int64 threads.
On real text (``../shared/data``), the log built by ``TurnLog`` and scanned in place keeps
recall@10 against float32 exact >= 0.999.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import shared_data
from conftest import REFERENCE

ALWAYS_INT8 = 0.0  # rows per rescored row: every log takes the int8 scan
NEVER_INT8 = 1e18

OPTIONS: dict[str, Any] = {
    "half_life": 6.0,
    "recency_multiplier": 0.0,
    "recency_bonus": 0.15,
    "thread_bonus": 0.1,
    "lexical_pool": 48,
    "lexical_weight": 1.0,
}


def column_major(codes: npt.NDArray[np.int8], spare: int = 37) -> npt.NDArray[np.int8]:
    """``codes`` as TurnLog keeps them: the transpose of a wider [dim, capacity] buffer."""
    rows, dim = codes.shape
    buffer = np.full((dim, rows + spare), 99, dtype=np.int8)  # capacity past the rows
    buffer[:, :rows] = codes.T
    view = buffer[:, :rows].T
    assert view.strides == (1, rows + spare)
    return view


def _sparse_rows(rng: np.random.Generator, rows: int, dim: int) -> npt.NDArray[np.float32]:
    """Hashing-embedder-like rows: a few signed nonzero slots each."""
    matrix = np.zeros((rows, dim), dtype=np.float32)
    for row in range(rows):
        slots = rng.choice(dim, int(rng.integers(1, max(2, dim // 6))), replace=False)
        matrix[row, slots] = rng.standard_normal(slots.size)
    return matrix


def _case(name: str, rows: int, dim: int, seed: int = 14) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    if name == "sparse":
        embeddings = _sparse_rows(rng, rows, dim)
        query = _sparse_rows(rng, 1, dim)[0]
    elif name == "near-duplicates":  # one row, repeated with noise below a code step
        base = rng.standard_normal(dim).astype(np.float32)
        embeddings = base + rng.standard_normal((rows, dim)).astype(np.float32) * 1e-4
        query = base.copy()
    elif name == "equal-codes":  # every row the same direction: every dot product ties
        embeddings = np.tile(rng.standard_normal(dim).astype(np.float32), (rows, 1))
        embeddings *= rng.uniform(0.5, 2.0, (rows, 1)).astype(np.float32)
        query = embeddings[0].copy()
    elif name == "zero-query":
        embeddings = rng.standard_normal((rows, dim)).astype(np.float32)
        query = np.zeros(dim, dtype=np.float32)
    else:
        embeddings = rng.standard_normal((rows, dim)).astype(np.float32)
        query = rng.standard_normal(dim).astype(np.float32)
    codes, scales = REFERENCE.quantize_rows(embeddings)
    lengths = rng.integers(1, 6, rows).astype(np.float64)
    lists = [np.sort(rng.choice(rows, min(rows, size), replace=False)) for size in (3, 40)]
    return {
        "query": query,
        "codes": codes,
        "scales": scales,
        "embeddings": np.ascontiguousarray(embeddings),
        "thread_ids": (np.arange(rows) // 7).astype(np.int32),
        "lengths": lengths,
        "postings": np.concatenate(lists).astype(np.int64),
        "offsets": np.cumsum([0, *map(len, lists)]).astype(np.int64),
        "total_length": float(lengths.sum()),
    }


def _retrieve(kernels: ModuleType, case: dict[str, Any], codes: Any, **options: Any) -> Any:
    columns = (case["embeddings"], case["thread_ids"], case["lengths"])
    return kernels.retrieve_turns(
        case["query"],
        codes,
        case["scales"],
        *columns,
        case["postings"],
        case["offsets"],
        total_length=case["total_length"],
        **{**OPTIONS, **options},
    )


def _same(a: Any, b: Any) -> None:
    """One backend's two layouts: the same rows, the same score bits, the same count."""
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1].view(np.int64), b[1].view(np.int64))
    assert a[2] == b[2]


def _as_reference(found: Any, expected: Any) -> None:
    """Against the reference: the same rows and count; scores as test_retrieve_turns
    compares them (its float32 cosine may round a last bit differently)."""
    assert found[0].tolist() == expected[0].tolist()
    np.testing.assert_allclose(found[1], expected[1], rtol=1e-6, atol=1e-7)
    assert found[2] == expected[2]


CASES = [
    ("dense", 1000, 384),
    ("sparse", 1000, 384),
    ("sparse", 333, 50),  # rows off every block size, an odd dimension
    ("dense", 130, 17),
    ("near-duplicates", 700, 64),
    ("equal-codes", 300, 32),
    ("zero-query", 200, 24),
    ("dense", 5, 8),  # k above the rows
    ("sparse", 1, 12),
]


@pytest.mark.parametrize(("name", "rows", "dim"), CASES)
@pytest.mark.parametrize("lexical_weight", [0.0, 1.0])
def test_column_major_codes_rank_as_row_major_and_the_reference(
    kernels: ModuleType, name: str, rows: int, dim: int, lexical_weight: float
) -> None:
    case = _case(name, rows, dim)
    forced = [0, rows - 1] if rows > 1 else [0]
    options = {
        "forced": forced,
        "active_thread": 3,
        "k": 10,
        "lexical_weight": lexical_weight,
        "int8_rows_per_rescored": ALWAYS_INT8,
    }
    by_rows = _retrieve(kernels, case, case["codes"], **options)
    by_columns = _retrieve(kernels, case, column_major(case["codes"]), **options)
    _same(by_columns, by_rows)
    _as_reference(by_columns, _retrieve(REFERENCE, case, case["codes"], **options))


@pytest.mark.parametrize("threads", [np.int32, np.int64])
@pytest.mark.parametrize("active_thread", [-1, 0, 40, 2**40])
def test_active_threads_of_either_width_rank_as_the_reference(
    kernels: ModuleType, threads: type, active_thread: int
) -> None:
    case = _case("sparse", 600, 96, seed=3)
    case["thread_ids"] = (np.arange(600) // 13).astype(threads)
    options = {"active_thread": active_thread, "k": 12, "int8_rows_per_rescored": ALWAYS_INT8}
    got = _retrieve(kernels, case, column_major(case["codes"]), **options)
    _as_reference(got, _retrieve(REFERENCE, case, case["codes"], **options))


def test_the_column_view_is_read_in_place_not_copied(kernels: ModuleType) -> None:
    """The spare capacity past the rows holds codes no row has (99): a scan that read past
    its rows, or a copy that kept the buffer's width, would rank differently."""
    case = _case("dense", 257, 40, seed=9)
    options = {"k": 10, "int8_rows_per_rescored": ALWAYS_INT8}
    view = column_major(case["codes"], spare=500)
    _same(
        _retrieve(kernels, case, view, **options),
        _retrieve(kernels, case, case["codes"], **options),
    )


# ---- real text: the log TurnLog builds, scanned in place --------------------------------

LOG_TURNS = 10_000


@pytest.fixture(scope="module")
def real_log() -> dict[str, Any]:
    import json

    from multihorizon import kernels

    texts: list[str] = []
    probes: list[str] = []
    for name in ("locomo", "sgd"):
        with (shared_data.data_dir() / f"{name}.jsonl").open(encoding="utf-8") as lines:
            for line in lines:
                conversation = json.loads(line)
                texts += [
                    turn["content"] for turn in conversation["turns"] if turn["content"].strip()
                ]
                probes += [probe["query"] for probe in conversation["probes"]]
                if len(texts) >= LOG_TURNS and len(probes) >= 300:
                    break
    texts = texts[:LOG_TURNS]
    embeddings = kernels.hash_embed(texts)
    codes, scales = kernels.quantize_rows(embeddings)
    return {
        "embeddings": embeddings,
        "codes": column_major(codes),
        "scales": scales,
        "queries": kernels.hash_embed(probes[:300]),
    }


@pytest.mark.data
def test_recall_at_10_of_the_column_scan_on_real_text(real_log: dict[str, Any]) -> None:
    from multihorizon import kernels

    rows = real_log["embeddings"].shape[0]
    threads = (np.arange(rows) // 20).astype(np.int32)
    none = np.zeros(0, dtype=np.int64)
    rng = np.random.default_rng(14)
    found = wanted = 0
    for query in real_log["queries"]:
        options = {
            **OPTIONS,
            "lexical_weight": 0.0,
            "k": 10,
            "active_thread": int(rng.integers(0, rows // 20)),
            "total_length": 1.0,
        }
        columns = (real_log["embeddings"], threads, np.ones(rows), none, np.zeros(1, np.int64))
        exact = kernels.retrieve_turns(
            query, real_log["codes"], real_log["scales"], *columns,
            int8_rows_per_rescored=NEVER_INT8, **options,
        )  # fmt: skip
        scanned = kernels.retrieve_turns(
            query, real_log["codes"], real_log["scales"], *columns,
            int8_rows_per_rescored=ALWAYS_INT8, **options,
        )  # fmt: skip
        found += len(set(exact[0].tolist()) & set(scanned[0].tolist()))
        wanted += len(exact[0])
    assert found / wanted >= 0.999, f"recall@10 {found / wanted:.4f}"


def _append_all(log: Any, vectors: npt.NDArray[np.float32]) -> None:
    from multihorizon.dialogue.features import analyse
    from multihorizon.text.lexicon import default_lexicon

    features = analyse("a turn", "user", default_lexicon())
    for turn_id, vector in enumerate(vectors):
        log.append(
            role="user",
            content="a turn",
            embedding=vector,
            timestamp="2026-01-01T00:00:00.000000Z",
            thread="t",
            thread_index=turn_id % 3,
            features=features,
        )


@pytest.mark.parametrize("sparse", [True, False])
def test_turn_log_keeps_sparse_codes_by_column_and_dense_by_row(sparse: bool) -> None:
    from multihorizon import kernels
    from multihorizon.dialogue.turnlog import TurnLog

    rng = np.random.default_rng(5)
    vectors = _sparse_rows(rng, 150, 48) if sparse else rng.standard_normal((150, 48))
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    log = TurnLog(48)
    _append_all(log, vectors)  # grows past its first capacity twice
    codes, _ = kernels.quantize_rows(vectors)
    np.testing.assert_array_equal(log.codes, codes)
    assert (log.codes.strides[0] == 1) is sparse
    assert log.codes.flags.c_contiguous is not sparse
