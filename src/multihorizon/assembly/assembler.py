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
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import numpy as np

from ..config import Config
from ..dialogue.intent import Intent
from ..dialogue.turnlog import TurnLog
from ..embed import Embedder, HashingEmbedder
from ..errors import EmbeddingError, InputError, SessionClosedError
from ..inputs import check_name, checked_counter
from ..persist.codec import SnapshotError, decode, encode, extend
from ..persist.stores import SessionStore, StoredSession, StoreError
from ..serving.aio import AsyncTurns
from ..serving.chat import ChatHistoryError, ChatItem, new_from, parse_messages
from ..serving.pool import SessionPool
from ..session import Session
from ..tiers.knowledge import CoverageSet, KnowledgeStore
from ..tiers.knowledge_candidates import connectors_of, fact_candidates, sub_queries_of
from ..tiers.scratch import ScratchEntry, estimate_tokens
from ..tiers.tool_candidates import ToolCandidates
from .envelope import ContextEnvelope, Envelope, PackedItem, block
from .headers import SCRATCH_TOKENS_SAVED, tokens_saved
from .packing import (
    BudgetError,
    Delivery,
    Tier,
    check_budget,
    fact_item,
    packed_item,
    plain,
    sandwich,
    share_budget,
)

__all__ = ["BudgetError", "ContextAssembler", "ContextEnvelope", "PackedItem", "TierSession"]


class ContextAssembler:
    """Builds envelopes for the sessions it owns; sessions share the knowledge store only.

    ``max_sessions`` bounds the sessions held in memory (least recently used, by
    ``session()`` calls, go first) and ``idle_ttl`` drops those not asked for in that many
    seconds. With a ``store`` nothing is lost: a dropped session is loaded again at its next
    ``session(id)``. Without one, a dropped session's turns are gone: ``evictions`` counts
    them, ``on_evict(session_id)`` is called for each, and the dropped ``TierSession``
    object is closed (it raises ``SessionClosedError``), so no caller keeps writing to a
    conversation the assembler no longer has.
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
        Returns how many were held."""
        if session_id is None:
            every = self._pool.pop_all()
        else:
            if "/" not in session_id:
                session_id = f"default/{session_id}"
            found = self._pool.pop(session_id)
            every = [] if found is None else [(session_id, found)]
        for _, session in every:
            session.close()
        return len(every)

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


class TierSession(AsyncTurns):
    """One conversation under an assembler: a ``Session`` (Tier C and the scratch buffer)
    plus its CDR coverage set (Tier P). Every turn call has an asyncio twin (``auser``,
    ``aassistant``, ``atool_output``, ``apreview``, ``async_sync``; see
    ``multihorizon.serving.aio``)."""

    def __init__(self, assembler: ContextAssembler, session_id: str, *, load: bool = True) -> None:
        self.assembler = assembler
        self.session_id = session_id
        tenant, _, name = session_id.rpartition("/")
        self._key = (tenant or "default", name)
        self._version = 0
        self._lock = threading.RLock()
        self._tool = ToolCandidates()  # Tier E's packed blocks and candidates, cached
        # scratch id -> (the entry, its stored form): each save re-encodes only new entries.
        self._stored_entries: dict[str, tuple[ScratchEntry, bytes]] = {}
        self._closed: str | None = None  # why, once closed
        # sync's last envelope and the state it left: a retried request gets it again.
        self._chat_cache: tuple[tuple[int, int, int, str], ContextEnvelope] | None = None
        self._fresh()
        if assembler.store is not None and load:
            self._reload()

    def _fresh(self) -> None:
        assembler = self.assembler
        self.session = Session(
            embedder=assembler.embedder, config=assembler.config, session_id=self.session_id
        )
        self.coverage = CoverageSet(self.session.dim)
        self._version = 0
        self._stored_turns = 0  # turn records the store holds for this session

    def _reload(self) -> None:
        """The stored state (or a new session when none is stored)."""
        stored = self.assembler.store.load(*self._key) if self.assembler.store else None
        self._loaded(stored)

    def _loaded(self, stored: StoredSession | None) -> None:
        """Hold the session the store gave (``_reload``, ``_areload``)."""
        if stored is None:
            self._fresh()
            return
        session, coverage = decode(
            stored.head, stored.turns, embedder=self.assembler.embedder,
            config=self.assembler.config,
        )  # fmt: skip
        if session.session_id != self.session_id:
            raise StoreError(
                f"stored session {session.session_id!r} found under {self.session_id!r}"
            )
        self.session, self.coverage, self._version = session, coverage, stored.version
        # A first-release session (one whole snapshot, no turn records) is migrated: the
        # next save writes every turn as a record.
        self._stored_turns = len(stored.turns)

    def _catch_up(self) -> None:
        """Another replica saved since our version: read the turns this replica lacks and
        the head, or the whole session when ours is not a beginning of the stored one
        (deleted and created again, or not yet saved in turn records)."""
        store = self.assembler.store
        if store is not None and self._can_extend():
            stored = store.load(*self._key, from_turn=self._stored_turns)
            if self._extended(stored):
                return
        self._reload()

    def _can_extend(self) -> bool:
        return self._version > 0 and self._stored_turns == len(self.session)

    def _extended(self, stored: StoredSession | None) -> bool:
        """Add the turns another replica saved (``_catch_up``); False when ``stored`` does
        not continue this copy and the session must be loaded whole."""
        if stored is not None and stored.first_turn == self._stored_turns:
            try:
                coverage = extend(self.session, stored.head, stored.turns)
            except SnapshotError:
                return False  # the session may be half extended: load it whole
            self.coverage, self._version = coverage, stored.version
            self._stored_turns = stored.turn_count
            return True
        return False

    def close(self, *, reason: str = "closed") -> None:
        """Accept no more calls (``ContextAssembler.close`` and eviction without a store)."""
        with self._lock:
            self._closed = reason
            self.session.close()

    @property
    def closed(self) -> bool:
        return self._closed is not None

    def _check_open(self) -> None:
        if self._closed is not None:
            raise SessionClosedError(
                f"session {self.session_id} was {self._closed}; call "
                "ContextAssembler.session(id) for a live one"
            )

    def _persisted(self, action: Callable[[], Any]) -> Any:
        """Run one call against the latest stored state and save what it changed (the head
        and the new turns); if anything fails (the call, the save, a conflict with another
        replica), the in-memory session returns to the stored state, or, when the store
        cannot give that back now, holds nothing until the next call loads it; the error
        propagates either way."""
        store = self.assembler.store
        with self._lock:
            self._check_open()
            if store is None:
                return action()
            self._sync()
            try:
                result = action()
                head, turns = self._encode()
                self._version = store.save(
                    *self._key, head, turns,
                    first_turn=self._stored_turns, expected_version=self._version,
                )  # fmt: skip
                self._stored_turns = len(self.session)
            except BaseException:
                try:
                    self._reload()
                except BaseException:
                    # The store cannot give the state back now (any error, typed or not):
                    # drop what this call changed, and load whole at the next call.
                    self._forget()
                raise
            return result

    def _encode(self) -> tuple[bytes, list[bytes]]:
        """The head and the turns added since the last save, as the store keeps them."""
        head, turns = encode(
            self.session, self.coverage, first_turn=self._stored_turns,
            entry_cache=self._stored_entries,
        )  # fmt: skip
        return head, list(turns)

    def _sync(self) -> None:
        """Bring this replica's copy up to the stored session (call under the lock)."""
        store = self.assembler.store
        if store is not None and store.version(*self._key) != self._version:
            try:  # another replica saved since, or this one holds nothing
                self._catch_up()
            except BaseException:
                self._forget()  # it may have failed half way: trust nothing held
                raise

    def _forget(self) -> None:
        """Hold nothing: an empty session at an unknown version, so the next call loads the
        stored session whole instead of saving from a state the store never had."""
        self._fresh()
        self._version = -1

    # Tier C and E pass through.
    def assistant(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
    ) -> int:
        """``Session.assistant``: log the reply; returns its turn id."""
        return int(
            self._persisted(
                lambda: self.session.assistant(
                    text,
                    embedding=embedding,
                    embedding_model=embedding_model,
                    timestamp=timestamp,
                    speaker=speaker,
                )
            )
        )

    def tool_output(
        self,
        tool: str,
        output: Any,
        *,
        kind: str | None = None,
        args: Mapping[str, Any] | None = None,
        volatility: str = "VOLATILE",
        scratch_id: str | None = None,
        ttl: float | None = None,
    ) -> ScratchEntry:
        """``Session.tool_output``: record a tool result in the scratch buffer (Tier E)."""
        entry: ScratchEntry = self._persisted(
            lambda: self.session.tool_output(
                tool,
                output,
                kind=kind,
                args=args,
                volatility=volatility,
                scratch_id=scratch_id,
                ttl=ttl,
            )
        )
        return entry

    def classify(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        speaker: str | None = None,
    ) -> Intent:
        """``Session.classify`` on the latest stored state: the SPEC-028 §5.2 intent."""
        with self._lock:
            self._check_open()
            self._sync()
            return self.session.classify(
                text, embedding=embedding, embedding_model=embedding_model, speaker=speaker
            )

    @property
    def turns(self) -> TurnLog:
        """The turn log (read it; do not change it)."""
        return self.session.turns

    def user(
        self,
        text: str,
        *,
        budget_tokens: int = 4000,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
    ) -> ContextEnvelope:
        """Log a user turn and return its packed envelope."""
        envelope: ContextEnvelope = self._persisted(
            lambda: self._turn(
                text,
                budget_tokens,
                embedding,
                timestamp,
                speaker,
                logging=True,
                embedding_model=embedding_model,
            )
        )
        return envelope

    def sync(
        self, messages: Any, *, budget_tokens: int = 4000, on_conflict: str = "raise"
    ) -> ContextEnvelope:
        """A whole chat-completions request (``messages``, OpenAI's shape): log the messages
        the session does not have yet (one store save for all of them) and return the
        envelope of the last user message, whose ``messages()`` is ready to send (the
        request's system text first). See ``multihorizon.serving.chat`` for how messages map to
        turns and tool outputs, and how a request is matched to the session. A retried
        request logs nothing and gets the same envelope; a request that disagrees with the
        session's history raises ``ChatHistoryError`` (``on_conflict="raise"``) or rebuilds
        the session from the request (``"restart"``)."""
        system, items, last_user, budget = self._chat_plan(messages, budget_tokens, on_conflict)
        try:
            envelope: ContextEnvelope = self._persisted(
                lambda: self._sync_chat(items, last_user, budget)
            )
        except ChatHistoryError:
            if on_conflict == "raise":
                raise
            self._restart()
            envelope = self._persisted(lambda: self._sync_chat(items, last_user, budget))
        return dataclasses.replace(envelope, system=system)

    def _chat_plan(
        self, messages: Any, budget_tokens: Any, on_conflict: str
    ) -> tuple[str | None, list[ChatItem], int, int]:
        """A request checked whole before anything is logged: its system text, its items,
        the position of its last user item, the budget."""
        if on_conflict not in ("raise", "restart"):
            raise InputError(f"on_conflict: expected 'raise' or 'restart', got {on_conflict!r}")
        budget = check_budget(budget_tokens)
        system, items = parse_messages(messages)
        users = [n for n, item in enumerate(items) if item.role == "user"]
        if not users:
            raise InputError("messages: no user message with text")
        return system, items, users[-1], budget

    def _sync_chat(self, items: list[ChatItem], last_user: int, budget: int) -> ContextEnvelope:
        """Log ``items`` from the first the session lacks; the last user item's envelope."""
        session = self.session
        start = new_from(items, session.turns, session.scratch)
        if start > last_user:
            # Nothing new up to the last user message: a retry gets the envelope it got
            # (while nothing was logged since); otherwise, after new tool outputs or on a
            # replica that did not build it, the envelope the same text gets now.
            item = items[last_user]
            state = (len(session), len(session.scratch), budget, item.text)
            for extra in items[start:]:
                self._log_item(extra)
            cached = self._chat_cache
            if start == len(items) and cached is not None and cached[0] == state:
                return cached[1]
            return self._turn(item.text, budget, None, None, item.name, logging=False)
        envelope: ContextEnvelope | None = None
        for position in range(start, len(items)):
            item = items[position]
            if position == last_user:
                envelope = self._turn(item.text, budget, None, None, item.name, logging=True)
            else:
                self._log_item(item)
        assert envelope is not None
        if last_user == len(items) - 1:
            state = (len(session), len(session.scratch), budget, items[last_user].text)
            self._chat_cache = (state, envelope)
        return envelope

    def _log_item(self, item: ChatItem) -> None:
        """One request item that is not the envelope's user turn, as Session logs it."""
        session = self.session
        if item.role == "user":
            session.user(item.text, speaker=item.name)
        elif item.role == "assistant":
            session.assistant(item.text, speaker=item.name)
        else:
            assert item.tool is not None
            session.tool_output(item.tool, item.output, args=item.args)

    def _restart(self) -> None:
        """Discard this session, in memory and in the store (``sync(on_conflict="restart")``)."""
        store = self.assembler.store
        with self._lock:
            self._check_open()
            if store is not None:
                store.delete(*self._key)
            self._reset()

    def _reset(self) -> None:
        """An empty session at version 0, every cache dropped."""
        self._fresh()
        self._stored_entries.clear()
        self._tool.clear()
        self._chat_cache = None

    def preview(
        self,
        text: str,
        *,
        budget_tokens: int = 4000,
        embedding: Any = None,
        embedding_model: str | None = None,
        speaker: str | None = None,
    ) -> ContextEnvelope:
        """The envelope a user turn would get, on the latest stored state; logs nothing,
        delivers nothing, saves nothing."""
        with self._lock:
            self._check_open()
            self._sync()
            return self._turn(
                text,
                budget_tokens,
                embedding,
                None,
                speaker,
                logging=False,
                embedding_model=embedding_model,
            )

    def document(
        self,
        task: str,
        sub_queries: Sequence[str],
        *,
        budget_tokens: int = 4000,
        completed: Sequence[str] = (),
    ) -> ContextEnvelope:
        """SPEC-028 §7.5 document mode: a caller's finite task with its sub-queries. Tier P is
        retrieved per sub-query with CDR on (novelty against what this session was already
        given; the open sub-queries pull, SPEC-024 §7.1); ``completed`` sub-queries no longer
        pull. The task is not logged as a turn; the facts delivered join the coverage set,
        so the next window of the same task gets new material."""
        envelope: ContextEnvelope = self._persisted(
            lambda: self._document(task, sub_queries, budget_tokens, completed)
        )
        return envelope

    def _document(
        self,
        task: str,
        sub_queries: Sequence[str],
        budget_tokens: int,
        completed: Sequence[str],
    ) -> ContextEnvelope:
        if not isinstance(task, str) or not task.strip():
            raise InputError("task: expected a non-empty str")
        queries = tuple(sub_queries)
        if not queries or not all(isinstance(q, str) and q.strip() for q in queries):
            raise InputError("sub_queries: expected one or more non-empty strs")
        if len(queries) > 64:
            raise InputError(f"sub_queries: at most 64, got {len(queries)}")
        budget = check_budget(budget_tokens)
        done = {plain(q) for q in completed}
        residual = tuple(q for q in queries if plain(q) not in done)
        session = self.session
        with session.transaction():
            plan = session.plan(task, logging=False)
            turn = dataclasses.replace(
                plan.envelope,
                mode="document",
                cdr_novelty=True,
                headers=MappingProxyType({**plan.envelope.headers, "CRP-Context-Mode": "document"}),
            )
            packed, delivery = self._pack(turn, plan.embedding, task, budget, residual)
            self._deliver(delivery)
            return packed

    def _turn(
        self,
        text: str,
        budget: Any,
        embedding: Any,
        timestamp: Any,
        speaker: str | None,
        *,
        logging: bool,
        embedding_model: str | None = None,
    ) -> ContextEnvelope:
        budget = check_budget(budget)
        session = self.session
        with session.transaction():
            plan = session.plan(
                text,
                embedding=embedding,
                embedding_model=embedding_model,
                timestamp=timestamp,
                speaker=speaker,
                logging=logging,
            )
            packed, delivery = self._pack(plan.envelope, plan.embedding, plan.text, budget)
            if logging:
                session.commit(plan)
                self._deliver(delivery)
            return packed

    def _deliver(self, delivery: Delivery) -> None:
        """What a committed envelope changes: re-invoked tool entries replace the stale ones,
        delivered facts join the coverage set (cannot fail)."""
        for entry in delivery.refreshed:
            self.session.scratch.replace(entry)
        for fact_id, vector in delivery.facts:
            self.coverage.add(fact_id, vector)

    # ---- packing ---------------------------------------------------------------------------

    def _pack(
        self,
        turn: Envelope,
        vector: np.ndarray,
        text: str,
        budget: int,
        sub_queries: tuple[str, ...] | None = None,
    ) -> tuple[ContextEnvelope, Delivery]:
        """The envelope, and what committing it changes (nothing is changed here)."""
        assembler = self.assembler
        count = assembler.count_tokens
        head: list[PackedItem] = []
        summary = turn.summary

        def summary_cost(text: str) -> int:
            return count(block("S", turn.active_thread, text))

        summary_tokens = summary_cost(summary)
        if summary_tokens > budget:
            # Shrink the summary (oldest entries first), never below its first line.
            first_line = summary.split("\n", 1)[0]
            limit = len(summary)
            while summary_tokens > budget and limit > len(first_line):
                limit = max(len(first_line), int(limit * 0.8))
                summary = turn.thread_state.summary(max_chars=limit)
                summary_tokens = summary_cost(summary)
            if summary_tokens > budget or not summary.startswith(first_line):
                raise BudgetError(
                    f"budget_tokens: {budget} cannot hold the Active Thread Summary "
                    f"({summary_cost(first_line)} tokens for its first line alone)"
                )
        head.append(PackedItem("S", turn.active_thread, summary, 1.0, summary_tokens, "summary"))
        remaining = budget - summary_tokens

        # SPEC-028 §4.2: resolved references at full weight, right after the summary.
        referenced_turns = {
            ref.target_turn
            for ref in turn.references
            if ref.target_turn is not None and ref.scratch_entry is None
        }
        referenced_entries = list(
            dict.fromkeys(ref.scratch_entry for ref in turn.references if ref.scratch_entry)
        )
        conversation: list[PackedItem] = []
        for item in turn.items:
            packed = packed_item(
                "C",
                f"turn:{item.turn_id}",
                f"{item.role}: {item.content}",
                item.score,
                item.reason,
                count,
            )
            if item.turn_id in referenced_turns and packed.tokens <= remaining:
                head.append(packed)
                remaining -= packed.tokens
            elif item.turn_id not in referenced_turns:
                conversation.append(packed)

        tool_items, freshness, refreshed = self._tool.candidates(
            self.session.scratch,
            referenced_entries,
            assembler.count_tokens,
            assembler.stale_policy,
            assembler.reinvoke,
        )
        for tool_item in [i for i in tool_items if i.reason == "reference"]:
            if tool_item.tokens <= remaining:
                head.append(tool_item)
                remaining -= tool_item.tokens
        tool_items = [i for i in tool_items if i.reason != "reference"]

        if sub_queries is None:
            sub_queries = (
                sub_queries_of(
                    turn,
                    text,
                    assembler.config.max_sub_queries,
                    self.session.thread_states() if assembler.config.session_recaps else (),
                )
                if turn.mode == "hybrid"
                else ()
            )
        facts, available = fact_candidates(
            assembler, self.coverage, self.session.model_id, turn, vector, sub_queries
        )
        knowledge = [fact_item(scored, "cdr", count) for scored in facts]
        blend = turn.blend
        bridging = (
            connectors_of(assembler, self.coverage, vector, facts)
            if turn.mode != "conversation"
            else []
        )
        connectors = [fact_item(scored, "connector", count) for scored in bridging]
        share = assembler.config.connector_budget if connectors else 0.0
        tiers = [
            Tier("P", blend.P * (1.0 - share), knowledge),
            Tier("P", blend.P * share, connectors),
            Tier("C", blend.C, conversation),
            Tier("E", blend.E, tool_items),
        ]
        share_budget(tiers, remaining)
        chosen = [item for tier in tiers for item in tier.chosen]
        body = sandwich(chosen, {"P": blend.P, "C": blend.C, "E": blend.E})
        items = (*head, *body)
        used = sum(item.tokens for item in items)
        assert used <= budget, (used, budget)  # the packing invariant
        included_facts = [item for item in items if item.tier == "P"]
        by_id = {scored.fact.fact_id: scored for scored in (*facts, *bridging)}
        headers = dict(turn.headers)
        headers["CRP-Context-Facts-Used"] = f"{len(included_facts)}/{available}"
        if included_facts:
            novelty = min(by_id[item.source_id].novelty for item in included_facts)
            headers["CRP-Context-Coverage-Score"] = f"{novelty:.2f}"
        if connectors:
            used_connectors = [item for item in included_facts if item.reason == "connector"]
            headers["CRP-Context-Connectors-Included"] = f"{len(used_connectors)}/{len(connectors)}"
        scratch = self.session.scratch
        headers["CRP-Context-Scratch-Entries"] = f"{len(scratch)}/{scratch.pinned}"
        sent = [(scratch.get(i.source_id), i.tokens) for i in items if i.tier == "E"]
        headers[SCRATCH_TOKENS_SAVED] = str(tokens_saved((e.raw_token_count, n) for e, n in sent))
        if freshness:
            headers["CRP-Context-Scratch-Freshness"] = freshness
        if scratch.full:
            headers["CRP-Context-Scratch-Full"] = "true"
        headers["CRP-Context-Tokens-Used"] = str(used)
        headers["CRP-Context-Saturation"] = f"{used / budget:.2f}"
        tier_tokens = {"S": 0, "P": 0, "C": 0, "E": 0}
        for piece in items:
            tier_tokens[piece.tier] += piece.tokens
        facts_store = assembler.knowledge
        delivered = (
            [(item.source_id, facts_store.vector(item.source_id)) for item in included_facts]
            if facts_store is not None
            else []
        )
        envelope = ContextEnvelope(
            turn=turn,
            items=tuple(items),
            budget_tokens=budget,
            headers=MappingProxyType(headers),
            tier_tokens=MappingProxyType(tier_tokens),
            sub_queries=sub_queries,
            user_text=text,
        )
        return envelope, Delivery(delivered, refreshed)
