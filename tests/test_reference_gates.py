"""The references stage's gates answer as the full reading (issue 14, item 1): a turn with no
reference and no reply's list in reach skips the item rules that cannot act on it
(``item_rules.with_item_rules``). Every user turn of the hand-written sets and of real
conversations is read both ways, in a live session, and must get the same resolution; and
the gate must be taken (else it saves nothing) and passed over (else the test shows
nothing)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import multihorizon as mh
import multihorizon.session as session_module
from multihorizon.dialogue import item_rules
from multihorizon.dialogue.implicit_items import list_turns
from multihorizon.dialogue.resolution import Resolution
from shared_data import first_conversations

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"
_REAL = {
    "sgd.jsonl": 3,
    "trec_cast_2021.jsonl": 2,
    "trec_cast_2019.jsonl": 2,
    "tiage.jsonl": 2,
    "locomo.jsonl": 1,
}


def _handwritten() -> Iterator[dict[str, Any]]:
    for path in sorted(_HANDWRITTEN.glob("*.jsonl")):
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
            text = str(turn.get("content") or "")
            if not text.strip():
                continue
            if turn.get("role") == "assistant":
                session.assistant(text)
            elif turn.get("role") == "tool":
                session.tool_output(str(turn.get("tool") or "api"), text)
            else:
                session.user(text)
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
