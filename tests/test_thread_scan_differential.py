"""``thread_scan`` against the calls it replaced, on real conversations, on every backend
(issue 14: the placement's array work in one native call).

The first conversations of several ``../shared/data`` files are replayed through
``shared_data.log_turn``; at every user turn's ``Threads.plan`` the scan of the turn's
vector over the threads as they are must pick what ``best_above`` (the centroid rule) and
``cosine_scores`` with the active row ruled out, then ``argmax`` (leaving the active thread,
resuming a dormant one), picked, with the same scores; and the placements that leave the
active thread or resume one by centroid do call it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.dialogue.threads import Threads
from shared_data import DIFFERENTIAL_FILES, DIFFERENTIAL_TURNS, first_conversations, log_turn

pytestmark = pytest.mark.data


def _staged(vector: Any, centroids: Any, active: int) -> tuple[int, float, int, float]:
    """The best centroid as ``best_above`` found it, and the best but the active one as
    ``leave`` and ``_resume`` found it before the scan."""
    best, best_score = kernels.best_above(vector, centroids, -2.0)
    dormant, dormant_score = -1, -math.inf
    if len(centroids) - (active >= 0) > 0:
        scores = kernels.cosine_scores(vector, centroids)
        if active >= 0:
            scores[active] = -np.inf
        dormant = int(np.argmax(scores))
        dormant_score = float(scores[dormant])
    return best, best_score, dormant, dormant_score


@pytest.mark.parametrize("backend_name", _backend.available())
def test_the_scan_picks_what_the_staged_calls_picked(
    backend_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    previous = kernels.use(backend_name)
    try:
        plan, scan = Threads.plan, kernels.thread_scan
        compared: list[int] = []
        called: list[int] = []

        def checked_plan(self: Threads, **kwargs: Any) -> Any:
            if len(self):
                vector = kwargs["embedding"]
                found = scan(vector, self.centroids, self.active)
                assert found == _staged(vector, self.centroids, self.active)
                compared.append(found[2])
            return plan(self, **kwargs)

        def counted_scan(*args: Any) -> Any:
            called.append(1)
            return scan(*args)

        monkeypatch.setattr(Threads, "plan", checked_plan)
        monkeypatch.setattr(kernels, "thread_scan", counted_scan)
        embedder = mh.HashingEmbedder()
        for _, conversation in first_conversations(DIFFERENTIAL_FILES):
            session = mh.Session(embedder=embedder)
            for turn in list(conversation["turns"])[:DIFFERENTIAL_TURNS]:
                log_turn(session, turn, embedder)
    finally:
        monkeypatch.undo()
        kernels.use(previous)
    assert len(compared) > 100
    assert sum(dormant >= 0 for dormant in compared) > 50  # several threads to choose from
    assert called  # turns that left the active thread or resumed one by centroid
