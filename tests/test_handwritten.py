"""Hand-written conversations with reference labels (issue 15 item 1), scored by the
evaluation's references task: the reference target (acc@1 of the antecedents) and the
enumerated item (``gold_item``).

``tests/data/handwritten/references_tune.jsonl`` (30 conversations, 67 probes) was written
first and the ordinal, action and entity rules were tuned on it;
``references_check.jsonl`` (30 others, 64 probes: other domains and phrasings) was written
after, before any result on it was seen. Its first run scored acc@1 0.859 and item 0.775;
its failures were then read and general gaps fixed (lettered inline lists, category nouns,
items named by a definite noun phrase, yes/no questions in repeat requests), so it is no
longer a clean hold-out. The floors sit a little under the figures measured with the
hashing embedder (``multihorizon eval FILE --task references``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from multihorizon.evaluation import evaluate
from multihorizon.evaluation.metrics import same_item

DATA = Path(__file__).parent / "data" / "handwritten"

# file -> (acc@1 floor, item floor); measured: tune 0.910 / 1.000, check 0.875 / 0.975.
FLOORS = {
    "references_tune.jsonl": (0.88, 0.97),
    "references_check.jsonl": (0.84, 0.95),
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_handwritten_reference_targets_and_items_hold(name: str) -> None:
    report = evaluate(DATA / name, "references")
    target, item = FLOORS[name]
    assert report.ours["acc_at_1"] >= target, report.ours
    assert report.ours["item_accuracy"] >= item, report.ours
    # The best baseline of the same run is far below: the labels are not the turn before.
    assert max(values["acc_at_1"] for values in report.baselines.values()) < 0.70


@pytest.mark.parametrize(
    ("ours", "gold", "same"),
    [
        ("Redis as the cache backend", "redis as the cache backend.", True),
        ("Fushimi Inari early", "Day 1: Fushimi Inari early", True),
        ("Redis as the cache backend", "Redis", False),
        ("Memcached", "Redis", False),
        (None, "Redis", False),
    ],
)
def test_item_matching_ignores_case_punctuation_and_labels(
    ours: str | None, gold: str, same: bool
) -> None:
    assert same_item(ours, gold) is same
