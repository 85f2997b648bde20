"""Accuracy on real conversations: ``multihorizon eval`` (SPEC-028 §3-§5 against gold labels).

Reads conversations in the JSON Lines format of ``../shared/data/README.md`` (one
conversation per line: ``turns`` with ``turn_id``, ``role``, ``content`` and optional
``thread``, ``speaker``, ``timestamp``; ``probes`` with ``at_turn``, ``query`` and gold
labels), replays each through a fresh ``Session`` and scores one task, with baselines computed
in the same run on the same embeddings:

- ``threads``: topic-shift precision/recall/F1 (the probed turn lands in a different thread
  than the turn before it, against ``gold_topic_shift`` or a change of gold thread), resume
  accuracy (``gold_resumes_thread``: the turn lands in the thread the library gave the latest
  earlier turn of its gold thread) and pairwise same-thread F1 over turn pairs at most 50
  turns apart; baselines: the spec-literal centroid rule at 0.70, the centroid rule at this
  embedder's calibrated join bar, always-shift, one thread, and speaker links (addressing,
  else the speaker's own previous message) where turns have speakers. A reply (role
  ``assistant``) stays in the active thread, as ``Session.assistant`` logs it.
- ``references``: acc@1 and hit@3 of the ranked antecedents (tool references' tool turns,
  then ``Envelope.antecedents``: resolved references, the reply-to turn, the previous turn,
  Tier C items) against ``gold_turn_ids``; baselines: the most recent turn, the first user
  turn, the embedding's nearest earlier turn, the addressed speaker's latest turn.
- ``intent``: accuracy and macro-F1 (over the gold classes) of ``Session.classify``;
  baselines: the majority class, the spec profile (``Config.spec()``).
- ``retrieval``: recall@5/10/20 and hit@10 of ``gold_turn_ids`` among Tier C items;
  baselines: plain cosine top-k, BM25 over content words, recency only.

Every probe is asked *before* its turn is logged (``preview``/``classify`` change nothing), so
the turns before it are the history. Turns with role ``tool`` go to the scratch buffer. A
reply whose text the source lacks (``content_missing``, TREC CAsT 2020) is logged without
words or direction (``replay.MISSING_REPLY``, a zero embedding), so labels that name it count
by its index for ours as for the baselines; any other empty turn is skipped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..config import Config
from ..embed import Embedder
from ..errors import InputError
from . import tasks
from .replay import PROGRESS, Conversation, make_embedder, read_conversations
from .report import Report

__all__ = ["TASKS", "Report", "evaluate", "make_embedder", "read_conversations"]

TASKS = ("threads", "references", "intent", "retrieval")


def evaluate(
    path: str | Path,
    task: str,
    *,
    embedder: str | Embedder = "hashing",
    config: Config | None = None,
    limit: int | None = None,
    cache: dict[str, npt.NDArray[np.float32]] | None = None,
    progress: Callable[[Sequence[Conversation]], Iterable[Conversation]] | None = None,
) -> Report:
    """Replay the conversations of ``path`` and score ``task`` (one of ``TASKS``) against the
    gold labels, with the baselines computed in the same run. ``limit``: the first N
    conversations only; ``cache``: text -> embedding, shared between calls with one embedder
    (it receives the vectors this call makes); ``progress``: wraps the conversations as they
    are replayed (the CLI passes a progress bar)."""
    if task not in tasks.BY_NAME:
        raise InputError(f"task: expected one of {', '.join(TASKS)}, got {task!r}")
    if progress is not None:
        token = PROGRESS.set(progress)
        try:
            return evaluate(path, task, embedder=embedder, config=config, limit=limit, cache=cache)
        finally:
            PROGRESS.reset(token)
    conversations = read_conversations(path)
    if limit is not None:
        conversations = conversations[:limit]
    model = make_embedder(embedder)
    report = Report(task=task, file=Path(path).name, embedder=model.model_id)
    started = time.perf_counter()
    tasks.BY_NAME[task](
        conversations,
        model,
        config if config is not None else Config(),
        report,
        {} if cache is None else cache,
    )
    report.seconds = time.perf_counter() - started
    report.ours = {name: round(value, 4) for name, value in report.ours.items()}
    report.baselines = {
        name: {metric: round(value, 4) for metric, value in values.items()}
        for name, values in report.baselines.items()
    }
    return report
