"""A format-4 segment's turns as binary columns (issue 18 item 4): a load takes a run of
1024 turns from a few NumPy arrays and one text, not from a JSON document per turn.

The payload (after the frame, whose SHA-256 covers all of it) is a length-prefixed JSON
header, then the sections it lists, in order, each a little-endian array:

- ``roles`` (u1: 0 user, 1 assistant), ``thread_index`` (i4);
- ``thread`` and ``speaker`` (i4): each turn's thread name and speaker as an index into the
  segment's table of strings (-1: no speaker);
- ``references`` (i8), ``entities``, ``terms``, ``enumeration`` (i4 indexes into the table):
  each a ragged column, its values after ``<name>_ends`` (i4, where each turn's values end);
- ``string_ends`` (i8): where each string ends in the text, in characters: every turn's
  content, then every turn's timestamp, then the table (distinct words, names, items);
- ``text``: those strings, one after the other, as UTF-8;
- ``embeddings``: the rows as stored (``dtype``, ``count`` x dim).

Everything is checked against the header and the turn count before it is used; a value out
of range raises ``ValueError`` (the load names it as a corrupt segment).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..dialogue.thread_restore import CheckedWords
from ..text.tokens import current_terms
from .frames import DTYPES, json_and_bytes, json_bytes, loads

__all__ = ["DEFERRED", "RaggedWords", "Run", "pack_columns", "segment_header", "unpack_columns"]

_ROLES = ("user", "assistant")
_RAGGED = ("references", "entities", "terms", "enumeration")
# Section name -> dtype, in payload order (``text`` and ``embeddings`` follow).
_SECTIONS: dict[str, str] = {
    "roles": "u1",
    "thread_index": "<i4",
    "thread": "<i4",
    "speaker": "<i4",
    **{part: dtype for name in _RAGGED
       for part, dtype in ((f"{name}_ends", "<i4"),
                           (name, "<i8" if name == "references" else "<i4"))},
    "string_ends": "<i8",
}  # fmt: skip


class _Table:
    """The segment's distinct strings, each given the index of its first use."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def ids(self, values: Sequence[str]) -> list[int]:
        index = self.index
        return [index.setdefault(value, len(index)) for value in values]


def pack_columns(
    first: int, links: str, docs: Sequence[Mapping[str, Any]], embeddings: npt.NDArray[Any]
) -> bytes:
    """The payload of the segment of turn documents ``docs`` (turns ``first`` onwards, as
    ``codec`` writes them) and their stored embedding rows (one dtype)."""
    table = _Table()
    arrays: dict[str, npt.NDArray[Any]] = {
        "roles": np.array([_ROLES.index(doc["role"]) for doc in docs], np.uint8),
        "thread_index": np.array([doc["thread_index"] for doc in docs], "<i4"),
        "thread": np.array(table.ids([doc["thread"] for doc in docs]), "<i4"),
        "speaker": np.array(
            [-1 if doc["speaker"] is None else table.ids([doc["speaker"]])[0] for doc in docs],
            "<i4",
        ),
    }
    for name in _RAGGED:
        lists = [doc[name] for doc in docs]
        arrays[f"{name}_ends"] = np.cumsum([len(values) for values in lists], dtype="<i4")
        flat = [value for values in lists for value in values]
        arrays[name] = np.array(flat if name == "references" else table.ids(flat), _SECTIONS[name])
    strings = [
        *(doc["content"] for doc in docs),
        *(doc["timestamp"] for doc in docs),
        *table.index,
    ]
    arrays["string_ends"] = np.cumsum([len(text) for text in strings], dtype="<i8")
    text = "".join(strings).encode("utf-8", "surrogatepass")
    rows = np.ascontiguousarray(embeddings)
    header = {
        "first": first,
        "count": len(docs),
        "links": links,
        "dtype": rows.dtype.str,
        "table": len(table.index),
        "sizes": [arrays[name].nbytes for name in _SECTIONS] + [len(text), rows.nbytes],
    }
    parts = [arrays[name].astype(_SECTIONS[name], copy=False).tobytes() for name in _SECTIONS]
    return json_and_bytes(header, b"".join(parts) + text + rows.tobytes())


def segment_header(payload: bytes | memoryview) -> tuple[dict[str, Any], memoryview]:
    """A segment payload's header and the bytes after it."""
    text, rest = json_bytes(memoryview(payload), "segment", "header")
    header = loads(bytes(text), "segment", "header")
    if not isinstance(header, dict):
        raise ValueError("segment header is not a JSON object")
    return header, rest


class Run(NamedTuple):
    """``turns`` values of a column that ``build()`` makes when the turn log first reads one
    (``DeferredColumn.defer``); ``lengths``: each value's ``len``, or None."""

    turns: int
    build: Callable[[], list[Any]]
    lengths: npt.NDArray[Any] | None


# The columns ``unpack_columns`` gives as ``Run``s: no object per turn is made on load.
DEFERRED = ("content", "timestamp", "references", "entities")


def unpack_columns(header: Mapping[str, Any], data: memoryview, dim: int) -> dict[str, Any]:
    """The columns of a segment (``turns.FIELDS`` and ``embeddings`` as stored), from its
    header and the bytes after it; words of entities and terms in today's normal form. The
    ``DEFERRED`` columns come as ``Run``s (every value checked here, built when read; they
    hold copies of what they read, not the segment's bytes)."""
    count, sizes, first = header.get("count"), header.get("sizes"), header.get("first")
    if type(count) is not int or count < 0 or not isinstance(sizes, list) or type(first) is not int:
        raise ValueError("segment header: count, first or sizes")
    dtype = header.get("dtype")
    stored = DTYPES.get(dtype) if isinstance(dtype, str) else None
    if stored is None:
        raise ValueError(f"segment header: embedding dtype {dtype!r}")
    if len(sizes) != len(_SECTIONS) + 2 or not all(type(s) is int and s >= 0 for s in sizes):
        raise ValueError("segment header: sizes")
    if sum(sizes) != len(data):
        raise ValueError(f"segment: {len(data)} bytes, the header lists {sum(sizes)}")
    arrays, offset = {}, 0
    for (name, dtype), size in zip(_SECTIONS.items(), sizes, strict=False):
        arrays[name] = np.frombuffer(data[offset : offset + size], dtype)
        offset += size
    text = bytes(data[offset : offset + sizes[-2]]).decode("utf-8", "surrogatepass")
    table_size = header.get("table")
    if type(table_size) is not int or table_size < 0:
        raise ValueError("segment header: table")
    bounds = _string_bounds(text, arrays["string_ends"], 2 * count + table_size)
    table = _slices(text, bounds[2 * count :])
    for name in ("roles", "thread_index", "thread", "speaker"):
        if arrays[name].shape != (count,):
            raise ValueError(f"segment: {arrays[name].shape[0]} {name} for {count} turns")
    _check_ids(arrays["thread"], 0, table_size, "thread")
    _check_ids(arrays["speaker"], -1, table_size, "speaker")
    if int(arrays["roles"].max(initial=0)) > 1:
        raise ValueError("segment: a role that is neither user nor assistant")
    # A view of the segment's bytes, float32 or float16 as stored: the turn log copies (and
    # widens) the rows once, into place.
    embeddings = np.frombuffer(data[offset + sizes[-2] :], stored).reshape(count, dim)
    words = current_terms(table)  # a stored word in an older normal form
    ragged = {name: _checked_ragged(arrays, name, count, table_size) for name in _RAGGED}
    entity_ends = ragged["entities"][0]
    columns: dict[str, Any] = {
        "turn": list(range(first, first + count)),  # the header's first turn, checked
        "role": list(map(_ROLES.__getitem__, arrays["roles"].tolist())),
        "content": Run(count, functools.partial(_slices, text, bounds[: count + 1]), None),
        "timestamp": Run(
            count, functools.partial(_slices, text, bounds[count : 2 * count + 1]), None
        ),
        "thread": list(map(table.__getitem__, arrays["thread"].tolist())),
        "thread_index": arrays["thread_index"].tolist(),
        # Index -1 (no speaker) picks the None put after the table.
        "speaker": list(map([*table, None].__getitem__, arrays["speaker"].tolist())),
        "references": Run(count, functools.partial(_ragged, *ragged["references"], None), None),
        "entities": Run(
            count,
            RaggedWords(*ragged["entities"], words),
            np.diff(entity_ends, prepend=0).astype(np.float64),
        ),
        "terms": CheckedWords(_ragged(*ragged["terms"], words)),  # table strings
        "enumeration": _ragged(*ragged["enumeration"], table),
        "dtype": [dtype] * count,
        "embeddings": embeddings,
    }
    return columns


def _string_bounds(text: str, ends: npt.NDArray[np.int64], expected: int) -> list[int]:
    """Where each string starts and ends in ``text``: ``[0, end_0, end_1, ...]``."""
    if ends.shape != (expected,):
        raise ValueError(f"segment: {ends.shape[0]} strings, expected {expected}")
    bounds: list[int] = ends.tolist()
    if (bounds and bounds[-1] != len(text)) or (not bounds and text):
        raise ValueError("segment: the strings do not fill the text")
    if expected and (bounds[0] < 0 or (ends[1:] < ends[:-1]).any()):
        raise ValueError("segment: string ends out of order")
    return [0, *bounds]


def _slices(text: str, bounds: list[int]) -> list[str]:
    """The strings of ``text`` between consecutive ``bounds``."""
    return list(map(text.__getitem__, map(slice, bounds[:-1], bounds[1:])))


def _check_ids(ids: npt.NDArray[Any], low: int, size: int, what: str) -> None:
    if ids.size and (int(ids.min()) < low or int(ids.max()) >= size):
        raise ValueError(f"segment: a {what} outside the table")


def _checked_ragged(
    arrays: Mapping[str, npt.NDArray[Any]], name: str, count: int, table_size: int
) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """A ragged column's ends and values, checked (values of a word column inside the
    table), as copies: a deferred run keeps these, not the segment's bytes."""
    ends, values = arrays[f"{name}_ends"], arrays[name]
    if ends.shape != (count,):
        raise ValueError(f"segment: {ends.shape[0]} {name} ends for {count} turns")
    if count and (int(ends[0]) < 0 or (ends[1:] < ends[:-1]).any() or ends[-1] != len(values)):
        raise ValueError(f"segment: {name} ends out of order")
    if not count and values.size:
        raise ValueError(f"segment: {name} values for no turn")
    if name != "references":
        _check_ids(values, 0, table_size, name)
    return ends.copy(), values.copy()


def _ragged(
    ends: npt.NDArray[Any], values: npt.NDArray[Any], table: list[str] | None
) -> list[tuple[Any, ...]]:
    """Each turn's values of a checked ragged column, as tuples (of table strings, or of
    ints)."""
    count = ends.shape[0]
    if not values.size:
        return [()] * count
    if table is None:
        flat: tuple[Any, ...] = tuple(values.tolist())
    else:
        flat = tuple(map(table.__getitem__, values.tolist()))
    bounds = ends.tolist()
    # Slices of one tuple are tuples (an empty one is the shared ``()``).
    return list(map(flat.__getitem__, map(slice, [0, *bounds], bounds)))


class RaggedWords:
    """A checked ragged word column of a segment (each turn's words, as table indexes): its
    tuples when called (a ``DeferredColumn`` run), or its postings without building them
    (``posting_columns``: the turn log's entity index, issue 18 item 4: the first turn after a load
    built 10,000 turns' entity tuples to index them)."""

    __slots__ = ("ends", "table", "values")

    def __init__(self, ends: npt.NDArray[Any], values: npt.NDArray[Any], table: list[str]) -> None:
        self.ends, self.values, self.table = ends, values, table

    def __call__(self) -> list[tuple[Any, ...]]:
        return _ragged(self.ends, self.values, self.table)

    def posting_columns(self, first: int) -> tuple[list[str], npt.NDArray[np.int64], list[int]]:
        """The run's postings, its turns numbered from ``first``, as columns: each word once,
        every word's turns one after another (ascending; a turn once per time it lists the
        word), and the bounds (``turns[bounds[w]:bounds[w + 1]]`` hold the ``w``-th word's),
        the layout ``kernels.PostingLists.extend`` takes."""
        if not self.values.size:
            return [], np.empty(0, dtype=np.int64), [0]
        table, keys = self.table, self.values
        if len(set(table)) != len(table):
            # Two table entries name one word (an older normal form brought to today's):
            # each index maps to its word's first entry, so a word's turns stay one list.
            first_entry: dict[str, int] = {}
            keys = np.array([first_entry.setdefault(w, i) for i, w in enumerate(table)])[keys]
        lengths = np.diff(self.ends, prepend=0)
        turns = np.repeat(np.arange(first, first + lengths.shape[0], dtype=np.int64), lengths)
        order = np.argsort(keys, kind="stable")  # stable: each word's turns stay ascending
        keys, turns = keys[order], turns[order]
        starts = np.flatnonzero(np.diff(keys, prepend=-1))
        words = list(map(table.__getitem__, keys[starts].tolist()))
        return words, turns, [*starts.tolist(), len(keys)]
