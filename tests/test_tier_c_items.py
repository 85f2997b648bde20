"""A turn's Tier C items in one loop (issue 14, branch asm41): ``ConversationBlocks.items``
gives what ``item`` one by one gives, with the same blocks rendered and held; and the packed
Tier P facts carry their fact's content, tokens and reason (the envelope's items are read
whole, not through the packing's internals)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.assembly.compose import ConversationBlocks
from multihorizon.assembly.envelope import ContextItem, block

FACTS = [
    mh.Fact("etcd-tls", "etcd client TLS: set --cert-file and --key-file per member.", "d", 0.8),
    mh.Fact("etcd-peers", "etcd members list each other in --initial-cluster.", "d", 0.8),
    mh.Fact("etcd-quorum", "etcd needs a majority of members for quorum: run three or five.", "d"),
    mh.Fact("pg-backup", "Postgres backups: pg_basebackup nightly plus WAL archiving.", "r", 0.7),
    mh.Fact("coffee", "A conical burr grinder gives an even espresso grind.", "blog", 0.5),
]


def _words(text: str) -> int:
    return len(text.split())


def test_conversation_items_are_item_one_by_one_with_the_same_blocks() -> None:
    turns = [
        ContextItem(3, "user", "the plan", 0.5, "relevant"),
        ContextItem(5, "assistant", "step one, then step two", 0.25, "answer"),
        ContextItem(3, "user", "the plan", 0.75, "reference"),  # held: not counted again
        ContextItem(8, "user", "", 0.125, "relevant"),
    ]
    calls: list[str] = []

    def count(text: str) -> int:
        calls.append(text)
        return _words(text)

    together = ConversationBlocks().items(turns, count)
    assert len(calls) == 3  # turn 3's block is rendered once
    one_by_one = ConversationBlocks()
    expected = [one_by_one.item(turn, _words) for turn in turns]
    assert together == expected
    for turn, item in zip(turns, together, strict=True):
        text = f"{turn.role}: {turn.content}"
        source_id = f"turn:{turn.turn_id}"
        assert (item.tier, item.source_id, item.content) == ("C", source_id, text)
        assert (item.score, item.reason) == (turn.score, turn.reason)
        assert item.tokens == _words(block("C", source_id, text))
    assert ConversationBlocks().items([], count) == []


def test_a_changed_turn_is_rendered_again_among_held_ones() -> None:
    blocks = ConversationBlocks()
    blocks.items([ContextItem(1, "user", "first", 0.5, "relevant")], _words)
    again = blocks.items(
        [
            ContextItem(1, "user", "first, edited", 0.5, "relevant"),
            ContextItem(2, "assistant", "second", 0.5, "relevant"),
        ],
        _words,
    )
    assert [item.content for item in again] == ["user: first, edited", "assistant: second"]
    assert len(blocks) == 2


@pytest.mark.parametrize("request_text", ["How do I set up etcd TLS and quorum?", "etcd members"])
def test_packed_facts_carry_their_fact_score_and_tokens(request_text: str) -> None:
    kb = mh.KnowledgeStore(embedder=mh.HashingEmbedder())
    kb.add_many(FACTS)
    assembler = mh.ContextAssembler(knowledge=kb)
    session = assembler.session("columns")
    envelope = session.user(request_text, budget_tokens=2000)
    facts = [item for item in envelope.items if item.tier == "P"]
    assert facts, envelope.items
    by_id = {fact.fact_id: fact for fact in FACTS}
    for item in facts:
        fact = by_id[item.source_id]
        assert item.content == fact.content
        assert item.reason == "cdr"
        assert item.tokens == assembler.fact_tokens(fact)
        assert 0.0 < item.score <= 1.0
    assert len({item.source_id for item in facts}) == len(facts)
    used = envelope.headers["CRP-Context-Facts-Used"].split("/")[0]
    assert int(used) == len(facts)
    assert sum(item.tokens for item in facts) == envelope.tier_tokens["P"]
