"""The Turn Log, Tier C's store (SPEC-028 §3.1), columnar.

Embeddings live in one growable float32 matrix (capacity doubles: amortised O(1) append) and
its int8 copy beside it (``kernels.quantize_rows``: codes and one scale per row, made once
when a turn is appended), which Tier C retrieval scans, reading the float32 rows only of the
few candidates it rescores (``kernels.score_turns_int8``). Sparse codes (the default hashing
embedder's) are kept column by column, so the scan reads only the dimensions where the new
turn's code is not zero (``int8_codes``, issue 14). The stored format keeps the float32 rows
only; the codes are rebuilt from them. The other fields in parallel
lists; an inverted index maps each entity (normalised content word) to the turns that mention
it. Turn ids are the append positions: monotonic, never reused. ``append`` prepares
everything that can fail before it changes anything, so a failed append leaves the log as it
was. A restored log takes its texts, timestamps, entities and references as
``DeferredColumn``s: a load hands over each segment's arrays, and a run's Python objects are
made when one of its turns is first read (issue 18 item 4).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, SupportsIndex, overload

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..errors import InputError
from .deferred import DeferredColumn
from .int8_codes import Int8Codes
from .pair_columns import PairColumns

if TYPE_CHECKING:
    from .features import TurnFeatures

__all__ = ["Role", "Turn", "TurnLog"]

Role = str  # "user" | "assistant" (SPEC-028 §3.1 USER | ASSISTANT)
ROLES = ("user", "assistant")


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn with every field of SPEC-028 §3.1."""

    turn_id: int
    role: Role
    content: str
    embedding: npt.NDArray[np.float32] = field(repr=False, compare=False)
    timestamp: str  # ISO 8601, UTC
    topic_thread: str
    references: tuple[int, ...] = ()
    entities: tuple[str, ...] = ()
    tool_calls: tuple[str, ...] = ()
    # Who spoke, when the caller names them (a chat message's ``name``); None otherwise.
    speaker: str | None = None

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 60 else self.content[:57] + "..."
        return (
            f"Turn({self.turn_id}, {self.role}, thread={self.topic_thread!r}, {text!r}"
            + (f", references={list(self.references)}" if self.references else "")
            + ")"
        )


class TurnLog:
    """Columnar turn storage for one session."""

    _INITIAL_CAPACITY = 64

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._embeddings = np.zeros((self._INITIAL_CAPACITY, dim), dtype=np.float32)
        self._codes = Int8Codes(dim, self._INITIAL_CAPACITY)
        self._scales = np.zeros(self._INITIAL_CAPACITY, dtype=np.float32)
        self._thread_index = np.zeros(self._INITIAL_CAPACITY, dtype=np.int32)
        self._count = 0
        self.roles: list[Role] = []
        self.contents: list[str] = []
        self.timestamps: list[str] = []
        self.threads: list[str] = []
        self.references: list[tuple[int, ...]] = []
        self.entities: list[tuple[str, ...]] = []
        self.tool_calls: list[tuple[str, ...]] = []
        self.turns_with_tool_calls: list[int] = []  # in order of their first tool call
        self.speakers: list[str | None] = []
        # What each turn's text says, read once when it was logged (``features.analyse``):
        # rules that look back read these, never the text.
        self.features: list[TurnFeatures] = []
        # turn id -> the items of its last enumeration, for the turns that have one.
        self.enumerations: dict[int, tuple[str, ...]] = {}
        # turn id -> its lists as rule item-words reads them (``implicit_items``), for the
        # last few turns only: a cache of this log's own turns, never in ``state()``.
        self.item_words: dict[int, Any] = {}
        self._entity_index: dict[str, list[int]] = {}
        # The turns the entity index covers: it indexes the turns when a rule first looks a
        # term up, not as they are logged or loaded (the same postings, in the same order).
        # Most turns' rules look none up, so Tier C's lists below are then the only copy of
        # the postings a turn writes (issue 14: they were written twice per turn).
        self._indexed = 0
        self._quantized = 0  # the turns the int8 copy covers (``_quantize``)
        # The postings again, as Tier C gathers them: fed as each turn is logged, so a
        # query's lists come in one call (native memory on the C++ backend); ``_listed``:
        # the turns they cover (a restored log's are fed when Tier C first reads them).
        self._lists = kernels.PostingLists()
        self._listed = 0
        self._lengths = np.zeros(self._INITIAL_CAPACITY, dtype=np.float64)
        self._total_terms = 0
        # Per turn, what Tier C's answer pairing reads: question flag, role, speaker.
        self._pairs = PairColumns(self._INITIAL_CAPACITY)
        # Rule peer-detection's running reading of this log (``multiparty.PeerTally``, made
        # when first asked): kept with the log, so a detection is one attribute read away.
        self.peer_tally: Any = None

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, turn_id: int) -> Turn:
        if not 0 <= turn_id < self._count:
            raise IndexError(f"turn_id {turn_id} is not in this log (0..{self._count - 1})")
        embedding = self._embeddings[turn_id].copy()
        embedding.flags.writeable = False
        return Turn(
            turn_id=turn_id,
            role=self.roles[turn_id],
            content=self.contents[turn_id],
            embedding=embedding,
            timestamp=self.timestamps[turn_id],
            topic_thread=self.threads[turn_id],
            references=self.references[turn_id],
            entities=self.entities[turn_id],
            tool_calls=self.tool_calls[turn_id],
            speaker=self.speakers[turn_id],
        )

    def __iter__(self) -> Iterator[Turn]:
        return (self[turn_id] for turn_id in range(self._count))

    @property
    def embeddings(self) -> npt.NDArray[np.float32]:
        """The [turns, dim] matrix (a view: valid until the next append)."""
        return self._embeddings[: self._count]

    @property
    def codes(self) -> npt.NDArray[np.int8]:
        """The int8 copy of ``embeddings``, [turns, dim] (a view: valid until the next
        append). Column-major when the codes are sparse (``Int8Codes``): the transpose of a
        [dim, capacity] buffer, which ``kernels.retrieve_turns`` scans in place."""
        self._quantize()
        return self._codes.view(self._count)

    @property
    def scales(self) -> npt.NDArray[np.float32]:
        """Per turn, the scale of its int8 codes (a view: valid until the next append)."""
        self._quantize()
        return self._scales[: self._count]

    def _quantize(self) -> None:
        """The int8 copy of the turns it does not cover yet: a restored log makes it when
        Tier C first scans it, not on load (the stored format keeps the float32 rows)."""
        if self._quantized < self._count:
            start, end = self._quantized, self._count
            # From the log's own rows (a state's may be a read-only view of stored bytes).
            self._scales[start:end] = self._codes.write_rows(start, self._embeddings[start:end])
            self._quantized = end

    @property
    def thread_index(self) -> npt.NDArray[np.int32]:
        """Per turn, the integer index of its thread (a view: valid until the next append)."""
        return self._thread_index[: self._count]

    def asks_question(self, turn_id: int) -> bool:
        """Whether turn ``turn_id`` asks a question (``TurnFeatures.question``), from a column
        kept as turns are appended: Tier C's pairing reads it (rule
        answers-follow-questions). A restored turn's is read from its features once."""
        known = self._pairs.asks(turn_id)
        if known <= 1:
            return known == 1
        asks = self.features[turn_id].question
        self._pairs.set_asks(turn_id, asks)
        return asks

    def read_question(self, turn_id: int, asks: bool) -> None:
        """Record a restored turn's question flag, read when its features were analysed."""
        self._pairs.set_asks(turn_id, asks)

    def pair_columns(
        self,
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
        """``(asks, roles, speakers)`` per turn as ``kernels.retrieve_context`` reads them
        (``PairColumns``; views: valid until the next append)."""
        return self._pairs.columns(self.roles, self.speakers)

    def tier_c_columns(self) -> tuple[tuple[npt.NDArray[Any], ...], tuple[npt.NDArray[Any], ...]]:
        """What ``kernels.retrieve_context`` reads of every turn: ``(codes, scales,
        embeddings, thread_index, lengths)`` and ``pair_columns``' ``(asks, roles,
        speakers)``, as the properties of those names give them (views: valid until the next
        append). One call where Tier C read seven properties, each a frame, two of them
        catching the int8 copy up (issue 14: Tier C's argument building)."""
        self._quantize()
        count = self._count
        rows = (
            self._codes.view(count),
            self._scales[:count],
            self._embeddings[:count],
            self._thread_index[:count],
            self._lengths[:count],
        )
        return rows, self._pairs.columns(self.roles, self.speakers)

    def turns_mentioning(self, term: str) -> Sequence[int]:
        """Turn ids whose entities include ``term`` (normalised), oldest first."""
        return self._index().get(term, ())

    def bm25(
        self, terms: Sequence[str], *, k1: float = 1.2, b: float = 0.75
    ) -> npt.NDArray[np.float64]:
        """BM25 of every turn for ``terms`` (normalised content words), 0 where no term occurs.

        A turn's terms are distinct (``text.content_terms``), so term frequency is 1 and the
        document length is its number of distinct content words.
        """
        count = self._count
        if count == 0 or self._total_terms == 0:
            return np.zeros(count, dtype=np.float64)
        postings, offsets = self.postings(terms)
        if not postings.size:
            return np.zeros(count, dtype=np.float64)
        # The compiled kernel visits the postings only, not every turn.
        return kernels.bm25_scores(postings, offsets, self._lengths[:count], k1=k1, b=b)

    def postings(
        self, terms: Sequence[str], *, reuse: bool = False
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The posting lists of ``terms`` (each once; terms no turn holds left out) as the BM25
        kernels take them: ``postings[offsets[t]:offsets[t + 1]]`` are the turns holding the
        ``t``-th, oldest first (the entity index's lists). One call gathers them
        (``kernels.PostingLists``, issue 14 item 1: no Python step per term). With ``reuse``
        (the session's turn, under its lock) they are gathered into a buffer the lists keep
        (capacity doubles), so a turn allocates nothing in proportion to the log (issue 14
        item 5): a view to read, valid until the next such call. Without it (any other
        caller, on any thread) they are a new array."""
        if self._listed < self._count:
            self._listed = self._add_postings(self._listed, lists=self._lists)
        return self._lists.gather(terms, reuse=reuse)

    @property
    def lengths(self) -> npt.NDArray[np.float64]:
        """Per turn, its number of distinct content words (a view: valid until the next
        append)."""
        return self._lengths[: self._count]

    @property
    def total_terms(self) -> int:
        """The sum of ``lengths``, kept as turns are appended."""
        return self._total_terms

    def _index(self) -> dict[str, list[int]]:
        """The entity index, after adding the turns it does not cover yet (oldest first)."""
        if self._indexed < self._count:
            self._indexed = self._add_postings(self._indexed, index=self._entity_index)
        return self._entity_index

    def _add_postings(
        self,
        turn_id: int,
        *,
        index: dict[str, list[int]] | None = None,
        lists: kernels.PostingLists | None = None,
    ) -> int:
        """Turns ``turn_id`` onwards added to the entity ``index`` or to Tier C's ``lists``
        (term by term, each turn in order); returns the log's length, which they then
        cover."""
        entities = self.entities
        runs = entities.run_at if isinstance(entities, DeferredColumn) else None
        while turn_id < self._count:
            run = runs(turn_id) if runs is not None else None
            postings = getattr(run[1], "posting_columns", None) if run is not None else None
            if run is not None and postings is not None:
                # A load's unbuilt run: its postings in bulk, its tuples left unbuilt.
                words, turns, bounds = postings(turn_id)
                if index is not None:
                    ids = turns.tolist()
                    for term, held in zip(words, map(slice, bounds[:-1], bounds[1:]), strict=True):
                        found = index.get(term)
                        if found is None:
                            index[term] = ids[held]
                        else:
                            found.extend(ids[held])
                if lists is not None:
                    lists.extend(words, turns, bounds)
                turn_id = run[0]
                continue
            terms = entities[turn_id]
            if index is not None:
                for term in terms:
                    found = index.get(term)
                    if found is None:
                        index[term] = [turn_id]
                    else:
                        found.append(turn_id)
            if lists is not None:
                lists.add_turn(turn_id, terms)
            turn_id += 1
        return turn_id

    def last_turn_of_role(self, role: Role, before: int | None = None) -> int:
        """The most recent turn id with this role (before ``before``), or -1."""
        end = self._count if before is None else min(before, self._count)
        for turn_id in range(end - 1, -1, -1):
            if self.roles[turn_id] == role:
                return turn_id
        return -1

    def reserve(self, turns: int) -> None:
        """Make room for ``turns`` turns in all. May raise MemoryError; the log's contents are
        unchanged either way, so callers reserve first and then append without failing."""
        if turns <= self._embeddings.shape[0]:
            return
        capacity = max(turns, 2 * self._embeddings.shape[0])  # doubling: amortised O(1)
        # First: if it raises nothing changed; if a later one does, the codes have more room.
        self._codes.grow(capacity, self._quantized)
        embeddings = np.zeros((capacity, self.dim), dtype=np.float32)
        embeddings[: self._count] = self._embeddings[: self._count]
        scales = np.zeros(capacity, dtype=np.float32)
        scales[: self._count] = self._scales[: self._count]
        thread_index = np.zeros(capacity, dtype=np.int32)
        thread_index[: self._count] = self._thread_index[: self._count]
        lengths = np.zeros(capacity, dtype=np.float64)
        lengths[: self._count] = self._lengths[: self._count]
        self._pairs.grow(capacity, self._count)
        self._embeddings, self._thread_index, self._lengths = embeddings, thread_index, lengths
        self._scales = scales

    def append(
        self,
        *,
        role: Role,
        content: str,
        embedding: npt.NDArray[np.float32],
        timestamp: str,
        thread: str,
        thread_index: int,
        references: Sequence[int] = (),
        entities: Sequence[str] = (),
        features: TurnFeatures,
        tool_calls: Sequence[str] = (),
        speaker: str | None = None,
    ) -> int:
        """Append one turn; returns its turn id. Callers validate; this only stores."""
        self.reserve(self._count + 1)  # may raise: nothing changed yet
        turn_id = self._count
        entity_tuple = tuple(entities)
        # The row, its int8 codes (the copy Tier C scans) and scale in one call; it may raise
        # (a value not finite) with nothing written, past the log's length either way.
        if self._quantized == turn_id and self._codes.store(
            turn_id, embedding, self._embeddings, self._scales
        ):
            self._quantized = turn_id + 1
        else:  # the first turn (its codes choose the layout), or a copy that lags
            row = np.asarray(embedding, dtype=np.float32).reshape(1, self.dim)
            codes, scales = kernels.quantize_rows(row)
            self._codes.choose_layout(codes)  # may raise on the first turn: nothing changed
            self._embeddings[turn_id] = row[0]
            if self._quantized == turn_id:  # else the copy catches up when next read
                self._codes.write(turn_id, codes)
                self._scales[turn_id] = scales[0]
                self._quantized = turn_id + 1
        # From here on nothing can fail: row writes, list appends and assignments.
        self._thread_index[turn_id] = thread_index
        self._lengths[turn_id] = len(entity_tuple)
        self.roles.append(role)
        self.contents.append(content)
        self.timestamps.append(timestamp)
        self.threads.append(thread)
        self.references.append(tuple(references))
        self.entities.append(entity_tuple)
        self.tool_calls.append(tuple(tool_calls))
        if tool_calls:
            self.turns_with_tool_calls.append(turn_id)
        self.speakers.append(speaker)
        self.features.append(features)
        self._pairs.append(turn_id, features.question, role, speaker)
        if features.enumeration:
            self.enumerations[turn_id] = features.enumeration
        if self._listed == turn_id:  # else the lists catch up when next read
            self._lists.add_turn(turn_id, entity_tuple)
            self._listed = turn_id + 1
        self._total_terms += len(entity_tuple)
        self._count = turn_id + 1
        return turn_id

    def add_tool_call(self, turn_id: int, entry_id: str) -> None:
        """Link a scratch-buffer entry to the turn that produced it (SPEC-028 §3.1)."""
        if not self.tool_calls[turn_id]:
            self.turns_with_tool_calls.append(turn_id)
        self.tool_calls[turn_id] = (*self.tool_calls[turn_id], entry_id)

    # ---- state ------------------------------------------------------------------------------

    def state(self, start: int = 0) -> dict[str, Any]:
        """Turns ``start`` onwards as plain columns (lists, and the embeddings and thread
        indexes as arrays), and the tool-call links of turn ``start - 1`` onwards: a tool
        output links to the latest turn, so the turn before ``start`` may have gained links
        since it was taken. ``restore`` takes it back."""
        if not 0 <= start <= self._count:
            raise InputError(f"start {start} outside [0, {self._count}]")
        end = self._count
        linked = max(start - 1, 0)
        return {
            "first_turn": start,
            "roles": self.roles[start:],
            "contents": self.contents[start:],
            "timestamps": self.timestamps[start:],
            "threads": self.threads[start:],
            "thread_index": self._thread_index[start:end].copy(),
            "references": [list(refs) for refs in self.references[start:]],
            "entities": [list(terms) for terms in self.entities[start:]],
            "speakers": self.speakers[start:],
            "enumerations": {
                turn: list(items) for turn, items in self.enumerations.items() if turn >= start
            },
            "embeddings": self._embeddings[start:end].copy(),
            "tool_calls": {
                turn: list(self.tool_calls[turn])
                for turn in self.turns_with_tool_calls
                if turn >= linked
            },
        }

    def restore(
        self, state: Mapping[str, Any], features: Callable[[str, str], TurnFeatures]
    ) -> None:
        """Append the turns of a ``state(start)`` taken when this log held ``start`` turns, and
        take its tool-call links. ``features(text, role)`` analyses a turn the first time a
        rule reads its features (a restored log does not analyse every turn up front). The
        contents, timestamps, references and entities may come as ``DeferredColumn``s (a
        load's segments): their runs are taken unbuilt, and only their given values are
        checked here (a run's maker guarantees its types).
        Raises ``InputError`` on a state that does not fit; the log may then hold part of it
        (restore into a new log, or discard this one)."""
        first = int(state["first_turn"])
        if first != self._count:
            raise InputError(f"turn log state starts at turn {first}, the log holds {self._count}")
        roles = list(state["roles"])
        count = len(roles)
        blocks = _embedding_blocks(state["embeddings"], self.dim)
        thread_index = np.asarray(state["thread_index"], dtype=np.int32)
        columns: dict[str, Any] = {name: _column(state[name], name) for name in _DEFERRABLE}
        columns["threads"], columns["speakers"] = list(state["threads"]), list(state["speakers"])
        rows = sum(block.shape[0] for block in blocks)
        if rows != count or thread_index.shape != (count,):
            raise InputError(
                f"turn log state: embeddings {(rows, self.dim)}, thread indexes "
                f"{thread_index.shape} for {count} turns of dimension {self.dim}"
            )
        for name, column in columns.items():
            if len(column) != count:
                raise InputError(f"turn log state: {len(column)} {name} for {count} turns")
        if not set(roles) <= set(ROLES):
            raise InputError(f"turn log state: roles {sorted(set(roles) - set(ROLES))}")
        _check_strings(columns, state["enumerations"])
        # Room for an eighth more turns: the first turns after a load append in place
        # instead of copying the whole log (pages never written are never touched).
        self.reserve(first + count + (first + count) // 8 + 1)
        end = first + count
        entities = columns["entities"]
        lengths = entities.lengths()
        row = first
        for block in blocks:  # each copied once, into place (float16 widened as it goes)
            self._embeddings[row : row + block.shape[0]] = block  # int8 copy: ``_quantize``
            row += block.shape[0]
        self._thread_index[first:end] = thread_index
        self._lengths[first:end] = lengths
        self.roles += roles
        for name in _DEFERRABLE:  # the log's column takes the runs, unbuilt
            mine, given = getattr(self, name), columns[name]
            if not isinstance(mine, DeferredColumn) and not given.pending:
                mine += list.__getitem__(given, slice(None))  # stays a plain list: C reads
                continue
            if not isinstance(mine, DeferredColumn):
                mine = DeferredColumn(mine)
                setattr(self, name, mine)
            mine.take(given)
        self.threads += columns["threads"]
        self.speakers += columns["speakers"]
        self.tool_calls += [()] * count
        if not isinstance(self.features, _DeferredFeatures):
            self.features = _DeferredFeatures(self.features, self)
        self.features.defer(count, features)
        for turn, items in state["enumerations"].items():
            if not first <= int(turn) < end:
                raise InputError(f"turn log state: an enumeration of turn {turn}")
            self.enumerations[int(turn)] = tuple(map(str, items))
        self._total_terms += int(lengths.sum())
        self._count = end
        self.set_tool_calls(state["tool_calls"])

    def set_tool_calls(self, links: Mapping[Any, Sequence[str]]) -> None:
        """Set the tool-call links of the turns in ``links`` (turn id -> scratch ids)."""
        for turn, calls in links.items():
            turn_id = int(turn)
            if not 0 <= turn_id < self._count:
                raise InputError(f"tool calls of turn {turn_id}, not in this log")
            had = bool(self.tool_calls[turn_id])
            self.tool_calls[turn_id] = tuple(map(str, calls))
            if not had and calls:
                self.turns_with_tool_calls.append(turn_id)
        self.turns_with_tool_calls.sort()


# The columns a state may give as ``DeferredColumn``s: a restored log keeps them so.
_DEFERRABLE = ("contents", "timestamps", "references", "entities")


def _column(value: Any, name: str) -> DeferredColumn[Any]:
    """A state's column as a ``DeferredColumn``: one given (a load's segments), its given
    values checked by ``_check_strings``, or a list of given values. References and
    entities given as lists (JSON) become tuples (``tuple`` of a tuple is the tuple
    itself)."""
    column: DeferredColumn[Any]
    if isinstance(value, DeferredColumn):
        column = value
    else:
        column = DeferredColumn()
        column.extend_given(list(value))
    if name in ("references", "entities"):
        try:
            column.map_given(tuple)
        except TypeError:
            raise InputError(f"turn log state: {name} of a turn that are not a list") from None
    return column


def _embedding_blocks(value: Any, dim: int) -> list[npt.NDArray[Any]]:
    """A state's embeddings as blocks of rows in turn order: one array (``state`` gives
    one), or a list of 2-D float arrays (a load gives its segments' rows as views of the
    stored bytes, float32 or float16, so the log's copy is the only one). Raises
    ``InputError`` when a block is not ``rows x dim`` floats."""
    if isinstance(value, list) and all(
        isinstance(block, np.ndarray) and block.ndim == 2 for block in value
    ):
        blocks = value
    else:
        blocks = [np.asarray(value, dtype=np.float32)]
    for block in blocks:
        if block.ndim != 2 or block.shape[1] != dim or block.dtype.kind != "f":
            raise InputError(
                f"turn log state: embeddings {block.shape} ({block.dtype}) of dimension {dim}"
            )
    return blocks


def _check_strings(columns: Mapping[str, Any], enumerations: Mapping[Any, Any]) -> None:
    """Every given text field a string (a speaker may be None), every reference an int (the
    types are gathered in C: this runs over every given turn of a restored log; a deferred
    run's maker guarantees its types)."""
    for name in ("contents", "timestamps"):
        if not set(map(type, columns[name].given())) <= {str}:
            raise InputError(f"turn log state: a {name[:-1]} that is not a string")
    if not set(map(type, columns["threads"])) <= {str}:
        raise InputError("turn log state: a thread that is not a string")
    if not set(map(type, columns["speakers"])) <= {str, type(None)}:
        raise InputError("turn log state: a speaker that is not a string or None")
    words = itertools.chain(*enumerations.values(), *columns["entities"].given())
    if not set(map(type, words)) <= {str}:
        raise InputError("turn log state: an entity or enumeration item that is not a string")
    references = itertools.chain.from_iterable(columns["references"].given())
    if not set(map(type, references)) <= {int}:
        raise InputError("turn log state: a reference that is not a turn id")


class _DeferredFeatures(list["TurnFeatures"]):
    """The features column of a restored log: a restored turn is analysed the first time a
    rule reads its features (rules read the latest few turns), not on load. Turns appended
    live carry theirs."""

    def __init__(self, done: Sequence[TurnFeatures], log: TurnLog) -> None:
        super().__init__(done)
        self._log = log  # its columns, read when a turn is analysed (a restore may swap them)
        self._analyse: Callable[[str, str], TurnFeatures] | None = None

    def defer(self, count: int, analyse: Callable[[str, str], TurnFeatures]) -> None:
        """``count`` more turns, analysed with ``analyse`` when first read."""
        self._analyse = analyse
        self.extend([None] * count)  # type: ignore[list-item]

    def _at(self, turn_id: int) -> TurnFeatures:
        found = list.__getitem__(self, turn_id)
        if found is None and self._analyse is not None:
            found = self._analyse(self._log.contents[turn_id], self._log.roles[turn_id])
            list.__setitem__(self, turn_id, found)
            self._log.read_question(turn_id, found.question)  # Tier C's pairing reads it
        return found

    @overload
    def __getitem__(self, index: SupportsIndex) -> TurnFeatures: ...

    @overload
    def __getitem__(self, index: slice) -> list[TurnFeatures]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> TurnFeatures | list[TurnFeatures]:
        if isinstance(index, slice):
            return [self._at(turn_id) for turn_id in range(*index.indices(len(self)))]
        found = list.__getitem__(self, index)
        if found is not None:
            return found  # analysed already (most reads): no second lookup
        turn_id = index.__index__()
        return self._at(turn_id + len(self) if turn_id < 0 else turn_id)

    def __iter__(self) -> Iterator[TurnFeatures]:
        return (self._at(turn_id) for turn_id in range(len(self)))
