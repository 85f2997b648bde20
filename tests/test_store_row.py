"""``store_row``: one turn's row, int8 codes and scale written into the turn log's columns in
one call (issue 14: ``TurnLog.append`` made a ``quantize_rows`` call, two arrays and three
writes). On every backend it writes what ``quantize_rows`` makes, into the row (or column)
asked for and nowhere else; the backends write the same bytes; a refused argument writes
nothing; and the turn log's appends go through it."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.dialogue.features import analyse
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.text.lexicon import default_lexicon

BACKENDS = _backend.available()


def _module(name: str) -> ModuleType:
    return _backend.load(name)


def _rows(dim: int, seed: int) -> list[np.ndarray]:
    """Rows that exercise the quantizer: random, sparse, a zero row, a one-hot row, values
    whose quotient is a half exactly (ties round to even), tiny and huge magnitudes."""
    rng = np.random.default_rng(seed)
    dense = rng.standard_normal(dim).astype(np.float32)
    sparse = np.where(rng.random(dim) < 0.85, 0.0, rng.standard_normal(dim)).astype(np.float32)
    ties = np.zeros(dim, dtype=np.float32)
    ties[0] = 254.0  # peak: quotients x * 127 / 254 = x / 2
    ties[1:] = np.arange(1, dim, dtype=np.float32) % 7  # 0.5, 1.0, 1.5, ...: halves
    one_hot = np.zeros(dim, dtype=np.float32)
    one_hot[dim // 2] = -3.0
    return [
        dense,
        sparse,
        np.zeros(dim, dtype=np.float32),
        one_hot,
        ties,
        dense * np.float32(1e-30),
        dense * np.float32(1e30),
    ]


def _buffers(dim: int, capacity: int, by_column: bool) -> tuple[Any, Any, Any]:
    """Buffers filled with sentinels, so a write outside the asked row shows."""
    embeddings = np.full((capacity, dim), 7.0, dtype=np.float32)
    codes = np.full((dim, capacity) if by_column else (capacity, dim), 99, dtype=np.int8)
    scales = np.full(capacity, 5.0, dtype=np.float32)
    return embeddings, codes, scales


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("by_column", [False, True])
@pytest.mark.parametrize("dim", [1, 7, 16, 33, 384])
def test_writes_what_quantize_rows_makes_at_the_row_asked(
    backend_name: str, by_column: bool, dim: int
) -> None:
    module = _module(backend_name)
    capacity = 9
    for index, row in enumerate(_rows(dim, seed=dim)):
        at = (3 * index) % capacity
        embeddings, codes, scales = _buffers(dim, capacity, by_column)
        before = (embeddings.copy(), codes.copy(), scales.copy())
        assert module.store_row(row, embeddings, codes, scales, at, by_column) is None
        want_codes, want_scales = module.quantize_rows(row[None, :])
        stored_codes = codes[:, at] if by_column else codes[at]
        assert np.array_equal(stored_codes, want_codes[0])
        assert scales[at] == want_scales[0]
        assert np.array_equal(embeddings[at], row)
        others = np.arange(capacity) != at
        assert np.array_equal(embeddings[others], before[0][others])
        assert np.array_equal(scales[others], before[2][others])
        kept = codes[:, others] if by_column else codes[others]
        was = before[1][:, others] if by_column else before[1][others]
        assert np.array_equal(kept, was)


@pytest.mark.parametrize("by_column", [False, True])
def test_every_backend_writes_the_same_bytes(by_column: bool) -> None:
    dim, capacity = 384, 5
    written = {}
    for name in BACKENDS:
        module = _module(name)
        buffers = _buffers(dim, capacity, by_column)
        for index, row in enumerate(_rows(dim, seed=11)[:capacity]):
            module.store_row(row, *buffers, index, by_column)
        written[name] = [buffer.tobytes() for buffer in buffers]
    reference = written["python"]
    for name, buffers in written.items():
        assert buffers == reference, name


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_a_row_that_is_a_view_of_the_buffer_it_goes_to_is_stored_as_it_was(
    backend_name: str,
) -> None:
    dim, capacity = 16, 3
    embeddings, codes, scales = _buffers(dim, capacity, False)
    embeddings[:] = np.arange(capacity * dim, dtype=np.float32).reshape(capacity, dim)
    row = embeddings.ravel()[3 : 3 + dim]  # rows 0 and 1 of the buffer, overlapping row 1
    expected = row.copy()
    _module(backend_name).store_row(row, embeddings, codes, scales, 1, False)
    np.testing.assert_array_equal(embeddings[1], expected)


def _refusals(dim: int, capacity: int) -> list[tuple[str, dict[str, Any], type]]:
    embeddings, codes, scales = _buffers(dim, capacity, False)
    read_only = embeddings.copy()
    read_only.flags.writeable = False
    bad_row = np.ones(dim, dtype=np.float32)
    bad_row[2] = np.nan
    return [
        ("row", {"row": bad_row}, ValueError),
        ("row", {"row": np.ones(dim + 1, dtype=np.float32)}, ValueError),
        ("row", {"row": np.ones((1, dim), dtype=np.float32)}, ValueError),
        ("embeddings", {"embeddings": read_only}, ValueError),
        ("embeddings", {"embeddings": embeddings.astype(np.float64)}, ValueError),
        ("embeddings", {"embeddings": embeddings[:, ::2]}, ValueError),
        ("embeddings", {"embeddings": [[0.0] * dim] * capacity}, ValueError),
        ("codes", {"codes": codes.astype(np.int16)}, ValueError),
        ("codes", {"codes": codes.T.copy()}, ValueError),  # the other layout's shape
        ("codes", {"codes": codes[:-1]}, ValueError),
        ("scales", {"scales": scales[:-1]}, ValueError),
        ("scales", {"scales": scales.reshape(1, capacity)}, ValueError),
        ("at", {"at": capacity}, ValueError),
        ("at", {"at": -1}, ValueError),
        ("at", {"at": True}, TypeError),
        ("at", {"at": 1.0}, TypeError),
    ]


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_a_refused_argument_writes_nothing(backend_name: str) -> None:
    module = _module(backend_name)
    dim, capacity = 8, 4
    for name, change, error in _refusals(dim, capacity):
        embeddings, codes, scales = _buffers(dim, capacity, False)
        arguments = {
            "row": np.linspace(-1.0, 1.0, dim, dtype=np.float32),
            "embeddings": embeddings,
            "codes": codes,
            "scales": scales,
            "at": 1,
        }
        arguments.update(change)
        with pytest.raises(error, match=f"^{name}: "):
            module.store_row(*arguments.values(), False)
        assert (embeddings == 7.0).all()
        assert (codes == 99).all()
        assert (scales == 5.0).all()


def _append(log: TurnLog, text: str, vector: Any) -> None:
    features = analyse(text, "user", default_lexicon())
    log.append(
        role="user",
        content=text,
        embedding=vector,
        timestamp="2026-01-01T00:00:00Z",
        thread="t",
        thread_index=0,
        entities=features.terms,
        features=features,
    )


@pytest.mark.parametrize("dense", [False, True])
def test_the_log_stores_each_turn_after_the_first_in_one_call(
    dense: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both layouts (hashing vectors are sparse: column by column; dense ones row by row),
    across the log's growth: each turn after the first is one ``store_row`` call, and the
    log's int8 copy is ``quantize_rows`` of its embeddings."""
    embedder = mh.HashingEmbedder()
    texts = [f"turn {n} about the etcd restart and replica {n % 7}" for n in range(150)]
    vectors = embedder.embed(texts)
    if dense:
        vectors = vectors + np.float32(0.01)  # no zero codes: the row layout
    calls: list[int] = []
    store = kernels.store_row

    def counted(*args: Any) -> None:
        calls.append(args[4])
        store(*args)

    monkeypatch.setattr(kernels, "store_row", counted)
    log = TurnLog(embedder.dim)
    for text, vector in zip(texts, vectors, strict=True):
        _append(log, text, vector)
    assert calls == list(range(1, len(texts)))
    assert log.codes.flags.c_contiguous is dense  # the layout chosen: a row-major view or not
    codes, scales = kernels.quantize_rows(log.embeddings)
    assert np.array_equal(log.codes, codes)
    assert np.array_equal(log.scales, scales)
    assert np.array_equal(log.embeddings, vectors)


def test_tier_c_columns_are_the_properties_views_on_a_live_and_a_restored_log() -> None:
    """``TurnLog.tier_c_columns`` (Tier C's arguments in one call) gives what the properties
    give, on a live log and on one restored from its state (whose int8 copy and pair columns
    are made when first read)."""
    embedder = mh.HashingEmbedder()
    texts = [f"turn {n}: the {('kafka', 'etcd', 'nginx')[n % 3]} lag again" for n in range(40)]
    live = TurnLog(embedder.dim)
    for text, vector in zip(texts, embedder.embed(texts), strict=True):
        _append(live, text, vector)
    restored = TurnLog(embedder.dim)
    restored.restore(live.state(), lambda text, role: analyse(text, role, default_lexicon()))
    for log in (live, restored):
        rows, pairs = log.tier_c_columns()
        want = (log.codes, log.scales, log.embeddings, log.thread_index, log.lengths)
        assert len(rows) == len(want)
        for got, expected in zip(rows, want, strict=True):
            assert got.dtype == expected.dtype
            assert got.shape == expected.shape == (len(log), *expected.shape[1:])
            assert np.array_equal(got, expected)
        for got, expected in zip(pairs, log.pair_columns(), strict=True):
            assert np.array_equal(got, expected)
    assert np.array_equal(restored.tier_c_columns()[0][0], live.codes)
