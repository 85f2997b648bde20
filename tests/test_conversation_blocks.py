"""``ConversationBlocks``: a session's rendered Tier C blocks are reused while a turn's text
holds, and what the cache holds is bounded by characters, not by a count of turns."""

from __future__ import annotations

from multihorizon.assembly.compose import ConversationBlocks
from multihorizon.assembly.envelope import ContextItem


def _words(text: str) -> int:
    return len(text.split())


def test_a_block_is_rendered_once_while_its_text_holds() -> None:
    blocks = ConversationBlocks()
    calls: list[str] = []

    def count(text: str) -> int:
        calls.append(text)
        return _words(text)

    first = blocks.item(ContextItem(3, "user", "the plan", 0.5, "relevant"), count)
    again = blocks.item(ContextItem(3, "user", "the plan", 0.7, "answer"), count)
    assert len(calls) == 1
    assert (again.source_id, again.content, again.tokens) == (
        first.source_id,
        first.content,
        first.tokens,
    )
    assert (again.score, again.reason) == (0.7, "answer")
    changed = blocks.item(ContextItem(3, "user", "another plan", 0.5, "relevant"), count)
    assert len(calls) == 2
    assert changed.content == "user: another plan"
    assert len(blocks) == 1


def test_long_turns_are_bounded_by_characters_not_turns() -> None:
    blocks = ConversationBlocks()
    text = "word " * 200_000  # a 1,000,000-character turn, the longest a session takes
    for turn in range(40):
        packed = blocks.item(ContextItem(turn, "user", text + str(turn), 0.5, "relevant"), _words)
        assert packed.content.startswith("user: word")
        assert blocks.size <= ConversationBlocks.BYTE_LIMIT
    # 40 such turns are ~80 million characters: the old count bound (4,096) held them all.
    assert 0 < len(blocks) < 40


def test_a_block_larger_than_the_bound_is_not_held() -> None:
    blocks = ConversationBlocks()
    small = blocks.item(ContextItem(1, "user", "short", 0.5, "relevant"), _words)
    huge_text = "x" * (ConversationBlocks.BYTE_LIMIT + 1)
    huge = blocks.item(ContextItem(2, "assistant", huge_text, 0.5, "relevant"), _words)
    assert huge.content == "assistant: " + huge_text
    assert len(blocks) == 1
    assert small.source_id == "turn:1"
    assert blocks.size < 1_000


def test_the_count_bound_still_holds_for_short_turns() -> None:
    blocks = ConversationBlocks()
    for turn in range(ConversationBlocks.LIMIT + 10):
        blocks.item(ContextItem(turn, "user", f"turn {turn}", 0.5, "relevant"), _words)
        assert len(blocks) <= ConversationBlocks.LIMIT
    blocks.clear()
    assert len(blocks) == 0
    assert blocks.size == 0
