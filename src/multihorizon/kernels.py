"""The hot kernels, from the backend chosen at import (``multihorizon.backend``).

Every backend exports these names with the same signatures and behaviour; the NumPy
reference (``multihorizon._kernels_py``) documents them:

- ``MarkerMatcher(phrases)`` and ``.find(text)``: whole-word Aho-Corasick marker matching.
- ``cosine_scores``, ``top_k``, ``best_above``: one query against the rows of a matrix;
  ``squared_norm``: one vector's, in float64 (whether a given embedding is of unit length).
- ``recency_weights``: SPEC-028 §3.2 recency decay.
- ``score_turns``: fused Tier C scoring of a turn log, top k.
- ``quantize_rows``, ``score_turns_int8``: the turn log's int8 copy, and ``score_turns`` on
  it with the best candidates rescored in float32 (the same top k in practice, a quarter of
  the bytes read); ``store_row``: one turn's row, codes and scale written into the turn
  log's columns in one call (``TurnLog.append``).
- ``retrieve_turns``: Tier C's whole ranking for a turn (both channels, the rule adjustments
  and the order) in one call over the log's columns.
- ``retrieve_context``: Tier C's whole stage for a turn, ``retrieve_turns`` then
  ``pair_answers`` (each question followed by its answer, each item's reason) in one call.
- ``StanceReader(words...)`` and ``.stance(text)``: whom a turn talks about (rule
  peer-detection; the C++ one reads ASCII text and leaves the rest to the reference).
- ``TermReader(stopwords, ie_nouns)`` and ``.content_terms(text)``: a turn's content words
  (its entities; the C++ one reads ASCII text and leaves the rest to the reference);
  ``.definite_terms(text)``: the words after a definite determiner ("the song");
  ``.turn_terms(text)``: both in one call (a user turn's, ``dialogue.features.analyse``).
- ``TurnCueReader(stance, phrases...)`` and ``.cues(text, user)``: a turn's peer-detection
  cues in one call (``dialogue.turn_cues``; ASCII text, None for any other).
- ``fold_turn``: one turn folded into its thread (sum, centroid, window of latest vectors).
- ``thread_scan``: the placement's array work for one turn (the best centroid, and the best
  but the active thread's) in one call.
- ``bm25_scores``: Tier C's lexical channel, BM25 from the query terms' posting lists;
  ``PostingLists()``: the lists themselves, fed as the log indexes its turns (``.add_turn``,
  ``.extend``) and gathered for a query in one call (``.gather``).
- ``hash_embed``: the feature-hashing embedder.
- ``cdr_rank``, ``pack_tiers``: the assembler's stages, Tier P's CDR ranking of one query's
  candidates and every tier packed into the budget in sandwich order.
- ``tier_p_stage``: Tier P for one query over a store searched exactly (search, floor,
  delivered facts left out by label, coverage, CDR) in one call over the store's arrays;
  ``tier_p_search``: its search half alone (search, floor, coverage: nothing the intent sets).
- ``TurnScanner(phrases, ...)``: a user turn's marker hits, cues and SPEC-028 §5.2 decision in
  one call (``.scan``, ``.question``, ``.classify``); ``intent_decision``: §5.2 over its bits.
- ``IntentSettler(scanner, ...)``: ``Session.classify``'s common path (scan, hash, §5.2, and
  whether any rule of ours can still change the answer) in one call (``.settle``; and
  ``.settle_text`` for a caller's unchecked text, ``.settle_text_direct`` the same call
  past pybind11's dispatcher, positional only); ``.may_hold_forms``: whether a turn may
  hold an ordinal form (``Session.user``'s references stage reads them only then).
"""

from __future__ import annotations

import sys
import threading
from typing import TYPE_CHECKING

from . import _backend
from ._validate import as_rescore

if TYPE_CHECKING:
    from ._kernels_py import (
        IntentSettler,
        MarkerMatcher,
        PostingLists,
        StanceReader,
        TermReader,
        TurnCueReader,
        TurnScanner,
        best_above,
        bm25_scores,
        cdr_rank,
        cosine_scores,
        fold_turn,
        hash_embed,
        intent_decision,
        pack_tiers,
        pair_answers,
        quantize_rows,
        recency_weights,
        retrieve_context,
        retrieve_turns,
        score_turns,
        score_turns_int8,
        squared_norm,
        store_row,
        thread_scan,
        tier_p_search,
        tier_p_stage,
        top_k,
    )
else:
    _impl = _backend.module
    IntentSettler = _impl.IntentSettler
    MarkerMatcher = _impl.MarkerMatcher
    PostingLists = _impl.PostingLists
    StanceReader = _impl.StanceReader
    TermReader = _impl.TermReader
    TurnCueReader = _impl.TurnCueReader
    TurnScanner = _impl.TurnScanner
    best_above = _impl.best_above
    bm25_scores = _impl.bm25_scores
    cdr_rank = _impl.cdr_rank
    cosine_scores = _impl.cosine_scores
    fold_turn = _impl.fold_turn
    hash_embed = _impl.hash_embed
    intent_decision = _impl.intent_decision
    pack_tiers = _impl.pack_tiers
    pair_answers = _impl.pair_answers
    quantize_rows = _impl.quantize_rows
    recency_weights = _impl.recency_weights
    retrieve_context = _impl.retrieve_context
    retrieve_turns = _impl.retrieve_turns
    score_turns = _impl.score_turns
    score_turns_int8 = _impl.score_turns_int8
    squared_norm = _impl.squared_norm
    store_row = _impl.store_row
    thread_scan = _impl.thread_scan
    tier_p_search = _impl.tier_p_search
    tier_p_stage = _impl.tier_p_stage
    top_k = _impl.top_k

KERNELS = (
    "IntentSettler",
    "MarkerMatcher",
    "PostingLists",
    "StanceReader",
    "TermReader",
    "TurnCueReader",
    "TurnScanner",
    "best_above",
    "bm25_scores",
    "cdr_rank",
    "cosine_scores",
    "fold_turn",
    "hash_embed",
    "intent_decision",
    "pack_tiers",
    "pair_answers",
    "quantize_rows",
    "recency_weights",
    "retrieve_context",
    "retrieve_turns",
    "score_turns",
    "score_turns_int8",
    "squared_norm",
    "store_row",
    "thread_scan",
    "tier_p_search",
    "tier_p_stage",
    "top_k",
)
_switch_lock = threading.Lock()

#: The int8 scan pays once a log holds this many rows per rescored row: below it, reading
#: every float32 row costs less than the int8 pass plus the rescore (bench/int8_rescore.py:
#: int8 / float32 time 0.69 at 64 rows, 1.06 at 256 rows for k=12 (28 rescored); 0.82 at
#: 256, 1.02 at 512 for k=48 (72 rescored)).
INT8_ROWS_PER_RESCORED = 8


def default_rescore(k: int) -> int:
    """How many unforced rows ``score_turns_int8`` rescores in float32 for a top ``k``."""
    return as_rescore(None, k)


def backend() -> str:
    """The live backend's name: ``cpp``, ``numba`` or ``python``."""
    return _backend.name


def use(name: str) -> str:
    """Make ``name`` (``cpp``, ``numba`` or ``python``) the live backend for this process and
    return the previous one; raises ``BackendUnavailableError`` (changing nothing) if it
    cannot load. Every kernel call after it runs on the new backend, and the default lexicon
    is compiled for it on first use (``lexicon.default_lexicon`` keys its cache by backend).
    Sessions keep the lexicon they were created with: switch before creating them. Meant for
    tests and benchmarks that compare backends in one process; ``MULTIHORIZON_BACKEND``
    chooses at import."""
    module = _backend.load(name)  # raises before anything changes
    with _switch_lock:
        previous = _backend.name
        _backend.name, _backend.module = name, module
        namespace = globals()
        for attribute in KERNELS:
            namespace[attribute] = getattr(module, attribute)
        package = sys.modules.get(__package__ or "")
        if package is not None and hasattr(package, "backend"):
            setattr(package, "backend", name)  # noqa: B010 (the package's own public name)
    return previous


__all__ = [
    "IntentSettler",
    "MarkerMatcher",
    "PostingLists",
    "StanceReader",
    "TermReader",
    "TurnCueReader",
    "TurnScanner",
    "backend",
    "best_above",
    "bm25_scores",
    "cdr_rank",
    "cosine_scores",
    "default_rescore",
    "fold_turn",
    "hash_embed",
    "intent_decision",
    "pack_tiers",
    "pair_answers",
    "quantize_rows",
    "recency_weights",
    "retrieve_context",
    "retrieve_turns",
    "score_turns",
    "score_turns_int8",
    "squared_norm",
    "store_row",
    "thread_scan",
    "tier_p_search",
    "tier_p_stage",
    "top_k",
    "use",
]
