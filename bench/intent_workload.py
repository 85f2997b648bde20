"""The intent-classification workload (issue 3): a session with 50 topic threads and a
200-character user turn with a precomputed embedding, plus the CRP reference classifier as
the peer (``crprotocol``, installed by the bench extra only).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

import multihorizon as mh

THREADS = 50
TURN_CHARS = 200

# Fixed-seed synthetic topics: each thread talks about its own three made-up technical words,
# so the 50 threads stay distinct under any embedder.
_SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "zo", "pe", "vi", "su", "do", "ge", "hu", "xa"]
_FILLER = [
    "we",
    "run",
    "it",
    "on",
    "three",
    "nodes",
    "and",
    "the",
    "config",
    "lives",
    "in",
    "a",
    "shared",
    "repo",
]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(3))


def build_session(package: Any = mh) -> mh.Session:
    """A session with ``THREADS`` threads, two user and two assistant turns per topic
    (``package``: this multihorizon, or a previous release's copy to time side by side).

    Turns carry precomputed embeddings (as a serving stack's would): one random direction per
    topic plus noise, so topics are far apart and each topic's turns close together.
    """
    rng = random.Random(28)
    vectors = np.random.default_rng(28)
    session = package.Session()
    while len(session.threads) < THREADS:
        a, b, c = (_word(rng) for _ in range(3))
        topic = vectors.standard_normal(session.dim)
        texts = [
            ("user", f"How do I set up {a} with {b}? Our {c} cluster keeps failing."),
            ("assistant", f"For {a}, pin {b} to the {c} release and restart the {a} service."),
            ("user", f"Does {a} need {c} logging for {b} as well?"),
            ("assistant", f"Yes, {a} logs {b} through {c} when verbose mode is on."),
        ]
        for role, text in texts:
            embedding = topic + 0.3 * vectors.standard_normal(session.dim)
            if role == "user":
                session.user(text, embedding=embedding)
            else:
                session.assistant(text, embedding=embedding)
    if len(session.threads) != THREADS:
        raise RuntimeError(f"workload built {len(session.threads)} threads, expected {THREADS}")
    return session


def turn_text() -> str:
    """A typical 200-character follow-up: one demonstrative, no reference that resolves."""
    text = (
        "Thanks, that makes sense. Should we pin the release on the staging cluster before the "
        "rollout, or is it fine to wait until the next maintenance window on Friday evening "
        "after the backups finish?"
    )
    return text[:TURN_CHARS].ljust(TURN_CHARS)


def plain_turn_text() -> str:
    """A 200-character statement with no marker: §5.2 decides it in the native call alone."""
    text = (
        "We pinned the release on the staging cluster before the rollout and will wait for "
        "the next maintenance window on Friday evening after the backups finish, when the "
        "nodes are quiet."
    )
    return text[:TURN_CHARS].ljust(TURN_CHARS)


def heavy_turn_text() -> str:
    """A marker-dense 200-character turn: continue, clarify, an entity and a tool reference."""
    text = (
        "Thanks. One more thing about the rollout: what do you mean by pinning the release, "
        "and does that bug with the verbose logs still show up when we restart the service "
        "on all three nodes at once?"
    )
    return text[:TURN_CHARS].ljust(TURN_CHARS)


def turn_embedding(session: mh.Session, text: str) -> np.ndarray[Any, np.dtype[np.float32]]:
    return session.embedder.embed([text])[0].copy()


def ours(session: mh.Session, text: str) -> Callable[[], mh.Intent]:
    embedding = turn_embedding(session, text)
    return lambda: session.classify(text, embedding=embedding)


def ours_text_only(session: mh.Session, text: str) -> Callable[[], mh.Intent]:
    """``classify(text)``: the session's embedder (hashing) runs inside the call."""
    return lambda: session.classify(text)


def peer(text: str) -> Callable[[], Any] | None:
    """``crp.state.horizons.MultiHorizonContext.classify_intent`` over a log of the same shape
    (50 topics, 200 turns; it keeps its own most recent ``max_turn_log``), or None when
    crprotocol is not installed."""
    try:
        from crp.state.horizons import MultiHorizonContext
    except ImportError:
        return None
    context = MultiHorizonContext()
    rng = random.Random(28)
    for _ in range(THREADS):
        words = [_word(rng) for _ in range(3)]
        for role in ("user", "assistant", "user", "assistant"):
            content = " ".join([*words, *(rng.choice(_FILLER) for _ in range(10))])
            context.add_turn(role, content, topic_tags=words[:1])
    return lambda: context.classify_intent(text)


def adapter(text: str) -> Callable[[], Any]:
    """``multihorizon.crp.horizons.MultiHorizonContext.classify_intent`` over the peer's log
    (the same 200 turns through ``add_turn``): what a crprotocol caller pays after
    switching its import, embedding included (the API takes text only)."""
    from multihorizon.crp.horizons import MultiHorizonContext

    context = MultiHorizonContext()
    rng = random.Random(28)
    for _ in range(THREADS):
        words = [_word(rng) for _ in range(3)]
        for role in ("user", "assistant", "user", "assistant"):
            content = " ".join([*words, *(rng.choice(_FILLER) for _ in range(10))])
            context.add_turn(role, content, topic_tags=words[:1])
    return lambda: context.classify_intent(text)
