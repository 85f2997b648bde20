"""Tier P beside the plan against Tier P after it, on real conversations, on every backend
(issue 14 item 4).

With the worker, a turn's Tier P search and the found facts' coverage run before
``Session.plan`` (``kernels.tier_p_search`` on the assembler's thread) and the CDR ranking by
the turn's novelty after it; in sequence, the whole stage runs after the plan in one call
(``kernels.tier_p_stage``). The first conversations of several ``../shared/data`` files are
replayed through two assemblers over one knowledge store, one each way, on every backend:
every envelope (items, scores, tokens, headers, intent) must be the same, through
explorations, drill-downs, continuations and tool references (each novelty mode), with
facts already delivered, facts that age and labels that are not retrievable.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.tiers import knowledge_cdr, knowledge_stage, knowledge_worker
from shared_data import DIFFERENTIAL_FILES, DIFFERENTIAL_TURNS, first_conversations

pytestmark = pytest.mark.data

BACKENDS = _backend.available()
NOW = 1_000_000.0  # the CDR clock, frozen: facts with a ttl age alike on both sides


def _conversations() -> list[tuple[str, list[dict[str, Any]]]]:
    found = []
    for name, conversation in first_conversations(DIFFERENTIAL_FILES):
        turns = [turn for turn in conversation["turns"] if turn["content"].strip()]
        found.append((f"{name}-{conversation['conv_id']}", turns[:DIFFERENTIAL_TURNS]))
    return found


def _store(conversations: list[tuple[str, list[dict[str, Any]]]]) -> mh.KnowledgeStore:
    """Facts from the conversations' assistant turns (so user turns find them), some aging,
    some of lower importance, some deleted."""
    texts = [
        turn["content"] for _, turns in conversations for turn in turns if turn["role"] != "user"
    ]
    facts = [
        mh.Fact(
            f"k{n:04d}", text[:600], "data", importance_weight=(1.0, 0.6, 0.8)[n % 3],
            ttl=(None, 5e5, 1e7)[n % 3], modified_at=(None, NOW - 2e5, NOW - 1e6)[n % 3],
        )
        for n, text in enumerate(texts)
    ]  # fmt: skip
    store = mh.KnowledgeStore(embedder=mh.HashingEmbedder(), capacity=len(facts), graph=False)
    store.add_many(facts)
    for n in range(0, len(facts), 23):
        store.delete(f"k{n:04d}")
    return store


def _view(envelope: mh.ContextEnvelope) -> tuple[Any, ...]:
    items = tuple(
        (item.tier, item.source_id, item.content, item.score, item.tokens, item.reason)
        for item in envelope.items
    )
    return items, dict(envelope.headers), envelope.sub_queries, str(envelope.intent)


def _replay(
    store: mh.KnowledgeStore,
    conversations: list[tuple[str, list[dict[str, Any]]]],
    worker: bool,
) -> Iterator[tuple[str, tuple[Any, ...], bool | str]]:
    assembler = mh.ContextAssembler(knowledge=store, embedder=store.embedder, tier_p_worker=worker)
    try:
        for where, turns in conversations:
            session = assembler.session(where.replace(".", "_"))
            for turn in turns:
                text, speaker = turn["content"], turn.get("speaker")
                if turn["role"] != "user":
                    session.assistant(text, speaker=speaker)
                    continue
                envelope = session.user(text, speaker=speaker, budget_tokens=1500)
                yield f"{where} turn {turn['turn_id']}", _view(envelope), envelope.cdr_novelty
            yield where, _view(session.document(turns[0]["content"], ["what was decided"])), True
    finally:
        assembler.close()


@pytest.fixture(scope="module")
def conversations() -> list[tuple[str, list[dict[str, Any]]]]:
    return _conversations()


@pytest.mark.parametrize("backend", BACKENDS)
def test_beside_and_after_the_plan_give_the_same_envelopes(
    backend: str, conversations: list[tuple[str, list[dict[str, Any]]]], monkeypatch: Any
) -> None:
    monkeypatch.setattr(knowledge_cdr, "now", lambda: NOW)
    monkeypatch.setattr(knowledge_stage, "now", lambda: NOW)
    # Every turn takes the split (search, then CDR by the turn's novelty), wherever its
    # search runs: a turn never takes its query back for the one-call stage.
    monkeypatch.setattr(knowledge_worker.PendingNeighbours, "withdraw", lambda self: False)
    previous = kernels.use(backend)
    try:
        store = _store(conversations)
        beside = list(_replay(store, conversations, worker=True))
        after = list(_replay(store, conversations, worker=False))
    finally:
        kernels.use(previous)
    assert len(beside) == len(after)
    for (where, ours, _), (_, theirs, _) in zip(beside, after, strict=True):
        assert ours == theirs, where
    # The replay reaches every novelty mode, and Tier P packs facts (some after others
    # were delivered: the coverage the worker made is used).
    assert {novelty for _, _, novelty in beside} >= {True, False, "partial"}
    packed = [view for _, view, _ in beside if any(item[0] == "P" for item in view[0])]
    assert len(packed) > len(beside) // 2
