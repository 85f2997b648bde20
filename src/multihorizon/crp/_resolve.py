"""``resolve_reference`` over a caller's list of strings (SPEC-028 §4.2).

crprotocol's ``resolve_reference(reference, turn_history)`` gets the history as plain strings.
A history that is the context's own latest turns is resolved in its session (roles, threads,
enumerations are known). Any other is logged once into a private session, read as
alternating user / assistant turns (the first by the user), and kept: a history that grows by
appending is extended, not rebuilt.
"""

from __future__ import annotations

from ..dialogue.references import Reference
from ..session import Session
from ..text.tokens import content_terms

__all__ = ["HistoryResolver"]

_BLANK = "(empty turn)"  # stands in for a blank history string, keeping every index


class HistoryResolver:
    def __init__(self, own: Session) -> None:
        self._own = own
        self._history: list[str] = []
        self._session: Session | None = None

    def resolve(self, reference: str, history: list[str]) -> int | None:
        """The index in ``history`` of the turn ``reference`` points to, or None."""
        contents = self._own.turns.contents
        offset = len(contents) - len(history)
        if offset >= 0 and contents[offset:] == history:
            session = self._own
        else:
            session, offset = self._foreign(history), 0
        target = _target(session, reference)
        return None if target is None or target < offset else target - offset

    def _foreign(self, history: list[str]) -> Session:
        known = self._history
        if self._session is None or history[: len(known)] != known:
            self._session = Session(embedder=self._own.embedder, config=self._own.config)
            known = self._history = []
        for index in range(len(known), len(history)):
            text = history[index] if history[index].strip() else _BLANK
            if index % 2 == 0:
                self._session.user(text)
            else:
                self._session.assistant(text)
            known.append(history[index])
        return self._session


def _target(session: Session, reference: str) -> int | None:
    """The session turn a reference resolves to: the first resolved referential expression
    (entity, turn, ordinal, action, speaker; §4.2), else the latest turn mentioning most of
    its content words, else - for a phrase with none ("it", "that") - the latest turn."""
    _, found = session.analyse(reference)
    for ref in found:
        if _points_to_a_turn(ref):
            return ref.target_turn
    terms = content_terms(reference)
    if not terms:
        return len(session) - 1 if len(session) else None
    counts: dict[int, int] = {}
    log = session.turns
    for term in terms:
        for turn_id in log.turns_mentioning(term):
            counts[turn_id] = counts.get(turn_id, 0) + 1
    if not counts:
        return None
    return max(counts, key=lambda turn_id: (counts[turn_id], turn_id))


def _points_to_a_turn(ref: Reference) -> bool:
    return ref.type != "tool" and ref.target_turn is not None
