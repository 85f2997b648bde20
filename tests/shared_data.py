"""Where the real conversations of ``../shared/data`` are (see that folder's README).

``MULTIHORIZON_DATA`` names the folder; otherwise the first ``shared/data`` found beside the
checkout or above it. Tests that need it skip with the reason when it is absent (a user's
fresh clone) and fail under ``CI=true``, where it must be present. ``log_turn`` logs a data
turn by its role, for every replay of tests, tools and benches. The tools read this module
without the test extras: pytest is imported only where a test skips.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from itertools import islice
from pathlib import Path
from typing import Any

from multihorizon import Embedder, Envelope, ScratchEntry, Session

_REPO = Path(__file__).resolve().parents[1]


def locate() -> Path | None:
    override = os.environ.get("MULTIHORIZON_DATA")
    if override:
        return Path(override) if Path(override).is_dir() else None
    for ancestor in _REPO.parents:
        candidate = ancestor / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return None


#: Why a test skips, or a tool stops, when ``locate()`` finds nothing.
MISSING_DATA = (
    f"real conversation data (shared/data) not found beside or above {_REPO}; "
    "set MULTIHORIZON_DATA to its folder"
)


def data_dir() -> Path:
    """The data folder, or skip (fail under CI=true) with the reason."""
    folder = locate()
    if folder is None:
        import pytest  # here: the tools read this module without the test extras

        message = MISSING_DATA
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI=true requires it)")
        pytest.skip(message)
    return folder


def log_turn(
    session: Session, turn: Mapping[str, Any], embedder: Embedder | None = None
) -> Envelope | ScratchEntry | None:
    """Log one data turn through the session's public calls, by its role: a user turn
    (returns its envelope), a reply, or a tool output (to the scratch buffer under its
    ``tool`` name, ``api`` when unnamed as in sgd, and its ``args``; returns the entry). The
    turn's ``speaker`` goes with it; with ``embedder`` its vector is given rather than made by
    the session. A turn without text is skipped (None): the replays that compare trees and
    backends all log the same turns this way."""
    text, speaker = turn["content"], turn.get("speaker")
    if not text.strip():
        return None
    if turn["role"] == "tool":
        args = turn.get("args")
        return session.tool_output(
            str(turn.get("tool") or "api"), text, args=args if isinstance(args, dict) else None
        )
    vector = None if embedder is None else embedder.embed([text])[0]
    if turn["role"] == "user":
        return session.user(text, embedding=vector, speaker=speaker)
    session.assistant(text, embedding=vector, speaker=speaker)
    return None


def first_conversations(counts: Mapping[str, int]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(file name, conversation) for the first ``counts[name]`` conversations of each file."""
    folder = data_dir()
    for name, count in counts.items():
        with (folder / name).open(encoding="utf-8") as handle:
            for line in islice(handle, count):
                yield name, json.loads(line)


# File -> conversations the whole-turn differential tests replay on every backend (session
# decisions, Tier C's stage): task dialogue, conversational search (long logs of questions),
# multi-party chat (threads, reply-to) and a long two-person chat (references); each
# conversation cut at ``DIFFERENTIAL_TURNS`` turns, few enough for the NumPy reference.
DIFFERENTIAL_FILES = {
    "sgd.jsonl": 2,
    "trec_cast_2019.jsonl": 2,
    "irc_disentanglement.jsonl": 1,
    "tiage.jsonl": 2,
    "locomo.jsonl": 1,
}
DIFFERENTIAL_TURNS = 80
