"""Issue 14 item 5 for Tier C: a user turn's allocations do not grow with the conversation log
(scoring, retrieval and the rules read the log's columns in place; scratch is reused), on every
backend."""

from __future__ import annotations

import random
import statistics
import tracemalloc

import pytest

import multihorizon as mh

TOPICS = (
    ("etcd", "member", "snapshot", "quorum"),
    ("postgres", "replica", "vacuum", "index"),
    ("kafka", "consumer", "offset", "partition"),
    ("sourdough", "starter", "proof", "crumb"),
    ("bike", "chain", "gear", "brake"),
    ("garden", "tomato", "blight", "compost"),
)
FORMS = (
    "how does the {0} {1} behave when the {2} is late?",
    "ok, the {1} and the {3}: which one first",
    "We changed the {2} on the {0} yesterday and the {3} looks fine now.",
    "what about {3} on the {1} then",
)


def _texts(count: int) -> list[str]:
    rng = random.Random(14)
    texts = []
    for n in range(count):
        words = TOPICS[(n // 40) % len(TOPICS)]  # a topic holds for 20 exchanges, then moves on
        texts.append(rng.choice(FORMS).format(*rng.sample(words, 4)) + f" ({n})")
    return texts


def _median_peak(turns: int) -> int:
    """The median peak bytes traced during ``user()`` over 20 turns after ``turns`` logged."""
    embedder = mh.HashingEmbedder()
    texts = _texts(turns + 40)
    vectors = embedder.embed(texts)
    session = mh.Session(embedder=embedder)
    for n in range(turns):
        call = session.user if n % 2 == 0 else session.assistant
        call(texts[n], embedding=vectors[n])
    peaks = []
    for n in range(turns, turns + 40, 2):
        tracemalloc.start()
        session.user(texts[n], embedding=vectors[n])
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        session.assistant(texts[n + 1], embedding=vectors[n + 1])
    return int(statistics.median(peaks))


@pytest.mark.usefixtures("backend")
def test_a_turn_allocates_the_same_after_eight_times_the_log() -> None:
    short, long = _median_peak(300), _median_peak(2400)
    # One float32 per logged turn would add 8.4 kB between the two; amortised growth of a
    # term's postings, a few hundred bytes.
    assert long - short < 2_000, (short, long)
