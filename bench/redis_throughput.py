"""Turns per second sustained by 2 processes x 8 threads against one Redis.

    python bench/redis_throughput.py [--turns 40] [--processes 2] [--threads 8]

Starts Debian's ``redis-server`` on a free loopback port (or uses ``--url``); every thread
runs its own session (``tenant/p<i>-t<j>``) for ``--turns`` user turns with precomputed
embeddings, retrying on ``ConflictError``; prints turns/s over the whole run and the
per-turn p50/p99 seen by the threads.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def _worker(url: str, process: int, threads: int, turns: int) -> None:
    import multihorizon as mh
    from multihorizon.persist.stores import RedisStore

    embedder = mh.HashingEmbedder()
    assembler = mh.ContextAssembler(embedder=embedder, store=RedisStore(url))
    texts = [f"process {process} question {n} about etcd backups and TLS" for n in range(turns)]
    vectors = embedder.embed(texts)
    samples: list[float] = []
    lock = threading.Lock()

    def run(thread: int) -> None:
        chat = assembler.session(f"bench/p{process}-t{thread}")
        for n in range(turns):
            started = time.perf_counter()
            chat.user(texts[n], embedding=vectors[n], budget_tokens=1000)
            with lock:
                samples.append(time.perf_counter() - started)

    workers = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    print(json.dumps(samples))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--url", default=None)
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        _worker(args.url, args.worker, args.threads, args.turns)
        return 0
    server = None
    url = args.url
    if url is None:
        binary = shutil.which("redis-server")
        if binary is None:
            print("redis-server is not installed", file=sys.stderr)
            return 2
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--dir", tempfile.mkdtemp()],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        url = f"redis://127.0.0.1:{port}/0"
        time.sleep(0.5)
    try:
        started = time.perf_counter()
        command = [sys.executable, __file__, "--url", url, "--threads", str(args.threads)]
        command += ["--turns", str(args.turns)]
        children = [
            subprocess.Popen([*command, "--worker", str(p)], stdout=subprocess.PIPE, text=True)
            for p in range(args.processes)
        ]
        samples: list[float] = []
        for child in children:
            out, _ = child.communicate()
            samples += json.loads(out.strip().splitlines()[-1])
        elapsed = time.perf_counter() - started
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    samples.sort()
    total = args.processes * args.threads * args.turns
    print(
        f"{args.processes} processes x {args.threads} threads x {args.turns} turns: "
        f"{total / elapsed:.0f} turns/s (including start-up); per turn p50 "
        f"{statistics.median(samples) * 1e3:.1f} ms, p99 "
        f"{samples[int(0.99 * (len(samples) - 1))] * 1e3:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
