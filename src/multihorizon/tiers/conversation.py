"""Tier C retrieval (SPEC-028 §3.2, §3.3, §4.2): the earlier turns a user turn gets.

Referenced turns first at full weight (§4.2), the active thread's turns restored however old
(§3.3), then the rest by relevance with recency as a bounded bonus (rule recency-bonus).
Relevance has two channels: the embedding, through the fused turn scorer (on a long log, the
log's int8 copy with its best candidates rescored in float32), and a lexical one,
BM25 over the turns' content words (rule lexical-channel). A retrieved question brings its
answer (rule answers-follow-questions).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..assembly.envelope import ContextItem
from ..config import Config
from ..dialogue.references import Reference
from ..dialogue.threads import ThreadPlan
from ..dialogue.turnlog import TurnLog

__all__ = ["answered_by", "retrieve", "with_answers"]


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
    count = len(log)
    if count == 0:
        return ()
    targets = {
        ref.target_turn for ref in resolved if ref.target_turn is not None and ref.target_turn >= 0
    }
    forced = sorted(targets | {reply_to} if reply_to >= 0 else targets)
    k = config.turns_in_context
    active = -1 if thread.is_new else thread.index
    lexical = log.bm25(terms) if config.lexical_weight > 0 and terms else None
    matched = np.flatnonzero(lexical) if lexical is not None else np.empty(0, np.int64)
    pool = k if matched.size == 0 else max(k, config.lexical_pool)
    rows, scores = _score_every_turn(log, config, vector, active, forced, pool)
    candidates, fused = rows, scores.astype(np.float64)
    if lexical is not None and matched.size:
        candidates, fused = _with_lexical(
            log, config, vector, active, lexical, matched, candidates, fused
        )
    # Referenced turns first (SPEC-028 §4.2), then score descending, then turn id.
    forced_set = set(forced)
    is_forced = np.isin(candidates, forced) if forced else np.zeros(candidates.size, dtype=bool)
    order = np.lexsort((candidates, -fused, ~is_forced))
    chosen = with_answers(
        log, config, candidates[order].tolist(), fused[order].tolist(), int(is_forced.sum()), k
    )
    thread_index = log.thread_index
    items = []
    for row, score, answer in chosen:
        if row in forced_set:
            reason = "reference" if row in targets else "reply-to"
        elif answer:
            reason = "answer"
        elif active >= 0 and int(thread_index[row]) == active:
            reason = "active-thread"
        else:
            reason = "relevant"
        items.append(ContextItem(row, log.roles[row], log.contents[row], score, reason))
    return tuple(items)


def _score_every_turn(
    log: TurnLog,
    config: Config,
    vector: npt.NDArray[np.float32],
    active: int,
    forced: list[int],
    pool: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The fused scorer's best ``pool`` turns (and every forced one) over the whole log.
    On a long log every turn is scored on the log's int8 copy and the best few (and the
    referenced ones) rescored from their float32 rows: score_turns' scores and, in practice,
    its ranking, for a quarter of the bytes read; on a short one reading the float32 rows
    costs less than the two passes (issue 14; ``kernels.int8_pays``)."""
    count = len(log)
    options: dict[str, Any] = {
        "current": count,
        "thread_ids": log.thread_index,
        "active_thread": active,
        "forced": forced or None,
        "half_life": config.half_life,
        "recency_multiplier": config.recency_multiplier,
        "recency_bonus": config.recency_bonus,
        "thread_bonus": config.thread_bonus,
        "k": pool,
    }
    ids = _turn_ids(count)
    if kernels.int8_pays(count, pool):
        return kernels.score_turns_int8(
            vector, log.codes, log.scales, log.embeddings, ids, **options
        )
    return kernels.score_turns(vector, log.embeddings, ids, **options)


# 0, 1, 2, ...: every turn's id, shared by every log (grown, never written: a view of it is
# valid however it grows), so a turn allocates nothing proportional to the log for them.
_TURN_IDS = np.arange(0, dtype=np.int64)


def _turn_ids(count: int) -> npt.NDArray[np.int64]:
    global _TURN_IDS
    ids = _TURN_IDS
    if ids.shape[0] < count:
        ids = np.arange(max(count, 2 * ids.shape[0], 1024), dtype=np.int64)
        ids.flags.writeable = False
        _TURN_IDS = ids  # a racing thread builds the same values: either array will do
    return ids[:count]


def _with_lexical(
    log: TurnLog,
    config: Config,
    vector: npt.NDArray[np.float32],
    active: int,
    lexical: npt.NDArray[np.float64],
    matched: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int64],
    fused: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """The embedding channel's pool joined by the lexical channel's nominees (the best
    ``lexical_pool`` BM25 matches, scored by the same fused formula), every candidate's
    score plus ``lexical_weight`` x its BM25 scaled to [0, 1] (rule lexical-channel)."""
    top = config.lexical_pool
    if matched.size > top:
        matched = matched[np.argpartition(-lexical[matched], top - 1)[:top]]
    # Set arithmetic on a few dozen ids: cheaper than numpy's sort-based setdiff1d.
    missing = np.array(sorted(set(matched.tolist()) - set(rows.tolist())), np.int64)
    candidates = rows
    if missing.size:
        extra_rows, extra_scores = kernels.score_turns(
            vector,
            log.embeddings[missing],
            missing,
            current=len(log),
            thread_ids=log.thread_index[missing],
            active_thread=active,
            half_life=config.half_life,
            recency_multiplier=config.recency_multiplier,
            recency_bonus=config.recency_bonus,
            thread_bonus=config.thread_bonus,
            k=int(missing.size),
        )
        candidates = np.concatenate((rows, missing[extra_rows]))
        fused = np.concatenate((fused, extra_scores.astype(np.float64)))
    return candidates, fused + (config.lexical_weight / float(lexical.max())) * lexical[candidates]


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
    pairs = list(zip(ranked, scores, strict=True))
    chosen = [(row, score, False) for row, score in pairs[:forced]]
    if not config.answers_follow_questions:
        chosen.extend((row, score, False) for row, score in pairs[forced:k])
        return chosen[:k]
    count = len(log)
    seen = set(ranked[:forced])
    for row, score in pairs[forced:]:
        if len(chosen) >= k:
            break
        if row in seen:
            continue
        chosen.append((row, score, False))
        seen.add(row)
        answer = row + 1
        if (
            len(chosen) < k
            and answer < count
            and answer not in seen
            and answered_by(log, row, answer)
        ):
            chosen.append((answer, score, True))
            seen.add(answer)
    return chosen[:k]


def answered_by(log: TurnLog, question: int, answer: int) -> bool:
    """Whether turn ``answer`` replies to a question asked in turn ``question``: the
    other side speaks (another role, or another named speaker)."""
    if not log.features[question].question:
        return False
    if log.roles[question] != log.roles[answer]:
        return True
    asker, replier = log.speakers[question], log.speakers[answer]
    return asker is not None and replier is not None and asker.casefold() != replier.casefold()
