"""``persist.decode`` of checksummed records whose fields have the wrong type (issue #18).

Each record of a real session is re-framed with a valid checksum after one field of its JSON
document (at any depth) is replaced by a value of another type, ``None`` or a huge value: the
only error ``decode`` may raise is ``SnapshotError``, never ``KeyError``, ``TypeError`` or
``AttributeError``.
"""

from __future__ import annotations

import contextlib
import json
import struct
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon.persist import SnapshotError, decode, encode, frames

_FRAME = struct.Struct(">4sH32sQ")  # magic, format version, checksum(payload), payload length
_COUNT = struct.Struct(">Q")
_WRONG = (
    None, True, 0, -1, 2**70, 1e308, float("inf"), "", "x", "x" * 5000, [], [None], [1, "a"],
    {}, {"a": None}, {"0": {"x": 1}}, [[[]]],
)  # fmt: skip


@cache
def _records() -> tuple[bytes, tuple[bytes, ...], tuple[tuple[str, bytes], ...]]:
    session = mh.Session(session_id="t/chat")
    session.user("How do I configure etcd TLS?", speaker="alice")
    session.assistant("1. Create certs\n2. Set --cert-file\n3. Restart etcd")
    session.tool_output("sql", [{"host": "a", "ok": True}], kind="rows")
    session.user("bob: the second option please", speaker="cy")
    session.user("Back to etcd: do it again")
    head, turns, keyed = encode(session)
    return head, tuple(turns), tuple(sorted(keyed.items()))


def _decode(records: list[bytes], keys: list[str]) -> None:
    """Decode the head, the turns and the keyed records (the last ``len(keys)``)."""
    split = len(records) - len(keys)
    decode(records[0], records[1:split], dict(zip(keys, records[split:], strict=True)))


def _document(record: bytes) -> tuple[bytes, int, Any, bytes]:
    magic, version, _, _ = _FRAME.unpack_from(record)
    payload = record[_FRAME.size :]
    (size,) = _COUNT.unpack_from(payload)
    document = json.loads(payload[_COUNT.size : _COUNT.size + size])
    return magic, version, document, payload[_COUNT.size + size :]


def _framed(magic: bytes, version: int, document: Any, rest: bytes) -> bytes:
    text = json.dumps(document).encode()
    payload = _COUNT.pack(len(text)) + text + rest
    # The record's own format's checksum (CRC-32 from format 5, SHA-256 before): a crafted
    # record passes its frame check, so the fuzz reaches the field checks.
    digest = frames.payload_digest(version, payload)
    return _FRAME.pack(magic, version, digest, len(payload)) + payload


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict) and len(prefix) < 4:
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list) and len(prefix) < 4:
        for index, item in enumerate(value[:3]):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(document))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return copy


@settings(max_examples=600, deadline=None)
@given(record=st.integers(0, 40), choice=st.integers(0, 10**6), wrong=st.sampled_from(_WRONG))
def test_wrong_typed_fields_give_snapshot_error(record: int, choice: int, wrong: Any) -> None:
    head, turns, keyed = _records()
    keys = [key for key, _ in keyed]
    records = [head, *turns, *(record for _, record in keyed)]
    record %= len(records)
    magic, version, document, rest = _document(records[record])
    paths = _paths(document) or [()]
    path = paths[choice % len(paths)]
    records[record] = _framed(magic, version, _replaced(document, path, wrong), rest)
    with contextlib.suppress(SnapshotError):  # refused, typed: what is asked
        _decode(records, keys)


def test_every_top_level_field_wrong_in_turn_gives_snapshot_error() -> None:
    head, turns, keyed = _records()
    keys = [key for key, _ in keyed]
    records = [head, *turns, *(record for _, record in keyed)]
    _decode(records, keys)  # undamaged, they load
    for index in range(len(records)):
        magic, version, document, rest = _document(records[index])
        for key in document if isinstance(document, dict) else range(len(document)):
            for wrong in _WRONG:
                damaged = list(records)
                damaged[index] = _framed(magic, version, _replaced(document, (key,), wrong), rest)
                with contextlib.suppress(SnapshotError):
                    _decode(damaged, keys)
