"""What ``Threads.plan`` decides for one turn (``ThreadPlan``) and what ``Threads.prepare``
computes from it before anything is committed (``PreparedTurn``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._slots import slot_setters

__all__ = ["PreparedTurn", "ThreadPlan"]


@dataclass(slots=True, eq=False)  # not frozen: a frozen __init__ costs 4x (issue 14)
class PreparedTurn:
    """What one turn adds to its thread, computed before anything is committed."""

    plan: ThreadPlan
    row: npt.NDArray[np.float64]
    unit: npt.NDArray[np.float32]
    recent: npt.NDArray[np.float32]
    new_terms: frozenset[str]
    terms: tuple[str, ...]


@dataclass(frozen=True, slots=True, init=False)
class ThreadPlan:
    """Where one turn goes: an existing thread (``index``) or a new one (``index == count``)."""

    index: int
    name: str
    is_new: bool
    resumed: bool  # a dormant thread became active again (SPEC-028 §3.3 "RESUMED")
    # which rule decided: active, reply, reference, resume, vocabulary, answer, centroid, new
    rule: str

    def __init__(self, index: int, name: str, is_new: bool, resumed: bool, rule: str) -> None:
        # Each field through its slot (see ``multihorizon._slots``): a plan or two a turn.
        setters = _THREAD_PLAN
        setters[0](self, index)
        setters[1](self, name)
        setters[2](self, is_new)
        setters[3](self, resumed)
        setters[4](self, rule)


_THREAD_PLAN = slot_setters(ThreadPlan)
