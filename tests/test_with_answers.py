"""Rule answers-follow-questions (``conversation.with_answers``): the k slots filled in rank
order, each unforced question followed by its answer, referenced turns leading; the same
choice as the loop it replaced, on random rankings."""

from __future__ import annotations

import random

from multihorizon import Session
from multihorizon.config import Config
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.tiers.conversation import answered_by, with_answers


def _reference(
    log: TurnLog, ranked: list[int], scores: list[float], forced: int, k: int
) -> list[tuple[int, float, bool]]:
    """The walk as first written: a slot check before each candidate and each answer."""
    chosen = [(ranked[at], scores[at], False) for at in range(forced)]
    seen = set(ranked[:forced])
    for at in range(forced, len(ranked)):
        if len(chosen) >= k:
            break
        row = ranked[at]
        if row in seen:
            continue
        chosen.append((row, scores[at], False))
        seen.add(row)
        answer = row + 1
        fits = len(chosen) < k and answer < len(log) and answer not in seen
        if fits and answered_by(log, row, answer):
            chosen.append((answer, scores[at], True))
            seen.add(answer)
    return chosen[:k]


def test_with_answers_is_the_reference_walk() -> None:
    rng = random.Random(7)
    session = Session()
    for n in range(60):
        text = f"what about topic {n}?" if rng.random() < 0.5 else f"topic {n} is set up."
        call = session.user if n % 2 == 0 else session.assistant
        call(text)
    log, config = session.turns, Config()
    for _ in range(300):
        ranked = rng.sample(range(60), rng.randrange(0, 40))
        ranked += rng.sample(ranked, min(len(ranked), rng.randrange(0, 4)))  # repeats
        scores = [rng.random() for _ in ranked]
        forced = rng.randrange(0, min(len(ranked), 5) + 1)
        k = rng.randrange(1, 16)
        found = with_answers(log, config, ranked, scores, forced, k)
        assert found == _reference(log, ranked, scores, forced, k)
        assert len(found) <= k
