"""A session's state as plain data, and back (``Session.state``/``Session.restore``): what
``persist`` frames and stores. Kept apart from the turn path in ``session``."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from .dialogue import multiparty
from .dialogue.features import TurnFeatures
from .dialogue.threads import Threads
from .dialogue.threadstate import ThreadState
from .dialogue.turnlog import TurnLog
from .errors import EmbeddingError, InputError
from .tiers.scratch import ScratchBuffer

__all__ = ["SessionState"]


class SessionState:
    """The ``state``/``restore`` pair of ``Session`` (its base class: these read and set the
    session's own components)."""

    session_id: str
    model_id: str
    dim: int
    _log: TurnLog
    _threads: Threads
    _states: dict[int, ThreadState]
    _scratch: ScratchBuffer
    _speakers: multiparty.Speakers
    _lock: threading.RLock
    _closed: bool
    _lineage: str

    def _analyse(self, content: str, role: str) -> TurnFeatures:
        raise NotImplementedError  # Session's

    def state(self, since_turn: int = 0) -> dict[str, Any]:
        """The session's state as plain data (dicts, lists, numpy arrays), for ``restore``.
        With ``since_turn`` k > 0, only what turns k onwards changed: their turns, the thread
        states of the threads they joined, tool-call links from turn k - 1 on, and the parts
        that are small whatever the length (speakers, scratch buffer, flags). What a store
        that already holds the state up to turn k needs to catch up."""
        with self._lock:
            count = len(self._log)
            if isinstance(since_turn, bool) or not isinstance(since_turn, int):
                raise InputError(f"since_turn: expected an int, got {since_turn!r}")
            if not 0 <= since_turn <= count:
                raise InputError(f"since_turn: {since_turn} outside [0, {count}]")
            changed = (
                sorted(self._states)
                if since_turn == 0
                else sorted({int(i) for i in self._log.thread_index[since_turn:]})
            )
            return {
                "session_id": self.session_id,
                "model_id": self.model_id,
                "dim": self.dim,
                "lineage": self._lineage,
                "closed": self._closed,
                "first_turn": since_turn,
                "turn_count": count,
                "thread_count": len(self._threads),
                "log": self._log.state(since_turn),
                "threads": {
                    **self._threads.state(since_turn),
                    "sums": {index: self._threads.sum_of(index) for index in changed},
                },
                "states": {index: self._states[index].state() for index in changed},
                "speakers": self._speakers.state(),
                "scratch": self._scratch.state(),
            }

    @property
    def lineage(self) -> str:
        """Which incarnation of its id this session is (a new one each time it is created,
        kept by ``state``/``restore``)."""
        return self._lineage

    def restore(self, state: Mapping[str, Any]) -> None:
        """Take a ``state(k)`` of a session that held this one's k turns (k = 0: a new session
        takes a whole state): its turns are added without re-running them (the thread sums,
        centroids and vocabularies are rebuilt from them, and each turn's thread is checked
        to follow), and what they changed replaces what this session holds. Raises
        ``InputError`` (or ``EmbeddingError`` for another model) when the state does not
        fit; a whole state leaves the session unchanged then, a partial one may have been
        applied in part (discard the session)."""
        with self._lock:
            if state.get("model_id") != self.model_id or state.get("dim") != self.dim:
                raise EmbeddingError(
                    f"state of model {state.get('model_id')!r} (dim {state.get('dim')}), "
                    f"not {self.model_id!r} (dim {self.dim}) (SPEC-024 §2.5)"
                )
            first = int(state["first_turn"])
            if first != len(self._log):
                raise InputError(
                    f"state starts at turn {first}; this session holds {len(self._log)}"
                )
            if first == 0:  # build apart, then swap: a failure changes nothing
                log, threads = TurnLog(self.dim), Threads(self.dim)
                states, speakers = dict[int, ThreadState](), multiparty.Speakers()
                scratch = ScratchBuffer()
            else:
                log, threads, states = self._log, self._threads, self._states
                speakers, scratch = self._speakers, self._scratch
            self._restore_parts(state, log, threads, states, speakers, scratch)
            self._log, self._threads, self._states = log, threads, states
            self._speakers, self._scratch = speakers, scratch
            self._lineage = str(state["lineage"])
            self._closed = bool(state["closed"])

    def _restore_parts(
        self,
        state: Mapping[str, Any],
        log: TurnLog,
        threads: Threads,
        states: dict[int, ThreadState],
        speakers: multiparty.Speakers,
        scratch: ScratchBuffer,
    ) -> None:
        turns = state["log"]
        log.restore(turns, self._analyse)
        threads.restore(
            state["threads"],  # with the stored thread sums, when it has them
            threads=log.threads[int(turns["first_turn"]) :],
            thread_index=log.thread_index[int(turns["first_turn"]) :],
            embeddings=log.embeddings[int(turns["first_turn"]) :],
            rows=lambda: log.embeddings,  # a window gathered when first read: the log's rows
        )
        if len(log) != int(state["turn_count"]) or len(threads) != int(state["thread_count"]):
            raise InputError(
                f"state of {state['turn_count']} turns in {state['thread_count']} threads "
                f"gave {len(log)} turns in {len(threads)} threads"
            )
        indexes = [int(index) for index in state["states"]]
        if indexes and not 0 <= min(indexes) <= max(indexes) < len(threads):
            bad = next(index for index in indexes if not 0 <= index < len(threads))
            raise InputError(f"thread state of thread {bad}, of {len(threads)}")
        restored = ThreadState.restore_many(list(state["states"].values()))
        states.update(zip(indexes, restored, strict=True))
        if len(states) != len(threads):
            raise InputError(f"thread states of {len(states)} of {len(threads)} threads")
        speakers.restore(state["speakers"])
        scratch_state = state["scratch"]
        scratch.restore(
            int(scratch_state["serial"]), scratch_state["entries"], full=scratch_state["full"]
        )
