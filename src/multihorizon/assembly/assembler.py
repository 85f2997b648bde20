"""The unified envelope assembler (SPEC-028 §2.2): Tiers P, C and E packed into one budget.

Per user turn: the turn's intent sets the blend (§5.3); the blend splits the token budget;
each tier ranks its own candidates (Tier P by CDR, Tier C by the session's fused score with
references first, Tier E referenced entries first, then by recency) and packs greedily
(SPEC-003 §7.3: what does not fit is skipped, the walk goes on); tokens a tier leaves unused
flow to the tiers that still have candidates, by weight. The envelope opens with the Active
Thread Summary (§6.1) and the resolved references, then the rest in sandwich order (SPEC-003
§7.4, ours: the best item first and the second best last, the weakest in the middle). It
never exceeds the budget under the token counter in use.

A failed call (bad input, a budget too small for the Active Thread Summary) changes nothing:
the turn is planned and packed before anything is logged.

Tier P's nearest-neighbour query can run on a dedicated worker thread (one per assembler,
``tiers.knowledge_worker``) while the session plans the turn and retrieves Tier C: all of
Tier P that the turn's intent does not set (the search, and on a store searched exactly the
found facts' coverage too), with CDR by the turn's novelty after the plan. The envelope is
the one running them in sequence gives (``tier_p_worker=False``), and the turn is shorter by
the part of the search the planning covers, less the hop to the worker. By
default (``"auto"``) a turn goes beside only when its query is expected to cost more than
that hop is measured to (``BESIDE_FROM_BYTES``): through hnswlib on a large store, not the
exact int8 pass of a small one. ``close()`` stops the worker.
One session's calls live in ``tier_session``; the envelope's parts in ``compose``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..config import Config
from ..embed import Embedder, HashingEmbedder
from ..errors import EmbeddingError, InputError
from ..inputs import check_name, checked_counter
from ..persist.stores import SessionStore
from ..serving.pool import SessionPool
from ..tiers.coverage import CoverageSet
from ..tiers.facts import Fact
from ..tiers.knowledge import KnowledgeStore
from ..tiers.knowledge_worker import NeighbourWorker, PendingNeighbours
from ..tiers.scratch import ScratchEntry, estimate_tokens
from .envelope import ContextEnvelope, PackedItem, block
from .packing import BudgetError
from .tier_session import TierSession

__all__ = ["BudgetError", "ContextAssembler", "ContextEnvelope", "PackedItem", "TierSession"]

#: ``tier_p_worker="auto"`` runs a turn's Tier P query beside Tier C when it reads more than
#: this (``KnowledgeStore.scan_bytes``: the exact int8 pass reads facts x dim bytes), or
#: walks hnswlib's graph (past 32,768 facts). user() p50 with the worker over in sequence,
#: interleaved on the shared 2-core box (bench/assembler_side_by_side.py, same run each,
#: load 11-15): 10,000 facts x 384 (3.8 MB; a query ~0.3 ms) 1.02-2.60 in four runs;
#: 30,000 facts (11.5 MB, ~1.1 ms) 0.18; 100,000 facts (hnswlib, ef 400) 0.63. Below
#: that the hop (a queue put, a thread wake-up, GIL hand-offs between the planning and the
#: query's Python parts) costs more than the overlap saves. A byte count, not a timing:
#: timings of the query followed the box's load (wall time) or cost milliseconds to take
#: (``time.thread_time`` under the Numba backend, measured 3.3 ms a call). Stop 31, with the
#: worker running the search and the coverage before the plan and CDR after it: 10,000 facts,
#: the turn's thread CPU 0.94 of sequential, but wall time 1.17 at load 13 (two GIL hand-offs
#: and thread wake-ups a turn on an oversubscribed box): left as it was.
BESIDE_FROM_BYTES = 6_000_000

#: Facts whose block tokens an assembler keeps (``ContextAssembler.fact_tokens``).
FACT_TOKENS_HELD = 1 << 16


class ContextAssembler:
    """Builds envelopes for the sessions it owns; sessions share the knowledge store only.

    ``max_sessions`` bounds the sessions held in memory (least recently used, by
    ``session()`` calls, go first) and ``idle_ttl`` drops those not asked for in that many
    seconds. With a ``store`` nothing is lost: a dropped session is loaded again at its next
    ``session(id)``. Without one, a dropped session's turns are gone: ``evictions`` counts
    them, ``on_evict(session_id)`` is called for each, and the dropped ``TierSession``
    object is closed (it raises ``SessionClosedError``), so no caller keeps writing to a
    conversation the assembler no longer has.

    ``tier_p_worker``: True, Tier P's query runs on one dedicated thread beside the
    session's planning; False, after it; ``"auto"`` (the default), beside only when the
    query is expected to cost more than the hop (``tier_p_beside``). The
    envelopes are those of the sequential order either way. ``close()`` stops the thread.
    """

    def __init__(
        self,
        *,
        knowledge: KnowledgeStore | None = None,
        embedder: Embedder | None = None,
        config: Config | None = None,
        token_counter: Callable[[str], int] | None = None,
        stale_policy: str = "warn",
        reinvoke: Callable[[ScratchEntry], Any] | None = None,
        store: SessionStore | None = None,
        max_sessions: int | None = None,
        idle_ttl: float | None = None,
        on_evict: Callable[[str], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        tier_p_worker: bool | str = "auto",
    ) -> None:
        self.embedder: Embedder = embedder if embedder is not None else HashingEmbedder()
        if knowledge is not None:
            if knowledge.dim != int(self.embedder.dim):
                raise EmbeddingError(
                    f"knowledge store dimension {knowledge.dim} differs from the embedder's "
                    f"{self.embedder.dim}"
                )
            if knowledge.model_id is not None and knowledge.model_id != self.embedder.model_id:
                raise EmbeddingError(
                    f"knowledge store model {knowledge.model_id!r} differs from the "
                    f"embedder's {self.embedder.model_id!r} (SPEC-024 §2.5)"
                )
        if tier_p_worker not in (True, False, "auto"):
            raise InputError(
                f"tier_p_worker: expected True, False or 'auto', got {tier_p_worker!r}"
            )
        if stale_policy not in ("reinvoke", "warn", "exclude"):
            raise InputError(
                f"stale_policy: expected reinvoke, warn or exclude, got {stale_policy!r}"
            )
        if stale_policy == "reinvoke" and reinvoke is None:
            raise InputError("stale_policy 'reinvoke' needs a reinvoke callback")
        self.knowledge = knowledge
        self.config = config if config is not None else Config()
        self.count_tokens = (
            checked_counter(token_counter) if token_counter is not None else estimate_tokens
        )
        self.stale_policy = stale_policy
        self.reinvoke = reinvoke
        self.store = store
        self._pool: SessionPool[TierSession] = SessionPool(max_sessions, idle_ttl, clock)
        self.on_evict = on_evict
        self.evictions = 0  # sessions dropped by max_sessions or idle_ttl (not by close)
        self._lock = threading.Lock()
        # Issue 14 item 4: Tier P's query beside Tier C, on one long-lived thread (started
        # at the first turn that needs it; a pool hop measured a worse p99).
        self._beside = tier_p_worker
        worker = tier_p_worker is not False and knowledge is not None
        self._worker = NeighbourWorker() if worker else None
        # Each fact's packed block's tokens, with the fact they were counted for: a fact
        # changes only by replacement, so its block is counted once, not at every turn.
        self._fact_tokens: dict[str, tuple[Fact, int]] = {}

    def session(self, session_id: str, *, load: bool = True) -> TierSession:
        """The session with this id (created on first use). ``"tenant/name"`` puts it in a
        tenant's namespace (``"default"`` without a slash); with a store, the session is
        loaded from it and every turn is saved to it."""
        if not isinstance(session_id, str) or not session_id.strip() or len(session_id) > 256:
            raise InputError("session_id: expected a non-empty str of at most 256 characters")
        tenant, _, name = session_id.rpartition("/")
        check_name(tenant or "default", "tenant")
        check_name(name, "session_id")
        session_id = f"{tenant or 'default'}/{name}"  # "x" and "default/x" are one session
        found, dropped = self._pool.get_or_create(
            session_id, lambda: TierSession(self, session_id, load=load)
        )
        self._dropped(dropped)
        return found

    async def aclose(self) -> int:
        """``close()``, then close the store's asyncio connections (``RedisStore``) so none
        outlives the event loop; returns how many sessions were held."""
        count = self.close()
        closer = getattr(self.store, "aclose", None)
        if closer is not None:
            await closer()
        return count

    async def asession(self, session_id: str) -> TierSession:
        """``session``'s twin: a new session's stored state is loaded without blocking the
        event loop."""
        found = self.session(session_id, load=False)
        await found.aready()
        return found

    @property
    def max_sessions(self) -> int | None:
        return self._pool.max_sessions

    @property
    def idle_ttl(self) -> float | None:
        return self._pool.idle_ttl

    def __len__(self) -> int:
        """How many sessions this assembler holds in memory now."""
        return len(self._pool)

    def __contains__(self, session_id: object) -> bool:
        if isinstance(session_id, str) and "/" not in session_id:
            session_id = f"default/{session_id}"
        return session_id in self._pool

    def expire(self) -> int:
        """Drop the sessions idle for longer than ``idle_ttl`` now (``session()`` does this
        too, on every call); returns how many."""
        dropped = self._pool.expire()
        self._dropped(dropped)
        return len(dropped)

    def close(self, session_id: str | None = None) -> int:
        """Drop one session (or, without an id, every session) from memory and close the
        dropped objects; the store, if any, keeps them, and ``session(id)`` loads them again.
        Without an id, also stop Tier P's worker thread (joined; the next turn starts it
        again). Returns how many were held."""
        if session_id is None:
            every = self._pool.pop_all()
        else:
            if "/" not in session_id:
                session_id = f"default/{session_id}"
            found = self._pool.pop(session_id)
            every = [] if found is None else [(session_id, found)]
        for _, session in every:
            session.close()
        if session_id is None and self._worker is not None:
            self._worker.close()  # a later turn starts it again
        return len(every)

    @property
    def tier_p_worker(self) -> bool:
        """Whether Tier P's query can run on a worker thread beside Tier C."""
        return self._worker is not None

    def tier_p_beside(self) -> bool:
        """Whether this turn's Tier P query goes to the worker: always with
        ``tier_p_worker=True``; with ``"auto"``, when the query walks hnswlib's graph or
        its exact pass reads more than ``BESIDE_FROM_BYTES``."""
        if self._worker is None or self.knowledge is None:
            return False
        scanned = self.knowledge.scan_bytes
        return self._beside is True or scanned is None or scanned > BESIDE_FROM_BYTES

    def prefetch_knowledge(
        self,
        vector: npt.NDArray[np.float32],
        model_id: str,
        coverage: CoverageSet | None = None,
    ) -> PendingNeighbours | None:
        """Start Tier P's query for a turn whose (unit) vector is ``vector`` on the worker:
        the search ``fact_candidates`` would make, and, given the session's ``coverage``,
        the found facts' coverage under it (all of Tier P that does not depend on the turn's
        intent). None when there is no worker, no knowledge, or nothing to ask (a zero
        vector)."""
        knowledge, worker = self.knowledge, self._worker
        if worker is None or knowledge is None or len(knowledge) == 0 or not np.any(vector):
            return None
        config = self.config
        terms = None
        if coverage is not None:
            weighted, depth_sum = coverage.terms()
            # A copy: the set's sum changes in place when an envelope is committed.
            terms = (weighted.copy() if depth_sum else None, depth_sum, len(coverage.fact_ids))
        return worker.submit(
            knowledge, vector, config.fact_candidates, config.relevance_floor_for(model_id),
            terms,
        )  # fmt: skip

    def fact_tokens(self, fact: Fact) -> int:
        """The tokens of ``fact``'s block in an envelope under this assembler's counter."""
        known = self._fact_tokens.get(fact.fact_id)
        if known is not None and known[0] is fact:
            return known[1]
        tokens = self.count_tokens(block("P", fact.fact_id, fact.content))
        if len(self._fact_tokens) >= FACT_TOKENS_HELD:
            self._fact_tokens.clear()  # bounded: a huge store's facts are counted again
        self._fact_tokens[fact.fact_id] = (fact, tokens)
        return tokens

    def facts_tokens(self, facts: Sequence[Fact]) -> list[int]:
        """``fact_tokens`` of each of ``facts`` (one call for a turn's candidates)."""
        held = self._fact_tokens.get
        return [
            known[1]
            if (known := held(fact.fact_id)) is not None and known[0] is fact
            else self.fact_tokens(fact)
            for fact in facts
        ]

    def _dropped(self, dropped: list[tuple[str, TierSession]]) -> None:
        """Sessions the pool let go (out of the pool's lock: ``on_evict`` may call back)."""
        if not dropped:
            return
        with self._lock:
            self.evictions += len(dropped)
        for session_id, session in dropped:
            if self.store is None:
                session.close(reason="evicted (max_sessions or idle_ttl) without a store")
            if self.on_evict is not None:
                self.on_evict(session_id)
