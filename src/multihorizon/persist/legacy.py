"""Format 1, the first release's snapshot: one blob with the whole state, thread arrays
included. Read and turned into a ``Session.state`` (the thread arrays are rebuilt from the
turns, as for every format); the next save writes the current format."""

from __future__ import annotations

import hashlib
import io
import json
import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from ..config import Config
from ..embed import Embedder, reload_hint, stored_embedder
from ..errors import EmbeddingError, InputError, SnapshotError
from ..session import Session
from ..text.tokens import current_term
from ..tiers.knowledge import CoverageSet
from ..tiers.scratch import ScratchEntry

__all__ = ["restore_v1"]

_HEADER_V1 = struct.Struct(">4sH32sQ")  # magic, version, sha256(payload), json length
_MALFORMED = (KeyError, ValueError, TypeError, IndexError, AttributeError, OverflowError,
              RecursionError, MemoryError, InputError, EmbeddingError)  # fmt: skip


def restore_v1(
    blob: bytes,
    *,
    embedder: Embedder | None,
    config: Config | None,
    entry_from: Callable[[dict[str, Any]], ScratchEntry],
) -> tuple[Session, CoverageSet]:
    """A session and its coverage set from a format-1 blob; ``entry_from`` reads a stored
    scratch entry."""
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
            embedder=stored_embedder(embedder, document.get("model_id")),
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
        session.restore(_state_v1(session, document, arrays, entry_from))
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


def _state_v1(
    session: Session,
    document: dict[str, Any],
    arrays: dict[str, Any],
    entry_from: Callable[[dict[str, Any]], ScratchEntry],
) -> dict[str, Any]:
    turns = document["turns"]
    count = len(turns["roles"])
    embeddings = arrays["embeddings"].astype(np.float32)
    if embeddings.shape != (count, session.dim):
        raise ValueError(f"embeddings shape {embeddings.shape} for {count} turns")
    entities = [[current_term(term) for term in terms] for terms in turns["entities"]]
    speakers = list(turns["speakers"])
    if len(entities) != count or len(speakers) != count:
        raise ValueError("turn columns disagree on the turn count")
    turn_terms = []
    for terms, speaker in zip(entities, speakers, strict=True):
        # Format 1 kept no per-turn thread words: they are the entities less the speaker's
        # name that the session appends (a name that was also the last content word is lost
        # from the thread's vocabulary).
        appended = speaker is not None and terms[-1:] == [speaker.casefold()]
        turn_terms.append(terms[:-1] if appended else terms)
    stored = document["threads"]
    return {
        "session_id": document["session_id"],
        "model_id": document["model_id"],
        "dim": document["dim"],
        "lineage": session.lineage,
        "closed": document["closed"],
        "first_turn": 0,
        "turn_count": count,
        "thread_count": len(stored["names"]),
        "log": {
            "first_turn": 0,
            "roles": list(turns["roles"]),
            "contents": list(turns["contents"]),
            "timestamps": list(turns["timestamps"]),
            "threads": list(turns["threads"]),
            "thread_index": np.asarray(arrays["thread_index"], np.int32)[:count],
            "references": [list(refs) for refs in turns["references"]],
            "entities": entities,
            "speakers": speakers,
            "enumerations": {int(i): list(v) for i, v in document["enumerations"].items()},
            "embeddings": embeddings,
            "tool_calls": {i: list(t) for i, t in enumerate(turns["tool_calls"]) if t},
        },
        "threads": {"first_turn": 0, "active": stored["active"], "turn_terms": turn_terms},
        "states": {int(i): record for i, record in document["states"].items()},
        "speakers": document,
        "scratch": {
            "serial": document["scratch"]["serial"],
            "full": document["scratch"].get("full", False),
            "entries": [entry_from(record) for record in document["scratch"]["entries"]],
        },
    }
