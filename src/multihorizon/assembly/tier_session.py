"""One conversation under a ``ContextAssembler`` (SPEC-028 §2.2): its ``Session`` (Tier C and
the scratch buffer), its CDR coverage set (Tier P), its place in the session store, and the
packing of each envelope.

A turn: the query vector first, handed to the assembler's Tier P worker; the session's plan
(features, references, intent, thread, Tier C) while the store is searched (and the found
facts' coverage made); then Tier P's CDR by the turn's novelty over the neighbours the worker
found (or, when the worker has not started them, the whole stage here in one call), Tier E,
the budget split, the sandwich and the headers. A
failed call changes nothing: the turn is planned and packed before anything is logged.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..dialogue.intent import Intent
from ..dialogue.turnlog import TurnLog
from ..embed import normalise_embedding
from ..errors import InputError, SessionClosedError
from ..inputs import check_text
from ..persist.codec import (
    APPENDS_TO_FORMAT,
    SnapshotError,
    decode,
    encode,
    extend,
    stored_format,
)
from ..persist.stores import StoredSession, StoreError
from ..serving.aio import AsyncTurns
from ..serving.chat import ChatHistoryError, ChatItem, new_from, parse_messages
from ..session import Session
from ..tiers.coverage import CoverageSet
from ..tiers.knowledge_worker import PendingNeighbours
from ..tiers.scratch import ScratchEntry
from ..tiers.tool_candidates import ToolCandidates
from .compose import ConversationBlocks, pack
from .envelope import ContextEnvelope, Envelope
from .packing import Delivery, check_budget, plain

if TYPE_CHECKING:
    from .assembler import ContextAssembler

__all__ = ["TierSession"]


def _current(head: bytes) -> bool:
    """Whether a stored head is in this release's format (else the next save writes all)."""
    return stored_format(head) >= APPENDS_TO_FORMAT


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
        self._blocks = ConversationBlocks()  # Tier C's packed blocks, by turn
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
        """The stored state (or a new session when none is stored). From a store that can,
        the turns its segments stand for are read as those segments only (issue 18 item 4);
        a segment missing or damaged, and the turn records are read after all."""
        store = self.assembler.store
        if store is not None and getattr(store, "loads_after_segments", False):
            # The keyword of the stores that say they take it (``SessionStore.load``).
            load: Callable[..., StoredSession | None] = store.load
            stored = load(*self._key, after_segments=True)
            try:
                self._loaded(stored)
                return
            except SnapshotError:
                if stored is None or stored.first_turn == 0:
                    raise
        self._loaded(store.load(*self._key) if store is not None else None)

    def _loaded(self, stored: StoredSession | None) -> None:
        """Hold the session the store gave (``_reload``, ``_areload``)."""
        if stored is None:
            self._fresh()
            return
        session, coverage = decode(
            stored.head, stored.turns, stored.records, first_turn=stored.first_turn,
            embedder=self.assembler.embedder, config=self.assembler.config,
        )  # fmt: skip
        if session.session_id != self.session_id:
            raise StoreError(
                f"stored session {session.session_id!r} found under {self.session_id!r}"
            )
        self.session, self.coverage, self._version = session, coverage, stored.version
        # A session stored in an earlier format (a first-release snapshot, or format 2 with
        # the thread states in its head) is migrated: the next save writes it whole.
        self._stored_turns = stored.turn_count if _current(stored.head) else 0

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
                coverage = extend(self.session, stored.head, stored.turns, stored.records)
            except SnapshotError:
                return False  # the session may be half extended: load it whole
            self.coverage, self._version = coverage, stored.version
            self._stored_turns = stored.turn_count if _current(stored.head) else 0
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
                head, turns, records = self._encode()
                self._version = store.save(
                    *self._key, head, turns, first_turn=self._stored_turns,
                    expected_version=self._version, records=records,
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

    def _encode(self) -> tuple[bytes, list[bytes], dict[str, bytes]]:
        """The head, the turns added since the last save and the keyed records they
        changed, as the store keeps them."""
        return encode(
            self.session, self.coverage, first_turn=self._stored_turns,
            entry_cache=self._stored_entries,
        )  # fmt: skip

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
        self._blocks.clear()
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
            vector = self._query_vector(task, None, None)
            prefetched = self._prefetch(vector)
            plan = session.plan(
                task,
                embedding=vector,
                logging=False,
            )
            turn = dataclasses.replace(
                plan.envelope,
                mode="document",
                cdr_novelty=True,
                headers=MappingProxyType({**plan.envelope.headers, "CRP-Context-Mode": "document"}),
            )
            packed, delivery = self._pack(
                turn, plan.embedding, task, budget, residual, prefetched=prefetched
            )
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
            # Tier P's query first, on the worker; the plan (Tier C) runs meanwhile.
            vector = self._query_vector(text, embedding, embedding_model)
            prefetched = self._prefetch(vector)
            try:
                plan = session.plan(
                    text,
                    embedding=embedding if vector is None else vector,
                    embedding_model=embedding_model,
                    timestamp=timestamp,
                    speaker=speaker,
                    logging=logging,
                )
                packed, delivery = self._pack(
                    plan.envelope, plan.embedding, plan.text, budget, prefetched=prefetched
                )
            except BaseException:
                if prefetched is not None:
                    prefetched.cancel()  # not started yet: nobody runs it
                raise
            if logging:
                session.commit(plan)
                self._deliver(delivery)
            return packed

    def _deliver(self, delivery: Delivery) -> None:
        """What a committed envelope changes: re-invoked tool entries replace the stale ones,
        delivered facts join the coverage set (cannot fail)."""
        for entry in delivery.refreshed:
            self.session.scratch.replace(entry)
        if delivery.vectors is not None:
            self.coverage.add_many(delivery.fact_ids, delivery.vectors)

    # ---- packing ---------------------------------------------------------------------------

    def _query_vector(
        self, text: str, embedding: Any, embedding_model: str | None
    ) -> npt.NDArray[np.float32] | None:
        """The turn's vector, made before the session plans the turn so that Tier P's query
        can start on the assembler's worker: the vector ``Session.plan`` would make (and is
        then given). None, and the plan makes it, when this turn's query does not go to the
        worker (``ContextAssembler.tier_p_beside``), or for
        anything that would not plan (the plan raises it, in its own order of checks)."""
        if not self.assembler.tier_p_beside():
            return None
        session = self.session
        try:
            if embedding_model is not None and embedding_model != session.model_id:
                return None
            if embedding is not None:
                return normalise_embedding(embedding, session.dim)
            vectors = np.asarray(session.embedder.embed([check_text(text)]))
            if vectors.shape != (1, session.dim):
                return None
            return normalise_embedding(vectors[0], session.dim)
        except Exception:  # the plan raises it
            return None

    def _prefetch(self, vector: npt.NDArray[np.float32] | None) -> PendingNeighbours | None:
        if vector is None:
            return None
        return self.assembler.prefetch_knowledge(vector, self.session.model_id, self.coverage)

    def _pack(
        self,
        turn: Envelope,
        vector: npt.NDArray[np.float32],
        text: str,
        budget: int,
        sub_queries: tuple[str, ...] | None = None,
        prefetched: PendingNeighbours | None = None,
    ) -> tuple[ContextEnvelope, Delivery]:
        """The envelope, and what committing it changes (nothing is changed here)."""
        return pack(
            self.assembler, self.session, self.coverage, self._tool, turn, vector, text, budget,
            sub_queries, prefetched, self._blocks,
        )  # fmt: skip
