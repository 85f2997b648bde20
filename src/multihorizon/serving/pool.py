"""The sessions one assembler holds in memory: least recently used first out.

A serving replica sees an unbounded stream of session ids; without a bound it keeps every
conversation it has ever served (3,000 ten-turn sessions took 42 -> 558 MB of RSS). The pool
keeps at most ``max_sessions`` and drops those idle for more than ``idle_ttl`` seconds. What
a dropped session loses depends on the assembler: with a store, nothing (the store has every
turn; the next ``session(id)`` loads it again); without one, its turns (the assembler counts
each eviction and calls ``on_evict``).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from ..errors import InputError

__all__ = ["SessionPool"]

T = TypeVar("T")


def check_limits(max_sessions: object, idle_ttl: object) -> tuple[int | None, float | None]:
    """``max_sessions``: None or an int >= 1; ``idle_ttl``: None or seconds > 0."""
    if max_sessions is not None and (
        isinstance(max_sessions, bool) or not isinstance(max_sessions, int) or max_sessions < 1
    ):
        raise InputError(f"max_sessions: expected None or an int >= 1, got {max_sessions!r}")
    if idle_ttl is not None and (
        isinstance(idle_ttl, bool)
        or not isinstance(idle_ttl, int | float)
        or not math.isfinite(idle_ttl)
        or idle_ttl <= 0
    ):
        raise InputError(f"idle_ttl: expected None or seconds > 0, got {idle_ttl!r}")
    return max_sessions, None if idle_ttl is None else float(idle_ttl)


class SessionPool(Generic[T]):
    """An LRU map of session id -> session with an optional size bound and idle TTL.

    Thread-safe. ``get_or_create`` returns the held session (marking it used) or makes one;
    it returns, with it, the sessions it dropped to make room or because they idled out, so
    the caller can close them and report them outside the pool's lock.
    """

    def __init__(
        self,
        max_sessions: int | None,
        idle_ttl: float | None,
        clock: Callable[[], float],
    ) -> None:
        self.max_sessions, self.idle_ttl = check_limits(max_sessions, idle_ttl)
        self._clock = clock
        # Oldest use first: the order is the eviction order.
        self._held: OrderedDict[str, tuple[T, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_create(
        self, session_id: str, create: Callable[[], T]
    ) -> tuple[T, list[tuple[str, T]]]:
        """The session (created by ``create`` if not held) and the sessions dropped."""
        with self._lock:
            now = self._clock()
            dropped = self._idle(now)
            found = self._held.pop(session_id, None)
            session = create() if found is None else found[0]
            self._held[session_id] = (session, now)
            if self.max_sessions is not None:
                while len(self._held) > self.max_sessions:
                    dropped.append(self._pop_oldest())
            return session, dropped

    def _idle(self, now: float) -> list[tuple[str, T]]:
        dropped: list[tuple[str, T]] = []
        if self.idle_ttl is None:
            return dropped
        cutoff = now - self.idle_ttl
        while self._held:
            _, (_, used) = next(iter(self._held.items()))
            if used > cutoff:
                break
            dropped.append(self._pop_oldest())
        return dropped

    def _pop_oldest(self) -> tuple[str, T]:
        session_id, (session, _) = self._held.popitem(last=False)
        return session_id, session

    def expire(self) -> list[tuple[str, T]]:
        """Drop the sessions idle for longer than ``idle_ttl`` now; returns them."""
        with self._lock:
            return self._idle(self._clock())

    def pop(self, session_id: str) -> T | None:
        with self._lock:
            found = self._held.pop(session_id, None)
            return None if found is None else found[0]

    def pop_all(self) -> list[tuple[str, T]]:
        with self._lock:
            every = [(session_id, held[0]) for session_id, held in self._held.items()]
            self._held.clear()
            return every

    def __len__(self) -> int:
        return len(self._held)

    def __contains__(self, session_id: object) -> bool:
        return session_id in self._held

    def ids(self) -> Iterator[str]:
        """The held ids, least recently used first (a snapshot)."""
        with self._lock:
            return iter(list(self._held))
