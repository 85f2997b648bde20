"""pytest-benchmark groups for the whole calls of issue 14's table, each beside its NumPy
reference or peer so ratios come from the same run:

- ``classify-given`` / ``classify-text`` (``-plain``, ``-marker-dense``):
  ``Session.classify(text, embedding=given)`` and ``Session.classify(text)`` on
  ``intent_workload``'s session (a typical 200-character turn; a plain statement; a
  marker-dense turn),
  on the live backend, on a session made on the NumPy reference backend, and crprotocol's
  ``classify_intent`` (a test dependency) on a log of the same shape;
- ``session-user-1k`` / ``-10k`` / ``-50k``: ``Session.user(text, embedding=given)`` on a
  session of that many real-text turns (``long_sessions``), on the live backend and on the
  NumPy reference backend (the session restored on each).

    python -m pytest bench/test_bench_calls.py --benchmark-enable [--benchmark-group-by=group]

The project's options disable benchmarking, so a plain run checks each call once.
``BENCH_MAX_TURNS`` (default 10000) skips the larger logs: the first 50k-turn run builds and
caches its session for several minutes. ``BENCH_ROUNDS`` (default 60) is the number of
``user()`` calls timed per contender: each logs a turn, so the log grows by that many.
Tier C top-k at 1k/10k/50k is ``test_bench_tier_c.py``; assembler ``user()`` and ingest are
``test_bench_assembler.py``.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import intent_workload
import long_sessions
import multihorizon as mh
from switch import backend

MAX_TURNS = int(os.environ.get("BENCH_MAX_TURNS", "10000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "60"))
BACKENDS = {"ours": None, "numpy-reference": "python"}
SIZES = {"1k": 1_000, "10k": 10_000, "50k": 50_000}


@pytest.fixture(scope="module")
def classify_sessions() -> dict[str, mh.Session]:
    sessions = {}
    for label, name in BACKENDS.items():
        with backend(name):  # a session keeps the lexicon of the backend it was made on
            sessions[label] = intent_workload.build_session()
    return sessions


# The bench's three turns (issue 14): each must settle in the native call.
TURNS = {
    "typical": intent_workload.turn_text,
    "plain": intent_workload.plain_turn_text,
    "marker-dense": intent_workload.heavy_turn_text,
}


@pytest.mark.parametrize("contender", [*BACKENDS, "crprotocol"])
@pytest.mark.parametrize("given", [True, False], ids=["given", "text"])
@pytest.mark.parametrize("turn", list(TURNS))
def test_classify(
    benchmark: BenchmarkFixture,
    classify_sessions: dict[str, mh.Session],
    contender: str,
    given: bool,
    turn: str,
) -> None:
    text = TURNS[turn]()
    kind = "" if turn == "typical" else f"-{turn}"
    benchmark.group = ("classify-given" if given else "classify-text") + kind
    if contender == "crprotocol":
        call = intent_workload.peer(text)
        if call is None:
            pytest.skip("crprotocol is not installed")
        result: Any = benchmark(call)
        assert result is not None
        return
    session = classify_sessions[contender]
    call = (intent_workload.ours if given else intent_workload.ours_text_only)(session, text)
    with backend(BACKENDS[contender]):
        intent = benchmark(call)
    assert intent == classify_sessions["ours"].classify(text)


@pytest.mark.parametrize("contender", list(BACKENDS))
@pytest.mark.parametrize("size", list(SIZES))
def test_session_user(benchmark: BenchmarkFixture, size: str, contender: str) -> None:
    turns = SIZES[size]
    if turns > MAX_TURNS:
        pytest.skip(f"{turns} turns > BENCH_MAX_TURNS={MAX_TURNS}")
    texts, vectors = long_sessions.probes(turns)
    with backend(BACKENDS[contender]):
        session = long_sessions.session(turns)
        positions = itertools.count()

        def user() -> mh.Envelope:
            n = next(positions) % len(texts)
            return session.user(texts[n], embedding=vectors[n])

        user()  # the first turn reads the restored turns' deferred features
        benchmark.group = f"session-user-{size}"
        envelope = benchmark.pedantic(user, rounds=ROUNDS, warmup_rounds=2)
    assert envelope.turn_id is not None
    assert envelope.turn_id >= turns
