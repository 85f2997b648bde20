"""The Turn Log's columns that Tier C's answer pairing reads (rule answers-follow-questions).

``kernels.retrieve_context`` pairs a retrieved question with its answer natively, so what it
reads of each turn is kept as arrays beside the log (capacity doubles with the log's):
whether the turn asks a question (``asks``: 1 or 0, or ``QUESTION_UNKNOWN`` for a restored
turn whose text no rule has read yet), its role (0 user, 1 assistant) and its speaker (one
integer per case-folded name, -1 when none is named). A live turn's entries are written when
it is appended; a restored log's roles and speakers are coded when Tier C first reads them,
and a restored turn's question flag when the pairing first needs it (``TurnLog.asks_question``
reads its features), so a load codes nothing up front.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .._context_py import QUESTION_UNKNOWN

__all__ = ["PairColumns"]

_ROLE_CODES = {"user": 0, "assistant": 1}


class PairColumns:
    """Per turn: question flag, role code and speaker code, as growable arrays."""

    def __init__(self, capacity: int) -> None:
        self._asks = np.full(capacity, QUESTION_UNKNOWN, dtype=np.uint8)
        self._roles = np.zeros(capacity, dtype=np.uint8)
        self._speakers = np.full(capacity, -1, dtype=np.int32)
        self._coded = 0  # the turns whose role and speaker are coded
        self._speaker_codes: dict[str, int] = {}

    def grow(self, capacity: int, count: int) -> None:
        """Room for ``capacity`` turns, keeping the first ``count``."""
        asks = np.full(capacity, QUESTION_UNKNOWN, dtype=np.uint8)
        roles = np.zeros(capacity, dtype=np.uint8)
        speakers = np.full(capacity, -1, dtype=np.int32)
        asks[:count], roles[:count] = self._asks[:count], self._roles[:count]
        speakers[:count] = self._speakers[:count]
        self._asks, self._roles, self._speakers = asks, roles, speakers

    def append(self, turn_id: int, asks: bool, role: str, speaker: str | None) -> None:
        """A live turn's entries (its role and speaker coded now if every earlier one is)."""
        self._asks[turn_id] = asks
        if self._coded == turn_id:
            self._roles[turn_id] = _ROLE_CODES[role]
            self._speakers[turn_id] = self._speaker_code(speaker)
            self._coded = turn_id + 1

    def asks(self, turn_id: int) -> int:
        """Turn ``turn_id``'s question flag: 1, 0 or ``QUESTION_UNKNOWN``."""
        return int(self._asks[turn_id])

    def set_asks(self, turn_id: int, asks: bool) -> None:
        self._asks[turn_id] = asks

    def columns(
        self, roles: Sequence[str], speakers: Sequence[str | None]
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
        """``(asks, roles, speakers)`` of the log's ``len(roles)`` turns (views: valid until
        the next append), after coding the roles and speakers not coded yet."""
        count = len(roles)
        if self._coded < count:
            start, coded = self._coded, count - self._coded
            # C-level maps (a 50k-turn restore codes its roles on the first turn).
            codes = map(_ROLE_CODES.__getitem__, roles[start:count])
            self._roles[start:count] = np.fromiter(codes, dtype=np.uint8, count=coded)
            named = speakers[start:count]
            if named.count(None) != coded:  # else the column's -1 stands
                self._speakers[start:count] = list(map(self._speaker_code, named))
            self._coded = count
        return self._asks[:count], self._roles[:count], self._speakers[:count]

    def _speaker_code(self, speaker: str | None) -> int:
        if speaker is None:
            return -1
        return self._speaker_codes.setdefault(speaker.casefold(), len(self._speaker_codes))
