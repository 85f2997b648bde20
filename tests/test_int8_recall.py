"""Recall of Tier C's int8 scan against float32 exact, on real text (``../shared/data``).

The turn log is 10,000 real turns (LoCoMo's chats, then SGD's service dialogues), embedded by
the default (hashing) embedder; the queries are the datasets' own probe questions. For each,
``score_turns_int8`` (default rescore) must find ``score_turns``' top k: recall@10 >= 0.999
(issue 14), with the same scores for the rows both return.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import shared_data
from multihorizon import kernels
from multihorizon.config import Config

pytestmark = pytest.mark.data

LOG_TURNS = 10_000
QUERIES = 400


def _real_text() -> tuple[list[str], list[int], list[tuple[str, int]]]:
    """Turn texts, each turn's conversation index, and (query, conversation) probes."""
    texts: list[str] = []
    conversations: list[int] = []
    probes: list[tuple[str, int]] = []
    for name in ("locomo", "sgd"):
        with (shared_data.data_dir() / f"{name}.jsonl").open(encoding="utf-8") as lines:
            for line in lines:
                conversation = json.loads(line)
                index = len(set(conversations))
                for turn in conversation["turns"]:
                    if len(texts) < LOG_TURNS and turn["content"].strip():
                        texts.append(turn["content"])
                        conversations.append(index)
                probes += [(probe["query"], index) for probe in conversation["probes"]]
                if len(texts) >= LOG_TURNS and len(probes) >= QUERIES:
                    return texts, conversations, probes[:QUERIES]
    return texts, conversations, probes[:QUERIES]


@pytest.fixture(scope="module")
def real_log() -> dict[str, Any]:
    texts, conversations, probes = _real_text()
    embeddings = kernels.hash_embed(texts)
    codes, scales = kernels.quantize_rows(embeddings)
    return {
        "embeddings": embeddings,
        "codes": codes,
        "scales": scales,
        "threads": np.asarray(conversations, dtype=np.int64),
        "queries": kernels.hash_embed([query for query, _ in probes]),
        "query_threads": [thread for _, thread in probes],
    }


def _settings() -> dict[str, dict[str, Any]]:
    config = Config()
    return {
        # Relevance alone: every rank is decided by the cosine the int8 copy approximates.
        "cosine": {"recency_multiplier": 0.0, "k": 10},
        # What conversation.retrieve passes (Config()), the query's conversation active.
        "config": {
            "half_life": config.half_life,
            "recency_multiplier": config.recency_multiplier,
            "recency_bonus": config.recency_bonus,
            "thread_bonus": config.thread_bonus,
            "k": 10,
        },
    }


@pytest.mark.parametrize("setting", ["cosine", "config"])
def test_recall_at_10_against_float32_exact(real_log: dict[str, Any], setting: str) -> None:
    options = _settings()[setting]
    rows = real_log["embeddings"].shape[0]
    ids = np.arange(rows, dtype=np.int64)
    found = wanted = identical = 0
    for query, thread in zip(real_log["queries"], real_log["query_threads"], strict=True):
        if setting == "config":
            options = {**options, "thread_ids": real_log["threads"], "active_thread": thread}
        exact_rows, exact_scores = kernels.score_turns(
            query, real_log["embeddings"], ids, current=rows, **options
        )
        int8_rows, int8_scores = kernels.score_turns_int8(
            query,
            real_log["codes"],
            real_log["scales"],
            real_log["embeddings"],
            ids,
            current=rows,
            **options,
        )
        common = set(exact_rows.tolist()) & set(int8_rows.tolist())
        found += len(common)
        wanted += len(exact_rows)
        identical += int(exact_rows.tolist() == int8_rows.tolist())
        exact_of = dict(zip(exact_rows.tolist(), exact_scores.tolist(), strict=True))
        for row, score in zip(int8_rows.tolist(), int8_scores.tolist(), strict=True):
            if row in exact_of:
                assert score == exact_of[row]
    recall = found / wanted
    assert recall >= 0.999, f"recall@10 {recall:.4f} ({setting})"
    assert identical >= 0.99 * len(real_log["queries"])
