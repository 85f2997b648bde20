"""The frame of every stored record: a magic tag naming its kind, the format version, a
checksum of the payload and the payload's length; payloads are length-prefixed JSON sections
followed by raw bytes. Shared by ``codec`` and ``segments``.

The checksum (``payload_digest``) is a CRC-32 from format 5 on, a SHA-256 before. It guards
against damaged and truncated records, not against a writer who means harm (anyone who can
write a record can compute either), and a load checks every byte it reads: at 10k turns a
load checked 23 MB, 15 ms of SHA-256 with the CPU's SHA instructions (1.6 GB/s), against 6 ms
of zlib's CRC-32 (3.7 GB/s), a sixth of the load (issue 18 item 4). CRC-32 detects every
error burst of up to 32 bits and all but one in 2**32 of other damage; the record's length
is checked apart. Format 5 changes nothing else: a format-4 record is read as before, and a
session stored in format 4 takes format-5 records as it grows (each frame names its own
format)."""

from __future__ import annotations

import gc
import hashlib
import json
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

from ..errors import EmbeddingError, InputError, SnapshotError

__all__ = [
    "COUNT",
    "CRC_FORMAT",
    "DTYPES",
    "FORMAT_VERSION",
    "FRAME",
    "HEAD_MAGIC",
    "KEYED_MAGIC",
    "MALFORMED",
    "READS",
    "SNAPSHOT_MAGIC",
    "TURN_MAGIC",
    "as_bytes",
    "checked_payload",
    "collection_paused",
    "frame",
    "json_and_bytes",
    "json_bytes",
    "json_section",
    "keyed_parts",
    "loads",
    "payload_digest",
    "unframe",
]

FORMAT_VERSION = 5  # 4: segments as binary columns (``columns``); 5: CRC-32 checksums
READS = (2, 3, 4, 5)  # the framed formats this release reads (format 1 is one blob: ``legacy``)
CRC_FORMAT = 5  # the first format whose frames carry a CRC-32, not a SHA-256
SNAPSHOT_MAGIC = b"MHSS"  # one blob: every record of a session (format 1: the whole state)
HEAD_MAGIC = b"MHSH"
TURN_MAGIC = b"MHST"
KEYED_MAGIC = b"MHSK"
# What reading a checksummed record with a field of the wrong type or size raises (a list
# where a mapping belongs: AttributeError; int(1e400): OverflowError): all SnapshotError.
MALFORMED = (KeyError, ValueError, TypeError, IndexError, AttributeError, OverflowError,
              RecursionError, MemoryError, InputError, EmbeddingError)  # fmt: skip
FRAME = struct.Struct(">4sH32sQ")  # magic, format version, checksum(payload), payload length
COUNT = struct.Struct(">Q")
_Buffer = TypeVar("_Buffer", bytes, memoryview)  # a record, or a view into one
DTYPES: dict[str, np.dtype[Any]] = {"<f2": np.dtype("<f2"), "<f4": np.dtype("<f4")}


_CRC_PAD = bytes(28)  # a CRC-32 fills the first 4 bytes of the 32-byte checksum field


def payload_digest(version: int, payload: bytes | memoryview) -> bytes:
    """The checksum field of a record of format ``version``: a big-endian CRC-32 of the
    payload then 28 zero bytes (format 5 on), else the payload's SHA-256."""
    if version >= CRC_FORMAT:
        return zlib.crc32(payload).to_bytes(4, "big") + _CRC_PAD
    return hashlib.sha256(payload).digest()


def frame(magic: bytes, payload: bytes) -> bytes:
    digest = payload_digest(FORMAT_VERSION, payload)
    return FRAME.pack(magic, FORMAT_VERSION, digest, len(payload)) + payload


def unframe(record: bytes, magic: bytes, what: str) -> tuple[int, bytes]:
    """The format version and payload of one record, after checking its frame."""
    if len(record) < FRAME.size:
        raise SnapshotError(f"{what}: truncated (shorter than the header)")
    found, version, digest, size = FRAME.unpack_from(record)
    if found != magic:
        raise SnapshotError(f"{what}: not a multihorizon {magic.decode()} record")
    if version not in READS:
        raise SnapshotError(
            f"{what}: format version {version}; this release reads versions 1 to 3 (migrated) "
            f"and {FORMAT_VERSION}"
        )
    payload = record[FRAME.size :]
    if len(payload) != size or payload_digest(version, payload) != digest:
        raise SnapshotError(f"{what}: corrupt or truncated (checksum mismatch)")
    return version, payload


def checked_payload(record: object, magic: bytes, what: str) -> memoryview:
    """``unframe``'s payload, without copying it, for the loops that check thousands of
    records: the same checks, and ``unframe`` names what failed."""
    if type(record) is not bytes or len(record) < FRAME.size:
        return memoryview(unframe(as_bytes(record, what), magic, what)[1])
    found, version, digest, size = FRAME.unpack_from(record)
    payload = memoryview(record)[FRAME.size :]
    if found != magic or version not in READS or len(payload) != size:
        unframe(record, magic, what)  # raises, naming why
    if payload_digest(version, payload) != digest:
        raise SnapshotError(f"{what}: corrupt or truncated (checksum mismatch)")
    return payload


_KEYED_HEAD = struct.Struct(FRAME.format + "Q")  # a keyed record's frame and JSON length


def keyed_parts(record: object, key: str) -> tuple[memoryview, memoryview]:
    """The JSON bytes of a keyed record and the bytes after them, without copies: the same
    checks as ``checked_payload`` and ``json_bytes`` (which name what failed), inlined for
    the thousands of thread records a long session holds."""
    if type(record) is bytes and len(record) >= _KEYED_HEAD.size:
        magic, version, digest, size, length = _KEYED_HEAD.unpack_from(record)
        payload = memoryview(record)[FRAME.size :]
        end = COUNT.size + length
        if (
            magic == KEYED_MAGIC
            and version in READS
            and len(payload) == size >= end
            and payload_digest(version, payload) == digest
        ):
            return payload[COUNT.size : end], payload[end:]
    return json_bytes(checked_payload(record, KEYED_MAGIC, key), key, "payload")


def json_and_bytes(document: Any, data: bytes = b"") -> bytes:
    text = json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return COUNT.pack(len(text)) + text + data


def json_bytes(buffer: _Buffer, what: str, part: str) -> tuple[_Buffer, _Buffer]:
    """The bytes of a length-prefixed JSON section at the start of ``buffer``, and the rest."""
    if len(buffer) < COUNT.size:
        raise SnapshotError(f"{what}: unreadable {part} (truncated)")
    (size,) = COUNT.unpack_from(buffer)
    end = COUNT.size + size
    if end > len(buffer):
        raise SnapshotError(f"{what}: unreadable {part} (truncated)")
    return buffer[COUNT.size : end], buffer[end:]


def loads(text: bytes, what: str, part: str) -> Any:
    try:
        return json.loads(text.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError) as exc:
        raise SnapshotError(f"{what}: unreadable {part} ({type(exc).__name__}: {exc})") from None


def json_section(buffer: bytes, what: str, part: str) -> tuple[Any, bytes]:
    text, rest = json_bytes(buffer, what, part)
    return loads(text, what, part), rest


def as_bytes(value: object, what: str) -> bytes:
    if isinstance(value, bytes):
        return value
    if not isinstance(value, (bytearray, memoryview)):
        raise SnapshotError(f"{what}: expected bytes, got {type(value).__name__}")
    return bytes(value)


@contextmanager
def collection_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a load builds its objects. A load makes
    some ten containers per turn and none of them is garbage, yet each 700 allocations start
    a collection that walks the young ones, and the older generations are walked as they
    fill: a third of a long load's CPU went there. Reference counting still frees
    everything as usual; the collector is started again (if it ran before) when the load
    ends, whether or not it raised, and catches up at its next threshold."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
