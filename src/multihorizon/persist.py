"""A session's whole state as bytes, and back: what a ``SessionStore`` keeps.

``snapshot(session)`` writes a versioned, checksummed blob: a magic tag, the format version,
a SHA-256 of the payload, a JSON document (turn texts, roles, timestamps, threads, thread
states, entities, references, tool calls, speakers, the scratch buffer with its pins and
freshness, the CDR coverage set) and the numeric arrays (turn embeddings as float16 or
float32 with the model id and dimension; thread sums and recent windows). ``restore`` checks
the tag, the version, the checksum, the model id and the dimension before it builds anything:
a blob from another format version, a truncated or corrupted blob, or one made with another
embedding model is refused with ``SnapshotError``, never misread.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import struct
from typing import Any

import numpy as np

from .config import Config
from .embed import Embedder
from .errors import MultihorizonError
from .knowledge import CoverageSet
from .scratch import OutputType, Persistence, ScratchEntry, Volatility
from .session import Session
from .threadstate import ThreadState

__all__ = ["FORMAT_VERSION", "SnapshotError", "restore", "snapshot"]

MAGIC = b"MHSS"
FORMAT_VERSION = 1
_HEADER = struct.Struct(">4sH32sQ")  # magic, version, sha256(payload), json length


class SnapshotError(MultihorizonError, ValueError):
    """A stored session cannot be read: wrong format version, corrupt or truncated bytes, or
    another embedding model."""


def snapshot(
    session: Session, coverage: CoverageSet | None = None, *, float16: bool = False
) -> bytes:
    """The session's state as bytes (call with the session idle or under its lock)."""
    with session._lock:
        log, threads, scratch = session._log, session._threads, session._scratch
        count, thread_count = len(log), len(threads)
        document: dict[str, Any] = {
            "session_id": session.session_id,
            "model_id": session.model_id,
            "dim": session.dim,
            "closed": session._closed,
            "turns": {
                "roles": log.roles,
                "contents": log.contents,
                "timestamps": log.timestamps,
                "threads": log.threads,
                "references": [list(r) for r in log.references],
                "entities": [list(e) for e in log.entities],
                "tool_calls": [list(t) for t in log.tool_calls],
                "speakers": log.speakers,
            },
            "threads": {
                "names": threads.names,
                "next_suffix": threads._next_suffix,
                "vocabulary": [sorted(v) for v in threads.vocabulary],
                "turns": threads.turns,
                "term_threads": threads._term_threads,
                "recent_sizes": [int(r.shape[0]) for r in threads._recent],
                "active": threads.active,
            },
            "states": {str(i): _state_record(s) for i, s in session._states.items()},
            "enumerations": {str(i): list(items) for i, items in session._enumerations.items()},
            "speakers": session._speakers,
            "addressed_to": session._addressed_to,
            "scratch": {
                "serial": scratch._serial,
                "entries": [_entry_record(e) for e in scratch],
            },
            "coverage": None
            if coverage is None
            else {
                "fact_ids": sorted(coverage.fact_ids),
                "depth_sum": coverage._depth_sum,
            },
        }
        arrays = {
            "embeddings": log.embeddings.astype(np.float16 if float16 else np.float32),
            "thread_index": log.thread_index.copy(),
            "lengths": log._lengths[:count].copy(),
            "sums": threads._sums[:thread_count].copy(),
            "centroids": threads._centroids[:thread_count].copy(),
            "recent": np.concatenate(threads._recent)
            if threads._recent
            else np.zeros((0, session.dim), np.float32),
            "coverage": np.zeros(session.dim) if coverage is None else coverage._weighted,
        }
    text = json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]  # numpy stubs: kwargs are arrays
    payload = struct.pack(">Q", len(text)) + text + buffer.getvalue()
    digest = hashlib.sha256(payload).digest()
    return _HEADER.pack(MAGIC, FORMAT_VERSION, digest, len(payload)) + payload


def restore(
    data: bytes, *, embedder: Embedder | None = None, config: Config | None = None
) -> tuple[Session, CoverageSet]:
    """A session (and its coverage set) from ``snapshot`` bytes."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SnapshotError(f"expected bytes, got {type(data).__name__}")
    blob = bytes(data)
    if len(blob) < _HEADER.size:
        raise SnapshotError("truncated: shorter than the header")
    magic, version, digest, size = _HEADER.unpack_from(blob)
    if magic != MAGIC:
        raise SnapshotError("not a multihorizon session snapshot")
    if version != FORMAT_VERSION:
        raise SnapshotError(
            f"format version {version}; this release reads version {FORMAT_VERSION} only"
        )
    payload = blob[_HEADER.size :]
    if len(payload) != size or hashlib.sha256(payload).digest() != digest:
        raise SnapshotError("corrupt or truncated (checksum mismatch)")
    try:
        (text_size,) = struct.unpack_from(">Q", payload)
        document = json.loads(payload[8 : 8 + text_size].decode("utf-8", "surrogatepass"))
        with np.load(io.BytesIO(payload[8 + text_size :]), allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except (ValueError, KeyError, OSError, struct.error) as exc:
        raise SnapshotError(f"unreadable payload ({exc})") from None
    session = Session(embedder=embedder, config=config, session_id=document["session_id"])
    if session.model_id != document["model_id"] or session.dim != document["dim"]:
        raise SnapshotError(
            f"stored with model {document['model_id']!r} (dim {document['dim']}), "
            f"not {session.model_id!r} (dim {session.dim}) (SPEC-024 §2.5)"
        )
    try:
        _fill(session, document, arrays)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise SnapshotError(f"inconsistent snapshot ({exc})") from None
    coverage = CoverageSet(session.dim)
    if document.get("coverage"):
        coverage.fact_ids = set(document["coverage"]["fact_ids"])
        coverage._depth_sum = float(document["coverage"]["depth_sum"])
        coverage._weighted = arrays["coverage"].astype(np.float64)
    return session, coverage


def _fill(session: Session, document: dict[str, Any], arrays: dict[str, Any]) -> None:
    turns = document["turns"]
    count = len(turns["roles"])
    log = session._log
    embeddings = arrays["embeddings"].astype(np.float32)
    if embeddings.shape != (count, session.dim):
        raise ValueError(f"embeddings shape {embeddings.shape} for {count} turns")
    log.reserve(max(count, 1))
    log._embeddings[:count] = embeddings
    log._thread_index[:count] = arrays["thread_index"]
    log._lengths[:count] = arrays["lengths"]
    log.roles = list(turns["roles"])
    log.contents = list(turns["contents"])
    log.timestamps = list(turns["timestamps"])
    log.threads = list(turns["threads"])
    log.references = [tuple(r) for r in turns["references"]]
    log.entities = [tuple(e) for e in turns["entities"]]
    log.tool_calls = [tuple(t) for t in turns["tool_calls"]]
    log.speakers = list(turns["speakers"])
    for name in ("contents", "timestamps", "threads", "references", "entities", "speakers"):
        if len(getattr(log, name)) != count:
            raise ValueError(f"turns.{name} has {len(getattr(log, name))} entries, not {count}")
    for turn_id, entities in enumerate(log.entities):
        for term in entities:
            log._entity_index.setdefault(term, []).append(turn_id)
    log._total_terms = int(sum(len(e) for e in log.entities))
    log._count = count

    stored = document["threads"]
    threads = session._threads
    names = list(stored["names"])
    threads.reserve(max(len(names), 1))
    threads.names = names
    threads._taken = set(names)
    threads._next_suffix = {k: int(v) for k, v in stored["next_suffix"].items()}
    threads.vocabulary = [set(v) for v in stored["vocabulary"]]
    threads.turns = [list(t) for t in stored["turns"]]
    threads._term_threads = {k: list(v) for k, v in stored["term_threads"].items()}
    threads._sums[: len(names)] = arrays["sums"]
    threads._centroids[: len(names)] = arrays["centroids"]
    recent, start = [], 0
    for size in stored["recent_sizes"]:
        recent.append(np.ascontiguousarray(arrays["recent"][start : start + size], np.float32))
        start += size
    threads._recent = recent
    threads.active = int(stored["active"])
    if not (len(threads.vocabulary) == len(threads.turns) == len(recent) == len(names)):
        raise ValueError("thread lists disagree on the thread count")

    session._states = {int(i): ThreadState(**record) for i, record in document["states"].items()}
    session._enumerations = {int(i): tuple(v) for i, v in document["enumerations"].items()}
    session._speakers = {k: int(v) for k, v in document["speakers"].items()}
    session._addressed_to = {k: int(v) for k, v in document["addressed_to"].items()}
    scratch = session._scratch
    scratch._serial = int(document["scratch"]["serial"])
    scratch._entries = {}
    for record in document["scratch"]["entries"]:
        entry = _entry_from(record)
        scratch._entries[entry.scratch_id] = entry
    session._closed = bool(document["closed"])


def _state_record(state: ThreadState) -> dict[str, Any]:
    return {
        field.name: list(value) if isinstance(value, tuple) else value
        for field in dataclasses.fields(state)
        for value in [getattr(state, field.name)]
    }


def _entry_record(entry: ScratchEntry) -> dict[str, Any]:
    record = {field.name: getattr(entry, field.name) for field in dataclasses.fields(entry)}
    record["output_type"] = str(entry.output_type)
    record["volatility"] = str(entry.volatility)
    record["persistence"] = str(entry.persistence)
    record["referenced_by"] = list(entry.referenced_by)
    record["tool_call_args"] = json.loads(json.dumps(dict(entry.tool_call_args), default=str))
    record["structured"] = json.loads(json.dumps(entry.structured, default=str))
    return record


def _entry_from(record: dict[str, Any]) -> ScratchEntry:
    return ScratchEntry(
        **{
            **record,
            "output_type": OutputType(record["output_type"]),
            "volatility": Volatility(record["volatility"]),
            "persistence": Persistence(record["persistence"]),
            "referenced_by": tuple(record["referenced_by"]),
        }
    )
