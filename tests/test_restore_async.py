"""The async load (``asession``/``aready``, and the reload after a conflict or a failed
call) reads a long session as its segments and the turn records after them, as the sync
load does (issue 18 item 4); a damaged segment, and every turn record is read."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import multihorizon as mh
import persist_shapes
from multihorizon.persist import MemoryStore, RedisStore, SQLiteStore, encode
from multihorizon.tiers.knowledge import CoverageSet


@pytest.fixture(scope="module")
def long_session() -> mh.Session:
    session = mh.Session(session_id="restore/long")
    for turn in range(1100):
        topic = ("etcd quorum", "nginx upstream", "kafka lag")[(turn // 4) % 3]
        if turn % 2 == 0:
            session.user(f"How do I tune {topic} number {turn}?")
        else:
            session.assistant(f"For {topic}: set the option to {turn} and restart.")
    return session


@pytest.fixture(params=["memory", "sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    if request.param == "redis":
        return RedisStore(request.getfixturevalue("redis_server").url)
    return MemoryStore() if request.param == "memory" else SQLiteStore(tmp_path / "s.db")


def _view(session: mh.Session) -> Any:
    return persist_shapes.view(session, CoverageSet(session.dim))


class _Spy:
    """The store, recording the first turn of each load it answers."""

    def __init__(self, store: Any) -> None:
        self.store, self.firsts = store, list[int]()
        self.loads_after_segments = store.loads_after_segments

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.store, name)
        if name != "aload":
            return found

        async def aload(*args: Any, **kwargs: Any) -> Any:  # Redis's own, over redis.asyncio
            stored = await found(*args, **kwargs)
            self.firsts.append(stored.first_turn)
            return stored

        return aload

    def load(self, *args: Any, **kwargs: Any) -> Any:
        stored = self.store.load(*args, **kwargs)
        self.firsts.append(stored.first_turn)
        return stored


def _reload(store: Any) -> tuple[Any, list[int]]:
    """The loaded session's view (taken before the assembler closes it) and the loads."""
    spy = _Spy(store)
    assembler = mh.ContextAssembler(store=spy)

    async def run() -> Any:
        chat = await assembler.asession("restore/long")
        view = _view(chat.session)
        await assembler.aclose()
        return view

    return asyncio.run(run()), spy.firsts


def test_an_async_load_reads_the_segments_then_the_turn_records_after_them(
    store: Any, long_session: mh.Session
) -> None:
    head, turns, keyed = encode(long_session)
    store.save("restore", "long", head, turns, first_turn=0, expected_version=0, records=keyed)
    loaded, firsts = _reload(store)
    assert firsts == [1024]
    assert loaded == _view(long_session)
    # A damaged segment: refused on the segment path, then every turn record is read.
    damaged = bytearray(keyed["turns/0"])
    damaged[-1] ^= 0xFF
    store.save("restore", "long", head, [], first_turn=len(turns),
               expected_version=store.version("restore", "long"),
               records={"turns/0": bytes(damaged)})  # fmt: skip
    loaded, firsts = _reload(store)
    assert firsts == [1024, 0]
    assert loaded == _view(long_session)
