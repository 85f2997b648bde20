"""Every compiled backend agrees with the NumPy reference on generated inputs.

Tolerances are explicit: cosine-derived scores may differ by float32 accumulation error
(about dim * 2**-24, bounded here by 1e-4), recency by 1e-6 relative, hashing embeddings by
1e-6 absolute; marker hits must be identical.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from conftest import REFERENCE, fast_backends
from multihorizon._unicode_py import words as folded_words

COSINE_TOLERANCE = 1e-4
FAST = fast_backends()
pytestmark = pytest.mark.skipif(not FAST, reason="no compiled backend to compare")
backends = pytest.mark.parametrize(
    "backend", [module for _, module in FAST], ids=[n for n, _ in FAST]
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

finite = st.floats(-1e3, 1e3, allow_nan=False, width=32)
words = st.sampled_from(
    [
        "go",
        "on",
        "more",
        "moreover",
        "it",
        "edit",
        "back",
        "to",
        "Back",
        "TO",
        "ΣΊΣΥΦΟΣ",
        "σίσυφος",
        "straße",
        "İ",
        "_",
        "x1",
        "über",
        "🙂",
        "what",
        "do",
        "you",
        "mean",
    ]
)
separators = st.sampled_from([" ", "  ", ", ", "-", "--", "\n", ".", "'", "\t", "…", "\ud800"])


@st.composite
def texts(draw: st.DrawFn, max_words: int = 30) -> str:
    parts = draw(st.lists(st.tuples(words, separators), max_size=max_words))
    prefix = draw(st.sampled_from(["", " ", "!", "🙂"]))
    return prefix + "".join(w + s for w, s in parts)


@st.composite
def matrices(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    dim = draw(st.integers(1, 70))
    rows = draw(st.integers(0, 40))
    query = draw(hnp.arrays(np.float32, dim, elements=finite))
    matrix = draw(hnp.arrays(np.float32, (rows, dim), elements=finite))
    return query, matrix


@backends
@SETTINGS
@given(
    phrases=st.lists(st.tuples(texts(max_words=3), st.integers(-5, 5)), max_size=12),
    text=texts(),
)
def test_markers_agree(backend: ModuleType, phrases: list[tuple[str, int]], text: str) -> None:
    usable = [(p, c) for p, c in phrases if folded_words(p)]
    assert backend.MarkerMatcher(usable).find(text) == REFERENCE.MarkerMatcher(usable).find(text)


@backends
@SETTINGS
@given(data=matrices(), k=st.integers(0, 45), threshold=st.floats(-1, 1))
def test_similarity_agrees(
    backend: ModuleType, data: tuple[np.ndarray, np.ndarray], k: int, threshold: float
) -> None:
    query, matrix = data
    want = REFERENCE.cosine_scores(query, matrix)
    np.testing.assert_allclose(backend.cosine_scores(query, matrix), want, atol=COSINE_TOLERANCE)
    indices, scores = backend.top_k(query, matrix, k)
    want_indices, want_scores = REFERENCE.top_k(query, matrix, k)
    assert len(indices) == len(want_indices) == min(k, len(matrix))
    np.testing.assert_allclose(scores, want_scores, atol=COSINE_TOLERANCE)
    np.testing.assert_allclose(want[indices], want_scores, atol=2 * COSINE_TOLERANCE)
    index, score = backend.best_above(query, matrix, threshold)
    want_index, want_score = REFERENCE.best_above(query, matrix, threshold)
    if len(matrix) == 0:
        assert (index, score) == (want_index, want_score)
    else:
        assert score == pytest.approx(want_score, abs=COSINE_TOLERANCE)
        if abs(want_score - threshold) > COSINE_TOLERANCE:
            assert (index >= 0) == (want_index >= 0)
        if index >= 0:
            assert want[index] == pytest.approx(want_score, abs=2 * COSINE_TOLERANCE)


@backends
@SETTINGS
@given(
    ages=st.lists(st.integers(0, 5000), max_size=60),
    half_life=st.floats(0.05, 5000),
)
def test_recency_agrees(backend: ModuleType, ages: list[int], half_life: float) -> None:
    current = 5000
    ids = np.array([current - a for a in ages], dtype=np.int64)
    ours = backend.recency_weights(ids, current, half_life)
    want = REFERENCE.recency_weights(ids, current, half_life)
    np.testing.assert_array_equal(ours == 0, want == 0)
    np.testing.assert_allclose(ours, want, rtol=1e-6, atol=0)


@backends
@SETTINGS
@given(
    data=matrices(),
    seed=st.integers(0, 2**32 - 1),
    multiplier=st.floats(0, 1),
    bonus=st.floats(-1, 1),
    thread_bonus=st.floats(-1, 1),
    k=st.integers(0, 45),
)
def test_score_turns_agrees(
    backend: ModuleType,
    data: tuple[np.ndarray, np.ndarray],
    seed: int,
    multiplier: float,
    bonus: float,
    thread_bonus: float,
    k: int,
) -> None:
    query, matrix = data
    rng = np.random.default_rng(seed)
    rows = len(matrix)
    options = {
        "current": 3 * rows + 5,
        "thread_ids": rng.integers(0, 4, rows),
        "active_thread": int(rng.integers(-1, 4)),
        "forced": rng.integers(0, rows, int(rng.integers(0, 4))) if rows else [],
        "half_life": float(rng.uniform(0.5, 20)),
        "recency_multiplier": multiplier,
        "recency_bonus": bonus,
        "thread_bonus": thread_bonus,
        "k": k,
    }
    ids = np.sort(rng.choice(3 * rows + 6, rows, replace=False)) if rows else np.zeros(0, np.int64)
    indices, scores = backend.score_turns(query, matrix, ids, **options)
    want_indices, want_scores = REFERENCE.score_turns(query, matrix, ids, **options)
    assert len(indices) == len(want_indices)
    np.testing.assert_allclose(scores, want_scores, atol=2 * COSINE_TOLERANCE)
    forced = np.zeros(rows, dtype=bool)
    forced[np.asarray(options["forced"], dtype=np.int64)] = True
    np.testing.assert_array_equal(forced[indices], forced[want_indices])


@backends
@SETTINGS
@given(batch=st.lists(texts(), max_size=4), dim=st.integers(1, 600))
def test_hash_embed_agrees(backend: ModuleType, batch: list[str], dim: int) -> None:
    np.testing.assert_allclose(
        backend.hash_embed(batch, dim=dim), REFERENCE.hash_embed(batch, dim=dim), atol=1e-6
    )
