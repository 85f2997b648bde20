"""A session's state as bytes, and back: what a ``SessionStore`` keeps.

The records are frames around the components' own ``state()`` (``Session.state``): this
module frames, versions and checksums them, and reads nothing a component does not offer.

Format 5 (as 3 and 4) keeps a save's cost constant, whatever the session's length:

- one **head**, rewritten at each save, with only what is small whatever the length: flags,
  counts, the active thread, the speakers, the scratch buffer and the CDR coverage set;
- one **turn** record per turn, written once (role, content, timestamp, thread, references,
  entities, speaker, the words it brought to its thread, its enumeration, its embedding as
  float32 or float16);
- **keyed** records, written when they change: ``thread/<index>``, a thread's state and its
  embedding sum, ``calls/<turn>``, the tool outputs linked to a turn, and ``turns/<k>``, a
  segment of 1024 turns as columns, written once: binary columns from format 4
  (``columns``), JSON in format 3.

Loading does not replay the turns: it takes the segments' columns and the stored sums and
rebuilds centroids and vocabularies in bulk (checking that each turn's thread follows).
Every check, and the thread states' (``ThreadState.restore_many``), runs at load and raises
``SnapshotError`` there; only work that cannot fail on stored data waits for its first use
(issue 18 item 4): a turn's text analysis, the turn log's entity index and int8 copy, a
thread's recent window, and a segment's texts, timestamps, entities and references (kept as
``DeferredColumn`` runs). The collector is paused while a load builds (``collection_paused``).

``decode(..., first_turn=k)`` takes turns 0 to k - 1 from the segments alone (a store's
``load(after_segments=True)``; one missing or damaged: ``SnapshotError``).

Every record is framed: a magic tag naming its kind, the format version, a checksum of the
payload (a CRC-32 from format 5 on, a SHA-256 before: ``frames``) and the payload length.
``decode`` checks each frame, the turn order and count, the model id and the dimension
before it builds anything: a record from another format version, a truncated or corrupted
one, a missing or extra turn or thread state, or one made with another embedding model is
refused with ``SnapshotError``, never misread. Format 4 (SHA-256 checksums) is read and
appended to in format 5; format 3 (segments as JSON), format 2 (thread states and tool-call
links in the head) and format 1 (one whole-session blob, the first release; ``legacy``) are
read, and the next save writes the session whole (``stored_format``).

``snapshot``/``restore`` wrap the same records in one blob (export, tests, files).
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..config import Config
from ..embed import Embedder, reload_hint, stored_embedder
from ..errors import InputError, SnapshotError
from ..session import Session
from ..tiers.knowledge import CoverageSet
from ..tiers.scratch import OutputType, Persistence, ScratchEntry, Volatility
from . import legacy
from .frames import (
    COUNT,
    FORMAT_VERSION,
    HEAD_MAGIC,
    KEYED_MAGIC,
    MALFORMED,
    READS,
    SNAPSHOT_MAGIC,
    TURN_MAGIC,
    as_bytes,
    collection_paused,
    frame,
    json_and_bytes,
    json_section,
    keyed_parts,
    loads,
    unframe,
)
from .turns import SEGMENT_KEY, SEGMENT_TURNS, read_turns, segment

__all__ = [
    "APPENDS_TO_FORMAT",
    "FORMAT_VERSION",
    "Encoded",
    "SnapshotError",
    "decode",
    "encode",
    "extend",
    "restore",
    "snapshot",
    "stored_format",
]


# The oldest stored format a save appends to (format 5 differs from 4 only in its checksums,
# which each frame names); a session stored in an older format is saved whole next.
APPENDS_TO_FORMAT = 4


def stored_format(head: bytes) -> int:
    """The format a stored head (or snapshot) was written in: a session loaded from one
    older than ``APPENDS_TO_FORMAT`` is saved whole next (``first_turn=0``), so that its
    keyed records are all written."""
    head = as_bytes(head, "head")
    if len(head) < 6:
        raise SnapshotError("head: truncated (shorter than the header)")
    magic, version = struct.unpack_from(">4sH", head)
    if magic == SNAPSHOT_MAGIC and version == 1:
        return 1
    return int(version)


class Encoded(NamedTuple):
    """What one save writes: the head, the new turn records, and the keyed records that
    changed (key -> record; all of them when the save starts at turn 0)."""

    head: bytes
    turns: list[bytes]
    records: dict[str, bytes]


THREAD_KEY, CALLS_KEY = "thread/", "calls/"


# ---- encode ------------------------------------------------------------------------------


def encode(
    session: Session,
    coverage: CoverageSet | None = None,
    *,
    first_turn: int = 0,
    float16: bool = False,
    entry_cache: dict[str, tuple[ScratchEntry, bytes]] | None = None,
) -> Encoded:
    """The head, the records of turns ``first_turn`` onwards and the keyed records those
    turns changed (``Session.state(first_turn)``). ``entry_cache`` (kept by the caller from
    save to save) holds each scratch entry's encoded form: an entry is immutable (the buffer
    replaces it to change it), so only new or replaced entries are encoded."""
    try:
        state = session.state(first_turn)
    except InputError as exc:
        raise InputError(f"first_turn: {exc}") from None
    coverage_state = coverage.state() if coverage is not None else None
    head = _head(state, coverage_state, entry_cache)
    dtype = "<f2" if float16 else "<f4"
    docs, embeddings = _turn_documents(state, dtype)
    turn_records = [
        frame(TURN_MAGIC, json_and_bytes(doc, row.tobytes()))
        for doc, row in zip(docs, embeddings, strict=True)
    ]
    sums = state["threads"]["sums"]
    records = {
        f"{THREAD_KEY}{index}": frame(
            KEYED_MAGIC, json_and_bytes(record, sums[index].astype("<f8").tobytes())
        )
        for index, record in state["states"].items()
    }
    for turn, calls in state["log"]["tool_calls"].items():
        records[f"{CALLS_KEY}{turn}"] = frame(KEYED_MAGIC, json_and_bytes(calls))
    records.update(_segments(session, first_turn, docs, embeddings, turn_records, dtype))
    return Encoded(head, turn_records, records)


def _turn_documents(
    state: Mapping[str, Any], dtype: str
) -> tuple[list[dict[str, Any]], npt.NDArray[Any]]:
    """The documents and stored embeddings of the turns of ``state`` (``Session.state``)."""
    log, first = state["log"], state["first_turn"]
    docs = [
        {
            "turn": first + offset,
            "role": log["roles"][offset],
            "content": log["contents"][offset],
            "timestamp": log["timestamps"][offset],
            "thread": log["threads"][offset],
            "thread_index": int(log["thread_index"][offset]),
            "references": log["references"][offset],
            "entities": log["entities"][offset],
            "speaker": log["speakers"][offset],
            "terms": terms,
            "enumeration": log["enumerations"].get(first + offset, []),
            "dtype": dtype,
        }
        for offset, terms in enumerate(state["threads"]["turn_terms"])
    ]
    return docs, log["embeddings"].astype(dtype)


def _segments(
    session: Session,
    first_turn: int,
    docs: list[dict[str, Any]],
    embeddings: npt.NDArray[Any],
    turn_records: list[bytes],
    dtype: str,
) -> dict[str, bytes]:
    """The segments the turns of this save complete (``turns``): each written once, by the
    save that adds its last turn."""
    found = {}
    count = first_turn + len(docs)
    for block in range(first_turn // SEGMENT_TURNS, count // SEGMENT_TURNS):
        start, end = block * SEGMENT_TURNS, (block + 1) * SEGMENT_TURNS
        if start >= first_turn:
            part = slice(start - first_turn, end - first_turn)
            block_docs, rows, records = docs[part], embeddings[part], turn_records[part]
        else:  # the block began before this save: its earlier turns, encoded again
            earlier_docs, earlier_rows = _turn_documents(session.state(start), dtype)
            block_docs, rows = earlier_docs[: end - start], earlier_rows[: end - start]
            records = [
                frame(TURN_MAGIC, json_and_bytes(doc, row.tobytes()))
                for doc, row in zip(block_docs, rows, strict=True)
            ]
        found[f"{SEGMENT_KEY}{block}"] = segment(start, block_docs, rows, records)
    return found


def _head(
    state: Mapping[str, Any],
    coverage: Mapping[str, Any] | None,
    entry_cache: dict[str, tuple[ScratchEntry, bytes]] | None,
) -> bytes:
    scratch = state["scratch"]
    document = {
        "session_id": state["session_id"],
        "model_id": state["model_id"],
        "dim": state["dim"],
        "closed": state["closed"],
        "turn_count": state["turn_count"],
        "thread_count": state["thread_count"],
        "active": state["threads"]["active"],
        "lineage": state["lineage"],
        **state["speakers"],
        "scratch": {"serial": scratch["serial"], "full": scratch["full"]},
        "coverage": None
        if coverage is None
        else {"fact_ids": coverage["fact_ids"], "depth_sum": coverage["depth_sum"]},
    }
    entries = _encoded_entries(scratch["entries"], {} if entry_cache is None else entry_cache)
    weighted = b"" if coverage is None else coverage["weighted"].astype("<f8").tobytes()
    # The document, then the scratch entries as a JSON array, then the coverage vector.
    return frame(
        HEAD_MAGIC, json_and_bytes(document, COUNT.pack(len(entries)) + entries + weighted)
    )


def _encoded_entries(
    entries: list[ScratchEntry], cache: dict[str, tuple[ScratchEntry, bytes]]
) -> bytes:
    """The entries as one JSON array, each entry encoded once while it lives."""
    parts = []
    for entry in entries:
        cached = cache.get(entry.scratch_id)
        if cached is None or cached[0] is not entry:
            text = json.dumps(_entry_record(entry), ensure_ascii=False)
            cached = (entry, text.encode("utf-8", "surrogatepass"))
            cache[entry.scratch_id] = cached
        parts.append(cached[1])
    if len(cache) > len(entries):  # evicted or removed entries
        live = {entry.scratch_id for entry in entries}
        for scratch_id in [key for key in cache if key not in live]:
            del cache[scratch_id]
    return b"[" + b",".join(parts) + b"]"


# ---- decode ------------------------------------------------------------------------------


def decode(
    head: bytes,
    turns: Sequence[bytes] = (),
    records: Mapping[str, bytes] | None = None,
    *,
    first_turn: int = 0,
    embedder: Embedder | None = None,
    config: Config | None = None,
) -> tuple[Session, CoverageSet]:
    """A session (and its coverage set) from a head record, every turn record in order, and
    the keyed records. ``head`` may also be a whole ``snapshot`` blob (format 1 to 4) with
    no separate records. ``first_turn`` > 0: the turn records start there (a store's
    ``load(after_segments=True)``), and the segments alone give the turns before it."""
    head = as_bytes(head, "head")
    if isinstance(first_turn, bool) or not isinstance(first_turn, int) or first_turn < 0:
        raise SnapshotError(f"first_turn: expected an int >= 0, got {first_turn!r}")
    if head[:4] == SNAPSHOT_MAGIC:
        if turns or records:
            raise SnapshotError("a whole snapshot comes with no separate records")
        return restore(head, embedder=embedder, config=config)
    version, document, weighted = _head_parts(head)
    try:
        session = Session(
            embedder=stored_embedder(embedder, document.get("model_id")),
            config=config,
            session_id=document["session_id"],
        )
    except MALFORMED as exc:
        raise SnapshotError(f"head: inconsistent ({type(exc).__name__}: {exc})") from None
    _check_model(session, document)
    with collection_paused():
        return session, _apply(
            session, version, document, weighted, turns, records or {}, first_turn
        )


def extend(
    session: Session,
    head: bytes,
    turns: Sequence[bytes],
    records: Mapping[str, bytes] | None = None,
) -> CoverageSet:
    """Bring ``session``, which holds the stored turns before ``turns``, up to the stored
    state: add the new turn records, take the keyed records and the head. What a replica
    does when another one saved: it reads the turns it lacks, not the whole session.

    Raises ``SnapshotError`` when the stored session does not continue this one (another
    incarnation of the id, or turns missing); the session may then be partly updated and
    must be discarded (load it whole with ``decode``)."""
    version, document, weighted = _head_parts(as_bytes(head, "head"))
    if document.get("lineage") != session.lineage:
        raise SnapshotError("the stored session is another incarnation of this id")
    with collection_paused():
        return _apply(session, version, document, weighted, turns, records or {})


def _check_model(session: Session, document: Mapping[str, Any]) -> None:
    if session.model_id != document.get("model_id") or session.dim != document.get("dim"):
        raise SnapshotError(
            f"stored with model {document.get('model_id')!r} (dim {document.get('dim')}), "
            f"not {session.model_id!r} (dim {session.dim}) (SPEC-024 §2.5)"
            + reload_hint(document.get("model_id"))
        )


def _head_parts(head: bytes) -> tuple[int, dict[str, Any], bytes]:
    """The head's version, its document (its scratch entries put back in) and its coverage
    bytes."""
    version, payload = unframe(head, HEAD_MAGIC, "head")
    document, rest = json_section(payload, "head", "payload")
    if not isinstance(document, dict):
        raise SnapshotError("head: unreadable payload (not a JSON object)")
    scratch = document.get("scratch")
    if isinstance(scratch, dict) and "entries" in scratch:
        # The first format-2 heads kept the entries inside the document.
        return version, document, rest
    entries, coverage = json_section(rest, "head", "scratch entries")
    if not isinstance(entries, list) or not isinstance(scratch, dict):
        raise SnapshotError("head: inconsistent (scratch buffer missing)")
    scratch["entries"] = entries
    return version, document, coverage


def _apply(
    session: Session,
    version: int,
    document: dict[str, Any],
    weighted: bytes,
    turns: Sequence[bytes],
    records: Mapping[str, bytes],
    skipped: int = 0,
) -> CoverageSet:
    first = len(session)
    if document.get("turn_count") != first + skipped + len(turns):
        raise SnapshotError(
            f"the head records {document.get('turn_count')} turns but "
            f"{first + skipped + len(turns)} turn records were found"
        )
    try:
        states, calls, segments, sums = _changed(version, document, records)
        log, terms = _turn_columns(turns, first, session.dim, segments, skipped)
        log["tool_calls"] = calls
        state = {
            "session_id": document["session_id"],
            "model_id": document["model_id"],
            "dim": document["dim"],
            "lineage": document["lineage"],
            "closed": document["closed"],
            "first_turn": first,
            "turn_count": document["turn_count"],
            "thread_count": document.get("thread_count", _thread_count(session, log)),
            "log": log,
            "threads": {
                "first_turn": first,
                "active": document["active"],
                "turn_terms": terms,
                "sums": sums,
            },
            "states": states,
            "speakers": document,
            "scratch": {
                "serial": document["scratch"]["serial"],
                "full": document["scratch"].get("full", False),
                "entries": [_entry_from(record) for record in document["scratch"]["entries"]],
            },
        }
        session.restore(state)
        return _coverage(session.dim, document.get("coverage"), weighted)
    except MALFORMED as exc:
        raise SnapshotError(f"inconsistent session records ({type(exc).__name__}: {exc})") from None


def _thread_count(session: Session, log: Mapping[str, Any]) -> int:
    """Format 2 did not record the thread count: the turns give it."""
    indexes = log["thread_index"]
    return max(len(session.threads), int(indexes.max()) + 1 if len(indexes) else 0)


def _changed(
    version: int, document: Mapping[str, Any], records: Mapping[str, bytes]
) -> tuple[dict[int, Any], dict[int, list[str]], dict[int, bytes], Any]:
    """Thread states and tool-call links, in the head (format 2) or in keyed records, the
    turn segments (read with the turns), and the thread sums stored with the states."""
    if version == 2:
        if records:
            raise ValueError("keyed records with a format-2 head")
        states = {int(index): record for index, record in document["states"].items()}
        calls = {int(turn): list(links) for turn, links in document["tool_calls"].items()}
        return states, calls, {}, {}
    states, calls, segments, texts = {}, {}, {}, {}
    sum_keys, sum_rows = [], []
    for key, record in records.items():
        if not isinstance(key, str):
            raise TypeError(f"record key {key!r}")
        if key.startswith(SEGMENT_KEY):
            segments[int(key[len(SEGMENT_KEY) :])] = record
            continue
        if not key.startswith((THREAD_KEY, CALLS_KEY)):
            raise ValueError(f"unknown record {key!r}")
        text, rest = keyed_parts(record, key)
        if key.startswith(THREAD_KEY) and rest:
            if len(rest) % 8:
                raise ValueError(f"{key}: a thread sum of {len(rest)} bytes")
            sum_keys.append(int(key[len(THREAD_KEY) :]))
            sum_rows.append(rest)
        elif rest:
            raise ValueError(f"{key}: {len(rest)} bytes after the record")
        texts[key] = text
    for key, value in zip(texts, _parsed(texts), strict=True):
        if key.startswith(THREAD_KEY):
            states[int(key[len(THREAD_KEY) :])] = value
        else:
            calls[int(key[len(CALLS_KEY) :])] = list(value)
    return states, calls, segments, _sums(sum_keys, sum_rows)


def _sums(keys: list[int], rows: list[memoryview]) -> Any:
    """Stored sums for ``Threads.restore``: (indexes ascending, their rows), else index -> sum."""
    if len({len(row) for row in rows}) == 1:
        order = sorted(range(len(keys)), key=keys.__getitem__)  # joined in order: one copy
        matrix = np.frombuffer(b"".join(map(rows.__getitem__, order)), "<f8").reshape(len(rows), -1)
        return np.array(sorted(keys), np.intp), matrix
    return {key: np.frombuffer(row, "<f8") for key, row in zip(keys, rows, strict=True)}


_OPENS: tuple[memoryview | bytes, ...] = (b"{", b"[")  # a JSON object or array, as a view
_CLOSES: tuple[memoryview | bytes, ...] = (b"}", b"]")


def _parsed(texts: Mapping[str, memoryview]) -> list[Any]:
    """The JSON documents of keyed records, parsed as one array (one call for thousands of
    thread states); one that does not parse is named by parsing them one by one."""
    if not all(text[:1] in _OPENS and text[-1:] in _CLOSES for text in texts.values()):
        raise ValueError("a keyed record that is not a JSON object or array")
    try:
        values = json.loads(b"[" + b",".join(texts.values()) + b"]")
    except (ValueError, RecursionError):
        for key, text in texts.items():
            loads(bytes(text), key, "payload")
        raise SnapshotError("keyed records: unreadable payloads") from None
    if not isinstance(values, list) or len(values) != len(texts):
        raise SnapshotError("keyed records: unreadable payloads (not one value each)")
    return values


def _coverage(dim: int, stored: Any, weighted: bytes) -> CoverageSet:
    coverage = CoverageSet(dim)
    if stored:
        coverage.restore(
            {
                "fact_ids": stored["fact_ids"],
                "depth_sum": stored["depth_sum"],
                "weighted": np.frombuffer(weighted, "<f8"),
            }
        )
    return coverage


def _turn_columns(
    records: Sequence[bytes],
    first: int,
    dim: int,
    segments: Mapping[int, bytes],
    skipped: int = 0,
) -> tuple[dict[str, Any], list[list[str]]]:
    """The turn log's columns (``TurnLog.state``) and each turn's thread words, from turn
    records ``first + skipped`` onwards (and the segments that cover runs of them, and
    the ``skipped`` turns before them)."""
    found = read_turns(records, first, dim, segments, skipped)
    ids = found["turn"]
    if ids != list(range(first, first + len(ids))):
        position, turn = next(
            (first + offset, turn) for offset, turn in enumerate(ids) if turn != first + offset
        )
        raise ValueError(f"turn record {turn} found at position {position}")
    columns = {
        "first_turn": first,
        "roles": found["role"],
        "contents": found["content"],
        "timestamps": found["timestamp"],
        "threads": found["thread"],
        "thread_index": np.array(_ints(found["thread_index"]), np.int32),
        "references": found["references"],  # checked by ``TurnLog.restore``
        "entities": found["entities"],
        "speakers": found["speaker"],
        "enumerations": {
            first + offset: list(items)
            for offset, items in enumerate(found["enumeration"])
            if items
        },
        "embeddings": found["embeddings"],
    }
    # Words stored in an older normal form ("movy" for "movies") came back in today's.
    return columns, found["terms"]


def _ints(values: list[Any]) -> list[int]:
    if not set(map(type, values)) <= {int}:
        raise TypeError("turn records: a thread index that is not an int")
    return values


# ---- snapshots ---------------------------------------------------------------------------


def snapshot(
    session: Session, coverage: CoverageSet | None = None, *, float16: bool = False
) -> bytes:
    """The session's state as one blob: the head, every turn record, every keyed record."""
    head, turns, records = encode(session, coverage, float16=float16)
    keys = json.dumps(sorted(records)).encode()
    parts = [head, *turns, keys, *(records[key] for key in sorted(records))]
    sizes = b"".join(COUNT.pack(len(part)) for part in parts)
    # The record table: head, turns, the keys as a JSON list, the keyed records in its order.
    return (
        struct.pack(">4sHQQ", SNAPSHOT_MAGIC, FORMAT_VERSION, len(parts), len(turns))
        + sizes
        + b"".join(parts)
    )


def restore(
    data: bytes, *, embedder: Embedder | None = None, config: Config | None = None
) -> tuple[Session, CoverageSet]:
    """A session (and its coverage set) from ``snapshot`` bytes (format 4, 3, 2 or 1)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SnapshotError(f"expected bytes, got {type(data).__name__}")
    blob = bytes(data)
    if len(blob) < 6:
        raise SnapshotError("truncated: shorter than the header")
    magic, version = struct.unpack_from(">4sH", blob)
    if magic != SNAPSHOT_MAGIC:
        raise SnapshotError("not a multihorizon session snapshot")
    if version == 1:
        return legacy.restore_v1(blob, embedder=embedder, config=config, entry_from=_entry_from)
    if version not in READS:
        raise SnapshotError(
            f"format version {version}; this release reads versions 1 to 3 (migrated) "
            f"and {FORMAT_VERSION}"
        )
    header = ">Q" if version == 2 else ">QQ"
    try:
        counts = struct.unpack_from(header, blob, 6)
        table = 6 + struct.calcsize(header)
        count = counts[0]
        if count < 1 or table + 8 * count > len(blob):
            raise SnapshotError("truncated: the record table is cut off")
        sizes = struct.unpack_from(f">{count}Q", blob, table)
    except struct.error:
        raise SnapshotError("truncated: shorter than the header") from None
    offset, parts = table + 8 * count, []
    for size in sizes:
        parts.append(blob[offset : offset + size])
        offset += size
    if offset != len(blob):
        raise SnapshotError("corrupt or truncated (record sizes do not add up)")
    if version == 2:
        return decode(parts[0], parts[1:], embedder=embedder, config=config)
    return decode(parts[0], *_snapshot_records(parts, counts[1]), embedder=embedder, config=config)


def _snapshot_records(parts: list[bytes], turn_count: int) -> tuple[list[bytes], dict[str, bytes]]:
    turns, rest = parts[1 : 1 + turn_count], parts[1 + turn_count :]
    if len(turns) != turn_count or not rest:
        raise SnapshotError("corrupt or truncated (record table)")
    keys = loads(rest[0], "snapshot", "record keys")
    if not isinstance(keys, list) or len(keys) != len(rest) - 1:
        raise SnapshotError("corrupt or truncated (record keys)")
    if not all(isinstance(key, str) for key in keys):
        raise SnapshotError("corrupt (record keys)")
    return turns, dict(zip(keys, rest[1:], strict=True))


def _entry_record(entry: ScratchEntry) -> dict[str, Any]:
    record = {name: getattr(entry, name) for name in entry.__dataclass_fields__}
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
