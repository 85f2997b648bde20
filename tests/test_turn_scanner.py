"""``TurnScanner`` and ``intent_decision`` (issue 14): every backend agrees with the NumPy
reference, and the cues agree with their definitions (``str.isspace``, ``tokens.STOPWORDS``)."""

from __future__ import annotations

from itertools import product
from types import ModuleType

import numpy as np
import pytest

from conftest import REFERENCE, turn_scanner
from multihorizon._intent_py import (
    CUE_ACKNOWLEDGEMENT,
    CUE_QUESTION,
    PENDING_EMBEDDING,
    PENDING_REFERENCES,
)

TEXTS = [
    "what do you mean by that?",
    "ok thanks!",
    "Yes, that's right.",
    "uh huh",
    "tell me more than that",
    "  How does etcd TLS work",
    "...why, exactly",
    "We pinned the release and will wait for Friday.",
    "by the way, the second option: do it again with the query result",
    "Straße ist lang, ok",
    "\u3000what is this",
    "\x1cwhat",
    "x" * 300 + " ok",
    "",
]


def _scanner(kernels: ModuleType) -> object:
    return turn_scanner(kernels, question_forms=False, question_ends=False)


@pytest.fixture(scope="module")
def reference_scanner() -> object:
    return _scanner(REFERENCE)


def test_scan_agrees_with_the_reference(kernels: ModuleType, reference_scanner: object) -> None:
    scanner = _scanner(kernels)
    for text in TEXTS:
        assert scanner.scan(text) == reference_scanner.scan(text), text  # type: ignore[attr-defined]


def test_cues(reference_scanner: object) -> None:
    scan = reference_scanner.scan  # type: ignore[attr-defined]
    assert scan("what do you mean?")[2] & CUE_QUESTION
    assert scan("  How does it work")[2] & CUE_QUESTION
    assert not scan("We pinned it.")[2] & CUE_QUESTION
    assert scan("ok thanks!")[2] & CUE_ACKNOWLEDGEMENT
    assert not scan("ok, the cluster is down")[2] & CUE_ACKNOWLEDGEMENT


def test_question_splits_where_str_split_does(kernels: ModuleType) -> None:
    """The first word ends at ``str.isspace`` characters, exactly (every code point)."""
    if not hasattr(kernels, "_simd_level"):
        pytest.skip("the reference (and Numba, which reuses it) calls str.isspace itself")
    scanner = _scanner(kernels)
    wrong = [
        cp
        for cp in range(0x110000)
        if not 0xD800 <= cp <= 0xDFFF
        and cp != ord("?")
        and scanner.question("what" + chr(cp) + "x") != chr(cp).isspace()  # type: ignore[attr-defined]
    ]
    assert wrong == []


def test_intent_decision_agrees_everywhere(kernels: ModuleType) -> None:
    for flags, similarity in product(range(1 << 10), (0.2, 0.5, 0.8)):
        expected = REFERENCE.intent_decision(flags, similarity, 0.5)
        assert kernels.intent_decision(flags, similarity, 0.5) == expected, (flags, similarity)


def test_classify_agrees_and_defers(kernels: ModuleType, reference_scanner: object) -> None:
    scanner = _scanner(kernels)
    rng = np.random.default_rng(14)
    recent = rng.standard_normal((5, 384)).astype(np.float32)
    for text, first in product(TEXTS[:-1], (False, True)):
        vector = REFERENCE.hash_embed(text, 384)
        for embedding in (None, vector, vector * 2.0, vector.astype(np.float64)):
            args = (text, embedding, recent)
            knobs = {"rules": 15, "first_turn": first, "explore_below": 0.5, "dim": 384}
            got = scanner.classify(*args, **knobs)  # type: ignore[attr-defined]
            want = reference_scanner.classify(*args, **knobs)  # type: ignore[attr-defined]
            assert got[:5] == want[:5], text
            assert got[5] == pytest.approx(want[5], abs=1e-6)
    found = scanner.classify(  # type: ignore[attr-defined]
        "the second option", None, None, rules=15, first_turn=False, explore_below=0.5, dim=384
    )
    assert found[1] & PENDING_REFERENCES
    found = scanner.classify(  # type: ignore[attr-defined]
        "ok", np.ones(384, np.float32), None, rules=15, first_turn=False, explore_below=0.5, dim=384
    )
    assert found[1] & PENDING_EMBEDDING
