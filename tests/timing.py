"""Timing for the tests that check a cost grows linearly (or stays bounded): the best of a
few runs with the collector off, so a full collection landing in one call is no cost of
the code being timed.

Every test that times something carries ``@pytest.mark.timed``: CI runs those only in the
README's test run, on the runner's quiet core, not in the backend runs that go side by side.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_seconds(call: Callable[[], object], runs: int = 3) -> float:
    """The fastest of ``runs`` calls of ``call``, in seconds."""
    gc.disable()
    try:
        best = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            call()
            best = min(best, time.perf_counter() - start)
    finally:
        gc.enable()
    return best


def interleaved_seconds(
    small: Callable[[], object], large: Callable[[], object], rounds: int = 5
) -> tuple[float, float]:
    """Best times of two calls timed alternately, so both see the same machine."""
    small_best = large_best = float("inf")
    for _ in range(rounds):
        small_best = min(small_best, best_seconds(small, runs=1))
        large_best = min(large_best, best_seconds(large, runs=1))
    return small_best, large_best


def reads_a_million_like_a_thousand(
    read: Callable[[str], object], units: tuple[str, ...], factor: float = 20
) -> None:
    """A reader that stops early: ``units`` repeated to 1,000,000 characters cost at most
    ``factor`` times the same repeated to 1,000 (a ratio: no wall-clock limit)."""
    for unit in units:
        short, long = unit * (1_000 // len(unit)), unit * (1_000_000 // len(unit))
        small = best_seconds(lambda text=short: read(text))
        large = best_seconds(lambda text=long: read(text))
        assert large < factor * max(small, 0.002), (unit, small, large)
