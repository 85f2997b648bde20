from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from types import ModuleType

import numpy as np
import pytest

TURN = "Back to etcd - what about TLS? We run etcd 3.5 on three nodes behind HAProxy."


def test_shapes_dtype_and_unit_norm(kernels: ModuleType) -> None:
    one = kernels.hash_embed(TURN)
    assert one.shape == (384,)
    assert one.dtype == np.float32
    assert np.linalg.norm(one) == pytest.approx(1.0, abs=1e-6)
    batch = kernels.hash_embed([TURN, "hello", "x"], dim=64)
    assert batch.shape == (3, 64)
    np.testing.assert_allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-6)
    assert kernels.hash_embed([], dim=8).shape == (0, 8)
    assert kernels.hash_embed(iter(["a", "b"]), dim=8).shape == (2, 8)


def test_batch_rows_equal_single_texts(kernels: ModuleType) -> None:
    texts = [TURN, "", "ünïcödé ΣΊΣΥΦΟΣ", "a b c a b c"]
    batch = kernels.hash_embed(texts)
    for row, text in zip(batch, texts, strict=True):
        np.testing.assert_array_equal(row, kernels.hash_embed(text))


def test_text_without_word_characters_embeds_to_zeros(kernels: ModuleType) -> None:
    for text in ["", "   ", "?! -- ...", "\ud800"]:
        assert not kernels.hash_embed(text).any()


def test_case_and_punctuation_do_not_matter(kernels: ModuleType) -> None:
    np.testing.assert_array_equal(
        kernels.hash_embed("Back to ETCD, what about TLS?"),
        kernels.hash_embed("back to etcd what about tls"),
    )


def test_similar_texts_are_closer_than_unrelated_ones(kernels: ModuleType) -> None:
    a, b, c = kernels.hash_embed(
        [
            "How do I configure etcd TLS certificates?",
            "etcd TLS certificate configuration question",
            "What is a good recipe for banana bread?",
        ]
    )
    assert float(a @ b) > 0.3
    assert float(a @ b) > float(a @ c) + 0.2


def test_term_frequency_is_log_scaled(kernels: ModuleType) -> None:
    # Repeating a word must not swamp the rest: with linear TF "etcd" x 50 would dominate.
    repeated = kernels.hash_embed("etcd " * 50 + "backup")
    backup = kernels.hash_embed("backup")
    assert float(repeated @ backup) > 0.15


def test_the_embedding_is_pinned(kernels: ModuleType) -> None:
    # The same bytes on every backend, process and machine: a changed hash or feature set
    # changes every stored embedding, so it must be a deliberate, visible change.
    vector = kernels.hash_embed(TURN, dim=384)
    slots = np.flatnonzero(vector).astype(np.int64)
    assert len(slots) == 159
    assert hashlib.sha256(slots.tobytes()).hexdigest()[:16] == "e2de54b5ff5952d0"
    pinned = {3: 0.044175, 7: 0.044175, 10: -0.044175, 15: 0.044175, 16: 0.074795, 21: 0.044175}
    for slot, value in pinned.items():
        assert vector[slot] == pytest.approx(value, abs=1e-6)


def test_deterministic_across_processes_with_different_hash_seeds() -> None:
    script = (
        "import hashlib, multihorizon as mh;"
        f"print(hashlib.sha256(mh.kernels.hash_embed({TURN!r}).tobytes()).hexdigest())"
    )
    digests = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1


@pytest.mark.parametrize(
    ("texts", "dim", "error", "message"),
    [
        (b"bytes", 384, TypeError, "texts: expected str or a sequence of str, got bytes"),
        (42, 384, TypeError, "texts: expected str or a sequence of str, got int"),
        (["ok", None], 384, TypeError, r"texts\[1\]: expected str, got NoneType"),
        ("ok", 0, ValueError, r"dim: must be in \[1, 2\*\*24\], got 0"),
        ("ok", -5, ValueError, "dim: must be >= 0"),
        ("ok", 2**30, ValueError, r"dim: must be in \[1, 2\*\*24\]"),
        ("ok", 3.0, TypeError, "dim: expected an int, got float"),
    ],
)
def test_bad_input_is_refused(
    kernels: ModuleType, texts: object, dim: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        kernels.hash_embed(texts, dim=dim)


def test_large_text(kernels: ModuleType) -> None:
    text = "the etcd cluster needs TLS and a backup plan; " * 2_200  # 100 KB
    vector = kernels.hash_embed(text)
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)
    np.testing.assert_allclose(vector, kernels.hash_embed(text[: len(text) // 2]), atol=0.02)
