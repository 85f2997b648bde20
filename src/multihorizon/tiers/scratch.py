"""The Scratch Buffer, Tier E's store (SPEC-028 §2.1; SPEC-029): recent tool output.

Each entry carries every SPEC-029 §2.1 field: ``scratch_id``, ``tool_name``,
``tool_call_args``, ``raw_output``, ``raw_token_count``, ``summary``, ``structured``,
``created_at``, ``freshness_ttl``, ``persistence`` (EPHEMERAL or PINNED), ``referenced_by``
and ``provenance_hash`` (SHA-256 of the raw output), plus its volatility class, output type
and the turn that produced it.

- Summaries (SPEC-029 §3, ``multihorizon.tiers.summaries``) are deterministic, by output type
  (table, JSON, list, scalar, text, error), at most ``SUMMARY_TOKENS`` tokens, read from a
  bounded prefix of large outputs.
- Freshness (§4): REALTIME 30 s, VOLATILE 5 min, STABLE 1 h, STATIC for the session. A stale
  entry is re-invoked (a caller's callback), marked with a warning, or excluded.
- Persistence (§5, §11): pinned on request ("keep", "save", "remember") or on its second
  reference; over the size budget the least recently used unreferenced, stale, ephemeral
  entries go first.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import hashlib
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..inputs import checked_counter
from .summaries import (
    PREFIX_CHARS,
    SUMMARY_TOKENS,
    OutputType,
    as_text,
    estimate_tokens,
    is_small,
    json_copy,
    summarise,
)

__all__ = [
    "SUMMARY_TOKENS",
    "OutputType",
    "Persistence",
    "ScratchBuffer",
    "ScratchEntry",
    "Volatility",
    "estimate_tokens",
    "summarise",
]

MAX_OUTPUT_CHARS = 200_000_000


class Volatility(enum.StrEnum):
    """SPEC-029 §4 volatility classes and their freshness TTLs (seconds; STATIC: none)."""

    REALTIME = "REALTIME"
    VOLATILE = "VOLATILE"
    STABLE = "STABLE"
    STATIC = "STATIC"

    @property
    def ttl(self) -> float | None:
        return _TTL[self]


_TTL: Mapping[Volatility, float | None] = {
    Volatility.REALTIME: 30.0,
    Volatility.VOLATILE: 300.0,
    Volatility.STABLE: 3600.0,
    Volatility.STATIC: None,
}


class Persistence(enum.StrEnum):
    EPHEMERAL = "EPHEMERAL"
    PINNED = "PINNED"


@dataclass(frozen=True, slots=True)
class ScratchEntry:
    """One tool output (SPEC-029 §2.1). Frozen: the buffer replaces an entry to change it."""

    scratch_id: str
    tool_name: str
    kind: str
    raw_output: str
    summary: str
    output_type: OutputType
    turn_id: int
    created_at: float
    volatility: Volatility = Volatility.VOLATILE
    tool_call_args: Mapping[str, Any] = field(default_factory=dict)
    structured: Any = None
    raw_token_count: int = 0
    persistence: Persistence = Persistence.EPHEMERAL
    referenced_by: tuple[int, ...] = ()
    provenance_hash: str = ""
    last_used: float = 0.0
    # A caller's own freshness TTL in seconds (SPEC-029 §2.1 ``freshness_ttl`` is per entry);
    # None: the volatility class's TTL (§4).
    ttl: float | None = None

    @property
    def entry_id(self) -> str:
        return self.scratch_id

    @property
    def tool(self) -> str:
        return self.tool_name

    @property
    def content(self) -> str:
        return self.raw_output

    @property
    def freshness_ttl(self) -> float | None:
        """Seconds (None: for the session): the entry's own ``ttl``, else its volatility
        class's."""
        return self.ttl if self.ttl is not None else self.volatility.ttl

    def age(self, now: float | None = None) -> float:
        return max(0.0, (_now() if now is None else now) - self.created_at)

    def is_fresh(self, now: float | None = None) -> bool:
        ttl = self.freshness_ttl
        return ttl is None or self.age(now) < ttl

    def __repr__(self) -> str:
        text = self.raw_output if len(self.raw_output) <= 40 else self.raw_output[:37] + "..."
        return (
            f"ScratchEntry({self.scratch_id!r}, {self.kind}/{self.tool_name}, "
            f"{self.output_type}, turn {self.turn_id}, {self.persistence}, {text!r})"
        )


# Words in a tool reference that name a kind of output, and the kind they mean.
KIND_WORDS = {
    "query": "query", "sql": "query", "search": "search", "api": "api", "request": "api",
    "response": "api", "command": "command", "shell": "command", "log": "log", "logs": "log",
    "error": "error", "traceback": "error", "trace": "error", "file": "file", "table": "query",
    "test": "test", "tests": "test", "build": "command", "calc": "calculation",
    "calculation": "calculation", "calculator": "calculation", "http": "api", "fetch": "api",
}  # fmt: skip

# The output types a reference's kind accepts when no entry has the kind itself (SPEC-029
# §7: "the query result" -> latest tabular entry, "the error" -> latest error entry).
_KIND_TYPES = {
    "query": (OutputType.TABLE,),
    "error": (OutputType.ERROR,),
    "calculation": (OutputType.SCALAR,),
    "api": (OutputType.JSON,),
    "rows": (OutputType.TABLE, OutputType.LIST),
}


def _now() -> float:
    return _dt.datetime.now(_dt.UTC).timestamp()


StalePolicy = str  # "reinvoke" | "warn" | "exclude"
Reinvoke = Callable[["ScratchEntry"], Any]


class ScratchBuffer:
    """Tool outputs of one session, oldest first."""

    def __init__(
        self,
        *,
        max_entries: int = 64,
        max_tokens: int = 200_000,
        token_counter: Callable[[str], int] = estimate_tokens,
        clock: Callable[[], float] = _now,
    ) -> None:
        if max_entries < 1 or max_tokens < 1:
            raise InputError("scratch buffer: max_entries and max_tokens must be >= 1")
        self._entries: dict[str, ScratchEntry] = {}
        self._serial = 0
        self.max_entries = max_entries
        self.max_tokens = max_tokens
        self.count_tokens = (
            token_counter if token_counter is estimate_tokens else checked_counter(token_counter)
        )
        self.clock = clock
        self.full = False  # everything left is pinned or in use, and still over budget
        # Called after a change that may change which entry is the newest, or whether there
        # is one, except ``restore`` (the session publishes what its lock-free ``classify``
        # reads from that).
        self.on_change: Callable[[], None] | None = None

    def __len__(self) -> int:
        return len(self._entries)

    def state(self) -> dict[str, Any]:
        """What ``restore`` needs: the id serial, the full flag and the entries, oldest first
        (entries are immutable: the buffer replaces one to change it)."""
        return {"serial": self._serial, "full": self.full, "entries": list(self._entries.values())}

    def restore(self, serial: int, entries: Iterable[ScratchEntry], *, full: bool) -> None:
        """Take a stored state; raises ``InputError`` (changing nothing) if it does not fit."""
        kept = list(entries)
        if isinstance(serial, bool) or not isinstance(serial, int) or serial < 0:
            raise InputError(f"scratch state: serial must be an int >= 0, got {serial!r}")
        if not all(isinstance(entry, ScratchEntry) for entry in kept):
            raise InputError("scratch state: entries must be ScratchEntry records")
        self._serial, self.full = serial, bool(full)
        self._entries = {entry.scratch_id: entry for entry in kept}  # the owner republishes

    def __iter__(self) -> Iterator[ScratchEntry]:
        return iter(list(self._entries.values()))

    def __contains__(self, scratch_id: object) -> bool:
        return scratch_id in self._entries

    def get(self, scratch_id: str) -> ScratchEntry:
        try:
            return self._entries[scratch_id]
        except KeyError:
            raise InputError(f"no scratch entry {scratch_id!r}") from None

    @property
    def pinned(self) -> int:
        return sum(1 for e in self._entries.values() if e.persistence is Persistence.PINNED)

    def prepare(
        self,
        *,
        tool: str,
        output: Any,
        turn_id: int,
        kind: str | None = None,
        args: Mapping[str, Any] | None = None,
        volatility: str | Volatility = Volatility.VOLATILE,
        scratch_id: str | None = None,
        ttl: float | None = None,
    ) -> ScratchEntry:
        """Build an entry without storing it (validation and the summary happen here).

        ``scratch_id``: the caller's id (an entry stored under an id already here replaces
        it); by default ``scratch_<kind>_<serial>``. ``ttl``: the entry's own freshness TTL in
        seconds, overriding the volatility class's.
        """
        if scratch_id is not None and (not isinstance(scratch_id, str) or not scratch_id):
            raise InputError(f"scratch_id: expected a non-empty str, got {scratch_id!r}")
        ttl = _check_ttl(ttl)
        try:
            volatility = Volatility(str(volatility).upper())
        except ValueError:
            raise InputError(
                f"volatility: expected one of {', '.join(Volatility)}, got {volatility!r}"
            ) from None
        try:
            # A JSON copy, as a stored entry holds it: the entry stays what it was at the
            # call, whatever the caller later does to its own dict (an entry never changes
            # in place, which the session store relies on).
            arguments = json_copy(dict(args or {}))
        except (TypeError, ValueError) as exc:
            raise InputError(f"args: not serialisable ({exc})") from None
        raw, structured = as_text(output)
        if len(raw) > MAX_OUTPUT_CHARS:
            raise InputError(f"output: {len(raw)} characters, more than {MAX_OUTPUT_CHARS}")
        output_type, summary = summarise(raw, structured, self.count_tokens)
        moment = self.clock()
        return ScratchEntry(
            scratch_id=scratch_id if scratch_id is not None else self._next_id(tool),
            tool_name=tool,
            kind=kind or tool_kind(tool),
            raw_output=raw,
            summary=summary,
            output_type=output_type,
            turn_id=turn_id,
            created_at=moment,
            volatility=volatility,
            tool_call_args=arguments,
            structured=json_copy(structured) if is_small(structured) else None,
            raw_token_count=self.count_tokens(raw) if len(raw) < PREFIX_CHARS else len(raw) // 4,
            provenance_hash=hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest(),
            last_used=moment,
            ttl=ttl,
        )

    def _next_id(self, tool: str) -> str:
        # A caller may have taken the next serial's id for an entry of its own.
        serial = self._serial + 1
        while (candidate := f"scratch_{tool_kind(tool)}_{serial:03d}") in self._entries:
            serial += 1
        return candidate

    def commit(self, entry: ScratchEntry) -> ScratchEntry:
        """Store a prepared entry (cannot fail), then evict over the budget."""
        self._serial += 1
        self._entries[entry.scratch_id] = entry
        self._evict(keep=entry.scratch_id)
        self._changed()
        return entry

    def add(self, **kwargs: Any) -> ScratchEntry:
        return self.commit(self.prepare(**kwargs))

    def most_recent(self, kind: str | None = None) -> ScratchEntry | None:
        """The newest entry of this kind (or, failing that, of the output type the kind
        implies); the newest of any kind when ``kind`` is None or nothing matches."""
        if kind is None:  # the newest, without copying the entries
            return next(reversed(self._entries.values()), None)
        entries = list(self._entries.values())
        for entry in reversed(entries):
            if entry.kind == kind:
                return entry
        types = _KIND_TYPES.get(kind, ())
        for entry in reversed(entries):
            if entry.output_type in types:
                return entry
        return entries[-1] if entries else None

    def mark_referenced(self, scratch_id: str, turn_id: int, *, pin: bool = False) -> None:
        """Record that a turn used an entry (``referenced_by``); the second reference, or a
        request to keep it, pins it (SPEC-029 §5)."""
        entry = self._entries.get(scratch_id)
        if entry is None:
            return
        referenced = entry.referenced_by
        if turn_id not in referenced:
            referenced = (*referenced, turn_id)
        persistence = (
            Persistence.PINNED
            if pin or len(referenced) >= 2 or entry.persistence is Persistence.PINNED
            else Persistence.EPHEMERAL
        )
        self._entries[scratch_id] = dataclasses.replace(
            entry, referenced_by=referenced, persistence=persistence, last_used=self.clock()
        )

    def pin(self, scratch_id: str) -> ScratchEntry:
        entry = self.get(scratch_id)
        pinned = dataclasses.replace(entry, persistence=Persistence.PINNED)
        self._entries[scratch_id] = pinned
        return pinned

    def discard(self, scratch_id: str) -> ScratchEntry:
        """Remove one entry, whatever its state, and return it (``InputError`` if absent)."""
        entry = self.get(scratch_id)
        del self._entries[scratch_id]
        self.full = self.full and self._over_budget()
        self._changed()
        return entry

    def purge_stale(self, now: float | None = None) -> list[ScratchEntry]:
        """Remove every entry SPEC-029 §5 lets go: ephemeral, referenced by no turn, and
        stale. Pinned and referenced entries stay, stale or not. Returns what was removed,
        oldest first."""
        moment = self.clock() if now is None else now
        gone = [
            entry
            for entry in self._entries.values()
            if entry.persistence is Persistence.EPHEMERAL
            and not entry.referenced_by
            and not entry.is_fresh(moment)
        ]
        for entry in gone:
            del self._entries[entry.scratch_id]
        self.full = self.full and self._over_budget()
        if gone:
            self._changed()
        return gone

    def refresh(self, scratch_id: str, reinvoke: Reinvoke) -> ScratchEntry:
        """Re-run a stale entry's tool (``reinvoke(entry)`` returns the new output) and store
        the result under the same id, fresh. If the callback raises, the entry is unchanged
        and the error propagates."""
        fresh = self.reinvoked(scratch_id, reinvoke)
        self._entries[scratch_id] = fresh
        return fresh

    def replace(self, entry: ScratchEntry) -> None:
        """Store a ``reinvoked`` entry in place of the stale one (if that is still here)."""
        if entry.scratch_id in self._entries:
            self._entries[entry.scratch_id] = entry

    def reinvoked(self, scratch_id: str, reinvoke: Reinvoke) -> ScratchEntry:
        """The fresh entry a re-run of the tool gives, not stored (``refresh`` stores it)."""
        entry = self.get(scratch_id)
        output = reinvoke(entry)
        fresh = self.prepare(
            tool=entry.tool_name,
            output=output,
            turn_id=entry.turn_id,
            kind=entry.kind,
            args=entry.tool_call_args,
            volatility=entry.volatility,
            scratch_id=scratch_id,
            ttl=entry.ttl,
        )
        return dataclasses.replace(
            fresh,
            scratch_id=scratch_id,
            referenced_by=entry.referenced_by,
            persistence=entry.persistence,
        )

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _over_budget(self) -> bool:
        tokens = sum(e.raw_token_count for e in self._entries.values())
        return len(self._entries) > self.max_entries or tokens > self.max_tokens

    def _evict(self, keep: str = "") -> None:
        """SPEC-029 §11: over the budget, drop the least recently used entries that are
        ephemeral, unreferenced and stale; then, if still over, ephemeral unreferenced ones."""
        now = self.clock()
        over = self._over_budget
        for require_stale in (True, False):
            if not over():
                break
            candidates = sorted(
                (
                    e
                    for e in self._entries.values()
                    if e.persistence is Persistence.EPHEMERAL
                    and not e.referenced_by
                    and e.scratch_id != keep  # never the entry just stored
                    and (not require_stale or not e.is_fresh(now))
                ),
                key=lambda e: e.last_used,
            )
            for entry in candidates:
                if not over():
                    break
                del self._entries[entry.scratch_id]
        self.full = over()


def _check_ttl(ttl: Any) -> float | None:
    if ttl is None:
        return None
    if isinstance(ttl, bool) or not isinstance(ttl, (int, float)):
        raise InputError(f"ttl: expected seconds as a number, got {type(ttl).__name__}")
    if not math.isfinite(ttl) or ttl < 0:
        raise InputError(f"ttl: expected finite seconds >= 0, got {ttl!r}")
    return float(ttl)


def tool_kind(name: str) -> str:
    """The kind of a tool or of a phrase naming its output: "run_sql" -> "query"."""
    for word in re.split(r"[_\s\-.:/]+", name.casefold()):
        if word in KIND_WORDS:
            return KIND_WORDS[word]
    return "other"
