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


# ---- skip_function_words: the content hashing embedder (HashingEmbedder version 2) ----------


def test_function_word_lists_agree_between_python_and_cpp() -> None:
    # The C++ header and the Python module must hold the same words: the NumPy and Numba
    # backends read the module, the C++ one its header.
    from pathlib import Path

    from multihorizon._function_words import FUNCTION_WORDS

    header = Path(__file__).parents[1] / "cpp/include/multihorizon/function_words.hpp"
    body = header.read_text().split("kFunctionWords[] = {", 1)[1].split("};", 1)[0]
    listed = [part.strip().strip('"') for part in body.split(",") if part.strip()]
    assert listed == list(FUNCTION_WORDS)


def test_every_function_word_adds_no_feature(kernels: ModuleType) -> None:
    from multihorizon._function_words import FUNCTION_WORDS

    alone = kernels.hash_embed("zebra", skip_function_words=True)
    texts = [f"{word} zebra {word.upper()}" for word in FUNCTION_WORDS]
    np.testing.assert_array_equal(
        kernels.hash_embed(texts, skip_function_words=True), np.tile(alone, (len(texts), 1))
    )


@pytest.mark.parametrize(
    ("phrased", "bare"),
    [
        ("Tell me about the Eiffel Tower.", "Eiffel Tower"),
        ("Can you explain how quantum computing works?", "quantum computing works"),
        ("I'd like to know more about sourdough bread, please!", "sourdough bread"),
        ("What is the best way to do Kubernetes networking?", "best way Kubernetes networking"),
    ],
)
def test_phrasing_adds_nothing_to_the_content_words(
    kernels: ModuleType, phrased: str, bare: str
) -> None:
    # The features are those of the content words alone, as if the text held only them.
    np.testing.assert_array_equal(
        kernels.hash_embed(phrased, skip_function_words=True),
        kernels.hash_embed(bare, skip_function_words=True),
    )


def test_shared_phrasing_no_longer_makes_texts_similar(kernels: ModuleType) -> None:
    templates = [
        "Tell me about {}.",
        "What can you tell me about {}?",
        "I want to learn about {} please",
        "Could you explain {} to me?",
    ]
    topics = ["the Eiffel Tower", "quantum computing", "sourdough bread", "Kubernetes networking"]
    for template in templates:
        rows = [template.format(topic) for topic in topics]
        with_phrasing = kernels.hash_embed(rows)
        content = kernels.hash_embed(rows, skip_function_words=True)
        off_diagonal = ~np.eye(len(rows), dtype=bool)
        assert (with_phrasing @ with_phrasing.T)[off_diagonal].min() > 0.3, template
        assert (content @ content.T)[off_diagonal].max() < 0.15, template
    # ... and the same topic in other words stays close.
    same = kernels.hash_embed(
        ["Tell me about quantum computing.", "Back to quantum computing: what is a qubit?"],
        skip_function_words=True,
    )
    assert float(same[0] @ same[1]) > 0.6


def test_a_text_of_function_words_only_keeps_them(kernels: ModuleType) -> None:
    for text in ["what about it?", "ok", "Can you do that again?", "and then?"]:
        np.testing.assert_array_equal(
            kernels.hash_embed(text, skip_function_words=True), kernels.hash_embed(text)
        )
    assert not kernels.hash_embed("?! --", skip_function_words=True).any()


def test_without_the_switch_nothing_changes(kernels: ModuleType) -> None:
    texts = [TURN, "the the the", "ünïcödé the ΣΊΣΥΦΟΣ", ""]
    np.testing.assert_array_equal(
        kernels.hash_embed(texts), kernels.hash_embed(texts, skip_function_words=False)
    )


@pytest.mark.parametrize("flag", [1, 0, "yes", None, np.bool_(True)])
def test_the_switch_takes_only_a_bool(kernels: ModuleType, flag: object) -> None:
    with pytest.raises(TypeError, match="skip_function_words: expected True or False"):
        kernels.hash_embed("etcd", skip_function_words=flag)


def test_the_content_embedding_is_pinned(kernels: ModuleType) -> None:
    # HashingEmbedder(version=2)'s vectors: a change here needs a new model id.
    vector = kernels.hash_embed(TURN, dim=384, skip_function_words=True)
    slots = np.flatnonzero(vector).astype(np.int64)
    assert (len(slots), hashlib.sha256(slots.tobytes()).hexdigest()[:16]) == PINNED_CONTENT


PINNED_CONTENT = (100, "63d337bb4f51838e")
