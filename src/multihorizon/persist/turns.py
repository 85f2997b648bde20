"""Turn records, and the segments that let a load skip them.

A turn record holds one turn (written once). A **segment** is a keyed record
(``turns/<k>``) holding turns ``k * SEGMENT_TURNS`` to ``(k + 1) * SEGMENT_TURNS - 1`` as
columns, written once by the save that completes them: a load checks one frame per segment
instead of one per turn, and takes its columns as arrays (format 4, ``columns``; format 3
kept them as one JSON document, still read). A segment names the turn records it was made
from (a SHA-256 over their frames' checksums); a load uses it only when the stored turn records
are exactly those, and reads the turn records one by one otherwise (a segment lost, damaged,
or made from records written differently), so a segment can speed a load but never change
what it gives.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..dialogue.deferred import DeferredColumn
from ..dialogue.thread_restore import CheckedWords
from ..errors import SnapshotError
from ..text.tokens import current_term
from .columns import DEFERRED, Run, pack_columns, segment_header, unpack_columns
from .frames import (
    COUNT,
    DTYPES,
    FRAME,
    KEYED_MAGIC,
    MALFORMED,
    READS,
    TURN_MAGIC,
    as_bytes,
    checked_payload,
    frame,
    loads,
    payload_digest,
    unframe,
)

__all__ = ["FIELDS", "SEGMENT_KEY", "SEGMENT_TURNS", "read_turns", "segment"]

SEGMENT_TURNS = 1024
SEGMENT_KEY = "turns/"
# The fields of a turn record's document, as ``read`` returns them (one list per field).
FIELDS = ("turn", "role", "content", "timestamp", "thread", "thread_index", "references",
          "entities", "speaker", "terms", "enumeration", "dtype")  # fmt: skip
_DIGEST = slice(6, 38)  # a record frame's checksum field (after magic and version)


def _links(records: Sequence[bytes]) -> str:
    """What names a run of turn records: a SHA-256 over their frames' checksums."""
    digest = hashlib.sha256()
    for record in records:
        digest.update(record[_DIGEST])
    return digest.hexdigest()


def segment(
    first: int,
    docs: Sequence[Mapping[str, Any]],
    embeddings: npt.NDArray[Any],
    records: Sequence[bytes],
) -> bytes:
    """The segment of turns ``first`` onwards: their documents as binary columns, their
    embeddings as stored (one dtype), and the link to their turn ``records``."""
    return frame(KEYED_MAGIC, pack_columns(first, _links(records), docs, embeddings))


def read_turns(
    records: Sequence[bytes],
    first: int,
    dim: int,
    segments: Mapping[int, bytes],
    skipped: int = 0,
) -> dict[str, Any]:
    """The documents of turn records ``first`` onwards as columns (``FIELDS``, plus
    ``embeddings``: blocks of rows in turn order, float32 or float16 as stored, each a view
    of its segment's bytes where it can be), from the segments that cover whole runs of
    them and from the turn records elsewhere. With ``skipped`` turns (from turn 0; whole
    segments), the records start after them and their segments alone give those turns:
    each must be there and sound (its own checksum; no turn record to check it against), else
    ``SnapshotError``."""
    chunks, position, offset = [], first + skipped, 0
    if skipped and (first or skipped % SEGMENT_TURNS):
        raise SnapshotError(f"turns from {first}: {skipped} turns skipped, not whole segments")
    for block in range(skipped // SEGMENT_TURNS):
        found = _from_segment(segments.get(block, b""), block * SEGMENT_TURNS, dim, None)
        if found is None:
            raise SnapshotError(
                f"turns {block * SEGMENT_TURNS} to {(block + 1) * SEGMENT_TURNS - 1}: their "
                f"segment {SEGMENT_KEY}{block} is missing or damaged (read every turn record)"
            )
        chunks.append(found)
    while offset < len(records):
        block, start = divmod(position, SEGMENT_TURNS)
        end = offset + SEGMENT_TURNS
        if start == 0 and end <= len(records) and block in segments:
            found = _from_segment(segments[block], position, dim, records[offset:end])
            if found is not None:
                chunks.append(found)
                offset, position = end, position + SEGMENT_TURNS
                continue
        end = min(len(records), offset + SEGMENT_TURNS - start)
        chunks.append(_renamed(_from_records(records[offset:end], position, dim)))
        position += end - offset
        offset = end
    joined: dict[str, Any] = {name: [] for name in FIELDS}
    for name in DEFERRED:  # a segment's runs stay unbuilt until the log reads them
        joined[name] = DeferredColumn()
    for chunk in chunks:
        words = () if isinstance(chunk["terms"], CheckedWords) else chunk["terms"]  # JSON's
        if not set(map(type, itertools.chain.from_iterable(words))) <= {str}:
            raise SnapshotError("turn records: a thread word that is not a string")
        for name in FIELDS:
            value = chunk[name]
            if isinstance(value, Run):
                joined[name].defer(*value)
            elif name in DEFERRED:
                joined[name].extend_given(value)
            else:
                joined[name] += value
    joined["terms"] = CheckedWords(map(tuple, joined["terms"]))  # every word a str
    # Blocks of rows as stored, not joined here: the turn log copies each once, into place
    # (issue 18 item 4: a 50k-turn load copied 77 MB twice).
    joined["embeddings"] = [chunk["embeddings"] for chunk in chunks]
    return joined


def _from_segment(
    record: bytes, first: int, dim: int, turn_records: Sequence[bytes] | None
) -> dict[str, Any] | None:
    """The columns a segment holds, or None when it does not stand for these turn records
    (they are read one by one then). With no turn records (a load that left them out), a
    whole segment that passes its own checks."""
    count = SEGMENT_TURNS if turn_records is None else len(turn_records)
    try:
        links = (
            None if turn_records is None else _links([as_bytes(r, "turn") for r in turn_records])
        )
        record = as_bytes(record, "segment")
        payload = checked_payload(record, KEYED_MAGIC, "segment")  # a view: no copy
        if FRAME.unpack_from(record)[1] >= 4:
            header, data = segment_header(payload)
            if (
                header.get("first") != first
                or header.get("count") != count
                or (links is not None and header.get("links") != links)
            ):
                return None
            return unpack_columns(header, data, dim)
        (size,) = COUNT.unpack_from(payload)
        document = json.loads(bytes(payload[COUNT.size : COUNT.size + size]))
        if (
            document["first"] != first
            or document["count"] != count
            or (links is not None and document["links"] != links)
            or any(len(document[name]) != count for name in FIELDS)
            or len(set(document["dtype"])) != 1
        ):
            return None
        dtype = DTYPES[document["dtype"][0]]
        data = payload[COUNT.size + size :]
        if len(data) != count * dim * dtype.itemsize:
            return None
        embeddings = np.frombuffer(data, dtype).reshape(count, dim)  # copied by the log
        return _renamed({**{name: document[name] for name in FIELDS}, "embeddings": embeddings})
    except (SnapshotError, *MALFORMED):
        return None


def _renamed(columns: dict[str, Any]) -> dict[str, Any]:
    """``columns`` (read from JSON) with the words of entities and terms stored in an older
    normal form ("movy" for "movies") brought to today's: each distinct word looked up once."""
    entities, terms = columns["entities"], columns["terms"]
    renamed = {
        word: today
        for word in set().union(*entities, *terms)
        if isinstance(word, str) and (today := current_term(word)) != word
    }
    if renamed:
        columns["entities"] = [[renamed.get(w, w) for w in words] for words in entities]
        columns["terms"] = [[renamed.get(w, w) for w in words] for words in terms]
    return columns


def _from_records(records: Sequence[bytes], first: int, dim: int) -> dict[str, Any]:
    """The columns of turn records, each frame checked, the documents parsed in one pass."""
    texts, datas = [], []
    header, unpack = FRAME.size, FRAME.unpack_from
    for turn_id, record in enumerate(records, start=first):
        # ``unframe``'s checks, inlined and without copies: this loop runs once per turn.
        if type(record) is not bytes or len(record) < header:
            unframe(as_bytes(record, f"turn {turn_id}"), TURN_MAGIC, f"turn {turn_id}")
        magic, version, digest, size = unpack(record)
        view = memoryview(record)[header:]
        if magic != TURN_MAGIC or version not in READS or len(view) != size:
            unframe(bytes(record), TURN_MAGIC, f"turn {turn_id}")  # raises, naming why
        if payload_digest(version, view) != digest:
            raise SnapshotError(f"turn {turn_id}: corrupt or truncated (checksum mismatch)")
        (length,) = COUNT.unpack_from(view) if len(view) >= COUNT.size else (-1,)
        end = COUNT.size + length
        if length < 2 or end > len(view) or view[COUNT.size] != 0x7B or view[end - 1] != 0x7D:
            raise SnapshotError(f"turn {turn_id}: unreadable payload (not a JSON object)")
        texts.append(view[COUNT.size : end])
        datas.append(view[end:])
    docs = _documents(texts, first)
    count = len(docs)
    dtypes = {doc["dtype"] for doc in docs}
    if not dtypes <= set(DTYPES):
        raise ValueError(f"embedding dtypes {sorted(map(str, dtypes))}")
    embeddings = np.empty((count, dim), np.float32)
    for dtype in dtypes:
        width = dim * DTYPES[dtype].itemsize
        rows = [offset for offset, doc in enumerate(docs) if doc["dtype"] == dtype]
        if any(len(datas[offset]) != width for offset in rows):
            bad = next(offset for offset in rows if len(datas[offset]) != width)
            raise ValueError(f"turn {first + bad}: embedding of {len(datas[bad])} bytes")
        block = np.frombuffer(b"".join(datas[offset] for offset in rows), DTYPES[dtype])
        embeddings[rows] = block.reshape(len(rows), dim)
    columns: dict[str, Any] = {name: [doc[name] for doc in docs] for name in FIELDS}
    columns["embeddings"] = embeddings
    return columns


def _documents(texts: list[memoryview], first: int) -> list[dict[str, Any]]:
    """The turn documents, parsed as one JSON array (one call, not one per turn); a record
    that does not parse is named by parsing them one by one."""
    try:
        docs: list[dict[str, Any]] = json.loads(b"[" + b",".join(texts) + b"]")
    except (ValueError, RecursionError):
        for turn_id, text in enumerate(texts, start=first):
            loads(bytes(text), f"turn {turn_id}", "payload")
        raise SnapshotError("turn records: unreadable payloads") from None
    if len(docs) != len(texts) or not all(isinstance(doc, dict) for doc in docs):
        raise SnapshotError("turn records: unreadable payloads (not one object each)")
    return docs
