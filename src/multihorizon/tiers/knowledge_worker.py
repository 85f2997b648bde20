"""Tier P's query on a dedicated thread, beside Tier C (issue 14 item 4; architecture: "Tier P
query (hnswlib, on its own worker, GIL released)").

A user turn knows its query vector before it knows anything else, and Tier P's nearest
neighbours depend on nothing but that vector (and their coverage on nothing but the session's
coverage set, which only a committed envelope changes). So the assembler hands the query to
this worker first, plans the turn (features, references, intent, thread, Tier C) while the
store is searched with the GIL released (the exact int8 pass and the coverage products in one
native call, ``knowledge_stage.search_exactly``; hnswlib's graph past the exact-search
limit), and ranks the neighbours by CDR once the turn's novelty is known. The envelope is the
one the sequential order gives: the same search on the same vector, read under the store's
lock in one go.

One long-lived thread per worker, started on first use, fed through a ``SimpleQueue``; each
job carries a lock the caller blocks on (no pool hop, no condition variable: a measured pool
hop raised p99). A job goes to whichever thread claims it first: when the caller needs the
neighbours before the worker has started (the worker was busy, or, on a loaded machine, not
yet scheduled), the caller runs the query itself instead of waiting for a wake-up, so a turn
is never slower than the sequential order by more than a queue put. An exception in the
query is re-raised, the same object, in the caller.
``close()`` stops and joins the thread; a later ``submit`` starts a new one. After ``fork``
the child starts its own thread on first use, and a fork waits for a job in flight to finish
so the child never inherits the store's lock held by a thread that does not exist there.
Pickling a worker gives a new idle worker.
"""

from __future__ import annotations

import os
import queue
import threading
import weakref
from typing import TYPE_CHECKING, Any

from .knowledge_stage import search_exactly

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .knowledge import KnowledgeStore, Neighbours

__all__ = ["NeighbourWorker", "PendingNeighbours"]


class PendingNeighbours:
    """One submitted query: ``result()`` waits for it and returns its ``Neighbours`` or
    raises what the query raised."""

    __slots__ = (
        "_claim",
        "_done",
        "_error",
        "_result",
        "k",
        "min_relevance",
        "query",
        "store",
        "terms",
    )

    def __init__(
        self,
        store: KnowledgeStore,
        query: npt.NDArray[np.float32],
        k: int,
        min_relevance: float,
        terms: tuple[npt.NDArray[np.float64] | None, float, int] | None = None,
    ) -> None:
        self.store, self.query, self.k, self.min_relevance = store, query, k, min_relevance
        # A coverage set's terms (a copy of its weighted sum, its depth sum, how many facts
        # it holds): the found facts' coverage is made too, under these.
        self.terms = terms
        self._result: Neighbours | None = None
        self._error: BaseException | None = None
        self._claim = threading.Lock()  # taken by whichever thread runs the query
        self._done = threading.Lock()
        self._done.acquire()  # released when the query is over

    def claim(self) -> bool:
        """True for the one thread that gets to run the query (the worker, or the caller
        when it asks for the result before the worker started it)."""
        return self._claim.acquire(blocking=False)

    def withdraw(self) -> bool:
        """Take the query back if the worker has not started it (True: nobody will run it,
        and the caller does the work its own way; ``result`` must not be called then)."""
        return self.claim()

    def cancel(self) -> None:
        """The caller will not ask for the result (its turn failed): nobody runs the query
        if nobody has started it."""
        self.claim()

    def run(self) -> None:
        """The query itself (after ``claim``): with ``terms``, on a store searched exactly,
        the search and the coverage in one native call; else ``KnowledgeStore.nearest``."""
        try:
            found = None
            if self.terms is not None:
                found = search_exactly(
                    self.store, self.query, self.k, self.min_relevance, *self.terms[:2]
                )
            if found is None:
                found = self.store.nearest(self.query, self.k, min_relevance=self.min_relevance)
            self._result = found
        except BaseException as exc:  # re-raised in the caller, as it is
            self._error = exc
        finally:
            self._done.release()

    def result(self) -> Neighbours:
        if self.claim():
            # The worker has not started it (busy, or not yet scheduled: on a loaded machine
            # a thread's wake-up can take milliseconds): run it here rather than wait.
            self.run()
        with self._done:  # blocks (GIL released) until the worker is done; then free
            pass
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result


_STOP = None


def _serve(jobs: queue.SimpleQueue[PendingNeighbours | None], busy: threading.Lock) -> None:
    """The worker thread's loop. It holds no reference to its ``NeighbourWorker`` (a
    forgotten worker is collected, and its finaliser stops the thread)."""
    while True:
        job = jobs.get()
        if job is _STOP:
            return
        with busy:  # a fork waits for the job in flight (see ``_before_fork``)
            if job.claim():
                job.run()


class NeighbourWorker:
    """A dedicated thread that runs ``KnowledgeStore.nearest`` for the caller."""

    def __init__(self) -> None:
        self._guard = threading.Lock()  # the thread and its queue change under it
        self._busy = threading.Lock()  # held while a job runs
        self._thread: threading.Thread | None = None
        self._jobs: queue.SimpleQueue[PendingNeighbours | None] = queue.SimpleQueue()
        _WORKERS.add(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (NeighbourWorker, ())

    @property
    def running(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    def submit(
        self,
        store: KnowledgeStore,
        query: npt.NDArray[np.float32],
        k: int,
        min_relevance: float,
        terms: tuple[npt.NDArray[np.float64] | None, float, int] | None = None,
    ) -> PendingNeighbours:
        """Queue ``store.nearest(query, k, min_relevance=...)`` (with ``terms``, and the
        found facts' coverage: ``PendingNeighbours``); the thread starts if needed."""
        job = PendingNeighbours(store, query, k, min_relevance, terms)
        with self._guard:
            if self._thread is None:
                self._start()
            self._jobs.put(job)
        return job

    def close(self) -> None:
        """Stop the thread after the jobs already queued, and wait for it to end."""
        with self._guard:
            thread, self._thread = self._thread, None
            if thread is None:
                return
            self._jobs.put(_STOP)
        thread.join()

    def _start(self) -> None:
        """A new thread with its own queue (call under the guard)."""
        jobs: queue.SimpleQueue[PendingNeighbours | None] = queue.SimpleQueue()
        thread = threading.Thread(
            target=_serve, args=(jobs, self._busy), name="multihorizon-tier-p", daemon=True
        )
        thread.start()
        self._jobs, self._thread = jobs, thread
        weakref.finalize(self, jobs.put, _STOP)  # a forgotten worker stops its thread

    def _forget_parent(self) -> None:
        """In a forked child: the parent's thread is not here, and its queue and locks are
        the parent's; start afresh on the next ``submit``."""
        self._guard = threading.Lock()
        self._busy = threading.Lock()
        self._thread = None
        self._jobs = queue.SimpleQueue()


_WORKERS: weakref.WeakSet[NeighbourWorker] = weakref.WeakSet()
_HELD: list[threading.Lock] = []  # the busy locks a fork in progress holds


def _before_fork() -> None:
    # A fork waits for each job in flight: the child must not inherit a store lock held by
    # the worker thread, which does not exist in the child.
    for worker in list(_WORKERS):
        worker._busy.acquire()
        _HELD.append(worker._busy)


def _after_fork_in_parent() -> None:
    while _HELD:
        _HELD.pop().release()


def _after_fork_in_child() -> None:
    _HELD.clear()
    for worker in list(_WORKERS):
        worker._forget_parent()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        before=_before_fork,
        after_in_parent=_after_fork_in_parent,
        after_in_child=_after_fork_in_child,
    )
