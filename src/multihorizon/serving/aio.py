"""asyncio twins of a session's turn calls: the event loop never waits on store I/O.

``TierSession`` inherits these. Each call does its store round trips with ``await`` (a
store's own ``aversion``/``aload``/``asave``/``adelete`` when it has them, as ``RedisStore``
does over ``redis.asyncio``; any other store's blocking calls in a worker thread via
``asyncio.to_thread``; ``MemoryStore`` and no store at all do no I/O and are called
directly) and runs the turn itself (planning, packing, encoding: CPU, about a millisecond)
on the loop, under the session's thread lock. Calls on one session are serialised by an
``asyncio.Lock``; calls on different sessions interleave at every round trip.

A failed call leaves the session as the sync calls do: the stored state is loaded again (or,
when the store cannot give it now, the session holds nothing until its next call loads it).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import SnapshotError
from ..persist.stores import ConflictError, MemoryStore
from .chat import ChatHistoryError

if TYPE_CHECKING:
    import asyncio

    from ..assembly.assembler import ContextAssembler, ContextEnvelope
    from ..persist.stores import StoredSession
    from ..session import Session
    from ..tiers.knowledge import CoverageSet
    from ..tiers.scratch import ScratchEntry
    from .chat import ChatItem

__all__ = ["AsyncTurns", "store_call"]


async def store_call(store: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """``store.<name>(...)`` without blocking the loop (see the module's docstring)."""
    native = getattr(store, f"a{name}", None)
    if native is not None:
        return await native(*args, **kwargs)
    method = getattr(store, name)
    if isinstance(store, MemoryStore):
        return method(*args, **kwargs)  # a dict behind a lock: no I/O to wait for
    import asyncio  # here, not at the top: the sync API never pays for importing asyncio

    return await asyncio.to_thread(method, *args, **kwargs)


class AsyncTurns:
    """The async API of ``TierSession`` (``auser``, ``aassistant``, ``atool_output``,
    ``apreview``, ``async_sync``)."""

    if TYPE_CHECKING:
        assembler: ContextAssembler
        session: Session
        coverage: CoverageSet
        _lock: threading.RLock
        _key: tuple[str, str]
        _version: int
        _stored_turns: int
        _stored_entries: dict[str, tuple[ScratchEntry, bytes]]

        def _check_open(self) -> None: ...
        def _loaded(self, stored: StoredSession | None) -> None: ...
        def _can_extend(self) -> bool: ...
        def _extended(self, stored: StoredSession | None) -> bool: ...
        def _forget(self) -> None: ...
        def _reset(self) -> None: ...
        def _encode(self) -> tuple[bytes, list[bytes], dict[str, bytes]]: ...
        def _chat_plan(
            self, messages: Any, budget_tokens: Any, on_conflict: str
        ) -> tuple[str | None, list[ChatItem], int, int]: ...
        def _sync_chat(
            self, items: list[ChatItem], last_user: int, budget: int
        ) -> ContextEnvelope: ...
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
        ) -> ContextEnvelope: ...

    _alock: asyncio.Lock | None = None

    def _async_lock(self) -> asyncio.Lock:
        if self._alock is None:
            import asyncio

            self._alock = asyncio.Lock()
        return self._alock

    async def _areload(self) -> None:
        """``_reload``'s twin: from a store that can, the turns its segments stand for are
        read as those segments only (issue 18 item 4); a segment missing or damaged, and
        every turn record is read after all."""
        store = self.assembler.store
        if getattr(store, "loads_after_segments", False):
            stored = await store_call(store, "load", *self._key, after_segments=True)
            with self._lock:
                try:
                    self._loaded(stored)
                    return
                except SnapshotError:
                    if stored is None or stored.first_turn == 0:
                        raise
        stored = await store_call(store, "load", *self._key)
        with self._lock:
            self._loaded(stored)

    async def _arefresh(self) -> None:
        """Bring this copy up to the stored session (``_sync``'s twin)."""
        store = self.assembler.store
        if await store_call(store, "version", *self._key) == self._version:
            return
        try:
            if self._can_extend():
                stored = await store_call(store, "load", *self._key, from_turn=self._stored_turns)
                with self._lock:
                    if self._extended(stored):
                        return
            await self._areload()
        except BaseException:
            self._forget()
            raise

    async def _apersisted(self, action: Callable[[], Any]) -> Any:
        """``_persisted``'s twin, optimistic: the call runs on this copy and the save names
        the version it was based on (one round trip where ``_persisted`` takes two). When
        another replica saved since (``ConflictError``: the store kept nothing of ours),
        the stored session is loaded and the call runs once more on it, so a call that
        succeeds always ran on the latest stored state, as with the sync calls."""
        store = self.assembler.store
        if store is None:
            with self._lock:
                self._check_open()
                return action()
        async with self._async_lock():
            self._check_open()
            for attempt in (1, 2):
                try:
                    with self._lock:
                        result = action()
                        head, turns, records = self._encode()
                        first = self._stored_turns
                    self._version = await store_call(
                        store, "save", *self._key, head, turns,
                        first_turn=first, expected_version=self._version, records=records,
                    )  # fmt: skip
                    self._stored_turns = len(self.session)
                    return result
                except BaseException as exc:
                    try:
                        await self._areload()
                    except BaseException:
                        self._forget()
                        raise exc from None
                    if attempt == 2 or not isinstance(exc, ConflictError):
                        raise
            raise AssertionError("unreachable")  # pragma: no cover

    async def aready(self) -> None:
        """Load the stored session now, without blocking the loop (``asession`` calls it)."""
        if self.assembler.store is None:
            return
        async with self._async_lock():
            self._check_open()
            await self._arefresh()

    async def auser(
        self,
        text: str,
        *,
        budget_tokens: int = 4000,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
    ) -> ContextEnvelope:
        """``user``'s twin: log a user turn and return its packed envelope."""
        envelope: ContextEnvelope = await self._apersisted(
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

    async def aassistant(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
    ) -> int:
        """``assistant``'s twin."""
        return int(
            await self._apersisted(
                lambda: self.session.assistant(
                    text,
                    embedding=embedding,
                    embedding_model=embedding_model,
                    timestamp=timestamp,
                    speaker=speaker,
                )
            )
        )

    async def atool_output(
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
        """``tool_output``'s twin."""
        entry: ScratchEntry = await self._apersisted(
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

    async def apreview(
        self,
        text: str,
        *,
        budget_tokens: int = 4000,
        embedding: Any = None,
        embedding_model: str | None = None,
        speaker: str | None = None,
    ) -> ContextEnvelope:
        """``preview``'s twin (reads the store, logs and saves nothing)."""
        if self.assembler.store is not None:
            async with self._async_lock():
                self._check_open()
                await self._arefresh()
        with self._lock:
            self._check_open()
            return self._turn(
                text,
                budget_tokens,
                embedding,
                None,
                speaker,
                logging=False,
                embedding_model=embedding_model,
            )

    async def async_sync(
        self, messages: Any, *, budget_tokens: int = 4000, on_conflict: str = "raise"
    ) -> ContextEnvelope:
        """``sync``'s twin: a whole chat request, one save, the last user message's envelope."""

        system, items, last_user, budget = self._chat_plan(messages, budget_tokens, on_conflict)
        try:
            envelope: ContextEnvelope = await self._apersisted(
                lambda: self._sync_chat(items, last_user, budget)
            )
        except ChatHistoryError:
            if on_conflict == "raise":
                raise
            store = self.assembler.store
            async with self._async_lock():
                self._check_open()
                if store is not None:
                    await store_call(store, "delete", *self._key)
                with self._lock:
                    self._reset()
                envelope = await self._apersisted(lambda: self._sync_chat(items, last_user, budget))
        return dataclasses.replace(envelope, system=system)
