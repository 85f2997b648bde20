"""Rule answers-follow-questions (``kernels.pair_answers``, Tier C's pairing): the k slots
filled in rank order, each unforced question followed by its answer, referenced turns
leading, each item's reason; the same choice as the Python walk it replaced, on random
rankings, on every backend, with question flags not known yet resumed one at a time."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest

from answer_walk import Chosen, reasons, with_answers
from multihorizon import Session
from multihorizon._context_py import QUESTION_UNKNOWN, REASONS
from multihorizon.dialogue.turnlog import TurnLog


def _kernel(
    kernels: ModuleType,
    log: TurnLog,
    ranked: list[int],
    scores: list[float],
    forced: int,
    case: tuple[int, bool, int],
    targets: list[int],
) -> tuple[Chosen, int]:
    """``pair_answers`` resumed until done, reading each pending flag: (items, rounds)."""
    k, follow, active = case
    asks, roles, speakers = log.pair_columns()
    rows, values = np.array(ranked, dtype=np.int64), np.array(scores)
    pending, rounds = 0, 0
    while pending >= 0:
        rounds += 1
        rows, values, reasons, forced, pending = kernels.pair_answers(
            rows, values, forced, k, follow, asks, roles, speakers, log.thread_index, active,
            np.array(targets, dtype=np.int64),
        )  # fmt: skip
        if pending >= 0:
            assert asks[pending] == QUESTION_UNKNOWN
            log.asks_question(pending)
    found = [(int(r), float(s), REASONS[c]) for r, s, c in zip(rows, values, reasons, strict=True)]
    return found, rounds


def _session(rng: random.Random) -> Session:
    session = Session()
    for n in range(60):
        text = f"what about topic {n}?" if rng.random() < 0.5 else f"topic {n} is set up."
        speaker = rng.choice([None, "Ana", "ana", "Bo"])
        call = session.user if rng.random() < 0.6 else session.assistant
        call(text, speaker=speaker)
    return session


def test_pair_answers_is_the_reference_walk(kernels: ModuleType) -> None:
    rng = random.Random(7)
    for restored in (False, True):
        session = _session(rng)
        if restored:  # every question flag unknown: the walk resumes once per flag it reads
            again = Session()
            again.restore(session.state())
            session = again
        log = session.turns
        rounds = 0
        for _ in range(300):
            ranked = rng.sample(range(60), rng.randrange(0, 40))
            forced = rng.randrange(0, min(len(ranked), 5) + 1)
            ranked = ranked[:forced] + [r for r in ranked[forced:] if rng.random() < 0.9]
            scores = [rng.random() for _ in ranked]
            targets = [r for r in ranked[:forced] if rng.random() < 0.5]
            case = (rng.randrange(1, 16), rng.random() < 0.8, rng.randrange(-1, 4))
            found, used = _kernel(kernels, log, ranked, scores, forced, case, targets)
            walk = with_answers(log, ranked, scores, forced, case[0], case[1])
            assert found == reasons(log, walk, min(forced, case[0]), set(targets), case[2])
            assert len(found) <= case[0]
            rounds += used - 1
        assert (rounds > 0) == restored


def test_pair_answers_checks_its_arguments(kernels: ModuleType) -> None:
    log = _session(random.Random(3)).turns
    asks, roles, speakers = log.pair_columns()
    good = dict(
        rows=np.array([3, 1], dtype=np.int64), scores=np.array([0.5, 0.25]), forced_count=0,
        k=4, answers_follow_questions=True, asks=asks, roles=roles, speakers=speakers,
        thread_ids=log.thread_index, active_thread=-1, targets=np.zeros(0, dtype=np.int64),
    )  # fmt: skip
    assert kernels.pair_answers(*good.values())[4] in (-1, 3, 1)
    for name, bad in (
        ("rows", np.array([3, 60], dtype=np.int64)),
        ("scores", np.array([0.5])),
        ("forced_count", 3),
        ("roles", roles[:-1]),
        ("speakers", np.zeros(len(log), dtype=np.float32)),
    ):
        with pytest.raises(ValueError, match=f"^{name}:"):
            kernels.pair_answers(*{**good, name: bad}.values())
