"""Tier C's one-call stage (``kernels.retrieve_context``) against the stages it replaced, on
real conversations, on every backend (issue 14).

The first conversations of several ``../shared/data`` files are replayed through
``shared_data.log_turn``; at every user turn ``conversation.retrieve`` runs,
and then the staged definition below (``retrieve_turns``, the answer pairing walked in
Python over the log, the reasons assigned in Python) on the same inputs: the items (turn,
role, text, score, reason) must be the same. Under the default rules, with answers not
following questions, and on a restored log whose question flags are not known yet (the
kernel stops at each and resumes).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from answer_walk import reasons, with_answers
from multihorizon import _backend, kernels
from multihorizon.assembly.envelope import ContextItem
from multihorizon.config import Config
from multihorizon.dialogue.references import Reference
from multihorizon.dialogue.threads import ThreadPlan
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.tiers import conversation
from shared_data import DIFFERENTIAL_FILES, DIFFERENTIAL_TURNS, first_conversations, log_turn

pytestmark = pytest.mark.data


def _staged(
    log: TurnLog,
    config: Config,
    vector: Any,
    terms: tuple[str, ...],
    resolved: list[Reference],
    thread: ThreadPlan,
    reply_to: int = -1,
) -> tuple[ContextItem, ...]:
    """Tier C as it was written before the one-call stage (stop 30)."""
    if len(log) == 0:
        return ()
    targets = {r.target_turn for r in resolved if r.target_turn is not None and r.target_turn >= 0}
    forced = targets | {reply_to} if reply_to >= 0 else targets
    k = config.turns_in_context
    active = -1 if thread.is_new else thread.index
    postings, offsets = log.postings(terms if config.lexical_weight > 0 else ())
    rows, scores, count = kernels.retrieve_turns(
        vector, log.codes, log.scales, log.embeddings, log.thread_index, log.lengths,
        postings, offsets, log.total_terms, np.array(sorted(forced), dtype=np.int64), active,
        config.half_life, config.recency_multiplier, config.recency_bonus,
        config.thread_bonus, k, config.lexical_pool, config.lexical_weight,
        kernels.INT8_ROWS_PER_RESCORED,
    )  # fmt: skip
    chosen = with_answers(
        log, rows.tolist(), scores.tolist(), count, k, config.answers_follow_questions
    )
    # The forced rows lead the ranking (``count`` of them); answers are never forced rows.
    return tuple(
        ContextItem(row, log.roles[row], log.contents[row], score, reason)
        for row, score, reason in reasons(log, chosen, count, targets, active)
    )


def _replay(config: Config, restored: bool, compared: list[str]) -> None:
    embedder = mh.HashingEmbedder()
    for name, conversation_ in first_conversations(DIFFERENTIAL_FILES):
        turns = list(conversation_["turns"])[:DIFFERENTIAL_TURNS]
        session = mh.Session(config=config, embedder=embedder)
        half = len(turns) // 2 if restored else 0
        for at, turn in enumerate(turns):
            if at == half and restored:  # the rest on a restored log: no flag known yet
                again = mh.Session(config=config, embedder=embedder)
                again.restore(session.state())
                session = again
            if not turn["content"].strip():
                continue
            log_turn(session, turn, embedder)
            compared.append(f"{name} {conversation_['conv_id']} turn {turn['turn_id']}")


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Each ``conversation.retrieve`` of a replay checked against ``_staged``: (reasons, items)."""
    one_call = conversation.retrieve
    seen: list[tuple[str, int]] = []

    def both(*args: Any, **kwargs: Any) -> tuple[ContextItem, ...]:
        found = one_call(*args, **kwargs)  # first: it resumes at each flag not known yet
        assert found == _staged(*args, **kwargs)
        seen.extend((item.reason, item.turn_id) for item in found)
        return found

    monkeypatch.setattr(conversation, "retrieve", both)
    return seen


@pytest.mark.parametrize("backend_name", _backend.available())
@pytest.mark.parametrize(
    ("label", "restored"), [("default", False), ("answers-off", False), ("restored", True)]
)
def test_one_call_is_the_staged_tier_c(
    checked: list[tuple[str, int]], backend_name: str, label: str, restored: bool
) -> None:
    config = Config(answers_follow_questions=label != "answers-off")
    previous = kernels.use(backend_name)
    compared: list[str] = []
    try:
        _replay(config, restored, compared)
    finally:
        kernels.use(previous)
    reasons = {reason for reason, _ in checked}
    assert len(compared) > 200
    assert len(checked) > 1000
    expected = {"relevant", "active-thread", "reply-to"} | (
        {"answer"} if label != "answers-off" else set()
    )
    assert expected <= reasons, reasons
