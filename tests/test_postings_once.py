"""The Turn Log keeps a turn's postings once while no rule looks a term up (issue 14): Tier C's
``PostingLists`` are fed as turns are logged, the entity index (``turns_mentioning``) when a
rule first reads it. Whatever the order of reads and appends, live or restored, both give
the turns holding each term, oldest first, as an index fed on every append did."""

from __future__ import annotations

import random

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.dialogue.turnlog import TurnLog

WORDS = ("etcd", "quorum", "backup", "kafka", "lag", "vacuum", "index", "tls")


def _entities(rng: random.Random) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rng.choices(WORDS, k=rng.randint(0, 4))))


def _append(log: TurnLog, session: mh.Session, turn: int, terms: tuple[str, ...]) -> None:
    role = "user" if turn % 2 == 0 else "assistant"
    log.append(
        role=role,
        content=" ".join(terms) or "ok",
        embedding=np.full(log.dim, 0.5, dtype=np.float32),
        timestamp="t",
        thread="x",
        thread_index=0,
        entities=terms,
        features=session.features_of(" ".join(terms) or "ok", role),
    )


def _expected(held: list[tuple[str, ...]], term: str) -> list[int]:
    return [turn for turn, terms in enumerate(held) if term in terms]


def _check(log: TurnLog, held: list[tuple[str, ...]], rng: random.Random) -> None:
    term = rng.choice(WORDS)
    if rng.random() < 0.5:
        assert list(log.turns_mentioning(term)) == _expected(held, term)
    else:
        asked = rng.sample(WORDS, k=3)
        postings, offsets = log.postings(asked, reuse=rng.random() < 0.5)
        found = [t for t in asked if _expected(held, t)]
        assert offsets.tolist()[0] == 0
        assert len(offsets) == len(found) + 1
        for n, each in enumerate(found):
            assert postings[offsets[n] : offsets[n + 1]].tolist() == _expected(held, each)


@pytest.mark.parametrize("seed", range(6))
def test_reads_in_any_order_give_every_term_s_turns_oldest_first(seed: int) -> None:
    rng, session = random.Random(seed), mh.Session()
    log, held = TurnLog(4), []
    for turn in range(60):
        terms = _entities(rng)
        _append(log, session, turn, terms)
        held.append(terms)
        for _ in range(rng.choice((0, 0, 1, 2))):
            _check(log, held, rng)
    for term in WORDS:
        assert list(log.turns_mentioning(term)) == _expected(held, term)


@pytest.mark.parametrize("seed", range(4))
def test_a_restored_log_read_either_way_first_gives_the_same_postings(seed: int) -> None:
    rng, session = random.Random(seed), mh.Session()
    log, held = TurnLog(4), []
    for turn in range(30):
        held.append(_entities(rng))
        _append(log, session, turn, held[-1])
    restored = TurnLog(4)
    restored.restore(log.state(), session.features_of)
    for turn in range(30, 40):
        held.append(_entities(rng))
        _append(restored, session, turn, held[-1])
        if rng.random() < 0.3:
            _check(restored, held, rng)
    for term in WORDS:
        assert list(restored.turns_mentioning(term)) == _expected(held, term)
        postings, _ = restored.postings([term])
        assert postings.tolist() == _expected(held, term)


def test_postings_read_by_tier_c_alone_are_kept_once() -> None:
    session, log = mh.Session(), TurnLog(4)
    for turn, terms in enumerate((("etcd", "backup"), ("etcd",), ("kafka",))):
        _append(log, session, turn, terms)
        assert log.postings(["etcd"])[0].tolist() == [0, 1][: turn + 1]
    assert not log._entity_index  # white-box: no second copy written per turn
    assert list(log.turns_mentioning("etcd")) == [0, 1]
    _append(log, session, 3, ("etcd",))
    assert list(log.turns_mentioning("etcd")) == [0, 1, 3]
