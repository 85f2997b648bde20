"""``retrieve_turns``: Tier C's whole ranking in one call, on every backend (issue 14).

Checked against its definition (the embedding channel from ``score_turns``, the lexical
channel from ``bm25_scores``, joined and ranked as ``tiers.conversation`` did stage by stage)
and against the NumPy reference; bad input raises ``ValueError`` naming the argument.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from conftest import REFERENCE


def _log(seed: int, rows: int, dim: int = 24) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    embeddings = rng.standard_normal((rows, dim)).astype(np.float32)
    codes, scales = REFERENCE.quantize_rows(embeddings)
    lengths = rng.integers(1, 6, rows).astype(np.float64)
    lists = [
        np.sort(rng.choice(rows, size, replace=False)) for size in (min(rows, 3), min(rows, 70), 1)
    ]
    return {
        "query": rng.standard_normal(dim).astype(np.float32),
        "codes": codes,
        "scales": scales,
        "embeddings": embeddings,
        "thread_ids": rng.integers(0, 5, rows).astype(np.int32),
        "lengths": lengths,
        "postings": np.concatenate(lists).astype(np.int64),
        "offsets": np.cumsum([0, *map(len, lists)]).astype(np.int64),
        "total_length": float(lengths.sum()),
    }


NEVER_INT8 = 1e18  # rows per rescored row: no log is that long, so always float32

OPTIONS: dict[str, Any] = {
    "active_thread": 2,
    "half_life": 6.0,
    "recency_multiplier": 0.0,
    "recency_bonus": 0.1,
    "thread_bonus": 0.05,
    "k": 12,
    "lexical_pool": 20,
    "lexical_weight": 1.0,
}


def _staged(log: dict[str, Any], forced: list[int]) -> tuple[list[int], int]:
    """The stage-by-stage definition on the reference kernels (float32 channel, dense BM25)."""
    rows = log["embeddings"].shape[0]
    dense = REFERENCE.bm25_scores(log["postings"], log["offsets"], log["lengths"])
    scoring = {key: OPTIONS[key] for key in ("half_life", "recency_multiplier", "recency_bonus")}
    scoring |= {"thread_bonus": OPTIONS["thread_bonus"], "active_thread": OPTIONS["active_thread"]}
    candidates, scores = REFERENCE.score_turns(
        log["query"], log["embeddings"], np.arange(rows), current=rows,
        thread_ids=log["thread_ids"], forced=forced, k=max(OPTIONS["k"], OPTIONS["lexical_pool"]),
        **scoring,
    )  # fmt: skip
    matched = np.flatnonzero(dense)
    best = matched[np.lexsort((matched, -dense[matched]))[: OPTIONS["lexical_pool"]]]
    missing = np.setdiff1d(best, candidates)
    extra, extra_scores = REFERENCE.score_turns(
        log["query"], log["embeddings"][missing], missing, current=rows,
        thread_ids=log["thread_ids"][missing], k=missing.size, **scoring,
    )  # fmt: skip
    candidates = np.concatenate((candidates, missing[extra]))
    fused = np.concatenate((scores, extra_scores)).astype(np.float64)
    fused = fused + dense[candidates] / dense.max()
    is_forced = np.isin(candidates, forced)
    return candidates[np.lexsort((candidates, -fused, ~is_forced))].tolist(), int(is_forced.sum())


def _call(kernels: ModuleType, log: dict[str, Any], **changes: Any) -> tuple[Any, ...]:
    arguments = {**log, **OPTIONS, **changes}
    columns = [arguments.pop(name) for name in ("query", "codes", "scales", "embeddings")]
    columns += [arguments.pop(name) for name in ("thread_ids", "lengths", "postings", "offsets")]
    return tuple(kernels.retrieve_turns(*columns, **arguments))


@pytest.mark.parametrize("forced", [[], [5], [3, 90, 7]])
def test_it_is_the_stages_in_one_call(kernels: ModuleType, forced: list[int]) -> None:
    log = _log(1, 200)
    expected, forced_count = _staged(log, forced)
    rows, scores, leading = _call(kernels, log, forced=forced, int8_rows_per_rescored=NEVER_INT8)
    assert rows.tolist() == expected
    assert leading == forced_count == len(forced)
    assert rows[:leading].tolist() == sorted(forced, key=expected.index)
    assert np.all(np.diff(scores[leading:]) <= 0)


# The kernel's argument order, which Tier C's call (``conversation.retrieve``) passes by
# position: a pybind11 keyword costs two Python strings and lookups each (issue 14).
ORDER = (
    "query", "codes", "scales", "embeddings", "thread_ids", "lengths", "postings", "offsets",
    "total_length", "forced", "active_thread", "half_life", "recency_multiplier",
    "recency_bonus", "thread_bonus", "k", "lexical_pool", "lexical_weight",
    "int8_rows_per_rescored", "k1", "b",
)  # fmt: skip


@pytest.mark.parametrize("per_rescored", [8, NEVER_INT8])
def test_every_argument_may_come_by_position_in_the_kernel_order(
    kernels: ModuleType, per_rescored: float
) -> None:
    log = _log(4, 300)
    changes = {"forced": [7, 120], "int8_rows_per_rescored": per_rescored, "k1": 1.5, "b": 0.5}
    arguments = {**log, **OPTIONS, **changes}
    by_keyword = _call(kernels, log, **changes)
    by_position = kernels.retrieve_turns(*(arguments[name] for name in ORDER))
    assert by_position[0].tolist() == by_keyword[0].tolist()
    assert by_position[1].tolist() == by_keyword[1].tolist()
    assert by_position[2] == by_keyword[2] == 2


@pytest.mark.parametrize("rows", [1, 40, 700, 3000])
@pytest.mark.parametrize("per_rescored", [0, 1, 8, NEVER_INT8])
def test_every_backend_ranks_as_the_reference(
    kernels: ModuleType, rows: int, per_rescored: float
) -> None:
    log = _log(rows, rows)
    for forced in ([], [0], [rows - 1, 0]):
        expected = _call(REFERENCE, log, forced=forced, int8_rows_per_rescored=per_rescored)
        found = _call(kernels, log, forced=forced, int8_rows_per_rescored=per_rescored)
        assert found[0].tolist() == expected[0].tolist()
        np.testing.assert_allclose(found[1], expected[1], rtol=1e-6, atol=1e-7)
        assert found[2] == expected[2]


def _decoyed(rows: int, decoys: int) -> dict[str, Any]:
    """A log whose int8 codes disagree with its float32 rows: the first ``decoys`` rows
    match the query in int8 and oppose it in float32, every other row is zero in int8.
    So the int8 prefilter returns only decoys and float32 scoring never does."""
    log = _log(7, rows)
    log["embeddings"][:decoys] = -log["query"]
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    codes[decoys:] = 0
    codes[:decoys], scales[:decoys] = REFERENCE.quantize_rows(log["query"][None, :])
    return log | {"codes": codes, "scales": scales}


@pytest.mark.parametrize("per_rescored", [8, 3])
def test_int8_prefilter_runs_from_rows_per_rescored_row_times_the_rescore(
    kernels: ModuleType, per_rescored: int
) -> None:
    # SPEC-028 §3.1 leaves the scoring path open; int8 only pays on logs several times the
    # rescored count (bench/int8_rescore.py), so the threshold is an argument Tier C sets.
    from multihorizon.kernels import default_rescore

    threshold = per_rescored * default_rescore(OPTIONS["k"])  # no lexical pool: pool == k
    decoys = set(range(default_rescore(OPTIONS["k"]) + 10))
    for rows, int8_expected in ((threshold - 1, False), (threshold, True)):
        log = _decoyed(rows, len(decoys))
        found, _, _ = _call(kernels, log, lexical_weight=0.0, int8_rows_per_rescored=per_rescored)
        assert set(found.tolist()) <= decoys if int8_expected else not decoys & set(found.tolist())


def test_without_postings_or_weight_only_the_embedding_channel_counts(
    kernels: ModuleType,
) -> None:
    log = _log(2, 300)
    ids = np.arange(300)
    scoring = {key: value for key, value in OPTIONS.items() if "lexical" not in key}
    alone, scores = REFERENCE.score_turns(
        log["query"], log["embeddings"], ids, current=300, thread_ids=log["thread_ids"], **scoring
    )
    empty = {"postings": np.empty(0, np.int64), "offsets": np.zeros(1, np.int64)}
    for changes in (empty, {"lexical_weight": 0.0}):
        rows, fused, leading = _call(kernels, log, int8_rows_per_rescored=NEVER_INT8, **changes)
        assert rows.tolist() == alone.tolist()
        np.testing.assert_allclose(fused, scores, rtol=1e-6)
        assert leading == 0


def test_lexical_ties_go_to_the_lower_turn(kernels: ModuleType) -> None:
    rows = 64
    log = _log(3, rows)
    log["lengths"][:] = 2.0
    log["total_length"] = 2.0 * rows
    log["postings"] = np.arange(10, 40, dtype=np.int64)  # 30 equal BM25 scores
    log["offsets"] = np.array([0, 30], np.int64)
    log["embeddings"][:] = log["embeddings"][0]  # equal relevance: recency decides the rest
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    log |= {"codes": codes, "scales": scales, "thread_ids": np.zeros(rows, np.int32)}
    rows_found, _, _ = _call(kernels, log, k=2, lexical_pool=5, active_thread=-1)
    assert set(range(10, 15)) <= set(rows_found.tolist())
    assert not set(range(15, 40)) & set(rows_found.tolist())


def _bad(log: dict[str, Any], name: str, value: npt.ArrayLike) -> dict[str, Any]:
    return {**log, name: value}


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("postings", np.array([0, 500], np.int64), "postings"),
        ("offsets", np.array([0, 1], np.int64), "offsets"),
        ("embeddings", np.zeros((5, 24), np.float32), "embeddings"),
        ("codes", np.zeros((200, 24), np.int16), "codes"),
    ],
)
def test_bad_columns_raise_naming_them(
    kernels: ModuleType, name: str, value: npt.ArrayLike, message: str
) -> None:
    log = _log(4, 200)
    if name == "postings":
        log["offsets"] = np.array([0, 2], np.int64)
    with pytest.raises(ValueError, match=message):
        _call(kernels, _bad(log, name, value))


@pytest.mark.parametrize("forced", [[200], [-1]])
def test_forced_rows_outside_the_log_raise(kernels: ModuleType, forced: list[int]) -> None:
    with pytest.raises(ValueError, match="forced"):
        _call(kernels, _log(5, 200), forced=forced)


def test_a_non_finite_row_read_raises(kernels: ModuleType) -> None:
    log = _log(6, 100)
    log["embeddings"][:] = np.nan
    with pytest.raises(ValueError, match="embeddings"):
        _call(kernels, log, int8_rows_per_rescored=NEVER_INT8)


def test_no_bm25_is_left_over_from_an_earlier_call(kernels: ModuleType) -> None:
    # The C++ kernel sums BM25 in a per-thread row it reuses between calls and reads a row's
    # BM25 from it: a call that raised half way, or one over other postings, must leave it
    # as it found it (all zeros), or the next turn's ranking would carry their sums.
    log = _log(8, 300)
    expected = _call(REFERENCE, log)
    broken = {**log, "embeddings": np.full_like(log["embeddings"], np.nan)}
    with pytest.raises(ValueError, match="embeddings"):
        _call(kernels, broken, int8_rows_per_rescored=NEVER_INT8)
    other = _log(9, 300)
    _call(kernels, other)
    for _ in range(2):
        found = _call(kernels, log)
        assert found[0].tolist() == expected[0].tolist()
        np.testing.assert_allclose(found[1], expected[1], rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("forced", [[], [2999], [4, 2950]])
def test_int8_nominee_ties_go_to_the_lower_turn(kernels: ModuleType, forced: list[int]) -> None:
    # The C++ int8 pass keeps its nominees as integer keys (score bits, then the row
    # inverted): equal scores must still keep the lowest turns, as the reference's order
    # does. 120 copies of the query, spread over every block, tie in int8 and in float32 and
    # outnumber the rescore, so only the turn decides which are kept.
    log = _log(10, 3000)
    copies = np.linspace(0, 2999, 120).astype(np.int64)
    log["embeddings"][copies] = log["query"]
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    log |= {"codes": codes, "scales": scales}
    flat = {"recency_bonus": 0.0, "thread_bonus": 0.0, "lexical_weight": 0.0}
    expected = _call(REFERENCE, log, forced=forced, **flat)
    found = _call(kernels, log, forced=forced, **flat)
    assert found[0].tolist() == expected[0].tolist()
    unforced = [row for row in copies.tolist() if row not in forced]
    assert found[0][len(forced) :].tolist() == unforced[: OPTIONS["k"] - len(forced)]


def test_int8_nominees_rank_as_the_reference_when_every_score_is_negative(
    kernels: ModuleType,
) -> None:
    # Negative scores order by their keys in reverse of their bits: a log turned away from
    # the query (every cosine near -1, each a little different) must rank as the reference.
    log = _log(11, 3000)
    noise = np.random.default_rng(11).standard_normal(log["embeddings"].shape)
    log["embeddings"][:] = -log["query"] + 0.2 * noise.astype(np.float32)
    codes, scales = REFERENCE.quantize_rows(log["embeddings"])
    log |= {"codes": codes, "scales": scales}
    flat = {"recency_bonus": 0.0, "thread_bonus": 0.0, "lexical_weight": 0.0}
    expected = _call(REFERENCE, log, **flat)
    found = _call(kernels, log, **flat)
    assert np.all(expected[1] < 0)
    assert found[0].tolist() == expected[0].tolist()
