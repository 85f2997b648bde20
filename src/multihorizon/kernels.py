"""The hot kernels, from the backend chosen at import (``multihorizon.backend``).

Every backend exports these names with the same signatures and behaviour; the NumPy
reference (``multihorizon._kernels_py``) documents them:

- ``MarkerMatcher(phrases)`` and ``.find(text)``: whole-word Aho-Corasick marker matching.
- ``cosine_scores``, ``top_k``, ``best_above``: one query against the rows of a matrix.
- ``recency_weights``: SPEC-028 §3.2 recency decay.
- ``score_turns``: fused Tier C scoring of a turn log, top k.
- ``bm25_scores``: Tier C's lexical channel, BM25 from the query terms' posting lists.
- ``hash_embed``: the feature-hashing embedder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _backend

if TYPE_CHECKING:
    from ._kernels_py import (
        MarkerMatcher,
        best_above,
        bm25_scores,
        cosine_scores,
        hash_embed,
        recency_weights,
        score_turns,
        top_k,
    )
else:
    _impl = _backend.module
    MarkerMatcher = _impl.MarkerMatcher
    best_above = _impl.best_above
    bm25_scores = _impl.bm25_scores
    cosine_scores = _impl.cosine_scores
    hash_embed = _impl.hash_embed
    recency_weights = _impl.recency_weights
    score_turns = _impl.score_turns
    top_k = _impl.top_k

__all__ = [
    "MarkerMatcher",
    "best_above",
    "bm25_scores",
    "cosine_scores",
    "hash_embed",
    "recency_weights",
    "score_turns",
    "top_k",
]
