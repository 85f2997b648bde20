"""Sessions of several shapes, and a plain view of everything a stored session must bring
back: what ``tests/data/format2/`` was written from (``python tests/persist_shapes.py``
with the release that wrote format 2) and what ``test_persist_formats`` compares against.

The view reads the attributes the format-2 release had, derived ones included, so the same
view describes a session before and after a change of the stored format. ``write`` runs
only with that release (it saves with its two-part ``encode``)."""

from __future__ import annotations

import hashlib
import json
import lzma
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import multihorizon as mh
from multihorizon.tiers.knowledge import CoverageSet

DATA = Path(__file__).parent / "data" / "format2"
# Written by the last format-3 release (``python tests/persist_shapes.py 3``): the same
# shapes, and a long one whose first 1024 turns are stored as a format-3 segment too.
DATA3 = Path(__file__).parent / "data" / "format3"
# Written by the release of format 4 (SHA-256 checksums; format 5 changed only those).
DATA4 = Path(__file__).parent / "data" / "format4"
# The marker categories the format-2 release had: a turn's kinds are recomputed from its text
# at load, so categories added since (read only by later rules) are not part of the view.
_FORMAT2_KINDS = frozenset(range(18))


def _threads_and_tools() -> tuple[mh.Session, CoverageSet]:
    session = mh.Session(session_id="tenant/tools")
    session.user("How do I configure etcd? We run etcd 3.5 on three nodes.", speaker="ann")
    session.assistant("Set --initial-cluster: 1. generate a CA, 2. issue certs, 3. restart.")
    session.tool_output("run_sql", [{"member": "etcd-1", "ok": True}], args={"q": "select"})
    session.tool_output("search", "etcd docs: TLS flags are --cert-file and --key-file",
                        volatility="STABLE", ttl=3600.0)  # fmt: skip
    session.user("Actually, what's a good backup strategy for Postgres?", speaker="ann")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")
    session.user("summarise the query result and keep it", speaker="ann")
    session.user("Back to etcd: do it again")
    session.assistant("Restarted the members one at a time.")
    session.tool_output("kubectl", {"pods": 3, "ready": 3}, kind="status")
    coverage = CoverageSet(session.dim)
    rng = np.random.default_rng(7)
    for index in range(3):
        vector = rng.standard_normal(session.dim).astype(np.float32)
        coverage.add(f"fact-{index}", vector / np.linalg.norm(vector), depth=0.25 * (index + 1))
    return session, coverage


def _multi_party() -> tuple[mh.Session, CoverageSet]:
    session = mh.Session(session_id="irc/channel")
    lines = [
        ("alice", "anyone know why my nginx ingress returns 502?"),
        ("bob", "alice: check the upstream service port"),
        ("carol", "has anyone tried the new kafka release?"),
        ("alice", "bob: the port is 8080 and the service says 8080"),
        ("dave", "carol: yes, the consumer lag is much better"),
        ("bob", "alice, then look at the readiness probe"),
        ("carol", "thanks dave, did you upgrade the brokers one by one?"),
        ("alice", "found it, the probe path was wrong. thanks bob"),
        ("dave", "carol: rolling, one broker at a time"),
        ("erin", "what is the best way to back up postgres?"),
        ("bob", "erin: pg_basebackup and WAL archiving"),
    ]
    for speaker, text in lines:
        session.user(text, speaker=speaker)
    return session, CoverageSet(session.dim)


def _enumerations() -> tuple[mh.Session, CoverageSet]:
    session = mh.Session(session_id="tenant/lists")
    session.user("Which databases should I consider for time series?")
    session.assistant("Options:\n1. TimescaleDB\n2. InfluxDB\n3. ClickHouse\n4. Prometheus")
    session.user("tell me more about the second one")
    session.assistant("InfluxDB is a purpose-built time series store with its own query language.")
    session.user("and the third option?")
    session.assistant("You could use - nginx - traefik - haproxy as the proxy.")
    session.user("compare the first two")
    session.tool_output("benchmark", "TimescaleDB 120k rows/s, InfluxDB 300k rows/s")
    session.user("keep that benchmark result")
    return session, CoverageSet(session.dim)


_TOPICS = (
    "How do I rotate etcd TLS certificates on the control plane?",
    "What is a good vacuum schedule for a busy Postgres database?",
    "Why is my Kafka consumer group lagging behind the producers?",
    "Can nginx terminate gRPC streams behind a load balancer?",
    "How should Vault unseal keys be distributed among operators?",
    "Which Grafana panel shows latency percentiles best?",
)


def _many_threads() -> tuple[mh.Session, CoverageSet]:
    session = mh.Session(session_id="tenant/many")
    for round_ in range(2):
        for index, question in enumerate(_TOPICS):
            session.user(question if round_ == 0 else f"By the way, {question.lower()}")
            session.assistant(f"Check section {index}.{round_} of the manual, then restart.")
        session.user("back to etcd: which certificate expires first?")
        session.assistant("The peer certificate, usually after one year.")
    session.user("How do I rotate etcd TLS certificates on the control plane?")
    return session, CoverageSet(session.dim)


def _float16_closed() -> tuple[mh.Session, CoverageSet]:
    session, coverage = _threads_and_tools()
    session.close()
    return session, coverage


def _empty() -> tuple[mh.Session, CoverageSet]:
    session = mh.Session(session_id="tenant/empty")
    session.tool_output("search", "nothing yet")  # a tool output before any turn
    return session, CoverageSet(session.dim)


def _long() -> tuple[mh.Session, CoverageSet]:
    """Past one segment (1024 turns), a topic every four turns, with tool calls."""
    session = mh.Session(session_id="tenant/long")
    for turn in range(1030):
        topic = _TOPICS[(turn // 4) % len(_TOPICS)].rstrip("?").lower()
        if turn % 2 == 0:
            stamp = f"2026-01-01T00:{turn // 60 % 60:02d}:00Z"
            session.user(f"{topic} (case {turn // 4})?", timestamp=stamp)
        else:
            session.assistant(f"For {topic}: 1. check case {turn}, 2. restart.")
        if turn % 97 == 0:
            session.tool_output("search", f"result {turn}")
    return session, CoverageSet(session.dim)


# name -> (how the session is made, whether it is stored with float16 embeddings)
SHAPES: dict[str, tuple[Callable[[], tuple[mh.Session, CoverageSet]], bool]] = {
    "tools": (_threads_and_tools, False),
    "multi_party": (_multi_party, False),
    "enumerations": (_enumerations, False),
    "many_threads": (_many_threads, False),
    "float16_closed": (_float16_closed, True),
    "empty": (_empty, False),
}

# Turns a restored session takes next: the same envelopes as the session that was stored.
FOLLOW_UPS = ("which flags did you mean?", "back to etcd", "thanks, that works")


def _digest(array: Any) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()[:16]


def view(session: mh.Session, coverage: CoverageSet, *, float16: bool = False) -> dict[str, Any]:
    """Everything a restored session must bring back, as plain JSON data. Embeddings are
    compared by digest, as stored (float16 rounds them)."""
    log = session.turns
    threads, states, speakers, scratch = _internals(session)
    dtype = np.float16 if float16 else np.float32
    if float16:  # stored rounded: the centroids of the rounded embeddings differ a little
        threads["centroids"] = None
    return {
        "session_id": session.session_id,
        "closed": _closed(session),
        "turns": [
            [
                t.turn_id,
                t.role,
                t.content,
                t.timestamp,
                t.topic_thread,
                list(t.references),
                list(t.entities),
                list(t.tool_calls),
                t.speaker,
            ]
            for t in log
        ],
        "embeddings": _digest(log.embeddings.astype(dtype)),
        "thread_index": [int(i) for i in log.thread_index],
        "enumerations": {str(k): list(v) for k, v in sorted(log.enumerations.items())},
        "features": [
            [f.question, f.acknowledgement, sorted(f.kinds & _FORMAT2_KINDS), list(f.enumeration)]
            for f in log.features
        ],
        "threads": threads,
        "states": {
            name: None if state is None else state.summary()
            for name, state in ((name, session.thread_state(name)) for name in session.threads)
        },
        "state_fields": states,
        "speakers": speakers,
        "scratch": scratch,
        "coverage": {
            "fact_ids": sorted(coverage.fact_ids),
            "depth_sum": coverage.state()["depth_sum"],
            "weighted": _digest(coverage.state()["weighted"]),
        },
    }


def _closed(session: mh.Session) -> bool:
    try:
        session.classify("x")
    except mh.SessionClosedError:
        return True
    return False


def _internals(session: mh.Session) -> tuple[Any, Any, Any, Any]:
    # The attributes the format-2 release's codec read (the thread arrays are derived, so
    # no ``state()`` carries them).
    threads = session._threads
    thread_view = {
        "names": list(threads.names),
        "active": threads.active,
        "vocabulary": [sorted(v) for v in threads.vocabulary],
        "turns": [list(t) for t in threads.turns],
        "term_threads": {k: list(v) for k, v in sorted(threads.term_threads.items())},
        "turn_terms": [list(threads.terms_of(i)) for i in range(len(session))],
        "centroids": np.round(threads.centroids, 5).tolist(),
    }
    states = {str(i): _state_fields(s) for i, s in sorted(session._states.items())}
    speakers = session._speakers.state()
    scratch = session.scratch.state()
    return thread_view, states, speakers, _scratch_view(scratch)


def _state_fields(state: Any) -> dict[str, Any]:
    return {
        "thread_id": state.thread_id,
        "established": list(state.established),
        "open_questions": list(state.open_questions),
        "user_constraints": list(state.user_constraints),
        "last_active_turn": state.last_active_turn,
        "title": state.title,
        "replied": list(state.replied),
    }


def _scratch_view(scratch: dict[str, Any]) -> dict[str, Any]:
    return {
        "serial": scratch["serial"],
        "full": scratch["full"],
        "entries": [
            [
                e.scratch_id,
                e.tool_name,
                e.summary,
                e.turn_id,
                str(e.persistence),
                str(e.volatility),
                list(e.referenced_by),
                e.created_at,
            ]
            for e in scratch["entries"]
        ],
    }


def follow_ups(session: mh.Session) -> list[list[Any]]:
    """The envelopes of FOLLOW_UPS on an open session (what it does next)."""
    found = []
    for text in FOLLOW_UPS:
        envelope = session.user(text, timestamp="2026-01-01T00:00:00Z")
        found.append(
            [str(envelope.intent), envelope.active_thread,
             [item.turn_id for item in envelope.items],
             [[r.type, r.target_turn] for r in envelope.references]]
        )  # fmt: skip
    return found


# The shape only format 3 was written with (in its snapshot, not in its store file).
LONG_SHAPES: dict[str, tuple[Callable[[], tuple[mh.Session, CoverageSet]], bool]] = {
    "long": (_long, True)
}


def write(version: int = 2) -> None:  # pragma: no cover - run by hand with that release
    from multihorizon.persist import snapshot

    folder = {2: DATA, 3: DATA3, 4: DATA4}[version]
    folder.mkdir(parents=True, exist_ok=True)
    sessions = {name: make() for name, (make, _) in SHAPES.items()}
    if version == 2:
        _write_store(sessions)
    else:
        _write_store3(sessions, STORE_FILE3 if version == 3 else STORE_FILE4)
        sessions.update({name: make() for name, (make, _) in LONG_SHAPES.items()})
    for name, (session, coverage) in sessions.items():
        float16 = {**SHAPES, **LONG_SHAPES}[name][1]
        blob = snapshot(session, coverage, float16=float16)
        if name in LONG_SHAPES:  # megabytes of float16 rows: kept compressed in the repository
            (folder / f"{name}.mhss.xz").write_bytes(lzma.compress(blob, preset=9))
        else:
            (folder / f"{name}.mhss").write_bytes(blob)
        expected = {"view": view(session, coverage, float16=float16)}
        if not expected["view"]["closed"]:
            expected["follow_ups"] = follow_ups(session)
        (folder / f"{name}.json").write_text(json.dumps(expected, indent=1, sort_keys=True))


def stored(folder: Path, name: str) -> bytes:
    """The stored session of one shape as its release wrote it (a long one is kept
    xz-compressed, ``name.mhss.xz``)."""
    packed = folder / f"{name}.mhss.xz"
    if packed.exists():
        return lzma.decompress(packed.read_bytes())
    return (folder / f"{name}.mhss").read_bytes()


STORE_FILE = DATA / "store.sqlite"


def _write_store(sessions: dict[str, tuple[mh.Session, CoverageSet]]) -> None:  # pragma: no cover
    """Every shape saved in an SQLite store as the assembler saves: the first turns, then the
    rest (tenant "t", the shape's name as the session name)."""
    import sqlite3

    from multihorizon.persist import SQLiteStore, encode

    STORE_FILE.unlink(missing_ok=True)
    store = SQLiteStore(STORE_FILE, clock=lambda: 1.0e9)
    for name, (session, coverage) in sessions.items():
        float16 = SHAPES[name][1]
        half = len(session) // 2
        head, turns = encode(session, coverage, float16=float16)
        version = store.save("t", name, head, turns[:half], first_turn=0, expected_version=0)
        head, rest = encode(session, coverage, first_turn=half, float16=float16)
        store.save("t", name, head, rest, first_turn=half, expected_version=version)
    del store
    import gc

    gc.collect()  # the store's connections close with it
    connection = sqlite3.connect(STORE_FILE)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()


STORE_FILE3 = DATA3 / "store.sqlite"
STORE_FILE4 = DATA4 / "store.sqlite"


def _write_store3(
    sessions: dict[str, tuple[mh.Session, CoverageSet]], path: Path
) -> None:  # pragma: no cover
    """``_write_store`` with the format-3 (or 4) release: its keyed records saved too."""
    import sqlite3

    from multihorizon.persist import SQLiteStore, encode

    path.unlink(missing_ok=True)
    store = SQLiteStore(path, clock=lambda: 1.0e9)
    for name, (session, coverage) in sessions.items():
        float16 = SHAPES[name][1]
        half = len(session) // 2
        head, turns, records = encode(session, coverage, float16=float16)
        version = store.save("t", name, head, turns[:half], first_turn=0, expected_version=0,
                             records=records)  # fmt: skip
        head, rest, records = encode(session, coverage, first_turn=half, float16=float16)
        store.save("t", name, head, rest, first_turn=half, expected_version=version,
                   records=records)  # fmt: skip
    del store
    import gc

    gc.collect()  # the store's connections close with it
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()


if __name__ == "__main__":  # pragma: no cover
    import sys

    write(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
