"""The Scratch Buffer, Tier E's store (SPEC-028 §2.1; SPEC-029): recent tool output.

A minimal interface for now: entries in arrival order, each with a kind ("query", "api",
"command", ...), the turn that produced it, and its content; ``most_recent(kind)`` answers a
tool reference (SPEC-028 §4.2). Freshness gating, summaries, pinning and eviction come with
Tier E.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["ScratchBuffer", "ScratchEntry"]


@dataclass(frozen=True, slots=True)
class ScratchEntry:
    """One tool output."""

    entry_id: str
    kind: str
    tool: str
    content: str
    turn_id: int

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 40 else self.content[:37] + "..."
        return (
            f"ScratchEntry({self.entry_id!r}, {self.kind}/{self.tool}, "
            f"turn {self.turn_id}, {text!r})"
        )


# Words in a tool reference that name a kind of output, and the kind they mean.
KIND_WORDS = {
    "query": "query", "sql": "query", "search": "search", "api": "api", "request": "api",
    "response": "api", "command": "command", "shell": "command", "log": "log", "logs": "log",
    "error": "error", "traceback": "error", "trace": "error", "file": "file", "table": "query",
    "test": "test", "tests": "test", "build": "command",
}  # fmt: skip


class ScratchBuffer:
    """Tool outputs of one session, newest last."""

    def __init__(self) -> None:
        self._entries: list[ScratchEntry] = []

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[ScratchEntry]:
        return iter(self._entries)

    def add(
        self, *, tool: str, content: str, turn_id: int, kind: str | None = None
    ) -> ScratchEntry:
        entry = ScratchEntry(
            entry_id=f"scratch-{len(self._entries)}",
            kind=kind or tool_kind(tool),
            tool=tool,
            content=content,
            turn_id=turn_id,
        )
        self._entries.append(entry)
        return entry

    def most_recent(self, kind: str | None = None) -> ScratchEntry | None:
        """The newest entry of this kind; the newest of any kind when ``kind`` is None or no
        entry of that kind exists."""
        if kind is not None:
            for entry in reversed(self._entries):
                if entry.kind == kind:
                    return entry
        return self._entries[-1] if self._entries else None


def tool_kind(name: str) -> str:
    """The kind of a tool or of a phrase naming its output: "run_sql" -> "query"."""
    for word in name.casefold().replace("-", "_").replace(" ", "_").split("_"):
        if word in KIND_WORDS:
            return KIND_WORDS[word]
    return "other"
