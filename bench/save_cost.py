"""Issue 18 items 3-4: what one save writes and costs, and what a load costs, against the
session's length, for each store.

    python bench/save_cost.py [--turns 100 1000 10000 50000] [--every 4]
                              [--stores memory sqlite redis] [--redis-url URL]
                              [--redis-timeout 300]

Redis rows need ``redis-server`` on the PATH (started on a free loopback port for the run and
stopped after it) or ``--redis-url``; the run then also needs the ``redis`` client.

A session of N turns (alternating user and assistant, default hashing embedder) whose topic
changes every ``--every`` turns, so it holds about N / every threads and as many thread
states: the shape that made the head grow. Then ``--saves`` more user turns, each saved as
the assembler saves it (``encode`` from the last stored turn, then the store's ``save``).
Per N and store, one row:

- ``whole s``: wall time of the first, whole save (every record: Redis stages one bigger than
  the store's ``chunk_bytes`` in bounded commands);
- ``save B``: bytes one save writes (head, new turn records, changed keyed records), median;
- ``head B``: of which the head;
- ``encode ms``: CPU of one ``encode``, median;
- ``save ms``: wall time of one ``save`` (Redis: with its round trip), median;
- ``decode ms``: CPU of ``decode`` of the whole session from its records, best of
  ``--repeats`` (3);
- ``load ms``: CPU of the store's ``load`` plus ``decode`` as the assembler does them
  (what a replica spends to pick the session up: with a release whose store has
  ``loads_after_segments``, the turn records its segments stand for are not read), best of
  ``--repeats``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import shutil
import socket
import statistics
import string
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import multihorizon as mh
from multihorizon.persist import MemoryStore, SQLiteStore, decode, encode


def _topic(block: int) -> str:
    """Three made-up words per topic: each topic's vocabulary (and embedding) is its own."""
    rng = random.Random(block)
    return " ".join("".join(rng.choices(string.ascii_lowercase, k=7)) for _ in range(3))


def _session(turns: int, every: int) -> mh.Session:
    session = mh.Session(session_id="bench/save")
    for turn in range(turns):
        topic = _topic(turn // every)
        if turn % 2 == 0:
            session.user(f"{topic}?")
        else:
            session.assistant(f"For {topic}: set the option to {turn} and restart.")
    return session


def _parts(encoded: Sequence[Any]) -> tuple[bytes, list[bytes], dict[str, bytes]]:
    """(head, turns, keyed records) from ``encode``: format 2 returned no records."""
    records = dict(encoded[2]) if len(encoded) > 2 else {}
    return encoded[0], list(encoded[1]), records


def _save(store: Any, version: int, first: int, encoded: Sequence[Any]) -> int:
    head, turns, records = _parts(encoded)
    extra = {"records": records} if len(encoded) > 2 else {}
    return int(
        store.save(
            "bench", "save", head, turns, first_turn=first, expected_version=version, **extra
        )
    )


def _best_cpu(action: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best


def _row(session: mh.Session, every: int, saves: int, store: Any, repeats: int) -> str:
    """One row: ``session`` saved whole into ``store``, then ``saves`` more turns saved one
    by one (the session is left with them), then loaded."""
    store.delete("bench", "save")
    turns = len(session)
    whole = encode(session)
    start = time.perf_counter()
    version = _save(store, 0, 0, whole)
    whole_wall = time.perf_counter() - start
    stored = len(session)
    sizes, heads, encode_cpu, save_wall = [], [], [], []
    for step in range(saves):
        session.user(f"{_topic(turns // every + step)}?")
        start = time.process_time()
        encoded = encode(session, first_turn=stored)
        encode_cpu.append(time.process_time() - start)
        head, new_turns, records = _parts(encoded)
        sizes.append(len(head) + sum(map(len, new_turns)) + sum(map(len, records.values())))
        heads.append(len(head))
        start = time.perf_counter()
        version = _save(store, version, stored, encoded)
        save_wall.append(time.perf_counter() - start)
        stored = len(session)
    loaded = store.load("bench", "save")
    assert loaded is not None
    extra = {"records": loaded.records} if hasattr(loaded, "records") else {}
    decode_cpu = _best_cpu(lambda: decode(loaded.head, loaded.turns, **extra), repeats)

    after = {"after_segments": True} if getattr(store, "loads_after_segments", False) else {}

    def load() -> None:
        again = store.load("bench", "save", **after)
        assert again is not None
        more = {"records": again.records} if hasattr(again, "records") else {}
        if again.first_turn:
            more["first_turn"] = again.first_turn
        decode(again.head, again.turns, **more)

    load_cpu = _best_cpu(load, repeats)
    return (
        f"{type(store).__name__[:-5].lower():>6} "
        f"{turns:>7} {len(session.threads):>7} {whole_wall:>7.2f} {statistics.median(sizes):>9.0f} "
        f"{statistics.median(heads):>9.0f} {statistics.median(encode_cpu) * 1e3:>9.2f} "
        f"{statistics.median(save_wall) * 1e3:>9.2f} {decode_cpu * 1e3:>9.1f} "
        f"{load_cpu * 1e3:>9.1f}"
    )


@contextlib.contextmanager
def _redis_server(folder: Path) -> Iterator[str]:
    """A redis-server on a free loopback port for the run (stopped after it)."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis rows need redis-server on the PATH, or --redis-url")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
         "--save", "", "--appendonly", "no", "--protected-mode", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(200):  # until it accepts connections (10 s at most)
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait()


def _stores(names: Sequence[str], folder: Path, redis_url: str | None, timeout: float) -> list[Any]:
    found: list[Any] = []
    for name in names:
        if name == "memory":
            found.append(MemoryStore())
        elif name == "sqlite":
            found.append(SQLiteStore(folder / "save.db"))
        else:
            from multihorizon.persist import RedisStore

            # Releases before the staged saves sent the first save of 50k turns (~100 MB) in
            # one script call: they need a long timeout (the default, 300 s).
            found.append(RedisStore(redis_url or "", timeout=timeout))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[100, 1000, 10000, 50000])
    parser.add_argument("--every", type=int, default=4, help="turns per topic")
    parser.add_argument("--saves", type=int, default=21, help="saves measured per row")
    parser.add_argument("--repeats", type=int, default=3, help="loads timed per row (best)")
    parser.add_argument(
        "--stores", nargs="+", choices=("memory", "sqlite", "redis"),
        default=["memory", "sqlite", "redis"],
    )  # fmt: skip
    parser.add_argument("--redis-url", help="a server to use instead of starting one")
    parser.add_argument("--redis-timeout", type=float, default=300.0, help="socket timeout, s")
    args = parser.parse_args()
    print(
        f"{'store':>6} {'turns':>7} {'threads':>7} {'whole s':>7} {'save B':>9} {'head B':>9} "
        f"{'encode ms':>9} {'save ms':>9} {'decode ms':>9} {'load ms':>9}"
    )
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        url = args.redis_url
        if "redis" in args.stores and url is None:
            url = stack.enter_context(_redis_server(Path(folder)))
        stores = _stores(args.stores, Path(folder), url, args.redis_timeout)
        for turns in args.turns:
            built = encode(_session(turns, args.every))
            for store in stores:
                # Each store's row adds turns to a copy of the same session of ``turns``.
                copy, _ = decode(*built)
                print(_row(copy, args.every, args.saves, store, args.repeats), flush=True)


if __name__ == "__main__":
    main()
