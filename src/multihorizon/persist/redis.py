"""``RedisStore``: sessions in a Redis server shared by replicas."""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import InputError
from ..inputs import check_name
from .base import (
    MAX_SESSION_BYTES,
    ConflictError,
    PartialStateError,
    StoredSession,
    StoreError,
    check_first_turn,
    check_int,
    check_records,
    check_size,
    conflict,
    next_version,
    stored_float,
    stored_int,
    stored_text,
)
from .redis_layout import (
    APPEND_SCRIPT,
    LOAD_AFTER_SEGMENTS_SCRIPT,
    LOADED_FIELDS,
    STAGED_COMMIT_SCRIPT,
    segmented_read,
    stored_session,
)
from .redis_staging import copy_kept, save_bytes, stage, staged_keys

__all__ = ["RedisStore"]


class RedisStore:
    """Sessions in a Redis server shared by replicas (``pip install "multihorizon[redis]"``).

    Per session a hash (``version``, ``updated_at``, the head record in ``blob``,
    ``turn_count``, ``turn_bytes``, ``record_count``, ``record_bytes``), a list of turn
    records and a hash of keyed records (``/records``); a set of session names per
    tenant, and a sorted set by last update for expiry. A save that appends turns is one
    server-side script, which checks the version and writes alone on the server; the rare
    save that replaces stored records WATCHes the hash and writes in MULTI/EXEC. Either way,
    of two replicas saving on the same version exactly one wins and the other gets
    ``ConflictError``. A load reads the hash, the turn list and the keyed records in one
    transaction; ``load(after_segments=True)`` is one read-only script that also works out
    where the segments' run of turns ends and reads the turn list from there (issue 18 item
    4). A save of more than ``chunk_bytes`` (a first whole save of a long session) is
    written in commands of at most ``chunk_bytes`` under staging keys, then put in place by
    one script (``redis_staging``), so no command nears the socket ``timeout``. Any Redis
    failure (unreachable, gone mid-call, out of memory, read-only) gives ``StoreError``;
    nothing half-written is ever visible.
    """

    def __init__(self, url: str = "redis://127.0.0.1:6379/0", *, prefix: str = "mh",
                 timeout: float = 5.0, clock: Callable[[], float] = time.time,
                 max_bytes: int = MAX_SESSION_BYTES,
                 chunk_bytes: int = 4 * 1024 * 1024) -> None:  # fmt: skip
        try:
            import redis
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise ImportError(
                "RedisStore needs the redis extra: pip install 'multihorizon[redis]'"
            ) from exc
        self._redis_module = redis
        # Typed as Any: redis-py's own annotations are partial (untyped pipeline methods).
        if not isinstance(url, str):
            raise InputError(f"url: expected str, got {type(url).__name__}")
        try:
            self._client: Any = redis.Redis.from_url(
                url, socket_timeout=timeout, socket_connect_timeout=timeout
            )
        except ValueError as exc:  # redis-py's own, for a malformed URL
            raise InputError(f"url: {exc}") from None
        self._prefix = check_name(prefix, "prefix")
        self._clock = clock
        self.max_bytes = check_int(max_bytes, "max_bytes", 1)
        self.chunk_bytes = check_int(chunk_bytes, "chunk_bytes", 1)
        # The common save, appending turns, in one round trip (WATCH/MULTI takes four).
        self._append = self._client.register_script(APPEND_SCRIPT)
        # A load that leaves out the turn records its segments stand for, in one round trip.
        self._load_after_segments = self._client.register_script(LOAD_AFTER_SEGMENTS_SCRIPT)
        self._staged_commit = self._client.register_script(STAGED_COMMIT_SCRIPT)
        # (loop, asyncio client, its append script, its load-after-segments script)
        self._aio: tuple[Any, Any, Any, Any] | None = None
        self._address = (url, timeout)

    def _key(self, tenant: str, session_id: str) -> str:
        tenant, session_id = check_name(tenant, "tenant"), check_name(session_id, "session_id")
        # "/" cannot occur in a name, so no tenant/session pair can spell another's key
        # (with ":" the pair "a", "b:c" and the pair "a:b", "c" would share one).
        return f"{self._prefix}/s/{tenant}/{session_id}"

    def _call(self, what: str, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except self._redis_module.exceptions.RedisError as exc:
            # Unreachable, timed out, out of memory, read-only after a failover, a key of
            # the wrong type: all the store failing, not the caller.
            raise StoreError(f"redis: {what} failed ({type(exc).__name__}: {exc})") from None

    def _legacy_key(self, tenant: str, session_id: str) -> str:
        return f"{self._prefix}:s:{tenant}:{session_id}"

    def _refuse_legacy(self, tenant: str, session_id: str) -> None:
        """A session the first release stored (``prefix:s:tenant:name``, a format-1 blob) is
        refused by name, never taken for a missing one: ``migrate_legacy()`` moves it."""
        legacy = self._legacy_key(tenant, session_id)
        if self._call("read", lambda: self._client.exists(legacy)):
            raise StoreError(
                f"session {tenant}/{session_id} is stored in the first release's layout "
                f"({legacy!r}): run RedisStore(url).migrate_legacy() once to move it"
            )

    def migrate_legacy(self) -> int:
        """Move the first release's sessions (key ``prefix:s:tenant:name``, its tenant sets
        ``prefix:t:tenant`` and ``prefix:updated``) to this layout, each in one transaction;
        the format-1 blob becomes the head and is migrated to format 2 at its next save.
        Stop first-release replicas first: a session they save afterwards is written in the
        old layout again. Tenant sets say which tenant owns a key (the old ``:`` separator
        alone cannot). Returns how many moved; when some could not be (a damaged record, a
        session already in the new layout), the rest are still moved and a ``StoreError``
        names each one left behind and why."""
        prefix = f"{self._prefix}:t:"
        tenant_sets = self._call("scan", lambda: list(self._client.scan_iter(f"{prefix}*")))
        moved, left = 0, list[str]()
        for tenant_set in tenant_sets:
            tenant = tenant_set.decode()[len(prefix) :]
            names = self._call("scan", functools.partial(self._client.smembers, tenant_set))
            for name in sorted(raw.decode() for raw in names):
                try:
                    problem = self._call(
                        "migrate", functools.partial(self._move_legacy, tenant, name)
                    )
                except StoreError as exc:
                    problem = str(exc)
                if problem is None:
                    moved += 1
                elif problem:
                    left.append(f"{tenant}/{name}: {problem}")
        if left:
            raise StoreError(
                f"migrate_legacy: moved {moved}; {len(left)} left in the old layout: "
                + "; ".join(left)
            )
        return moved

    def _move_legacy(self, tenant: str, session_id: str) -> str | None:
        """None once moved; "" when there is nothing to move; else why it was not moved."""
        old, new = self._legacy_key(tenant, session_id), self._key(tenant, session_id)
        member = f"{tenant}/{session_id}"
        for _ in range(5):  # a save racing the move: read again
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(old, new)
                    blob, version, updated = pipe.hmget(old, "blob", "version", "updated_at")
                    if blob is None:
                        return ""
                    if pipe.exists(new):
                        return "a session of this name is already in the new layout"
                    if version is None or updated is None:
                        return "the stored record is incomplete"
                    stamp = stored_float(updated, member)
                    pipe.multi()
                    pipe.hset(
                        new,
                        mapping={
                            "blob": blob,
                            "version": stored_int(version, member),
                            "updated_at": stamp,
                            "turn_count": 0,
                            "turn_bytes": 0,
                        },
                    )
                    pipe.sadd(f"{self._prefix}/t/{tenant}", session_id)
                    pipe.zadd(f"{self._prefix}/updated", {member: stamp})
                    pipe.delete(old)
                    pipe.srem(f"{self._prefix}:t:{tenant}", session_id)
                    pipe.zrem(f"{self._prefix}:updated", member)
                    pipe.execute()
                    return None
                except self._redis_module.exceptions.WatchError:
                    continue
        return "written by another client during five attempts to move it"

    loads_after_segments = True  # ``load(after_segments=True)``: see ``SessionStore.load``

    def load(
        self, tenant: str, session_id: str, *, from_turn: int = 0, after_segments: bool = False
    ) -> StoredSession | None:
        key = self._key(tenant, session_id)
        start = check_int(from_turn, "from_turn", 0)
        if after_segments:
            keys, args = [key, f"{key}/turns", f"{key}/records"], [start]
            read = self._call("read", lambda: self._load_after_segments(keys=keys, args=args))
            fields, start, records, keyed, present = segmented_read(read)
        else:

            def transaction() -> list[Any]:
                pipe = self._client.pipeline(transaction=True)  # the records of one save
                pipe.hmget(key, *LOADED_FIELDS)
                pipe.lrange(f"{key}/turns", start, -1)
                pipe.hgetall(f"{key}/records")
                pipe.exists(key, f"{key}/turns", f"{key}/records")
                return list(pipe.execute())

            fields, records, keyed, present = self._call("read", transaction)
        if present == 0:
            self._refuse_legacy(tenant, session_id)
            return None
        return stored_session(tenant, session_id, start, fields, records, keyed)

    def version(self, tenant: str, session_id: str) -> int:
        key = self._key(tenant, session_id)
        value = self._call("read", lambda: self._client.hget(key, "version"))
        if value is None:
            self._refuse_legacy(tenant, session_id)
            return 0
        return int(stored_int(value, f"{tenant}/{session_id}"))

    def save(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
        records: Mapping[str, bytes] | None = None,
    ) -> int:
        key = self._key(tenant, session_id)
        head, new_turns, keyed = check_records(head, turns, first_turn, expected_version, records)
        new_version = next_version(expected_version)
        if save_bytes(head, new_turns, keyed) > self.chunk_bytes:
            self._staged_save(
                tenant, session_id, head, new_turns, keyed, first_turn, expected_version,
                new_version,
            )  # fmt: skip
            return new_version
        keys, args = self._script_call(
            tenant, session_id, head, new_turns, keyed, first_turn, expected_version, new_version
        )
        status, value = self._call("write", lambda: self._append(keys=keys, args=args))
        status = status.decode()
        if status == "ok":
            return new_version
        self._refuse_status(status, value, tenant, session_id, first_turn, expected_version)
        # "replace": records from first_turn on are stored already (a migrated session's
        # first save): the general transaction.
        return int(
            self._call(
                "write",
                lambda: self._replace(
                    key, tenant, session_id, head, new_turns, keyed, first_turn, expected_version
                ),
            )
        )

    def _script_call(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: list[bytes],
        keyed: dict[str, bytes],
        first_turn: int,
        expected_version: int,
        new_version: int,
    ) -> tuple[list[str], list[Any]]:
        """The keys and arguments of the append script (``APPEND_SCRIPT``)."""
        key = self._key(tenant, session_id)
        keys = [
            key, f"{key}/turns", f"{self._prefix}/t/{tenant}", f"{self._prefix}/updated",
            f"{key}/records",
        ]  # fmt: skip
        args = [
            str(expected_version), first_turn, head, str(new_version), repr(self._clock()),
            session_id, f"{tenant}/{session_id}", self.max_bytes, len(turns), *turns,
            len(keyed), *(part for item in keyed.items() for part in item),
        ]  # fmt: skip
        return keys, args

    def _staged_save(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: list[bytes],
        keyed: dict[str, bytes],
        first_turn: int,
        expected_version: int,
        new_version: int,
    ) -> None:
        """A big save: staged in bounded commands (an appending one's kept records copied
        under the staging keys first), then committed by one script that renames them."""
        keys, args = self._script_call(
            tenant, session_id, head, [], {}, first_turn, expected_version, new_version
        )
        staged = staged_keys(keys[0])
        status, value, kept = "ok", b"", 0
        try:
            if first_turn:
                status, value, kept = self._call("write", lambda: copy_kept(
                    self._client, [keys[0], keys[1], keys[4]], staged, expected_version,
                    first_turn, keyed, self.chunk_bytes,
                ))  # fmt: skip
            if status == "ok":
                self._call(
                    "write", lambda: stage(self._client, staged, turns, keyed, self.chunk_bytes)
                )
            if status != "conflict":  # after a partial copy, the commit's checks name why
                counts = [first_turn + len(turns), sum(map(len, turns)), kept + len(keyed),
                          sum(map(len, keyed.values()))]  # fmt: skip
                status, value = self._call(
                    "write",
                    lambda: self._staged_commit(keys=[*keys, *staged], args=[*args[:8], *counts]),
                )
                status = status.decode()
        finally:
            if status != "ok":  # the TTL removes them if this cannot
                with contextlib.suppress(self._redis_module.exceptions.RedisError):
                    self._client.unlink(*staged)
        if status == "staged":
            raise StoreError(
                f"redis: the save of {tenant}/{session_id} lost its staged records "
                f"({stored_text(value)}): save again"
            )
        if status != "ok":
            self._refuse_status(status, value, tenant, session_id, first_turn, expected_version)
            raise StoreError(f"redis: the staged save answered {status!r}")

    def _replace(
        self,
        key: str,
        tenant: str,
        session_id: str,
        head: bytes,
        new_turns: list[bytes],
        keyed: dict[str, bytes],
        first_turn: int,
        expected_version: int,
    ) -> int:
        """A save that replaces stored turn records: WATCH the hash, check, MULTI/EXEC."""
        turn_list, record_hash = f"{key}/turns", f"{key}/records"
        where = f"{tenant}/{session_id}"
        with self._client.pipeline() as pipe:
            try:
                pipe.watch(key)
                fields = pipe.hmget(
                    key, "version", "turn_count", "turn_bytes", "record_count", "record_bytes"
                )
                version, count, turn_bytes, record_count, record_bytes = (
                    stored_int(v or 0, where) for v in fields
                )
                if version != expected_version:
                    raise conflict(tenant, session_id, version, expected_version)
                listed, held = pipe.llen(turn_list), pipe.hlen(record_hash)
                blob_lost = version and not pipe.hexists(key, "blob")
                if listed != count or held != record_count or blob_lost:
                    raise PartialStateError(
                        f"session {where}: stored state is partial, {listed} turn records "
                        f"listed, {count} recorded, {held} keyed records stored, "
                        f"{record_count} recorded, or the blob field missing"
                    )
                check_first_turn(tenant, session_id, first_turn, count)
                if first_turn < count:
                    dropped = pipe.lrange(turn_list, first_turn, -1)
                    turn_bytes -= sum(len(record) for record in dropped)
                turn_bytes += sum(len(turn) for turn in new_turns)
                if first_turn == 0:
                    record_count, record_bytes = 0, 0
                    replaced = [0] * len(keyed)
                else:
                    replaced = [pipe.hstrlen(record_hash, name) for name in keyed]
                record_count += sum(1 for size in replaced if size == 0)
                record_bytes += sum(map(len, keyed.values())) - sum(replaced)
                size = len(head) + turn_bytes + record_bytes
                check_size(tenant, session_id, size, self.max_bytes)
                now = self._clock()
                pipe.multi()
                new = next_version(version)
                if first_turn == 0:
                    pipe.delete(turn_list)
                    pipe.delete(record_hash)
                elif first_turn < count:
                    pipe.ltrim(turn_list, 0, first_turn - 1)
                if new_turns:
                    pipe.rpush(turn_list, *new_turns)
                if keyed:
                    pipe.hset(record_hash, mapping=keyed)
                pipe.hset(
                    key,
                    mapping={
                        "blob": head, "version": new, "updated_at": now,
                        "turn_count": first_turn + len(new_turns), "turn_bytes": turn_bytes,
                        "record_count": record_count, "record_bytes": record_bytes,
                    },
                )  # fmt: skip
                pipe.sadd(f"{self._prefix}/t/{tenant}", session_id)
                pipe.zadd(f"{self._prefix}/updated", {where: now})
                pipe.execute()
                return new
            except self._redis_module.exceptions.WatchError:
                raise ConflictError(
                    f"session {tenant}/{session_id} was written by another replica"
                ) from None

    def _refuse_status(
        self,
        status: str,
        value: Any,
        tenant: str,
        session_id: str,
        first_turn: int,
        expected_version: int,
    ) -> None:
        """Raise the error of the append script's refusal (``replace`` is not one)."""
        where = f"{tenant}/{session_id}"
        if status == "conflict":
            raise conflict(tenant, session_id, stored_int(value, where), expected_version)
        if status == "gap":
            check_first_turn(tenant, session_id, first_turn, stored_int(value, where))
        if status == "size":
            check_size(tenant, session_id, stored_int(value, where), self.max_bytes)
        if status == "corrupt":
            raise StoreError(f"{where}: stored field is corrupt (turn_count or turn_bytes)")
        if status == "partial":
            raise PartialStateError(
                f"session {where}: stored state is partial, missing {stored_text(value)}"
            )

    def delete(self, tenant: str, session_id: str) -> bool:
        key = self._key(tenant, session_id)

        def remove() -> bool:
            pipe = self._client.pipeline()
            pipe.delete(key)
            pipe.delete(f"{key}/turns", f"{key}/records")
            pipe.srem(f"{self._prefix}/t/{tenant}", session_id)
            pipe.zrem(f"{self._prefix}/updated", f"{tenant}/{session_id}")
            return bool(pipe.execute()[0])

        return bool(self._call("delete", remove))

    def list(self, tenant: str) -> list[str]:
        members = f"{self._prefix}/t/{check_name(tenant, 'tenant')}"
        names = self._call("list", lambda: self._client.smembers(members))
        return sorted(name.decode() for name in names)

    def expire(self, idle_seconds: float) -> int:
        """Delete sessions idle for longer than ``idle_seconds``. Each is re-checked under
        WATCH, so a session saved meanwhile is kept."""
        cutoff = self._clock() - idle_seconds
        by_time = f"{self._prefix}/updated"
        old = self._call("expire", lambda: self._client.zrangebyscore(by_time, "-inf", cutoff))
        errors = self._redis_module.exceptions

        def remove(member: str) -> bool:
            tenant, _, session_id = member.partition("/")
            key = self._key(tenant, session_id)
            with self._client.pipeline() as pipe:
                try:
                    pipe.watch(key, by_time)
                    score = pipe.zscore(by_time, member)
                    if score is None or stored_float(score, member) >= cutoff:
                        return False  # saved again since: not idle
                    pipe.multi()
                    pipe.delete(key)
                    pipe.delete(f"{key}/turns", f"{key}/records")
                    pipe.srem(f"{self._prefix}/t/{tenant}", session_id)
                    pipe.zrem(by_time, member)
                    pipe.execute()
                    return True
                except errors.WatchError:
                    return False  # written meanwhile: not idle

        names = [member.decode() for member in old]
        return int(self._call("expire", lambda: sum(remove(name) for name in names)))

    # ---- asyncio twins (redis.asyncio): the event loop never waits on a socket -------------

    def _async_client(self) -> tuple[Any, Any]:
        """The redis.asyncio client and append script of the running loop (a client's
        connections belong to the loop that made them)."""
        import asyncio

        import redis.asyncio

        loop = asyncio.get_running_loop()
        if self._aio is None or self._aio[0] is not loop:
            url, timeout = self._address
            client = redis.asyncio.Redis.from_url(
                url, socket_timeout=timeout, socket_connect_timeout=timeout
            )
            self._aio = (
                loop,
                client,
                client.register_script(APPEND_SCRIPT),
                client.register_script(LOAD_AFTER_SEGMENTS_SCRIPT),
            )
        return self._aio[1], self._aio[2]

    async def aclose(self) -> None:
        """Close the asyncio client's connections (call before the event loop ends)."""
        if self._aio is not None:
            client, self._aio = self._aio[1], None
            await client.aclose()

    async def _acall(self, what: str, action: Callable[[], Any]) -> Any:
        try:
            return await action()
        except self._redis_module.exceptions.RedisError as exc:
            raise StoreError(f"redis: {what} failed ({type(exc).__name__}: {exc})") from None

    async def _arefuse_legacy(self, tenant: str, session_id: str) -> None:
        client, _ = self._async_client()
        legacy = self._legacy_key(tenant, session_id)
        if await self._acall("read", lambda: client.exists(legacy)):
            self._refuse_legacy(tenant, session_id)  # raises, with the message

    async def aversion(self, tenant: str, session_id: str) -> int:
        """``version`` without blocking the event loop."""
        key = self._key(tenant, session_id)
        client, _ = self._async_client()
        value = await self._acall("read", lambda: client.hget(key, "version"))
        if value is None:
            await self._arefuse_legacy(tenant, session_id)
            return 0
        return int(stored_int(value, f"{tenant}/{session_id}"))

    async def aload(
        self, tenant: str, session_id: str, *, from_turn: int = 0, after_segments: bool = False
    ) -> StoredSession | None:
        """``load`` without blocking the event loop."""
        key = self._key(tenant, session_id)
        start = check_int(from_turn, "from_turn", 0)
        client, _ = self._async_client()
        if after_segments:
            assert self._aio is not None  # set by ``_async_client``
            script, keys = self._aio[3], [key, f"{key}/turns", f"{key}/records"]
            read = await self._acall("read", lambda: script(keys=keys, args=[start]))
            fields, start, records, keyed, present = segmented_read(read)
        else:

            async def transaction() -> list[Any]:
                async with client.pipeline(transaction=True) as pipe:
                    pipe.hmget(key, *LOADED_FIELDS)
                    pipe.lrange(f"{key}/turns", start, -1)
                    pipe.hgetall(f"{key}/records")
                    pipe.exists(key, f"{key}/turns", f"{key}/records")
                    return list(await pipe.execute())

            fields, records, keyed, present = await self._acall("read", transaction)
        if present == 0:
            await self._arefuse_legacy(tenant, session_id)
            return None
        return stored_session(tenant, session_id, start, fields, records, keyed)

    async def asave(
        self,
        tenant: str,
        session_id: str,
        head: bytes,
        turns: Sequence[bytes] = (),
        *,
        first_turn: int,
        expected_version: int,
        records: Mapping[str, bytes] | None = None,
    ) -> int:
        """``save`` without blocking the event loop: the common append in one script call;
        the rare save that replaces stored records runs ``save`` in a worker thread."""
        import asyncio

        head, new_turns, keyed = check_records(head, turns, first_turn, expected_version, records)
        new_version = next_version(expected_version)
        if save_bytes(head, new_turns, keyed) > self.chunk_bytes:  # staged, in a worker thread
            return await asyncio.to_thread(
                self.save, tenant, session_id, head, new_turns,
                first_turn=first_turn, expected_version=expected_version, records=keyed,
            )  # fmt: skip
        _, script = self._async_client()
        keys, args = self._script_call(
            tenant, session_id, head, new_turns, keyed, first_turn, expected_version, new_version
        )
        status, value = await self._acall("write", lambda: script(keys=keys, args=args))
        status = status.decode()
        if status == "ok":
            return new_version
        if status in ("conflict", "gap", "size", "corrupt", "partial"):
            # The same answers as save's, raised the same way (the script wrote nothing).
            self._refuse_status(status, value, tenant, session_id, first_turn, expected_version)
        return await asyncio.to_thread(
            self.save, tenant, session_id, head, new_turns,
            first_turn=first_turn, expected_version=expected_version, records=keyed,
        )  # fmt: skip
