"""Tier P's records (SPEC-009 §2): a fact, its status, a scored candidate, and the checks a
fact passes before it enters a store."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, MultihorizonError

__all__ = [
    "MAX_FACT_CHARS",
    "Fact",
    "FactStatus",
    "KnowledgeError",
    "ScoredFact",
    "fact_from_record",
    "fact_record",
    "now",
    "prepare_fact",
    "retrievable",
]

MAX_FACT_CHARS = 100_000


class KnowledgeError(MultihorizonError, ValueError):
    """A fact id is unknown or taken, or a saved store is corrupt or does not match."""


class FactStatus(enum.StrEnum):
    """SPEC-009 §2."""

    ACTIVE = "ACTIVE"
    STALE = "STALE"
    DELETED = "DELETED"
    QUARANTINED = "QUARANTINED"


def now() -> float:
    """POSIX seconds (UTC), the clock of ``ingested_at``/``modified_at``."""
    return _dt.datetime.now(_dt.UTC).timestamp()


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact (SPEC-009 §2: the fields retrieval needs). Times are POSIX seconds (UTC);
    ``ttl`` in seconds, None for facts that do not age (user-provided, SPEC-027 §3.5)."""

    fact_id: str
    content: str
    source_id: str = ""
    importance_weight: float = 0.60  # SPEC-009 §4.4: user-provided
    ttl: float | None = None
    status: FactStatus = FactStatus.ACTIVE
    ingested_at: float | None = None
    modified_at: float | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    content_hash: str = ""

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 50 else self.content[:47] + "..."
        return f"Fact({self.fact_id!r}, {self.status}, {text!r})"


@dataclass(frozen=True, slots=True)
class ScoredFact:
    """A Tier P candidate with its CDR factors."""

    fact: Fact
    relevance: float
    novelty: float
    recency: float
    score: float


def retrievable(status: FactStatus) -> int:
    """1 for ACTIVE and STALE facts, 0 for DELETED and QUARANTINED (SPEC-009 §8)."""
    return int(status in (FactStatus.ACTIVE, FactStatus.STALE))


def prepare_fact(fact: Any, moment: float, old: Fact | None = None) -> Fact:
    """``fact`` checked (``InputError`` naming the field) and completed: status as an enum,
    times filled in, metadata copied, the content's SHA-256."""
    if not isinstance(fact, Fact):
        raise InputError(f"expected a Fact, got {type(fact).__name__}")
    if not isinstance(fact.fact_id, str) or not fact.fact_id.strip():
        raise InputError("fact_id: expected a non-empty str")
    if not isinstance(fact.content, str) or not fact.content.strip():
        raise InputError(f"fact {fact.fact_id!r}: content must be a non-empty str")
    if len(fact.content) > MAX_FACT_CHARS:
        raise InputError(
            f"fact {fact.fact_id!r}: content has {len(fact.content)} characters, "
            f"more than {MAX_FACT_CHARS}"
        )
    weight = fact.importance_weight
    if not isinstance(weight, (int, float)) or not 0.0 <= float(weight) <= 1.0:
        raise InputError(f"fact {fact.fact_id!r}: importance_weight must be in [0, 1]")
    if fact.ttl is not None and not (
        isinstance(fact.ttl, (int, float)) and math.isfinite(fact.ttl) and fact.ttl > 0
    ):
        raise InputError(f"fact {fact.fact_id!r}: ttl must be a number of seconds > 0")
    try:
        status = FactStatus(fact.status)
    except ValueError:
        raise InputError(f"fact {fact.fact_id!r}: unknown status {fact.status!r}") from None
    metadata = dict(fact.metadata)
    if metadata:  # (most facts carry none: the JSON check was a tenth of a bulk ingest)
        try:
            json.dumps(metadata)
        except (TypeError, ValueError) as exc:
            raise InputError(f"fact {fact.fact_id!r}: metadata is not JSON ({exc})") from None
    ingested = old.ingested_at if old is not None else (fact.ingested_at or moment)
    # A new Fact field by field, not dataclasses.replace (which re-reads the fields each call).
    return Fact(
        fact_id=fact.fact_id,
        content=fact.content,
        source_id=fact.source_id,
        importance_weight=float(weight),
        ttl=fact.ttl,
        status=status,
        ingested_at=ingested,
        modified_at=fact.modified_at if fact.modified_at is not None else ingested,
        metadata=metadata,
        content_hash=hashlib.sha256(fact.content.encode("utf-8", "surrogatepass")).hexdigest(),
    )


def fact_record(fact: Fact) -> dict[str, Any]:
    """A fact as JSON-ready fields (the saved form)."""
    record = dataclasses.asdict(fact)
    record["status"] = str(fact.status)
    record["metadata"] = dict(fact.metadata)
    return record


def fact_from_record(record: Mapping[str, Any]) -> Fact:
    try:
        return Fact(**{**record, "status": FactStatus(record["status"])})
    except (TypeError, ValueError, KeyError) as exc:
        raise KnowledgeError(f"facts.json: bad fact record ({exc})") from None
