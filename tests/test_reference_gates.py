"""The references stage's gates answer as the full reading (issue 14, item 1): a turn with no
reference and no reply's list in reach skips the item rules that cannot act on it
(``item_rules.with_item_rules``); an opener whose next word opens no form skips the window
read (``opener_followers.follows``). Every user turn of the hand-written sets and of real
conversations is read both ways and must get the same result; and each gate must be taken
(else it saves nothing) and passed over (else the test shows nothing)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import multihorizon as mh
import multihorizon.session as session_module
from handwritten_corpus import handwritten_files
from multihorizon.dialogue import item_rules, ordinal_mentions
from multihorizon.dialogue.implicit_items import list_turns
from multihorizon.dialogue.resolution import Resolution
from multihorizon.dialogue.window_tokens import WindowTokens
from shared_data import first_conversations, log_turn

_REAL = {
    "sgd.jsonl": 3,
    "trec_cast_2021.jsonl": 2,
    "trec_cast_2019.jsonl": 2,
    "tiage.jsonl": 2,
    "locomo.jsonl": 1,
}


def _handwritten() -> Iterator[dict[str, Any]]:
    for path in handwritten_files():
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                yield json.loads(line)


def _replay(
    conversations: Iterable[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> dict[str, int]:
    """Replays the conversations with every item-rules call read both ways; counts the
    turns that took the gate and those that did not."""
    counts = {"gated": 0, "full": 0}

    def both(
        resolution: Resolution,
        content: str,
        features: Any,
        log: Any,
        config: Any,
    ) -> Resolution:
        full = item_rules.with_item_rules(resolution, content, features, log, config, gated=False)
        gated = item_rules.with_item_rules(resolution, content, features, log, config)
        assert gated == full, content
        counts["gated" if not resolution.references and not list_turns(log) else "full"] += 1
        return gated

    monkeypatch.setattr(session_module, "with_item_rules", both)
    embedder = mh.HashingEmbedder()
    for conversation in conversations:
        session = mh.Session(embedder=embedder)
        for turn in conversation.get("turns", ())[:300]:
            log_turn(session, turn)
        for probe in conversation.get("probes", ()):
            query = str(probe.get("query") or "")
            if query.strip():
                session.preview(query)
    return counts


def test_item_rules_gate_agrees_on_handwritten_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _replay(_handwritten(), monkeypatch)
    assert counts["gated"] > 0
    assert counts["full"] > 0


@pytest.mark.data
def test_item_rules_gate_agrees_on_real_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _replay((c for _, c in first_conversations(_REAL)), monkeypatch)
    assert counts["gated"] > 0
    assert counts["full"] > 0


# Forms at the edge of ``follows``: each opener it restricts with and without the word it
# needs, case, a number or letter glued or apart, the phrase cut by the turn's end.
OPENER_EDGES = [
    "go with b",
    "go with B.",
    "with 2",
    "with #2",
    "with two",
    "for c?",
    "about a, is it ok",
    "what about 4), how long?",
    "I'll take d.",
    "take option 3",
    "is most reliable?",
    "which is quickest?",
    "Which of them weighs the most?",
    "are most of them cheap",
    "the most durable finish",
    "the least sedating",
    "the first two",
    "the last couple",
    "the top three",
    "the one about caching",
    "the ones on indexes",
    "the 7th, is it safe?",
    "the 3rd is cheaper",
    "the second to last",
    "the next to last one",
    "the middle one",
    "the very last bit",
    "the opening step",
    "the cheapest one",
    "whichever is free",
    "the bottom choice",
    "THE FIRST",
    "The Third option",
    "the",
    "with",
    "is",
    "for",
    "the\u00a0first",
    "the\u2019s first",
    "Is D too slow?",
    "I'd pick B.",
    "no 4",
    "the former",
    "the latter is better",
    "prefer the flax one",
    "x" * 150 + " the first",
]


def _positions(text: str) -> list[int]:
    return [match.start() for match in ordinal_mentions._TOKEN.finditer(text)]


def _forms_agree(texts: Iterable[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts = {"skipped": 0, "read": 0}
    for text in texts:
        read = WindowTokens(ordinal_mentions._TOKEN, text).window
        for position in _positions(text):
            found = ordinal_mentions._mentions_at(text, position, True, read)
            with monkeypatch.context() as patch:
                patch.setattr(ordinal_mentions, "follows", lambda *_: True)
                full = ordinal_mentions._mentions_at(text, position, True, read)
                opens = ordinal_mentions._may_open(text, position, followed=True)
            assert found == full, (text, position)
            if opens != ordinal_mentions._may_open(text, position, followed=True):
                counts["skipped"] += 1
            elif opens:
                counts["read"] += 1
    return counts


def _user_texts(conversations: Iterable[dict[str, Any]]) -> Iterator[str]:
    for conversation in conversations:
        for turn in conversation.get("turns", ()):
            if turn.get("role") not in ("assistant", "tool"):
                yield str(turn.get("content") or "")[:2000]
        for probe in conversation.get("probes", ()):
            yield str(probe.get("query") or "")


def test_opener_followers_agree_on_handwritten_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _forms_agree([*OPENER_EDGES, *_user_texts(_handwritten())], monkeypatch)
    assert counts["skipped"] > 0
    assert counts["read"] > 0


@pytest.mark.data
def test_opener_followers_agree_on_real_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    real = {name: 20 for name in (*_REAL, "dialseg711.jsonl", "swda.jsonl")}
    counts = _forms_agree(_user_texts(c for _, c in first_conversations(real)), monkeypatch)
    assert counts["skipped"] > 0
    assert counts["read"] > 0
