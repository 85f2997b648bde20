"""``TurnPlan``: everything one user turn will change, as ``Session.plan`` makes it and
``Session.commit`` applies it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._slots import slot_setters

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .assembly.envelope import Envelope
    from .dialogue.features import TurnFeatures
    from .dialogue.intent import Intent
    from .dialogue.resolution import Resolution
    from .dialogue.threads import ThreadPlan
    from .dialogue.threadstate import ThreadState

__all__ = ["TurnPlan"]


@dataclass(frozen=True, slots=True, init=False)
class TurnPlan:
    """Everything one user turn will change, computed before anything changes. ``commit``
    applies it; it is valid only for the session state it was planned on."""

    text: str
    embedding: npt.NDArray[np.float32]
    timestamp: str
    speaker: str | None
    features: TurnFeatures
    resolution: Resolution
    intent: Intent
    thread: ThreadPlan
    thread_state: ThreadState
    envelope: Envelope
    turn_id: int  # the id the turn gets when committed
    lineage: str  # which incarnation of the session it was planned on

    def __init__(
        self,
        text: str,
        embedding: npt.NDArray[np.float32],
        timestamp: str,
        speaker: str | None,
        features: TurnFeatures,
        resolution: Resolution,
        intent: Intent,
        thread: ThreadPlan,
        thread_state: ThreadState,
        envelope: Envelope,
        turn_id: int,
        lineage: str,
    ) -> None:
        # Each field through its slot (see ``multihorizon._slots``): one plan a turn.
        setters = _TURN_PLAN
        setters[0](self, text)
        setters[1](self, embedding)
        setters[2](self, timestamp)
        setters[3](self, speaker)
        setters[4](self, features)
        setters[5](self, resolution)
        setters[6](self, intent)
        setters[7](self, thread)
        setters[8](self, thread_state)
        setters[9](self, envelope)
        setters[10](self, turn_id)
        setters[11](self, lineage)


_TURN_PLAN = slot_setters(TurnPlan)
