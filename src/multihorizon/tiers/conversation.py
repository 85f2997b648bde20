"""Tier C retrieval (SPEC-028 §3.2, §3.3, §4.2): the earlier turns a user turn gets.

Referenced turns first at full weight (§4.2), the active thread's turns restored however old
(§3.3), then the rest by relevance with recency as a bounded bonus (rule recency-bonus).
Relevance has two channels: the embedding, through the fused turn scorer (on a long log, the
log's int8 copy with its best candidates rescored in float32), and a lexical one,
BM25 over the turns' content words (rule lexical-channel). A retrieved question brings its
answer (rule answers-follow-questions). The whole stage is one native call
(``kernels.retrieve_context``) over the log's columns and its query terms' posting lists,
which the log keeps as it indexes its turns and gathers in one call (``kernels.PostingLists``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import kernels
from .._context_py import REASONS
from ..assembly.envelope import ContextItem, context_items
from ..config import Config
from ..dialogue.references import Reference
from ..dialogue.threads import ThreadPlan
from ..dialogue.turnlog import TurnLog

__all__ = ["retrieve"]

_NO_ROWS = np.empty(0, dtype=np.int64)
_NO_ROWS.flags.writeable = False


def retrieve(
    log: TurnLog,
    config: Config,
    vector: npt.NDArray[np.float32],
    terms: tuple[str, ...],
    resolved: list[Reference],
    thread: ThreadPlan,
    reply_to: int = -1,
) -> tuple[ContextItem, ...]:
    """Tier C retrieval: referenced turns first at full weight (SPEC-028 §4.2), the active
    thread's turns restored however old (§3.3), then the rest by relevance with recency as
    a bounded bonus (Config).

    Relevance has two channels (architecture.md): the embedding, through the fused scorer,
    and a lexical one, BM25 over the turns' content words, which finds "what did we say
    about X" on long chats where embeddings blur. Each channel nominates a pool of turns;
    the pool is ranked by fused score + ``lexical_weight`` x BM25 (scaled to [0, 1]).

    The first ``turns_in_context`` are taken in rank order, each unforced question followed
    by its answer (``Config.answers_follow_questions``): the turn right after it, by the
    other side (another role, or another named speaker), at the question's score. A query
    resembles the question it repeats more than the answer it wants ("What inspired it?"
    then "I painted this after I visited an LGBTQ center"): LoCoMo evidence recall@10
    0.621 -> 0.702, hit@10 0.669 -> 0.751 (hashing). All of it is one native call
    (``kernels.retrieve_context``, issue 14); Python builds only the items."""
    if len(log) == 0:
        return ()
    targets = {
        ref.target_turn for ref in resolved if ref.target_turn is not None and ref.target_turn >= 0
    }
    active = -1 if thread.is_new else thread.index
    # Under the session lock: the log may gather into its own buffer.
    postings, offsets = log.postings(terms if config.lexical_weight > 0 else (), reuse=True)
    (codes, scales, embeddings, threads, lengths), (asks, roles, speakers) = log.tier_c_columns()
    # By position, in the kernel's order: a keyword costs the binding two strings and lookups.
    rows, scores, reasons, forced, pending = kernels.retrieve_context(
        vector,
        codes,
        scales,
        embeddings,
        threads,
        lengths,
        postings,
        offsets,
        log.total_terms,  # total_length
        asks,
        roles,
        speakers,
        # Most turns reference nothing: a shared empty array, not a list to convert.
        sorted(targets) if targets else _NO_ROWS,
        reply_to,
        active,  # active_thread
        config.half_life,
        config.recency_multiplier,
        config.recency_bonus,
        config.thread_bonus,
        config.turns_in_context,  # k
        config.lexical_pool,
        config.lexical_weight,
        kernels.INT8_ROWS_PER_RESCORED,  # int8_rows_per_rescored
        config.answers_follow_questions,
    )
    while pending >= 0:  # a restored turn's question flag, read from its text once
        log.asks_question(pending)
        rows, scores, reasons, forced, pending = kernels.pair_answers(
            rows,
            scores,
            forced,
            config.turns_in_context,
            config.answers_follow_questions,
            asks,
            roles,
            speakers,
            threads,
            active,
            sorted(targets) if targets else _NO_ROWS,
        )
    turn_ids = rows.tolist()
    return context_items(
        turn_ids,
        map(log.roles.__getitem__, turn_ids),
        map(log.contents.__getitem__, turn_ids),
        scores.tolist(),
        map(REASONS.__getitem__, reasons.tolist()),
    )
