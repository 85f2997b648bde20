"""A session's state as bytes, and back: what a ``SessionStore`` keeps.

Format 2 is append-only: one **head** record with what changes from turn to turn (the active
thread, the thread states, the speakers, the scratch buffer with its pins and freshness, the
CDR coverage set, the tool calls linked to each turn) and one **turn** record per turn, written
once and never rewritten (role, content, timestamp, thread, references, entities, speaker,
the words that fed its thread's vocabulary, its enumeration, and its embedding as float32 or
float16). A store saves a turn by rewriting the head and appending the new turn records; the
thread sums, centroids, recent windows and vocabularies are rebuilt on load by replaying the
turns through the same code that built them live, so they never go stale on disk.

Every record is framed: a magic tag naming its kind, the format version, a SHA-256 of the
payload and the payload length. ``decode`` checks each frame, the turn order and count, the
model id and the dimension before it builds anything: a record from another format version,
a truncated or corrupted one, a missing or extra turn, or one made with another embedding
model is refused with ``SnapshotError``, never misread. Format 1 (one whole-session blob, the
first release) is read and migrated: the next save writes it as format 2.

``snapshot``/``restore`` wrap the same records in one blob (export, tests, files).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..config import Config
from ..dialogue.threads import ThreadPlan
from ..dialogue.threadstate import ThreadState
from ..embed import Embedder, HashingEmbedder, reload_hint
from ..errors import SnapshotError
from ..session import Session
from ..text.tokens import current_term
from ..tiers.knowledge import CoverageSet
from ..tiers.scratch import OutputType, Persistence, ScratchEntry, Volatility

__all__ = [
    "FORMAT_VERSION",
    "SnapshotError",
    "decode",
    "encode",
    "extend",
    "restore",
    "snapshot",
]

FORMAT_VERSION = 2
SNAPSHOT_MAGIC = b"MHSS"  # one blob: every record of a session (format 1: the whole state)
HEAD_MAGIC = b"MHSH"
TURN_MAGIC = b"MHST"
# What reading a checksummed record with a field of the wrong type or size raises (a list
# where a mapping belongs: AttributeError; int(1e400): OverflowError): all SnapshotError.
_MALFORMED = (KeyError, ValueError, TypeError, IndexError, AttributeError, OverflowError,
              RecursionError, MemoryError)  # fmt: skip
_FRAME = struct.Struct(">4sH32sQ")  # magic, format version, sha256(payload), payload length
_COUNT = struct.Struct(">Q")


def _frame(magic: bytes, payload: bytes) -> bytes:
    digest = hashlib.sha256(payload).digest()
    return _FRAME.pack(magic, FORMAT_VERSION, digest, len(payload)) + payload


def _unframe(record: bytes, magic: bytes, what: str) -> bytes:
    """The payload of one record, after checking its frame."""
    if len(record) < _FRAME.size:
        raise SnapshotError(f"{what}: truncated (shorter than the header)")
    found, version, digest, size = _FRAME.unpack_from(record)
    if found != magic:
        raise SnapshotError(f"{what}: not a multihorizon {magic.decode()} record")
    if version != FORMAT_VERSION:
        raise SnapshotError(
            f"{what}: format version {version}; this release reads versions 1 (migrated) "
            f"and {FORMAT_VERSION}"
        )
    payload = record[_FRAME.size :]
    if len(payload) != size or hashlib.sha256(payload).digest() != digest:
        raise SnapshotError(f"{what}: corrupt or truncated (checksum mismatch)")
    return payload


def _json_and_bytes(document: dict[str, Any], data: bytes = b"") -> bytes:
    text = json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return _COUNT.pack(len(text)) + text + data


def _json_section(buffer: bytes, what: str, part: str) -> tuple[Any, bytes]:
    """A length-prefixed JSON section at the start of ``buffer``, and what follows it."""
    try:
        (size,) = _COUNT.unpack_from(buffer)
        value = json.loads(
            buffer[_COUNT.size : _COUNT.size + size].decode("utf-8", "surrogatepass")
        )
    except (ValueError, struct.error, RecursionError) as exc:
        raise SnapshotError(f"{what}: unreadable {part} ({type(exc).__name__}: {exc})") from None
    return value, buffer[_COUNT.size + size :]


def _split(payload: bytes, what: str) -> tuple[dict[str, Any], bytes]:
    document, rest = _json_section(payload, what, "payload")
    if not isinstance(document, dict):
        raise SnapshotError(f"{what}: unreadable payload (not a JSON object)")
    return document, rest


def encode(
    session: Session,
    coverage: CoverageSet | None = None,
    *,
    first_turn: int = 0,
    float16: bool = False,
    entry_cache: dict[str, tuple[ScratchEntry, bytes]] | None = None,
) -> tuple[bytes, list[bytes]]:
    """The head record and the records of turns ``first_turn`` onwards (call with the
    session idle or under its lock; takes the lock itself). ``entry_cache`` (kept by the
    caller from save to save) holds each scratch entry's encoded form: an entry is immutable
    (the buffer replaces it to change it), so only new or replaced entries are encoded."""
    with session._lock:
        log, threads, scratch = session._log, session._threads, session._scratch
        count = len(log)
        if not 0 <= first_turn <= count:
            raise ValueError(f"first_turn {first_turn} outside [0, {count}]")
        coverage_state = coverage.state() if coverage is not None else {}
        head: dict[str, Any] = {
            "session_id": session.session_id,
            "model_id": session.model_id,
            "dim": session.dim,
            "closed": session._closed,
            "turn_count": count,
            "active": threads.active,
            "lineage": session._lineage,
            "tool_calls": {str(i): list(log.tool_calls[i]) for i in log.turns_with_tool_calls},
            "states": {str(i): _state_record(s) for i, s in session._states.items()},
            **session._speakers.state(),
            "scratch": {"serial": scratch.state()["serial"], "full": scratch.full},
            "coverage": None
            if coverage is None
            else {"fact_ids": coverage_state["fact_ids"], "depth_sum": coverage_state["depth_sum"]},
        }
        entries = _encoded_entries(list(scratch), {} if entry_cache is None else entry_cache)
        weighted = b"" if coverage is None else coverage_state["weighted"].astype("<f8").tobytes()
        dtype = "<f2" if float16 else "<f4"
        turns = [
            _frame(
                TURN_MAGIC,
                _json_and_bytes(
                    {
                        "turn": turn_id,
                        "role": log.roles[turn_id],
                        "content": log.contents[turn_id],
                        "timestamp": log.timestamps[turn_id],
                        "thread": log.threads[turn_id],
                        "thread_index": int(log.thread_index[turn_id]),
                        "references": list(log.references[turn_id]),
                        "entities": list(log.entities[turn_id]),
                        "speaker": log.speakers[turn_id],
                        "terms": list(threads.terms_of(turn_id)),
                        "enumeration": list(log.enumerations.get(turn_id, ())),
                        "dtype": dtype,
                    },
                    log.embeddings[turn_id].astype(dtype).tobytes(),
                ),
            )
            for turn_id in range(first_turn, count)
        ]
    # The head: its document, then the scratch entries as a JSON array, then the coverage.
    return _frame(
        HEAD_MAGIC, _json_and_bytes(head, _COUNT.pack(len(entries)) + entries + weighted)
    ), turns


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


def _head_parts(payload: bytes) -> tuple[dict[str, Any], bytes]:
    """The head's document (its scratch entries put back in) and its coverage bytes."""
    document, rest = _split(payload, "head")
    scratch = document.get("scratch")
    if isinstance(scratch, dict) and "entries" in scratch:
        # The first format-2 heads kept the entries inside the document.
        return document, rest
    entries, coverage = _json_section(rest, "head", "scratch entries")
    if not isinstance(entries, list) or not isinstance(scratch, dict):
        raise SnapshotError("head: inconsistent (scratch buffer missing)")
    scratch["entries"] = entries
    return document, coverage


def decode(
    head: bytes,
    turns: Sequence[bytes] = (),
    *,
    embedder: Embedder | None = None,
    config: Config | None = None,
) -> tuple[Session, CoverageSet]:
    """A session (and its coverage set) from a head record and every turn record, in order.
    ``head`` may also be a whole ``snapshot`` blob (format 1 or 2) with no separate turns."""
    head = _as_bytes(head, "head")
    if head[:4] == SNAPSHOT_MAGIC:
        if turns:
            raise SnapshotError("a whole snapshot comes with no separate turn records")
        return restore(head, embedder=embedder, config=config)
    document, weighted = _head_parts(_unframe(head, HEAD_MAGIC, "head"))
    try:
        session = Session(
            embedder=_stored_embedder(embedder, document.get("model_id")),
            config=config,
            session_id=document["session_id"],
        )
        session._lineage = str(document["lineage"])
    except _MALFORMED as exc:
        raise SnapshotError(f"head: inconsistent ({type(exc).__name__}: {exc})") from None
    if session.model_id != document.get("model_id") or session.dim != document.get("dim"):
        raise SnapshotError(
            f"stored with model {document.get('model_id')!r} (dim {document.get('dim')}), "
            f"not {session.model_id!r} (dim {session.dim}) (SPEC-024 §2.5)"
            + reload_hint(document.get("model_id"))
        )
    return session, _apply(session, document, weighted, turns)


def _stored_embedder(given: Embedder | None, model_id: object) -> Embedder | None:
    """The embedder a session is read back with: the caller's, else the hashing embedder
    that made its vectors (a session of the first releases' ``multihorizon-hash-384`` reads
    back with ``HashingEmbedder(version=1)``), else the default."""
    if given is not None or not isinstance(model_id, str):
        return given
    return HashingEmbedder.for_model_id(model_id)


def extend(session: Session, head: bytes, turns: Sequence[bytes]) -> CoverageSet:
    """Bring ``session``, which holds the stored turns before ``turns``, up to the stored
    state: replay the new turn records and take the head. What a replica does when another
    one saved: it reads the turns it lacks, not the whole session.

    Raises ``SnapshotError`` when the stored session does not continue this one (another
    incarnation of the id, or turns missing); the session may then be partly updated and
    must be discarded (load it whole with ``decode``)."""
    document, weighted = _head_parts(_unframe(_as_bytes(head, "head"), HEAD_MAGIC, "head"))
    if document.get("lineage") != session._lineage:
        raise SnapshotError("the stored session is another incarnation of this id")
    return _apply(session, document, weighted, turns)


def _as_bytes(value: object, what: str) -> bytes:
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise SnapshotError(f"{what}: expected bytes, got {type(value).__name__}")
    return bytes(value)


def _apply(
    session: Session, document: dict[str, Any], weighted: bytes, turns: Sequence[bytes]
) -> CoverageSet:
    first = len(session)
    if document.get("turn_count") != first + len(turns):
        raise SnapshotError(
            f"the head records {document.get('turn_count')} turns but "
            f"{first + len(turns)} turn records were found"
        )
    try:
        _replay_turns(session, turns)
        _fill_head(session, document)
        coverage = CoverageSet(session.dim)
        if document["coverage"]:
            coverage.restore(
                {
                    "fact_ids": document["coverage"]["fact_ids"],
                    "depth_sum": document["coverage"]["depth_sum"],
                    "weighted": np.frombuffer(weighted, "<f8"),
                }
            )
    except _MALFORMED as exc:
        raise SnapshotError(f"inconsistent session records ({type(exc).__name__}: {exc})") from None
    return coverage


def _replay_turns(session: Session, records: Sequence[bytes]) -> None:
    """Append each stored turn through the code that appended it live: the thread sums,
    centroids, recent windows and vocabularies come out as they were."""
    log, threads = session._log, session._threads
    log.reserve(max(len(log) + len(records), 1))
    for turn_id, record in enumerate(records, start=len(log)):
        what = f"turn {turn_id}"
        turn, data = _split(_unframe(_as_bytes(record, what), TURN_MAGIC, what), what)
        if turn["turn"] != turn_id:
            raise ValueError(f"turn record {turn['turn']} found at position {turn_id}")
        dtype = np.dtype(turn["dtype"])
        if dtype not in (np.dtype("<f2"), np.dtype("<f4")):
            raise ValueError(f"turn {turn_id}: embedding dtype {dtype}")
        if len(data) != session.dim * dtype.itemsize:
            raise ValueError(f"turn {turn_id}: embedding of {len(data)} bytes")
        embedding = np.frombuffer(data, dtype).astype(np.float32)
        index, name = int(turn["thread_index"]), str(turn["thread"])
        is_new = index == len(threads.names)
        if not (is_new or (0 <= index < len(threads.names) and threads.names[index] == name)):
            raise ValueError(f"turn {turn_id}: thread {index} ({name!r}) does not follow")
        threads.reserve(len(threads.names) + 1)
        terms = [current_term(term) for term in turn["terms"]]
        prepared = threads.prepare(
            ThreadPlan(index, name, is_new, False, "restored"), embedding, terms
        )
        log.append(
            role=turn["role"],
            content=turn["content"],
            embedding=embedding,
            timestamp=turn["timestamp"],
            thread=name,
            thread_index=index,
            references=turn["references"],
            entities=[current_term(term) for term in turn["entities"]],
            speaker=turn["speaker"],
            features=session.features_of(turn["content"], turn["role"]),
        )
        threads.commit(prepared, turn_id)
        if turn["enumeration"]:
            log.enumerations[turn_id] = tuple(turn["enumeration"])


def _fill_head(session: Session, document: dict[str, Any]) -> None:
    log, threads = session._log, session._threads
    tool_calls = {int(turn_id): tuple(calls) for turn_id, calls in document["tool_calls"].items()}
    for turn_id in log.turns_with_tool_calls:
        log.tool_calls[turn_id] = ()
    for turn_id, calls in tool_calls.items():
        log.tool_calls[turn_id] = calls
    log.turns_with_tool_calls = list(tool_calls)
    active = int(document["active"])
    if not -1 <= active < len(threads.names):
        raise ValueError(f"active thread {active} of {len(threads.names)}")
    threads.active = active
    _fill_session(session, document)


def _fill_session(session: Session, document: dict[str, Any]) -> None:
    """What formats 1 and 2 store alike: thread states, speakers, the scratch buffer."""
    session._states = {int(i): ThreadState(**record) for i, record in document["states"].items()}
    session._speakers.restore(document)
    session.scratch.restore(
        int(document["scratch"]["serial"]),
        [_entry_from(record) for record in document["scratch"]["entries"]],
        full=bool(document["scratch"].get("full", False)),  # format 1 did not keep it
    )
    session._closed = bool(document["closed"])


def snapshot(
    session: Session, coverage: CoverageSet | None = None, *, float16: bool = False
) -> bytes:
    """The session's state as one blob: the head and every turn record."""
    head, turns = encode(session, coverage, float16=float16)
    parts = [head, *turns]
    sizes = b"".join(_COUNT.pack(len(part)) for part in parts)
    return (
        struct.pack(">4sHQ", SNAPSHOT_MAGIC, FORMAT_VERSION, len(parts)) + sizes + b"".join(parts)
    )


def restore(
    data: bytes, *, embedder: Embedder | None = None, config: Config | None = None
) -> tuple[Session, CoverageSet]:
    """A session (and its coverage set) from ``snapshot`` bytes (format 2, or format 1)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SnapshotError(f"expected bytes, got {type(data).__name__}")
    blob = bytes(data)
    if len(blob) < 6:
        raise SnapshotError("truncated: shorter than the header")
    magic, version = struct.unpack_from(">4sH", blob)
    if magic != SNAPSHOT_MAGIC:
        raise SnapshotError("not a multihorizon session snapshot")
    if version == 1:
        return _restore_v1(blob, embedder=embedder, config=config)
    if version != FORMAT_VERSION:
        raise SnapshotError(
            f"format version {version}; this release reads versions 1 (migrated) and "
            f"{FORMAT_VERSION}"
        )
    try:
        (count,) = struct.unpack_from(">Q", blob, 6)
        if count < 1 or 14 + 8 * count > len(blob):
            raise SnapshotError("truncated: the record table is cut off")
        sizes = struct.unpack_from(f">{count}Q", blob, 14)
    except struct.error:
        raise SnapshotError("truncated: shorter than the header") from None
    offset, parts = 14 + 8 * count, []
    for size in sizes:
        parts.append(blob[offset : offset + size])
        offset += size
    if offset != len(blob):
        raise SnapshotError("corrupt or truncated (record sizes do not add up)")
    return decode(parts[0], parts[1:], embedder=embedder, config=config)


# Format 1 (the first release): one blob with the whole state, thread arrays included.
_HEADER_V1 = struct.Struct(">4sH32sQ")  # magic, version, sha256(payload), json length


def _restore_v1(
    blob: bytes, *, embedder: Embedder | None, config: Config | None
) -> tuple[Session, CoverageSet]:
    if len(blob) < _HEADER_V1.size:
        raise SnapshotError("truncated: shorter than the header")
    _, _, digest, size = _HEADER_V1.unpack_from(blob)
    payload = blob[_HEADER_V1.size :]
    if len(payload) != size or hashlib.sha256(payload).digest() != digest:
        raise SnapshotError("corrupt or truncated (checksum mismatch)")
    try:
        (text_size,) = struct.unpack_from(">Q", payload)
        document = json.loads(payload[8 : 8 + text_size].decode("utf-8", "surrogatepass"))
        with np.load(io.BytesIO(payload[8 + text_size :]), allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except (ValueError, KeyError, OSError, struct.error) as exc:
        raise SnapshotError(f"unreadable payload ({exc})") from None
    try:
        session = Session(
            embedder=_stored_embedder(embedder, document.get("model_id")),
            config=config,
            session_id=document["session_id"],
        )
        model, dim = document["model_id"], document["dim"]
    except _MALFORMED as exc:
        raise SnapshotError(f"inconsistent snapshot ({type(exc).__name__}: {exc})") from None
    if session.model_id != model or session.dim != dim:
        raise SnapshotError(
            f"stored with model {model!r} (dim {dim}), "
            f"not {session.model_id!r} (dim {session.dim}) (SPEC-024 §2.5)" + reload_hint(model)
        )
    try:
        _fill_v1(session, document, arrays)
        coverage = CoverageSet(session.dim)
        if document.get("coverage"):
            coverage.restore(
                {
                    "fact_ids": document["coverage"]["fact_ids"],
                    "depth_sum": document["coverage"]["depth_sum"],
                    "weighted": arrays["coverage"],
                }
            )
    except _MALFORMED as exc:
        raise SnapshotError(f"inconsistent snapshot ({type(exc).__name__}: {exc})") from None
    return session, coverage


def _fill_v1(session: Session, document: dict[str, Any], arrays: dict[str, Any]) -> None:
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
    log.entities = [tuple(map(current_term, e)) for e in turns["entities"]]
    log.tool_calls = [tuple(t) for t in turns["tool_calls"]]
    log.turns_with_tool_calls = [i for i, calls in enumerate(log.tool_calls) if calls]
    log.speakers = list(turns["speakers"])
    log.features = [
        session.features_of(content, role)
        for content, role in zip(log.contents, log.roles, strict=False)
    ]
    for name in ("contents", "timestamps", "threads", "references", "entities", "speakers"):
        if len(getattr(log, name)) != count:
            raise ValueError(f"turns.{name} has {len(getattr(log, name))} entries, not {count}")
    for turn_id, entities in enumerate(log.entities):
        for term in entities:
            log._entity_index.setdefault(term, []).append(turn_id)
        # Format 1 kept no per-turn thread words: they are the entities less the speaker's
        # name that the session appends (a name that was also the last content word is lost
        # from the thread's replayed vocabulary; the live vocabulary below is exact).
        speaker = log.speakers[turn_id]
        appended = speaker is not None and entities[-1:] == (speaker.casefold(),)
        terms = entities[:-1] if appended else entities
        session._threads._turn_terms[turn_id] = tuple(terms)
    log._total_terms = int(sum(len(e) for e in log.entities))
    log._count = count

    stored = document["threads"]
    threads = session._threads
    names = list(stored["names"])
    threads.reserve(max(len(names), 1))
    threads.names = names
    threads._taken = set(names)
    threads._next_suffix = {k: int(v) for k, v in stored["next_suffix"].items()}
    threads.vocabulary = [set(map(current_term, v)) for v in stored["vocabulary"]]
    threads.turns = [list(t) for t in stored["turns"]]
    term_threads: dict[str, list[int]] = {}
    for term, owners in stored["term_threads"].items():
        merged = term_threads.setdefault(current_term(term), [])
        merged.extend(int(owner) for owner in owners if owner not in merged)
    threads._term_threads = term_threads
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

    session._log.enumerations = {int(i): tuple(v) for i, v in document["enumerations"].items()}
    _fill_session(session, document)


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
