"""Async turn calls: the event loop never waits on store I/O."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.persist.stores import MemoryStore, RedisStore, SQLiteStore
from redis_server import RedisServer

SESSIONS = 100
ROUNDS = 4
THINK = 0.25  # seconds: the mean pause between one session's calls


async def _ticker(
    stop: asyncio.Event, stalls: list[float], busy: list[float] | None = None, period: float = 0.001
) -> None:
    """How late the loop runs a task that asks to wake every ``period`` seconds: the loop's
    stalls (time it spent elsewhere without yielding), and of each the CPU time this thread
    used (the rest is the OS running other processes: this machine is shared)."""
    last, last_cpu = time.perf_counter(), time.thread_time()
    while not stop.is_set():
        await asyncio.sleep(period)
        now, cpu = time.perf_counter(), time.thread_time()
        stalls.append(max(0.0, now - last - period))
        if busy is not None:
            busy.append(cpu - last_cpu)
        last, last_cpu = now, cpu


async def _conversation(assembler: mh.ContextAssembler, n: int, think: float = 0.0) -> None:
    """One user's chat: a turn, the reply, ``ROUNDS`` times; between calls the user (or the
    model) takes a random pause of up to ``2 * think`` seconds (a serving loop's load is
    many paced requests, not one burst)."""
    rng = random.Random(n)

    async def pause() -> None:
        if think:
            await asyncio.sleep(rng.uniform(0.0, 2 * think))

    await pause()
    session = await assembler.asession(f"load/user-{n}")
    for round_ in range(ROUNDS):
        await session.auser(f"How do I configure etcd member {n}, step {round_}?")
        await pause()
        await session.aassistant(f"Set --initial-cluster for member {n}, then step {round_ + 1}.")
        await pause()


async def _run(assembler: mh.ContextAssembler) -> tuple[list[float], list[float]]:
    stop = asyncio.Event()
    stalls: list[float] = []
    busy: list[float] = []
    ticker = asyncio.create_task(_ticker(stop, stalls, busy))
    await asyncio.gather(*(_conversation(assembler, n, THINK) for n in range(SESSIONS)))
    stop.set()
    await ticker
    await assembler.aclose()
    return stalls, busy


@pytest.mark.timed
def test_a_hundred_sessions_on_one_loop_against_redis(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    assembler = mh.ContextAssembler(store=store)

    async def warm_up() -> None:  # first calls compile and connect
        await _conversation(assembler, -1)
        await assembler.aclose()

    asyncio.run(warm_up())
    stalls, busy = asyncio.run(_run(mh.ContextAssembler(store=store)))
    p50, p99, worst = np.percentile(stalls, [50, 99, 100]) * 1e3
    cpu99 = float(np.percentile(busy, 99)) * 1e3
    print(f"\nloop stalls over {len(stalls)} ticks: p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
          f"max {worst:.2f} ms; this thread's CPU per tick p99 {cpu99:.2f} ms")  # fmt: skip
    # Target 5 ms p99 (a turn's CPU on the loop is about half a millisecond); the bound is
    # generous because this machine is shared (an idle loop alone stalls 5 ms at p99 here).
    assert p99 <= 100.0
    # Every turn reached Redis: another replica loads each session whole.
    replica = mh.ContextAssembler(store=store)
    for n in (0, 57, SESSIONS - 1):
        assert len(replica.session(f"load/user-{n}").session) == 2 * ROUNDS
    assert len(store.list("load")) == SESSIONS + 1  # and the warm-up session


def test_async_calls_agree_with_sync_calls_on_every_kind_of_store(tmp_path: Path) -> None:
    async def talk(session: mh.TierSession) -> mh.ContextEnvelope:
        await session.auser("How do I configure etcd on three nodes?")
        await session.aassistant("Set --initial-cluster: 1. CA, 2. certs, 3. restart.")
        await session.atool_output("run_sql", [{"name": "etcd-1", "healthy": True}])
        return await session.auser("Tell me more about the second step.")

    def reference() -> mh.ContextEnvelope:
        session = mh.ContextAssembler().session("ref")
        session.user("How do I configure etcd on three nodes?")
        session.assistant("Set --initial-cluster: 1. CA, 2. certs, 3. restart.")
        session.tool_output("run_sql", [{"name": "etcd-1", "healthy": True}])
        return session.user("Tell me more about the second step.")

    expected = reference()
    for store in (None, MemoryStore(), SQLiteStore(tmp_path / "s.db")):
        assembler = mh.ContextAssembler(store=store)
        envelope = asyncio.run(talk(assembler.session("ref")))
        assert envelope.headers == expected.headers
        assert [(i.tier, i.content) for i in envelope.items] == [
            (i.tier, i.content) for i in expected.items
        ]
        if store is not None:
            again = asyncio.run(mh.ContextAssembler(store=store).asession("ref"))
            assert len(again.session) == 3


def test_async_sync_and_a_failed_async_call_change_nothing(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url)
    messages = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "How do I configure etcd on three nodes?"},
    ]

    async def scenario() -> None:
        session = await mh.ContextAssembler(store=store).asession("chat")
        envelope = await session.async_sync(messages)
        assert envelope.messages()[0]["content"].startswith("Be brief.")
        await session.async_sync(messages)  # a retry logs nothing
        assert len(session.session) == 1
        with pytest.raises(mh.InputError):
            await session.auser("   ")
        assert len(session.session) == 1
        other = mh.ContextAssembler(store=store)
        assert [t.content for t in (await other.asession("chat")).session.turns] == [
            messages[1]["content"]
        ]
        await store.aclose()

    asyncio.run(scenario())


@pytest.mark.timed
def test_a_paused_redis_does_not_stall_the_loop(redis_server: RedisServer) -> None:
    """Redis stops answering for 400 ms (CLIENT PAUSE): the turns wait for it, the loop
    does not (a blocking client would freeze it for the whole pause)."""
    import redis

    store = RedisStore(redis_server.url)
    assembler = mh.ContextAssembler(store=store)
    admin = redis.Redis.from_url(redis_server.url)

    async def scenario() -> tuple[float, list[float]]:
        sessions = [await assembler.asession(f"pause/{n}") for n in range(10)]
        stop, stalls = asyncio.Event(), list[float]()
        ticker = asyncio.create_task(_ticker(stop, stalls))
        await asyncio.sleep(0.01)  # the ticker is running
        admin.execute_command("CLIENT", "PAUSE", 400, "ALL")
        started = time.perf_counter()
        await asyncio.gather(
            *(s.auser(f"Configure etcd member {n}?") for n, s in enumerate(sessions))
        )
        waited = time.perf_counter() - started
        stop.set()
        await ticker
        await assembler.aclose()
        return waited, stalls

    try:
        waited, stalls = asyncio.run(scenario())
    finally:
        admin.close()
    assert waited >= 0.3  # the turns did wait for Redis
    assert max(stalls) < 0.2  # the loop went on meanwhile
    assert len(mh.ContextAssembler(store=store).session("pause/3").session) == 1
