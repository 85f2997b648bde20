"""Drop-in for crprotocol's ``crp.state.scratch_buffer`` (6.2.5), backed by Tier E's
``multihorizon.tiers.scratch.ScratchBuffer`` (SPEC-029).

``from multihorizon.crp.scratch_buffer import *`` replaces
``from crp.state.scratch_buffer import *``: the same names, signatures and return types.
``store`` keeps the caller's id and TTL; summaries, structure, token counts, the SHA-256
provenance hash, pinning and eviction come from this library's scratch buffer. Where
crprotocol departs from SPEC-029 the spec wins (README, "crprotocol drop-in"):

- ``purge_expired`` keeps an entry a turn references (§5: evictable once unreferenced *and*
  stale), not only pinned ones;
- ``get_fresh`` returns None for a stale entry even when it is pinned (§4: pinning keeps an
  entry, it does not make it fresh; §5).

``ScratchBuffer(..., context=ctx)`` stores into the Tier E of a
``multihorizon.crp.horizons.MultiHorizonContext``: each output is linked to the latest turn
(``tool_calls``), "the query result" in a later turn resolves to it (TOOL_REFERENCE), and a
turn that uses it is recorded in its ``referenced_by`` (as ``TurnEntry`` ids).

The ``ScratchEntry`` objects in ``entries`` are crprotocol's mutable records: their
``created_at``, ``freshness_ttl`` and ``persistence`` decide freshness and purging, and an
entry put into ``entries`` directly joins the engine's buffer at the next call.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..tiers import scratch as _tier_e

if TYPE_CHECKING:
    from .horizons import MultiHorizonContext

__all__ = ["ScratchBuffer", "ScratchEntry", "ScratchPersistence"]

STRUCTURES = ("auto", "tabular", "json", "code", "text")


class ScratchPersistence(str, enum.Enum):  # noqa: UP042 - crprotocol's str mixin
    """How long a scratch entry lives (SPEC-029 §5)."""

    EPHEMERAL = "ephemeral"
    PINNED = "pinned"


def _sha256(text: str) -> str:
    # The core's provenance hash: SHA-256 of the raw output's UTF-8 bytes (SPEC-029 §2.1).
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class ScratchEntry:
    """One item in the Scratch Buffer (SPEC-029 §2.1)."""

    scratch_id: str
    tool_name: str
    tool_call_args: dict[str, Any] = field(default_factory=dict)
    raw_output: str = ""
    raw_token_count: int = 0
    summary: str = ""
    structured: Any = None
    created_at: float = field(default_factory=time.time)
    freshness_ttl: int = 30
    persistence: ScratchPersistence = ScratchPersistence.EPHEMERAL
    referenced_by: list[int] = field(default_factory=list)
    provenance_hash: str = ""

    def __post_init__(self) -> None:
        if not self.provenance_hash and self.raw_output:
            self.provenance_hash = _sha256(self.raw_output)

    @property
    def is_fresh(self) -> bool:
        """Whether the entry is younger than its ``freshness_ttl`` seconds (SPEC-029 §4)."""
        return time.time() - self.created_at < self.freshness_ttl


@dataclass
class ScratchBuffer:
    """Tier E store: tool outputs by id, with summaries, freshness and provenance (SPEC-029).

    ``context`` (keyword only): a ``MultiHorizonContext`` whose Tier E this buffer is.
    """

    session_id: str = ""
    entries: dict[str, ScratchEntry] = field(default_factory=dict)
    _: KW_ONLY
    context: MultiHorizonContext | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._core = (
            _tier_e.ScratchBuffer() if self.context is None else self.context.session.scratch
        )
        # The ids this view has seen in the engine's buffer: one of them gone from there was
        # evicted (SPEC-029 §11) and leaves the view; an id not among them is the caller's
        # new entry and joins the engine's buffer.
        self._known: set[str] = set()
        self.sync()
        if self.context is not None:
            self.context.attach(self)

    # ---- crprotocol's API ----------------------------------------------------------------

    def store(
        self,
        data: Any,
        entry_id: str,
        tool_name: str = "",
        freshness_ttl: int = 30,
        structure: str = "auto",
    ) -> str:
        """Store a tool output under ``entry_id`` (replacing one of that id) and return the id.

        ``data``: text (a JSON document in it is parsed into ``structured`` unless
        ``structure="text"``), or any JSON-able value (rows, an object, a number).
        ``freshness_ttl``: seconds until the entry is stale. ``structure``: "auto", "tabular",
        "json" (the text must be JSON), "code" or "text"; summaries follow SPEC-029 §3's
        output types whatever it says.
        """
        if not isinstance(entry_id, str) or not entry_id.strip():
            raise InputError(f"entry_id: expected a non-empty str, got {entry_id!r}")
        if not isinstance(tool_name, str):
            raise InputError(f"tool_name: expected str, got {type(tool_name).__name__}")
        if isinstance(freshness_ttl, bool) or not isinstance(freshness_ttl, (int, float)):
            raise InputError(f"freshness_ttl: expected seconds, got {freshness_ttl!r}")
        if not math.isfinite(freshness_ttl) or freshness_ttl < 0:
            raise InputError(f"freshness_ttl: expected seconds >= 0, got {freshness_ttl}")
        if structure not in STRUCTURES:
            raise InputError(
                f"structure: expected one of {', '.join(STRUCTURES)}, got {structure!r}"
            )
        parsed = _parsed(data, structure)
        output = data
        self.sync()
        before = set(self._core_ids())
        if self.context is not None:
            core = self.context.session.tool_output(
                tool_name or "tool", output, scratch_id=entry_id, ttl=freshness_ttl
            )
        else:
            core = self._core.add(
                tool=tool_name or "tool", output=output, turn_id=-1, scratch_id=entry_id,
                ttl=freshness_ttl,
            )  # fmt: skip
        # SPEC-029 §11: what the engine evicted to make room leaves the view too.
        for gone in before - set(self._core_ids()):
            self.entries.pop(gone, None)
            self._known.discard(gone)
        self._known.add(entry_id)
        # The entry's clock is crprotocol's (``time.time``, read at the call, as its
        # ``is_fresh`` reads it); the engine's copy is aligned to it.
        created = time.time()
        if core.created_at != created:
            core = dataclasses.replace(core, created_at=created)
            self._core.replace(core)
        structured = parsed if parsed is not None else core.structured
        self.entries[entry_id] = ScratchEntry(
            scratch_id=entry_id,
            tool_name=tool_name,
            tool_call_args=dict(core.tool_call_args),
            raw_output=core.raw_output,
            raw_token_count=core.raw_token_count,
            summary=f"[{tool_name}] {core.summary}",
            structured=structured,
            created_at=core.created_at,
            freshness_ttl=freshness_ttl,
            persistence=_persistence(core.persistence),
            referenced_by=[],
            provenance_hash=core.provenance_hash,
        )
        return entry_id

    def get_fresh(self, entry_id: str) -> ScratchEntry | None:
        """The entry if it exists and is fresh, else None. A pinned entry past its TTL is
        stale too (SPEC-029 §4, §5): pinning keeps it, ``entries`` still holds it."""
        self.sync()
        entry = self.entries.get(entry_id)
        return entry if entry is not None and entry.is_fresh else None

    def summarise(self, entry_id: str, max_tokens: int = 200) -> str:
        """The entry's deterministic summary (SPEC-029 §3) within ``max_tokens`` tokens (the
        engine's estimate, about four characters a token); "" for an unknown id."""
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
            raise InputError(f"max_tokens: expected an int >= 1, got {max_tokens!r}")
        entry = self.entries.get(entry_id)
        if entry is None:
            return ""
        count = self._core.count_tokens
        summary = entry.summary
        if count(summary) <= max_tokens:
            return summary
        cut = summary[: max(1, max_tokens * 4 - 3)]
        while cut and count(cut + "...") > max_tokens:
            cut = cut[: len(cut) - max(1, len(cut) // 8)]
        head = cut.rsplit(" ", 1)[0] if " " in cut else cut
        return head + "..."

    def get_provenance(self, entry_id: str) -> dict[str, Any]:
        """SPEC-029 §6 TOOL_GROUNDED provenance: tool, arguments, the SHA-256 of the raw
        output, freshness and timestamps; {} for an unknown id."""
        self.sync()
        entry = self.entries.get(entry_id)
        if entry is None:
            return {}
        return {
            "type": "TOOL_GROUNDED",
            "tool": entry.tool_name,
            "args": dict(entry.tool_call_args),
            "hash": entry.provenance_hash,
            "hash_algorithm": "sha256",
            "fresh": entry.is_fresh,
            "created_at": entry.created_at,
            "created_at_iso": _dt.datetime.fromtimestamp(entry.created_at, _dt.UTC).isoformat(),
            "freshness_ttl": entry.freshness_ttl,
            "persistence": entry.persistence.value,
            "referenced_by": list(entry.referenced_by),
            "scratch_id": entry.scratch_id,
        }

    def pin(self, entry_id: str) -> None:
        """Pin an entry: never purged or evicted (SPEC-029 §5). An unknown id is ignored."""
        self.sync()
        entry = self.entries.get(entry_id)
        if entry is None:
            return
        entry.persistence = ScratchPersistence.PINNED
        if entry_id in self._core:
            self._core.pin(entry_id)

    def purge_expired(self) -> int:
        """Remove the entries SPEC-029 §5 lets go: ephemeral, stale and referenced by no turn.
        Returns how many were removed."""
        self.sync()
        gone = [
            entry_id
            for entry_id, entry in self.entries.items()
            if entry.persistence is not ScratchPersistence.PINNED
            and not entry.referenced_by
            and not entry.is_fresh
        ]
        for entry_id in gone:
            del self.entries[entry_id]
            self._known.discard(entry_id)
            if entry_id in self._core:
                self._core.discard(entry_id)
        return len(gone)

    # ---- ours ------------------------------------------------------------------------------

    @property
    def token_counter(self) -> Callable[[str], int]:
        """The token count of the engine's buffer (``raw_token_count``, ``summarise``)."""
        return self._core.count_tokens

    # ---- internals -----------------------------------------------------------------------

    def _core_ids(self) -> list[str]:
        return [entry.scratch_id for entry in self._core]

    def sync(self) -> None:
        """Bring the view and the engine's buffer together: entries the caller added or
        changed go to the engine; references and pins the engine recorded (a turn that used
        an entry, SPEC-029 §5's second-reference pin) come back. Every method calls it, and
        a linked context after every turn."""
        core = self._core
        for entry_id in [i for i in self.entries if i in self._known and i not in core]:
            del self.entries[entry_id]
            self._known.discard(entry_id)
        for entry_id, entry in self.entries.items():
            if entry_id not in core:
                core.commit(_core_entry(core, entry))
                self._known.add(entry_id)
                continue
            held = core.get(entry_id)
            ttl = max(0.0, float(entry.freshness_ttl))
            if held.created_at != entry.created_at or held.ttl != ttl:
                core.replace(dataclasses.replace(held, created_at=entry.created_at, ttl=ttl))
            if entry.persistence is ScratchPersistence.PINNED:
                if held.persistence is not _tier_e.Persistence.PINNED:
                    core.pin(entry_id)
            elif held.persistence is _tier_e.Persistence.PINNED:
                entry.persistence = ScratchPersistence.PINNED
            for turn in held.referenced_by:
                turn_id = self._turn_entry_id(turn)
                if turn_id not in entry.referenced_by:
                    entry.referenced_by.append(turn_id)

    def _turn_entry_id(self, session_turn: int) -> int:
        if self.context is not None:
            return self.context.entry_of(session_turn).turn_id
        return session_turn + 1


def _persistence(value: _tier_e.Persistence) -> ScratchPersistence:
    return (
        ScratchPersistence.PINNED
        if value is _tier_e.Persistence.PINNED
        else ScratchPersistence.EPHEMERAL
    )


def _parsed(data: Any, structure: str) -> Any:
    """The structure of a JSON document given as text (None for anything else). The engine
    stores the text itself, so the provenance hash is the hash of what the tool returned."""
    if not isinstance(data, str):
        return None
    text = data.strip()
    if not text:
        raise InputError("data: empty output (only whitespace or nothing)")
    if structure in ("text", "code", "tabular") or (text[:1] not in "[{" and structure != "json"):
        return None
    try:
        return json.loads(text)
    except ValueError as exc:
        if structure == "json":
            raise InputError(f"data: structure='json' but not JSON ({exc})") from None
        return None


def _core_entry(core: _tier_e.ScratchBuffer, entry: ScratchEntry) -> _tier_e.ScratchEntry:
    """An entry a caller built (or put into ``entries``) as the engine's entry."""
    prepared = core.prepare(
        tool=entry.tool_name or "tool",
        output=entry.raw_output,
        turn_id=-1,
        args=dict(entry.tool_call_args),
        scratch_id=entry.scratch_id,
        ttl=max(0.0, float(entry.freshness_ttl)),
    )
    return dataclasses.replace(
        prepared,
        created_at=entry.created_at,
        persistence=(
            _tier_e.Persistence.PINNED
            if entry.persistence is ScratchPersistence.PINNED
            else _tier_e.Persistence.EPHEMERAL
        ),
        provenance_hash=entry.provenance_hash or prepared.provenance_hash,
    )
