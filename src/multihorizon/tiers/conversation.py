"""Tier C retrieval (SPEC-028 §3.2, §3.3, §4.2): the earlier turns a user turn gets.

Referenced turns first at full weight (§4.2), the active thread's turns restored however old
(§3.3), then the rest by relevance with recency as a bounded bonus (rule recency-bonus).
Relevance has two channels: the embedding, through the fused turn scorer (on a long log, the
log's int8 copy with its best candidates rescored in float32), and a lexical one,
BM25 over the turns' content words (rule lexical-channel). A retrieved question brings its
answer (rule answers-follow-questions).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..assembly.envelope import ContextItem
from ..config import Config
from ..dialogue.references import Reference
from ..dialogue.threads import ThreadPlan
from ..dialogue.turnlog import TurnLog

__all__ = ["answered_by", "retrieve", "with_answers"]

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
    the pool is ranked by fused score + ``lexical_weight`` x BM25 (scaled to [0, 1])."""
    if len(log) == 0:
        return ()
    targets = {
        ref.target_turn for ref in resolved if ref.target_turn is not None and ref.target_turn >= 0
    }
    forced = targets | {reply_to} if reply_to >= 0 else targets
    k = config.turns_in_context
    active = -1 if thread.is_new else thread.index
    # Under the session lock: the log may gather into its own buffer.
    postings, offsets = log.postings(terms if config.lexical_weight > 0 else (), reuse=True)
    # One native call: both channels, the rule adjustments and the ranking (issue 14). By
    # position, in the kernel's order: a keyword costs the binding two strings and lookups.
    rows, scores, forced_count = kernels.retrieve_turns(
        vector,
        log.codes,
        log.scales,
        log.embeddings,
        log.thread_index,
        log.lengths,
        postings,
        offsets,
        log.total_terms,  # total_length
        # forced: most turns force nothing, a shared empty array, not a list to convert.
        sorted(forced) if forced else _NO_ROWS,
        active,  # active_thread
        config.half_life,
        config.recency_multiplier,
        config.recency_bonus,
        config.thread_bonus,
        k,
        config.lexical_pool,
        config.lexical_weight,
        kernels.INT8_ROWS_PER_RESCORED,  # int8_rows_per_rescored
    )
    # ``with_answers`` reads at most forced + 2k of the ranking: each row it reads past the
    # forced ones takes a slot, or is skipped as an answer that already took one.
    read = forced_count + 2 * k
    chosen = with_answers(
        log, config, rows[:read].tolist(), scores[:read].tolist(), forced_count, k
    )
    roles, contents = log.roles, log.contents
    threads = log.thread_index[[row for row, _, _ in chosen]].tolist() if active >= 0 else ()
    items = []
    for at, (row, score, answer) in enumerate(chosen):
        if row in forced:
            reason = "reference" if row in targets else "reply-to"
        elif answer:
            reason = "answer"
        elif active >= 0 and threads[at] == active:
            reason = "active-thread"
        else:
            reason = "relevant"
        items.append(ContextItem(row, roles[row], contents[row], score, reason))
    return tuple(items)


def with_answers(
    log: TurnLog, config: Config, ranked: list[int], scores: list[float], forced: int, k: int
) -> list[tuple[int, float, bool]]:
    """The first ``k`` of ``ranked`` (turn ids, best first, the ``forced`` referenced ones
    leading) as (turn, score, is_answer), each unforced question followed by its answer
    (``Config.answers_follow_questions``): the turn right after it, by the other side, at
    the question's score. Referenced turns keep their place and their slots. A query
    resembles the question it repeats more than the answer it wants ("What inspired it?"
    then "I painted this after I visited an LGBTQ center"): LoCoMo evidence recall@10
    0.621 -> 0.702, hit@10 0.669 -> 0.751 (hashing)."""
    chosen = [(ranked[at], scores[at], False) for at in range(forced)]
    if not config.answers_follow_questions:
        chosen.extend((ranked[at], scores[at], False) for at in range(forced, min(k, len(ranked))))
        return chosen[:k]
    count = len(log)
    seen = set(ranked[:forced])
    if len(chosen) >= k:
        return chosen[:k]
    # Only as far down the ranking as the k slots reach: most candidates are never read.
    for row, score in zip(ranked[forced:], scores[forced:], strict=True):
        if row in seen:
            continue
        chosen.append((row, score, False))
        seen.add(row)
        if len(chosen) >= k:
            break
        answer = row + 1
        if answer < count and answer not in seen and answered_by(log, row, answer):
            chosen.append((answer, score, True))
            seen.add(answer)
            if len(chosen) >= k:
                break
    return chosen


def answered_by(log: TurnLog, question: int, answer: int) -> bool:
    """Whether turn ``answer`` replies to a question asked in turn ``question``: the
    other side speaks (another role, or another named speaker)."""
    if not log.asks_question(question):
        return False
    if log.roles[question] != log.roles[answer]:
        return True
    asker, replier = log.speakers[question], log.speakers[answer]
    return asker is not None and replier is not None and asker.casefold() != replier.casefold()
